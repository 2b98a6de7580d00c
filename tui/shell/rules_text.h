// A game's rules summary (data/<game>/rules.txt, written in 76 columns) as
// its parts, so that the rules page wraps it as it means at any width. The
// text's own layout says what each part is:
//  - a line at the left edge whose first word is in capitals: a heading;
//  - lines at one indent: a paragraph, its lines joined and reflowed, unless
//    a line ends a sentence and the next line's first word would have fitted
//    after it (the widest line of the text is the measure): the author broke
//    the line there on purpose, and a new paragraph starts;
//  - a paragraph whose second line is indented deeper hangs there (an entry
//    such as "Jump: 2 forward, ..." and its lines below);
//  - a list item ("- ", "3. ", "B) ", "#12 ") goes on at its text's indent;
//  - a table row has cells two or more spaces apart: it is kept as written,
//    and lines indented under it continue its last cell.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rt::shell {

struct RulesPart {
  enum class Kind : std::uint8_t { Blank, Heading, Paragraph, Item, Row };
  Kind kind = Kind::Blank;
  // The first line's indent, then its words (a row's cells as written); the
  // lines that continue it joined by single spaces.
  std::string text;
  int hang = 0;   // the column where its wrapped lines start
  int title = 0;  // a heading: the bytes of `text` that are its title in capitals
};

std::vector<RulesPart> rules_parts(std::string_view text);

}  // namespace rt::shell
