// The SSH table process's list kept encoded (net/table_list_cache.h) and
// the registry's names kept (net/registry_names.h): what a player is told
// is never older than what happened.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdint>
#include <string>

#include "client/ssh_tables.h"
#include "net/ssh_identity.h"
#include "net/table_listing.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/ssh_tables_util.h"

using namespace rt;
using namespace rt::net;
using namespace rt::net::sshtest;

namespace {

std::uint64_t version_of(const json& list) {
  REQUIRE(list.value("type", "") == "tables");
  REQUIRE(list.contains("version"));
  return list["version"].get<std::uint64_t>();
}

json list_since(int link, std::uint64_t version) {
  return ask(link, json{{"type", "list"}, {"since", version}});
}

// A table process, and ana's and bob's links to it.
struct AnaAndBobLinked {
  nettest::TempDir dir;
  TableProcessChild tp{dir.path};
  const int ana = tp.link("ana", kAna);
  const int bob = tp.link("bob", kBob);

  ~AnaAndBobLinked() {
    ::close(ana);
    ::close(bob);
  }
};

}  // namespace

TEST_CASE_METHOD(
    AnaAndBobLinked,
    "SSH tables: the list kept encoded shows a new table, a seat taken and a closed table; asked since "
    "its version it is 'unchanged' until then",
    "[ssh][net]") {
  const json empty = ask(bob, json{{"type", "list"}});
  CHECK(empty["tables"].empty());
  const std::uint64_t v0 = version_of(empty);
  const json same = list_since(bob, v0);
  CHECK(same.value("unchanged", false));
  CHECK(version_of(same) == v0);
  CHECK_FALSE(same.contains("tables"));

  // A new table: a new version, and the table in it.
  const json hosted = host_go_wacky(ana);
  REQUIRE(hosted.value("type", "") == "hosted");
  const std::string table = hosted.value("table", "");
  const json with_table = list_since(bob, v0);
  CHECK_FALSE(with_table.value("unchanged", false));
  const std::uint64_t v1 = version_of(with_table);
  CHECK(v1 != v0);
  REQUIRE(table_in(with_table, table).is_object());
  CHECK_FALSE(table_in(with_table, table)["seats"][1].value("claimed", true));
  CHECK_FALSE(table_in(with_table, table).value("you_host", true));
  CHECK(list_since(bob, v1).value("unchanged", false));
  // Each asker's own marks come with the shared encoding: the host is ana.
  CHECK(table_in(ask(ana, json{{"type", "list"}}), table).value("you_host", false));

  // bob sits: the seat is claimed and his, in a newer version.
  Connection bob_conn;
  REQUIRE(sit(bob, table, 2, &bob_conn).value("type", "") == "welcome");
  const json seated = list_until(
      bob, [&](const json& l) { return table_in(l, table)["seats"][1].value("connected", false); });
  CHECK(version_of(seated) != v1);
  CHECK(table_in(seated, table)["seats"][1].value("mine", false));
  CHECK(table_in(seated, table)["seats"][1].value("user", "") == "bob");
  CHECK_FALSE(table_in(ask(ana, json{{"type", "list"}}), table)["seats"][1].value("mine", true));

  // A table of computers (no timed contests), watched a moment, plays to its end and closes:
  // gone from the list.
  const json bots =
      ask(ana, json{{"type", "host"}, {"game", "scrap-racer"}, {"seats", {"random", "random"}}});
  REQUIRE(bots.value("type", "") == "hosted");
  const std::string bot_table = bots.value("table", "");
  const json before_close = ask(bob, json{{"type", "list"}});
  {
    Connection watcher;
    REQUIRE(sit(bob, bot_table, 0, &watcher).value("type", "") == "welcome");
  }
  json closed;
  for (int i = 0; i < 10; ++i) {
    closed = list_until(bob, [&](const json& l) { return !table_in(l, bot_table).is_object(); });
    if (!table_in(closed, bot_table).is_object()) break;
  }
  INFO(table_in(closed, bot_table).dump());
  CHECK_FALSE(table_in(closed, bot_table).is_object());
  CHECK(table_in(closed, table).is_object());
  if (table_in(before_close, bot_table).is_object()) CHECK(version_of(closed) != version_of(before_close));
}

TEST_CASE("SSH tables: a player registered after the table process read the names is seen by its next host",
          "[ssh][net]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int eve = tp.link("eve", kEve);
  auto host = [&](const std::string& bot) {
    return ask(
        eve,
        json{
            {"type", "host"}, {"game", "go-wacky"}, {"seats", {"human", "normal"}}, {"names", {"Eve", bot}}});
  };
  // The names read (and kept): "zed" is nobody's yet.
  REQUIRE(host("Dev").value("type", "") == "hosted");
  PlayerKey zed_key{"ssh-ed25519", "AAAAzed", std::string(64, 'c'),
                    "SHA256:zedzedzedzedzedzedzedzedzedzedzedzedzedzedz"};
  REQUIRE(PlayerRegistry(dir.path).login(zed_key, "zed").outcome == PlayerRegistry::Outcome::Registered);
  const json refused = host("ZED");
  INFO(refused.dump());
  CHECK(refused.value("type", "") == "error");
  CHECK_THAT(refused.value("text", ""), Catch::Contains("looks like the player 'zed'"));
  ::close(eve);
}

TEST_CASE_METHOD(
    AnaAndBobLinked,
    "SSH tables: asked since an earlier version only the tables changed come, with every name in order; "
    "the shell's list merged from them is the whole list",
    "[ssh][net]") {
  const std::string t1 = host_go_wacky(ana).value("table", "");
  const std::string t2 = host_go_wacky(ana).value("table", "");
  auto shell = rt::client::ssh_tables(tp.link("eve", kEve));
  REQUIRE(shell->list().rows.size() == 2);

  const std::uint64_t v1 = version_of(ask(bob, json{{"type", "list"}}));
  const std::string t3 = host_go_wacky(ana).value("table", "");
  const json changes = list_since(bob, v1);
  INFO(changes.dump());
  CHECK(changes.value("since", std::uint64_t{0}) == v1);
  REQUIRE(changes["tables"].size() == 1);
  CHECK(changes["tables"][0].value("table", "") == t3);
  CHECK(changes["order"] == json({t1, t2, t3}));
  // A version this process never gave (another's, before a restart): the whole list.
  const json whole = list_since(bob, v1 + 1000000);
  CHECK_FALSE(whole.contains("since"));
  CHECK(whole["tables"].size() == 3);

  // bob sits at t2: eve's shell, asking since its version, has the whole list as a fresh one reads it.
  Connection bob_conn;
  REQUIRE(sit(bob, t2, 2, &bob_conn).value("type", "") == "welcome");
  list_until(bob, [&](const json& l) { return table_in(l, t2)["seats"][1].value("connected", false); });
  const rt::client::TableList merged = shell->list();
  REQUIRE(merged.error.empty());
  const TablesAnswer fresh = read_tables_answer(ask(tp.link("eve", kEve), json{{"type", "list"}}));
  REQUIRE(merged.rows.size() == fresh.tables.size());
  for (std::size_t k = 0; k < fresh.tables.size(); ++k) {
    REQUIRE(merged.rows[k].listing);
    CHECK(*merged.rows[k].listing == fresh.tables[k]);
  }
  CHECK(merged.rows[1].listing->seats->at(1).user == "bob");
}
