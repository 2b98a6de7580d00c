// The rules page (r in a game) wraps each game's rules summary as the text
// means: paragraphs reflowed to the window with no word
// left alone on a line ("out / of fuel", "2nd."), list items starting their
// lines, table rows kept whole at 80 columns.
#include <catch2/catch.hpp>

#include <sstream>

#include "games/registry.h"
#include "tui/shell/rules_text.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;

namespace {

std::vector<std::string> trimmed_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out.push_back(line);
  }
  return out;
}

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string rules_of(const std::string& id) {
  Options opt;
  opt.players = builtin_registry().get(id).info.min_players;
  return builtin_registry().create(id, opt, DataSource::embedded())->rules_text();
}

// The whole rules page at `width` columns: the rows under its title bar.
std::vector<std::string> rules_page(const std::string& id, int width) {
  AppContext ctx;
  auto page = make_reader_screen("rules", rules_document(ctx, id), U'r');
  Canvas c(width, 1000, true);
  page->draw(c, 0);
  std::vector<std::string> rows = trimmed_lines(c.to_text());
  rows.erase(rows.begin());  // the title bar
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  rows.pop_back();  // the help line
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  return rows;
}

}  // namespace

TEST_CASE("rules text: headings, paragraphs, hanging entries, list items and table rows", "[shell][rules]") {
  const std::string text =
      "GAME  2-4 players  -  a title line as wide as the widest line of the text\n"
      "\n"
      "THE TRACK\n"
      "  A paragraph that goes on\n"
      "  over two lines. Its end.\n"
      "  A new one: the line above ended a sentence with room to spare.\n"
      "  Jump: 2 forward; landing on\n"
      "    a wall: 1 Damage.\n"
      "  - an item that\n"
      "    goes on\n"
      "  3. a numbered item\n"
      "  X Obstacle     stop ON it,\n"
      "                 1 Damage.\n"
      "  . Empty        no effect.\n";
  const auto parts = rules_parts(text);
  using K = RulesPart::Kind;
  REQUIRE(parts.size() == 10);
  CHECK(parts[0].kind == K::Heading);
  CHECK(parts[0].text.substr(0, static_cast<std::size_t>(parts[0].title)) == "GAME");
  CHECK(parts[1].kind == K::Blank);
  CHECK(parts[2].kind == K::Heading);
  CHECK(parts[3].kind == K::Paragraph);
  CHECK(parts[3].text == "  A paragraph that goes on over two lines. Its end.");
  CHECK(parts[4].text == "  A new one: the line above ended a sentence with room to spare.");
  CHECK(parts[5].text == "  Jump: 2 forward; landing on a wall: 1 Damage.");
  CHECK(parts[5].hang == 4);
  CHECK(parts[6].kind == K::Item);
  CHECK(parts[6].text == "  - an item that goes on");
  CHECK(parts[6].hang == 4);
  CHECK(parts[7].kind == K::Item);
  CHECK(parts[7].hang == 5);
  CHECK(parts[8].kind == K::Row);
  CHECK(parts[8].text == "  X Obstacle     stop ON it, 1 Damage.");
  CHECK(parts[8].hang == 17);
  CHECK(parts[9].kind == K::Row);
  CHECK(parts[9].hang == 17);  // under its last cell
}

TEST_CASE("rules page: every game's rules wrap as they mean at 80 columns and others", "[shell][rules]") {
  for (const auto& entry : builtin_registry().all()) {
    const std::string id = entry.info.id;
    const std::string text = rules_of(id);
    const auto source = trimmed_lines(text);
    const auto parts = rules_parts(text);
    // Written in 76 columns, so that the 80-column page (76 for text) keeps every row whole.
    for (const std::string& line : source) {
      INFO(id << ": " << line);
      CHECK(utf8_length(line) <= 76);
    }
    for (int width : {80, 64, 100, 132}) {
      INFO(id << " at " << width << " columns");
      const auto page = rules_page(id, width);
      std::string page_text;
      for (const auto& row : page) page_text += row + "\n";
      INFO(page_text);
      // Every word, in order, nothing lost or doubled.
      const auto want = words_of(text);
      const auto got = words_of(page_text);
      REQUIRE(got.size() >= want.size());
      CHECK(std::equal(want.begin(), want.end(), got.begin()));
      // No word alone on a line, unless it is a whole heading.
      for (const auto& row : page) {
        const auto w = words_of(row);
        if (w.size() != 1) continue;
        bool heading = w.front() == "OPTIONS";  // the page's own heading after the rules
        for (const RulesPart& p : parts) heading = heading || words_of(p.text) == w;
        CHECK(heading);
        if (!heading) UNSCOPED_INFO("alone: " << row);
      }
      // List items start their lines.
      for (const RulesPart& p : parts) {
        if (p.kind != RulesPart::Kind::Item) continue;
        const std::string start = p.text.substr(0, p.text.find(' ', p.text.find_first_not_of(' ') + 3));
        bool found = false;
        for (const auto& row : page) found = found || row.rfind("  " + start, 0) == 0;
        CHECK(found);
        if (!found) UNSCOPED_INFO("item not at a line's start: " << start);
      }
      if (width != 80) continue;
      // At 80 columns every table row with no line under it is on the page as written.
      for (const RulesPart& p : parts) {
        if (p.kind != RulesPart::Kind::Row ||
            p.text.find("  ", p.text.find_first_not_of(' ')) == std::string::npos)
          continue;
        const bool whole = std::find(page.begin(), page.end(), "  " + p.text) != page.end();
        if (utf8_length(p.text) <= 76) CHECK(whole);
        if (!whole) UNSCOPED_INFO("row broken: " << p.text);
      }
    }
  }
}

TEST_CASE("rules page: words that wrap alone at 80 columns stay with their sentence", "[shell][rules]") {
  auto has_line_with = [](const std::vector<std::string>& page, const std::string& words) {
    for (const auto& row : page)
      if (row.find(words) != std::string::npos) return true;
    return false;
  };
  const auto wacky = rules_page("wacky-races", 80);
  CHECK(has_line_with(wacky, "out of fuel"));
  CHECK(has_line_with(wacky, "from 2nd."));
  const auto rc = rules_page("rc-racer", 80);
  CHECK(has_line_with(rc, "program your"));
  CHECK_FALSE(std::find(rc.begin(), rc.end(), "  car") != rc.end());
}
