#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/json_data.h"
#include "core/types.h"
#include "tests/harness/scratch_dir.h"

using namespace rt;

namespace {
std::string temp_data_dir(const std::string& file, const std::string& content) {
  const std::filesystem::path dir = rt::test::scratch_dir("racetable-data-test");
  std::filesystem::create_directories(dir / std::filesystem::path(file).parent_path());
  std::ofstream(dir / file) << content;
  return dir.string();
}
}  // namespace

TEST_CASE("Data: a syntax error names the file and line", "[core][data]") {
  const auto dir = temp_data_dir("g/x.json", "{\n \"a\": 1,\n \"b\": \n}");
  CHECK_THROWS_WITH(JsonDocument(DataSource::directory(dir), "g/x.json"),
                    Catch::Contains("g/x.json: line 4: not valid JSON"));
}

TEST_CASE("Data: a bad field names the file, the field and what is wrong", "[core][data]") {
  const auto dir = temp_data_dir("g/y.json", R"({"cards":[{"copies":1},{"copies":"two"}]})");
  JsonDocument doc(DataSource::directory(dir), "g/y.json");
  const JsonField cards = doc.root().at("cards");
  CHECK(cards.at(0).integer("copies", 1, 9) == 1);
  CHECK_THROWS_WITH(cards.at(1).integer("copies", 1, 9),
                    Catch::EndsWith("g/y.json: cards[1].copies: expected a whole number"));
  CHECK_THROWS_WITH(cards.at(0).str("name"), Catch::EndsWith("g/y.json: cards[0].name: missing"));
  CHECK_THROWS_WITH(cards.at(0).integer("copies", 2, 9),
                    Catch::EndsWith("cards[0].copies: 1 is out of range 2..9"));
}

TEST_CASE("Data: a missing file says so", "[core][data]") {
  CHECK_THROWS_AS(DataSource::directory("/nonexistent-racetable").read("a.json"), DataError);
  CHECK_THROWS_WITH(DataSource::embedded().read("nope/none.json"),
                    "data/nope/none.json: not embedded in this build");
}
