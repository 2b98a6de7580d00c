// The full-screen table client: the only ncurses code of tui/net. It draws
// draw_client()'s Canvas, turns keys into answers, and restores the
// terminal however it ends (leaving, a lost table, Ctrl-C, a hang-up).
#define NCURSES_WIDECHAR 1
#define NCURSES_NOMACROS 1  // curses macros (hline, vline, ...) clash with Canvas
#include <curses.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>

#include <fmt/format.h>

#include "tui/net/commands.h"

namespace rt::net {
namespace {

volatile std::sig_atomic_t g_quit = 0;
extern "C" void on_quit(int sig) {
  g_quit = sig;
}

short colour(Color c) {
  switch (c) {
    case Color::Black: return COLOR_BLACK;
    case Color::Red: return COLOR_RED;
    case Color::Green: return COLOR_GREEN;
    case Color::Yellow: return COLOR_YELLOW;
    case Color::Blue: return COLOR_BLUE;
    case Color::Magenta: return COLOR_MAGENTA;
    case Color::Cyan: return COLOR_CYAN;
    case Color::White: return COLOR_WHITE;
    case Color::Default: return -1;
  }
  return -1;
}

class Curses {
 public:
  explicit Curses(bool no_color) {
    screen_ = ::newterm(nullptr, stdout, stdin);
    if (!screen_) throw UserError("this terminal cannot show the table (check TERM), or use --line");
    ::set_term(screen_);
    ::cbreak();
    ::noecho();
    ::nonl();
    ::keypad(stdscr, TRUE);
    ::nodelay(stdscr, TRUE);
    ::curs_set(0);
    ::set_escdelay(25);
    if (!no_color && ::has_colors()) {
      ::start_color();
      ::use_default_colors();
      colour_ = true;
    }
  }
  ~Curses() {
    ::endwin();
    ::delscreen(screen_);
  }
  int cols() const { return COLS; }
  int rows() const { return LINES; }

  void present(const Canvas& c, bool all) {
    if (all) ::clearok(stdscr, TRUE);
    for (int y = 0; y < c.height() && y < LINES; ++y)
      for (int x = 0; x < c.width() && x < COLS; ++x) {
        const Cell& cell = c.at(x, y);
        wchar_t wc[2] = {static_cast<wchar_t>(cell.ch < 0x20 ? U'?' : cell.ch), 0};
        attr_t a = A_NORMAL;
        if (cell.style.attrs & attr::kBold) a |= A_BOLD;
        if (cell.style.attrs & attr::kReverse) a |= A_REVERSE;
        if (cell.style.attrs & attr::kUnderline) a |= A_UNDERLINE;
        if (cell.style.attrs & attr::kDim) a |= A_DIM;
        short pair = 0;
        if (colour_ && (cell.style.fg != Color::Default || cell.style.bg != Color::Default)) {
          pair =
              static_cast<short>(1 + static_cast<int>(cell.style.fg) * 9 + static_cast<int>(cell.style.bg));
          if (pair < COLOR_PAIRS && !(inited_[pair / 64] & (1ull << (pair % 64)))) {
            ::init_pair(pair, colour(cell.style.fg), colour(cell.style.bg));
            inited_[pair / 64] |= 1ull << (pair % 64);
          }
          if (pair >= COLOR_PAIRS) pair = 0;
        }
        cchar_t cc;
        ::setcchar(&cc, wc, a, pair, nullptr);
        ::mvwadd_wch(stdscr, y, x, &cc);
      }
    ::wrefresh(stdscr);
  }

  // A key as client.h's codes, or nothing.
  bool key(std::int32_t& out, bool& resized) {
    wint_t ch = 0;
    const int r = ::wget_wch(stdscr, &ch);
    if (r == ERR) return false;
    if (r == KEY_CODE_YES) {
      switch (ch) {
        case KEY_UP: out = kKeyUp; return true;
        case KEY_DOWN: out = kKeyDown; return true;
        case KEY_PPAGE: out = kKeyPageUp; return true;
        case KEY_NPAGE: out = kKeyPageDown; return true;
        case KEY_ENTER: out = kKeyEnter; return true;
        case KEY_RESIZE:
          resized = true;
          out = 0;
          return true;
        default: out = 0; return true;
      }
    }
    if (ch == 27)
      out = kKeyEscape;
    else if (ch == '\r' || ch == '\n')
      out = kKeyEnter;
    else
      out = static_cast<std::int32_t>(ch);
    return true;
  }

 private:
  SCREEN* screen_ = nullptr;
  bool colour_ = false;
  std::uint64_t inited_[2] = {0, 0};
};

}  // namespace

int run_curses_client(Connection& conn, const json& welcome, const JoinSettings& s) {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction sa {};
    sa.sa_handler = on_quit;
    sigemptyset(&sa.sa_mask);
    ::sigaction(sig, &sa, nullptr);
  }
  const int seat = welcome.value("seat", 0);
  const std::string rejoin =
      fmt::format("racetable join {}{}{}", s.table, s.dir.empty() ? "" : " --dir " + s.dir,
                  seat > 0 ? fmt::format(" --seat {}", seat) : std::string(" --watch"));
  ClientState st;
  ViewState view;
  view.table = s.table;
  std::string ending;
  int code = 0;
  {
    Curses term(std::getenv("NO_COLOR") != nullptr);
    view.unicode = !s.ascii;
    int cols = term.cols(), rows = term.rows();
    std::string question;
    bool redraw_all = true;
    auto notice_until = std::chrono::steady_clock::now();
    std::uint64_t notices = 0;
    for (;;) {
      if (g_quit) {
        conn.send(json{{"type", "leave"}});
        ending = fmt::format("You left the table{}.", seat > 0 ? "; your seat is kept" : "");
        break;
      }
      // The question changed: the cursor goes back to the first option.
      const std::string q =
          st.asked() ? fmt::format("{}/{}/{}", st.screen().ask, st.screen().contest, st.screen().timed)
                     : std::string();
      if (q != question) {
        view.cursor = 0;
        question = q;
      }
      if (st.notices() != notices) {
        notices = st.notices();
        notice_until = std::chrono::steady_clock::now() + std::chrono::seconds(4);
      }
      const bool notice_on = std::chrono::steady_clock::now() < notice_until;
      view.show_notice = notice_on;
      Canvas canvas(cols, rows, view.unicode);
      draw_client(canvas, st, view);
      term.present(canvas, redraw_all);
      redraw_all = false;

      pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0},
                       {conn.fd(), static_cast<short>(POLLIN | (conn.wants_write() ? POLLOUT : 0)), 0}};
      const int timeout = notice_on ? 500 : 1000;
      ::poll(fds, 2, timeout);
      if (fds[1].revents & POLLOUT) conn.flush();

      std::int32_t key = 0;
      bool resized = false, leave = false;
      while (term.key(key, resized)) {
        const KeyResult k = interpret_key(st, view, key);
        const int n = st.asked() ? static_cast<int>(st.screen().options.size()) : 0;
        switch (k.action) {
          case KeyAction::Choose:
            if (auto a = st.answer(static_cast<std::size_t>(k.option))) conn.send(*a);
            view.cursor = k.option;
            break;
          case KeyAction::CursorUp: view.cursor = n > 0 ? (view.cursor + n - 1) % n : 0; break;
          case KeyAction::CursorDown: view.cursor = n > 0 ? (view.cursor + 1) % n : 0; break;
          case KeyAction::LogUp: view.log_scroll += 5; break;
          case KeyAction::LogDown: view.log_scroll = std::max(0, view.log_scroll - 5); break;
          case KeyAction::Leave: leave = true; break;
          case KeyAction::Redraw: redraw_all = true; break;
          case KeyAction::None: break;
        }
      }
      if (resized || term.cols() != cols || term.rows() != rows) {
        cols = term.cols();
        rows = term.rows();
        const BoardSize b = board_size_for(cols, rows);
        conn.send(to_json(Resize{b.w, b.h, view.unicode}));
        redraw_all = true;
      }
      if (leave) {
        conn.send(json{{"type", "leave"}});
        ending = st.has_screen() && st.screen().phase == "over"
                     ? fmt::format("Game over. {}", st.screen().result)
                     : fmt::format("You left the table{}. Come back with: {}",
                                   seat > 0 ? "; your seat is kept" : "", rejoin);
        break;
      }
      std::vector<json> msgs;
      std::string error;
      const bool open = conn.receive(msgs, error);
      bool refused = false;
      for (const json& m : msgs) {
        try {
          refused = !st.apply(m) || refused;
        } catch (const ProtocolError& e) {
          error = fmt::format("bad data from the table: {}", e.what());
          refused = true;
        }
      }
      if (refused || !open) {
        const bool over = st.has_screen() && st.screen().phase == "over";
        if (over) {
          ending = fmt::format("Game over. {}", st.screen().result);
        } else {
          ending = fmt::format("Lost the table: {}. Rejoin with: {}",
                               !st.error().empty() ? st.error() : error, rejoin);
          code = 1;
        }
        break;
      }
    }
  }
  std::fprintf(stdout, "%s\n", ending.c_str());
  std::fflush(stdout);
  return code;
}

}  // namespace rt::net
