// Taking back a move (core/undo.h), in every game: a decision that is the
// last step may go back and the position is exactly the one before it; once
// a card is drawn or a die rolled after it, it may not. Every undo that is
// allowed rewinds to the same position a replay of the shorter history gives,
// and the save written after it loads to that position (history = save =
// replay).
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/save.h"
#include "core/table.h"
#include "core/timed_contests.h"
#include "core/undo.h"
#include "games/registry.h"
#include "games/setup.h"

using namespace rt;

namespace {

struct UndoTally {
  int right_after = 0;        // undone at once, position restored
  int later_ok = 0;           // allowed after further steps (computers, forced chance)
  int drawn_since = 0;        // refused: a card or a die since
  int hidden = 0;             // refused: something hidden showed
  int refused = 0;            // refused, for any reason (a contest ran, ...)
  std::string first_refusal;  // of a move right after it was made
};

// Undoes the last decision of seat 0 and checks the position is `before`,
// and that the save of the rewound table loads to it.
void undo_and_check(Table& table, const std::string& before) {
  const UndoCheck check = check_undo(table, 0);
  REQUIRE(check.ok());
  table.rewind(check.keep);
  CHECK(table.state().debug_string() == before);
  const auto loaded = load_save(save_text(table), "undo", builtin_registry(), DataSource::embedded());
  CHECK(loaded->state().debug_string() == before);
  CHECK(loaded->history() == table.history());
}

UndoTally play_with_undos(const std::string& game, std::uint64_t seed) {
  setup::TableRequest req;
  req.game = game;
  req.seed_text = std::to_string(seed);
  req.seats = {"human", "normal", "normal"};
  auto table = setup::make_table(req, 1);
  std::unique_ptr<Agent> me = make_agent(table->game(), BotLevel::Normal);
  Rng rng(seed);
  UndoTally tally;
  std::vector<PlayerId> humans;
  for (int guard = 0; guard < 5000 && !table->over(); ++guard) {
    table->advance();
    if (table->over()) break;
    table->humans_to_act(humans);
    if (humans.empty()) continue;
    const State& st = table->state();
    if (timed(st)) {
      // A contest: a computer takes the seat for it (nothing here is undone).
      table->set_seat_kind(0, SeatKind::Bot);
      while (timed(table->state()) && table->advance_one()) {
      }
      table->set_seat_kind(0, SeatKind::Human);
      continue;
    }
    // After the computers and chance that followed the last decision:
    // allowed only when nothing was drawn or rolled.
    // (A few times a game: deciding again may lead back to the same place.)
    const UndoCheck later = check_undo(*table, 0);
    if (later.ok() && tally.later_ok < 10) {
      ++tally.later_ok;
      const std::size_t keep = later.keep;
      auto replayed = table->game().new_initial_state();
      for (std::size_t i = 0; i < keep; ++i) {
        const Step& s = table->history()[i];
        replayed->apply(s.player, s.action, s.tick);
      }
      undo_and_check(*table, replayed->debug_string());
      continue;  // decide again from the position taken back to
    }
    if (!later.ok()) ++tally.refused;
    if (later.why_not.find("drawn") != std::string::npos) {
      ++tally.drawn_since;
    } else if (later.why_not.find("hidden") != std::string::npos) {
      ++tally.hidden;
    }
    const std::string before = table->state().debug_string();
    const Decision d = me->decide(table->state(), 0, rng);
    table->submit(0, d.action, table->state().now());
    // At once, before anything else moves: back to the same position.
    if (const UndoCheck now = check_undo(*table, 0); !now.ok()) {
      tally.first_refusal = tally.first_refusal.empty() ? now.why_not : tally.first_refusal;
    } else {
      ++tally.right_after;
      undo_and_check(*table, before);
      table->submit(0, d.action, table->state().now());
    }
  }
  return tally;
}

}  // namespace

TEST_CASE("Undo: in every game a move is taken back to the very position before it, never past a draw",
          "[undo][games]") {
  for (const auto& entry : builtin_registry().all()) {
    const std::string id = entry.info.id;
    UndoTally total;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const UndoTally t = play_with_undos(id, seed);
      total.right_after += t.right_after;
      total.later_ok += t.later_ok;
      total.drawn_since += t.drawn_since;
      total.hidden += t.hidden;
      total.refused += t.refused;
      if (total.first_refusal.empty()) total.first_refusal = t.first_refusal;
    }
    INFO(id << ": right after " << total.right_after << ", later " << total.later_ok << ", drawn since "
            << total.drawn_since << ", hidden " << total.hidden
            << "; right after, refused: " << total.first_refusal);
    if (id == "racesmack") {
      // Against computers a person's only untimed move is the pick, and the
      // computers have picked already: the last pick reveals every card at
      // once, so it is never taken back (the contests after it are timed).
      CHECK(total.first_refusal == "It showed you something hidden: no undo.");
    } else {
      CHECK(total.right_after > 0);
    }
    CHECK(total.refused > 0);
    WARN(id << ": undone right after " << total.right_after << ", after more steps " << total.later_ok
            << "; refused: drawn since " << total.drawn_since << ", hidden " << total.hidden);
  }
}
