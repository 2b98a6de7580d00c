#include "tui/net/server.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

#include "core/save.h"
#include "tui/net/sockets.h"

#ifndef RACETABLE_VERSION
#define RACETABLE_VERSION "dev"
#endif

namespace rt::net {
namespace {

volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int sig) {
  g_stop_signal = sig;
}

Millis steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool same_secret(const std::string& expected, const std::string& given) {
  // No early exit on the first mismatch: the time does not tell how close a guess was.
  unsigned diff = expected.size() == given.size() ? 0u : 1u;
  for (std::size_t i = 0; i < given.size(); ++i)
    diff |= static_cast<unsigned char>(i < expected.size() ? expected[i] : 0) ^
            static_cast<unsigned char>(given[i]);
  return diff == 0 && !expected.empty();
}

bool is_person_seat(const Seat& s) {
  return s.level == "human";
}

}  // namespace

struct Server::Client {
  enum class Kind : std::uint8_t { Hello, Player, Watcher, Info };
  int id = 0;
  int fd = -1;
  PeerCred cred;
  std::string user;
  Kind kind = Kind::Hello;
  PlayerId seat = -1;
  FrameReader in{kMaxClientFrame};
  std::string out;
  std::size_t out_pos = 0;
  Millis since = 0;
  double tokens = 0;
  Millis tokens_at = 0;
  int board_w = 80;
  int board_h = 16;
  bool unicode = true;
  std::string last_screen;
  std::size_t log_pos = 0;
  bool dead = false;
  bool close_after_flush = false;
  bool reading = false;
  std::size_t pending() const { return out.size() - out_pos; }
};

std::string save_text_keeping_people(const Table& table) {
  std::string text = save_text(table);
  // A stand-in computer plays a person's seat as a "bot" whose level stays
  // "human": the seat is still that person's, so it is saved as human.
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find('\n', i);
    if (j == std::string::npos) j = text.size();
    std::string_view line(text.data() + i, j - i);
    static constexpr std::string_view kBotHuman = "seat bot human ";
    if (line.substr(0, kBotHuman.size()) == kBotHuman) {
      out += "seat human human ";
      out += line.substr(kBotHuman.size());
    } else {
      out += line;
    }
    if (j < text.size()) out += '\n';
    i = j + 1;
  }
  return out;
}

Server::Server(std::unique_ptr<Table> table, ServerOptions options, std::vector<Event> earlier)
    : table_(std::move(table)), opt_(std::move(options)), host_uid_(::getuid()) {
  if (!opt_.clock) opt_.clock = steady_ms;
  for (Event& e : earlier) log_.push_back(LogEntry{std::move(e.text), std::move(e.rule), e.audience});
  seats_.resize(table_->seats().size());
  // A resumed game may have had stand-ins: every person's seat is a person's again.
  for (std::size_t p = 0; p < table_->seats().size(); ++p)
    if (is_person_seat(table_->seats()[p]) && table_->seats()[p].kind != SeatKind::Human)
      table_->set_seat_kind(static_cast<PlayerId>(p), SeatKind::Human);
  table_->set_event_sink(&events_);
  table_->set_step_observer([this](const Step& s) { on_step(s); });
  saved_steps_ = table_->history().size();
  empty_since_ = now();
}

Server::~Server() {
  if (saved_steps_ != table_->history().size()) save();
  for (auto& c : clients_)
    if (c->fd >= 0) ::close(c->fd);
  if (listen_fd_ >= 0) {
    ::close(listen_fd_);
    ::unlink(socket_path_.c_str());
  }
  table_->set_step_observer({});
  table_->set_event_sink(nullptr);
}

Millis Server::now() const {
  return opt_.clock();
}

void Server::say(std::string_view line) {
  if (!opt_.log) return;
  char stamp[16] = "";
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  if (::localtime_r(&t, &tm)) std::strftime(stamp, sizeof stamp, "%H:%M:%S", &tm);
  opt_.log(fmt::format("{} {}", stamp, line));
}

void Server::install_signal_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: poll() returns
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

void Server::open() {
  if (opt_.dir.empty()) opt_.dir = default_table_dir();
  check_table_name(opt_.name);
  prepare_table_dir(opt_.dir, opt_.group, opt_.group_set);
  socket_path_ = net::socket_path(opt_.dir, opt_.name);
  listen_fd_ = listen_unix(socket_path_, opt_.group, opt_.group_set);
  // The save exists from the start, so --resume works even before a decision.
  saved_steps_ = static_cast<std::size_t>(-1);
  save();
  say(fmt::format("table '{}' open: {} for {} at {}{}{}", opt_.name, table_->game().info().name,
                  opt_.group_set ? fmt::format("group {}", opt_.group_name) : user_name(host_uid_),
                  socket_path_, opt_.code.empty() ? "" : " (join code required)",
                  opt_.save_path.empty() ? "" : fmt::format(", saved to {}", opt_.save_path)));
  say(fmt::format("seed {}", table_->seed()));
}

int Server::connected() const {
  int n = 0;
  for (const auto& c : clients_)
    if (!c->dead && (c->kind == Client::Kind::Player || c->kind == Client::Kind::Watcher)) ++n;
  return n;
}

std::string Server::save() {
  if (opt_.save_path.empty()) {
    saved_steps_ = table_->history().size();
    return {};
  }
  try {
    write_file_atomically(opt_.save_path, save_text_keeping_people(*table_));
    saved_steps_ = table_->history().size();
    ++stats_.saves;
  } catch (const std::exception& e) {
    say(fmt::format("cannot save: {}", e.what()));
    return e.what();
  }
  return {};
}

std::string Server::seat_label(PlayerId p) const {
  return fmt::format("seat {} ({})", p + 1, table_->seats()[static_cast<std::size_t>(p)].name);
}

void Server::on_step(const Step& step) {
  bool any_public = false;
  for (Event& e : events_) {
    any_public = any_public || e.audience == kEveryone;
    log_.push_back(LogEntry{std::move(e.text), std::move(e.rule), e.audience});
  }
  events_.clear();
  last_step_bot_ =
      step.player >= 0 && table_->seats()[static_cast<std::size_t>(step.player)].kind == SeatKind::Bot;
  last_step_public_ = any_public;
  changed_ = true;
}

bool Server::live_contest() const {
  const State& st = table_->state();
  return st.turn() == Turn::Simultaneous && st.timed();
}

bool Server::in_contest() const {
  const State& st = table_->state();
  return clock_running_ && st.contest_id() == clock_contest_ &&
         ((st.turn() == Turn::Simultaneous && st.timed()) || st.turn() == Turn::Chance);
}

bool Server::contest_has_people() const {
  if (!live_contest()) return false;
  std::vector<PlayerId> who;
  table_->humans_to_act(who);
  return !who.empty();
}

Tick Server::view_tick(Millis real) const {
  const Tick at = table_->state().now();
  if (!clock_running_) return at;
  const Millis t = static_cast<Millis>(clock_tick_) + std::max<Millis>(0, real - clock_real_);
  return std::max(at, static_cast<Tick>(std::min<Millis>(t, kNoDeadline - 1)));
}

bool Server::update(Millis real) {
  bool changed = false;
  if (!started_) {
    std::vector<std::string> missing;
    for (std::size_t p = 0; p < seats_.size(); ++p)
      if (is_person_seat(table_->seats()[p]) && !seats_[p].claimed)
        missing.push_back(seat_label(static_cast<PlayerId>(p)));
    if (!missing.empty()) {
      phase_ = Phase::Waiting;
      return false;
    }
    started_ = true;
    next_step_at_ = real + opt_.pace_ms / 2;
    say(table_->history().empty() ? "every seat is taken: the game starts"
                                  : "every seat is taken: the game goes on");
    changed = true;
    phase_ = Phase::Computers;
  }
  for (int guard = 0; guard < 20000; ++guard) {
    if (table_->over()) {
      if (phase_ != Phase::Over) {
        phase_ = Phase::Over;
        over_since_ = real;
        clock_running_ = false;
        const Standings st = table_->state().standings();
        say(fmt::format("game over: {}", st.summary));
        changed = true;
      }
      return changed;
    }
    if (clock_running_) {
      // A contest runs on its clock, dice rolled inside it included, until it
      // is decided (or another contest opens).
      for (int g = 0; g < 100000 && in_contest(); ++g) {
        contest_had_people_ = contest_had_people_ || contest_has_people();
        if (!table_->advance_one(view_tick(real))) break;
        changed = true;
      }
      if (in_contest()) {
        if (phase_ != Phase::Contest) changed = true;
        phase_ = Phase::Contest;
        return changed;
      }
      clock_running_ = false;
      ready_given_ = false;
      phase_ = Phase::Computers;
      next_step_at_ = real + std::max<Millis>(opt_.pace_ms, contest_had_people_ ? opt_.after_contest_ms : 0);
      changed = true;
      continue;
    }
    if (live_contest()) {
      if (!ready_given_ && contest_has_people()) {
        // People need a moment to see that a race is on before time flows.
        ready_given_ = true;
        phase_ = Phase::Ready;
        next_step_at_ = std::max(next_step_at_, real + opt_.ready_ms);
        return true;
      }
      if (real < next_step_at_) return changed;
      clock_running_ = true;
      clock_contest_ = table_->state().contest_id();
      clock_tick_ = table_->state().now();
      clock_real_ = real;
      contest_had_people_ = false;
      phase_ = Phase::Contest;
      changed = true;
      continue;
    }
    table_->humans_to_act(waiting_);
    if (!waiting_.empty()) {
      if (phase_ != Phase::People) changed = true;
      phase_ = Phase::People;
      return changed;
    }
    if (phase_ != Phase::Computers) changed = true;
    phase_ = Phase::Computers;
    if (real < next_step_at_) return changed;
    if (!table_->advance_one()) return changed;
    changed = true;
    Millis delay = 0;
    if (last_step_bot_)
      delay = opt_.pace_ms;
    else if (last_step_public_)
      delay = opt_.pace_ms / 2;
    next_step_at_ = real + delay;
  }
  return changed;
}

Millis Server::wake_at(Millis real) const {
  constexpr Millis kNever = INT64_MAX;
  Millis wake = kNever;
  switch (phase_) {
    case Phase::Waiting:
    case Phase::People:
    case Phase::Over: break;
    case Phase::Computers:
    case Phase::Ready: wake = std::max(real, next_step_at_); break;
    case Phase::Contest: {
      if (real < next_step_at_) {
        wake = next_step_at_;
        break;
      }
      wake = real + opt_.frame_ms;
      const Tick next = table_->next_scheduled();
      if (next != kNoDeadline) {
        const Tick cur = view_tick(real);
        wake = std::min(wake, next <= cur ? real : real + static_cast<Millis>(next - cur));
      }
      break;
    }
  }
  if (!opt_.stand_in.empty() && started_ && phase_ != Phase::Over)
    for (std::size_t p = 0; p < seats_.size(); ++p) {
      const SeatState& s = seats_[p];
      if (s.claimed && s.client < 0 && !s.stand_in) wake = std::min(wake, s.away_since + opt_.grace_ms);
    }
  for (const auto& c : clients_)
    if (c->kind == Client::Kind::Hello) wake = std::min(wake, c->since + opt_.hello_timeout_ms);
  // Closing time: nobody left, or the game over for long enough.
  if (opt_.idle_ms > 0 && connected() == 0) wake = std::min(wake, empty_since_ + opt_.idle_ms);
  if (phase_ == Phase::Over) wake = std::min(wake, over_since_ + opt_.linger_ms);
  return wake;
}

void Server::check_stand_ins(Millis real) {
  if (opt_.stand_in.empty() || !started_ || table_->over()) return;
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    SeatState& s = seats_[p];
    if (!s.claimed || s.client >= 0 || s.stand_in || real < s.away_since + opt_.grace_ms) continue;
    s.stand_in = true;
    const auto seat = static_cast<PlayerId>(p);
    table_->set_agent(seat, make_agent(table_->game(), opt_.stand_in));
    table_->set_seat_kind(seat, SeatKind::Bot);
    say(fmt::format("a computer ({}) plays {} until its player is back", opt_.stand_in, seat_label(seat)));
    changed_ = true;
  }
}

void Server::refresh_asks() {
  std::vector<PlayerId> asked;
  table_->humans_to_act(asked);
  const State& st = table_->state();
  for (PlayerId p : asked) {
    SeatState& s = seats_[static_cast<std::size_t>(p)];
    legal_.clear();
    st.legal_actions(p, legal_);
    std::string sig = st.prompt(p);
    for (Action a : legal_) sig += fmt::format("\x1f{}", a);
    if (s.answered || sig != s.asked) {
      ++s.ask;
      s.asked = std::move(sig);
      s.answered = false;
    }
  }
}

std::string Server::phase_name() const {
  switch (phase_) {
    case Phase::Waiting: return "waiting";
    case Phase::Computers:
    case Phase::People: return "play";
    case Phase::Ready: return "ready";
    case Phase::Contest: return "contest";
    case Phase::Over: return "over";
  }
  return "play";
}

std::string Server::status_line(PlayerId viewer) const {
  const auto& seats = table_->seats();
  auto name = [&](PlayerId p) { return seats[static_cast<std::size_t>(p)].name; };
  switch (phase_) {
    case Phase::Waiting: {
      std::string free;
      for (std::size_t p = 0; p < seats_.size(); ++p)
        if (is_person_seat(seats[p]) && !seats_[p].claimed)
          free += fmt::format("{}{}", free.empty() ? "" : ", ", seat_label(static_cast<PlayerId>(p)));
      return fmt::format("Waiting for players: {} (racetable join {} --seat N)", free, opt_.name);
    }
    case Phase::Over: return fmt::format("Game over. {}", table_->state().standings().summary);
    case Phase::Ready: return "Get ready!";
    case Phase::Contest: {
      std::vector<PlayerId> who;
      table_->humans_to_act(who);
      const bool mine = viewer >= 0 && std::find(who.begin(), who.end(), viewer) != who.end();
      return mine ? "Go! Space acts, or a number picks an option" : "Contest under way";
    }
    case Phase::People: {
      std::vector<PlayerId> who;
      table_->humans_to_act(who);
      std::string line;
      bool mine = false;
      std::string others;
      for (PlayerId p : who) {
        if (p == viewer) {
          mine = true;
          continue;
        }
        const SeatState& s = seats_[static_cast<std::size_t>(p)];
        std::string away;
        if (s.client < 0) away = opt_.stand_in.empty() ? " (away)" : " (away; a computer will stand in)";
        others += fmt::format("{}{}{}", others.empty() ? "" : ", ", name(p), away);
      }
      if (mine) line = "Your turn";
      if (!others.empty()) line += fmt::format("{}aiting for {}", mine ? " - also w" : "W", others);
      return line;
    }
    case Phase::Computers: {
      const State& st = table_->state();
      std::vector<PlayerId> who;
      st.actors(who);
      if (who.empty()) return "";
      std::string names;
      for (PlayerId p : who) names += fmt::format("{}{}", names.empty() ? "" : ", ", name(p));
      return fmt::format("{} {} thinking", names, who.size() == 1 ? "is" : "are");
    }
  }
  return "";
}

ScreenModel Server::screen_for(PlayerId viewer, int board_w, int board_h, bool unicode) {
  const Millis real = now();
  refresh_asks();
  const State& st = table_->state();
  ScreenModel s;
  s.table = opt_.name;
  s.game = table_->game().info().id;
  s.game_name = table_->game().info().name;
  s.you = viewer >= 0 ? viewer : -1;
  s.phase = phase_name();
  s.status = status_line(viewer);
  std::vector<PlayerId> actors;
  if (st.turn() == Turn::Player || st.turn() == Turn::Simultaneous) st.actors(actors);
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    const Seat& seat = table_->seats()[p];
    const SeatState& ss = seats_[p];
    SeatView v;
    v.name = seat.name;
    v.human = is_person_seat(seat);
    v.level = seat.level;
    v.claimed = ss.claimed;
    v.connected = ss.client >= 0;
    v.stand_in = ss.stand_in;
    v.acting = std::find(actors.begin(), actors.end(), static_cast<PlayerId>(p)) != actors.end();
    v.you = static_cast<PlayerId>(p) == viewer;
    v.user = ss.user;
    s.seats.push_back(std::move(v));
  }
  for (const auto& c : clients_)
    if (!c->dead && c->kind == Client::Kind::Watcher) ++s.watchers;
  const Tick tick = view_tick(real);
  Canvas board(std::clamp(board_w, kMinBoardW, kMaxBoardW), std::clamp(board_h, kMinBoardH, kMaxBoardH),
               unicode);
  ViewContext ctx;
  ctx.viewer = viewer;
  ctx.now = tick;
  st.view(board, ctx);
  encode_board(board, s);
  if (viewer >= 0 && started_ && (phase_ == Phase::People || phase_ == Phase::Contest)) {
    std::vector<PlayerId> who;
    table_->humans_to_act(who);
    if (std::find(who.begin(), who.end(), viewer) != who.end()) {
      legal_.clear();
      st.legal_actions(viewer, legal_);
      s.prompt = st.prompt(viewer);
      s.ask = seats_[static_cast<std::size_t>(viewer)].ask;
      s.timed = st.timed();
      s.contest = st.contest_id();
      for (Action a : legal_) s.options.push_back(OptionView{a, st.action_label(viewer, a)});
    }
  }
  if (phase_ == Phase::Over) {
    const Standings standings = st.standings();
    s.result = standings.summary;
    for (const auto& pl : standings.placings)
      s.placings.push_back(
          PlacingView{pl.place, table_->seats()[static_cast<std::size_t>(pl.player)].name, pl.detail});
  }
  return s;
}

void Server::send_raw(Client& c, const std::string& bytes) {
  if (c.dead || c.fd < 0) return;
  if (c.pending() + bytes.size() > opt_.max_output) {
    ++stats_.dropped_slow;
    drop(c, "reads too slowly");
    return;
  }
  if (c.out_pos > 0 && c.out_pos == c.out.size()) {
    c.out.clear();
    c.out_pos = 0;
  }
  c.out += bytes;
  stats_.bytes_out += bytes.size();
  if (on_send) on_send(c.id, bytes);
}

void Server::send(Client& c, const json& msg) {
  send_raw(c, frame(msg));
}

void Server::flush(Client& c) {
  while (!c.dead && c.pending() > 0) {
    const long n = write_some(c.fd, c.out.data() + c.out_pos, c.pending());
    if (n < 0) {
      // The peer is gone: read what it sent last, to tell how it ended.
      c.out.clear();
      c.out_pos = 0;
      if (!c.reading) read_client(c, now());
      drop(c, "connection lost");
      return;
    }
    if (n == 0) break;
    c.out_pos += static_cast<std::size_t>(n);
  }
  if (c.pending() == 0) {
    c.out.clear();
    c.out_pos = 0;
    if (c.close_after_flush) c.dead = true;
  } else if (c.out_pos > 65536) {
    c.out.erase(0, c.out_pos);
    c.out_pos = 0;
  }
}

void Server::leave_seat(Client& c, Millis real) {
  if (c.kind != Client::Kind::Player || c.seat < 0) return;
  SeatState& s = seats_[static_cast<std::size_t>(c.seat)];
  if (s.client == c.id) {
    s.client = -1;
    s.away_since = real;
    changed_ = true;
  }
}

void Server::drop(Client& c, std::string_view why) {
  if (c.dead) return;
  c.dead = true;
  const Millis real = now();
  if (c.kind == Client::Kind::Player) {
    say(fmt::format("{} (uid {}, pid {}) left {}: {}; the seat is kept", c.user, c.cred.uid, c.cred.pid,
                    seat_label(c.seat), why));
    leave_seat(c, real);
  } else if (c.kind == Client::Kind::Watcher) {
    say(fmt::format("{} (pid {}) stopped watching: {}", c.user, c.cred.pid, why));
    changed_ = true;
  } else if (c.kind == Client::Kind::Hello) {
    say(fmt::format("{} (uid {}, pid {}) disconnected before joining: {}", c.user, c.cred.uid, c.cred.pid,
                    why));
  }
  if (connected() == 0) empty_since_ = real;
}

void Server::refuse(Client& c, const std::string& reason, std::string_view code) {
  ++stats_.refused;
  say(fmt::format("refused {} (uid {}, pid {}): {}", c.user, c.cred.uid, c.cred.pid, reason));
  send(c, json{{"type", "refused"}, {"reason", reason}, {"code", code}});
  c.kind = Client::Kind::Info;  // no seat: nothing to keep
  c.close_after_flush = true;
  flush(c);
}

json Server::table_info(const Client& c) const {
  const GameInfo& gi = table_->game().info();
  json j{{"type", "info"},
         {"protocol", kProtocolVersion},
         {"table", opt_.name},
         {"host", user_name(host_uid_)},
         {"code", !opt_.code.empty()},
         {"pid", static_cast<long>(::getpid())}};
  (void)c;
  j["game"] = gi.id;
  j["game_name"] = gi.name;
  j["phase"] = phase_name();
  json seats = json::array();
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    const Seat& seat = table_->seats()[p];
    seats.push_back(json{{"name", seat.name},
                         {"human", is_person_seat(seat)},
                         {"level", seat.level},
                         {"claimed", seats_[p].claimed},
                         {"connected", seats_[p].client >= 0},
                         {"stand_in", seats_[p].stand_in},
                         {"user", seats_[p].user}});
  }
  j["seats"] = std::move(seats);
  int watchers = 0;
  for (const auto& k : clients_)
    if (!k->dead && k->kind == Client::Kind::Watcher) ++watchers;
  j["watchers"] = watchers;
  return j;
}

void Server::handle_hello(Client& c, const json& msg, Millis real) {
  const Hello h = read_hello(msg);
  if (h.protocol != kProtocolVersion) {
    refuse(c,
           fmt::format("protocol version {} is not spoken here: this server speaks version {} (racetable {})",
                       h.protocol, kProtocolVersion, RACETABLE_VERSION),
           "version");
    return;
  }
  const bool code_ok = opt_.code.empty() || same_secret(opt_.code, h.code);
  if (h.role == Role::Info) {
    json info =
        code_ok
            ? table_info(c)
            : json{{"type", "info"}, {"protocol", kProtocolVersion}, {"table", opt_.name}, {"code", true}};
    send(c, info);
    c.kind = Client::Kind::Info;
    c.close_after_flush = true;
    flush(c);
    return;
  }
  if (!code_ok) {
    refuse(c, h.code.empty() ? "this table needs a join code (--code)" : "wrong join code", "code");
    return;
  }
  c.board_w = h.board_w;
  c.board_h = h.board_h;
  c.unicode = h.unicode;
  const auto& seats = table_->seats();
  const int n = static_cast<int>(seats.size());
  if (h.role == Role::Watch) {
    c.kind = Client::Kind::Watcher;
    say(fmt::format("{} (uid {}, pid {}) watches", c.user, c.cred.uid, c.cred.pid));
  } else {
    int p = -1;
    if (h.seat > 0) {
      p = h.seat - 1;
      if (p >= n) {
        refuse(c, fmt::format("there is no seat {}: this table has {} seats", h.seat, n), "seat");
        return;
      }
      const Seat& seat = seats[static_cast<std::size_t>(p)];
      const SeatState& s = seats_[static_cast<std::size_t>(p)];
      if (!is_person_seat(seat)) {
        refuse(c, fmt::format("seat {} is a computer ({}, {})", h.seat, seat.name, seat.level), "seat");
        return;
      }
      if (s.client >= 0) {
        refuse(
            c,
            fmt::format("seat {} is taken: {} is playing {} (watch with --watch)", h.seat, s.user, seat.name),
            "taken");
        return;
      }
      if (s.claimed && s.uid != c.cred.uid && c.cred.uid != host_uid_) {
        refuse(c, fmt::format("seat {} belongs to {}", h.seat, s.user), "seat");
        return;
      }
    } else {
      for (int k = 0; k < n && p < 0; ++k)
        if (is_person_seat(seats[static_cast<std::size_t>(k)]) &&
            !seats_[static_cast<std::size_t>(k)].claimed)
          p = k;
      for (int k = 0; k < n && p < 0; ++k) {
        const SeatState& s = seats_[static_cast<std::size_t>(k)];
        if (is_person_seat(seats[static_cast<std::size_t>(k)]) && s.claimed && s.client < 0 &&
            s.uid == c.cred.uid)
          p = k;
      }
      if (p < 0) {
        refuse(c, "no free seat: every player's seat is taken (watch with --watch)", "full");
        return;
      }
    }
    SeatState& s = seats_[static_cast<std::size_t>(p)];
    const bool back = s.claimed;
    s.claimed = true;
    s.uid = c.cred.uid;
    s.user = c.user;
    s.client = c.id;
    s.answered = true;  // a fresh question number for the fresh screen
    c.kind = Client::Kind::Player;
    c.seat = static_cast<PlayerId>(p);
    say(fmt::format("{} (uid {}, pid {}) {} {}", c.user, c.cred.uid, c.cred.pid,
                    back ? "is back at" : "takes", seat_label(c.seat)));
    if (s.stand_in) {
      s.stand_in = false;
      table_->set_seat_kind(c.seat, SeatKind::Human);
      say(fmt::format("the computer stands down from {}", seat_label(c.seat)));
    }
  }
  ever_joined_ = true;
  changed_ = true;
  json welcome{{"type", "welcome"},
               {"protocol", kProtocolVersion},
               {"server", std::string("racetable ") + RACETABLE_VERSION},
               {"table", opt_.name},
               {"game", table_->game().info().id},
               {"game_name", table_->game().info().name},
               {"host", user_name(host_uid_)},
               {"role", c.kind == Client::Kind::Player ? "play" : "watch"}};
  if (c.kind == Client::Kind::Player) {
    welcome["seat"] = c.seat + 1;
    welcome["name"] = seats[static_cast<std::size_t>(c.seat)].name;
  }
  send(c, welcome);
  // The recent log, as much of it as this viewer may see.
  const PlayerId viewer = c.kind == Client::Kind::Player ? c.seat : kEveryone;
  std::size_t shown = 0, from = log_.size();
  while (from > 0 && shown < kLogBacklog) {
    const LogEntry& e = log_[from - 1];
    if (e.audience == kEveryone || e.audience == viewer) ++shown;
    --from;
  }
  c.log_pos = from;
  (void)real;
}

void Server::handle_act(Client& c, const json& msg, Millis real) {
  const Act a = read_act(msg);
  auto reject = [&](const std::string& why) {
    ++stats_.rejected;
    send(c, json{{"type", "notice"}, {"text", why}});
  };
  if (c.kind != Client::Kind::Player) return reject("watchers cannot act");
  if (!started_) return reject("the game has not started: waiting for players");
  if (table_->over()) return reject("the game is over");
  const PlayerId p = c.seat;
  if (seats_[static_cast<std::size_t>(p)].stand_in) return reject("a computer is playing this seat");
  update(real);  // bring the table up to now (dice rolled inside a contest, ...)
  if (table_->over()) return reject("the game is over");
  State const* st = &table_->state();
  if (live_contest()) {
    if (phase_ != Phase::Contest) return reject("not yet: get ready");
    if (!a.timed || a.contest != st->contest_id()) return reject("Too late!");
    const Tick at = view_tick(real);
    // Computers that were quicker than this key press act first.
    while (live_contest() && table_->advance_one(at)) {
    }
    if (!live_contest() || table_->state().contest_id() != a.contest || !table_->state().is_legal(p, a.id))
      return reject("Too late!");
    table_->submit(p, a.id, at);
  } else {
    table_->humans_to_act(waiting_);
    if (std::find(waiting_.begin(), waiting_.end(), p) == waiting_.end())
      return reject("it is not your turn");
    refresh_asks();
    if (a.timed || a.ask != seats_[static_cast<std::size_t>(p)].ask)
      return reject("that answer was for an earlier question: choose again");
    if (!st->is_legal(p, a.id)) return reject("that is not one of the options");
    table_->submit(p, a.id, st->now());
    seats_[static_cast<std::size_t>(p)].answered = true;
    next_step_at_ = real;
  }
  ++stats_.decisions;
  changed_ = true;
}

void Server::handle(Client& c, const json& msg, Millis real) {
  const std::string& type = msg["type"].get_ref<const std::string&>();
  if (c.kind == Client::Kind::Hello) {
    if (type != "hello") throw ProtocolError("the first message must be \"hello\"");
    handle_hello(c, msg, real);
    return;
  }
  if (type == "act") {
    handle_act(c, msg, real);
  } else if (type == "resize") {
    const Resize r = read_resize(msg);
    c.board_w = r.board_w;
    c.board_h = r.board_h;
    c.unicode = r.unicode;
    c.last_screen.clear();
  } else if (type == "ping") {
    send(c, json{{"type", "pong"}});
  } else if (type == "pong") {
  } else if (type == "leave") {
    drop(c, "left the table");
  } else if (type == "hello") {
    throw ProtocolError("\"hello\" was already said");
  } else {
    send(c, json{{"type", "error"}, {"text", fmt::format("unknown message type \"{}\" (ignored)", type)}});
  }
}

void Server::read_client(Client& c, Millis real) {
  c.reading = true;
  struct Done {
    Client& c;
    ~Done() { c.reading = false; }
  } done{c};
  char buf[16384];
  for (int rounds = 0; rounds < 4 && !c.dead; ++rounds) {
    const std::size_t room = std::min(c.in.room(), sizeof buf);
    if (room == 0) break;
    const long n = read_some(c.fd, buf, room);
    if (n == -1) break;
    if (n <= 0) {
      drop(c, c.in.mid_frame() ? "disconnected in the middle of a message" : "disconnected");
      return;
    }
    c.in.feed(buf, static_cast<std::size_t>(n));
    std::string body, error;
    for (;;) {
      const FrameReader::Status st = c.in.next(body, error);
      if (st == FrameReader::Status::NeedMore) break;
      try {
        if (st == FrameReader::Status::Error) throw ProtocolError(error);
        // A token bucket: bursts are fine, a flood is not.
        c.tokens = std::min<double>(
            opt_.flood_burst, c.tokens + static_cast<double>(real - c.tokens_at) * opt_.flood_rate / 1000.0);
        c.tokens_at = real;
        if (c.tokens < 1) {
          ++stats_.dropped_flood;
          send(c, json{{"type", "error"}, {"text", "too many messages: disconnected"}});
          flush(c);
          drop(c, "sent too many messages");
          return;
        }
        c.tokens -= 1;
        handle(c, parse_message(body), real);
      } catch (const ProtocolError& e) {
        ++stats_.dropped_protocol;
        send(c, json{{"type", "error"}, {"text", fmt::format("protocol error: {}", e.what())}});
        flush(c);
        drop(c, fmt::format("protocol error: {}", e.what()));
        return;
      } catch (const RuleError& e) {
        ++stats_.rejected;
        send(c, json{{"type", "notice"}, {"text", e.what()}});
      }
      if (c.dead || c.close_after_flush) return;
    }
    if (static_cast<std::size_t>(n) < room) break;
  }
}

void Server::accept_all(Millis real) {
  for (int k = 0; k < 64; ++k) {
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    auto c = std::make_unique<Client>();
    c->id = next_client_id_++;
    c->fd = fd;
    c->since = real;
    c->tokens = opt_.flood_burst;
    c->tokens_at = real;
    c->cred = peer_credentials(fd);
    c->user = c->cred.ok ? user_name(c->cred.uid) : "unknown";
    ++stats_.connections;
    bool allowed = c->cred.ok &&
                   (c->cred.uid == host_uid_ || (opt_.group_set && peer_in_group(fd, c->cred, opt_.group)));
    if (!allowed) {
      ++stats_.refused;
      say(fmt::format("refused {} (uid {}, pid {}): not allowed at this table", c->user, c->cred.uid,
                      c->cred.pid));
      ::close(fd);
      continue;
    }
    if (static_cast<int>(clients_.size()) >= opt_.max_connections) {
      c->kind = Client::Kind::Info;
      refuse(*c, "the table is full of connections: try again later", "busy");
      ::close(fd);
      continue;
    }
    clients_.push_back(std::move(c));
  }
}

void Server::push(Client& c, Millis real, bool force) {
  (void)real;
  if (c.dead || (c.kind != Client::Kind::Player && c.kind != Client::Kind::Watcher)) return;
  const PlayerId viewer = c.kind == Client::Kind::Player ? c.seat : kEveryone;
  if (c.log_pos < log_.size()) {
    json lines = json::array();
    for (; c.log_pos < log_.size(); ++c.log_pos) {
      const LogEntry& e = log_[c.log_pos];
      if (e.audience == kEveryone || e.audience == viewer)
        lines.push_back(json{{"text", e.text}, {"rule", e.rule}});
    }
    if (!lines.empty()) send(c, json{{"type", "log"}, {"lines", std::move(lines)}});
  }
  if (c.dead) return;
  std::string body = dump(to_json(screen_for(viewer, c.board_w, c.board_h, c.unicode)));
  if (!force && body == c.last_screen) return;
  ++stats_.screens;
  stats_.screen_bytes += body.size() + 4;
  send_raw(c, frame_body(body));
  c.last_screen = std::move(body);
}

void Server::push_all(Millis real) {
  const bool frame_due = phase_ == Phase::Contest && real - last_frame_ >= opt_.frame_ms;
  if (!changed_ && !frame_due) {
    // Newly seated clients still get their first screen.
    for (auto& c : clients_)
      if (c->last_screen.empty()) push(*c, real, false);
    return;
  }
  if (frame_due) last_frame_ = real;
  changed_ = false;
  for (auto& c : clients_) push(*c, real, false);
}

bool Server::poll_once(int max_wait_ms) {
  if (listen_fd_ < 0) throw UserError("the table is not open");
  Millis real = now();
  // Act on anything already due before sleeping.
  if (update(real)) changed_ = true;
  check_stand_ins(real);
  if (update(real)) changed_ = true;
  if (table_->history().size() != saved_steps_) save();
  push_all(real);
  for (auto& c : clients_) flush(*c);

  const Millis wake = wake_at(real);
  Millis wait = max_wait_ms < 0 ? 60000 : max_wait_ms;
  if (wake != INT64_MAX) wait = std::min(wait, std::max<Millis>(0, wake - real));
  if (changed_ || g_stop_signal) wait = 0;

  std::vector<pollfd> fds;
  fds.reserve(clients_.size() + 1);
  fds.push_back(pollfd{listen_fd_, POLLIN, 0});
  for (auto& c : clients_) {
    short ev = 0;
    if (!c->dead && !c->close_after_flush) ev |= POLLIN;
    if (c->pending() > 0) ev |= POLLOUT;
    fds.push_back(pollfd{c->fd, ev, 0});
  }
  const int r = ::poll(fds.data(), fds.size(), static_cast<int>(wait));
  if (g_stop_signal) {
    say(fmt::format("signal {}: saving and closing the table", static_cast<int>(g_stop_signal)));
    stopping_ = true;
  }
  real = now();
  if (r > 0) {
    for (std::size_t i = 1; i < fds.size(); ++i) {
      Client& c = *clients_[i - 1];
      if (c.dead) continue;
      if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) read_client(c, real);
      if (!c.dead && (fds[i].revents & POLLOUT)) flush(c);
      if (!c.dead && (fds[i].revents & (POLLHUP | POLLERR)) && !(fds[i].revents & POLLIN)) drop(c, "hung up");
    }
    if (fds[0].revents & POLLIN) accept_all(real);
  }
  // Clients that never said hello.
  for (auto& c : clients_)
    if (!c->dead && c->kind == Client::Kind::Hello && real - c->since >= opt_.hello_timeout_ms) {
      send(*c, json{{"type", "error"}, {"text", "no hello: disconnected"}});
      flush(*c);
      drop(*c, "said no hello in time");
    }
  if (update(real)) changed_ = true;
  if (table_->history().size() != saved_steps_) save();
  push_all(real);
  for (auto& c : clients_) flush(*c);
  // Close what is finished.
  for (auto& c : clients_)
    if (c->dead && c->fd >= 0) {
      ::close(c->fd);
      c->fd = -1;
    }
  clients_.erase(std::remove_if(clients_.begin(), clients_.end(), [](const auto& c) { return c->fd < 0; }),
                 clients_.end());

  if (stopping_) return false;
  const int people = connected();
  if (people > 0) empty_since_ = real;
  if (phase_ == Phase::Over) {
    if (people == 0 && (ever_joined_ || real - over_since_ >= opt_.linger_ms)) return false;
    if (real - over_since_ >= opt_.linger_ms) return false;
  }
  if (opt_.idle_ms > 0 && people == 0 && real - empty_since_ >= opt_.idle_ms) {
    say("nobody came back: closing the table (the game is saved)");
    return false;
  }
  return true;
}

void Server::run() {
  while (poll_once(60000)) {
  }
  if (saved_steps_ != table_->history().size()) save();
  for (auto& c : clients_) flush(*c);
  say(table_->over() ? "table closed" : "table closed; the game is saved");
}

}  // namespace rt::net
