// The board view, prompts and action labels ("what each choice would do").
#include "games/wacky_races/presenter.h"
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

namespace {
std::string render(Fixture& fx, PlayerId viewer, int w = 80, int h = 22, bool unicode = true,
                   bool omni = false) {
  Canvas cv(w, h, unicode);
  ViewContext ctx;
  ctx.viewer = viewer;
  ctx.omniscient = omni;
  WackyPresenter().view(fx.s(), cv, ctx);
  return cv.to_text();
}
}  // namespace

TEST_CASE("View: the course row, Dastardly, the viewer's hand and powers in 80 columns",
          "[wacky-races][view]") {
  Fixture fx = start(Setup{});
  put(fx, "pat-pending", 3);
  hand(fx, 0, "DFP");
  hand(fx, 1, "MMM");
  fx.s().put_trap(tile(fx, 5), trap_id(fx, "oil"));
  fx.s().test_set_dastardly(tile(fx, 2));
  const std::string v = render(fx, 0);
  INFO(v);
  CHECK(v.find("WACKY RACES  race 1/1  round 1  P1's turn") != std::string::npos);
  CHECK(v.find("GAS") != std::string::npos);
  CHECK(v.find("Des For Pra Frm") != std::string::npos);
  CHECK(v.find("DD") != std::string::npos);
  CHECK(v.find("PT") != std::string::npos);
  CHECK(v.find("[?]") != std::string::npos);  // a face-down Trap
  CHECK(v.find("OIL") == std::string::npos);  // ...whose kind is secret
  CHECK(v.find("[Des] [For] [Pra]") != std::string::npos);
  // Ready powers by name, used ones marked: the four fit one line of 80.
  CHECK(v.find("powers: ") != std::string::npos);
  CHECK(v.find("Drill-a-Way") != std::string::npos);
  CHECK(v.find("(used)") == std::string::npos);
  CHECK(v.find("[Frm]") == std::string::npos);  // another player's hand stays hidden
  std::size_t start = 0;
  while (start < v.size()) {
    const std::size_t end = v.find('\n', start);
    CHECK(utf8_length(v.substr(start, end - start)) <= 80);
    start = end + 1;
  }
  // The omniscient view (transcripts) shows every hand and Trap.
  const std::string all = render(fx, kEveryone, 80, 40, true, true);
  CHECK(all.find("OIL") != std::string::npos);
  CHECK(all.find("[Frm] [Frm] [Frm]") != std::string::npos);
}

TEST_CASE("View: a peeked Trap shows its kind to the peeker only", "[wacky-races][view]") {
  Setup su;
  su.racers = "red-max,pat-pending,rufus-ruffcut";
  su.neutrals = {"gruesome-twosome", "sergeant-blast", "lazy-luke"};
  Fixture fx = start(su);
  fx.s().put_trap(tile(fx, 4), trap_id(fx, "mud-pool"));
  act(fx, 0, "power aerial-recon");
  chance(fx, "draw desert");
  CHECK(render(fx, 0).find("MUD") != std::string::npos);
  CHECK(render(fx, 1).find("MUD") == std::string::npos);
}

TEST_CASE("View: the course scrolls to keep the leader in view; ASCII and narrow screens work",
          "[wacky-races][view]") {
  Fixture fx = start(Setup{});
  put(fx, "red-max", 18);
  const std::string wide = render(fx, 0);
  CHECK(wide.find("RM") != std::string::npos);  // the whole field fits in 80 columns (compact tiles)
  CHECK(wide.find("S1") != std::string::npos);
  CHECK(wide.find("DD") != std::string::npos);
  const std::string ascii = render(fx, 0, 80, 22, false);
  for (char ch : ascii) CHECK(static_cast<unsigned char>(ch) < 0x80);
  CHECK(ascii.find("RM") != std::string::npos);
  const std::string narrow = render(fx, 0, 40, 10);
  INFO(narrow);
  CHECK(narrow.find("RM") != std::string::npos);       // the leader is kept in sight
  CHECK(narrow.find("\u21905") != std::string::npos);  // and the 5 others are counted behind
  CHECK_NOTHROW(render(fx, 0, 12, 3));
}

// Each choice says what it would do ("Play Forest: 2nd card, moves you to tile 9").
TEST_CASE("Labels: each choice says what it would do", "[wacky-races][view]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  put(fx, "pat-pending", 7);
  hand(fx, 0, "PMD");
  s.put_trap(tile(fx, 10), trap_id(fx, "log"));
  const auto label = [&](const std::string& text) {
    return WackyPresenter().action_label(s, 0, *s.parse_action(0, text));
  };
  CHECK(label("play desert") == "Play Desert: 1st card (any terrain), moves you to tile 8 (Farm)");
  act(fx, 0, "play prairie");
  CHECK(label("play farm") == "Play Farm: 2nd card, moves you to tile 9 (Gas Station)");
  act(fx, 0, "play farm");
  CHECK(label("play desert") ==
        "Play Desert: 3rd card, moves you to tile 10 (Desert) - a face-down Trap waits there!");
  CHECK(label("power pogo-spring") == "Use Pogo Spring: move ahead 1 space - first to tile 10 (Desert)");
  CHECK(label("end") == "End your movement (refill to 3, then Dastardly moves)");
  CHECK(WackyPresenter().prompt(s, 0) ==
        "On tile 9 (Gas Station): play a matching card to move again (3rd card), use a power, or end.");
  CHECK(WackyPresenter().prompt(s, 1).empty());
}

TEST_CASE("View: with rows to spare the whole course shows, in two rows of tiles", "[wacky-races][view]") {
  Fixture fx = start(Setup{});
  // 80 columns hold 19 places a row: the Finish Line is in the second row.
  const std::string tall = render(fx, 0, 80, 32);
  INFO(tall);
  CHECK(tall.find("FIN") != std::string::npos);
  CHECK(tall.find(" 18  19") != std::string::npos);
  // Rows short (80x24's 15): the course window as before, an arrow for the rest.
  const std::string short_rows = render(fx, 0, 80, 15);
  INFO(short_rows);
  CHECK(short_rows.find("FIN") == std::string::npos);
  CHECK(short_rows.find("\xe2\x86\x92") != std::string::npos);  // →
}

TEST_CASE("View: the legend names every code the board draws", "[wacky-races][view]") {
  Fixture fx = start(Setup{});
  const std::string legend = WackyPresenter().legend(fx.s());
  for (const char* code : {"00", "S1-S6", "DD", "[?]", "GAS", "FIN", "any", "Des Desert", "+2", "reversed"}) {
    INFO(code);
    CHECK(legend.find(code) != std::string::npos);
  }
}
