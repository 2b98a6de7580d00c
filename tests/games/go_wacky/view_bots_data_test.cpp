// Go Wacky!: the board view, the computer player and the deck data.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/json_data.h"
#include "games/go_wacky/bots.h"
#include "games/go_wacky/presenter.h"
#include "tests/games/go_wacky/fixture.h"
#include "tests/harness/scratch_dir.h"

using namespace rt;
using namespace rt::go_wacky;
using rt::test::act;

TEST_CASE("View: shows the piles, every player's scoring pile and only the viewer's hand",
          "[go-wacky][view]") {
  auto t = fixture::deal(3, 2,
                         {{"gw-red", "red", "blue+purple", "green"},
                          {"purple", "purple", "orange", "orange"},
                          {"yellow", "yellow", "yellow", "yellow"}},
                         "red");
  Canvas c(80, 20, false);
  ViewContext ctx;
  ctx.viewer = 0;
  GoWackyPresenter().view(*t.s, c, ctx);
  const std::string text = c.to_text();
  CHECK_THAT(text, Catch::Contains("Draw Pile: 75"));
  CHECK_THAT(text, Catch::Contains("top [R]"));
  CHECK_THAT(text, Catch::Contains("P1's hand: [R] [B/P] [G] [GW R]") ||
                       Catch::Contains("P1's hand: [R] [G] [B/P] [GW R]"));
  CHECK_THAT(text, !Catch::Contains("P2's hand"));  // never another player's secrets
  CHECK_THAT(text, Catch::Contains("star") && Catch::Contains("heart") && Catch::Contains("moon"));
}

TEST_CASE("View: every card's whole name reads on the piles' row as the top card, at 80 columns",
          "[go-wacky][view]") {
  const fixture::Table first = fixture::deal(3, 0, fixture::purple_hands(3), "red");
  for (const CardType& type : first.s->deck().types) {
    INFO(type.name);
    auto t = fixture::deal(3, 0, fixture::purple_hands(3), type.id);
    Canvas c(80, 20, false);
    ViewContext ctx;
    ctx.viewer = 0;
    GoWackyPresenter().view(*t.s, c, ctx);
    const std::string text = c.to_text();
    const std::string row = text.substr(0, text.find('\n'));
    CHECK_THAT(row, Catch::Contains("top [") && Catch::EndsWith(" " + type.name));
  }
}

TEST_CASE("View: the Bull's-eye needle is drawn where the clock puts it", "[go-wacky][view]") {
  auto t = fixture::deal(
      2, 1, {{"bull-yellow+blue", "red", "red", "red"}, {"purple", "purple", "orange", "orange"}}, "blue");
  act(*t.s, 0, "play bull-yellow+blue");
  Canvas a(80, 20, false), b(80, 20, false);
  ViewContext ctx;
  ctx.viewer = 0;
  ctx.now = t.s->contest_open() + 100;
  GoWackyPresenter().view(*t.s, a, ctx);
  ctx.now = t.s->contest_open() + 500;
  GoWackyPresenter().view(*t.s, b, ctx);
  CHECK_THAT(a.to_text(), Catch::Contains("BULL'S-EYE"));
  CHECK(a.to_text() != b.to_text());  // the needle moved
}

TEST_CASE("Bots: prefer a Go Wacky! card (only they roll) to a plain card", "[go-wacky][bots]") {
  auto t = fixture::deal(
      2, 1, {{"gw-red", "red", "orange", "orange"}, {"purple", "purple", "orange", "orange"}}, "red");
  GoWackyBot bot(BotLevel::Normal);
  Rng rng(1);
  const Decision d = bot.decide(*t.s, 0, rng);
  CHECK(t.s->action_text(0, d.action) == "play gw-red");
}

TEST_CASE("Bots: aim Bull's-eye throws at the centre, hard more precisely than random", "[go-wacky][bots]") {
  auto t = fixture::deal(
      2, 1, {{"bull-yellow+blue", "red", "red", "red"}, {"purple", "purple", "orange", "orange"}}, "blue");
  act(*t.s, 0, "play bull-yellow+blue");
  auto mean_miss = [&](BotLevel level) {
    GoWackyBot bot(level);
    Rng rng(5);
    long total = 0;
    for (int i = 0; i < 200; ++i) {
      const Decision d = bot.decide(*t.s, 1, rng);
      total += std::abs(t.s->needle_at(t.s->now() + d.delay));
    }
    return total / 200;
  };
  CHECK(mean_miss(BotLevel::Hard) < 15);
  CHECK(mean_miss(BotLevel::Hard) <= mean_miss(BotLevel::Easy));
}

namespace {
std::string modified_data(const std::string& from, const std::string& to) {
  const std::filesystem::path dir = rt::test::scratch_dir("racetable-gw-data");
  std::filesystem::create_directories(dir / "go-wacky");
  const std::string src = std::string(std::getenv("RACETABLE_SOURCE_DIR")) + "/data/go-wacky/";
  std::filesystem::copy_file(src + "rules.txt", dir / "go-wacky/rules.txt",
                             std::filesystem::copy_options::overwrite_existing);
  std::ifstream in(src + "deck.json");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string deck = ss.str();
  const auto at = deck.find(from);
  REQUIRE(at != std::string::npos);
  deck.replace(at, from.size(), to);
  std::ofstream(dir / "go-wacky/deck.json") << deck;
  return dir.string();
}
}  // namespace

TEST_CASE("Data: the deck file is checked field by field", "[go-wacky][data]") {
  CHECK(load_deck(DataSource::embedded()).total_cards == 88);
  CHECK_THROWS_WITH(
      load_deck(DataSource::directory(modified_data("\"kind\": \"plain\"", "\"kind\": \"wild\""))),
      Catch::Contains("go-wacky/deck.json: cards[0].kind: 'wild' is not one of: plain, split"));
  CHECK_THROWS_WITH(
      load_deck(DataSource::directory(modified_data("\"red\",\n    \"orange\"", "\"red\",\n    \"pink\""))),
      Catch::Contains("cards[6].colours[1]: 'pink' is not one of: red, orange"));
  CHECK_THROWS_WITH(load_deck(DataSource::directory(modified_data("\"copies\": 8", "\"copies\": 0"))),
                    Catch::Contains("cards[0].copies: 0 is out of range 1..99"));
}
