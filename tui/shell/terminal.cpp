// The only code that talks to the terminal: ncurses set-up and restore,
// signals, keys, and copying frames to the screen (changed cells only).
//
// Lifecycle lessons from btop, FTXUI, DCSS and ncmpcpp: newterm() rather
// than initscr() so a bad TERM gets a message instead of an exit; signal
// handlers only set a flag and wake the loop through a pipe, the loop saves
// and calls endwin(); crash handlers restore the terminal with write() and
// tcsetattr() only; a dead input is a hang-up; SIGWINCH and SIGTSTP stay
// with ncurses (our SIGWINCH handler calls ncurses' one, then wakes us).
#define NCURSES_WIDECHAR 1
#define NCURSES_NOMACROS 1  // curses macros (hline, vline, ...) clash with Canvas
#include <curses.h>
#include <fcntl.h>
#include <langinfo.h>
#include <malloc.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <fstream>
#include <map>
#include <optional>
#include <string>

#include "core/types.h"
#include "tui/shell/key_sequences.h"
#include "tui/shell/terminal.h"

namespace rt::shell {
namespace {

volatile std::sig_atomic_t g_signal = 0;
volatile std::sig_atomic_t g_raw = 0;  // the terminal is in curses mode
int g_wake[2] = {-1, -1};
struct termios g_saved_termios;
bool g_have_termios = false;
struct sigaction g_ncurses_winch;
struct sigaction g_ncurses_tstp;
// Ctrl-Z: when the program was stopped and when it went on (monotonic ms).
std::atomic<long long> g_stopped_from{0};
std::atomic<long long> g_stopped_to{0};
volatile std::sig_atomic_t g_suspended = 0;

long long monotonic_ms() {
  struct timespec ts;
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

void wake_loop() {
  if (g_wake[1] >= 0) {
    const char c = 1;
    const ssize_t r = ::write(g_wake[1], &c, 1);
    (void)r;
  }
}

extern "C" void on_quit_signal(int sig) {
  const int saved = errno;
  if (!g_signal) g_signal = sig;
  wake_loop();
  errno = saved;
}

extern "C" void on_winch(int sig) {
  const int saved = errno;
  // ncurses' own handler notes the new size; it is delivered as KEY_RESIZE.
  if ((g_ncurses_winch.sa_flags & SA_SIGINFO) == 0 && g_ncurses_winch.sa_handler != SIG_DFL &&
      g_ncurses_winch.sa_handler != SIG_IGN && g_ncurses_winch.sa_handler != nullptr)
    g_ncurses_winch.sa_handler(sig);
  wake_loop();
  errno = saved;
}

// ncurses' SIGTSTP handler leaves curses mode, stops the process and, once
// continued, repaints. Around it we note how long the game was stopped, so a
// timed contest does not run on while the player is away.
extern "C" void on_tstp(int sig) {
  const int saved = errno;
  g_stopped_from = monotonic_ms();
  if ((g_ncurses_tstp.sa_flags & SA_SIGINFO) == 0 && g_ncurses_tstp.sa_handler != SIG_DFL &&
      g_ncurses_tstp.sa_handler != SIG_IGN && g_ncurses_tstp.sa_handler != nullptr)
    g_ncurses_tstp.sa_handler(sig);
  g_stopped_to = monotonic_ms();
  g_suspended = 1;
  wake_loop();
  errno = saved;
}

// Async-signal-safe: a fixed string and tcsetattr, nothing else.
void emergency_restore() {
  if (!g_raw) return;
  g_raw = 0;
  static const char kReset[] =
      "\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[0m\x1b[?25h\x1b[?1049l\r\n";
  const ssize_t r = ::write(STDOUT_FILENO, kReset, sizeof(kReset) - 1);
  (void)r;
  if (g_have_termios) ::tcsetattr(STDIN_FILENO, TCSANOW, &g_saved_termios);
}

extern "C" void on_crash(int sig) {
  emergency_restore();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void install(int sig, void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: poll() must wake up
  ::sigaction(sig, &sa, nullptr);
}

short curses_colour(Color c, bool defaults) {
  switch (c) {
    case Color::Black: return COLOR_BLACK;
    case Color::Red: return COLOR_RED;
    case Color::Green: return COLOR_GREEN;
    case Color::Yellow: return COLOR_YELLOW;
    case Color::Blue: return COLOR_BLUE;
    case Color::Magenta: return COLOR_MAGENTA;
    case Color::Cyan: return COLOR_CYAN;
    case Color::White: return COLOR_WHITE;
    case Color::Default: return defaults ? -1 : COLOR_WHITE;
  }
  return -1;
}

class NcursesTerminal final : public Terminal {
 public:
  explicit NcursesTerminal(const CapsRequest& request) {
    const char* term = std::getenv("TERM");
    const std::string problem =
        terminal_problem(::isatty(STDIN_FILENO), ::isatty(STDOUT_FILENO), term ? term : "");
    if (!problem.empty()) throw UserError(problem);
    std::setlocale(LC_ALL, "");
    TermEnv env;
    env.term = term;
    env.codeset = nl_langinfo(CODESET);
    if (const char* nc = std::getenv("NO_COLOR")) env.no_color = nc;
    env.ssh = std::getenv("SSH_CONNECTION") || std::getenv("SSH_TTY");
    env.escdelay_set = std::getenv("ESCDELAY") != nullptr;

    g_have_termios = ::tcgetattr(STDIN_FILENO, &g_saved_termios) == 0;
    if (::pipe(g_wake) != 0) throw UserError("cannot create a pipe for the terminal loop");
    for (int fd : g_wake) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    for (int fd : g_wake) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    install(SIGINT, on_quit_signal);
    install(SIGTERM, on_quit_signal);
    install(SIGHUP, on_quit_signal);
    install(SIGQUIT, on_quit_signal);
    std::signal(SIGPIPE, SIG_IGN);
    for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) install(sig, on_crash);
    std::set_terminate([] {
      emergency_restore();
      std::abort();
    });

    screen_ = ::newterm(nullptr, stdout, stdin);
    if (!screen_) {
      close_pipe();
      throw UserError(std::string("the terminal type '") + term +
                      "' is unknown here: set TERM to one this system knows (e.g. xterm-256color)");
    }
    g_raw = 1;
    ::set_term(screen_);
    const char* cup = ::tigetstr(const_cast<char*>("cup"));
    if (cup == nullptr || cup == reinterpret_cast<char*>(-1)) {
      restore();
      throw UserError(std::string("the terminal type '") + term +
                      "' cannot move the cursor, so it cannot show the shell");
    }
    // Chain ncurses' SIGWINCH handler so a resize also wakes poll().
    ::sigaction(SIGWINCH, nullptr, &g_ncurses_winch);
    install(SIGWINCH, on_winch);
    ::sigaction(SIGTSTP, nullptr, &g_ncurses_tstp);
    if ((g_ncurses_tstp.sa_flags & SA_SIGINFO) == 0 && g_ncurses_tstp.sa_handler != SIG_DFL &&
        g_ncurses_tstp.sa_handler != SIG_IGN)
      install(SIGTSTP, on_tstp);

    env.has_colors = ::has_colors();
    caps_ = decide_caps(env, request);
    ::cbreak();
    ::noecho();
    ::nonl();
    ::keypad(stdscr, TRUE);
    ::nodelay(stdscr, TRUE);
    ::scrollok(stdscr, FALSE);
    ::leaveok(stdscr, TRUE);
    ::curs_set(0);
    if (caps_.escdelay_ms >= 0) ::set_escdelay(caps_.escdelay_ms);
    teach_key_sequences();
    if (caps_.color) {
      ::start_color();
      defaults_ = ::use_default_colors() == OK;
    }
    ::mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED
#if NCURSES_MOUSE_VERSION > 1
                    | BUTTON5_PRESSED
#endif
                ,
                nullptr);
    ::mouseinterval(0);
    // Until a first endwin(), ncurses 6.4 flushes its output at every cursor
    // move (it takes the screen for one not set up yet): a frame went out in
    // one write(2) per changed run, and over SSH each is a wake-up of the
    // session and a packet. Leaving and taking the screen once before the
    // first frame puts ncurses in its running state: one write a frame.
    ::endwin();
    ::doupdate();
    stats_ = std::getenv("RACETABLE_SHELL_STATS") != nullptr;
  }

  ~NcursesTerminal() override {
    restore();
  }

  int width() const override {
    return COLS;
  }
  int height() const override {
    return LINES;
  }
  bool unicode() const override {
    return caps_.unicode;
  }

  Millis now() const override {
    return monotonic_ms();
  }

  bool take_suspension(Millis& from, Millis& to) override {
    if (!g_suspended) return false;
    g_suspended = 0;
    from = g_stopped_from;
    to = g_stopped_to;
    full_ = true;  // ncurses repainted from its own copy: resend everything next time
    return true;
  }

  int pending_signal() const override {
    if (g_signal) return g_signal;
    return hung_up_ ? SIGHUP : 0;
  }

  bool read_key(Millis deadline, Key& out) override {
    for (;;) {
      if (g_signal || hung_up_) return false;
      wint_t ch = 0;
      const int r = ::wget_wch(stdscr, &ch);
      if (r != ERR) {
        eof_streak_ = 0;
        if (r == OK && ch == 27 && swallow_unknown_sequence()) continue;
        if (decode(r, ch, out)) return true;
        continue;
      }
      if (input_ready_ && ++eof_streak_ > 5) {
        // poll() keeps saying "readable" and nothing comes: the input is gone.
        hung_up_ = true;
        return false;
      }
      input_ready_ = false;
      const Millis t = now();
      if (deadline != kNever && t >= deadline) return false;
      const int timeout = deadline == kNever ? -1 : static_cast<int>(std::min<Millis>(deadline - t, INT_MAX));
      struct pollfd fds[2 + kMaxWakeFds] = {{STDIN_FILENO, POLLIN, 0}, {g_wake[0], POLLIN, 0}};
      for (std::size_t i = 0; i < wake_fds_.size(); ++i) fds[2 + i] = {wake_fds_[i], POLLIN, 0};
      const int n = ::poll(fds, static_cast<nfds_t>(2 + wake_fds_.size()), timeout);
      if (n < 0) {
        if (errno == EINTR) continue;
        hung_up_ = true;
        return false;
      }
      if (fds[1].revents & POLLIN) {
        char buf[64];
        while (::read(g_wake[0], buf, sizeof buf) > 0) {
        }
      }
      if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
        hung_up_ = true;
        return false;
      }
      if (fds[0].revents & POLLIN) input_ready_ = true;
      for (std::size_t i = 0; i < wake_fds_.size(); ++i)
        if (fds[2 + i].revents) return false;  // the page reads it in its tick
    }
  }

  void set_wake_fds(const std::vector<int>& fds) override {
    wake_fds_.assign(fds.begin(),
                     fds.begin() + static_cast<std::ptrdiff_t>(std::min(fds.size(), kMaxWakeFds)));
  }

  void present(const Canvas& frame) override {
    if (full_) {
      ::clearok(curscr, TRUE);
      prev_.reset();
      full_ = false;
    }
    const bool same_size = prev_ && prev_->width() == frame.width() && prev_->height() == frame.height();
    const int w = std::min(frame.width(), COLS);
    const int h = std::min(frame.height(), LINES);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const Cell& cell = frame.at(x, y);
        if (same_size && prev_->at(x, y) == cell) continue;
        put(x, y, cell);
      }
    }
    ::wnoutrefresh(stdscr);
    ::doupdate();
    prev_ = frame;
    // A smaller window frees ncurses' copies of the larger screen and our
    // frames, but in the middle of the heap: malloc keeps them unless asked
    // to give them back.
    const long cells = static_cast<long>(frame.width()) * frame.height();
    if (cells < last_cells_) ::malloc_trim(0);
    last_cells_ = cells;
  }

  void bell() override {
    ::beep();
  }
  void set_cursor(int x, int y) override {
    const bool show = x >= 0 && y >= 0 && x < COLS && y < LINES;
    if (!show && !cursor_shown_) return;  // the usual case: nothing to send
    if (show) {
      // Drawing the frame moved the cursor: put it back at the field.
      ::leaveok(stdscr, FALSE);
      ::wmove(stdscr, y, x);
    } else {
      ::leaveok(stdscr, TRUE);
    }
    if (show != cursor_shown_) ::curs_set(show ? 1 : 0);
    cursor_shown_ = show;
    ::wnoutrefresh(stdscr);
    ::doupdate();
  }

  void redraw_all() override {
    full_ = true;
  }

  std::uint64_t bytes_written() const override {
    // Measurement only (RACETABLE_SHELL_STATS): bytes this process passed to
    // write(); between frames that is what went to the terminal.
    if (!stats_) return 0;
    std::ifstream io("/proc/self/io");
    std::string key;
    std::uint64_t value = 0;
    while (io >> key >> value)
      if (key == "wchar:") return value;
    return 0;
  }

 private:
  void put(int x, int y, const Cell& cell) {
    attr_t a = A_NORMAL;
    if (cell.style.attrs & attr::kBold) a |= A_BOLD;
    if (cell.style.attrs & attr::kReverse) a |= A_REVERSE;
    if (cell.style.attrs & attr::kUnderline) a |= A_UNDERLINE;
    if (cell.style.attrs & attr::kDim) a |= A_DIM;
    short pair = 0;
    if (caps_.color && (cell.style.fg != Color::Default || cell.style.bg != Color::Default))
      pair = pair_for(cell.style);
    wchar_t text[2] = {static_cast<wchar_t>(cell.ch), 0};
    if (!caps_.unicode && cell.ch > 0x7E) text[0] = L'?';
    cchar_t cc;
    ::setcchar(&cc, text, a, pair, nullptr);
    ::mvwadd_wch(stdscr, y, x, &cc);  // the bottom-right cell may report ERR: harmless
  }

  short pair_for(const Style& s) {
    const int key = static_cast<int>(s.fg) * 16 + static_cast<int>(s.bg);
    const auto it = pairs_.find(key);
    if (it != pairs_.end()) return it->second;
    if (next_pair_ >= COLOR_PAIRS) return 0;
    const short p = static_cast<short>(next_pair_++);
    ::init_pair(p, curses_colour(s.fg, defaults_), curses_colour(s.bg, defaults_));
    pairs_[key] = p;
    return p;
  }

  // Every sequence of key_sequences.h, whatever the terminfo of $TERM says.
  static void teach_key_sequences() {
    for (const KeySequence& k : kKeySequences) {
      const std::string bytes(k.bytes);
      ::define_key(bytes.c_str(), curses_code(k.key));
    }
  }

  static int curses_code(KeyType k) {
    switch (k) {
      case KeyType::Up: return KEY_UP;
      case KeyType::Down: return KEY_DOWN;
      case KeyType::Left: return KEY_LEFT;
      case KeyType::Right: return KEY_RIGHT;
      case KeyType::Home: return KEY_HOME;
      case KeyType::End: return KEY_END;
      case KeyType::PageUp: return KEY_PPAGE;
      case KeyType::PageDown: return KEY_NPAGE;
      case KeyType::Delete: return KEY_DC;
      case KeyType::BackTab: return KEY_BTAB;
      default: return KEY_F(1);  // KeyType::Char: F1, the help key
    }
  }

  // After an ESC that ncurses matched to no key: when a CSI (ESC [) or SS3
  // (ESC O) sequence came with it, reads it to its final byte and drops it
  // (a key we do not know does nothing, never Esc and then letters). Anything
  // else is put back: Esc, then that key (Alt+key), as before.
  static bool swallow_unknown_sequence() {
    wint_t next = 0;
    if (::wget_wch(stdscr, &next) != OK) return false;
    if (next != L'[' && next != L'O') {
      ::unget_wch(static_cast<wchar_t>(next));
      return false;
    }
    if (next == L'O') {
      wint_t final = 0;
      (void)::wget_wch(stdscr, &final);
      return true;
    }
    // CSI: parameter and intermediate bytes (0x20-0x3F), then a final byte (0x40-0x7E).
    for (int n = 0; n < 32; ++n) {
      wint_t c = 0;
      if (::wget_wch(stdscr, &c) != OK) return true;
      if (c >= 0x40 && c <= 0x7E) return true;
      if (c < 0x20 || c > 0x3F) {
        ::unget_wch(static_cast<wchar_t>(c));
        return true;
      }
    }
    return true;
  }

  static bool decode(int r, wint_t ch, Key& out) {
    if (r == KEY_CODE_YES) {
      switch (ch) {
        case KEY_UP: out = Key::of(KeyType::Up); return true;
        case KEY_DOWN: out = Key::of(KeyType::Down); return true;
        case KEY_LEFT: out = Key::of(KeyType::Left); return true;
        case KEY_RIGHT: out = Key::of(KeyType::Right); return true;
        case KEY_ENTER: out = Key::of(KeyType::Enter); return true;
        case KEY_BACKSPACE: out = Key::of(KeyType::Backspace); return true;
        case KEY_DC: out = Key::of(KeyType::Delete); return true;
        case KEY_PPAGE: out = Key::of(KeyType::PageUp); return true;
        case KEY_NPAGE: out = Key::of(KeyType::PageDown); return true;
        case KEY_HOME: out = Key::of(KeyType::Home); return true;
        case KEY_END: out = Key::of(KeyType::End); return true;
        case KEY_BTAB: out = Key::of(KeyType::BackTab); return true;
        case KEY_RESIZE: out = Key::of(KeyType::Resize); return true;
        case KEY_F(1): out = Key::chr(U'?'); return true;
        case KEY_MOUSE: {
          MEVENT ev;
          if (::getmouse(&ev) != OK) return false;
          if (ev.bstate & BUTTON1_PRESSED)
            out = Key::click(ev.x, ev.y);
          else if (ev.bstate & BUTTON4_PRESSED)
            out = Key{KeyType::WheelUp, 0, ev.x, ev.y};
#if NCURSES_MOUSE_VERSION > 1
          else if (ev.bstate & BUTTON5_PRESSED)
            out = Key{KeyType::WheelDown, 0, ev.x, ev.y};
#endif
          else
            return false;
          return true;
        }
        default: return false;
      }
    }
    switch (ch) {
      case L'\n':
      case L'\r': out = Key::of(KeyType::Enter); return true;
      case 127:
      case 8: out = Key::of(KeyType::Backspace); return true;
      case 27: out = Key::of(KeyType::Escape); return true;
      case L'\t': out = Key::of(KeyType::Tab); return true;
      default: out = Key::chr(static_cast<char32_t>(ch)); return true;
    }
  }

  void close_pipe() {
    for (int& fd : g_wake) {
      if (fd >= 0) ::close(fd);
      fd = -1;
    }
  }

  void restore() {
    if (!screen_) return;
    ::mousemask(0, nullptr);
    ::curs_set(1);
    ::endwin();
    ::delscreen(screen_);
    screen_ = nullptr;
    g_raw = 0;
    if (g_have_termios) ::tcsetattr(STDIN_FILENO, TCSANOW, &g_saved_termios);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP}) std::signal(sig, SIG_DFL);
    close_pipe();
  }

  SCREEN* screen_ = nullptr;
  Caps caps_;
  bool defaults_ = false;
  std::map<int, short> pairs_;
  int next_pair_ = 1;
  std::optional<Canvas> prev_;
  long last_cells_ = 0;  // the last frame's size: a smaller one gives memory back
  bool full_ = true;
  bool cursor_shown_ = false;  // the terminal's cursor is on (a text field is edited)
  bool hung_up_ = false;
  bool input_ready_ = false;
  int eof_streak_ = 0;
  static constexpr std::size_t kMaxWakeFds = 4;
  std::vector<int> wake_fds_;
  bool stats_ = false;
};

}  // namespace

std::unique_ptr<Terminal> open_terminal(const CapsRequest& request) {
  return std::make_unique<NcursesTerminal>(request);
}

}  // namespace rt::shell
