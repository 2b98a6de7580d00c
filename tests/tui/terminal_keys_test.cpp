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

#include <algorithm>
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

// Types each of `typed` into a fresh terminal object on a pty (TERM=`term`)
// so none runs into the next: when each is one key (`one_key_each`), after the
// terminal has read it; otherwise after a pause longer than the ESC delay, for
// a sequence that is no key at all. Returns the keys read, up to the final 'q'.
std::vector<std::string> keys_read(const std::string& term, const std::vector<std::string>& typed,
                                   bool one_key_each) {
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
      Key k;
      for (;;) {
        if (!t->read_key(t->now() + 10000, k)) break;
        if (k.is(U'q')) break;
        // Each key as it is read, so the typist can wait for it.
        const std::string name = name_of(k) + "\n";
        if (::write(report[1], name.data(), name.size()) < 0) ::_exit(3);
      }
      t.reset();
      ::_exit(0);
    } catch (...) {
      ::_exit(2);
    }
  }
  ::close(report[1]);
  // Drains what the terminal object draws (it must never block on a full pty)
  // and collects the names it reports, for `ms` or until `lines` names came.
  std::string out;
  bool reported_all = false;
  auto drain = [&](int ms, std::size_t lines) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    char buf[4096];
    while (!reported_all && std::chrono::steady_clock::now() < until &&
           static_cast<std::size_t>(std::count(out.begin(), out.end(), '\n')) < lines) {
      pollfd p[2] = {{master, POLLIN, 0}, {report[0], POLLIN, 0}};
      if (::poll(p, 2, 10) <= 0) continue;
      if ((p[0].revents & POLLIN) && ::read(master, buf, sizeof buf) <= 0) p[0].fd = -1;
      if (p[1].revents & (POLLIN | POLLHUP)) {
        const ssize_t n = ::read(report[0], buf, sizeof buf);
        if (n <= 0)
          reported_all = true;
        else
          out.append(buf, static_cast<std::size_t>(n));
      }
    }
  };
  constexpr std::size_t kAny = static_cast<std::size_t>(-1);
  drain(300, kAny);  // type once it is up
  std::size_t keys = 0;
  for (const std::string& s : typed) {
    REQUIRE(::write(master, s.data(), s.size()) == static_cast<ssize_t>(s.size()));
    if (one_key_each)
      drain(5000, ++keys);
    else
      drain(80, kAny);  // longer than the ESC delay (25 ms)
  }
  REQUIRE(::write(master, "q", 1) == 1);
  drain(30000, kAny);  // until the terminal object has ended (it reads for 10 s at most)
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
    CHECK(keys_read(term, typed, true) == expected);
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
  CHECK(keys_read("xterm", typed, false) == std::vector<std::string>{"Escape", "a"});
}
