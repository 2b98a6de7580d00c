// Keys: the decoded key event, the commands keys stand for, and the one
// binding table that drives the shell's dispatch, its `?` screen, its
// one-line key help and the README's keys table (`racetable keys`).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace rt::shell {

enum class KeyType : std::uint8_t {
  None,
  Char,  // a printable character or a control character (Ctrl-L is 12)
  Up,
  Down,
  Left,
  Right,
  Enter,
  Escape,
  Backspace,
  Delete,
  Tab,
  BackTab,
  PageUp,
  PageDown,
  Home,
  End,
  Resize,   // the terminal changed size
  Click,    // mouse button 1 at (x, y)
  WheelUp,  // mouse wheel at (x, y)
  WheelDown,
};

struct Key {
  KeyType type = KeyType::None;
  char32_t ch = 0;     // KeyType::Char
  int x = -1, y = -1;  // mouse events

  static Key chr(char32_t c) { return Key{KeyType::Char, c, -1, -1}; }
  static Key of(KeyType t) { return Key{t, 0, -1, -1}; }
  static Key click(int x, int y) { return Key{KeyType::Click, 0, x, y}; }
  bool is(char32_t c) const { return type == KeyType::Char && ch == c; }
  bool is_mouse() const {
    return type == KeyType::Click || type == KeyType::WheelUp || type == KeyType::WheelDown;
  }
  // The digit 1-9 as 0-8, or -1.
  int digit_index() const { return type == KeyType::Char && ch >= U'1' && ch <= U'9' ? int(ch - U'1') : -1; }
  bool operator==(const Key& o) const { return type == o.type && ch == o.ch; }
};

inline constexpr char32_t kCtrlL = 12;

// What a key means on the screen where it is pressed.
enum class Cmd : std::uint8_t {
  None,
  Up,
  Down,
  Left,
  Right,
  PageUp,
  PageDown,
  Home,
  End,
  Select,  // Enter: choose, play, confirm
  Back,    // leave this screen
  Toggle,  // Space: tick a box
  Help,    // the keys screen
  Rules,   // the game's rules
  Log,     // the full event log
  Save,
  Quit,
  Faster,  // computer pacing
  Slower,
  Skip,  // do not wait for the computers
  Redraw,
  Delete,    // delete a saved game
  Act,       // Space/Enter in a timed contest: roll, throw, tap
  Pause,     // demo: any other key pauses
  View,      // replay: see the game as the next seat (or as a watcher)
  ViewBack,  // replay: the view before
  Watcher,   // replay: public information only
  Share,     // a local game: let others watch it (a watch-only shared table)
  Talk,      // a shared table: say something to the table
  Nudge,     // a shared table: remind the player whose turn it is
  Undo,      // a local game: take back your last move (core/undo.h)
  Hint,      // your move: what the strongest computer would play, and why (core/hint.h)
  Review,    // a finished game: the expert's look back at your decisions (core/review.h)
};

// Where a binding applies. Everywhere bindings apply on every screen except
// while a name or number is being typed.
enum class Context : std::uint8_t { Everywhere, Menu, Reader, Game, Contest, Demo, Replay };

struct Binding {
  Context context;
  Cmd cmd;
  std::vector<Key> keys;       // empty: documentation only (number keys, seat keys)
  std::string_view doc_keys;   // how the keys are written ("" = derived from `keys`)
  std::string_view what;       // the `?` screen and README text ("" = row not shown)
  std::string_view line_keys;  // the one-line key help ("" = first key's name)
  std::string_view line_what;  // ("" = not in the one-line help)
};

const std::vector<Binding>& bindings();

// The command a key stands for in a context (Everywhere bindings included).
Cmd command(Context context, const Key& key);

// "Enter", "Esc", "↑" (or "Up"), "Space", "Ctrl-L", "q".
std::string key_name(const Key& key, bool unicode);

std::string_view context_title(Context context);

struct HelpRow {
  Context context;
  std::string keys;  // "↑ ↓ k j"
  std::string what;
};
// Every binding, grouped by context, in table order.
std::vector<HelpRow> help_rows(bool unicode);

// The one-line key help items for a context: {"? ", "keys"}.
struct HelpItem {
  std::string keys;
  std::string what;
};
std::vector<HelpItem> help_line(Context context, bool unicode);
// The items whose text is in `whats`, in that order (a screen's own selection).
std::vector<HelpItem> pick_items(const std::vector<HelpItem>& items,
                                 std::initializer_list<std::string_view> whats);

// The README's keys table (Markdown), generated from bindings().
std::string keys_markdown();

}  // namespace rt::shell
