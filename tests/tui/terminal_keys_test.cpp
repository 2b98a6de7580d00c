// The key sequences xterm, PuTTY (TERM=xterm), the Linux console, rxvt, tmux and screen
// send (tui/shell/key_sequences.h), each typed into the real terminal object
// on a pseudo-terminal: it does what it says, and a sequence we do not know
// does nothing (PuTTY's Home `ESC [ 1 ~` must not read as Esc, which would
// leave the replay viewer).
#include <catch2/catch.hpp>

#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tui/shell/key_sequences.h"
#include "tui/shell/terminal.h"

using namespace rt::shell;

namespace {

std::string name_of(const Key& k) {
  switch (k.type) {
    case KeyType::Up: return "Up";
    case KeyType::Down: return "Down";
    case KeyType::Left: return "Left";
    case KeyType::Right: return "Right";
    case KeyType::Home: return "Home";
    case KeyType::End: return "End";
    case KeyType::PageUp: return "PageUp";
    case KeyType::PageDown: return "PageDown";
    case KeyType::Delete: return "Delete";
    case KeyType::BackTab: return "BackTab";
    case KeyType::Escape: return "Escape";
    case KeyType::Enter: return "Enter";
    case KeyType::Char: return std::string(1, static_cast<char>(k.ch));
    default: return "other";
  }
}

// Types each of `typed` into a fresh terminal object on a pty (TERM=`term`),
// a pause after each so none runs into the next; returns the keys it read,
// one name a line, up to the final 'q'.
std::vector<std::string> keys_read(const std::string& term, const std::vector<std::string>& typed) {
  int report[2];
  REQUIRE(::pipe(report) == 0);
  int master = -1;
  winsize ws{24, 80, 0, 0};
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, &ws);
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(report[0]);
    ::setenv("TERM", term.c_str(), 1);
    ::unsetenv("ESCDELAY");
    ::unsetenv("SSH_CONNECTION");
    ::unsetenv("SSH_TTY");
    try {
      auto t = open_terminal(CapsRequest{true, true});
      std::string names;
      Key k;
      for (;;) {
        if (!t->read_key(t->now() + 10000, k)) break;
        if (k.is(U'q')) break;
        names += name_of(k) + "\n";
      }
      t.reset();
      if (::write(report[1], names.data(), names.size()) < 0) ::_exit(3);
      ::_exit(0);
    } catch (...) {
      ::_exit(2);
    }
  }
  ::close(report[1]);
  // Drain what the terminal object draws, and type once it is up.
  auto drain = [&](int ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    char buf[4096];
    while (std::chrono::steady_clock::now() < until) {
      pollfd p{master, POLLIN, 0};
      if (::poll(&p, 1, 10) > 0 && ::read(master, buf, sizeof buf) <= 0) break;
    }
  };
  drain(300);
  for (const std::string& s : typed) {
    REQUIRE(::write(master, s.data(), s.size()) == static_cast<ssize_t>(s.size()));
    drain(80);  // longer than the ESC delay (25 ms)
  }
  REQUIRE(::write(master, "q", 1) == 1);
  std::string out;
  char buf[4096];
  for (;;) {
    drain(20);
    pollfd p{report[0], POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    const ssize_t n = ::read(report[0], buf, sizeof buf);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(report[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(master);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  std::vector<std::string> names;
  for (std::size_t at = 0, nl; (nl = out.find('\n', at)) != std::string::npos; at = nl + 1)
    names.push_back(out.substr(at, nl - at));
  return names;
}

}  // namespace

TEST_CASE("Terminal keys: every sequence the common terminals send does what it says", "[terminal][keys]") {
  for (const std::string term : {"xterm", "xterm-256color", "screen", "tmux-256color", "linux", "rxvt"}) {
    std::vector<std::string> typed, expected;
    for (const KeySequence& k : kKeySequences) {
      typed.emplace_back(k.bytes);
      expected.push_back(k.key == KeyType::Char ? "?" : name_of(Key::of(k.key)));
    }
    INFO("TERM=" << term);
    CHECK(keys_read(term, typed) == expected);
  }
}

TEST_CASE("Terminal keys: a sequence we do not know does nothing; Esc alone is Esc", "[terminal][keys]") {
  const std::vector<std::string> typed = {
      "\033[2~",    // Insert
      "\033[15~",   // F5
      "\033[1;5A",  // Ctrl-Up
      "\033[200~",  // bracketed paste start
      "\033OQ",     // F2
      "\033",       // Esc
      "a",          // a letter
  };
  CHECK(keys_read("xterm", typed) == std::vector<std::string>{"Escape", "a"});
}
