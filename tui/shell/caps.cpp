#include "tui/shell/caps.h"

#include <algorithm>
#include <cctype>

namespace rt::shell {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

}  // namespace

Caps decide_caps(const TermEnv& env, const CapsRequest& request) {
  Caps caps;
  const std::string codeset = lower(env.codeset);
  const bool utf8 = codeset == "utf-8" || codeset == "utf8";
  // The Linux console's font lacks most symbols even in a UTF-8 locale.
  caps.unicode = !request.ascii && utf8 && env.term != "linux";
  caps.color = !request.no_color && env.no_color.empty() && env.has_colors;
  // ncurses waits a whole second by default to tell ESC from an arrow key;
  // a slow SSH link needs a little more than a local terminal.
  if (!env.escdelay_set) caps.escdelay_ms = env.ssh ? 100 : 25;
  return caps;
}

std::string terminal_problem(bool stdin_tty, bool stdout_tty, const std::string& term) {
  if (!stdin_tty || !stdout_tty)
    return "the full-screen shell needs a terminal (over SSH use `ssh -t`); without one, use "
           "`racetable play GAME --line` or `racetable sim GAME`";
  if (term.empty())
    return "TERM is not set, so the terminal type is unknown: set it (e.g. `export TERM=xterm-256color`) "
           "or use `racetable play GAME --line`";
  if (term == "dumb")
    return "TERM=dumb cannot draw a full screen: set TERM to your terminal (e.g. xterm-256color) or use "
           "`racetable play GAME --line`";
  return {};
}

}  // namespace rt::shell
