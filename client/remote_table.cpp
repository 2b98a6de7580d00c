#include "client/remote_table.h"

#include <ctime>

#include "client/finished_copy.h"
#include "core/printable.h"
#include "net/lobby.h"
#include "net/talk.h"

#include <algorithm>

#include <fmt/format.h>

#ifndef RACETABLE_VERSION
#define RACETABLE_VERSION "dev"
#endif

namespace rt::client {
namespace {

using net::Act;
using net::ClientState;
using net::Connection;
using net::Hello;
using net::json;
using net::kClientLogLines;
using net::kMaxBoardH;
using net::kMaxBoardW;
using net::kMinBoardH;
using net::kMinBoardW;
using net::LogLine;
using net::OptionView;
using net::PlacingView;
using net::ProtocolError;
using net::Resize;
using net::Role;
using net::ScreenModel;
using net::SeatView;
using net::Typed;
using net::typed_talk;
using shell::Millis;
using shell::Phase;

// A seat's clock as its person watches it: the game clock's bank while
// there is some ("14:32"), else the seconds until a computer plays this
// move ("12 s": the overtime, or the move clock when it is nearer).
std::string move_clock(const SeatView& v) {
  if (v.bank_s > 0 && (v.clock_s < 0 || v.clock_s > v.bank_s))
    return fmt::format("{}:{:02}", v.bank_s / 60, v.bank_s % 60);
  if (v.clock_s >= 0) return fmt::format("{} s", v.clock_s);
  return fmt::format("{}:{:02}", std::max(0, v.bank_s) / 60, std::max(0, v.bank_s) % 60);
}

// Nothing from a peer reaches the terminal raw: every text goes through the one
// printable filter (core/printable.h).

class RemoteTable final : public shell::PlayTable, public shell::RemoteLink {
 public:
  RemoteTable(Connection conn, const json& welcome, RemoteSettings settings)
      : conn_(std::move(conn)), settings_(std::move(settings)) {
    const int seat = welcome.value("seat", 0);
    seat_ = seat > 0 ? static_cast<PlayerId>(seat - 1) : kEveryone;
    if (seat_ >= 0) humans_.push_back(seat_);
    game_ = printable(welcome.value("game", ""));
    game_name_ = printable(welcome.value("game_name", ""));
    hints_ = seat_ >= 0 && welcome.value("hints", false);
    deal_ = net::deal_short(net::deal_of_message(welcome));
  }

  shell::RemoteLink* remote() override { return this; }

  std::string game_id() const override { return has_screen() ? printable(screen().game) : game_; }
  std::string game_name() const override { return has_screen() ? printable(screen().game_name) : game_name_; }
  std::string header_right() const override {
    std::string r = "table " + printable(settings_.table);
    if (seat_ < 0)
      r += " · watching";
    else if (has_screen() && screen().watchers > 0)
      r += fmt::format(" · {} watching", screen().watchers);
    // How the seed came to be; last, so a narrow header cuts it first (the log has it whole).
    if (!deal_.empty()) r += " · " + deal_;
    if (!has_screen()) return r;
    // The game clock (host --game-time): every person's time, first, on every
    // screen (the header is the one row every layout has; what does not fit
    // is cut from the end, the table's name first).
    std::string clocks;
    for (const SeatView& v : screen().seats)
      if (v.bank_s >= 0)
        clocks += fmt::format("{}{} {}", clocks.empty() ? "" : " · ",
                              v.you ? "you" : printable(v.name).substr(0, 10), move_clock(v));
    if (!clocks.empty()) return clocks + " · " + r;
    // The move clock (host --move-time) of the seat asked, on every screen.
    for (const SeatView& v : screen().seats)
      if (v.clock_s >= 0) r = fmt::format("{}: {} · {}", v.you ? "you" : printable(v.name), move_clock(v), r);
    return r;
  }
  bool update(Millis) override {
    if (settings_.pump) settings_.pump();
    if (!conn_.is_open()) return false;
    if (conn_.wants_write()) conn_.flush();
    std::vector<json> msgs;
    std::string error;
    const bool open = conn_.receive(msgs, error);
    bool changed = false;
    for (const json& m : msgs) {
      try {
        if (!st_.apply(m)) error = st_.error();
      } catch (const ProtocolError& e) {
        error = fmt::format("bad data from the table: {}", e.what());
        lose(error);
        return true;
      }
      changed = true;
      if (m["type"] == "screen") ++revision_;
    }
    // The finished game, kept as it comes: before the end screen that follows it.
    if (st_.finished_count() > finished_kept_) {
      finished_kept_ = st_.finished_count();
      kept_ = keep_finished_game(st_.finished(),
                                 KeepWhere{settings_.state_dir, settings_.table, game_, settings_.data},
                                 std::time(nullptr));
      kept_any_ = true;
    }
    // New log lines, in order.
    if (st_.log_total() > logged_) {
      const std::uint64_t fresh = std::min<std::uint64_t>(st_.log_total() - logged_, st_.log().size());
      for (std::size_t k = st_.log().size() - fresh; k < st_.log().size(); ++k) {
        const LogLine& l = st_.log()[k];
        log_.push_back(shell::LogEntry{printable(l.text), printable(l.rule), l.mine ? seat_ : kEveryone,
                                       static_cast<std::uint32_t>(log_.size() + 1), 0,
                                       printable(l.talk_from)});
      }
      logged_ = st_.log_total();
      if (log_.size() > kClientLogLines) {
        const std::size_t cut = log_.size() - kClientLogLines;
        log_.erase(log_.begin(), log_.begin() + static_cast<std::ptrdiff_t>(cut));
        fresh_from_ = fresh_from_ > cut ? fresh_from_ - cut : 0;
      }
    }
    // A nudge stays in the log too: a flash under a long question may have no room.
    if (st_.nudges() > nudges_logged_) {
      nudges_logged_ = st_.nudges();
      log_.push_back(
          shell::LogEntry{fmt::format("{} nudges you: it is your turn!", printable(st_.nudge_from())),
                          "nudge", seat_, static_cast<std::uint32_t>(log_.size() + 1), 0});
    }
    if (!open && !st_.closing().empty()) {
      closed_by_host_ = true;
      reopenable_ = st_.closing_saved();
      lose(st_.closing());
      changed = true;
    } else if (!open || !st_.error().empty()) {
      lose(!st_.error().empty() ? st_.error() : error);
      changed = true;
    }
    return changed;
  }
  Millis wake_at(Millis real) const override { return settings_.pump ? real + 10 : shell::kNever; }
  int wake_fd() const override { return conn_.fd(); }

  Phase phase() const override {
    if (!has_screen()) return Phase::Computers;
    const ScreenModel& s = screen();
    if (s.phase == "over") return Phase::Over;
    if (s.phase == "ready") return Phase::GetReady;
    if (s.phase == "contest") return Phase::Contest;
    if (open_question()) return Phase::HumanTurn;
    return Phase::Computers;
  }
  PlayerId asked() const override { return phase() == Phase::HumanTurn ? seat_ : kEveryone; }
  const std::vector<PlayerId>& humans() const override { return humans_; }
  int human_rank(PlayerId seat) const override { return seat == seat_ ? 0 : -1; }
  std::vector<PlayerId> contest_humans() const override {
    const Phase p = phase();
    if ((p == Phase::Contest || p == Phase::GetReady) && !screen().options.empty() && screen().timed)
      return humans_;
    return {};
  }
  std::uint64_t revision() const override { return revision_ * 2 + (answered_ ? 1 : 0); }

  shell::Question question(PlayerId p) const override {
    shell::Question q;
    q.seat = p;
    if (p < 0 || p != seat_ || !has_screen()) return q;
    const ScreenModel& s = screen();
    if (s.options.empty() || (!s.timed && answered_ && answered_ask_ == s.ask)) return q;
    q.prompt = printable(s.prompt);
    for (const OptionView& o : s.options) {
      q.actions.push_back(o.id);
      q.labels.push_back(printable(o.label));
    }
    q.first = std::clamp<int>(s.first, 0, std::ssize(q.actions) - 1);
    q.arrows = s.arrows;
    for (std::size_t i = 0; i < 4; ++i)
      if (s.directions[i] >= 0) q.directions[i] = s.directions[i];
    q.direction_help = printable(s.direction_help);
    if (s.phase == "contest" || s.phase == "ready") q.contest = s.contest;
    return q;
  }

  bool choose(PlayerId seat, Action action, Millis) override {
    if (seat != seat_ || !open_question()) return false;
    Act a;
    a.ask = screen().ask;
    a.id = action;
    conn_.send(to_json(a));
    // Asked once: the question leaves the screen until the table answers.
    answered_ = true;
    answered_ask_ = screen().ask;
    fresh_from_ = log_.size();
    return true;
  }
  // The server answers a hint to this player alone (server_hint.cpp); it
  // stands while the question it answers is on screen.
  std::string ask_hint(PlayerId seat, Millis) override {
    if (!hints_) return "No hints at this table: its host did not allow them.";
    if (seat != seat_ || !open_question()) return "A hint is for your move: ask on your turn.";
    conn_.send(json{{"type", "hint"}});
    return {};
  }
  std::string hint() const override {
    if (st_.hint().empty() || !open_question() || st_.hint_ask() != screen().ask) return {};
    return st_.hint();
  }
  std::optional<Action> hint_action() const override {
    if (hint().empty()) return std::nullopt;
    return st_.hint_action();
  }
  bool hints_allowed() const override { return hints_; }

  bool contest_act(PlayerId seat, Action action, Millis) override {
    if (seat != seat_ || !has_screen() || !screen().timed) return false;
    Act a;
    a.timed = true;
    a.contest = screen().contest;
    a.id = action;
    conn_.send(to_json(a));
    return true;
  }

  std::vector<shell::SeatPanel> seats() const override {
    std::vector<shell::SeatPanel> out;
    if (!has_screen()) return out;
    for (const SeatView& v : screen().seats) {
      shell::SeatPanel p;
      p.name = printable(v.name);
      p.human = v.human;
      if (!v.human)
        p.kind = printable(v.level);
      else if (v.you)
        p.kind = "you";
      else if (!v.claimed)
        p.kind = "free";
      else if (v.stand_in)
        p.kind = "computer stands in";
      else if (!v.connected)
        p.kind = v.gone_min < 0    ? "dropped"
                 : v.gone_min == 0 ? "dropped just now"
                                   : fmt::format("dropped {} min ago", v.gone_min);
      else if (v.idle_min >= 0)
        p.kind = fmt::format("away {} min", v.idle_min);
      else
        p.kind = "here";
      p.acting = v.acting;
      // The game clock, every person's, on every screen.
      if (v.bank_s >= 0) p.clock = fmt::format("{}:{:02}", v.bank_s / 60, v.bank_s % 60);
      p.place = v.place;
      p.detail = printable(v.detail);
      p.score = printable(v.score);
      out.push_back(std::move(p));
    }
    return out;
  }
  std::string activity() const override {
    if (!has_screen()) return fmt::format("Joining table '{}'...", printable(settings_.table));
    if (answered_ && phase() == Phase::Computers && screen().status == "Your turn")
      return "Sent. Waiting for the table...";
    return printable(screen().status);
  }
  std::string turn_status() const override {
    if (!has_screen()) return "Joining";
    if (screen().phase == "waiting") return "Waiting for players";
    for (const SeatView& v : screen().seats)
      if (v.acting) return printable(v.name) + "'s turn";
    return "Table";
  }
  std::string result_summary() const override { return has_screen() ? printable(screen().result) : ""; }
  std::string non_seat_winner() const override {
    return has_screen() ? printable(screen().non_seat_winner) : "";
  }
  std::vector<shell::ResultLine> result() const override {
    std::vector<shell::ResultLine> out;
    if (has_screen())
      for (const PlacingView& p : screen().placings)
        out.push_back(shell::ResultLine{p.place, printable(p.name), printable(p.detail)});
    return out;
  }

  int board_rows(int width, int max_rows, bool unicode, Millis) override {
    // The server draws the board at the size this window gives it.
    const int w = std::clamp(width, kMinBoardW, kMaxBoardW);
    const int h = std::clamp(max_rows, kMinBoardH, kMaxBoardH);
    if (conn_.is_open() && (w != asked_w_ || h != asked_h_ || unicode != asked_unicode_)) {
      asked_w_ = w;
      asked_h_ = h;
      asked_unicode_ = unicode;
      conn_.send(to_json(Resize{w, h, unicode}));
    }
    return has_screen() ? std::ssize(screen().rows) : 0;
  }
  void draw_board(Canvas& board, Millis) const override {
    if (!has_screen()) return;
    board.blit(decode_board(screen()), 0, 0);
  }

  // The table holds a contest's result and plays a race's pictures for
  // every screen at once: the server's model carries both.
  std::vector<std::string> contest_result() const override {
    return has_screen() ? screen().contest_result : std::vector<std::string>{};
  }
  int picture() const override { return has_screen() ? screen().picture : -1; }

  const std::vector<shell::LogEntry>& log() const override { return log_; }
  // The server sends this viewer only the lines it may read.
  bool visible(const shell::LogEntry&) const override { return true; }
  std::size_t fresh_from() const override { return fresh_from_; }
  std::string take_notice() override {
    if (st_.notices() == notices_seen_) return {};
    notices_seen_ = st_.notices();
    // A rejected answer: the question is back on screen.
    answered_ = false;
    return printable(st_.notice());
  }
  std::string lost() const override { return lost_; }

  std::string on_exit() override {
    if (keep_failed()) return "racetable: " + kept_.line();
    if (phase() == Phase::Over || !lost_.empty()) return {};
    leave();
    return fmt::format("racetable: you left table '{}'{}. Rejoin with: {}", printable(settings_.table),
                       seat_ >= 0 ? "; your seat is kept" : "", settings_.rejoin);
  }
  void leave() override {
    if (!conn_.is_open()) return;
    conn_.send(json{{"type", "leave"}});
    conn_.flush();
    conn_.close();
  }
  // Closed by its host without a save: nothing to come back to.
  std::string rejoin_hint() const override {
    return closed_by_host_ && !reopenable_ ? std::string() : settings_.rejoin;
  }
  bool closed_by_host() const override { return closed_by_host_; }
  std::string say(const std::string& typed) override {
    if (!conn_.is_open()) return "the table is gone";
    const Typed t = typed_talk(typed);
    if (!t.message) return t.problem;
    conn_.send(*t.message);
    return {};
  }
  std::string take_nudge() override {
    if (st_.nudges() == nudges_seen_) return {};
    nudges_seen_ = st_.nudges();
    return printable(st_.nudge_from());
  }
  void key_pressed(Millis now) override {
    // At most one "here" every 20 s: presence is told in minutes.
    if (!conn_.is_open() || (here_sent_ && now - here_at_ < 20000)) return;
    conn_.send(json{{"type", "here"}});
    here_sent_ = true;
    here_at_ = now;
  }
  std::string kept_line() const override { return kept_any_ ? kept_.line() : std::string(); }
  bool keep_failed() const override { return kept_any_ && !kept_.problem.empty(); }
  std::string stats_tag() const override {
    return fmt::format("table {} screens={}", has_screen() ? screen().phase : "joining", st_.screens());
  }

 private:
  bool has_screen() const { return st_.has_screen(); }
  const ScreenModel& screen() const { return st_.screen(); }
  bool open_question() const {
    if (!has_screen()) return false;
    const ScreenModel& s = screen();
    return s.phase == "play" && !s.options.empty() && !s.timed && !(answered_ && answered_ask_ == s.ask);
  }
  void lose(const std::string& why) {
    if (lost_.empty()) lost_ = why.empty() ? "the table closed the connection" : why;
    conn_.close();
  }

  Connection conn_;
  RemoteSettings settings_;
  bool hints_ = false;  // the host allows hints (welcome's "hints")
  std::string deal_;    // welcome's "deal" in a few words ("" none)
  ClientState st_;
  PlayerId seat_ = kEveryone;
  std::vector<PlayerId> humans_;
  std::string game_, game_name_;
  std::vector<shell::LogEntry> log_;
  std::uint64_t logged_ = 0;
  std::size_t fresh_from_ = 0;
  std::uint64_t revision_ = 0;
  bool answered_ = false;
  std::uint32_t answered_ask_ = 0;
  std::uint64_t notices_seen_ = 0;
  std::string lost_;
  bool closed_by_host_ = false;  // the table said "closing" before it went
  bool reopenable_ = false;      // ... and that the game is saved
  int asked_w_ = 0, asked_h_ = 0;
  bool asked_unicode_ = true;
  std::uint64_t nudges_seen_ = 0;
  std::uint64_t nudges_logged_ = 0;
  bool here_sent_ = false;
  Millis here_at_ = 0;
  std::uint64_t finished_kept_ = 0;  // "finished" messages kept so far
  bool kept_any_ = false;
  KeptGame kept_;
};

}  // namespace

std::unique_ptr<shell::PlayTable> make_remote_table(Connection conn, const json& welcome,
                                                    RemoteSettings settings) {
  return std::make_unique<RemoteTable>(std::move(conn), welcome, std::move(settings));
}

Hello shell_hello(Role role, int seat, const std::string& code, bool unicode) {
  Hello h;
  h.role = role;
  h.seat = seat;
  h.code = code;
  h.unicode = unicode;
  h.board_w = 80;
  h.board_h = 12;
  h.client = std::string("racetable ") + RACETABLE_VERSION;
  return h;
}

}  // namespace rt::client
