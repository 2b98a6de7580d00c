// Text forms: action texts, names, standings.
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

// --- names -------------------------------------------------------------------

int WackyState::trap_deck_total() const {
  // Twelve byte counters summed as three words (no count reaches 64).
  static_assert(kMaxTrapKinds == 12);
  std::uint32_t w[3];
  std::memcpy(w, trap_deck_.data(), sizeof w);
  std::uint32_t sum = w[0] + w[1] + w[2];  // four byte lanes, none overflows
  sum += sum >> 16;
  sum += sum >> 8;
  return static_cast<int>(sum & 0xFF);
}

int WackyState::slot_of_team(int team) const {
  for (int s = 0; s < kField; ++s)
    if (team_[s] == team) return s;
  return -1;
}

std::string WackyState::kind_name(int p) const {
  const Catalog& c = catalog();
  const int k = tile(p);
  if (k >= 0 && k < kTerrains) return c.terrains[k].name;
  if (k == kWild) return "wild";
  if (k == kGas) return "Gas Station";
  if (k == kFinish) return "Finish Line";
  if (k >= kSpecialBase) return c.specials[k - kSpecialBase].name;
  return "?";
}

std::string WackyState::tile_name(int p) const {
  if (p < 0) return "the 00 spot";
  if (is_start(p)) return fmt::format("start space {} ({})", p + 1, kind_name(p));
  if (p == catalog().finish_pos) return fmt::format("the Finish Line (tile {})", tile_number(p));
  return fmt::format("tile {} ({})", tile_number(p), kind_name(p));
}

std::string WackyState::racer_name(int slot) const {
  const int t = team_of(slot);
  const std::string team = t >= 0 ? catalog().teams[t].name : std::string("?");
  if (neutral(slot)) return team + " (Neutral)";
  return fmt::format("{} ({})", team, game_->seat_name(owner(slot)));
}

const std::string& WackyState::power_name(PlayerId seat, int power) const {
  return catalog().teams[team_of(slot_of(seat))].powers[power].name;
}

// --- action texts ------------------------------------------------------------

std::string WackyState::action_text(PlayerId player, Action a) const {
  const Catalog& c = catalog();
  const auto terr = [&](int k) { return c.terrains[k].id; };
  if (player == kChance) {
    if (a >= kPick) return "pick " + terr(a - kPick);
    if (a >= kLay) {
      const int k = a - kLay;
      return "lay " + (k < kTerrains ? terr(k) : c.specials[k - kTerrains].id);
    }
    if (a >= kSpecial) return "special " + c.specials[a - kSpecial].id;
    if (a >= kPlace) {
      const int t = team_of(a - kPlace);
      return "place " + (t >= 0 ? c.teams[t].id : std::string("?"));
    }
    if (a >= kNeutral) return "neutral " + c.teams[a - kNeutral].id;
    if (a >= kTeam) return "team " + c.teams[a - kTeam].id;
    if (a >= kTrapDraw) return "trap " + c.traps[a - kTrapDraw].id;
    return "draw " + terr(a - kDraw);
  }
  if (player < 0) return "time";
  const auto power_id = [&](int i) { return c.teams[team_of(slot_of(player))].powers[i].id; };
  if (a >= kPowerPick) {
    const bool un = top() && top()->purpose == Purpose::Unexhaust;
    return (un ? "unexhaust " : "exhaust ") + power_id(a - kPowerPick);
  }
  if (a == kNoSwap) return "no-swap";
  if (a == kDone) return "done";
  if (a >= kCard) return "card " + terr(a - kCard);
  if (a >= kTile) return fmt::format("tile {}", tile_number(a - kTile));
  if (a >= kRacer) {
    const int t = team_of(a - kRacer);
    return "racer " + (t >= 0 ? c.teams[t].id : std::string("?"));
  }
  if (a >= kPower) return "power " + power_id(a - kPower);
  if (a == kEnd) return "end";
  if (a >= kThree) {
    const Triple& tr = triples()[a - kThree];
    return fmt::format("three {}+{}+{}", terr(tr.t[0]), terr(tr.t[1]), terr(tr.t[2]));
  }
  if (a >= kPair) return "pair " + terr(a - kPair);
  if (a >= kStay) return "stay " + terr(a - kStay);
  return "play " + terr(a - kPlay);
}

// --- standings --------------------------------------------------------------------

int WackyState::race_rank(int slot) const {
  int r = 1;
  for (int o = 0; o < kField; ++o)
    if (o != slot && (o == winner_ || (slot != winner_ && pos(o) > pos(slot)))) ++r;
  return r;
}

int WackyState::standing_place(PlayerId p) const {
  const int n = num_players();
  int place = 1;
  if (game_->championship()) {
    const auto better = [&](int a, int b) {
      if (points(a) != points(b)) return points(a) > points(b);
      if (wins(a) != wins(b)) return wins(a) > wins(b);
      return seconds(a) > seconds(b);
    };
    for (PlayerId q = 0; q < n; ++q)
      if (better(q, p)) ++place;
  } else {
    const int mine = race_rank(p);
    for (PlayerId q = 0; q < n; ++q)
      if (race_rank(q) < mine) ++place;
    // A Neutral Racer over the line first takes first place: no seat wins.
    if (winner_ >= 0 && neutral(winner_)) ++place;
  }
  return place;
}

void WackyState::winners(std::vector<PlayerId>& out) const {
  out.clear();
  if (!game_->championship() && winner_ >= 0) {  // a race won: its racer's seat, or none for a Neutral
    if (!neutral(winner_)) out.push_back(owner(winner_));
    return;
  }
  for (PlayerId p = 0; p < num_players(); ++p)
    if (standing_place(p) == 1) out.push_back(p);
}

Standings WackyState::standings() const {
  const Catalog& c = catalog();
  const int n = num_players();
  Standings st;
  const auto team_name = [&](int slot) {
    const int t = team_of(slot);
    return t >= 0 ? c.teams[t].name : std::string("?");
  };
  const auto rank = [&](int s) { return race_rank(s); };
  if (game_->championship()) {
    for (PlayerId p = 0; p < n; ++p) {
      const int place = standing_place(p);
      st.placings.push_back(
          Placing{p, place, points(p),
                  fmt::format("{} points, {} win{}, {} second{} ({})", points(p), wins(p),
                              wins(p) == 1 ? "" : "s", seconds(p), seconds(p) == 1 ? "" : "s", team_name(p)),
                  fmt::format("{} point{}", points(p), points(p) == 1 ? "" : "s")});
    }
  } else {
    for (PlayerId p = 0; p < n; ++p) {
      const int place = standing_place(p);
      std::string detail;
      if (p == winner_)
        detail = team_name(p) + ", crossed the Finish Line first";
      else if (pos(p) < 0)
        detail = team_name(p) + ", not on the track yet";
      else
        detail = fmt::format("{}, {} of {} racers, on {}", team_name(p), kOrdinal[rank(p) - 1], kField,
                             tile_name(pos(p)));
      const int tile = std::max(0, tile_number(pos(p)));
      st.placings.push_back(Placing{p, place, tile, detail,
                                    p == winner_ ? "finished"
                                    : tile > 0   ? fmt::format("tile {}", tile)
                                                 : "start"});
    }
  }
  std::stable_sort(st.placings.begin(), st.placings.end(),
                   [](const Placing& a, const Placing& b) { return a.place < b.place; });
  std::string leaders;
  int lead_count = 0;
  for (const auto& pl : st.placings)
    if (pl.place == 1) {
      leaders += (leaders.empty() ? "" : " and ") +
                 fmt::format("{} ({})", game_->seat_name(pl.player), team_name(pl.player));
      ++lead_count;
    }
  const bool done = over_;
  if (game_->championship()) {
    const int best = points(st.placings.front().player);
    st.summary = fmt::format(
        "{} {} the Championship with {} points{}.", leaders,
        done ? (lead_count > 1 ? "share" : "wins") : (lead_count > 1 ? "share the lead in" : "leads"), best,
        done ? "" : fmt::format(" after {} race{}", race_ - 1, race_ - 1 == 1 ? "" : "s"));
    for (int s = n; s < kField; ++s)
      if (points(s) > best) {
        st.summary +=
            fmt::format(" {} scored more, but a Neutral Racer cannot win the Championship.", team_name(s));
        break;
      }
  } else if (winner_ >= 0 && neutral(winner_)) {
    st.non_seat_winner = team_name(winner_) + " (Neutral Racer)";
    std::string best;
    for (const auto& pl : st.placings)
      if (pl.place == 2)
        best += (best.empty() ? "" : " and ") +
                fmt::format("{} ({})", game_->seat_name(pl.player), team_name(pl.player));
    st.summary = fmt::format(
        "{}, a Neutral Racer, crossed the Finish Line first: no player wins. Best "
        "player{}: {}.",
        team_name(winner_), best.find(" and ") != std::string::npos ? "s" : "", best);
  } else if (winner_ >= 0) {
    st.summary = fmt::format("{} wins the race!", leaders);
  } else {
    st.summary = fmt::format("{} {} the race.", leaders, lead_count > 1 ? "share the lead in" : "leads");
  }
  return st;
}

}  // namespace rt::wacky_races

fmt::format_context::iterator fmt::formatter<rt::wacky_races::RacerName>::format(
    const rt::wacky_races::RacerName& n, fmt::format_context& ctx) const {
  return fmt::formatter<std::string_view>::format(n.s->racer_name(n.slot), ctx);
}
fmt::format_context::iterator fmt::formatter<rt::wacky_races::TileName>::format(
    const rt::wacky_races::TileName& n, fmt::format_context& ctx) const {
  return fmt::formatter<std::string_view>::format(n.s->tile_name(n.pos), ctx);
}
fmt::format_context::iterator fmt::formatter<rt::wacky_races::KindName>::format(
    const rt::wacky_races::KindName& n, fmt::format_context& ctx) const {
  return fmt::formatter<std::string_view>::format(n.s->kind_name(n.pos), ctx);
}
fmt::format_context::iterator fmt::formatter<rt::wacky_races::PowerWords>::format(
    const rt::wacky_races::PowerWords& n, fmt::format_context& ctx) const {
  return fmt::formatter<std::string_view>::format(rt::wacky_races::describe(*n.c, *n.p), ctx);
}
