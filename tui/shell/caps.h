// What the terminal can show, decided as a pure function of the environment
// (so it is testable): UTF-8 glyphs or ASCII, colour or monochrome, and the
// ESC delay. Only terminal.cpp gathers the inputs.
#pragma once

#include <string>

namespace rt::shell {

struct TermEnv {
  std::string term;           // $TERM
  std::string codeset;        // nl_langinfo(CODESET) after setlocale(LC_ALL, "")
  std::string no_color;       // $NO_COLOR (non-empty: no colour, no-color.org)
  bool ssh = false;           // $SSH_CONNECTION or $SSH_TTY set
  bool escdelay_set = false;  // $ESCDELAY set: the user's choice stands
  bool has_colors = false;    // terminfo says the terminal has colours
};

struct CapsRequest {
  bool ascii = false;     // --ascii
  bool no_color = false;  // --no-color
};

struct Caps {
  bool unicode = false;
  bool color = false;
  int escdelay_ms = -1;  // -1: leave ncurses' ESC delay alone
};

Caps decide_caps(const TermEnv& env, const CapsRequest& request);

// Why the shell cannot start on this terminal, or "" when it can
// (before ncurses is touched: not a terminal, no TERM, TERM=dumb).
std::string terminal_problem(bool stdin_tty, bool stdout_tty, const std::string& term);

}  // namespace rt::shell
