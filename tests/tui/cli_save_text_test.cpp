// A save is a file anyone may hand you: what it says (a seat's name, the
// table's, a bad line quoted in an error) reaches the terminal only through
// the printable filter (core/printable.h).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "tests/tui/cli_run.h"

namespace save_text_test {

using rt::clitest::Run;
using rt::clitest::run;
using rt::clitest::temp_dir;

const std::string kEvil = "\x1b]0;pwned\x07\x1b[2J\x1b[31mCleo\xc2\x9b\r";

std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

bool has_control_bytes(const std::string& text) {
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u == 0x1b || u == 0x07 || u == '\r') return true;
  }
  return text.find("\xc2\x9b") != std::string::npos;  // C1 CSI
}

}  // namespace save_text_test

using namespace save_text_test;

TEST_CASE("A crafted save's seat name, table name and bad line reach the terminal printable: replay, resume",
          "[cli][save][security]") {
  const std::string plain = temp_dir() + "/evil-plain.save";
  REQUIRE(run("sim go-wacky --seed 11 --players 3 --save " + plain).code == 0);
  std::string text = read_text(plain);
  REQUIRE(text.find("seat bot normal Cleo\n") != std::string::npos);
  replace_all(text, "seat bot normal Cleo\n", "seat bot normal " + kEvil + "\n");
  replace_all(text, "game go-wacky\n", "game go-wacky\ntable t\x1b[2J\n");
  const std::string finished = temp_dir() + "/evil-finished.save";
  std::ofstream(finished, std::ios::binary) << text;
  // Cut after 40 steps: a game to resume.
  const std::string unfinished = temp_dir() + "/evil-unfinished.save";
  rt::clitest::write_cut_save(finished, unfinished, 40);
  // A bad line holding escapes, quoted in the error.
  std::string bad_text = text;
  replace_all(bad_text, "\nend\n", "\n\x1b]0;pwned\x07\x1b[2Jbad line\nend\n");
  const std::string bad = temp_dir() + "/evil-bad.save";
  std::ofstream(bad, std::ios::binary) << bad_text;

  for (const std::string& args :
       {"replay " + finished, "replay --all " + finished, "replay --board " + finished,
        "replay --all --json " + finished, "replay " + unfinished, "resume --line " + unfinished}) {
    CAPTURE(args);
    const Run r = run(args);
    CHECK(r.code == 0);
    CHECK(r.out.find("Cleo") != std::string::npos);  // the seat is there, its name made printable
    CHECK_FALSE(has_control_bytes(r.out));
    CHECK_FALSE(has_control_bytes(r.err));
  }
  for (const std::string& args : {"replay " + bad, "resume --line " + bad}) {
    CAPTURE(args);
    const Run r = run(args);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("unknown line '?]0;pwned??[2Jbad'"));
    CHECK(r.err.find('\n') == r.err.size() - 1);  // one line
    CHECK_FALSE(has_control_bytes(r.err));
  }
}
