// A page of the shell (title, game list, seats, game, keys, rules...). The
// App keeps a stack of them: the top one gets the keys; overlays (dialogs)
// are drawn over the page below them.
#pragma once

#include <cstdint>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/canvas.h"
#include "core/data.h"
#include "tui/shell/clock.h"
#include "tui/shell/keys.h"
#include "tui/shell/window_limit.h"

namespace rt::shell {

class Screen;
class SettingsStore;
class SharedTables;

// Services every screen may use; owned by the App, outlives every screen.
struct AppContext {
  DataSource data = DataSource::embedded();
  std::string state_dir;  // where games are saved
  bool unicode = true;
  std::function<std::time_t()> wall_clock = [] { return std::time(nullptr); };
  std::uint64_t seed_counter = 0;  // mixed into fresh seeds
  // The program started to host a shared table (`racetable host ... --detach`).
  std::string program = "/proc/self/exe";
  // Where shared tables are looked for ("": every directory this user may use).
  std::string table_dir;
  // What is remembered between runs (tui/shell/settings.h); nullptr: nothing.
  SettingsStore* settings = nullptr;
  // Shared tables (the Tables page, hosting, watchers), given by the program
  // (client/shared_tables.h); nullptr: not available here.
  const SharedTables* shared = nullptr;
  // Tables this shell opened (Tables page, "Host a new table") and that are
  // served in the background: quitting asks whether to close them.
  struct HostedTable {
    std::string name;
    int pid = 0;  // its server
  };
  std::vector<HostedTable> hosted;
  // Who plays here (ShellOptions::player_name); "": nobody in particular.
  std::string player_name;
  // ShellOptions::no_commands.
  bool no_commands = false;
  // ShellOptions::window_limit.
  WindowLimit window_limit;
  // A page asks for the terminal's bell once (a nudge at a shared table).
  bool bell = false;
  // Games left for the title whose last save failed (said on their screen):
  // printed when the program ends, which then exits with status 2.
  std::vector<std::string> not_saved;
  // "Review this game": the expert's thinking factor, in percent (100: about
  // 2 s a decision; tests make it small).
  unsigned review_think_percent = 100;
  // A seed for a game started without one: short enough to note and retype.
  std::uint64_t fresh_seed();
};

enum class NavKind : std::uint8_t {
  Stay,
  Push,     // put `screen` on top
  Pop,      // close the top screen
  Replace,  // the top screen becomes `screen`
  Reset,    // `screen` becomes the only screen
  Home,     // back to the title screen alone
  Exit,     // leave the program with `exit_code`
};

struct Nav {
  NavKind kind = NavKind::Stay;
  std::unique_ptr<Screen> screen;
  int exit_code = 0;
  std::string message;  // printed after the terminal is restored (Exit)

  static Nav stay() { return Nav{}; }
  static Nav push(std::unique_ptr<Screen> s) { return Nav{NavKind::Push, std::move(s), 0, {}}; }
  static Nav pop() { return Nav{NavKind::Pop, nullptr, 0, {}}; }
  static Nav replace(std::unique_ptr<Screen> s) { return Nav{NavKind::Replace, std::move(s), 0, {}}; }
  static Nav reset(std::unique_ptr<Screen> s) { return Nav{NavKind::Reset, std::move(s), 0, {}}; }
  static Nav home() { return Nav{NavKind::Home, nullptr, 0, {}}; }
  static Nav exit(int code = 0, std::string message = {}) {
    return Nav{NavKind::Exit, nullptr, code, std::move(message)};
  }
};

// Where the terminal's own cursor goes (a text field being edited).
struct CursorAt {
  int x = -1;
  int y = -1;
  bool shown() const { return x >= 0 && y >= 0; }
};

class Screen {
 public:
  virtual ~Screen() = default;
  // The text cursor while the page edits text; hidden (the default) otherwise.
  virtual CursorAt text_cursor() const { return {}; }
  // Draws the whole page (an overlay draws only its box).
  virtual void draw(Canvas& canvas, Millis now) = 0;
  virtual Nav on_key(const Key& key, Millis now) = 0;
  // Advances timers; true when the page should be drawn again.
  virtual bool tick(Millis /*now*/) { return false; }
  // When tick() should next run (kNever: only keys change this page).
  virtual Millis wake_at(Millis /*now*/) const { return kNever; }
  // Covered by another page, or the window is too small: timers stop.
  virtual void pause(Millis /*now*/) {}
  virtual void resume(Millis /*now*/) {}
  virtual bool overlay() const { return false; }
  // The program ends (a signal, or quit): save what must not be lost.
  // Returns a line to print once the terminal is restored, or "".
  virtual std::string on_exit() { return {}; }
  // A descriptor whose data should wake the loop (a shared table's socket), or -1.
  virtual int wake_fd() const { return -1; }
  // Runs while another page covers this one, or the window is too small
  // (a shared table keeps reading its socket). True when it changed.
  virtual bool background(Millis /*now*/) { return false; }
  // Whether what this page shows goes on while it is hidden (a shared table).
  virtual bool goes_on_hidden() const { return false; }
  // After on_exit(): true when something that had to be saved was not (the
  // program then ends with a non-zero status).
  virtual bool unsaved() const { return false; }
  // One word of state for the measurement log (RACETABLE_SHELL_STATS).
  virtual std::string stats_tag() const { return {}; }
};

}  // namespace rt::shell
