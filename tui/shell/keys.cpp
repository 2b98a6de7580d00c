#include "tui/shell/keys.h"

#include <fmt/format.h>

#include "core/canvas.h"

namespace rt::shell {
namespace {

Key k(char32_t c) {
  return Key::chr(c);
}
Key k(KeyType t) {
  return Key::of(t);
}

// Arrows are written as symbols on a UTF-8 terminal and as words otherwise.
std::string ascii_arrows(std::string_view text) {
  std::string out;
  for (char32_t cp : utf8_decode(text)) {
    switch (cp) {
      case U'↑': out += "Up"; break;
      case U'↓': out += "Down"; break;
      case U'←': out += "Left"; break;
      case U'→': out += "Right"; break;
      case U'·': out += "-"; break;
      default: utf8_append(out, cp); break;
    }
  }
  return out;
}

std::string doc_keys_of(const Binding& b, bool unicode) {
  if (!b.doc_keys.empty()) return unicode ? std::string(b.doc_keys) : ascii_arrows(b.doc_keys);
  std::string out;
  for (const Key& key : b.keys) {
    if (!out.empty()) out += ' ';
    out += key_name(key, unicode);
  }
  return out;
}

// Game-like contexts fall back to the game's keys, then to Everywhere.
Context parent_of(Context c) {
  switch (c) {
    case Context::Contest: return Context::Game;
    default: return Context::Everywhere;
  }
}

}  // namespace

const std::vector<Binding>& bindings() {
  using T = KeyType;
  static const std::vector<Binding> table{
      // Everywhere.
      {Context::Everywhere, Cmd::Help, {k('?')}, "", "every key of the shell (the keys page)", "", "keys"},
      {Context::Everywhere, Cmd::Redraw, {k(kCtrlL)}, "", "redraw the whole screen", "", ""},

      // Menus: title, game list, seats, options, saved games.
      {Context::Menu, Cmd::Up, {k(T::Up), k('k')}, "↑ ↓ k j", "move the highlight", "↑↓", "move"},
      {Context::Menu, Cmd::Down, {k(T::Down), k('j')}, "", "", "", ""},
      {Context::Menu,
       Cmd::Left,
       {k(T::Left), k('h')},
       "← → h l",
       "change the highlighted setting (players, human or computer, level)",
       "←→",
       "change"},
      {Context::Menu, Cmd::Right, {k(T::Right), k('l')}, "", "", "", ""},
      {Context::Menu,
       Cmd::Home,
       {k(T::Home), k(T::PageUp)},
       "Home End PgUp PgDn",
       "jump to the first or last entry",
       "",
       ""},
      {Context::Menu, Cmd::End, {k(T::End), k(T::PageDown)}, "", "", "", ""},
      {Context::Menu,
       Cmd::Select,
       {k(T::Enter)},
       "",
       "choose; on a name or number: type it, then Enter",
       "",
       "choose"},
      {Context::Menu, Cmd::Toggle, {k(' ')}, "", "tick or untick a variant", "", "tick"},
      {Context::Menu, Cmd::Rules, {k('r')}, "", "the rules of the highlighted game", "", "rules"},
      {Context::Menu,
       Cmd::Delete,
       {k('x'), k(T::Delete)},
       "",
       "delete the highlighted saved game (asks first)",
       "",
       "delete"},
      {Context::Menu,
       Cmd::Review,
       {k('v')},
       "",
       "review the highlighted finished game: the turning points, where the expert would have played "
       "otherwise",
       "",
       "review"},
      {Context::Menu,
       Cmd::Back,
       {k(T::Escape), k(T::Backspace), k('q')},
       "",
       "back (on the title screen: quit)",
       "Esc",
       "back"},

      // Reading: keys, rules, log.
      {Context::Reader, Cmd::Up, {k(T::Up), k('k')}, "↑ ↓ k j", "scroll a line", "↑↓", "scroll"},
      {Context::Reader, Cmd::Down, {k(T::Down), k('j')}, "", "", "", ""},
      {Context::Reader,
       Cmd::PageUp,
       {k(T::PageUp), k('b')},
       "PgUp PgDn b Space",
       "scroll a page",
       "PgUp PgDn",
       "page"},
      {Context::Reader, Cmd::PageDown, {k(T::PageDown), k(' ')}, "", "", "", ""},
      {Context::Reader, Cmd::Home, {k(T::Home), k('g')}, "Home End g G", "top or bottom", "", ""},
      {Context::Reader, Cmd::End, {k(T::End), k('G')}, "", "", "", ""},
      {Context::Reader,
       Cmd::Back,
       {k(T::Escape), k('q'), k(T::Enter), k(T::Backspace)},
       "",
       "close (the key that opened it closes it too)",
       "Esc",
       "close"},

      // Playing.
      {Context::Game, Cmd::Up, {k(T::Up), k('k')}, "↑ ↓ k j", "highlight an option", "↑↓", "choose"},
      {Context::Game, Cmd::Down, {k(T::Down), k('j')}, "", "", "", ""},
      {Context::Game, Cmd::Select, {k(T::Enter)}, "", "play the highlighted option", "", "play"},
      {Context::Game, Cmd::None, {}, "1-9", "play option 1-9 at once", "1-9", "pick"},
      {Context::Game,
       Cmd::None,
       {},
       "click",
       "play the option you click (where the terminal sends clicks)",
       "",
       ""},
      {Context::Game,
       Cmd::None,
       {},
       "← → ↑ ↓",
       "where a game uses them (a sliding puzzle): move that way, as the prompt says (k j still move the "
       "highlight)",
       "",
       ""},
      {Context::Game,
       Cmd::Skip,
       {k(' ')},
       "Space",
       "computers' turns: go on now instead of waiting",
       "",
       "skip"},
      {Context::Game, Cmd::Faster, {k('+'), k('=')}, "+ -", "computers play faster or slower", "+-", "speed"},
      {Context::Game, Cmd::Slower, {k('-'), k('_')}, "", "", "", ""},
      {Context::Game, Cmd::PageUp, {k(T::PageUp)}, "PgUp PgDn wheel", "scroll the log", "", ""},
      {Context::Game, Cmd::PageDown, {k(T::PageDown)}, "", "", "", ""},
      {Context::Game, Cmd::Rules, {k('r')}, "", "the game's rules", "", "rules"},
      {Context::Game,
       Cmd::Log,
       {k('l')},
       "",
       "the whole log: what happened and the rule behind it",
       "",
       "log"},
      {Context::Game,
       Cmd::Undo,
       {k('u')},
       "",
       "take back your last move, when it showed you nothing new (no card drawn, no die rolled; "
       "local games only)",
       "",
       "undo"},
      {Context::Game,
       Cmd::Hint,
       {k('h')},
       "",
       "a hint on your move: what the strongest computer would play and why (local games, and shared "
       "tables whose host allows hints; not in a timed contest; the game's record says hints were used)",
       "",
       "hint"},
      {Context::Game,
       Cmd::Save,
       {k('s')},
       "",
       "save now (the game also saves at every move of yours)",
       "",
       "save"},
      {Context::Game,
       Cmd::Share,
       {k('w')},
       "",
       "let others watch this game: open it as a shared table for watchers only (asks first)",
       "",
       "watch"},
      {Context::Game,
       Cmd::Talk,
       {k('t')},
       "",
       "a shared table: say something to the table (Enter sends; 1-3 on an empty line: a quick phrase; "
       "/mute NAME, /unmute NAME, /nudge; the host: /remove NAME of a watcher)",
       "",
       "talk"},
      {Context::Game,
       Cmd::Nudge,
       {k('p')},
       "",
       "a shared table: poke (nudge) the player whose turn it is (a bell on their screen, once a minute)",
       "",
       "nudge"},
      {Context::Game,
       Cmd::Quit,
       {k('q')},
       "",
       "save and quit, or go back to the title (asks first); after the game: the title",
       "",
       "quit"},
      {Context::Game, Cmd::None, {}, "Enter", "hot-seat: the next player takes the keyboard", "", ""},

      // Timed contests (rolling races, Bull's-eye, tapping).
      {Context::Contest,
       Cmd::Act,
       {k(' '), k(T::Enter)},
       "Space Enter",
       "act at once: roll your die, throw, tap (one human at the table)",
       "Space",
       "act!"},
      {Context::Contest, Cmd::None, {}, "1-9", "pick option 1-9 when there are several", "", ""},
      {Context::Contest,
       Cmd::None,
       {},
       "z / 1 0 a j",
       "several humans at one keyboard: each seat has its own keys, shown on screen",
       "",
       ""},

      // Watching computers play (racetable demo).
      {Context::Demo, Cmd::Faster, {k('+'), k('=')}, "+ -", "play faster or slower", "+-", "speed"},
      {Context::Demo, Cmd::Slower, {k('-'), k('_')}, "", "", "", ""},
      {Context::Demo, Cmd::Rules, {k('r')}, "", "the game's rules", "", "rules"},
      {Context::Demo, Cmd::Log, {k('l')}, "", "the whole log", "", "log"},
      {Context::Demo, Cmd::Quit, {k('q')}, "", "stop watching", "", "quit"},
      {Context::Demo, Cmd::PageUp, {k(T::PageUp)}, "PgUp PgDn wheel", "scroll the log", "", ""},
      {Context::Demo, Cmd::PageDown, {k(T::PageDown)}, "", "", "", ""},
      {Context::Demo, Cmd::Pause, {k(' ')}, "any other key", "pause, and go on again", "Space", "pause"},

      // The replay viewer (Finished and saved games, racetable replay FILE).
      {Context::Replay, Cmd::Right, {k(T::Right)}, "→ ←", "one decision forward or back", "←→", "step"},
      {Context::Replay, Cmd::Left, {k(T::Left)}, "", "", "", ""},
      {Context::Replay,
       Cmd::PageDown,
       {k(T::PageDown)},
       "PgDn PgUp",
       "the next turn, or back to the start of this one",
       "PgUp/Dn",
       "turn"},
      {Context::Replay, Cmd::PageUp, {k(T::PageUp)}, "", "", "", ""},
      {Context::Replay,
       Cmd::Home,
       {k(T::Home)},
       "Home End",
       "the start or the end of the game",
       "Home/End",
       "ends"},
      {Context::Replay, Cmd::End, {k(T::End)}, "", "", "", ""},
      {Context::Replay,
       Cmd::View,
       {k('v'), k(T::Tab)},
       "v Tab",
       "see it as the next seat (its hidden cards only), then as a watcher",
       "v",
       "view"},
      {Context::Replay, Cmd::ViewBack, {k('V'), k(T::BackTab)}, "", "", "", ""},
      {Context::Replay, Cmd::Watcher, {k('w')}, "", "see it as a watcher: public information only", "", ""},
      {Context::Replay, Cmd::None, {}, "1-9", "see it as seat 1-9", "", ""},
      {Context::Replay,
       Cmd::Toggle,
       {k(' ')},
       "",
       "play the decisions one after another, or stop",
       "",
       "play"},
      {Context::Replay, Cmd::Log, {k('l')}, "", "the whole log up to here", "", "log"},
      {Context::Replay, Cmd::Rules, {k('r')}, "", "the game's rules", "", "rules"},
      {Context::Replay, Cmd::Back, {k('q'), k(T::Escape)}, "q Esc", "close the replay", "q", "back"},
  };
  return table;
}

Cmd command(Context context, const Key& key) {
  for (Context c = context;; c = parent_of(c)) {
    for (const Binding& b : bindings()) {
      if (b.context != c) continue;
      for (const Key& bk : b.keys)
        if (bk == key) return b.cmd;
    }
    if (c == Context::Everywhere) return Cmd::None;
  }
}

std::string key_name(const Key& key, bool unicode) {
  switch (key.type) {
    case KeyType::Up: return unicode ? "↑" : "Up";
    case KeyType::Down: return unicode ? "↓" : "Down";
    case KeyType::Left: return unicode ? "←" : "Left";
    case KeyType::Right: return unicode ? "→" : "Right";
    case KeyType::Enter: return "Enter";
    case KeyType::Escape: return "Esc";
    case KeyType::Backspace: return "Backspace";
    case KeyType::Delete: return "Del";
    case KeyType::Tab: return "Tab";
    case KeyType::BackTab: return "Shift-Tab";
    case KeyType::PageUp: return "PgUp";
    case KeyType::PageDown: return "PgDn";
    case KeyType::Home: return "Home";
    case KeyType::End: return "End";
    case KeyType::Char: {
      if (key.ch == U' ') return "Space";
      if (key.ch < 32) return fmt::format("Ctrl-{}", static_cast<char>('A' + key.ch - 1));
      std::string s;
      utf8_append(s, key.ch);
      return s;
    }
    default: return "";
  }
}

std::string_view context_title(Context context) {
  switch (context) {
    case Context::Everywhere: return "Everywhere";
    case Context::Menu: return "Menus and setup";
    case Context::Reader: return "Reading the keys, rules or log";
    case Context::Game: return "Playing";
    case Context::Contest: return "Timed contests (rolling races, Bull's-eye, tapping)";
    case Context::Demo: return "Watching a demo";
    case Context::Replay: return "Replays of finished and saved games";
  }
  return "";
}

std::vector<HelpRow> help_rows(bool unicode) {
  std::vector<HelpRow> rows;
  for (const Binding& b : bindings()) {
    if (b.what.empty()) continue;
    rows.push_back(HelpRow{b.context, doc_keys_of(b, unicode), std::string(b.what)});
  }
  return rows;
}

std::vector<HelpItem> help_line(Context context, bool unicode) {
  std::vector<HelpItem> items;
  auto add = [&](Context c) {
    for (const Binding& b : bindings()) {
      if (b.context != c || b.line_what.empty()) continue;
      std::string keys = !b.line_keys.empty() ? std::string(b.line_keys)
                         : b.keys.empty()     ? std::string(b.doc_keys)
                                              : key_name(b.keys.front(), unicode);
      if (!unicode) keys = ascii_arrows(keys);
      bool shadowed = false;  // a child context's item for the same keys wins
      for (const HelpItem& it : items) shadowed = shadowed || it.keys == keys;
      if (!shadowed) items.push_back(HelpItem{keys, std::string(b.line_what)});
    }
  };
  for (Context c = context;; c = parent_of(c)) {
    add(c);
    if (c == Context::Everywhere) break;
  }
  return items;
}

std::vector<HelpItem> pick_items(const std::vector<HelpItem>& items,
                                 std::initializer_list<std::string_view> whats) {
  std::vector<HelpItem> out;
  for (std::string_view w : whats)
    for (const HelpItem& it : items)
      if (it.what == w) out.push_back(it);
  return out;
}

std::string keys_markdown() {
  std::string out;
  Context current = Context::Everywhere;
  bool first = true;
  for (const HelpRow& row : help_rows(true)) {
    if (first || row.context != current) {
      if (!first) out += "\n";
      out += fmt::format("**{}**\n\n| Keys | What they do |\n|---|---|\n", context_title(row.context));
      current = row.context;
      first = false;
    }
    std::string keys;
    // Code spans around each key; "|" would break the table.
    std::string word;
    auto flush = [&] {
      if (word.empty()) return;
      if (!keys.empty()) keys += " ";
      // Words that describe keys ("any other key", "click") stay plain text.
      bool prose = word.size() > 1;
      for (char ch : word) prose = prose && ch >= 'a' && ch <= 'z';
      keys += word == "/" || prose ? word : fmt::format("`{}`", word);
      word.clear();
    };
    for (char ch : row.keys) {
      if (ch != ' ') {
        word += ch;
        continue;
      }
      flush();
    }
    flush();
    out += fmt::format("| {} | {} |\n", keys, row.what);
  }
  return out;
}

}  // namespace rt::shell
