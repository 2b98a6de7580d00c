#include "net/client.h"
#include "net/talk.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <functional>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "net/sockets.h"

namespace rt::net {

// --- Connection ---------------------------------------------------------------

Connection::Connection(int fd) : fd_(fd) {
  if (fd_ >= 0) set_nonblocking(fd_);
}

Connection::~Connection() {
  close();
}

Connection::Connection(Connection&& o) noexcept
    : fd_(o.fd_),
      host_uid_(o.host_uid_),
      in_(std::move(o.in_)),
      out_(std::move(o.out_)),
      out_pos_(o.out_pos_),
      queued_(std::move(o.queued_)) {
  o.fd_ = -1;
}

Connection& Connection::operator=(Connection&& o) noexcept {
  if (this != &o) {
    close();
    fd_ = o.fd_;
    host_uid_ = o.host_uid_;
    in_ = std::move(o.in_);
    out_ = std::move(o.out_);
    out_pos_ = o.out_pos_;
    queued_ = std::move(o.queued_);
    o.fd_ = -1;
  }
  return *this;
}

void Connection::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

Connection Connection::open(const std::string& dir, const std::string& name, ConnectHow how) {
  check_table_name(name);
  std::string error;
  uid_t host = 0;
  const int fd = connect_table(dir, name, host, error, how);
  if (fd < 0) throw UserError(fmt::format("table '{}' in {}: {} (see racetable tables)", name, dir, error));
  Connection conn(fd);
  conn.host_uid_ = host;
  return conn;
}

void Connection::send(const json& message) {
  send_bytes(frame(message));
}

void Connection::send_bytes(const std::string& bytes) {
  out_ += bytes;
  flush();
}

bool Connection::flush() {
  if (fd_ < 0) return false;
  while (out_pos_ < out_.size()) {
    const long n = write_some(fd_, out_.data() + out_pos_, out_.size() - out_pos_);
    if (n < 0) return false;
    if (n == 0) break;
    out_pos_ += static_cast<std::size_t>(n);
  }
  if (out_pos_ == out_.size()) {
    out_.clear();
    out_pos_ = 0;
  }
  return true;
}

bool Connection::receive(std::vector<json>& messages, std::string& error) {
  while (!queued_.empty()) {
    messages.push_back(std::move(queued_.front()));
    queued_.pop_front();
  }
  if (fd_ < 0) {
    error = "not connected";
    return false;
  }
  char buf[65536];
  bool open = true;
  for (int rounds = 0; rounds < 64; ++rounds) {
    const std::size_t room = std::min(in_.room(), sizeof buf);
    if (room == 0) break;
    const long n = read_some(fd_, buf, room);
    if (n == -1) break;
    if (n <= 0) {
      open = false;
      error = "the table closed the connection";
      break;
    }
    in_.feed(buf, static_cast<std::size_t>(n));
    std::string body, ferr;
    for (;;) {
      const auto st = in_.next(body, ferr);
      if (st == FrameReader::Status::NeedMore) break;
      if (st == FrameReader::Status::Error) {
        error = fmt::format("bad data from the table: {}", ferr);
        return false;
      }
      try {
        messages.push_back(parse_server_message(body));
      } catch (const ProtocolError& e) {
        error = fmt::format("bad data from the table: {}", e.what());
        return false;
      }
    }
  }
  return open;
}

std::optional<json> Connection::wait_message(int timeout_ms, std::string& error) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    if (!queued_.empty()) {
      json m = std::move(queued_.front());
      queued_.pop_front();
      return m;
    }
    std::vector<json> got;
    const bool open = receive(got, error);
    for (auto& m : got) queued_.push_back(std::move(m));
    if (!queued_.empty()) continue;
    if (!open) return std::nullopt;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      error = "the table did not answer in time";
      return std::nullopt;
    }
    pollfd p{fd_, POLLIN, 0};
    if (wants_write()) p.events |= POLLOUT;
    ::poll(&p, 1, static_cast<int>(left.count()));
    if (p.revents & POLLOUT) flush();
  }
}

Joined say_hello(const std::function<Connection()>& open, const std::string& what, const Hello& hello,
                 int timeout_ms) {
  // A seat may still be held by this player's previous connection for a
  // moment (a client killed and started again at once): ask again shortly.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(kHeldSeatWaitMs);
  for (;;) {
    Joined j{open(), {}};
    j.conn.send(to_json(hello));
    std::string error;
    std::optional<json> m;
    for (;;) {
      m = j.conn.wait_message(timeout_ms, error);
      if (!m) throw UserError(fmt::format("{}: {}", what, error));
      const std::string type = m->value("type", "");
      if (type == "welcome") {
        j.welcome = std::move(*m);
        return j;
      }
      if (type == "refused" || type == "error") break;
    }
    const bool refused = (*m)["type"] == "refused";
    const std::string why = printable(get_string(*m, refused ? "reason" : "text", 4096, false), 300);
    if (refused && hello.seat > 0 && get_string(*m, "code", 32, false) == "taken" &&
        std::chrono::steady_clock::now() < until) {
      ::usleep(200000);
      continue;
    }
    throw UserError(fmt::format("{}: {}", what, why.empty() ? "refused" : why));
  }
}

Joined join_table(const std::string& dir, const std::string& name, const Hello& hello, int timeout_ms) {
  // A join code goes only to a server whose directory says it is the host's.
  Joined j =
      say_hello([&] { return Connection::open(dir, name, ConnectHow{.sends_code = !hello.code.empty()}); },
                fmt::format("table '{}'", name), hello, timeout_ms);
  j.welcome["host"] = user_name(j.conn.host_uid());
  return j;
}

namespace {

// Asks many tables at once for their info, within the bounds on other users'
// directories (net/client.h): what each answered, or why it did not.
class TableAsker {
 public:
  using Clock = std::chrono::steady_clock;

  TableAsker(std::vector<InfoAsk>& asks, int wait_ms)
      : until_(Clock::now() + std::chrono::milliseconds(wait_ms)), wait_ms_(wait_ms) {
    Hello h;
    h.role = Role::Info;
    h.client = "racetable tables";
    hello_ = frame(to_json(h));
    for (InfoAsk& a : asks) waiting_.push_back(&a);
  }

  void run() {
    for (;;) {
      if (Clock::now() < until_) start_asks(Clock::now());
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(until_ - Clock::now()).count();
      if ((asking_.empty() && waiting_.empty()) || left <= 0) break;
      if (!read_answers(static_cast<int>(left))) break;
    }
    give_up();
  }

 private:
  struct Asking {
    InfoAsk* ask;
    Connection conn;
  };
  // What is being asked of each other user's directory.
  struct DirAsking {
    std::size_t asking = 0;
    std::size_t asked = 0;
    std::optional<Clock::time_point> first;
  };

  void finished(const InfoAsk& a) {
    if (!a.others) return;
    --dirs_[a.dir].asking;
    --owners_[a.owner];
  }

  void cut(InfoAsk& a) {
    a.cut = true;
    a.problem =
        dirs_[a.dir].asked >= kMaxAskedPerDir
            ? fmt::format("at most {} tables are asked in a directory of another user", kMaxAskedPerDir)
            : fmt::format("another user's directory is asked for at most {} ms, {} tables at a time",
                          kDirAskMs, kMaxAskingPerDir);
  }

  // Starts what the bounds allow now; cuts what they never will.
  void start_asks(Clock::time_point now) {
    std::vector<InfoAsk*> still;
    for (InfoAsk* a : waiting_) {
      if (asking_.size() >= kMaxAsking) {
        still.push_back(a);
        continue;
      }
      if (a->others) {
        DirAsking& d = dirs_[a->dir];
        if (d.asked >= kMaxAskedPerDir ||
            (d.first && now - *d.first >= std::chrono::milliseconds(kDirAskMs))) {
          cut(*a);
          continue;
        }
        if (d.asking >= kMaxAskingPerDir || owners_[a->owner] >= kMaxAskingPerOwner) {
          still.push_back(a);
          continue;
        }
        if (!d.first) d.first = now;
        ++d.asked;
        ++d.asking;
        ++owners_[a->owner];
      }
      try {
        Connection conn = Connection::open(a->dir, a->name, ConnectHow{.wait = false});
        conn.send_bytes(hello_);
        asking_.push_back(Asking{a, std::move(conn)});
      } catch (const UserError& e) {
        finished(*a);
        a->problem = e.what();
        a->silent = a->problem.find("not answering") != std::string::npos;
      }
    }
    waiting_ = std::move(still);
  }

  // Waits up to left_ms for the tables being asked; false if poll failed.
  bool read_answers(int left_ms) {
    std::vector<pollfd> fds;
    for (const Asking& a : asking_)
      fds.push_back(
          pollfd{a.conn.fd(), static_cast<short>(POLLIN | (a.conn.wants_write() ? POLLOUT : 0)), 0});
    if (::poll(fds.data(), fds.size(), left_ms) < 0 && errno != EINTR) return false;
    std::vector<Asking> still;
    for (std::size_t i = 0; i < asking_.size(); ++i) {
      Asking& a = asking_[i];
      if (fds[i].revents == 0) {
        still.push_back(std::move(a));
        continue;
      }
      if (fds[i].revents & POLLOUT) a.conn.flush();
      std::vector<json> messages;
      std::string error;
      const bool open = a.conn.receive(messages, error);
      if (take(a, messages, open, error))
        finished(*a.ask);
      else
        still.push_back(std::move(a));
    }
    asking_ = std::move(still);
    return true;
  }

  // True when `a` is answered (or failed) and its connection can go.
  static bool take(Asking& a, const std::vector<json>& messages, bool open, const std::string& error) {
    for (const json& m : messages) {
      const std::string type = m["type"].get<std::string>();
      if (type == "info") {
        a.ask->info = m;
        a.ask->info["host"] = user_name(a.conn.host_uid());
        return true;
      }
      if (type == "refused" || type == "error") {
        a.ask->problem = fmt::format("table '{}': {}", a.ask->name,
                                     get_string(m, type == "refused" ? "reason" : "text", 4096, false));
        return true;
      }
    }
    if (open) return false;
    a.ask->problem = fmt::format("table '{}': {}", a.ask->name, error);
    return true;
  }

  // The time is up: what was not answered is late, or cut by the bounds.
  void give_up() {
    const std::string late = fmt::format(
        "not answering (its server did not answer within {} ms; it may be busy or stuck)", wait_ms_);
    for (Asking& a : asking_) {
      a.ask->problem = late;
      a.ask->silent = true;
    }
    for (InfoAsk* a : waiting_) {
      if (a->others) {
        cut(*a);
        continue;
      }
      a->problem = late;
      a->silent = true;
    }
  }

  const Clock::time_point until_;
  const int wait_ms_;
  std::string hello_;
  std::vector<Asking> asking_;
  std::vector<InfoAsk*> waiting_;  // not asked yet, in the order given
  std::map<std::string, DirAsking> dirs_;
  std::map<uid_t, std::size_t> owners_;  // what is being asked of each other user
};

}  // namespace

void ask_tables(std::vector<InfoAsk>& asks, int wait_ms) {
  TableAsker(asks, wait_ms).run();
}

json table_info(const std::string& dir, const std::string& name, int timeout_ms) {
  std::vector<InfoAsk> one{InfoAsk{dir, name, {}, {}, false}};
  ask_tables(one, timeout_ms);
  if (!one.front().problem.empty()) throw UserError(one.front().problem);
  return one.front().info;
}

// --- ClientState --------------------------------------------------------------

bool ClientState::apply(const json& m) {
  const std::string& type = m.at("type").get_ref<const std::string&>();
  if (type == "screen") {
    screen_ = read_screen(m);
    has_screen_ = true;
    ++screens_;
  } else if (type == "log") {
    auto it = m.find("lines");
    if (it == m.end() || !it->is_array()) throw ProtocolError("\"lines\" is missing");
    for (const json& l : *it) {
      if (!l.is_object()) throw ProtocolError("a log line is not an object");
      log_.push_back(LogLine{printable(get_string(l, "text", 4096)),
                             printable(get_string(l, "rule", 1024, false)),
                             get_bool(l, "mine", false),
                             {}});
      ++log_total_;
    }
    if (log_.size() > kClientLogLines)
      log_.erase(log_.begin(), log_.end() - static_cast<long>(kClientLogLines));
  } else if (type == "talk") {
    // Talk lines join the log in the order they came, marked as talk.
    auto it = m.find("lines");
    if (it == m.end() || !it->is_array()) throw ProtocolError("\"lines\" is missing");
    for (const json& l : *it) {
      const TalkLine t = read_talk_line(l);
      log_.push_back(LogLine{t.text, {}, false, talk_label(t)});
      ++log_total_;
      ++talk_total_;
    }
    if (log_.size() > kClientLogLines)
      log_.erase(log_.begin(), log_.end() - static_cast<long>(kClientLogLines));
  } else if (type == "nudge") {
    nudge_from_ = printable(get_string(m, "from", 1024, false), 40);
    ++nudges_;
  } else if (type == "hint") {
    hint_ = printable(get_string(m, "text", 1024, false), 200);
    hint_ask_ = static_cast<std::uint32_t>(get_int(m, "ask", 0, 0xffffffff));
    // Only ever looked up among the question's own actions: a value that is
    // none of them highlights nothing.
    hint_action_ = static_cast<Action>(get_int(m, "action", 0, 0x7fffffff));
  } else if (type == "finished") {
    finished_ = m;
    ++finished_count_;
  } else if (type == "notice") {
    notice_ = printable(get_string(m, "text", 4096, false));
    ++notices_;
  } else if (type == "closing") {
    closing_ = printable(get_string(m, "text", 4096, false));
    if (closing_.empty()) closing_ = "the host closed the table";
    closing_saved_ = get_bool(m, "saved", false);
  } else if (type == "error") {
    error_ = printable(get_string(m, "text", 4096, false));
  } else if (type == "refused") {
    error_ = printable(get_string(m, "reason", 4096, false));
    return false;
  }
  return true;
}

std::optional<json> ClientState::answer(std::size_t index) const {
  if (!asked() || index >= screen_.options.size()) return std::nullopt;
  Act a;
  a.id = screen_.options[index].id;
  a.timed = screen_.timed;
  a.contest = screen_.contest;
  a.ask = screen_.ask;
  return to_json(a);
}

}  // namespace rt::net
