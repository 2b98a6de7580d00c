// Data files: the embedded data is complete, and a bad file says
// "file: field: what is wrong".
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/games/rc_racer/fixture.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

namespace {

namespace fs = std::filesystem;

// A copy of data/rc-racer in a temporary directory, one JSON file changed.
struct BadData {
  explicit BadData(const std::string& file) : file_(file) {
    const char* src = std::getenv("RACETABLE_SOURCE_DIR");
    REQUIRE(src != nullptr);
    dir_ = fs::temp_directory_path() /
           ("rc-racer-data-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    fs::create_directories(dir_ / "rc-racer");
    for (const auto& e : fs::directory_iterator(fs::path(src) / "data" / "rc-racer"))
      fs::copy_file(e.path(), dir_ / "rc-racer" / e.path().filename(), fs::copy_options::overwrite_existing);
    std::ifstream in(dir_ / "rc-racer" / file);
    json = nlohmann::json::parse(in);
  }
  ~BadData() { fs::remove_all(dir_); }
  // Loads with the changed JSON; returns the error message ("" if it loaded).
  std::string load() {
    std::ofstream(dir_ / "rc-racer" / file_) << json.dump(1);
    try {
      load_data(DataSource::directory(dir_.string()));
    } catch (const DataError& e) {
      return e.what();
    }
    return {};
  }
  static int& counter() {
    static int c = 0;
    return c;
  }
  nlohmann::json json;

 private:
  std::string file_;
  fs::path dir_;
};

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("Data: the box's contents", "[rc-racer][data]") {
  const Data& d = data();
  int tiles = 0;
  for (const auto& k : d.kinds) tiles += k.copies;
  CHECK(tiles == 15);           // "15 tiles" and one gap
  CHECK(d.kinds.size() == 14);  // "14 different symbols on 15 tiles"
  CHECK(d.racecars.size() == 8);
  CHECK(d.batteries == 3);
  CHECK(d.battery_tokens == 13);
  CHECK(d.shields == 7);
  CHECK(d.track_boards == 4);
  CHECK(d.side(static_cast<BoardRef>(d.find_ref("2B"))).name == "Table legs");
  CHECK(d.side(static_cast<BoardRef>(d.find_ref("2B"))).at(0, 0) == rc_racer::Cell::Impassable);
  CHECK(d.side(static_cast<BoardRef>(d.find_ref("2B"))).at(3, 0) == rc_racer::Cell::Speeder);
  CHECK(d.side(static_cast<BoardRef>(d.find_ref("start-A"))).slot_row[0] == 2);
  CHECK(d.rules_text.find("OUR READINGS") != std::string::npos);
}

TEST_CASE("Data: a bad controller file names the field", "[rc-racer][data]") {
  {
    BadData b("controller.json");
    b.json["tiles"][0]["short"] = "Forward";
    CHECK(contains(b.load(), "controller.json: tiles[0].short: must be 1 to 5 characters"));
  }
  {
    BadData b("controller.json");
    b.json["tiles"][0]["copies"] = 3;
    CHECK(contains(b.load(), "tiles: the controller holds 15 tiles, not 16"));
  }
  {
    BadData b("controller.json");
    b.json["layout"][0] = nullptr;
    CHECK(contains(b.load(), "layout"));
  }
  {
    BadData b("controller.json");
    b.json["tiles"][3]["command"] = "teleport";
    CHECK(contains(b.load(), "tiles[3].command: 'teleport' is not one of"));
  }
}

TEST_CASE("Data: a bad racecar or race file names the field", "[rc-racer][data]") {
  {
    BadData b("racecars.json");
    b.json["racecars"][1]["ability"] = "double-increase";
    CHECK(contains(b.load(), "racecars[1].ability: two racecars share this ability"));
  }
  {
    BadData b("race.json");
    b.json["smiles"] = {"I", "X"};
    CHECK(contains(b.load(), "race.json: smiles: needs one Smile token per player"));
  }
}

// Reference: "Check when loading: every row keeps at least two lanes a car can enter, and the track can be
// driven from every starting space to the line."
TEST_CASE("Data: boards are checked when loading", "[rc-racer][data]") {
  {
    BadData b("track.json");
    b.json["tracks"][0]["A"]["rows"][2] = "##.##";
    CHECK(contains(
        b.load(), "track.json: tracks[0].A.rows[2]: every row needs at least two lanes a Racecar can enter"));
  }
  {
    BadData b("track.json");
    b.json["tracks"][1]["B"]["rows"][3] = "..###";
    b.json["tracks"][1]["B"]["rows"][4] = "###..";
    b.json["tracks"][1]["B"]["rows"][5] = "###..";
    const std::string err = b.load();
    CHECK(contains(err, "track.json: tracks: from starting space"));
    CHECK(contains(err, "no car can drive to the line"));
  }
  {
    BadData b("track.json");
    b.json["start"]["B"]["rows"][3] = ".1.1.";
    CHECK(contains(b.load(), "start.B.rows[3]: starting space 1 appears twice"));
  }
  {
    BadData b("track.json");
    b.json["tracks"][2]["A"]["rows"][0] = ".Q...";
    CHECK(contains(b.load(), "tracks[2].A.rows[0]: 'Q' is not a track symbol"));
  }
  {
    BadData b("track.json");
    CHECK(b.load().empty());  // the copy itself is fine
  }
}
