#include "tui/line_mode.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/save.h"
#include "core/transcript.h"

namespace rt::cli {
namespace {

void to_stdout(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

void to_stderr(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stderr);
}

// Signals. The game is saved before every question, so while the program
// waits for an answer the file on disk is the game as it stands: a signal
// then only has to say so and exit (a handler may do no more than write()).
// A signal that comes while the program is busy is noted and handled at the
// next question, after the save.
volatile std::sig_atomic_t g_signal = 0;
volatile std::sig_atomic_t g_waiting = 0;
char g_note[8192];  // what the handler writes after "racetable: signal N"
volatile std::size_t g_note_len = 0;

void on_stop_signal(int sig) {
  g_signal = sig;
  if (!g_waiting) return;
  char head[32] = "\nracetable: signal ";
  std::size_t n = std::strlen(head);
  if (sig >= 10) head[n++] = static_cast<char>('0' + sig / 10);
  head[n++] = static_cast<char>('0' + sig % 10);
  ssize_t r = ::write(STDERR_FILENO, head, n);
  r = ::write(STDERR_FILENO, g_note, g_note_len);
  (void)r;
  ::_exit(128 + sig);
}

// Installs the handler for SIGINT, SIGTERM and SIGHUP; puts the old ones back.
class StopSignals {
 public:
  explicit StopSignals(bool on) : on_(on) {
    if (!on_) return;
    g_signal = 0;
    g_waiting = 0;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (std::size_t i = 0; i < kSignals.size(); ++i) ::sigaction(kSignals[i], &sa, &old_[i]);
  }
  ~StopSignals() {
    if (!on_) return;
    g_waiting = 0;
    for (std::size_t i = 0; i < kSignals.size(); ++i) ::sigaction(kSignals[i], &old_[i], nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  static constexpr std::array<int, 3> kSignals{SIGINT, SIGTERM, SIGHUP};
  bool on_;
  std::array<struct sigaction, 3> old_{};
};

void set_signal_note(const std::string& note) {
  g_waiting = 0;  // never read half-written
  const std::size_t n = std::min(note.size(), sizeof g_note);
  std::memcpy(g_note, note.data(), n);
  g_note_len = n;
}

std::string trim(const std::string& s) {
  std::size_t a = 0;
  std::size_t b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) --b;
  return s.substr(a, b - a);
}

}  // namespace

int play_line_mode(Table& table, const LineModeOptions& options) {
  const bool interactive = options.interactive;
  const auto out = options.out ? options.out : to_stdout;
  const auto err = options.err ? options.err : to_stderr;
  std::istream& in = options.in ? *options.in : std::cin;
  int humans = 0;
  PlayerId only_human = kPublic;
  for (std::size_t i = 0; i < table.seats().size(); ++i)
    if (table.seats()[i].kind == SeatKind::Human) {
      ++humans;
      only_human = static_cast<PlayerId>(i);
    }
  TranscriptOptions topt;
  topt.audience = humans == 1 ? only_human : kPublic;
  TranscriptWriter writer(topt, out);
  EventSink events;
  attach_transcript(table, writer, events);

  StopSignals signals(options.handle_signals);
  const std::string& path = options.save_path;
  std::string problem;  // why the last save failed ("" it worked)
  std::string problem_said;
  std::size_t saved_steps = static_cast<std::size_t>(-1);
  // Saves the table; false (and `problem` says why) if it could not.
  auto save = [&]() -> bool {
    if (path.empty()) {
      problem = "no save file";
      return false;
    }
    try {
      write_file_atomically(path, save_text(table));
      saved_steps = table.history().size();
      problem.clear();
      return true;
    } catch (const UserError& e) {
      problem = e.what();
      return false;
    }
  };
  // "the game could not be saved: REASON; the game as last saved is in PATH"
  auto not_saved = [&]() {
    const bool earlier = !path.empty() && ::access(path.c_str(), F_OK) == 0;
    return fmt::format("the game could not be saved: {}; {}", problem,
                       earlier ? fmt::format("the game as last saved is in {}", path) : "it is lost");
  };
  auto saved_note = [&]() -> std::string {
    if (path.empty()) return "this game is not saved";
    return problem.empty() ? fmt::format("game saved to {} (continue with: racetable resume {})", path, path)
                           : not_saved();
  };
  std::vector<PlayerId> waiting;
  std::vector<Action> legal;
  int input_line = 0;
  for (;;) {
    // Run chance and computers until a human is asked (never past one).
    for (;;) {
      table.humans_to_act(waiting);
      if (table.over() || !waiting.empty()) break;
      if (!table.advance_one(kNoDeadline)) break;
    }
    if (table.over()) break;
    // Before every question: the answers so far are on disk.
    if (!path.empty() && table.history().size() != saved_steps && !save() && problem != problem_said) {
      err(fmt::format("racetable: {}\n", not_saved()));
      problem_said = problem;
    }
    if (g_signal) {
      err(fmt::format("\nracetable: signal {}: {}\n", static_cast<int>(g_signal), saved_note()));
      return 128 + g_signal;
    }
    const PlayerId p = waiting.front();
    const State& st = table.state();
    Canvas board(80, 30, options.unicode);
    ViewContext ctx;
    ctx.viewer = p;
    ctx.now = st.now();
    st.view(board, ctx);
    out("\n");
    out(board.to_text());
    legal.clear();
    st.legal_actions(p, legal);
    out(fmt::format("\n{}: {}\n", table.seats()[static_cast<std::size_t>(p)].name, st.prompt(p)));
    for (std::size_t i = 0; i < legal.size(); ++i)
      out(fmt::format("  {}) {}\n", i + 1, st.action_label(p, legal[i])));
    out("> ");
    const auto asked = std::chrono::steady_clock::now();
    std::string line;
    if (options.handle_signals) {
      set_signal_note(fmt::format(": {}\n", saved_note()));
      g_waiting = 1;
      if (g_signal) on_stop_signal(g_signal);  // came before the flag was up
    }
    const bool got = static_cast<bool>(std::getline(in, line));
    g_waiting = 0;
    if (!got) {
      if (path.empty()) {
        out("\nInput ended (this game is not saved)\n");
        return 0;
      }
      if (!save()) {
        err(fmt::format("racetable: input ended, and {}\n", not_saved()));
        return 2;
      }
      out(fmt::format("\nInput ended: {}\n", saved_note()));
      return 0;
    }
    ++input_line;
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked);
    line = trim(line);
    std::optional<Action> chosen;
    bool numeric = !line.empty() && line.size() < 4;
    for (char c : line) numeric = numeric && c >= '0' && c <= '9';
    if (numeric) {
      const auto k = static_cast<std::size_t>(std::stoul(line));
      if (k >= 1 && k <= legal.size()) chosen = legal[k - 1];
    } else if (!line.empty()) {
      chosen = st.parse_action(p, line);
    }
    if (!chosen) {
      const std::string msg = fmt::format("input line {}: '{}' is not one of the options 1-{}", input_line,
                                          excerpt(line), legal.size());
      if (!interactive) {
        save();
        err(fmt::format("racetable: {}; {}\n", msg, saved_note()));
        return 2;
      }
      out(msg + "\n");
      continue;
    }
    if (st.timed()) {
      // Computers that were quicker than the human act first.
      const Tick at = st.now() + static_cast<Tick>(elapsed.count());
      while (table.advance_one(at)) {
        table.humans_to_act(waiting);
        if (std::find(waiting.begin(), waiting.end(), p) == waiting.end()) break;
      }
      if (!table.state().is_legal(p, *chosen)) {
        out("Too late!\n");
        continue;
      }
      table.submit(p, *chosen, at);
    } else {
      table.submit(p, *chosen, st.now());
    }
  }
  writer.result(table);
  if (!save() && !path.empty()) {
    err(fmt::format("racetable: the game is over, but {}\n", not_saved()));
    return 2;
  }
  return 0;
}

}  // namespace rt::cli
