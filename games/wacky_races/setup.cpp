// Setting up a race (rulebook: Choosing Your Racers, Neutral Racers, Racers
// Take Their Positions, Setting Up the Course, Common Decks), one chance
// outcome at a time, and the start of the race.
#include <algorithm>

#include <fmt/format.h>

#include "core/deck.h"
#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

void WackyState::reset_race() {
  const Catalog& c = catalog();
  pos_.fill(-1);
  occupied_.fill(0);
  tile_.fill(kUnlaid);
  for (int p = 0; p < c.start_len; ++p) tile_[p] = c.starting_board[p];
  tile_[c.gas_pos] = kGas;
  tile_[c.finish_pos] = kFinish;
  swamp_pos_ = -1;
  trap_.fill(-1);
  peek_.fill(0);
  trap_deck_.fill(0);
  trap_disc_.fill(0);
  trap_box_.fill(0);
  for (int k = 0; k < c.traps.size(); ++k) trap_deck_[k] = static_cast<std::uint8_t>(c.traps[k].copies);
  deck_.fill(static_cast<std::uint8_t>(c.cards_per_terrain));
  disc_.fill(0);
  top_ = -1;
  for (auto& h : hand_) h.fill(0);
  exhausted_.fill(0);
  bridge_.fill(false);
  mud_.fill(false);
  dast_ = -1;
  dast_out_ = false;
  special_ = -1;
  round_ = 1;
  turns_done_ = 0;
  winner_ = -1;
  current_ = starting_;
  chooser_ = starting_;
  cards_played_ = 0;
  card_limit_ = static_cast<std::int8_t>(c.cards_per_turn);
  wild_tile_ = -1;
  hand_plus_ = 0;
  turn_over_ = false;
}

// Set-up runs once per chance outcome it asks for (the chance task it pushes
// waits: false), and every stage only ever completes: the Setup task's `c`
// counts the stages found complete, so each run starts where the last one
// stopped instead of rescanning them.
bool WackyState::step_setup(Task& t) {
  const Catalog& c = catalog();
  const int n = num_players();
  if (t.stage() == 0) {
    for (int p = 0; p < n; ++p) {
      if (team_[p] < 0) {
        push(TaskKind::PickTeam).who = static_cast<std::int8_t>(p);
        return false;
      }
    }
    t.stage() = 1;
  }
  if (t.stage() == 1) {
    for (int s = n; s < kField; ++s) {
      if (team_[s] < 0) {
        push(TaskKind::PickNeutral).racer = static_cast<std::int8_t>(s);
        return false;
      }
    }
    t.stage() = 2;
  }
  if (t.stage() == 2) {
    if (pos_[0] < 0) {
      // "The Starting Player ... place[s] it next to the Starting Board space just
      // in front of Dick Dastardly. Then, moving clockwise ... from rear to front."
      for (int k = 0; k < n; ++k) place_racer((starting_ + k) % n, k);
    }
    for (int k = n; k < kField; ++k) {
      if (racers_at(k) != 0) continue;
      int unplaced = -1;
      int count = 0;
      for (int s = n; s < kField; ++s)
        if (pos(s) < 0) {
          unplaced = s;
          ++count;
        }
      if (count == 1) {
        place_racer(unplaced, k);
        continue;
      }
      push(TaskKind::PlaceNeutral).pos() = static_cast<std::int8_t>(k);
      return false;
    }
    t.stage() = 3;
  }
  if (t.stage() == 3) {
    if (special_ < 0) {
      if ((specials_used_ & ((1u << kSpecials) - 1)) == (1u << kSpecials) - 1) specials_used_ = 0;
      push(TaskKind::PickSpecial);
      return false;
    }
    t.stage() = 4;
  }
  if (t.stage() == 4) {
    for (int p = c.first_begin; p < c.finish_pos; ++p) {
      if (tile(p) == kUnlaid) {
        push(TaskKind::LayTile).pos() = static_cast<std::int8_t>(p);
        return false;
      }
    }
    t.stage() = 5;
  }
  for (int k = 0; k < n; ++k) {
    const PlayerId p = static_cast<PlayerId>((starting_ + k) % n);
    if (hand_total(p) < c.hand_size) return draw_for(t, p);
  }
  pop();
  begin_race();
  return true;
}

void WackyState::begin_race() {
  const Catalog& c = catalog();
  if (narrating()) {
    std::string course;
    for (int p = c.first_begin; p <= c.finish_pos; ++p)
      course += fmt::format("{}{} {}", p == c.first_begin ? "" : ", ", tile_number(p), kind_name(p));
    emit("Setting Up the Course", "Race {} of {}. The course: {}.", race_, races_, course)
        .type("course")
        .with("race", race_)
        .with("races", races_)
        .with("course", course);
    std::string grid;
    for (int p = 0; p < c.start_len; ++p)
      for (int s = 0; s < kField; ++s)
        if (pos(s) == p)
          grid += fmt::format("{}{} ({})", grid.empty() ? "" : ", ", racer_name(s), kind_name(p));
    emit("Racers Take Their Positions", "The Starting Board, rear to front: {}. Dick Dastardly waits on 00.",
         grid)
        .type("grid")
        .with("grid", grid);
  }
  start_turn(starting_);
}
}  // namespace rt::wacky_races
