// JSON events carry their own fields: every event of a soak (every game,
// every player count, several seeds) is a JSON line that parses, names a
// type docs/EVENTS.md declares for its game, and carries exactly the fields
// declared for that type. docs/EVENTS.md is the schema: a field added in a
// game without the docs (or the other way round) fails here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/event.h"
#include "core/table.h"
#include "core/transcript.h"
#include "games/registry.h"

using namespace rt;
using nlohmann::json;

namespace {

// game id -> event type -> field names, from docs/EVENTS.md's tables:
// "### Go Wacky! (`go-wacky`)" then rows "| `draw` | `player`, `card` | … |".
using Schema = std::map<std::string, std::map<std::string, std::set<std::string>>>;

Schema read_schema() {
  const char* root = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(root != nullptr);
  std::ifstream in(std::string(root) + "/docs/EVENTS.md");
  REQUIRE(in.good());
  Schema schema;
  const std::regex heading(R"(^### .*\(`([a-z-]+)`\)\s*$)");
  const std::regex row(R"(^\| `([a-z_]+)` \|([^|]*)\|)");
  const std::regex field("`([a-z_]+)`");
  std::string game;
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, heading)) {
      game = m[1];
    } else if (!game.empty() && std::regex_search(line, m, row)) {
      std::set<std::string>& fields = schema[game][m[1]];
      const std::string list = m[2];
      for (auto it = std::sregex_iterator(list.begin(), list.end(), field); it != std::sregex_iterator();
           ++it)
        fields.insert((*it)[1]);
    }
  }
  return schema;
}

// Plays one game with computers to the end and returns its JSON lines, as
// the given audience would read them.
std::vector<std::string> json_lines(const std::string& id, int players, std::uint64_t seed, PlayerId audience,
                                    const std::set<std::string>& variants = {}) {
  Options o;
  o.players = players;
  o.variants = variants;
  std::shared_ptr<const Game> game = builtin_registry().create(id, o, DataSource::embedded());
  std::vector<Seat> seats(static_cast<std::size_t>(players), Seat{"Ana", SeatKind::Bot, BotLevel::Easy});
  Table t(game, seats, seed);
  std::string out;
  TranscriptOptions topt;
  topt.json = true;
  topt.audience = audience;
  TranscriptWriter writer(topt, [&](std::string_view s) { out += s; });
  EventSink events;
  attach_transcript(t, writer, events);
  for (int step = 0; step < 20000 && !t.over(); ++step)
    if (!t.advance_one()) break;
  std::vector<std::string> lines;
  std::istringstream split(out);
  for (std::string l; std::getline(split, l);) lines.push_back(l);
  return lines;
}

}  // namespace

TEST_CASE("JSON events: every event of a soak parses and carries its type's declared fields",
          "[events][json]") {
  const Schema schema = read_schema();
  for (const auto& e : builtin_registry().all()) {
    const std::string& id = e.info.id;
    CAPTURE(id);
    REQUIRE(schema.count(id) == 1);
    const auto& declared = schema.at(id);
    std::set<std::string> seen_types;
    int checked = 0;
    // The plain game, and variants that say things the plain game does not.
    std::vector<std::set<std::string>> configs{{}};
    if (id == "racesmack") configs.insert(configs.end(), {{"after-you", "time-penalty"}, {"racing-rules"}});
    if (id == "rc-racer") configs.push_back({"real-time"});
    if (id == "wacky-races") configs.push_back({"championship"});
    for (const auto& variants : configs)
      for (int players = e.info.min_players; players <= e.info.max_players; ++players) {
        for (std::uint64_t seed : {1, 2}) {
          // All-seeing (private events included) and seat 1's (the others'
          // redacted twins of private events included).
          for (PlayerId audience : {kEveryone, PlayerId{0}}) {
            for (const std::string& line : json_lines(id, players, seed, audience, variants)) {
              CAPTURE(players, seed, line);
              json j;
              REQUIRE_NOTHROW(j = json::parse(line));
              if (j.at("type") != "event") continue;
              const std::string type = j.at("event").get<std::string>();
              REQUIRE(declared.count(type) == 1);
              std::set<std::string> fields;
              for (const auto& [name, value] : j.at("fields").items()) {
                fields.insert(name);
                CHECK(!value.is_null());
              }
              CHECK(fields == declared.at(type));
              CHECK(j.at("text").get<std::string>() != "");
              seen_types.insert(type);
              ++checked;
            }
          }
        }
      }
    // Every declared type is one a game can say (a type the soak did not
    // reach is listed, not failed: some are rare, such as a deck running out).
    std::string unseen;
    for (const auto& [type, fields] : declared)
      if (!seen_types.count(type)) unseen += " " + type;
    INFO(id << ": " << checked << " events; declared types the soak did not reach:" << unseen);
    CHECK(checked > 100);
    CHECK(seen_types.size() * 2 > declared.size());
  }
}

TEST_CASE("JSON events: a private event's redacted twin goes to the others, not to its seat",
          "[events][json]") {
  // Go Wacky!: the drawer hears the card, the others only the count.
  const auto seat1 = json_lines("go-wacky", 3, 4, 0);
  const auto all = json_lines("go-wacky", 3, 4, kEveryone);
  int own_draws = 0, others_draws = 0, twins_for_all = 0;
  for (const std::string& line : seat1) {
    const json j = json::parse(line);
    if (j.at("type") != "event") continue;
    if (j.at("event") == "draw") {
      CHECK(j.at("to") == 1);
      ++own_draws;
    }
    if (j.at("event") == "draw_unseen") {
      const std::vector<int> not_to = j.at("not_to").get<std::vector<int>>();
      CHECK(std::find(not_to.begin(), not_to.end(), 1) == not_to.end());
      CHECK(j.at("fields").at("player") != 1);
      ++others_draws;
    }
  }
  for (const std::string& line : all) {
    const json j = json::parse(line);
    if (j.at("type") == "event" && j.at("event") == "draw_unseen") ++twins_for_all;
  }
  CHECK(own_draws > 0);
  CHECK(others_draws > 0);
  CHECK(twins_for_all == 0);  // the all-seeing transcript has the cards themselves
}

TEST_CASE("Events: shown_to gives a redacted twin to every seat but its own", "[events]") {
  const PlayerId others_than_ben = everyone_but(1);
  CHECK(shown_to(others_than_ben, 0));
  CHECK_FALSE(shown_to(others_than_ben, 1));
  CHECK(shown_to(others_than_ben, 2));
  CHECK(shown_to(others_than_ben, kPublic));
  CHECK_FALSE(shown_to(others_than_ben, kEveryone));  // it sees Ben's own event instead
  CHECK(shown_to(PlayerId{1}, kEveryone));
  CHECK_FALSE(shown_to(PlayerId{1}, kPublic));
  CHECK(shown_to(kEveryone, kPublic));
}

TEST_CASE("Events: a card passed between two seats is told to everyone else once, without the card",
          "[events]") {
  const PlayerId not_ana_or_cleo = everyone_but(0, 2);
  CHECK_FALSE(shown_to(not_ana_or_cleo, 0));
  CHECK(shown_to(not_ana_or_cleo, 1));
  CHECK_FALSE(shown_to(not_ana_or_cleo, 2));
  CHECK(shown_to(not_ana_or_cleo, 5));
  CHECK(shown_to(not_ana_or_cleo, kPublic));
  CHECK_FALSE(shown_to(not_ana_or_cleo, kEveryone));
  CHECK(is_public(not_ana_or_cleo));
  CHECK(everyone_but(3) != everyone_but(3, 4));
  CHECK(everyone_but(3, 3) == everyone_but(3));
  for (PlayerId p = 0; p <= kMaxExcludedSeat; ++p)
    for (PlayerId q = 0; q <= kMaxExcludedSeat; ++q) CHECK(is_everyone_but(everyone_but(p, q)));
}
