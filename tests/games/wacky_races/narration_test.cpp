// What Wacky Races says, and in what order: the end of a round is nobody's
// turn, an order that cannot matter is not asked, a Trap's effect before
// "the turn ends", and each card drawn said once to each person.
#include <map>
#include <set>

#include "core/canvas.h"
#include "core/table.h"
#include "games/registry.h"
#include "games/wacky_races/presenter.h"
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

namespace {
std::string header(const State& s) {
  Canvas c(80, 24, false);
  ViewContext ctx;
  ctx.viewer = 0;
  WackyPresenter().view(s, c, ctx);
  const std::string text = c.to_text();
  return text.substr(0, text.find('\n'));
}

const EventField* field(const Event& e, const std::string& name) {
  for (const EventField& f : e.fields)
    if (f.name == name) return &f;
  return nullptr;
}
}  // namespace

TEST_CASE("Narration: between a round's last turn and the next round the header names nobody's turn",
          "[wacky-races][narration]") {
  int between = 0;
  for (int players : {2, 3, 4}) {
    for (std::uint64_t seed : {1, 2, 3}) {
      auto game = test::make_game(wacky_races::entry(), players);
      Table t(game,
              std::vector<Seat>(static_cast<std::size_t>(players), Seat{"P", SeatKind::Bot, BotLevel::Easy}),
              seed);
      EventSink events;
      t.set_event_sink(&events);
      bool round_end = false;
      for (int step = 0; step < 5000 && !t.over(); ++step) {
        for (const Event& e : events) {
          if (e.type == "round_end" && std::get<bool>(field(e, "neutrals_move")->value)) round_end = true;
          if (e.type == "turn") round_end = false;
        }
        events.clear();
        const std::string head = header(t.state());
        CAPTURE(players, seed, step, head);
        if (round_end) {
          CHECK(head.find("'s turn") == std::string::npos);
          CHECK(head.find("end of the round") != std::string::npos);
          ++between;
        } else if (head.find("end of the round") != std::string::npos) {
          FAIL("'end of the round' during a turn");
        }
        t.advance_one();
      }
    }
  }
  CHECK(between > 0);
}

// Rulebook, End of the Round: "In case of a tie, the Starting player can choose which Neutral Racer moves
// first." When both land on the same plain tile with room for both, the order changes nothing: not asked.
TEST_CASE("Neutral Racers: a tie whose order cannot matter is not asked", "[wacky-races][rules][neutral]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 8);
  put(fx, "rufus-ruffcut", 1);
  put(fx, "ant-hill-mob", 1);
  put(fx, "red-max", 5);
  put(fx, "slag-brothers", 5);
  put(fx, "penelope-pitstop", 11);
  last_turn_of_round(fx, 2);
  // Both moved together onto tile 6 (two spaces, both free); nobody was asked.
  CHECK(where(fx, "red-max") == 6);
  CHECK(where(fx, "slag-brothers") == 6);
  CHECK_FALSE(fx.s().top()->kind == TaskKind::ChooseRacer);
  CHECK_FALSE(fx.said("choose which one moves first"));
  ok(fx);
}

// Rulebook, Setting Off Traps: "the Trap card is flipped faceup and that car suffers the consequences
// immediately"; an uncancelled Trap also ends the turn. The log says the Trap's effect, then the turn's end.
TEST_CASE("Narration: a Trap's effect is said before 'cannot cancel it: the turn ends'",
          "[wacky-races][narration][traps]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  fx.s().put_trap(tile(fx, 2), trap_id(fx, "broken-bridge"));
  hand(fx, 0, "FFF");
  act(fx, 0, "play forest");
  const std::string log = fx.log();
  INFO(log);
  const auto effect = log.find("can only play 1 Movement card on their following turn");
  const auto ends = log.find("cannot cancel it: the turn ends");
  REQUIRE(effect != std::string::npos);
  REQUIRE(ends != std::string::npos);
  CHECK(log.find("sets off the Trap") < effect);
  CHECK(effect < ends);
}

// Each card drawn is said once to each person: the drawer hears the card, the others the count.
TEST_CASE("Narration: a draw is said once to each seat (the card to its owner, the count to the others)",
          "[wacky-races][narration]") {
  int own = 0, counts = 0;
  for (int players : {2, 3, 5}) {
    auto game = test::make_game(wacky_races::entry(), players);
    Table t(game,
            std::vector<Seat>(static_cast<std::size_t>(players), Seat{"P", SeatKind::Bot, BotLevel::Easy}),
            4);
    EventSink events;
    t.set_event_sink(&events);
    for (int step = 0; step < 3000 && !t.over(); ++step) {
      t.advance_one();
      for (const Event& e : events) {
        const EventField* who = field(e, "player");
        if (e.type == "draw") {
          // The card: its owner only.
          CHECK(e.audience == std::get<std::int64_t>(who->value) - 1);
          ++own;
        }
        if (e.type == "draw_unseen" || e.type == "power_draw") {
          // The count: everyone but the owner, who has heard each card.
          const auto owner = static_cast<PlayerId>(std::get<std::int64_t>(who->value) - 1);
          CHECK_FALSE(shown_to(e.audience, owner));
          CHECK(shown_to(e.audience, static_cast<PlayerId>((owner + 1) % players)));
          ++counts;
        }
      }
      events.clear();
    }
  }
  CHECK(own > 0);
  CHECK(counts > 0);
}

// A card changing hands is said once to each person: both players hear the
// card in one line, everyone else that a card moved ("Shakedown takes a random
// card"), and a reader of every seat (`sim`) reads it once.
TEST_CASE(
    "Narration: a card taken is said once to each seat (the card to both players, the fact to the rest)",
    "[wacky-races][narration][powers]") {
  Fixture fx = shakedown_on_pat();  // Pat is the only target
  fx.clear_log();
  chance(fx, "pick prairie");
  std::map<PlayerId, int> told;  // lines about the card each seat is told
  for (const Event& e : fx.events)
    if (e.type == "take" || e.type == "take_unseen")
      for (PlayerId viewer : {PlayerId{0}, PlayerId{1}, PlayerId{2}, kPublic, kEveryone})
        if (shown_to(e.audience, viewer)) {
          ++told[viewer];
          const bool names_card = e.text.find("Prairie") != std::string::npos;
          // The taker, the one it was taken from, and an all-seeing reader.
          CHECK(names_card == (viewer == 0 || viewer == 1 || viewer == kEveryone));
        }
  CHECK(told[kEveryone] == 1);
  CHECK(told[0] == 1);
  CHECK(told[1] == 1);
  CHECK(told[2] == 1);
  CHECK(told[kPublic] == 1);
}
