// Rulebook, "2. Racing" (turn order, the slowest player's penalty, the
// end-of-turn abilities and Shields) and "3. End of Round" (the winner,
// Energy Shields for the cars behind, a new round).
#include <algorithm>

#include <fmt/format.h>

#include "games/rc_racer/game.h"
#include "games/rc_racer/narration.h"
#include "games/rc_racer/state.h"

namespace rt::rc_racer {
namespace {

// Sorts a handful of seats (std::sort trips GCC's array-bounds warning here).
template <class Less>
void sort_seats(PlayerId* first, int count, Less less) {
  for (int i = 1; i < count; ++i)
    for (int j = i; j > 0 && less(first[j], first[j - 1]); --j) std::swap(first[j], first[j - 1]);
}

}  // namespace

void RcRacerState::run_turn_commands(PlayerId p) {
  StateNarrator sn(*this);
  Narrator* nr = narrating() ? &sn : nullptr;
  turn_ = TurnCtx{};
  for (int step = 0; step < kProgram; ++step) {
    const TileKind* k = program_step(p, step);
    if (!k) {
      emit("2. Racing: the gap", "{}: step {} is the gap — nothing happens.", name(p), step + 1)
          .type("gap")
          .seat("player", p)
          .with("step", step + 1);
      if (nr) add_frame(p, fmt::format("{}: command {} of {}, the gap", name(p), step + 1, kProgram));
      continue;
    }
    race_.run_command(p, *k, turn_, nr);
    if (nr) add_frame(p, fmt::format("{}: command {} of {}, {}", name(p), step + 1, kProgram, k->name));
  }
  turn_.mod = 0;
}

void RcRacerState::add_frame(PlayerId p, std::string caption) {
  RaceFrame f;
  f.cars = race_.cars;
  f.player = p;
  f.round = round_;
  f.caption = std::move(caption);
  frames_.push_back(std::move(f));
  set_pictures(frames_.size());
}

void RcRacerState::continue_race() {
  const Data& d = data();
  StateNarrator sn(*this);
  Narrator* nr = narrating() ? &sn : nullptr;
  while (turn_idx_ < racing_count_) {
    const PlayerId p = order_[turn_idx_];
    active_ = p;
    const Car& c = car(p);
    switch (stage_) {
      case Stage::Start:
        emit("2. Racing", "{}'s turn (Smile {}, {}).", name(p), d.smile_name(smile(p), racing_count_),
             d.racecars[c.racer].name)
            .type("turn")
            .seat("player", p)
            .with("smile", [&] { return d.smile_name(smile(p), racing_count_); });
        if (smile(p) == racing_count_ - 1) {
          emit("1. Programming: the slowest", "{} was the slowest to program: flips 1 Battery facedown.",
               name(p))
              .type("slowest")
              .seat("player", p);
          race_.lose_battery(p, nr);
        }
        run_turn_commands(p);
        if (c.ability == Ability::MissilesBothWays && !c.down) {
          emit("Racecar: M1 Furry", "{} automatically shoots a missile at the end of its turn.", name(p))
              .type("auto_missile")
              .seat("player", p);
          race_.fire_missile(p, nr);
          if (nr) add_frame(p, fmt::format("{}: the automatic missile", name(p)));
        }
        stage_ = Stage::Bird;
        break;
      case Stage::Bird:
        if (c.ability == Ability::FlySideways && !c.down && race_.fly_spots(p)) {
          phase_ = Phase::BirdFly;
          return;
        }
        stage_ = Stage::Shields;
        break;
      case Stage::Shields:
        if (c.shields > 0 && !c.down) {
          phase_ = Phase::Shield;
          return;
        }
        stage_ = Stage::End;
        break;
      case Stage::End:
        race_.end_turn(p, nr);
        turn_ = TurnCtx{};
        ++turn_idx_;
        stage_ = Stage::Start;
        break;
    }
  }
  active_ = -1;
  end_round();
}

void RcRacerState::end_round() {
  const Data& d = data();
  // Who crossed the line: furthest past it first, ties by the happier Smile.
  IndexArray<PlayerId, kMaxPlayers> crossed{};
  int k = 0;
  for (PlayerId p = 0; p < num_players(); ++p)
    if (racing(p) && race_.crossed(p)) crossed[k++] = p;
  sort_seats(crossed.data(), k, [&](PlayerId a, PlayerId b) {
    if (car(a).row != car(b).row) return car(a).row > car(b).row;
    return smile(a) < smile(b);
  });
  if (k > 0) {
    for (int i = 0; i < k; ++i) {
      const PlayerId p = crossed[i];
      finish_place_[p] = static_cast<std::int8_t>(++finished_);
      if (finished_ == 1) {
        if (k == 1)
          emit("3. End of Round", "{} has crossed the Finish Line: {} wins the race!", name(p), name(p))
              .type("winner")
              .seat("player", p);
        else if (narrating())
          emit("3. End of Round",
               "{} cars crossed the Finish Line this round: {} got furthest past it{} and wins!", k, name(p),
               car(crossed[1]).row == car(p).row
                   ? fmt::format(" (level with {}, but with the happier Smile)", name(crossed[1]))
                   : std::string())
              .type("winner")
              .seat("player", p);
        if (!game_->play_on()) break;
      } else {
        emit("3. End of Round", "{} crosses the Finish Line in place {}.", name(p), finished_)
            .type("finished")
            .seat("player", p)
            .with("place", finished_);
      }
    }
    if (!game_->play_on()) {
      finish_game();
      return;
    }
    racing_count_ = static_cast<std::int8_t>(racing_count_ - k);
    if (racing_count_ < 2) {
      finish_game();
      return;
    }
    emit("3. End of Round", "The others race on for their places.").type("race_on");
  }
  if (round_ >= d.max_rounds) {
    called_ = true;
    emit("3. End of Round", "The race is called after {} rounds: the cars are ranked by how far they got.",
         round_)
        .type("race_called")
        .with("rounds", round_);
    finish_game();
    return;
  }
  // Energy Shields: one per car ahead, the cars furthest behind first.
  IndexArray<PlayerId, kMaxPlayers> behind{};
  int m = 0;
  for (PlayerId p = 0; p < num_players(); ++p)
    if (racing(p)) behind[m++] = p;
  PerPlayer<int, kMaxPlayers> ahead_of{};  // counted once: no car moves while Shields are handed out
  for (PlayerId p = 0; p < num_players(); ++p) ahead_of[p] = race_.cars_ahead(p);
  sort_seats(behind.data(), m, [&](PlayerId a, PlayerId b) { return ahead_of[a] > ahead_of[b]; });
  for (int i = 0; i < m; ++i) {
    const PlayerId p = behind[i];
    const int ahead = ahead_of[p];
    const int gain = std::min<int>(ahead, race_.shield_supply);
    if (ahead == 0) continue;
    race_.cars[p].shields = static_cast<std::int8_t>(car(p).shields + gain);
    race_.shield_supply = static_cast<std::int8_t>(race_.shield_supply - gain);
    emit("Energy Shields", "{} has {} Racecar{} ahead and gains {} Energy Shield{}{}.", name(p), ahead,
         ahead == 1 ? "" : "s", gain, gain == 1 ? "" : "s", gain < ahead ? " (the supply ran out)" : "")
        .type("shields_gained")
        .seat("player", p)
        .with("shields", gain);
  }
  emit("3. End of Round", "No car has crossed the Finish Line: the Smile tokens go back to the pile.")
      .type("round_end");
  begin_round();
}

void RcRacerState::finish_game() {
  phase_ = Phase::Over;
  active_ = -1;
  if (narrating()) emit("3. End of Round", "{}", standings().summary).type("game_over");
}

int RcRacerState::place_of(PlayerId p, const PerPlayer<Car, kMaxPlayers>& cars) const {
  auto better = [&](PlayerId a, PlayerId b) {
    const int fa = finish_place_[a];
    const int fb = finish_place_[b];
    if ((fa > 0) != (fb > 0)) return fa > 0;
    if (fa > 0) return fa < fb;
    if (cars[a].row != cars[b].row) return cars[a].row > cars[b].row;
    const int sa = smile(a) < 0 ? kMaxPlayers : smile(a);
    const int sb = smile(b) < 0 ? kMaxPlayers : smile(b);
    if (sa != sb) return sa < sb;
    return a < b;
  };
  int place = 1;
  for (PlayerId q = 0; q < num_players(); ++q)
    if (q != p && better(q, p)) ++place;
  return place;
}

void RcRacerState::winners(std::vector<PlayerId>& out) const {
  out.clear();  // standings() places by place_of(), ties in seat order
  for (PlayerId p = 0; p < num_players(); ++p)
    if (place_of(p) == 1) out.push_back(p);
}

Standings RcRacerState::standings() const {
  Standings s;
  const Track& t = track();
  for (PlayerId p = 0; p < num_players(); ++p) {
    const Car& c = car(p);
    std::string detail;
    if (!c.placed())
      detail = "not on the track yet";
    else if (c.row >= t.line_row)
      detail = fmt::format("{} column{} past the finish line{}", c.row - t.line_row + 1,
                           c.row - t.line_row ? "s" : "", finish_place_[p] == 1 ? ", first across" : "");
    else
      detail = fmt::format("column {} of {}, {} to the line{}", c.row + 1, t.rows, t.line_row - c.row,
                           c.down ? ", lying down" : "");
    const std::string brief = !c.placed()           ? std::string("not placed")
                              : c.row >= t.line_row ? std::string("past the line")
                                                    : fmt::format("column {}", c.row + 1);
    s.placings.push_back(Placing{p, place_of(p), c.row + 1, detail, brief});
  }
  std::sort(s.placings.begin(), s.placings.end(),
            [](const Placing& a, const Placing& b) { return a.place < b.place; });
  const PlayerId lead = s.placings.front().player;
  if (phase_ != Phase::Over) {
    s.summary = car(lead).placed() ? fmt::format("{} leads at column {}.", name(lead), car(lead).row + 1)
                                   : std::string("The race has not started.");
  } else if (called_ && finished_ == 0) {
    s.summary = fmt::format("{} wins: furthest up the track when the race was called after {} rounds.",
                            name(lead), round_);
  } else {
    s.summary = fmt::format("{} wins the race, first across the Finish Line.", name(lead));
  }
  return s;
}

}  // namespace rt::rc_racer
