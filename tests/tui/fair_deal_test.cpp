// Provably fair deals at shared tables (core/deal.h): nobody chooses a
// shared table's seed silently. The server draws it and shows every seat and
// the Tables listing a commitment, SHA-256 over the seed and a salt; the end
// reveals both, and `racetable verify` replays the save from the seed. A
// host's own seed is shown openly, before anyone sits.
#include <catch2/catch.hpp>

#include <signal.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/deal.h"
#include "core/deal_verify.h"
#include "core/history.h"
#include "core/save.h"
#include "core/sha256.h"
#include "games/registry.h"
#include "games/setup.h"
#include "net/hosting.h"
#include "net/lobby.h"
#include "net/ssh_session_process.h"
#include "tests/tui/cli_run.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/ssh_tables_util.h"

using namespace rt;
using namespace rt::net;

namespace {

setup::TableRequest request(const std::vector<std::string>& seats, const std::string& seed = "") {
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = seats;
  req.players = static_cast<int>(seats.size());
  req.seed_text = seed;
  return req;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// `text` with its line `line` (from 1) replaced.
std::string with_line(const std::string& text, int line, const std::string& replacement) {
  std::istringstream in(text);
  std::string out, l;
  for (int n = 1; std::getline(in, l); ++n) out += (n == line ? replacement : l) + "\n";
  return out;
}

int line_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string l;
  for (int n = 1; std::getline(in, l); ++n)
    if (l.rfind(prefix, 0) == 0) return n;
  return 0;
}

// The first step of `save` whose player (kChance, or any seat when
// `chance` is false) had another choice there: its line, and the step
// with that other choice.
struct OtherChoice {
  int line = 0;
  std::string replacement;
};
// Every recorded step of one kind (chance outcomes or seats' moves) with each
// other choice it could have been, as the replacement step line.
std::vector<OtherChoice> other_choices(const std::string& text, bool chance) {
  const SaveFile save = parse_save(text, "game.save");
  std::vector<OtherChoice> found;
  restore_save(
      save, builtin_registry(), setup::data_source(""), {},
      [&](const Table& t, const SaveFile::StepLine& step, Action action) {
        if ((step.player == kChance) != chance || (!chance && step.player < 0)) return;
        std::vector<Action> options;
        if (chance) {
          std::vector<Outcome> outcomes;
          t.state().chance_outcomes(outcomes);
          for (const Outcome& o : outcomes) options.push_back(o.action);
        } else {
          t.state().legal_actions(step.player, options);
        }
        for (Action other : options)
          if (other != action)
            found.push_back(
                {step.line, fmt::format("step {} {} {}",
                                        chance ? std::string("chance") : std::to_string(step.player + 1),
                                        step.tick, t.state().action_text(step.player, other))});
      });
  return found;
}
OtherChoice other_choice(const std::string& text, bool chance) {
  const std::vector<OtherChoice> all = other_choices(text, chance);
  return all.empty() ? OtherChoice{} : all.front();
}

}  // namespace

TEST_CASE("A shared table's seed is drawn by the server and committed: SHA-256 over the seed and salt",
          "[net][fair]") {
  const auto a = make_shared_table(request({"human", "human"}));
  const auto b = make_shared_table(request({"human", "human"}));
  const Deal& d = a->deal();
  CHECK(d.kind == DealKind::Drawn);
  CHECK(is_lower_hex(d.salt, 2 * kDealSaltBytes));
  CHECK(is_lower_hex(d.commitment, kCommitmentHexDigits));
  // The bytes docs/PROTOCOL.md gives, hashed.
  CHECK(d.commitment == sha256_hex(fmt::format("racetable-deal 1\nseed {}\nsalt {}\n", a->seed(), d.salt)));
  CHECK(deal_commitment(4242, "000102030405060708090a0b0c0d0e0f") ==
        sha256_hex("racetable-deal 1\nseed 4242\nsalt 000102030405060708090a0b0c0d0e0f\n"));
  // Fresh for every table: another table's seed, salt and commitment.
  CHECK(b->seed() != a->seed());
  CHECK(b->deal().salt != d.salt);
  CHECK(b->deal().commitment != d.commitment);
  // A host's own seed is not drawn: it is chosen openly.
  const auto chosen = make_shared_table(request({"human", "human"}, "4242"));
  CHECK(chosen->seed() == 4242);
  CHECK(chosen->deal().kind == DealKind::Chosen);
  CHECK(deal_words(4242, chosen->deal(), false) == "seed 4242, chosen by the host");
}

TEST_CASE(
    "A shared game reveals its seed and salt at the end to every seat, the save and the history; verify "
    "passes it and names what a tampered save changed",
    "[net][fair]") {
  nettest::Harness h;
  ServerOptions o = h.options();
  o.history_dir = h.dir.path + "/state";
  std::filesystem::create_directories(o.history_dir);
  ::chmod(o.history_dir.c_str(), 0700);
  h.start(make_shared_table(request({"human", "human", "easy"})), o);
  const Deal deal = h.server->table().deal();
  const std::uint64_t seed = h.server->table().seed();
  REQUIRE(deal.kind == DealKind::Drawn);
  // Before the game: the listing shows the commitment, never the seed or salt.
  const json listed = h.server->listing();
  CHECK(listed["deal"] == json{{"kind", "drawn"}, {"commitment", deal.commitment}});
  CHECK(deal_text(deal_of_message(listed)) == "deal committed: SHA-256 " + deal.commitment);
  CHECK_FALSE(nettest::log_has(h, std::to_string(seed)));
  CHECK(nettest::log_has(h, "deal committed: SHA-256 " + deal.commitment));

  auto ana = nettest::connect(h, nettest::play_hello(1));
  auto ben = nettest::connect(h, nettest::play_hello(2));
  for (auto* c : {ana.get(), ben.get()}) {
    CHECK(c->welcome["deal"] == listed["deal"]);
    CHECK(deal_short(deal_of_message(c->welcome)) == "deal " + deal.commitment.substr(0, 8) + "...");
  }
  nettest::play_out(h, {ana.get(), ben.get()});
  REQUIRE(h.server->table().over());
  const std::string revealed = deal_words(seed, deal, true);
  CHECK_THAT(revealed, Catch::Contains(fmt::format("seed {}, salt {}", seed, deal.salt)));
  for (auto* c : {ana.get(), ben.get()}) {
    bool told = false;
    for (const LogLine& l : c->st.log()) told = told || l.text == revealed;
    CHECK(told);
    CHECK_THAT(c->st.screen().result, Catch::Contains(revealed));
  }
  CHECK(nettest::log_has(h, revealed));
  const json after = h.server->listing();
  CHECK(after["deal"]["seed"] == std::to_string(seed));
  CHECK(after["deal"]["salt"] == deal.salt);

  // The history's line keeps the seed, salt and commitment.
  const HistoryRead history = read_history(o.history_dir);
  REQUIRE(history.records.size() == 1);
  CHECK(history.records[0].deal == deal);
  CHECK(history.records[0].seed == seed);

  // The save: `racetable verify` finds the deal the one committed.
  const std::string text = slurp(o.save_path);
  const int deal_line = line_starting(text, "deal ");
  REQUIRE(deal_line > 0);
  CHECK(text.find(fmt::format("deal drawn {} {}\n", deal.commitment, deal.salt)) != std::string::npos);
  const std::string dir = clitest::temp_dir();
  std::ofstream(dir + "/fair.save") << text;
  const clitest::Run fair = clitest::run("verify " + dir + "/fair.save");
  INFO(fair.out << fair.err);
  CHECK(fair.code == 0);
  CHECK_THAT(fair.out, Catch::StartsWith(dir + "/fair.save: fair: seed " + std::to_string(seed)));
  CHECK(std::count(fair.out.begin(), fair.out.end(), '\n') == 1);

  // Tampered: the seed, the commitment, a card dealt, a move.
  const auto verify = [&](const std::string& tampered) {
    std::ofstream(dir + "/tampered.save") << tampered;
    return clitest::run("verify " + dir + "/tampered.save");
  };
  const int seed_line = line_starting(text, "seed ");
  const clitest::Run other_seed = verify(with_line(text, seed_line, fmt::format("seed {}", seed + 1)));
  CHECK(other_seed.code == 1);
  CHECK_THAT(other_seed.out, Catch::Contains(fmt::format("line {}: seed {} and its salt give SHA-256",
                                                         deal_line, seed + 1)) &&
                                 Catch::Contains("not the committed " + deal.commitment.substr(0, 16)));
  std::string commitment = deal.commitment;
  commitment[0] = commitment[0] == '0' ? '1' : '0';
  const clitest::Run other_commitment =
      verify(with_line(text, deal_line, fmt::format("deal drawn {} {}", commitment, deal.salt)));
  CHECK(other_commitment.code == 1);
  CHECK_THAT(other_commitment.out, Catch::Contains("not the committed " + commitment.substr(0, 16)));
  const OtherChoice card = other_choice(text, true);
  REQUIRE(card.line > 0);
  const clitest::Run other_card = verify(with_line(text, card.line, card.replacement));
  CHECK(other_card.code == 1);
  CHECK_THAT(other_card.out, Catch::Contains(fmt::format("line {}: seed {} deals '", card.line, seed)) &&
                                 Catch::Contains("the save says '"));
  // A move changed so that the seed deals otherwise after it (a pass for a play:
  // the hand is drawn back up by other cards). A move that leaves every later deal
  // as it was cannot be told from the save: moves are not committed, only the deal.
  OtherChoice move;
  for (const OtherChoice& c : other_choices(text, false)) {
    try {
      if (!verify_deal(parse_save(with_line(text, c.line, c.replacement), "game.save"), builtin_registry(),
                       setup::data_source(""))
               .fair) {
        move = c;
        break;
      }
    } catch (const SaveError&) {
    }
  }
  REQUIRE(move.line > 0);
  const clitest::Run other_move = verify(with_line(text, move.line, move.replacement));
  INFO(other_move.out);
  CHECK(other_move.code == 1);
  CHECK_THAT(other_move.out, Catch::StartsWith("not verified: " + dir + "/tampered.save: line "));
  // Bad input: one line, exit 2.
  const clitest::Run missing = clitest::run("verify " + dir + "/no-such.save");
  CHECK(missing.code == 2);
  CHECK(std::count(missing.err.begin(), missing.err.end(), '\n') == 1);
}

TEST_CASE("verify: a local game's save has no commitment, and an unfinished one is not revealed",
          "[cli][fair]") {
  const std::string dir = clitest::temp_dir();
  REQUIRE(clitest::run("sim go-wacky --seed 7 --save " + dir + "/solo.save").code == 0);
  const clitest::Run solo = clitest::run("verify " + dir + "/solo.save");
  CHECK(solo.code == 1);
  CHECK_THAT(solo.out, Catch::Contains("no deal line: not a shared table's game"));
  // A shared table's game cut short.
  auto table = make_shared_table(request({"easy", "easy"}));
  table->advance();
  std::string text = save_text(*table);
  std::ofstream(dir + "/cut.save") << text.substr(0, text.find("\nstep ", text.find("\nstep ") + 1) + 1)
                                   << "end\n";
  const clitest::Run cut = clitest::run("verify " + dir + "/cut.save");
  CHECK(cut.code == 1);
  CHECK_THAT(cut.out, Catch::Contains("the game is not over: its seed is revealed at the end"));
}

TEST_CASE("A host's own seed is shown openly: racetable tables (and --json) says it was chosen by the host",
          "[cli][net][fair]") {
  const std::string dir = clitest::temp_dir() + "/open-seed";
  const clitest::Run host =
      clitest::run("host go-wacky --seats human,human --name open --pace 0 --detach --dir " + dir +
                   " --save " + dir + "-game.save --seed 4242");
  INFO(host.out << host.err);
  REQUIRE(host.code == 0);
  CHECK_THAT(host.out,
             Catch::Contains("seed 4242, chosen by the host (every player is told before they sit)"));
  const auto pid_at = host.out.find("(pid ");
  REQUIRE(pid_at != std::string::npos);
  const pid_t server = static_cast<pid_t>(std::stol(host.out.substr(pid_at + 5)));
  const clitest::Run listed = clitest::run("tables --json --dir " + dir);
  const clitest::Run text = clitest::run("tables --dir " + dir);
  // The host who draws instead: only the commitment, and no seed anywhere the host is told.
  const clitest::Run drawn =
      clitest::run("host go-wacky --seats human,human --name drawn --pace 0 --detach --dir " + dir +
                   " --save " + dir + "-drawn.save");
  const clitest::Run both = clitest::run("tables --json --dir " + dir);
  ::kill(server, SIGTERM);
  if (const auto at = drawn.out.find("(pid "); at != std::string::npos)
    ::kill(static_cast<pid_t>(std::stol(drawn.out.substr(at + 5))), SIGTERM);
  REQUIRE(listed.code == 0);
  const json tables = json::parse(listed.out);
  REQUIRE(tables.size() == 1);
  CHECK(tables[0]["deal"] == json{{"kind", "chosen"}, {"seed", "4242"}});
  CHECK_THAT(text.out, Catch::Contains("\n  seed 4242, chosen by the host\n"));
  REQUIRE(drawn.code == 0);
  CHECK_THAT(drawn.out, Catch::Contains("deal committed: SHA-256 "));
  CHECK_FALSE(std::regex_search(drawn.out, std::regex("seed [0-9]")));
  const json two = json::parse(both.out);
  REQUIRE(two.size() == 2);
  for (const json& t : two) {
    if (t["table"] != "drawn") continue;
    CHECK(t["deal"]["kind"] == "drawn");
    CHECK(is_lower_hex(t["deal"].value("commitment", ""), kCommitmentHexDigits));
    CHECK_FALSE(t["deal"].contains("seed"));
    CHECK_FALSE(t["deal"].contains("salt"));
    CHECK_THAT(drawn.out, Catch::Contains(t["deal"].value("commitment", "")));
  }
}

TEST_CASE("SSH tables: the server draws the seed and lists its commitment; a host's seed is listed as theirs",
          "[ssh][net][fair]") {
  using namespace rt::net::sshtest;
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), bob = tp.link("bob", kBob);
  const json request_drawn{{"type", "host"}, {"game", "go-wacky"}, {"seats", {"human", "remote"}}};
  REQUIRE(ask(ana, request_drawn).value("type", "") == "hosted");
  json request_chosen = request_drawn;
  request_chosen["table"] = "rematch";
  request_chosen["seed"] = "4242";
  REQUIRE(ask(ana, request_chosen).value("type", "") == "hosted");
  const json list = ask(bob, json{{"type", "list"}});
  const json drawn = table_in(list, "go-wacky"), chosen = table_in(list, "rematch");
  REQUIRE(drawn.is_object());
  REQUIRE(chosen.is_object());
  CHECK(drawn["deal"]["kind"] == "drawn");
  CHECK(is_lower_hex(drawn["deal"].value("commitment", ""), kCommitmentHexDigits));
  CHECK_FALSE(drawn["deal"].contains("seed"));
  CHECK(chosen["deal"] == json{{"kind", "chosen"}, {"seed", "4242"}});
  // `ssh HOST tables`: the last column says it.
  const std::string text = ssh_detail::tables_text(read_tables_answer(list));
  CHECK_THAT(text,
             Catch::Contains("\tdeal committed: SHA-256 " + drawn["deal"].value("commitment", "") + "\n") &&
                 Catch::Contains("\tseed 4242, chosen by the host\n"));
  // Bob's screen when he sits: the same words.
  Connection seated;
  const json welcome = sit(bob, "rematch", 2, &seated);
  REQUIRE(welcome.value("type", "") == "welcome");
  CHECK(deal_sentence(deal_of_message(welcome)) == "Seed 4242, chosen by the host.");
  CHECK(deal_short(deal_of_message(welcome)) == "seed 4242 (host's)");
}
