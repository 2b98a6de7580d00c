// The escape sequences common terminals send for the keys the shell reads,
// as data (PuTTY's Home is `ESC [ 1 ~`, not Esc and letters). The terminal
// object teaches ncurses every one of them (define_key), whatever TERM's
// terminfo says, so a key does what it says; any other CSI or SS3 sequence
// is read whole and dropped, never taken for Esc and letters.
#pragma once

#include <array>
#include <string_view>

#include "tui/shell/keys.h"

namespace rt::shell {

struct KeySequence {
  std::string_view bytes;
  KeyType key;          // KeyType::Char with ch '?' for F1 (help)
  std::string_view by;  // who sends it
};

inline constexpr std::array kKeySequences = {
    // Arrows: normal (CSI) and application cursor mode (SS3).
    KeySequence{"\033[A", KeyType::Up, "xterm, PuTTY, Linux console, tmux, screen"},
    KeySequence{"\033[B", KeyType::Down, "xterm, PuTTY, Linux console, tmux, screen"},
    KeySequence{"\033[C", KeyType::Right, "xterm, PuTTY, Linux console, tmux, screen"},
    KeySequence{"\033[D", KeyType::Left, "xterm, PuTTY, Linux console, tmux, screen"},
    KeySequence{"\033OA", KeyType::Up, "application cursor mode (xterm, tmux, screen, PuTTY)"},
    KeySequence{"\033OB", KeyType::Down, "application cursor mode"},
    KeySequence{"\033OC", KeyType::Right, "application cursor mode"},
    KeySequence{"\033OD", KeyType::Left, "application cursor mode"},
    // Home and End: four families.
    KeySequence{"\033[H", KeyType::Home, "xterm"},
    KeySequence{"\033[F", KeyType::End, "xterm"},
    KeySequence{"\033OH", KeyType::Home, "xterm application mode"},
    KeySequence{"\033OF", KeyType::End, "xterm application mode"},
    KeySequence{"\033[1~", KeyType::Home, "PuTTY, Linux console, tmux, screen"},
    KeySequence{"\033[4~", KeyType::End, "PuTTY, Linux console, tmux, screen"},
    KeySequence{"\033[7~", KeyType::Home, "rxvt"},
    KeySequence{"\033[8~", KeyType::End, "rxvt"},
    // Page keys, Delete, Shift-Tab.
    KeySequence{"\033[5~", KeyType::PageUp, "all of them"},
    KeySequence{"\033[6~", KeyType::PageDown, "all of them"},
    KeySequence{"\033[3~", KeyType::Delete, "all of them"},
    KeySequence{"\033[Z", KeyType::BackTab, "xterm, PuTTY, tmux, screen"},
    // F1: help.
    KeySequence{"\033OP", KeyType::Char, "xterm, tmux, screen"},
    KeySequence{"\033[11~", KeyType::Char, "PuTTY, rxvt"},
    KeySequence{"\033[[A", KeyType::Char, "Linux console"},
};

}  // namespace rt::shell
