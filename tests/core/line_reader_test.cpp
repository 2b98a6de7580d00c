// Typed lines with a cap checked as they are read, so a 100 MB line costs
// neither a minute of CPU nor its whole size in memory.
#include "core/line_reader.h"

#include <catch2/catch.hpp>

#include <sstream>

using rt::InputLine;
using rt::LineBuffer;

TEST_CASE("LineBuffer: lines split across pieces come out whole", "[core][input]") {
  LineBuffer b;
  b.append("1\n2");
  REQUIRE(b.next()->text == "1");
  CHECK_FALSE(b.next());
  b.append("3\n\n");
  CHECK(b.next()->text == "23");
  CHECK(b.next()->text.empty());
  CHECK_FALSE(b.next());
  CHECK_FALSE(b.rest());
  b.append("tail");
  CHECK(b.rest()->text == "tail");
}

TEST_CASE("LineBuffer: a line past the cap keeps only the cap and says so", "[core][input]") {
  LineBuffer b(8);
  for (int i = 0; i < 1000; ++i) b.append("abcdefghij");  // 10,000 bytes, no newline
  b.append("\nok\n");
  const InputLine cut = *b.next();
  CHECK(cut.too_long);
  CHECK(cut.text == "abcdefgh");
  const InputLine ok = *b.next();
  CHECK_FALSE(ok.too_long);
  CHECK(ok.text == "ok");
}

TEST_CASE("read_line: std::getline with the cap", "[core][input]") {
  std::istringstream in(std::string(10000, 'x') + "\n2\nlast");
  const auto first = rt::read_line(in, 100);
  REQUIRE(first);
  CHECK(first->too_long);
  CHECK(first->text.size() == 100);
  CHECK(rt::read_line(in, 100)->text == "2");
  CHECK(rt::read_line(in, 100)->text == "last");
  CHECK_FALSE(rt::read_line(in, 100));
}
