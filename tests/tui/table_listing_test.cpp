// The typed table listing (net/table_listing.h): the one reader of a
// table's "info" and of the SSH server's "tables" answer.
#include <catch2/catch.hpp>

#include "net/ssh_session_process.h"
#include "net/table_listing.h"

namespace table_listing_cases {
namespace {

using namespace rt;
using namespace rt::net;

TableListing every_field() {
  TableListing t;
  t.table = "friends";
  t.game = "go-wacky";
  t.game_name = "Go Wacky";
  t.phase = "playing";
  t.host = "ana";
  t.protocol = 3;
  t.pid = 4242;
  t.seats = std::vector<ListedSeat>{
      ListedSeat{"Ana", true, "human", true, true, false, "ana", true},
      ListedSeat{"Ben", true, "human", true, false, true, "ben", false},
      ListedSeat{"Dot", false, "hard", false, false, false, "", false},
      ListedSeat{"Free", true, "human", false, false, false, "", false},
  };
  t.watchers = 2;
  t.watch = false;
  t.watch_only = true;
  t.code = true;
  t.invited = true;
  t.move_time_s = 60;
  t.game_time_min = 15;
  DealRead d;
  d.deal.kind = DealKind::Drawn;
  d.deal.commitment = std::string(kCommitmentHexDigits, 'a');
  t.deal = d;
  t.access = ListedAccess::Code;
  t.you_host = true;
  t.join_code = "tiger-42";
  return t;
}

}  // namespace

TEST_CASE("Table listing: every field survives to JSON and back", "[net]") {
  const TableListing t = every_field();
  CHECK(read_listing(to_json(t)) == t);
  CHECK(t.free_seats() == 1);
  CHECK(t.players() == 2);
  CHECK(t.wants_code());
  // A listing without seats (an older server's coded table) stays one.
  TableListing bare;
  bare.table = "old";
  CHECK(read_listing(to_json(bare)) == bare);
  CHECK_FALSE(read_listing(to_json(bare)).seats.has_value());
}

TEST_CASE("Table listing: a malformed listing is one line naming the field", "[net]") {
  json j = to_json(every_field());
  j["seats"][1]["claimed"] = "yes";
  CHECK_THROWS_WITH(read_listing(j), "seats[1]: \"claimed\" must be true or false");
  j = to_json(every_field());
  j.erase("table");
  CHECK_THROWS_WITH(read_listing(j), "\"table\" is missing");
  j = to_json(every_field());
  j["deal"] = json{{"kind", "drawn"}, {"commitment", "not hex"}};
  CHECK_THROWS_WITH(read_listing(j), Catch::Contains("\"deal\""));
  j = to_json(every_field());
  j["access"] = "everyone\x1b[2J";
  const std::string said = [&] {
    try {
      (void)read_listing(j);
    } catch (const ProtocolError& e) {
      return std::string(e.what());
    }
    return std::string();
  }();
  CHECK_THAT(said, Catch::StartsWith("\"access\""));
  CHECK(said.find('\x1b') == std::string::npos);
  CHECK(said.find('\n') == std::string::npos);
  json answer{{"type", "tables"}, {"tables", json::array({to_json(every_field()), json{{"table", 7}}})}};
  CHECK_THROWS_WITH(read_tables_answer(answer), "tables[1]: \"table\" must be a string");
}

TEST_CASE("Table listing: a peer's text is made printable when read", "[net][security]") {
  json j = to_json(every_field());
  j["host"] = "ev\x1b]0;x\x07il";
  j["seats"][0]["name"] = "A\u202Ena";
  const TableListing t = read_listing(j);
  CHECK(t.host == "ev?]0;x?il");
  CHECK(t.seats->front().name == "A?na");
}

TEST_CASE("Table listing: ssh HOST tables prints the SSH server's answer from the typed listing",
          "[ssh][net]") {
  TablesAnswer answer;
  answer.tables.push_back(every_field());
  const std::string text = ssh_detail::tables_text(answer);
  CHECK(text ==
        "friends\tgo-wacky\tplaying\tana\t1 free\t2 playing\t2 watching\tcode,no-watchers,clock-60s,"
        "game-clock-15m\tdeal committed: SHA-256 " +
            std::string(kCommitmentHexDigits, 'a') + "\n");
}

}  // namespace table_listing_cases
