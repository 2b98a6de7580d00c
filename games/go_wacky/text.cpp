// Go Wacky! text forms, standings, hidden information and checks.
#include <algorithm>

#include <fmt/format.h>

#include "core/rng.h"
#include "games/go_wacky/game.h"
#include "games/go_wacky/state.h"

namespace rt::go_wacky {

// --- text forms -------------------------------------------------------------

std::string GoWackyState::action_text(PlayerId player, Action a) const {
  const Deck& d = deck();
  if (player == kClock) return "time";
  if (player == kChance) {
    if (a >= kScatterBase) return fmt::format("scatter {:+d}", a - kScatterBase - d.timing.scatter);
    if (a >= kDieBase) return "die " + d.colour_ids[a - kDieBase];
    if (a >= kDrawBase) return "draw " + d.types[a - kDrawBase].id;
    return fmt::format("dealer {}", a - kDealerBase + 1);
  }
  if (a == kPass) return "pass";
  if (a == kRoll) return "roll";
  if (a == kThrow) return "throw";
  if (a >= kTakeBase) return "take " + d.types[a - kTakeBase].id;
  return "play " + d.types[a - kPlayBase].id;
}

std::optional<Action> GoWackyState::parse_action(PlayerId player, std::string_view text) const {
  if (player == kClock) return text == "time" ? std::optional<Action>(0) : std::nullopt;
  return State::parse_action(player, text);
}

Standings GoWackyState::standings() const {
  Standings s;
  const int n = num_players();
  for (PlayerId p = 0; p < n; ++p) {
    int place = 1;
    for (PlayerId q = 0; q < n; ++q)
      if (score_[q] > score_[p]) ++place;
    const int sc = score_[p];
    const std::string cards = fmt::format("{} card{}", sc, sc == 1 ? "" : "s");
    s.placings.push_back(Placing{p, place, sc, cards, cards});
  }
  std::stable_sort(s.placings.begin(), s.placings.end(),
                   [](const Placing& a, const Placing& b) { return a.place < b.place; });
  std::vector<std::string> winners;
  for (const auto& pl : s.placings)
    if (pl.place == 1) winners.push_back(name(pl.player));
  const int top = s.placings.front().score;
  if (winners.size() == 1) {
    s.summary = fmt::format("{} {} with {} card{}.", winners[0], phase_ == Phase::Over ? "wins" : "leads",
                            top, top == 1 ? "" : "s");
  } else {
    std::string list;
    for (std::size_t i = 0; i < winners.size(); ++i)
      list += (i == 0 ? "" : i + 1 == winners.size() ? " and " : ", ") + winners[i];
    s.summary =
        fmt::format("{} {} with {} card{} each.", list,
                    phase_ == Phase::Over ? "share the win" : "share the lead", top, top == 1 ? "" : "s");
  }
  return s;
}

// --- hidden information -----------------------------------------------------

void GoWackyState::determinize(PlayerId viewer, Rng& rng) {
  // Unknown to the viewer: the other hands and the Draw Pile. Pool and redeal.
  std::vector<std::uint8_t> pool;
  for (int t = 0; t < deck().types.size(); ++t)
    for (int k = 0; k < draw_[t]; ++k) pool.push_back(static_cast<std::uint8_t>(t));
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer) continue;
    for (int i = 0; i < hand_len_[p]; ++i) pool.push_back(hands_[p][i]);
  }
  rng.shuffle(std::span<std::uint8_t>(pool));
  std::size_t next = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer) continue;
    for (int i = 0; i < hand_len_[p]; ++i) hands_[p][i] = pool[next++];
  }
  draw_.fill(0);
  for (; next < pool.size(); ++next) ++draw_[pool[next]];
  list_draw_outcomes();
}

// --- checks -----------------------------------------------------------------

std::string GoWackyState::debug_string() const {
  std::string s = fmt::format(
      "phase={} dealer={} current={} deal_to={} refill_for={} owner={} roller={} next={} "
      "first_passer={} passes={} ending={} after_contest={} now={}\n",
      static_cast<int>(phase_), dealer_, current_, deal_to_, refill_for_, contest_owner_, roller_,
      next_after_contest_, first_passer_, passes_, ending_, after_contest_, now());
  s += "draw:";
  for (int t = 0; t < deck().types.size(); ++t) s += fmt::format(" {}", draw_[t]);
  s += fmt::format(" total={}\n", draw_total_);
  for (PlayerId p = 0; p < num_players(); ++p) {
    s += fmt::format("P{} score={} hand:", p + 1, score_[p]);
    for (int i = 0; i < hand_len_[p]; ++i) s += fmt::format(" {}", hands_[p][i]);
    s += fmt::format(" last_roll={} aimed={} landing={}\n", last_roll_[p], aimed_[p], landing_[p]);
  }
  s += "pile:";
  for (int i = 0; i < pile_size_; ++i) s += fmt::format(" {}", pile_[i]);
  s += "\nrow:";
  for (int i = 0; i < row_len_; ++i) s += fmt::format(" {}", row_[i]);
  s += fmt::format(
      "\nrow_to_lay={} centre={} contest={} target={} contest_id={} open={} thrown={}\nwon:", row_to_lay_,
      centre_, static_cast<int>(contest_), target_, contest_id_, contest_open_, thrown_);
  for (int t = 0; t < deck().types.size(); ++t) s += fmt::format(" {}", won_[t]);
  s += "\n";
  return s;
}

std::string GoWackyState::check_invariants() const {
  const Deck& d = deck();
  IndexVector<int, int> seen(d.types.size(), 0);
  int draw_sum = 0;
  for (int t = 0; t < d.types.size(); ++t) {
    seen[t] += draw_[t] + won_[t];
    draw_sum += draw_[t];
  }
  if (draw_sum != draw_total_) return fmt::format("draw pile count {} != {}", draw_total_, draw_sum);
  int scored = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    scored += score_[p];
    if (hand_len_[p] > d.hand_size) return fmt::format("P{} holds too many cards", p + 1);
    for (int i = 0; i < hand_len_[p]; ++i) ++seen[hands_[p][i]];
  }
  int won_sum = 0;
  for (int t = 0; t < d.types.size(); ++t) won_sum += won_[t];
  if (won_sum != scored) return "scoring piles disagree with cards won";
  for (int i = 0; i < pile_size_; ++i) ++seen[pile_[i]];
  for (int i = 0; i < row_len_; ++i) ++seen[row_[i]];
  if (centre_ >= 0) ++seen[centre_];
  for (int t = 0; t < d.types.size(); ++t)
    if (seen[t] != d.types[t].copies)
      return fmt::format("card {} is in {} places, not {}", d.types[t].id, seen[t], d.types[t].copies);
  if (phase_ != Phase::ChooseDealer && phase_ != Phase::Deal && phase_ != Phase::FlipStart && pile_size_ < 1)
    return "the Play Pile is empty";
  return {};
}

}  // namespace rt::go_wacky
