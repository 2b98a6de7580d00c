// The data files: the fixed deck matches the reference's PROPOSED lists
// (section 7), and a broken file names the file, the field and what is wrong.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tests/games/racesmack/fixture.h"
#include "tests/harness/scratch_dir.h"

using namespace rt::racesmack::fixture;
namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Copies data/racesmack to a scratch directory with one text replacement and
// returns the loader's error message ("" if it loaded).
std::string load_with(const std::string& file, const std::string& from, const std::string& to) {
  const char* src = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(src != nullptr);
  const fs::path dir = rt::test::scratch_dir("racesmack-data-test");
  fs::remove_all(dir);
  fs::create_directories(dir / "racesmack");
  for (const char* f : {"cards.json", "templates.json", "rules.txt"}) {
    std::string text = read(fs::path(src) / "data" / "racesmack" / f);
    if (file == f) {
      const auto at = text.find(from);
      REQUIRE(at != std::string::npos);
      text.replace(at, from.size(), to);
    }
    std::ofstream(dir / "racesmack" / f, std::ios::binary) << text;
  }
  try {
    load_data(DataSource::directory(dir.string()));
  } catch (const DataError& e) {
    return e.what();
  }
  return {};
}

}  // namespace

// Reference 7.2: "Counts are 7x1, 13x2, 11x3, 5x4 (86 icons). Shapes:
// rectangle 22, triangle 22, circle 21, star 21. Colours: red 22, green 22,
// blue 21, purple 21. All 16 shape-colour pairs appear at least once."
TEST_CASE("Data: the fixed 36 regular cards match the reference's list", "[racesmack][data]") {
  const Data& d = embedded_data();
  std::array<int, 7> counts{};
  std::array<int, 4> shapes{}, colours{};
  std::set<std::pair<int, int>> pairs;
  int regular = 0;
  for (const Card& c : d.base_cards) {
    if (c.is_rule) continue;
    ++regular;
    ++counts[c.count];
    for (int i = 0; i < c.count; ++i) {
      ++shapes[c.shape[static_cast<std::size_t>(i)]];
      ++colours[c.colour[static_cast<std::size_t>(i)]];
      pairs.emplace(c.shape[static_cast<std::size_t>(i)], c.colour[static_cast<std::size_t>(i)]);
    }
  }
  CHECK(regular == 36);
  CHECK((counts[1] == 7 && counts[2] == 13 && counts[3] == 11 && counts[4] == 5));
  CHECK(shapes == std::array<int, 4>{22, 22, 21, 21});
  CHECK(colours == std::array<int, 4>{22, 22, 21, 21});
  CHECK(pairs.size() == 16);
}

// Reference 7.3 and 7.4: 18 Rule Cards numbered 1-18; 18 Shifting Gears cards
// with counts 4x1, 6x2, 5x3, 3x4.
TEST_CASE("Data: 18 numbered Rule Cards and 18 Shifting Gears cards", "[racesmack][data]") {
  const Data& d = embedded_data();
  std::set<int> numbers;
  for (const Card& c : d.base_cards)
    if (c.is_rule) numbers.insert(c.number);
  CHECK(numbers.size() == 18);
  CHECK(*numbers.rbegin() == 18);
  std::array<int, 5> counts{};
  for (const Card& c : d.gears_cards) ++counts[c.count];
  CHECK(d.gears_cards.size() == 18);
  CHECK((counts[1] == 4 && counts[2] == 6 && counts[3] == 5 && counts[4] == 3));
  CHECK(d.hand_size == 4);
  CHECK(d.racing_deck == 9);
}

TEST_CASE("Data: the rules summary is in 80 columns and lists our readings", "[racesmack][data]") {
  const std::string& t = embedded_data().rules_text;
  std::istringstream in(t);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    CAPTURE(line);
    CHECK(utf8_length(line) <= 80);
  }
  CHECK(lines < 220);
  for (const char* must : {"SET UP", "A ROUND", "WHICH CARDS ARE CORRECT", "FINISHING", "VARIANTS",
                           "OUR READINGS", "noise-canceling", "racing-rules", "time-penalty", "tiebreaker",
                           "after-you", "first-game", "shifting-gears", "generated-deck"})
    CHECK(t.find(must) != std::string::npos);
}

TEST_CASE("Data: a broken file says which file, which field and what is wrong", "[racesmack][data]") {
  CHECK(load_with("cards.json", "", "").empty());
  std::string e =
      load_with("cards.json", "\"circle/green\", \"star/red\"", "\"circle/green\", \"star/pink\"");
  CHECK(e.find("racesmack/cards.json: regular[7].icons[1]: unknown colour 'pink'") != std::string::npos);
  e = load_with("cards.json", "{\"id\": \"R02\"", "{\"id\": \"R01\"");
  CHECK(e.find("card id 'R01' is used twice") != std::string::npos);
  e = load_with("cards.json", "\"values\": [5, \"blue\"]", "\"values\": [7, \"blue\"]");
  CHECK(e.find("rule_cards[0].finish.values[0]: '7' is not a value of %numhigh%") != std::string::npos);
  e = load_with("cards.json", "\"values\": [4, \"purple\", 2, \"star\"]",
                "\"values\": [4, \"purple\", 4, \"star\"]");
  CHECK(e.find("%num% has '4' only 1 time(s) in its pool") != std::string::npos);
  e = load_with("templates.json", "has %num% %compare% %properties%", "has %num% %properties%");
  CHECK(e.find("racesmack/templates.json: rules[1].text: template 'variety' needs placeholders") !=
        std::string::npos);
  e = load_with("templates.json", "\"weight\": 250", "\"weight\": \"lots\"");
  CHECK(e.find("rules[0].weight: expected a whole number") != std::string::npos);
  e = load_with("templates.json", "%freq% often", "%frequency% often");
  CHECK(e.find("unknown placeholder %frequency%") != std::string::npos);
  e = load_with("cards.json", "\"hand_size\": 4,", "\"hand_size\": 4");
  CHECK(e.find("racesmack/cards.json: line") != std::string::npos);
  CHECK(e.find("not valid JSON") != std::string::npos);
}
