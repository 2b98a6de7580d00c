// What RC Racer says and draws for a person reading text: the Crayon Speeder
// named where it changes a Battery command, the path preview whole in plain
// text (line mode, transcripts), where a style alone cannot mark it.
#include <catch2/catch.hpp>

#include "core/canvas.h"
#include "core/table.h"
#include "games/rc_racer/presenter.h"
#include "tests/games/rc_racer/fixture.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

// Rulebook, Crayon Speeder: "When a Racecar starts a command on a space containing a Crayon Speeder, resolve
// that command as if it had an INCREASE command before it." The log says where the extra Battery came from.
TEST_CASE("Narration: a Battery command on a Crayon Speeder names the speeder", "[rc-racer][narration]") {
  Bench c({".....", "....."});
  c.race.track.cells[2] = rc_racer::Cell::Speeder;
  c.place(0, 2, 0);
  c.car(0, "bird-racer", 1);
  c.run(0, "battery");  // as Increase + Battery: 2 face up
  INFO(c.said.all());
  CHECK(c.said.heard("A: Battery — flips 2 Batteries face up (3 of 3) (Crayon Speeder +1)."));
  // Off the speeder, nothing extra is named.
  Bench d({".....", "....."});
  d.place(0, 2, 0);
  d.car(0, "bird-racer", 1);
  d.run(0, "battery");
  CHECK(d.said.heard("A: Battery — flips 1 Battery face up (2 of 3)."));
  // A speeder under a Nothing: its Increase is spent, and said so.
  Bench e({".....", "....."});
  e.race.track.cells[2] = rc_racer::Cell::Speeder;
  e.place(0, 2, 0);
  e.car(0);
  e.run(0, "nothing");
  CHECK(e.said.heard("A: Nothing happens! (the Crayon Speeder's Increase is spent on it)"));
}

TEST_CASE("View: in plain text the path preview is a '*' on every space it passes, grass and water too",
          "[rc-racer][view][narration]") {
  auto game = make_game(4);
  std::vector<Seat> seats(4, Seat{"P", SeatKind::Bot, BotLevel::Normal});
  int over_terrain = 0;
  for (std::uint64_t seed : {3, 12, 21}) {
    Table table(game, seats, seed);
    for (int step = 0; step < 3000 && !table.over(); ++step) {
      const auto& s = static_cast<const RcRacerState&>(table.state());
      if (s.phase() == Phase::Programming) {
        ViewContext ctx;
        ctx.viewer = 0;
        Canvas styled(80, 20, false);
        RcRacerPresenter().view(s, styled, ctx);
        ctx.styled = false;
        Canvas plain(80, 20, false);
        RcRacerPresenter().view(s, plain, ctx);
        // In colour a path space off the plain floor keeps its terrain glyph in
        // reverse video; in plain text it must be a '*' instead.
        int marked_by_style = 0, styled_stars = 0, plain_stars = 0;
        for (int y = 3; y < 3 + kLanes; ++y)
          for (int x = 0; x < 80; ++x) {
            const rt::Cell& cs = styled.at(x, y);
            styled_stars += cs.ch == U'*';
            plain_stars += plain.at(x, y).ch == U'*';
            if ((cs.style.attrs & attr::kReverse) && cs.ch != U'@' && cs.ch != U'*' &&
                !(cs.ch >= U'A' && cs.ch <= U'D') && !(cs.ch >= U'a' && cs.ch <= U'd'))
              ++marked_by_style;
          }
        CHECK(plain_stars == styled_stars + marked_by_style);
        over_terrain += marked_by_style;
      }
      table.advance_one();
    }
  }
  CHECK(over_terrain > 0);  // the games did drive paths over grass, water or speeders
}
