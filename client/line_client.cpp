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
#include <string_view>

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

}  // namespace

int run_line_client(net::Connection& conn, const json& welcome, const LineClientSettings& s) {
  net::ClientState st;
  std::uint64_t printed_log = 0;
  std::string last_status;
  std::string last_question;
  bool stdin_open = true;
  LineBuffer typed;  // stdin's lines, capped as they arrive
  int input_line = 0;
  const int seat = welcome.value("seat", 0);
  // welcome's strings are printable (parse_server_message); "host" is the kernel's word.
  out(fmt::format("Joined table '{}' ({}, host {}) {}.\n", s.table, welcome.value("game_name", ""),
                  welcome.value("host", ""),
                  seat > 0 ? fmt::format("at seat {} as {}", seat, welcome.value("name", "")) : "to watch"));
  if (const std::string deal = net::deal_sentence(net::deal_of_message(welcome)); !deal.empty())
    out(deal + "\n");
  out(seat > 0
          ? fmt::format(
                "Talk to the table with /say TEXT; /mute NAME, /unmute NAME, /nudge (the player whose "
                "turn it is).{}\n",
                welcome.value("hints", false) ? " hint: a hint on your move." : "")
          : "Talk with /say TEXT (other watchers hear it; players only if the host allows); /mute NAME.\n");
  std::uint64_t nudges_seen = 0;
  std::uint64_t finished_kept = 0;
  bool keep_failed = false;
  for (;;) {
    pollfd fds[2] = {{conn.fd(), static_cast<short>(POLLIN | (conn.wants_write() ? POLLOUT : 0)), 0},
                     {stdin_open ? STDIN_FILENO : -1, POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0 && errno != EINTR) break;
    if (fds[0].revents & POLLOUT) conn.flush();
    std::vector<json> msgs;
    std::string error;
    const bool open = conn.receive(msgs, error);
    for (const json& m : msgs) {
      try {
        if (!st.apply(m)) {
          out(fmt::format("racetable: {}\n", st.error()));
          return 1;
        }
      } catch (const net::ProtocolError& e) {
        out(fmt::format("racetable: bad data from the table: {}\n", e.what()));
        return 1;
      }
      const std::string type = m["type"].get<std::string>();
      if (type == "notice" || type == "error")
        out(fmt::format("! {}\n", type == "notice" ? st.notice() : st.error()));
      if (type == "hint") out(fmt::format("{}\n> ", st.hint()));
    }
    if (st.finished_count() > finished_kept) {
      finished_kept = st.finished_count();
      const KeptGame kept = keep_finished_game(
          st.finished(), KeepWhere{s.state_dir, s.table, welcome.value("game", ""), s.data},
          std::time(nullptr));
      keep_failed = keep_failed || !kept.problem.empty();
      if (!kept.problem.empty())
        out(fmt::format("racetable: {}\n", kept.line()));
      else if (!kept.path.empty())
        out(fmt::format("{} (racetable replay {})\n", kept.line(), kept.path));
    }
    if (st.log_total() > printed_log) {
      const std::uint64_t fresh = std::min<std::uint64_t>(st.log_total() - printed_log, st.log().size());
      for (std::size_t k = st.log().size() - fresh; k < st.log().size(); ++k) {
        const net::LogLine& l = st.log()[k];
        out(l.talk_from.empty() ? fmt::format("  {}\n", l.text)
                                : fmt::format(">> {}: {}\n", l.talk_from, l.text));
      }
      printed_log = st.log_total();
    }
    if (st.nudges() > nudges_seen) {
      nudges_seen = st.nudges();
      out(fmt::format("\a! {} nudges you: it is your turn!\n", st.nudge_from()));
    }
    if (st.has_screen()) {
      const net::ScreenModel& sc = st.screen();
      if (sc.status != last_status) {
        out(fmt::format("-- {}\n", sc.status));
        last_status = sc.status;
      }
      if (sc.phase == "over") {
        for (const net::PlacingView& p : sc.placings)
          out(fmt::format("{}. {}  {}\n", p.place, p.name, p.detail));
        return keep_failed ? 2 : 0;
      }
      const std::string q =
          st.asked() ? fmt::format("{}/{}/{}/{}", sc.ask, sc.contest, sc.timed, sc.prompt) : "";
      if (!q.empty() && q != last_question) {
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
      last_question = q;
    }
    if (!open && !st.closing().empty()) {
      out(st.closing_saved() ? fmt::format("racetable: {}. Once it is open again, rejoin with: {}\n",
                                           st.closing(), rejoin_hint(s, welcome))
                             : fmt::format("racetable: {}.\n", st.closing()));
      return 1;
    }
    if (!open) {
      out(fmt::format("racetable: {}. Rejoin with: {}\n", error, rejoin_hint(s, welcome)));
      return 1;
    }
    if (stdin_open && (fds[1].revents & (POLLIN | POLLHUP))) {
      char buf[4096];
      const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
      if (n <= 0 && seat == 0) {
        stdin_open = false;  // a watcher keeps watching
        continue;
      }
      if (n <= 0) {
        stdin_open = false;
        conn.send(json{{"type", "leave"}});
        out(fmt::format("\nInput ended: you left the table; your seat is kept. Rejoin with: {}\n",
                        rejoin_hint(s, welcome)));
        return 0;
      }
      typed.append(std::string_view(buf, static_cast<std::size_t>(n)));
      while (std::optional<InputLine> next = typed.next()) {
        ++input_line;
        if (next->too_long) {
          out(fmt::format("input line {}: longer than {} characters ('{}')\n> ", input_line,
                          kMaxInputLineBytes, excerpt(next->text)));
          continue;
        }
        const std::string line = net::trim(next->text);
        if (line == "q" || line == "quit") {
          conn.send(json{{"type", "leave"}});
          out(fmt::format("You left the table; your seat is kept. Rejoin with: {}\n",
                          rejoin_hint(s, welcome)));
          return 0;
        }
        if (line.empty()) continue;
        if (line == "hint") {  // answered by the table (a hint or why not), when the host allows hints
          if (welcome.value("hints", false))
            conn.send(json{{"type", "hint"}});
          else
            out("No hints at this table: its host did not allow them.\n> ");
          continue;
        }
        if (line.front() == '/') {  // talk and its commands (net/talk.h)
          const net::Typed talk = net::typed_talk(line);
          if (talk.message)
            conn.send(*talk.message);
          else
            out(fmt::format("{}\n", talk.problem));
          continue;
        }
        std::optional<json> answer;
        bool digits = line.size() < 4;
        for (char c : line) digits = digits && c >= '0' && c <= '9';
        if (digits) {
          const int k = std::stoi(line);
          if (k >= 1) answer = st.answer(static_cast<std::size_t>(k - 1));
        } else if (st.asked()) {
          for (std::size_t i = 0; i < st.screen().options.size(); ++i)
            if (st.screen().options[i].label == line) answer = st.answer(i);
        }
        if (answer)
          conn.send(*answer);
        else
          out(st.asked() ? fmt::format("'{}' is not one of the options 1-{}\n> ", excerpt(line),
                                       st.screen().options.size())
                         : "nothing is asked of you now\n");
      }
    }
  }
  return 1;
}

}  // namespace rt::client
