// The shell's key table: dispatch, names, the `?` screen and the README
// block all come from it.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "tui/shell/contest_keys.h"
#include "tui/shell/keys.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;

TEST_CASE("shell keys: arrows, vi keys and Enter mean the same in menus", "[shell][keys]") {
  CHECK(command(Context::Menu, Key::of(KeyType::Up)) == Cmd::Up);
  CHECK(command(Context::Menu, Key::chr(U'k')) == Cmd::Up);
  CHECK(command(Context::Menu, Key::of(KeyType::Down)) == Cmd::Down);
  CHECK(command(Context::Menu, Key::chr(U'j')) == Cmd::Down);
  CHECK(command(Context::Menu, Key::of(KeyType::Enter)) == Cmd::Select);
  CHECK(command(Context::Menu, Key::of(KeyType::Escape)) == Cmd::Back);
  CHECK(command(Context::Menu, Key::of(KeyType::Backspace)) == Cmd::Back);
}

TEST_CASE("shell keys: ESC is never the only way to do something", "[shell][keys]") {
  for (const Binding& b : bindings()) {
    bool esc = false;
    for (const Key& k : b.keys) esc = esc || k.type == KeyType::Escape;
    if (esc) CHECK(b.keys.size() > 1);
  }
}

TEST_CASE("shell keys: game keys; contests take Space and Enter; Everywhere applies everywhere",
          "[shell][keys]") {
  CHECK(command(Context::Game, Key::chr(U'q')) == Cmd::Quit);
  CHECK(command(Context::Game, Key::chr(U's')) == Cmd::Save);
  CHECK(command(Context::Game, Key::chr(U'r')) == Cmd::Rules);
  CHECK(command(Context::Game, Key::chr(U'l')) == Cmd::Log);
  CHECK(command(Context::Game, Key::chr(U'+')) == Cmd::Faster);
  CHECK(command(Context::Game, Key::chr(U'-')) == Cmd::Slower);
  CHECK(command(Context::Game, Key::chr(U' ')) == Cmd::Skip);
  CHECK(command(Context::Contest, Key::chr(U' ')) == Cmd::Act);
  CHECK(command(Context::Contest, Key::of(KeyType::Enter)) == Cmd::Act);
  CHECK(command(Context::Contest, Key::chr(U'q')) == Cmd::Quit);  // inherited from the game
  CHECK(command(Context::Demo, Key::chr(U' ')) == Cmd::Pause);
  CHECK(command(Context::Demo, Key::chr(U's')) == Cmd::None);  // nothing to save in a demo
  for (Context c : {Context::Menu, Context::Reader, Context::Game, Context::Contest, Context::Demo}) {
    CHECK(command(c, Key::chr(U'?')) == Cmd::Help);
    CHECK(command(c, Key::chr(kCtrlL)) == Cmd::Redraw);
  }
}

TEST_CASE("shell keys: no two bindings of one context share a key", "[shell][keys]") {
  const auto& all = bindings();
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      if (all[i].context != all[j].context) continue;
      for (const Key& a : all[i].keys)
        for (const Key& b : all[j].keys) {
          INFO(key_name(a, false) << " in " << context_title(all[i].context));
          CHECK_FALSE(a == b);
        }
    }
}

TEST_CASE("shell keys: names on UTF-8 and ASCII terminals", "[shell][keys]") {
  CHECK(key_name(Key::of(KeyType::Up), true) == "↑");
  CHECK(key_name(Key::of(KeyType::Up), false) == "Up");
  CHECK(key_name(Key::chr(U' '), false) == "Space");
  CHECK(key_name(Key::chr(kCtrlL), false) == "Ctrl-L");
  CHECK(key_name(Key::of(KeyType::Escape), false) == "Esc");
  for (const HelpRow& row : help_rows(false)) {
    for (unsigned char ch : row.keys) CHECK(ch < 0x80);  // ASCII help on ASCII terminals
    CHECK_FALSE(row.what.empty());
  }
}

TEST_CASE("shell keys: the one-line help shows the context's own keys first", "[shell][keys]") {
  const auto contest = help_line(Context::Contest, true);
  REQUIRE_FALSE(contest.empty());
  CHECK(contest.front().keys == "Space");
  CHECK(contest.front().what == "act!");
  bool skip = false;  // Space means "act" in a contest, not "skip"
  for (const auto& it : contest) skip = skip || it.what == "skip";
  CHECK_FALSE(skip);
  const auto picked = pick_items(help_line(Context::Game, false), {"quit", "keys"});
  REQUIRE(picked.size() == 2);
  CHECK(picked[0].keys == "q");
  CHECK(picked[1].keys == "?");
}

TEST_CASE("shell keys: the ? screen lists every documented binding", "[shell][keys]") {
  const auto doc = keys_document(false);
  std::string all;
  for (const auto& line : doc)
    for (const Cell& c : line.text) utf8_append(all, c.ch);
  for (const HelpRow& row : help_rows(false)) CHECK(all.find(row.what) != std::string::npos);
}

TEST_CASE("shell keys: seat key groups are disjoint and clear of command keys", "[shell][keys][contest]") {
  std::u32string seen;
  for (int r = 0; r < kSeatKeyGroups; ++r) {
    for (char32_t k : seat_keys(r)) {
      CHECK(seen.find(k) == std::u32string::npos);
      seen.push_back(k);
      const Cmd c = command(Context::Game, Key::chr(k));
      // Never quit, save, rules, log, speed. u (undo) is a seat key of the sixth
      // group and h (hint) of the fifth: the play screen takes them as seat
      // keys in a contest, where seat keys live, and gives no hint there.
      CHECK((c == Cmd::None || c == Cmd::Up || c == Cmd::Down || c == Cmd::Undo || c == Cmd::Hint));
    }
  }
}

TEST_CASE("shell keys: the README's keys block is the generated table", "[shell][keys][readme]") {
  const char* src = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(src);
  std::ifstream in(std::string(src) + "/README.md");
  if (!in) {
    WARN("README.md not found: nothing to compare");
    return;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string readme = ss.str();
  const std::string begin = "<!-- keys:begin -->\n";
  const std::string end = "<!-- keys:end -->";
  const auto b = readme.find(begin);
  const auto e = readme.find(end);
  INFO(
      "README.md needs the block between <!-- keys:begin --> and <!-- keys:end --> "
      "(regenerate it from `racetable keys`)");
  REQUIRE(b != std::string::npos);
  REQUIRE(e != std::string::npos);
  const std::string block = readme.substr(b + begin.size(), e - b - begin.size());
  CHECK(block == "\n" + keys_markdown() + "\n");
}
