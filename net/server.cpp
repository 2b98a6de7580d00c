#include "net/server.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <map>

#include <fmt/format.h>

#include "core/save.h"
#include "core/timed_contests.h"
#include "net/server_internal.h"
#include "net/sockets.h"

namespace rt::net {
namespace {

volatile std::sig_atomic_t g_stop_signal = 0;
// This process's stop pipe: a stop signal also writes a byte to it, so a
// poll() or epoll_wait() that began after the last look at the flag returns
// at once (the flag alone is missed when the signal lands in between).
volatile std::sig_atomic_t g_stop_pipe_write = -1;
int g_stop_pipe_read = -1;
pid_t g_stop_pipe_owner = 0;

extern "C" void on_stop_signal(int sig) {
  g_stop_signal = sig;
  const int fd = g_stop_pipe_write;
  if (fd >= 0) {
    const int saved_errno = errno;
    [[maybe_unused]] const ssize_t n = ::write(fd, "!", 1);
    errno = saved_errno;
  }
}

}  // namespace

Millis steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool same_secret(const std::string& expected, const std::string& given) {
  // No early exit on the first mismatch: the time does not tell how close a guess was.
  unsigned diff = expected.size() == given.size() ? 0u : 1u;
  for (std::size_t i = 0; i < given.size(); ++i)
    diff |= static_cast<unsigned>(static_cast<unsigned char>(i < expected.size() ? expected[i] : 0) ^
                                  static_cast<unsigned char>(given[i]));
  return diff == 0 && !expected.empty();
}

SeatController controller_of(const Seat& seat) {
  return seat.kind == SeatKind::Human ? SeatController::Remote : SeatController::Computer;
}

std::string save_text_keeping_people(const Table& table, const std::string& name,
                                     const SeatVector<SeatController>& controllers,
                                     const SeatVector<std::optional<SeatOwner>>& owners) {
  std::string text = save_text(table);
  if (!name.empty()) {
    // After the header line: clients were told to rejoin by this name.
    const std::size_t header = text.find('\n') + 1;
    text.insert(header, fmt::format("table {}\n", name));
  }
  // A stand-in computer plays a person's seat as a bot: the seat is still
  // that person's, so it is saved as a person's ("seat human human NAME", as
  // core/save.cpp writes them). Seat lines come in seat
  // order (core/save.cpp); only those of person seats played by a bot change.
  // After the last one: whose each person's seat is.
  const bool with_owners = owners.seats() == table.seats().size();
  std::string owner_lines;
  std::string out;
  out.reserve(text.size() + 16);
  std::size_t i = 0;
  PlayerId seat = 0;
  const auto& seats = table.seats();
  while (i < text.size()) {
    std::size_t j = text.find('\n', i);
    if (j == std::string::npos) j = text.size();
    std::string_view line(text.data() + i, j - i);
    static constexpr std::string_view kSeat = "seat ", kBot = "seat bot ";
    if (line.substr(0, kSeat.size()) == kSeat && seat < seats.size()) {
      const SeatController who = seat < controllers.size() ? controllers[seat] : controller_of(seats[seat]);
      if (who == SeatController::Remote && seats[seat].kind == SeatKind::Bot &&
          line.substr(0, kBot.size()) == kBot) {
        out += "seat human human ";
        out += seats[seat].name;
      } else {
        out += line;
      }
      if (with_owners && who != SeatController::Computer) owner_lines += owner_line(seat, owners[seat]);
      ++seat;
      if (seat == seats.size() && !owner_lines.empty()) {
        out += '\n';
        out += owner_lines;
        out.pop_back();  // the line's own newline follows
      }
    } else {
      out += line;
    }
    if (j < text.size()) out += '\n';
    i = j + 1;
  }
  return out;
}

namespace {

PaceConfig pace_config(const ServerOptions& o) {
  PaceConfig c;
  c.pace_ms = o.pace_ms;
  c.contest_rate = 1;  // people may be watching a computers' race: real time
  c.ready_ms = o.ready_ms;
  c.after_contest_ms = o.after_contest_ms;
  c.frame_ms = o.frame_ms;
  return c;
}

}  // namespace

Server::Server(std::unique_ptr<Table> table, ServerOptions options, std::vector<Event> earlier)
    : table_(std::move(table)),
      opt_(std::move(options)),
      pacer_(*table_, pace_config(opt_)),
      host_uid_(::getuid()) {
  if (!opt_.clock) opt_.clock = steady_ms;
  for (Event& e : earlier) log_.push_back(LogEntry{std::move(e.text), std::move(e.rule), e.audience, 0, 0});
  const SeatVector<Seat>& seats = table_->seats();
  seats_.resize(seats.seats());
  // A resumed game may have had stand-ins: every person's seat is a person's again.
  // A resumed game's seats are their recorded owners' (ServerOptions::owners).
  for (PlayerId p = 0; p < seats.seats(); ++p) {
    seats_[p].controller = controller_of(seats[p]);
    if (person_seat(p) && seats[p].kind != SeatKind::Human) table_->set_seat_kind(p, SeatKind::Human);
    if (person_seat(p) && p < opt_.owners.seats()) seats_[p].owner = opt_.owners[p];
    // The game clock: a full bank, or what the save kept.
    seats_[p].bank =
        p < opt_.clock_left.seats() ? std::min(opt_.clock_left[p], opt_.game_time_ms) : opt_.game_time_ms;
  }
  table_->set_event_sink(&events_);
  table_->set_step_observer([this](const Step& s) { on_step(s); });
  if (opt_.watch_only) {
    // The people are at the keyboard of the game this mirrors: their seats
    // are taken from the start, by the host's user.
    started_ = true;
    for (PlayerId p = 0; p < seats_.seats(); ++p)
      if (person_seat(p)) {
        seats_[p].owner = SeatOwner::of_uid(host_uid_, user_name(host_uid_));
        seats_[p].sat = true;
      }
  }
  if (contest_running(table_->state())) contest_report_.resume_in_contest(*table_);
  saved_mark_ = save_mark();
  empty_since_ = now();
}

std::string Server::save_problem_reason() const {
  const auto colon = save_problem_.rfind(": ");
  return colon == std::string::npos ? save_problem_ : save_problem_.substr(colon + 2);
}

Server::~Server() {
  if (!handed_over_ && saved_mark_ != save_mark()) save();
  for (auto& c : clients_)
    if (c->fd >= 0) ::close(c->fd);
  if (listen_fd_ >= 0) {
    ::close(listen_fd_);
    if (!handed_over_) ::unlink(socket_path_.c_str());
  }
  table_->set_step_observer({});
  table_->set_event_sink(nullptr);
}

std::string Server::save_text() const {
  std::vector<std::optional<SeatOwner>> owners;
  // A guest owns a seat only while connected: a save never keeps it theirs.
  for (const SeatState& s : seats_)
    owners.push_back(s.owner && is_guest_owner(*s.owner) ? std::nullopt : s.owner);
  std::string text =
      save_text_keeping_people(*table_, opt_.name, controllers(), SeatVector(std::move(owners)));
  // The game clock's banks, as they stand now, before the closing "end".
  if (const std::string clock = clock_save_line(now()); !clock.empty() && text.ends_with("end\n"))
    text.insert(text.size() - 4, clock);
  return text;
}

SeatVector<SeatController> Server::controllers() const {
  std::vector<SeatController> out;
  for (const SeatState& s : seats_) out.push_back(s.controller);
  return out;
}

Millis Server::now() const {
  return opt_.clock();
}

void Server::install_signal_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: poll() returns
  stop_wake_fd();
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

int Server::stop_wake_fd() {
  // One pipe per process: a worker forked by `serve` must neither be woken
  // by its parent's signal nor drain the byte meant for it.
  if (g_stop_pipe_owner == ::getpid()) return g_stop_pipe_read;
  int p[2];
  if (::pipe2(p, O_NONBLOCK | O_CLOEXEC) != 0) return -1;  // the flag is still looked at before each wait
  const int old_read = g_stop_pipe_read;
  const int old_write = g_stop_pipe_write;
  g_stop_pipe_read = p[0];
  g_stop_pipe_write = p[1];
  g_stop_pipe_owner = ::getpid();
  if (old_read >= 0) ::close(old_read);
  if (old_write >= 0) ::close(old_write);
  return g_stop_pipe_read;
}

void Server::drain_stop_wake() {
  char buf[64];
  while (g_stop_pipe_read >= 0 && ::read(g_stop_pipe_read, buf, sizeof buf) > 0) {
  }
}

void Server::open() {
  check_table_name(opt_.name);
  if (!opt_.no_socket) {
    if (opt_.dir.empty()) opt_.dir = default_table_dir();
    prepare_table_dir(opt_.dir, opt_.group, opt_.group_set);
    socket_path_ = net::socket_path(opt_.dir, opt_.name);
  }
  // The save exists from the start, so --resume works even before a decision;
  // a table whose game cannot be saved is not opened at all.
  saved_mark_ = static_cast<std::size_t>(-1);
  if (const std::string err = save(); !err.empty())
    throw UserError(fmt::format("cannot open the table: the game cannot be saved: {}", err));
  if (!opt_.no_socket) listen_fd_ = listen_unix(socket_path_, opt_.group, opt_.group_set);
  open_ = true;
  say(fmt::format("table '{}' open: {} for {} at {}{}{}", opt_.name, table_->game().info().name,
                  opt_.group_set ? fmt::format("group {}", opt_.group_name) : host_name(),
                  opt_.no_socket ? std::string("the SSH server") : socket_path_,
                  opt_.code.empty() ? "" : " (join code required)",
                  opt_.save_path.empty() ? "" : fmt::format(", saved to {}", opt_.save_path)));
  // A shared table's seed stays out of its log until the game is over:
  // its commitment goes there, and to every seat's log.
  if (const std::string deal = deal_words(table_->seed(), table_->deal(), table_->over()); !deal.empty()) {
    say(deal);
    log_.push_back(LogEntry{deal, "deal", kEveryone, table_->history().size(), 0});
  } else {
    say(fmt::format("seed {}", table_->seed()));
  }
  for (const std::string& note : opt_.notes) say(note);
  for (PlayerId p = 0; p < seats_.seats(); ++p)
    if (const auto& owner = seats_[p].owner; owner && !opt_.watch_only)
      say(fmt::format("{} is {}'s: only they may sit there", seat_label(p), owner->name));
}

int Server::watchers() const {
  int n = 0;
  for (const auto& c : clients_)
    if (!c->dead && c->kind == Client::Kind::Watcher) ++n;
  return n;
}

void Server::mirror_step(const Step& step) {
  table_->replay_step(step);  // on_step() logs its events and marks the screens changed
}

void Server::mirror_pace(const MirrorPace& pace) {
  // A live contest's clock is sent at the frame rate (push_all), not per tick;
  // a new picture or result is a new screen (update() compares them).
  if (pace.phase != mirror_.phase) changed_ = true;
  mirror_ = pace;
}

int Server::shown_picture(Millis real) const {
  return opt_.watch_only ? mirror_.picture : pacer_.picture(real);
}

bool Server::result_showing(Millis real) const {
  return opt_.watch_only ? !mirror_.result.empty() : pacer_.showing_result(real);
}

std::vector<std::string> Server::shown_result(Millis real) const {
  if (!result_showing(real)) return {};
  return opt_.watch_only ? mirror_.result : contest_report_.lines();
}

int Server::connected() const {
  int n = 0;
  for (const auto& c : clients_)
    if (!c->dead && (c->kind == Client::Kind::Player || c->kind == Client::Kind::Watcher)) ++n;
  return n;
}

void Server::save_if_changed() {
  // After the screens went out: a slow disk (an fsync can take 100 ms on a
  // busy machine) must not hold up what the players see. The save still
  // happens before the next message is read, so no decision is taken on
  // top of an unsaved one -- except with a SaveWriter (a host of many
  // tables), where the writer saves the newest text a few milliseconds
  // later, one save of a table at a time.
  if (save_mark() == saved_mark_) return;
  if (opt_.writer && !opt_.save_path.empty()) {
    if (save_in_flight_) return;  // saved() brings us back here
    save_in_flight_ = true;
    opt_.writer->submit(this, opt_.save_path, save_text(), save_mark());
    return;
  }
  save();
  for (auto& c : clients_) flush(*c);  // anything save() had to tell the players
}

void Server::save_now() {
  if (!opt_.writer || opt_.save_path.empty()) return save_if_changed();
  if (save_mark() == saved_mark_) return;
  const std::size_t mark = save_mark();
  saved(mark, opt_.writer->write_now(this, opt_.save_path, save_text()));
}

void Server::saved(std::size_t mark, const std::string& problem) {
  save_in_flight_ = false;
  if (problem.empty()) {
    saved_mark_ = mark;
    ++stats_.saves;
  }
  note_save_result(problem);
  for (auto& c : clients_) flush(*c);
}

std::string Server::save() {
  if (opt_.save_path.empty()) {
    saved_mark_ = save_mark();
    return {};
  }
  std::string problem;
  try {
    write_file_atomically(opt_.save_path, save_text());
    saved_mark_ = save_mark();
    ++stats_.saves;
  } catch (const std::exception& e) {
    problem = e.what();
  }
  note_save_result(problem);
  return problem;
}

void Server::note_save_result(const std::string& problem) {
  // Tried again after every step: the log, the players and every status line
  // hear of a change (failing, failing differently, working again), once.
  // Before the table is open, the one who opens it hears it (open() throws).
  if (problem != save_problem_ && open_) {
    save_problem_ = problem;
    changed_ = true;
    // Players hear the reason, not the host's path (its name is the host's business).
    const std::string text =
        problem.empty() ? std::string("The game is saved again")
                        : fmt::format("NOT SAVED: {} (the host's save failed)", save_problem_reason());
    say(problem.empty() ? fmt::format("saved again to {}", opt_.save_path)
                        : fmt::format("cannot save: {}", problem));
    for (auto& c : clients_)
      if (!c->dead && (c->kind == Client::Kind::Player || c->kind == Client::Kind::Watcher))
        send(*c, json{{"type", "notice"}, {"text", text}});
  }
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

void Server::drop(Client& c, std::string_view why) {
  if (c.dead) return;
  c.dead = true;
  const Millis real = now();
  if (c.kind == Client::Kind::Player) {
    say_peer(c, PeerLine::Seat,
             fmt::format("{} left {}: {}; the seat is kept", who(c), seat_label(c.seat), why));
    leave_seat(c, real);
    // A guest keeps no seat across a drop: it is free again.
    if (c.guest && c.seat >= 0 && seats_[c.seat].client < 0) seats_[c.seat].owner.reset();
  } else if (c.kind == Client::Kind::Watcher) {
    say_peer(c, PeerLine::Watching, fmt::format("{} (pid {}) stopped watching: {}", c.user, c.cred.pid, why));
    changed_ = true;
  } else if (c.kind == Client::Kind::Hello) {
    say_peer(c, PeerLine::Left, fmt::format("{} disconnected before joining: {}", who(c), why));
  }
  if (connected() == 0) empty_since_ = real;
}

void Server::refuse(Client& c, const std::string& reason, std::string_view code) {
  ++stats_.refused;
  say_peer(c, PeerLine::Refused, fmt::format("refused {}: {}", who(c), reason));
  send(c, json{{"type", "refused"}, {"reason", reason}, {"code", code}});
  c.kind = Client::Kind::Info;  // no seat: nothing to keep
  c.close_after_flush = true;
  flush(c);
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

void Server::prepare(Millis real) {
  if (!open_) throw UserError("the table is not open");
  // Act on anything already due before sleeping.
  if (update(real)) changed_ = true;
  check_stand_ins(real);
  if (update(real)) changed_ = true;
  push_all(real);
  for (auto& c : clients_) flush(*c);
  save_if_changed();
}

Millis Server::wait_ms(Millis real, Millis max_wait_ms) const {
  Millis wait = max_wait_ms;
  const Millis wake = wake_at(real);
  if (wake != kNever) wait = std::min(wait, std::max<Millis>(0, wake - real));
  if (changed_ || g_stop_signal) wait = 0;
  return wait;
}

void Server::watched_fds(std::vector<pollfd>& fds) const {
  if (listen_fd_ >= 0) fds.push_back(pollfd{listen_fd_, POLLIN, 0});
  for (const auto& c : clients_) {
    short ev = 0;
    if (!c->dead && !c->close_after_flush) ev |= POLLIN;
    if (c->pending() > 0) ev |= POLLOUT;
    fds.push_back(pollfd{c->fd, ev, 0});
  }
}

void Server::ready(int fd, short revents, Millis real) {
  if (fd == listen_fd_) {
    if (revents & POLLIN) accept_all(real);
    return;
  }
  for (std::size_t i = 0; i < clients_.size(); ++i) {
    Client& c = *clients_[i];
    if (c.fd != fd || c.dead) continue;
    if (revents & (POLLIN | POLLHUP | POLLERR)) read_client(c, real);
    if (!c.dead && (revents & POLLOUT)) flush(c);
    if (!c.dead && (revents & (POLLHUP | POLLERR)) && !(revents & POLLIN)) drop(c, "hung up");
    return;
  }
}

bool Server::finish(Millis real) {
  // Clients that never said hello.
  for (auto& c : clients_)
    if (!c->dead && c->kind == Client::Kind::Hello && real - c->since >= opt_.hello_timeout_ms) {
      send(*c, json{{"type", "error"}, {"text", "no hello: disconnected"}});
      flush(*c);
      drop(*c, "said no hello in time");
    }
  if (update(real)) changed_ = true;
  push_all(real);
  for (auto& c : clients_) flush(*c);
  save_if_changed();
  // Close what is finished.
  for (auto& c : clients_)
    if (c->dead && c->fd >= 0) {
      ::close(c->fd);
      c->fd = -1;
    }
  clients_.erase(std::remove_if(clients_.begin(), clients_.end(), [](const auto& c) { return c->fd < 0; }),
                 clients_.end());

  say_counts(real, false);
  if (stopping_) return false;
  if (opt_.watch_only) return true;  // open while the game it mirrors is on screen
  const int people = connected();
  if (people > 0) empty_since_ = real;
  if (phase_ == PacePhase::Over) {
    if (people == 0 && (ever_joined_ || real - over_since_ >= opt_.linger_ms)) return false;
    if (real - over_since_ >= opt_.linger_ms) return false;
  }
  if (opt_.idle_ms > 0 && people == 0 && real - empty_since_ >= opt_.idle_ms) {
    say(save_problem_.empty() ? "nobody came back: closing the table (the game is saved)"
                              : "nobody came back: closing the table (the game is NOT saved)");
    return false;
  }
  return true;
}

bool Server::stop_signal_received() {
  return g_stop_signal != 0;
}

int Server::stop_signal() {
  return static_cast<int>(g_stop_signal);
}

bool Server::poll_once(int max_wait_ms) {
  const int stop_wake = stop_wake_fd();
  prepare(now());
  const Millis wait = wait_ms(now(), max_wait_ms < 0 ? 60000 : max_wait_ms);
  std::vector<pollfd> fds;
  fds.reserve(clients_.size() + 2);
  watched_fds(fds);
  const std::size_t table_fds = fds.size();
  if (stop_wake >= 0) fds.push_back(pollfd{stop_wake, POLLIN, 0});
  const int r = ::poll(fds.data(), fds.size(), static_cast<int>(wait));
  if (g_stop_signal && !stopping_) stop_by_signal(static_cast<int>(g_stop_signal));
  const Millis real = now();
  // ready() may add and remove clients: the fds polled are handled by number.
  // Clients first, then new connections (fds[0], the listening socket, if any).
  if (r > 0) {
    const std::size_t first = listen_fd_ >= 0 ? 1 : 0;
    for (std::size_t i = first; i < table_fds; ++i)
      if (fds[i].revents) ready(fds[i].fd, fds[i].revents, real);
    if (first == 1 && fds[0].revents) ready(fds[0].fd, fds[0].revents, real);
    if (table_fds < fds.size() && fds[table_fds].revents) drain_stop_wake();
  }
  return finish(real);
}

void Server::run() {
  while (poll_once(60000)) {
  }
  close_table();
}

void Server::stop_by_signal(int sig) {
  say(fmt::format("signal {}: saving and closing the table", sig));
  stopping_ = true;
}

void Server::close_table() {
  say_counts(now(), true);
  // A running game clock is saved as it stands: the time until now is
  // charged, the time the table is closed is not.
  if (saved_mark_ != save_mark() || opt_.game_time_ms > 0) save();
  // Whoever is still here learns that the host closed the table, not that
  // "the connection" went: their rejoin command works only once it is open again.
  if (!table_->over()) {
    const std::string host = host_name();
    const json closing{
        {"type", "closing"},
        {"text", save_problem_.empty()
                     ? (opt_.no_socket
                            ? std::string("the server stopped; the game is saved and is back on the Tables "
                                          "page when the server starts again")
                            : fmt::format("the host ({}) closed the table; the game is saved, and they can "
                                          "open it again where it stopped",
                                          host))
                     : fmt::format("the host ({}) closed the table, and the game could not be saved", host)},
        {"saved", save_problem_.empty()}};
    for (auto& c : clients_)
      if (!c->dead && (c->kind == Client::Kind::Player || c->kind == Client::Kind::Watcher))
        send(*c, closing);
  }
  for (auto& c : clients_) flush(*c);
  say(!save_problem_.empty() ? fmt::format("table closed; the game is NOT saved: {}", save_problem_)
      : table_->over()       ? "table closed"
                             : "table closed; the game is saved");
}

}  // namespace rt::net
