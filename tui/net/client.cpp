#include "tui/net/client.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "tui/net/sockets.h"

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

Connection Connection::open(const std::string& dir, const std::string& name) {
  check_table_name(name);
  std::string error;
  uid_t host = 0;
  const int fd = connect_table(dir, name, host, error);
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

Joined join_table(const std::string& dir, const std::string& name, const Hello& hello, int timeout_ms) {
  // A seat may still be held by this player's previous connection for a
  // moment (a client killed and started again at once): ask again shortly.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(3000);
  for (;;) {
    Joined j;
    j.conn = Connection::open(dir, name);
    j.conn.send(to_json(hello));
    std::string error;
    std::optional<json> m;
    for (;;) {
      m = j.conn.wait_message(timeout_ms, error);
      if (!m) throw UserError(fmt::format("table '{}': {}", name, error));
      const std::string type = (*m)["type"].get<std::string>();
      if (type == "welcome") {
        j.welcome = std::move(*m);
        j.welcome["host"] = user_name(j.conn.host_uid());
        return j;
      }
      if (type == "refused" || type == "error") break;
    }
    const bool refused = (*m)["type"] == "refused";
    const std::string why = get_string(*m, refused ? "reason" : "text", 4096, false);
    if (refused && hello.seat > 0 && get_string(*m, "code", 32, false) == "taken" &&
        std::chrono::steady_clock::now() < until) {
      ::usleep(200000);
      continue;
    }
    throw UserError(fmt::format("table '{}': {}", name, why.empty() ? "refused" : why));
  }
}

json table_info(const std::string& dir, const std::string& name, const std::string& code, int timeout_ms) {
  Hello h;
  h.role = Role::Info;
  h.code = code;
  h.client = "racetable tables";
  Connection conn = Connection::open(dir, name);
  conn.send(to_json(h));
  std::string error;
  for (;;) {
    auto m = conn.wait_message(timeout_ms, error);
    if (!m) throw UserError(fmt::format("table '{}': {}", name, error));
    const std::string type = (*m)["type"].get<std::string>();
    if (type == "info") {
      (*m)["host"] = user_name(conn.host_uid());
      return *m;
    }
    if (type == "refused" || type == "error")
      throw UserError(fmt::format("table '{}': {}", name,
                                  get_string(*m, type == "refused" ? "reason" : "text", 4096, false)));
  }
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
      log_.push_back(
          LogLine{printable(get_string(l, "text", 4096)), printable(get_string(l, "rule", 1024, false))});
      ++log_total_;
    }
    if (log_.size() > kClientLogLines)
      log_.erase(log_.begin(), log_.end() - static_cast<long>(kClientLogLines));
  } else if (type == "notice") {
    notice_ = printable(get_string(m, "text", 4096, false));
    ++notices_;
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

// --- display ------------------------------------------------------------------

BoardSize board_size_for(int cols, int rows) {
  return BoardSize{std::clamp(cols, kMinBoardW, kMaxBoardW), std::clamp(rows - 10, kMinBoardH, kMaxBoardH)};
}

namespace {

constexpr Style kBar{Color::Default, Color::Default, attr::kReverse};
constexpr Style kBarBold{Color::Default, Color::Default, attr::kReverse | attr::kBold};
constexpr Style kBold{Color::Default, Color::Default, attr::kBold};
constexpr Style kDim{Color::Default, Color::Default, attr::kDim};
constexpr Style kAccent{Color::Yellow, Color::Default, attr::kBold};
constexpr Style kKey{Color::Cyan, Color::Default, attr::kBold};
constexpr Style kSelected{Color::Default, Color::Default, attr::kReverse | attr::kBold};

// Control characters from the wire never reach the terminal.
std::string clean(std::string_view s) {
  std::string out;
  for (char32_t cp : utf8_decode(s)) utf8_append(out, (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) ? U'?' : cp);
  return out;
}

std::vector<std::string> wrap_text(std::string_view text, int width, int hang = 0) {
  std::vector<std::string> lines;
  if (width <= hang + 1) width = hang + 2;
  const std::u32string cps = utf8_decode(clean(text));
  std::size_t i = 0;
  bool first = true;
  while (i < cps.size() || first) {
    const int avail = first ? width : width - hang;
    std::size_t end = std::min(cps.size(), i + static_cast<std::size_t>(avail));
    if (end < cps.size()) {
      std::size_t sp = end;
      while (sp > i && cps[sp] != U' ') --sp;
      if (sp > i) end = sp;
    }
    std::string line(first ? 0 : static_cast<std::size_t>(hang), ' ');
    for (std::size_t k = i; k < end; ++k) utf8_append(line, cps[k]);
    lines.push_back(std::move(line));
    i = end;
    while (i < cps.size() && cps[i] == U' ') ++i;
    first = false;
  }
  return lines;
}

void draw_log(Canvas& c, int x, int y, int w, int h, const ClientState& st, const ViewState& v) {
  if (w < 8 || h <= 0) return;
  std::vector<std::pair<std::string, bool>> lines;  // text, is a rule
  const auto& log = st.log();
  // Only what can show: wrap from the newest back.
  const std::size_t need = static_cast<std::size_t>(h + std::max(0, v.log_scroll));
  for (std::size_t k = log.size(); k > 0 && lines.size() < need + 8; --k) {
    const LogLine& l = log[k - 1];
    std::vector<std::string> wrapped = wrap_text(l.text, w, 2);
    for (std::size_t j = wrapped.size(); j > 0; --j) lines.emplace_back(std::move(wrapped[j - 1]), false);
  }
  std::reverse(lines.begin(), lines.end());
  const int total = static_cast<int>(lines.size());
  const int scroll = std::clamp(v.log_scroll, 0, std::max(0, total - h));
  const int first = std::max(0, total - h - scroll);
  for (int r = 0; r < h && first + r < total; ++r)
    c.text(x, y + r, lines[static_cast<std::size_t>(first + r)].first, {}, w);
  if (scroll > 0) c.text(x + w - 10, y, fmt::format("[+{} more]", scroll), kDim, 10);
}

}  // namespace

void draw_client(Canvas& c, const ClientState& st, const ViewState& v) {
  const int W = c.width(), H = c.height();
  c.clear();
  if (W <= 0 || H <= 0) return;
  c.fill(0, 0, W, 1, U' ', kBar);
  if (!st.has_screen()) {
    c.text(1, 0, fmt::format("racetable: joining table '{}'...", clean(v.table)), kBarBold);
    if (!st.error().empty()) c.text(0, 2, clean(st.error()), kAccent, W);
    return;
  }
  const ScreenModel& s = st.screen();
  // Header: the game, the table, who you are.
  const int used = c.text(1, 0, clean(s.game_name), kBarBold);
  c.text(2 + used, 0, fmt::format("table {}", clean(s.table)), kBar);
  std::string who = "spectator";
  if (s.you >= 0 && s.you < static_cast<int>(s.seats.size()))
    who = fmt::format("you: {} (seat {})", clean(s.seats[static_cast<std::size_t>(s.you)].name), s.you + 1);
  if (s.watchers > 0) who += fmt::format(" - {} watching", s.watchers);
  const int wl = utf8_length(who);
  if (wl + 2 < W) c.text(W - wl - 1, 0, who, kBarBold);

  // Seats: who acts, who is away, who is a computer.
  int x = 0;
  for (std::size_t p = 0; p < s.seats.size(); ++p) {
    const SeatView& seat = s.seats[p];
    std::string tag;
    if (seat.you)
      tag = " (you)";
    else if (!seat.human)
      tag = fmt::format(" [{}]", seat.level);
    else if (seat.stand_in)
      tag = " [computer stands in]";
    else if (!seat.claimed)
      tag = " (free)";
    else if (!seat.connected)
      tag = " (away)";
    const std::string item = fmt::format("{}{}{}", seat.acting ? ">" : " ", clean(seat.name), tag);
    const Style st_item = seat.acting ? kBold : (seat.human && !seat.connected ? kDim : Style{});
    if (x + utf8_length(item) > W) break;
    x += c.text(x, 1, item, st_item) + 2;
  }

  // The board: only the rows it drew, up to what fits.
  const int bottom_min = 6;
  const int board_rows =
      std::clamp(static_cast<int>(s.rows.size()), 1, std::max(1, std::min(s.board_h, H - 4 - bottom_min)));
  const Canvas board = decode_board(s);
  for (int y = 0; y < board_rows && y < board.height(); ++y)
    for (int bx = 0; bx < board.width() && bx < W; ++bx)
      c.put(bx, 2 + y, board.at(bx, y).ch, board.at(bx, y).style);

  // Status and the last notice.
  const int sy = 2 + board_rows;
  c.hline(0, sy, W, kDim);
  const int sl = s.status.empty() ? 0 : c.text(1, sy, fmt::format(" {} ", clean(s.status)), kBold, W - 2);
  if (v.show_notice && !st.notice().empty() && sl + 6 < W)
    c.text(sl + 3, sy, fmt::format(" {} ", clean(st.notice())), kAccent, W - sl - 4);

  // The question (or the standings) on the left, the log on the right.
  const int ay = sy + 1;
  const int ah = H - 1 - ay;
  int log_x = 0;
  if (st.asked() || s.phase == "over") {
    const int lw = st.asked() ? std::min(W, std::max(32, W / 2)) : std::min(W, 40);
    int y = ay;
    if (st.asked()) {
      for (const std::string& line : wrap_text(s.prompt, lw - 1)) {
        if (y >= ay + ah) break;
        c.text(0, y++, line, kBold, lw - 1);
      }
      const int n = static_cast<int>(s.options.size());
      const int rows_left = ay + ah - y;
      const int cur = std::clamp(v.cursor, 0, std::max(0, n - 1));
      const int first = rows_left <= 0 ? 0 : std::clamp(cur - rows_left + 1, 0, std::max(0, n - rows_left));
      for (int i = first; i < n && y < ay + ah; ++i, ++y) {
        const std::string key = i < 9 ? fmt::format("{}", i + 1) : " ";
        c.text(0, y, key, kKey);
        const int len = c.text(2, y, clean(s.options[static_cast<std::size_t>(i)].label), {}, lw - 3);
        if (i == cur) c.restyle(1, y, len + 2, kSelected);
      }
    } else {
      c.text(0, y++, "Final standings", kBold, lw - 1);
      for (const PlacingView& p : s.placings) {
        if (y >= ay + ah) break;
        c.text(0, y++, fmt::format("{}. {}  {}", p.place, clean(p.name), clean(p.detail)),
               p.place == 1 ? kAccent : Style{}, lw - 1);
      }
      if (y < ay + ah) {
        for (const std::string& line : wrap_text(s.result, lw - 1)) {
          if (y >= ay + ah) break;
          c.text(0, y++, line, {}, lw - 1);
        }
      }
    }
    log_x = lw + 1;
    if (log_x < W) c.vline(lw, ay, ah, kDim);
  }
  draw_log(c, log_x, ay, W - log_x, ah, st, v);

  // Keys.
  std::string help;
  if (st.asked() && s.timed)
    help = "Space act  1-9 pick  q leave";
  else if (st.asked())
    help = "Up/Down move  Enter choose  1-9 pick  PgUp/PgDn log  q leave";
  else
    help = "PgUp/PgDn log  q leave";
  if (s.you >= 0 && s.phase != "over") help += " (your seat is kept)";
  c.text(0, H - 1, help, kKey, W);
}

KeyResult interpret_key(const ClientState& st, const ViewState& v, std::int32_t key) {
  const int n = st.asked() ? static_cast<int>(st.screen().options.size()) : 0;
  if (key >= '1' && key <= '9') {
    const int i = key - '1';
    if (i < n) return KeyResult{KeyAction::Choose, i};
    return {};
  }
  if (key == kKeyEnter || key == ' ' || key == '\r' || key == '\n') {
    if (n > 0) return KeyResult{KeyAction::Choose, std::clamp(v.cursor, 0, n - 1)};
    return {};
  }
  if (key == kKeyUp || key == 'k') return KeyResult{KeyAction::CursorUp, -1};
  if (key == kKeyDown || key == 'j') return KeyResult{KeyAction::CursorDown, -1};
  if (key == kKeyPageUp) return KeyResult{KeyAction::LogUp, -1};
  if (key == kKeyPageDown) return KeyResult{KeyAction::LogDown, -1};
  if (key == 'q' || key == 'Q' || key == kKeyEscape) return KeyResult{KeyAction::Leave, -1};
  if (key == 12) return KeyResult{KeyAction::Redraw, -1};
  return {};
}

}  // namespace rt::net
