// The order of play (rulebook: End of the Round, the 2-player rule), the end
// of a race (Winning the Game) and the championship's points and next race.
#include <algorithm>

#include <fmt/format.h>

#include "core/deck.h"
#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

bool WackyState::next_turn_now() {
  if (depth_ > 0 && at_top().kind == TaskKind::NextTurn) return step_next_turn(at_top());
  return true;
}

bool WackyState::step_next_turn(Task& t) {
  const int n = num_players();
  if (t.ends_round() == 1) {
    pop();
    ++round_;
    return turn_now(starting_);
  }
  const PlayerId seat = t.who;
  pop();
  if (++turns_done_ < n) return turn_now(left_of(seat, n));
  turns_done_ = 0;
  push(TaskKind::NextTurn).ends_round() = 1;
  std::uint32_t neutrals = 0;
  for (int s = 0; s < kField; ++s)
    if (neutral(s)) neutrals |= 1u << s;
  if (neutrals == 0) return true;
  if (round_ == 1) {
    emit("End of the Round", "End of round 1: the Neutral Racers skip the very first round.")
        .type("round_end")
        .with("round", 1)
        .with("neutrals_move", false);
    return true;
  }
  chooser_ = starting_;
  if (n == 2) push(TaskKind::Dastardly).two_player_rule() = 1;
  for (int k = 0; k < catalog().neutral_reveals; ++k) push(TaskKind::Reveal);
  emit("End of the Round", "End of round {}: all Neutral Racers move 1 space, leader first.", round_)
      .type("round_end")
      .with("round", round_)
      .with("neutrals_move", true);
  Task& g = push(TaskKind::GroupMove);
  g.mask = neutrals;
  g.spaces() = 1;
  g.who = starting_;
  return true;
}

void WackyState::race_won(int slot) {
  winner_ = static_cast<std::int8_t>(slot);
  depth_ = 0;
  emit("Winning the Game", "{} reaches the Finish Line first and wins the race!", rname(slot))
      .type("race_won")
      .with("racer", rname(slot));
  push(TaskKind::RaceEnd);
}

bool WackyState::step_race_end(Task&) {
  pop();
  const Catalog& c = catalog();
  // Race order: the winner, then by position; racers on one tile share a place.
  IndexArray<int, kField> place{};
  for (int s = 0; s < kField; ++s) {
    int pl = 1;
    for (int o = 0; o < kField; ++o) {
      if (o == s) continue;
      if (o == winner_ || (s != winner_ && pos(o) > pos(s))) ++pl;
    }
    place[s] = pl;
  }
  if (narrating()) {
    std::string order;
    for (int pl = 1; pl <= kField; ++pl)
      for (int s = 0; s < kField; ++s)
        if (place[s] == pl) order += fmt::format("{}{}. {}", order.empty() ? "" : ", ", pl, racer_name(s));
    emit("Winning the Game", "Race {} result: {}.", race_, order)
        .type("race_result")
        .with("race", race_)
        .with("order", order);
  }
  if (game_->championship()) {
    for (int s = 0; s < kField; ++s) {
      const int pl = place[s];
      const int pts = pl <= c.points.size() ? c.points[pl - 1] : 0;
      points_[s] = static_cast<std::int16_t>(points_[s] + pts);
      if (pl == 1) ++wins_[s];
      if (pl == 2) ++seconds_[s];
      if (pts > 0)
        emit("Championship", "{} scores {} point{} ({} in all).", rname(s), pts, pts == 1 ? "" : "s",
             points_[s])
            .type("points")
            .with("racer", rname(s))
            .with("points", pts)
            .with("total", points_[s]);
    }
  }
  if (race_ < races_) {
    ++race_;
    starting_ = static_cast<PlayerId>((race_ - 1) % num_players());
    reset_race();
    emit("Championship", "On to race {} of {}: a fresh course; {} is the Starting Player.", race_, races_,
         game_->seat_name(starting_))
        .type("next_race")
        .with("race", race_)
        .seat("starting_player", starting_);
    push(TaskKind::Setup);
    return true;
  }
  over_ = true;
  if (narrating()) emit("Winning the Game", "{}", standings().summary).type("game_over");
  return true;
}
}  // namespace rt::wacky_races
