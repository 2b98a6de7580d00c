// The shell's view of a terminal: its size, keys with a deadline, frames to
// show, real time, and pending signals. The ncurses implementation is the
// only code in the program that talks to the terminal; tests use a fake.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/canvas.h"
#include "tui/shell/caps.h"
#include "tui/shell/clock.h"
#include "tui/shell/keys.h"

namespace rt::shell {

class Terminal {
 public:
  virtual ~Terminal() = default;
  virtual int width() const = 0;
  virtual int height() const = 0;
  virtual bool unicode() const = 0;
  // Real time in milliseconds, from a steady clock.
  virtual Millis now() const = 0;
  // Waits until `deadline` (kNever: no limit) for one key. Returns false on
  // time-out, a signal or a hang-up.
  virtual bool read_key(Millis deadline, Key& out) = 0;
  // Descriptors whose data also ends read_key's wait (a shared table's socket).
  virtual void set_wake_fds(const std::vector<int>& /*fds*/) {}
  // Shows a frame of exactly width() x height(); only changed cells are sent.
  virtual void present(const Canvas& frame) = 0;
  // Shows the terminal's own (blinking) cursor at a cell, for a text field
  // being edited; x or y < 0 hides it. Called after each present().
  virtual void set_cursor(int /*x*/, int /*y*/) {}
  // Rings the terminal's bell (a shared table's nudge: "your turn").
  virtual void bell() {}
  // The next present() repaints every cell (Ctrl-L, after a resize).
  virtual void redraw_all() = 0;
  // SIGINT, SIGTERM, SIGHUP or SIGQUIT received (0: none). A dead input
  // (the SSH connection dropped) counts as SIGHUP.
  virtual int pending_signal() const = 0;
  // After Ctrl-Z and `fg`: when the program was stopped and continued.
  virtual bool take_suspension(Millis& /*from*/, Millis& /*to*/) { return false; }
  // Bytes written to the terminal so far (for measurements).
  virtual std::uint64_t bytes_written() const { return 0; }
};

// Opens the real terminal (ncurses); throws UserError with a clear message
// when there is none or it cannot draw a screen.
std::unique_ptr<Terminal> open_terminal(const CapsRequest& request);

}  // namespace rt::shell
