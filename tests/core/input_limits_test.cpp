// Limits on input: oversized save and data files are refused before they are
// read, an error quotes at most ~80 characters of input, CRLF saves are read.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/save.h"
#include "tests/core/toy_game.h"
#include "tests/harness/scratch_dir.h"

using namespace rt;

namespace {

std::string limits_dir() {
  return rt::test::scratch_dir("racetable-limits");
}

// A sparse file of `size` bytes: no disk used, and reading it whole would be slow.
void sparse_file(const std::string& path, off_t size) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  REQUIRE(::ftruncate(fd, size) == 0);
  ::close(fd);
}

std::string toy_save() {
  std::vector<Seat> seats{{"S1", SeatKind::Bot, BotLevel::Random}, {"S2", SeatKind::Bot, BotLevel::Random}};
  Table t(toy::toy_game(), seats, 5);
  t.advance();
  return save_text(t);
}

}  // namespace

TEST_CASE("Limits: an error quotes at most 80 characters of input, then an ellipsis", "[core][limits]") {
  CHECK(excerpt("short") == "short");
  CHECK(excerpt(std::string(80, 'x')) == std::string(80, 'x'));
  CHECK(excerpt(std::string(100000, 'x')) == std::string(80, 'x') + "\u2026");
  // Whole UTF-8 characters: 81 two-byte letters become 80 and the ellipsis.
  std::string accents;
  for (int i = 0; i < 81; ++i) accents += "\u00e9";
  CHECK(excerpt(accents) == accents.substr(0, 160) + "\u2026");
}

TEST_CASE("Limits: a save file over 16 MiB is refused before it is read", "[core][limits][save]") {
  const std::string dir = limits_dir();
  const std::string path = dir + "/huge.save";
  sparse_file(path, static_cast<off_t>(kMaxInputFileBytes) + 1);
  try {
    read_file(path);
    FAIL("a 16 MiB + 1 file was read");
  } catch (const UserError& e) {
    CHECK(std::string(e.what()) == fmt::format("{}: {} bytes is too large (at most {})", path,
                                               kMaxInputFileBytes + 1, kMaxInputFileBytes));
  }
  // Exactly the limit is still read.
  sparse_file(path, static_cast<off_t>(kMaxInputFileBytes));
  CHECK(read_file(path).size() == kMaxInputFileBytes);
  std::filesystem::remove_all(dir);
}

TEST_CASE("Limits: a data file over 16 MiB is refused before it is parsed", "[core][limits][data]") {
  const std::string dir = limits_dir();
  std::filesystem::create_directories(dir + "/go-wacky");
  sparse_file(dir + "/go-wacky/deck.json", static_cast<off_t>(kMaxInputFileBytes) + 5);
  const DataSource data = DataSource::directory(dir);
  try {
    data.read("go-wacky/deck.json");
    FAIL("an oversized data file was read");
  } catch (const DataError& e) {
    CHECK_THAT(e.what(), Catch::StartsWith(dir + "/go-wacky/deck.json: ") && Catch::Contains("too large"));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("Limits: a save with CRLF line ends reads as the same save", "[core][limits][save]") {
  const std::string lf = toy_save();
  std::string crlf;
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const SaveFile a = parse_save(lf, "lf.save");
  const SaveFile b = parse_save(crlf, "crlf.save");
  CHECK(a.game == b.game);
  CHECK(a.seed == b.seed);
  CHECK(a.rng_states == b.rng_states);
  REQUIRE(a.steps.size() == b.steps.size());
  for (std::size_t i = 0; i < a.steps.size(); ++i) CHECK(a.steps[i].action == b.steps[i].action);
}

TEST_CASE("Limits: a save line longer than 4096 bytes is refused by its length, not quoted",
          "[core][limits][save]") {
  std::string text = toy_save();
  text.insert(text.find("seed "), "variant " + std::string(10'000'000, 'v') + "\n");
  try {
    parse_save(text, "long.save");
    FAIL("a 10 MB line was accepted");
  } catch (const SaveError& e) {
    const std::string what = e.what();
    CHECK(what == "long.save: line 3: a line of 10000008 bytes is too long (at most 4096)");
  }
  // An unknown line is quoted, cut to 80 characters.
  std::string unknown = toy_save();
  unknown.insert(unknown.find("seed "), std::string(3000, 'k') + "\n");
  try {
    parse_save(unknown, "k.save");
    FAIL("an unknown line was accepted");
  } catch (const SaveError& e) {
    CHECK(std::string(e.what()) == "k.save: line 3: unknown line '" + std::string(80, 'k') + "\u2026'");
  }
}
