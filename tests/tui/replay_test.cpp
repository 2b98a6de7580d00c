// Issue #21: the replay viewer's picture (a seat's hidden cards only in that
// seat's view), asciicast recordings (same save, same bytes; every line valid
// asciicast v2), and the replay/stats commands' errors.
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "tui/shell/replay_cast.h"
#include "tui/shell/replay_model.h"
#include "tui/shell/replay_view.h"

namespace rt::shell {
namespace {

using clitest::run;

// A finished Go Wacky! game of two computers named Ana and Ben.
std::string finished_save() {
  static const std::string path = [] {
    const std::string p = clitest::temp_dir() + "/replay-go-wacky.save";
    const auto r = run("sim go-wacky --seed 5 --players 2 --names Ana,Ben --save " + p);
    REQUIRE(r.code == 0);
    return p;
  }();
  return path;
}

std::string screen(ReplayView& view) {
  Canvas c(80, 24, true);
  view.draw(c, 0);
  return c.to_text();
}

}  // namespace

TEST_CASE("Replay viewer: a seat's hand is on screen only in that seat's view", "[replay]") {
  std::shared_ptr<const ReplayModel> model = ReplayModel::load(finished_save(), DataSource::embedded());
  REQUIRE(model->finished());
  REQUIRE(model->size() > 10);
  AppContext ctx;
  ReplayView view(ctx, model, kEveryone);
  for (int i : {0, 5, model->size() / 2}) {
    view.set_position(i);
    view.set_viewer(kEveryone);
    const std::string watcher = screen(view);
    CHECK(watcher.find("'s hand") == std::string::npos);
    CHECK(watcher.find("as watcher") != std::string::npos);
    view.set_viewer(0);
    const std::string ana = screen(view);
    CHECK(ana.find("Ana's hand") != std::string::npos);
    CHECK(ana.find("Ben's hand") == std::string::npos);
    view.cycle_viewer(+1);
    const std::string ben = screen(view);
    CHECK(ben.find("Ben's hand") != std::string::npos);
    CHECK(ben.find("Ana's hand") == std::string::npos);
    view.cycle_viewer(+1);
    CHECK(view.viewer() == kEveryone);
  }
}

TEST_CASE("Game over: a Neutral Racer that won is named on one row, as wide as the seats' names allow",
          "[replay][layout]") {
  // Wacky Races seed 5, two players: Ant Hill Mob (a Neutral Racer) wins.
  const std::string save = clitest::temp_dir() + "/neutral-wins.save";
  REQUIRE(run("sim wacky-races --seed 5 --players 2 --names Ana,Ben --save " + save).code == 0);
  std::shared_ptr<const ReplayModel> model = ReplayModel::load(save, DataSource::embedded());
  REQUIRE(model->finished());
  AppContext ctx;
  ReplayView view(ctx, model, kEveryone);
  view.set_position(model->size());
  const std::string shown = screen(view);
  INFO(shown);
  CHECK(shown.find("1st  Ant Hill Mob") != std::string::npos);
  CHECK(shown.find("no seat won") != std::string::npos);
}

TEST_CASE("Replay viewer: the log grows with the position and turns group one seat's decisions", "[replay]") {
  std::shared_ptr<const ReplayModel> model = ReplayModel::load(finished_save(), DataSource::embedded());
  for (int i = 1; i < model->size(); ++i) CHECK(model->at(i).log_end >= model->at(i - 1).log_end);
  CHECK(model->at(model->size() - 1).log_end == model->log().size());
  const int next = model->next_turn(0);
  CHECK(next > 0);
  CHECK(model->at(next).turn == model->at(0).turn + 1);
  CHECK(model->previous_turn(next) == 0);
  CHECK(model->previous_turn(0) == 0);
  CHECK(model->next_turn(model->size() - 1) == model->size() - 1);
}

TEST_CASE("Asciicast: the same save gives the same bytes, every line valid asciicast v2",
          "[replay][asciicast]") {
  auto model = ReplayModel::load(finished_save(), DataSource::embedded());
  CastOptions opt;
  opt.viewer = 0;
  const std::string a = asciicast_text(*model, opt);
  const std::string b = asciicast_text(*model, opt);
  REQUIRE(a == b);
  std::istringstream in(a);
  std::string line;
  REQUIRE(std::getline(in, line));
  const auto header = nlohmann::json::parse(line);
  CHECK(header.at("version") == 2);
  CHECK(header.at("width") == 80);
  CHECK(header.at("height") == 24);
  CHECK_FALSE(header.contains("timestamp"));  // a clock would make two runs differ
  double last = 0;
  int events = 0;
  while (std::getline(in, line)) {
    const auto ev = nlohmann::json::parse(line);
    REQUIRE(ev.is_array());
    REQUIRE(ev.size() == 3);
    REQUIRE(ev[0].is_number());
    CHECK(ev[0].get<double>() >= last);
    last = ev[0].get<double>();
    CHECK(ev[1] == "o");
    REQUIRE(ev[2].is_string());
    ++events;
  }
  CHECK(events == model->size() + 2);  // cursor off, a frame per position, cursor back
  CHECK(last == Approx((model->size() + 2) * kCastPaceSeconds));  // the last frame held for three paces
  opt.speed = 2;
  CHECK(asciicast_text(*model, opt).size() < a.size() + 1);
}

TEST_CASE("Asciicast: a frame sends only the cells that changed", "[replay][asciicast]") {
  Canvas a(10, 2, true);
  a.text(0, 0, "hello");
  Canvas b = a;
  b.text(0, 1, "x");
  const std::string diff = ansi_frame(&a, b);
  CHECK(diff.find("hello") == std::string::npos);
  CHECK(diff.find("\x1b[2;1H") != std::string::npos);
  CHECK(ansi_frame(&a, a).empty());
  CHECK(ansi_frame(nullptr, a).find("hello") != std::string::npos);
}

TEST_CASE("replay --asciicast: written atomically; a failed write exits 2 and says why", "[replay][cli]") {
  const std::string out = clitest::temp_dir() + "/rec.cast";
  auto r = run("replay " + finished_save() + " --asciicast " + out + " --seat 2 --speed 4");
  CHECK(r.code == 0);
  std::ifstream f(out);
  std::string first;
  std::getline(f, first);
  CHECK(first.rfind("{\"version\":2,", 0) == 0);
  r = run("replay " + finished_save() + " --asciicast " + clitest::temp_dir() + "/no/such/dir/x.cast");
  CHECK(r.code == 2);
  CHECK(r.err.find("racetable: ") == 0);
  r = run("replay " + finished_save() + " --asciicast " + out + " --seat 3");
  CHECK(r.code == 2);
  CHECK(r.err.find("--seat 3") != std::string::npos);
  r = run("replay " + finished_save() + " --asciicast " + out + " --speed 0");
  CHECK(r.code == 2);
  r = run("replay " + finished_save() + " --seat 1 --watch");
  CHECK(r.code == 2);
}

TEST_CASE("replay --seat N without a terminal: the transcript as that seat was told it", "[replay][cli]") {
  const auto all = run("replay " + finished_save());
  const auto ana = run("replay " + finished_save() + " --seat 1");
  const auto watcher = run("replay " + finished_save() + " --watch");
  REQUIRE(all.code == 0);
  REQUIRE(ana.code == 0);
  REQUIRE(watcher.code == 0);
  CHECK(watcher.out.size() <= ana.out.size());
  CHECK(ana.out.size() <= all.out.size());
}

TEST_CASE("stats: finished line-mode games counted; sim games are not", "[stats][cli]") {
  const std::string env = "XDG_STATE_HOME=" + clitest::temp_dir() + "/stats-state";
  REQUIRE(run("sim go-wacky --seed 2 --players 2", "", env).code == 0);
  auto r = run("stats --json", "", env);
  REQUIRE(r.code == 0);
  CHECK(nlohmann::json::parse(r.out).at("games") == 0);
  std::string answers;
  for (int i = 0; i < 3000; ++i) answers += "1\n";
  REQUIRE(run("play go-wacky --line --seats human,normal --names Ana,Ben --seed 5", answers, env).code == 0);
  r = run("stats --json --game go-wacky", "", env);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("games") == 1);
  REQUIRE(j.at("last").size() == 1);
  CHECK(j.at("last")[0].at("seats")[0].at("name") == "Ana");
  CHECK(j.at("last")[0].at("seats")[0].at("you") == true);
  CHECK(run("stats --game nope", "", env).code == 2);
}

}  // namespace rt::shell
