// The replay viewer's picture (a seat's hidden cards only in that
// seat's view), asciicast recordings (same save, same bytes; every line valid
// asciicast v2), and the replay/stats commands' errors.
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>
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

// A finished Go Wacky! game of Ana, a person (in line mode, always the
// first option), against Ben, a computer.
std::string person_and_computer_save() {
  static const std::string path = [] {
    const std::string p = clitest::temp_dir() + "/replay-person-computer.save";
    std::string ones;
    for (int i = 0; i < 5000; ++i) ones += "1\n";
    const auto r =
        run("play go-wacky --line --seats human,normal --names Ana,Ben --seed 5 --save " + p, ones);
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
    // Both seats are computers': the board names them so.
    const std::string ana = screen(view);
    CHECK(ana.find("Ana (computer)'s hand") != std::string::npos);
    CHECK(ana.find("Ben (computer)'s hand") == std::string::npos);
    view.cycle_viewer(+1);
    const std::string ben = screen(view);
    CHECK(ben.find("Ben (computer)'s hand") != std::string::npos);
    CHECK(ben.find("Ana (computer)'s hand") == std::string::npos);
    view.cycle_viewer(+1);
    CHECK(view.viewer() == kEveryone);
  }
}

TEST_CASE("Replay viewer: the log marks a computer's name as the live game's log does, never a person's",
          "[replay]") {
  std::shared_ptr<const ReplayModel> model =
      ReplayModel::load(person_and_computer_save(), DataSource::embedded());
  REQUIRE(model->finished());
  int marked = 0;
  for (const LogEntry& e : model->log()) {
    INFO(e.text);
    for (std::size_t at = e.text.find("Ben"); at != std::string::npos; at = e.text.find("Ben", at + 1)) {
      CHECK(e.text.compare(at, 14, "Ben (computer)") == 0);
      ++marked;
    }
    CHECK(e.text.find("Ana (computer)") == std::string::npos);
  }
  CHECK(marked > 10);
  // The viewer's log page, as a person reads it.
  AppContext ctx;
  ReplayView view(ctx, model, 0);
  view.set_position(model->size() - 1);
  std::string page;
  for (const ReaderLine& line : view.log_lines()) {
    for (const Cell& cell : line.text) utf8_append(page, cell.ch);
    page += '\n';
  }
  INFO(page);
  CHECK_THAT(page, Catch::Contains("Ben (computer) plays"));
  CHECK_THAT(page, !Catch::Contains("Ana (computer)"));
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
  const auto all = run("replay " + finished_save() + " --all");
  const auto ana = run("replay " + finished_save() + " --seat 1");
  const auto watcher = run("replay " + finished_save() + " --watch");
  REQUIRE(all.code == 0);
  REQUIRE(ana.code == 0);
  REQUIRE(watcher.code == 0);
  CHECK(watcher.out.size() <= ana.out.size());
  CHECK(ana.out.size() <= all.out.size());
}

namespace {

std::string save_text(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// A Wacky Races game of three computers (Ana, Ben, Cleo: their hands are
// secret) saved as if played at a shared table "friday": Ana's and Ben's
// seats are people's, Ana's owned by `ana_uid`, Ben's by another account.
// `keep_steps` < 0 keeps the whole game; else the save stops there.
std::string shared_save(const std::string& name, std::uint32_t ana_uid, int keep_steps) {
  const std::string plain = clitest::temp_dir() + "/shared-plain.save";
  REQUIRE(run("sim wacky-races --seed 4 --players 3 --names Ana,Ben,Cleo --save " + plain).code == 0);
  std::istringstream in(save_text(plain));
  std::string out;
  int steps = 0;
  for (std::string line; std::getline(in, line);) {
    if (line == "seat bot normal Ana") line = "seat human human Ana";
    if (line == "seat bot normal Ben") line = "seat human human Ben";
    if (line.rfind("step ", 0) == 0 && keep_steps >= 0 && steps++ >= keep_steps) continue;
    out += line + "\n";
    if (line.rfind("game ", 0) == 0) out += "table friday\n";
    if (line == "seat bot normal Cleo")
      out += fmt::format("owner 1 uid {} ana\nowner 2 uid {} ben\n", ana_uid, ana_uid + 1);
  }
  const std::string path = clitest::temp_dir() + "/" + name;
  std::ofstream(path) << out;
  return path;
}

std::uint32_t my_uid() {
  return static_cast<std::uint32_t>(::getuid());
}

}  // namespace

TEST_CASE("replay FILE: a watcher's view by default, as --help says; --all prints every hidden card",
          "[replay][cli]") {
  const std::string save = clitest::temp_dir() + "/replay-default.save";
  const auto sim = run("sim wacky-races --seed 4 --players 3 --names Ana,Ben,Cleo --save " + save);
  REQUIRE(sim.code == 0);
  const auto plain = run("replay " + save);
  const auto watch = run("replay " + save + " --watch");
  const auto all = run("replay " + save + " --all");
  REQUIRE(plain.code == 0);
  CHECK(plain.out == watch.out);
  CHECK(plain.out.find("Ana is dealt") == std::string::npos);  // a hand, said only to its seat
  CHECK(all.out == sim.out);                                   // byte for byte as the game printed it
  CHECK(all.out.find("Ana is dealt") != std::string::npos);
  CHECK(run("replay " + save + " --all --seat 1").code == 2);
  CHECK_THAT(run("--help").out + run("replay --help").out,
             Catch::Contains("public information only (default"));
}

TEST_CASE("replay of a shared table's save still being played shows only the caller's own seat",
          "[replay][cli]") {
  // Ana's seat is this account's: the replay opens on it, and no other seat opens.
  const std::string mine = shared_save("friday-mine.save", my_uid(), 60);
  const auto plain = run("replay " + mine);
  const auto ana = run("replay " + mine + " --seat 1");
  REQUIRE(plain.code == 0);
  REQUIRE(ana.code == 0);
  CHECK(plain.out == ana.out);
  CHECK_THAT(plain.out, Catch::Contains("Ana is dealt"));
  CHECK_THAT(plain.out, !Catch::Contains("Ben is dealt"));
  CHECK_THAT(plain.out, Catch::Contains("the saved game is not finished"));
  for (const char* other : {" --seat 2", " --seat 3", " --all"}) {
    const auto r = run("replay " + mine + other);
    INFO(other);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("the table 'friday' is still being played"));
    CHECK_THAT(r.err, Catch::Contains("your own seat (1)"));
    CHECK(r.out.find("Ben is dealt") == std::string::npos);
  }
  CHECK(run("replay " + mine + " --watch").code == 0);
  // No seat of this account's: a watcher's view only.
  const std::string theirs = shared_save("friday-theirs.save", my_uid() + 7, 60);
  const auto outsider = run("replay " + theirs);
  REQUIRE(outsider.code == 0);
  CHECK(outsider.out == run("replay " + theirs + " --watch").out);
  CHECK_THAT(outsider.out, !Catch::Contains(" is dealt"));
  const auto refused = run("replay " + theirs + " --seat 1");
  CHECK(refused.code == 2);
  CHECK_THAT(refused.err, Catch::Contains("what a watcher sees"));
  // The recording, too.
  CHECK(run("replay " + mine + " --seat 2 --asciicast " + clitest::temp_dir() + "/friday.cast").code == 2);
  // Once the game is over, every seat may be seen.
  const std::string over = shared_save("friday-over.save", my_uid(), -1);
  CHECK_THAT(run("replay " + over + " --seat 2").out, Catch::Contains("Ben is dealt"));
  CHECK(run("replay " + over + " --all").code == 0);
}

TEST_CASE("Replay viewer: a shared table's save still being played opens no seat but the caller's",
          "[replay]") {
  const std::string mine = shared_save("friday-viewer.save", my_uid(), 60);
  std::shared_ptr<const ReplayModel> model = ReplayModel::load(mine, DataSource::embedded(), my_uid());
  REQUIRE_FALSE(model->finished());
  CHECK(model->sight().limited);
  CHECK(model->sight().own == 0);
  AppContext ctx;
  ReplayView view(ctx, model, 1);  // Ben's: not this account's to see
  CHECK(view.viewer() == kEveryone);
  view.set_viewer(2);
  CHECK(view.viewer() == kEveryone);
  view.cycle_viewer(+1);
  CHECK(view.viewer() == 0);  // the own seat
  view.cycle_viewer(+1);
  CHECK(view.viewer() == kEveryone);  // Ben's and Cleo's skipped
  view.cycle_viewer(-1);
  CHECK(view.viewer() == 0);
  CHECK_THAT(screen(view), Catch::Contains("Still being played: only your seat (Ana)"));
  // Someone else replaying it sees no seat at all.
  std::shared_ptr<const ReplayModel> other = ReplayModel::load(mine, DataSource::embedded(), my_uid() + 7);
  ReplayView outsider(ctx, other, 0);
  CHECK(outsider.viewer() == kEveryone);
  outsider.cycle_viewer(+1);
  CHECK(outsider.viewer() == kEveryone);
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
