// The line-mode client of a table: numbered questions on stdout, answers,
// talk and `hint` from stdin, for `racetable join` without a terminal (or
// with --line). It runs over a connection that has said hello, whichever
// way it came.
#include "client/line_client.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <optional>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "client/finished_copy.h"
#include "core/input_limits.h"
#include "core/line_reader.h"
#include "net/lobby.h"
#include "net/sockets.h"
#include "net/table_files.h"
#include "net/talk.h"

namespace rt::client {

using net::json;

namespace {

// Written at once: a person or a script waits on each line.
void out(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

std::string rejoin_hint(const LineClientSettings& s, const json& welcome) {
  return net::rejoin_command(s.table, s.dir == net::default_table_dir() ? "" : s.dir,
                             welcome.value("seat", 0));
}

// One session at a table: what the table says is printed as it comes, what
// is typed is sent; each step returns the exit status once the session ends.
class LineClient {
 public:
  LineClient(net::Connection& conn, const json& welcome, const LineClientSettings& s)
      : conn_(conn), welcome_(welcome), s_(s), seat_(welcome.value("seat", 0)) {}

  int run() {
    greet();
    for (;;) {
      pollfd fds[2] = {{conn_.fd(), static_cast<short>(POLLIN | (conn_.wants_write() ? POLLOUT : 0)), 0},
                       {stdin_open_ ? STDIN_FILENO : -1, POLLIN, 0}};
      if (::poll(fds, 2, -1) < 0 && errno != EINTR) break;
      if (fds[0].revents & POLLOUT) conn_.flush();
      if (const std::optional<int> done = read_table()) return *done;
      if (stdin_open_ && (fds[1].revents & (POLLIN | POLLHUP)))
        if (const std::optional<int> done = read_typed()) return *done;
    }
    return 1;
  }

 private:
  void greet() {
    // welcome's strings are printable (parse_server_message); "host" is the kernel's word.
    out(fmt::format(
        "Joined table '{}' ({}, host {}) {}.\n", s_.table, welcome_.value("game_name", ""),
        welcome_.value("host", ""),
        seat_ > 0 ? fmt::format("at seat {} as {}", seat_, welcome_.value("name", "")) : "to watch"));
    if (const std::string deal = net::deal_sentence(net::deal_of_message(welcome_)); !deal.empty())
      out(deal + "\n");
    out(seat_ > 0
            ? fmt::format(
                  "Talk to the table with /say TEXT; /mute NAME, /unmute NAME, /nudge (the player whose "
                  "turn it is).{}\n",
                  welcome_.value("hints", false) ? " hint: a hint on your move." : "")
            : "Talk with /say TEXT (other watchers hear it; players only if the host allows); /mute NAME.\n");
  }

  // The table's messages, then what is new in them.
  std::optional<int> read_table() {
    std::vector<json> msgs;
    std::string error;
    const bool open = conn_.receive(msgs, error);
    for (const json& m : msgs) {
      try {
        if (!st_.apply(m)) {
          out(fmt::format("racetable: {}\n", st_.error()));
          return 1;
        }
      } catch (const net::ProtocolError& e) {
        out(fmt::format("racetable: bad data from the table: {}\n", e.what()));
        return 1;
      }
      const std::string type = m["type"].get<std::string>();
      if (type == "notice" || type == "error")
        out(fmt::format("! {}\n", type == "notice" ? st_.notice() : st_.error()));
      if (type == "hint") out(fmt::format("{}\n> ", st_.hint()));
    }
    keep_finished();
    print_log();
    if (st_.nudges() > nudges_seen_) {
      nudges_seen_ = st_.nudges();
      out(fmt::format("\a! {} nudges you: it is your turn!\n", st_.nudge_from()));
    }
    if (st_.has_screen())
      if (const std::optional<int> done = print_screen()) return done;
    if (!open && !st_.closing().empty()) {
      out(st_.closing_saved() ? fmt::format("racetable: {}. Once it is open again, rejoin with: {}\n",
                                            st_.closing(), rejoin_hint(s_, welcome_))
                              : fmt::format("racetable: {}.\n", st_.closing()));
      return 1;
    }
    if (!open) {
      out(fmt::format("racetable: {}. Rejoin with: {}\n", error, rejoin_hint(s_, welcome_)));
      return 1;
    }
    return std::nullopt;
  }

  void keep_finished() {
    if (st_.finished_count() <= finished_kept_) return;
    finished_kept_ = st_.finished_count();
    const KeptGame kept = keep_finished_game(
        st_.finished(), KeepWhere{s_.state_dir, s_.table, welcome_.value("game", ""), s_.data},
        std::time(nullptr));
    keep_failed_ = keep_failed_ || !kept.problem.empty();
    if (!kept.problem.empty())
      out(fmt::format("racetable: {}\n", kept.line()));
    else if (!kept.path.empty())
      out(fmt::format("{} (racetable replay {})\n", kept.line(), kept.path));
  }

  void print_log() {
    if (st_.log_total() <= printed_log_) return;
    const std::uint64_t fresh = std::min<std::uint64_t>(st_.log_total() - printed_log_, st_.log().size());
    for (std::size_t k = st_.log().size() - fresh; k < st_.log().size(); ++k) {
      const net::LogLine& l = st_.log()[k];
      out(l.talk_from.empty() ? fmt::format("  {}\n", l.text)
                              : fmt::format(">> {}: {}\n", l.talk_from, l.text));
    }
    printed_log_ = st_.log_total();
  }

  // The status when it changes, the placings at the end, a new question.
  std::optional<int> print_screen() {
    const net::ScreenModel& sc = st_.screen();
    if (sc.status != last_status_) {
      out(fmt::format("-- {}\n", sc.status));
      last_status_ = sc.status;
    }
    if (sc.phase == "over") {
      for (const net::PlacingView& p : sc.placings)
        out(fmt::format("{}. {}  {}\n", p.place, p.name, p.detail));
      return keep_failed_ ? 2 : 0;
    }
    const std::string q =
        st_.asked() ? fmt::format("{}/{}/{}/{}", sc.ask, sc.contest, sc.timed, sc.prompt) : "";
    if (!q.empty() && q != last_question_) print_question(sc);
    last_question_ = q;
    return std::nullopt;
  }

  void print_question(const net::ScreenModel& sc) {
    const Canvas board = net::decode_board(sc);
    out("\n" + board.to_text() + "\n");
    out(fmt::format("{}\n", sc.prompt));
    for (std::size_t i = 0; i < sc.options.size(); ++i)
      out(fmt::format("  {}) {}\n", i + 1, sc.options[i].label));
    // The game clock: every person's time left, then this question's.
    std::string clocks;
    for (const net::SeatView& v : sc.seats)
      if (v.bank_s >= 0)
        clocks += fmt::format("{}{} {}:{:02}", clocks.empty() ? "clocks: " : ", ", v.you ? "you" : v.name,
                              v.bank_s / 60, v.bank_s % 60);
    if (!clocks.empty()) out(clocks + "\n");
    for (const net::SeatView& v : sc.seats)
      if (v.you && v.clock_s >= 0)
        out(v.bank_s > 0
                ? fmt::format("({}:{:02} left on your game clock; then {} s to answer, then a computer "
                              "plays this move for you)\n",
                              v.bank_s / 60, v.bank_s % 60, v.clock_s - v.bank_s)
                : fmt::format("({} s to answer; then a computer plays this move for you)\n", v.clock_s));
    out("> ");
  }

  // What stdin has now: whole lines are answers, talk, `hint` or `q`.
  std::optional<int> read_typed() {
    char buf[4096];
    const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
    if (n <= 0 && seat_ == 0) {
      stdin_open_ = false;  // a watcher keeps watching
      return std::nullopt;
    }
    if (n <= 0) {
      stdin_open_ = false;
      conn_.send(json{{"type", "leave"}});
      out(fmt::format("\nInput ended: you left the table; your seat is kept. Rejoin with: {}\n",
                      rejoin_hint(s_, welcome_)));
      return 0;
    }
    typed_.append(std::string_view(buf, static_cast<std::size_t>(n)));
    while (std::optional<InputLine> next = typed_.next()) {
      ++input_line_;
      if (next->too_long) {
        out(fmt::format("input line {}: longer than {} characters ('{}')\n> ", input_line_,
                        kMaxInputLineBytes, excerpt(next->text)));
        continue;
      }
      if (const std::optional<int> done = take_line(net::trim(next->text))) return done;
    }
    return std::nullopt;
  }

  std::optional<int> take_line(const std::string& line) {
    if (line == "q" || line == "quit") {
      conn_.send(json{{"type", "leave"}});
      out(fmt::format("You left the table; your seat is kept. Rejoin with: {}\n", rejoin_hint(s_, welcome_)));
      return 0;
    }
    if (line.empty()) return std::nullopt;
    if (line == "hint") {  // answered by the table (a hint or why not), when the host allows hints
      if (welcome_.value("hints", false))
        conn_.send(json{{"type", "hint"}});
      else
        out("No hints at this table: its host did not allow them.\n> ");
      return std::nullopt;
    }
    if (line.front() == '/') {  // talk and its commands (net/talk.h)
      const net::Typed talk = net::typed_talk(line);
      if (talk.message)
        conn_.send(*talk.message);
      else
        out(fmt::format("{}\n", talk.problem));
      return std::nullopt;
    }
    std::optional<json> answer;
    bool digits = line.size() < 4;
    for (char c : line) digits = digits && c >= '0' && c <= '9';
    if (digits) {
      const int k = std::stoi(line);
      if (k >= 1) answer = st_.answer(static_cast<std::size_t>(k - 1));
    } else if (st_.asked()) {
      for (std::size_t i = 0; i < st_.screen().options.size(); ++i)
        if (st_.screen().options[i].label == line) answer = st_.answer(i);
    }
    if (answer)
      conn_.send(*answer);
    else
      out(st_.asked() ? fmt::format("'{}' is not one of the options 1-{}\n> ", excerpt(line),
                                    st_.screen().options.size())
                      : "nothing is asked of you now\n");
    return std::nullopt;
  }

  net::Connection& conn_;
  const json& welcome_;
  const LineClientSettings& s_;
  const int seat_;
  net::ClientState st_;
  std::uint64_t printed_log_ = 0;
  std::string last_status_;
  std::string last_question_;
  bool stdin_open_ = true;
  LineBuffer typed_;  // stdin's lines, capped as they arrive
  int input_line_ = 0;
  std::uint64_t nudges_seen_ = 0;
  std::uint64_t finished_kept_ = 0;
  bool keep_failed_ = false;
};

}  // namespace

int run_line_client(net::Connection& conn, const json& welcome, const LineClientSettings& s) {
  return LineClient(conn, welcome, s).run();
}

}  // namespace rt::client
