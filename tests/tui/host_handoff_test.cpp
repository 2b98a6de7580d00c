// Hosting a local table from the shell: the TableSpec handed to `racetable
// host --spec-fd`, its answer one JSON line (net/host_handoff.h).
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>

#include <catch2/catch.hpp>

#include "cli_run.h"
#include "net/client.h"
#include "net/host_handoff.h"
#include "net_test_util.h"

using namespace rt;
using namespace rt::net;

namespace {

// XDG_STATE_HOME for the hosted table's save, as it was once the test ends.
struct HandoffStateHome {
  std::optional<std::string> before;
  explicit HandoffStateHome(const std::string& dir) {
    if (const char* v = std::getenv("XDG_STATE_HOME")) before = v;
    ::setenv("XDG_STATE_HOME", dir.c_str(), 1);
  }
  ~HandoffStateHome() {
    if (before)
      ::setenv("XDG_STATE_HOME", before->c_str(), 1);
    else
      ::unsetenv("XDG_STATE_HOME");
  }
};

TableSpec handed_spec() {
  TableSpec spec;
  spec.request.game = "go-wacky";
  spec.request.seats = {"human", "remote"};
  spec.request.players = 2;
  spec.name = "handed";
  spec.admission = Admission::Code;
  spec.move_time_s = 60;
  return spec;
}

}  // namespace

TEST_CASE("Host hand-off: a TableSpec hosted in the background answers where the table is", "[net]") {
  nettest::TempDir tmp;
  HandoffStateHome home(tmp.path + "/state");
  const std::string dir = tmp.path + "/tables";
  const HandoffAnswer answer = host_in_background(rt::test::racetable_binary(), handed_spec(), dir);
  INFO(answer.error);
  REQUIRE(answer.error.empty());
  CHECK(answer.table == "handed");
  CHECK(answer.dir == dir);
  CHECK(answer.socket == dir + "/handed.sock");
  struct stat st {};
  CHECK(::lstat(answer.socket.c_str(), &st) == 0);
  CHECK(S_ISSOCK(st.st_mode));
  // The server drew the seed and committed to it: the commitment is told.
  CHECK(answer.deal.value("kind", "") == "drawn");
  CHECK(answer.deal.value("commitment", "").size() == 64);
  REQUIRE(answer.pid > 0);
  // The code it made lets the host sit at their own seat.
  REQUIRE_FALSE(answer.code.empty());
  {
    Joined joined = join_table(answer.dir, answer.table, nettest::play_hello(1, answer.code));
    CHECK(joined.welcome.value("seat", 0) == 1);
  }
  ::kill(answer.pid, SIGTERM);
  // The server saves and goes: its socket leaves with it.
  for (int i = 0; i < 500 && ::lstat(answer.socket.c_str(), &st) == 0; ++i) ::usleep(10000);
  CHECK(::lstat(answer.socket.c_str(), &st) != 0);
}

TEST_CASE("Host hand-off: a spec the table refuses comes back as its one line, and nothing opens", "[net]") {
  nettest::TempDir tmp;
  HandoffStateHome home(tmp.path + "/state");
  TableSpec spec = handed_spec();
  spec.move_time_s = 2;
  const HandoffAnswer answer = host_in_background(rt::test::racetable_binary(), spec, tmp.path + "/tables");
  CHECK(answer.error == "move_time: give seconds from 5 to 86400 (0: no clock)");
  CHECK(answer.table.empty());
  struct stat st {};
  CHECK(::lstat((tmp.path + "/tables/handed.sock").c_str(), &st) != 0);
}
