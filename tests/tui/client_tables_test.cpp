// The client layer's one interface (client/tables.h), the same cases run
// against both backends: the local tables (a real table server in a child
// process, over its socket) and the SSH server's (its table process in a
// child, over a player's tables link).
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

#include "client/local_tables.h"
#include "client/ssh_tables.h"
#include "client/tables.h"
#include "tests/harness/racetable_binary.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/ssh_tables_util.h"

namespace client_tables_cases {
namespace {

using namespace rt;
using rt::client::SitAt;
using rt::client::TableList;
using rt::client::Tables;

// A game one person ends in a few dozen moves against a computer, no timed contest in it.
constexpr const char* kShortGame = "scrap-racer";
constexpr std::uint64_t kShortSeed = 1;

// A place with one table, Go Wacky! with two people's seats; `code`: it
// wants a join code. (`short_game`: a short Scrap Racer game instead, its
// first seat a person's, its second a computer's, so one player ends it.)
class Place {
 public:
  virtual ~Place() = default;
  // The tables as `who` sees them (a different key for each name on the SSH server).
  virtual std::shared_ptr<Tables> as(const std::string& who) = 0;
  virtual std::string table() const = 0;
  virtual std::string code() const = 0;
  virtual std::string where() const = 0;
};

class LocalPlace final : public Place {
 public:
  explicit LocalPlace(bool code, bool short_game = false) {
    if (code) code_ = "tiger-42";
    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::close(ready[0]);
      try {
        net::ServerOptions o;
        o.dir = where();
        o.name = std::string("t");
        o.code = code_;
        o.pace_ms = 0;
        net::Server server(short_game ? nettest::new_table(kShortGame, {"human", "easy"}, kShortSeed)
                                      : nettest::new_table("go-wacky", {"human", "human"}, 7),
                           o);
        server.open();
        if (::write(ready[1], "r", 1) != 1) ::_exit(1);
        server.run();
      } catch (...) {
        ::_exit(1);
      }
      ::_exit(0);
    }
    ::close(ready[1]);
    char c = 0;
    const bool opened = ::read(ready[0], &c, 1) == 1;
    ::close(ready[0]);
    REQUIRE(opened);
  }
  ~LocalPlace() override {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  std::shared_ptr<Tables> as(const std::string&) override { return client::local_tables(where()); }
  std::string table() const override { return "t"; }
  std::string code() const override { return code_; }
  std::string where() const override { return dir_.path + "/sock"; }

 private:
  nettest::TempDir dir_;
  std::string code_;
  pid_t pid_ = -1;
};

class SshPlace final : public Place {
 public:
  explicit SshPlace(bool code, bool short_game = false) : tp_(dir_.path) {
    host_ = tp_.link("ana", "SHA256:ana");
    const net::json hosted = short_game
                                 ? net::sshtest::ask(host_, net::json{{"type", "host"},
                                                                      {"game", kShortGame},
                                                                      {"seats", {"human", "easy"}},
                                                                      {"seed", std::to_string(kShortSeed)},
                                                                      {"access", "public"}})
                                 : net::sshtest::host_go_wacky(host_, code ? "code" : "public");
    REQUIRE(hosted.value("type", "") == "hosted");
    table_ = hosted.value("table", "");
    code_ = hosted.value("join_code", "");
  }
  ~SshPlace() override { ::close(host_); }
  std::shared_ptr<Tables> as(const std::string& who) override {
    return client::ssh_tables(tp_.link(who, "SHA256:" + who));
  }
  std::string table() const override { return table_; }
  std::string code() const override { return code_; }
  std::string where() const override { return ""; }

 private:
  nettest::TempDir dir_;
  net::sshtest::TableProcessChild tp_;
  int host_ = -1;
  std::string table_, code_;
};

std::unique_ptr<Place> place(const std::string& backend, bool code = false, bool short_game = false) {
  if (backend == "local") return std::make_unique<LocalPlace>(code, short_game);
  return std::make_unique<SshPlace>(code, short_game);
}

const net::TableListing* listed(const TableList& list, const std::string& name) {
  for (const client::TableRow& r : list.rows)
    if (r.listing && r.listing->table == name) return &*r.listing;
  return nullptr;
}
// The row points into the list: a list that is gone at the end of the line is refused.
const net::TableListing* listed(TableList&& list, const std::string& name) = delete;

// The list until `done` says so (a table serves its connections in its own time).
template <class Done>
bool list_until(Tables& tables, const std::string& name, Done done) {
  for (int i = 0; i < 500; ++i) {
    const TableList list = tables.list();
    if (const net::TableListing* t = listed(list, name); t && done(*t)) return true;
    ::usleep(10000);
  }
  return false;
}

shell::AppContext context() {
  shell::AppContext ctx;
  ctx.unicode = false;
  return ctx;
}

}  // namespace

TEST_CASE("Client tables: a table is listed with its game and free seats, on both backends",
          "[net][client]") {
  const std::string backend = GENERATE(std::string("local"), std::string("ssh"));
  INFO(backend);
  auto p = place(backend);
  const TableList list = p->as("bob")->list();
  CHECK(list.error.empty());
  const net::TableListing* t = listed(list, p->table());
  REQUIRE(t);
  CHECK(t->game == "go-wacky");
  REQUIRE(t->seats);
  CHECK(t->seats->size() == 2);
  CHECK(t->free_seats() == 2);
  CHECK(t->players() == 0);
}

TEST_CASE("Client tables: hosting a table lists it and seats its host, on both backends", "[net][client]") {
  const std::string backend = GENERATE(std::string("local"), std::string("ssh"));
  INFO(backend);
  auto p = place(backend);
  shell::AppContext ctx = context();
  ctx.program = rt::test::racetable_binary();  // a local table is hosted by `racetable host`
  ctx.table_dir = p->where();
  // The local table's server outlives the host's shell: stopped with the
  // test, its save in a directory of the test's (it inherits the environment).
  nettest::TempDir state;
  const char* was = std::getenv("XDG_STATE_HOME");
  struct Restore {
    shell::AppContext& ctx;
    std::optional<std::string> state_home;
    ~Restore() {
      for (const auto& h : ctx.hosted) ::kill(h.pid, SIGTERM);
      if (state_home)
        ::setenv("XDG_STATE_HOME", state_home->c_str(), 1);
      else
        ::unsetenv("XDG_STATE_HOME");
    }
  } restore{ctx, was ? std::optional<std::string>(was) : std::nullopt};
  ::setenv("XDG_STATE_HOME", state.path.c_str(), 1);
  setup::TableRequest request;
  request.game = "go-wacky";
  request.seats = {"human", "remote"};
  shell::HostChoices choices;
  choices.name = "mine";
  auto dan = p->as("dan");
  const SitAt at = dan->host(ctx, request, choices);
  CHECK(at.table == "mine");
  CHECK(at.seat == 1);
  auto seated = dan->sit(ctx, at);
  REQUIRE(seated);
  CHECK(list_until(*dan, "mine", [](const net::TableListing& t) {
    return t.game == "go-wacky" && t.seats && (*t.seats)[0].mine && t.free_seats() == 1;
  }));
}

TEST_CASE("Client tables: sitting down takes the seat, and the list says it is mine, on both backends",
          "[net][client]") {
  const std::string backend = GENERATE(std::string("local"), std::string("ssh"));
  INFO(backend);
  auto p = place(backend);
  auto bob = p->as("bob");
  const shell::AppContext ctx = context();
  auto seated = bob->sit(ctx, SitAt{p->table(), p->where(), 2, ""});
  REQUIRE(seated);
  CHECK(list_until(*bob, p->table(), [](const net::TableListing& t) {
    return t.players() == 1 && (*t.seats)[1].claimed && (*t.seats)[1].mine;
  }));
}

TEST_CASE(
    "Client tables: a player back at once gets the seat their dropped connection still holds, on both "
    "backends",
    "[net][client]") {
  const std::string backend = GENERATE(std::string("local"), std::string("ssh"));
  INFO(backend);
  auto p = place(backend);
  const shell::AppContext ctx = context();
  auto first = p->as("bob")->sit(ctx, SitAt{p->table(), p->where(), 2, ""});
  REQUIRE(first);
  first.reset();  // the connection closes; the table has not read it yet
  std::string why;
  std::unique_ptr<shell::PlayTable> again;
  try {
    again = p->as("bob")->sit(ctx, SitAt{p->table(), p->where(), 2, ""});
  } catch (const UserError& e) {
    why = e.what();
  }
  INFO(why);
  CHECK(again);
}

TEST_CASE("Client tables: watching is counted in the list, on both backends", "[net][client]") {
  const std::string backend = GENERATE(std::string("local"), std::string("ssh"));
  INFO(backend);
  auto p = place(backend);
  auto eve = p->as("eve");
  const shell::AppContext ctx = context();
  auto watching = eve->sit(ctx, SitAt{p->table(), p->where(), 0, ""});
  REQUIRE(watching);
  CHECK(list_until(*eve, p->table(), [](const net::TableListing& t) { return t.watchers == 1; }));
}

TEST_CASE(
    "Client tables: a wrong join code is refused with the table's reason, the right one seats, on "
    "both backends",
    "[net][client]") {
  const std::string backend = GENERATE(std::string("local"), std::string("ssh"));
  INFO(backend);
  auto p = place(backend, true);
  REQUIRE_FALSE(p->code().empty());
  auto bob = p->as("bob");
  const shell::AppContext ctx = context();
  const TableList list = bob->list();
  const net::TableListing* t = listed(list, p->table());
  REQUIRE(t);
  CHECK(t->wants_code());
  CHECK_THROWS_WITH(bob->sit(ctx, SitAt{p->table(), p->where(), 2, "WRONG"}),
                    Catch::Contains("wrong join code"));
  CHECK(p->as("cleo")->sit(ctx, SitAt{p->table(), p->where(), 2, p->code()}));
}

TEST_CASE("Client tables: a seat someone else holds is refused, on both backends", "[net][client]") {
  const std::string backend = GENERATE(std::string("local"), std::string("ssh"));
  INFO(backend);
  auto p = place(backend);
  const shell::AppContext ctx = context();
  auto bob = p->as("bob")->sit(ctx, SitAt{p->table(), p->where(), 2, ""});
  REQUIRE(bob);
  if (backend == "local") return;  // one user of the machine is one person there: nobody else to refuse
  CHECK_THROWS_WITH(p->as("eve")->sit(ctx, SitAt{p->table(), p->where(), 2, ""}), Catch::Contains("seat 2"));
}

TEST_CASE(
    "Client tables: a table whose game is over is listed as over; its player's seat stays theirs, "
    "nobody else sits, anyone may watch the end, on both backends",
    "[net][client]") {
  const std::string backend = GENERATE(std::string("local"), std::string("ssh"));
  INFO(backend);
  auto p = place(backend, false, true);
  const shell::AppContext ctx = context();
  auto ana = p->as("ana");
  auto played = ana->sit(ctx, SitAt{p->table(), p->where(), 1, ""});
  REQUIRE(played);
  // The player answers every question with its first option until the end.
  shell::Millis now = 0;
  for (int i = 0; i < 20000 && played->phase() != shell::Phase::Over; ++i, now += 10) {
    played->update(now);
    const shell::Question q = played->question(0);
    if (played->phase() == shell::Phase::HumanTurn && !q.actions.empty())
      played->choose(0, q.actions[static_cast<std::size_t>(q.first)], now);
    else
      ::usleep(1000);
  }
  REQUIRE(played->phase() == shell::Phase::Over);
  CHECK_FALSE(played->result().empty());
  // The list says the game is over, and no seat is free.
  CHECK(list_until(*ana, p->table(), [](const net::TableListing& t) { return t.phase == "over"; }));
  const TableList over_list = ana->list();  // kept: `listed` points into it
  const net::TableListing* t = listed(over_list, p->table());
  REQUIRE(t);
  CHECK(t->free_seats() == 0);
  // The seat is its player's: another login of theirs is told so.
  CHECK_THROWS_WITH(p->as("ana")->sit(ctx, SitAt{p->table(), p->where(), 1, ""}),
                    Catch::Contains("seat 1 is taken: another login of yours sat down there first"));
  // The computer's seat is no one's to take.
  CHECK_THROWS_WITH(p->as("bob")->sit(ctx, SitAt{p->table(), p->where(), 2, ""}),
                    Catch::Contains("seat 2 is a computer"));
  if (backend == "ssh")  // one user of the machine is one person at a local table
    CHECK_THROWS_WITH(p->as("bob")->sit(ctx, SitAt{p->table(), p->where(), 1, ""}),
                      Catch::Contains("seat 1 is taken: ana is playing ana (watch with --watch)"));
  // Anyone may watch how it ended.
  auto watching = p->as("bob")->sit(ctx, SitAt{p->table(), p->where(), 0, ""});
  REQUIRE(watching);
  for (int i = 0; i < 500 && watching->phase() != shell::Phase::Over; ++i, now += 10) {
    watching->update(now);
    ::usleep(2000);
  }
  CHECK(watching->phase() == shell::Phase::Over);
  CHECK(watching->result_summary() == played->result_summary());
}

}  // namespace client_tables_cases
