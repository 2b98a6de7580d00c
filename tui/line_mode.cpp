#include "tui/line_mode.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "core/computer_name.h"
#include "core/hint.h"
#include "core/input_limits.h"
#include "core/line_reader.h"
#include "core/presenter.h"
#include "core/save.h"
#include "core/seat_labels.h"
#include "core/timed_contests.h"
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

// An answer with a time: "1@12" (option 1, 1.2 s from now) or "@12" (the
// only option). Tenths of a second, so a player can aim a timed decision.
struct Timed {
  std::string option;
  int tenths = -1;  // -1: no time given
};
Timed split_time(const std::string& line) {
  const auto at = line.find('@');
  if (at == std::string::npos || at + 1 >= line.size() || line.size() - at > 4) return {line, -1};
  int tenths = 0;
  for (std::size_t i = at + 1; i < line.size(); ++i) {
    if (line[i] < '0' || line[i] > '9') return {line, -1};
    tenths = tenths * 10 + (line[i] - '0');
  }
  return {line.substr(0, at), tenths};
}

std::vector<std::string> board_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(std::move(line));
    at = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// The whole board without its blank lines (the sections read on their own;
// the caller sets the board off with one blank line).
std::string whole_board(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines)
    if (!l.empty()) out += l + "\n";
  return out;
}

// Only the lines that changed since `before`, when few did (a new top card,
// a hand): the events have said the rest. Empty: print the whole board.
std::string changed_lines(const std::vector<std::string>& before, const std::vector<std::string>& now) {
  std::string out;
  int changed = 0;
  int shown = 0;
  for (std::size_t i = 0; i < now.size(); ++i) {
    if (now[i].empty()) continue;
    ++shown;
    if (i < before.size() && before[i] == now[i]) continue;
    ++changed;
    out += now[i] + "\n";
  }
  (void)shown;
  return out;
}

// Narration between two questions, a line per subject: consecutive events
// about the same player or racer (its structured field) are said in one line,
// the name once ("Ben rolls red (count 0), purple (count 1), yellow at the
// count of 2 and takes Go Wacky! (yellow)."), so a computer's turn or a roll
// streak reads as one line instead of one per event. Nothing is dropped:
// every sentence is there, only the repeated subject and the clock stamps
// after a line's first are left out. A line stops near 200 characters.
class Narration {
 public:
  Narration(std::function<void(std::string_view)> out, std::vector<std::string> names)
      : names_(std::move(names)), out_(std::move(out)) {}
  ~Narration() { flush(); }
  Narration(const Narration&) = delete;
  Narration& operator=(const Narration&) = delete;

  void add(const Event& e) {
    const std::string subject = subject_of(e);
    std::string text = e.text;
    if (!line_.empty() && !subject.empty() && subject == subject_ && line_.size() + text.size() < kWidth) {
      // The same subject goes on: drop its name when both sentences start with it,
      // and the verb after it when that is the same too ("Ben rolls "), so
      // what follows is whole ("purple (count 1)").
      std::size_t same = 0;
      const std::string name = subject + " ";
      if (text.rfind(name, 0) == 0 && last_.rfind(name, 0) == 0) {
        same = name.size();
        const std::size_t verb = text.find(' ', same);
        if (verb != std::string::npos &&
            last_.compare(same, verb + 1 - same, text, same, verb + 1 - same) == 0)
          same = verb + 1;
      }
      if (!line_.empty() && line_.back() == '.') line_.pop_back();
      line_ += (same > 0 ? ", " : "; ") + text.substr(same);
      last_ = text;
      if (std::find(rules_.begin(), rules_.end(), e.rule) == rules_.end()) rules_.push_back(e.rule);
      return;
    }
    flush();
    line_ = e.at != last_at_ ? fmt::format("[{}.{:03}s] ", e.at / 1000, e.at % 1000) : std::string();
    last_at_ = e.at;
    line_ += text;
    last_ = text;
    subject_ = subject;
    rules_.assign(1, e.rule);
  }
  void flush() {
    if (line_.empty()) return;
    std::string rules;
    for (const std::string& r : rules_) rules += (rules.empty() ? "" : "; ") + r;
    out_(fmt::format("{}  [{}]\n", line_, rules));
    line_.clear();
  }

 private:
  static constexpr std::size_t kWidth = 200;
  // Whom the event is about, by its fields (docs/EVENTS.md), as the texts
  // name it: a seat's name or a racer's; "" when none.
  std::string subject_of(const Event& e) const {
    for (const char* key : {"player", "racer"})
      for (const EventField& f : e.fields)
        if (f.name == key) {
          if (const auto* n = std::get_if<std::int64_t>(&f.value))
            return *n >= 1 && static_cast<std::size_t>(*n) <= names_.size()
                       ? names_[static_cast<std::size_t>(*n - 1)]
                       : fmt::format("seat {}", *n);
          if (const auto* t = std::get_if<std::string>(&f.value)) return *t;
        }
    return {};
  }
  std::vector<std::string> names_;
  std::function<void(std::string_view)> out_;
  std::string line_, last_, subject_;
  std::vector<std::string> rules_;
  Tick last_at_ = 0;
};

constexpr const char* kLineHelp =
    "Answer with an option's number (or its text). b: the board again. ?: this help.\n"
    "hint: the move the strongest computer would make, and why (the game's record says so).\n"
    "In a timed contest, 1@12 answers 1 after 1.2 s (tenths of a second), @12 the only option.\n";

// One game in line mode: the table played to its end, a question at a time,
// saved before every question.
class LineGame {
 public:
  LineGame(Table& table, const LineModeOptions& options)
      : table_(table),
        options_(options),
        out_(options.out ? options.out : to_stdout),
        err_(options.err ? options.err : to_stderr),
        in_(options.in ? *options.in : std::cin),
        path_(options.save_path),
        topt_(transcript_options(table)),
        writer_(topt_, out_),
        narration_(out_, seat_names(table)) {}

  int play() {
    table_.set_event_sink(&events_);
    writer_.header(table_);
    table_.set_step_observer([&](const Step&) {
      for (Event& e : events_)
        if (shown_to(e.audience, topt_.audience)) {
          e.text = mark_computers(e.text, table_.seats());
          narration_.add(e);
        }
      events_.clear();
    });
    StopSignals signals(options_.handle_signals);
    for (;;) {
      // Run chance and computers until a human is asked (never past one).
      for (;;) {
        table_.humans_to_act(waiting_);
        if (table_.over() || !waiting_.empty()) break;
        if (!table_.advance_one(kNoDeadline)) break;
      }
      narration_.flush();  // what happened is said before the board and the question
      if (table_.over()) break;
      // Before every question: the answers so far are on disk.
      if (!path_.empty() && table_.history().size() != saved_steps_ && !save() && problem_ != problem_said_) {
        err_(fmt::format("racetable: {}\n", not_saved()));
        problem_said_ = problem_;
      }
      if (g_signal) {
        err_(fmt::format("\nracetable: signal {}: {}\n", static_cast<int>(g_signal), saved_note()));
        return 128 + g_signal;
      }
      const PlayerId p = waiting_.front();
      legal_.clear();
      table_.state().legal_actions(p, legal_);
      show_board(p);
      ask(p);
      if (const std::optional<int> exit = answer(p)) return *exit;
    }
    writer_.result(table_);
    if (!save() && !path_.empty()) {
      err_(fmt::format("racetable: the game is over, but {}\n", not_saved()));
      return 2;
    }
    return 0;
  }

 private:
  // One person at the table reads their own hand; several read the public view.
  static TranscriptOptions transcript_options(const Table& table) {
    int humans = 0;
    PlayerId only_human = kPublic;
    for (PlayerId p = 0; p < table.seats().size(); ++p)
      if (table.seats()[p].kind == SeatKind::Human) {
        ++humans;
        only_human = p;
      }
    TranscriptOptions topt;
    topt.audience = humans == 1 ? only_human : kPublic;
    return topt;
  }
  // As the narration names them: a computer's marked (mark_computers).
  static std::vector<std::string> seat_names(const Table& table) {
    std::vector<std::string> names;
    for (const Seat& seat : table.seats())
      names.push_back(seat.kind == SeatKind::Human ? seat.name : computer_name(seat.name));
    return names;
  }

  // Saves the table; false (and `problem_` says why) if it could not.
  bool save() {
    if (path_.empty()) {
      problem_ = "no save file";
      return false;
    }
    // A game nobody has decided anything in is not worth a file (as in the
    // shell): quitting at the first question leaves no empty save behind.
    const auto& steps = table_.history();
    if (std::none_of(steps.begin(), steps.end(), [](const Step& st) { return st.player >= 0; })) {
      saved_steps_ = steps.size();
      problem_.clear();
      return true;
    }
    try {
      write_file_atomically(path_, save_text(table_));
      saved_steps_ = table_.history().size();
      problem_.clear();
      return true;
    } catch (const UserError& e) {
      problem_ = e.what();
      return false;
    }
  }
  // "the game could not be saved: REASON; the game as last saved is in PATH"
  std::string not_saved() const {
    const bool earlier = !path_.empty() && ::access(path_.c_str(), F_OK) == 0;
    return fmt::format("the game could not be saved: {}; {}", problem_,
                       earlier ? fmt::format("the game as last saved is in {}", path_) : "it is lost");
  }
  std::string saved_note() const {
    if (path_.empty()) return "this game is not saved";
    if (problem_.empty() && ::access(path_.c_str(), F_OK) != 0)
      return "nothing was decided yet, so nothing was saved";
    return problem_.empty()
               ? fmt::format("game saved to {} (continue with: racetable resume {})", path_, path_)
               : not_saved();
  }

  // The board is printed when it changes for the person answering, not at
  // every prompt: during a timed contest the events say each roll, so only
  // its first prompt shows it. `b` prints it on demand.
  void show_board(PlayerId p) {
    const State& st = table_.state();
    const Presenter& shown = table_.game().presenter();
    Canvas board(80, 30, options_.unicode);
    ViewContext ctx;
    ctx.viewer = p;
    ctx.now = st.now();
    ctx.styled = false;
    ctx.computers = computer_seats(table_);
    shown.view(st, board, ctx);
    std::vector<std::string> lines = board_lines(board.to_text());
    same_contest_ = timed(st) && in_contest_ && contest_id(st) == last_contest_;
    // A question with one answer and no clock (a forced pass) needs no board:
    // its changes are kept for the next real choice (or b).
    const bool skip_board = legal_.size() == 1 && !timed(st) && !want_board_ && p == last_viewer_;
    if (skip_board) {
      // nothing: last_board_ stays what the player last saw
    } else if (want_board_ || p != last_viewer_) {
      out_("\n" + whole_board(lines) + "\n");
    } else if (lines != last_board_ && !same_contest_) {
      const std::string changed = changed_lines(last_board_, lines);
      out_(changed.empty() ? "\n" + whole_board(lines) + "\n" : changed);
    }
    if (!skip_board && (want_board_ || p != last_viewer_ || !same_contest_)) {
      last_board_ = std::move(lines);
      last_viewer_ = p;
    }
    want_board_ = false;
    in_contest_ = timed(st);
    last_contest_ = contest_id(st);
  }

  // The question and its numbered options (only what changed since the last).
  void ask(PlayerId p) {
    const State& st = table_.state();
    const Presenter& shown = table_.game().presenter();
    std::string options_text;
    for (std::size_t i = 0; i < legal_.size(); ++i)
      options_text += fmt::format("  {}) {}\n", i + 1, shown.action_label(st, p, legal_[i]));
    const std::string& who = table_.seats()[p].name;
    std::string question = who + ": " + shown.prompt(st, p);
    if (same_contest_ && question == last_question_ && options_text == last_options_) {
      // The same question again in a contest (one more roll): the prompt alone.
    } else if (legal_.size() == 1) {
      out_(fmt::format("{}: {}  [1) {}]\n", who, shown.prompt(st, p), shown.action_label(st, p, legal_[0])));
    } else if (options_text == last_options_) {
      out_(fmt::format("{}: {}  [options as before, 1-{}]\n", who, shown.prompt(st, p), legal_.size()));
    } else {
      out_(fmt::format("{}: {}\n", who, shown.prompt(st, p)));
      out_(options_text);
    }
    last_options_ = std::move(options_text);
    last_question_ = std::move(question);
    if (timed(st) && !shown.timing_hint(st, p, st.now()).empty()) {
      // Aiming a timed decision: where things will be after each delay.
      out_("When? Answer 1@D to act D tenths of a second from now:\n");
      for (int d = 0; d <= 20; d += 4) {
        std::string row;
        for (int k = d; k < d + 4 && k <= 20; k += 2)
          row += fmt::format("  @{:<2} {:<26}", k,
                             shown.timing_hint(st, p, st.now() + static_cast<Tick>(k) * 100));
        while (!row.empty() && row.back() == ' ') row.pop_back();
        out_(row + "\n");
      }
    }
    if (!told_help_) {
      out_("(b: the board again, ?: help and legend)\n");
      told_help_ = true;
    }
  }

  // A bad line: said and asked again at a terminal, else the game ends saved (2).
  std::optional<int> refuse(const std::string& msg) {
    if (!options_.interactive) {
      save();
      err_(fmt::format("racetable: {}; {}\n", msg, saved_note()));
      return 2;
    }
    out_(msg + "\n");
    return std::nullopt;
  }

  // Reads and plays one line of `p`'s; an exit status when the game ends here.
  std::optional<int> answer(PlayerId p) {
    out_("> ");
    const auto asked = std::chrono::steady_clock::now();
    if (options_.handle_signals) {
      set_signal_note(fmt::format(": {}\n", saved_note()));
      g_waiting = 1;
      if (g_signal) on_stop_signal(g_signal);  // came before the flag was up
    }
    std::optional<InputLine> typed = read_line(in_);
    g_waiting = 0;
    if (!typed) {
      if (path_.empty()) {
        out_("\nInput ended (this game is not saved)\n");
        return 0;
      }
      if (!save()) {
        err_(fmt::format("racetable: input ended, and {}\n", not_saved()));
        return 2;
      }
      out_(fmt::format("\nInput ended: {}\n", saved_note()));
      return 0;
    }
    ++input_line_;
    if (typed->too_long)  // dropped as it was read: never held, never parsed
      return refuse(fmt::format("input line {}: longer than {} characters ('{}')", input_line_,
                                kMaxInputLineBytes, excerpt(typed->text)));
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked);
    const std::string line = trim(typed->text);
    const State& st = table_.state();
    const Presenter& shown = table_.game().presenter();
    if (line == "b") {
      want_board_ = true;
      return std::nullopt;
    }
    if (line == "hint") {
      // Noted in the table's record and saved at once, as the shell does.
      const HintReply reply = ask_hint(table_, p);
      out_((reply.hint ? reply.hint->line() : reply.refused) + "\n");
      if (reply.hint && !path_.empty()) save();
      return std::nullopt;
    }
    if (line == "?") {
      out_(kLineHelp);
      const std::string legend = shown.legend(st);
      if (!legend.empty()) out_(legend + "\n");
      return std::nullopt;
    }
    Timed timed_answer = split_time(line);  // a time on an untimed question changes nothing
    if (timed_answer.tenths >= 0 && timed_answer.option.empty() && legal_.size() == 1)
      timed_answer.option = "1";
    const std::optional<Action> chosen = option_of(p, timed_answer.option);
    if (!chosen)
      return refuse(fmt::format("input line {}: '{}' is not one of the options 1-{}", input_line_,
                                excerpt(line), legal_.size()));
    if (!timed(st)) {
      table_.submit(p, *chosen, st.now());
      return std::nullopt;
    }
    // Computers that were quicker than the human act first.
    const Tick at = st.now() + (timed_answer.tenths >= 0 ? static_cast<Tick>(timed_answer.tenths) * 100
                                                         : static_cast<Tick>(elapsed.count()));
    if (timed_answer.tenths >= 0 && !shown.timing_hint(st, p, at).empty())
      out_(fmt::format("{} acts at @{}: {}.\n", table_.seats()[p].name, timed_answer.tenths,
                       shown.timing_hint(st, p, at)));
    while (table_.advance_one(at)) {
      table_.humans_to_act(waiting_);
      if (std::find(waiting_.begin(), waiting_.end(), p) == waiting_.end()) break;
    }
    if (!table_.state().is_legal(p, *chosen)) {
      narration_.flush();
      out_("Too late!\n");
      return std::nullopt;
    }
    table_.submit(p, *chosen, at);
    return std::nullopt;
  }

  // An option's number (1, 2...) or its text.
  std::optional<Action> option_of(PlayerId p, const std::string& answer) const {
    bool numeric = !answer.empty() && answer.size() < 4;
    for (char c : answer) numeric = numeric && c >= '0' && c <= '9';
    if (!numeric) return answer.empty() ? std::nullopt : table_.state().parse_action(p, answer);
    const std::size_t k = std::stoul(answer);
    if (k >= 1 && k <= legal_.size()) return legal_[k - 1];
    return std::nullopt;
  }

  Table& table_;
  const LineModeOptions& options_;
  std::function<void(std::string_view)> out_, err_;
  std::istream& in_;
  const std::string& path_;
  std::string problem_;  // why the last save failed ("" it worked)
  std::string problem_said_;
  std::size_t saved_steps_ = std::numeric_limits<std::size_t>::max();  // none yet
  TranscriptOptions topt_;
  TranscriptWriter writer_;
  EventSink events_;
  Narration narration_;
  std::vector<PlayerId> waiting_;
  std::vector<Action> legal_;
  int input_line_ = 0;
  std::vector<std::string> last_board_;
  PlayerId last_viewer_ = kChance;  // nobody yet
  std::uint32_t last_contest_ = 0;
  bool in_contest_ = false;
  bool same_contest_ = false;  // this question is in the contest the last one was
  bool want_board_ = false;
  std::string last_options_;
  std::string last_question_;
  bool told_help_ = false;
};

}  // namespace

int play_line_mode(Table& table, const LineModeOptions& options) {
  return LineGame(table, options).play();
}

}  // namespace rt::cli
