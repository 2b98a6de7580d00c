#include "net/protocol.h"

#include <algorithm>

#include <fmt/format.h>

namespace rt::net {

std::string frame_body(std::string_view body) {
  std::string out;
  out.reserve(body.size() + 4);
  const auto n = static_cast<std::uint32_t>(body.size());
  out.push_back(static_cast<char>((n >> 24) & 0xFF));
  out.push_back(static_cast<char>((n >> 16) & 0xFF));
  out.push_back(static_cast<char>((n >> 8) & 0xFF));
  out.push_back(static_cast<char>(n & 0xFF));
  out.append(body);
  return out;
}

std::string dump(const json& message) {
  return message.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::size_t FrameReader::room() const {
  if (failed_) return 0;
  const std::size_t have = buffered();
  const std::size_t cap = max_ + 4;
  return have >= cap ? 0 : cap - have;
}

void FrameReader::feed(const char* data, std::size_t size) {
  if (failed_) return;
  if (pos_ > 0 && pos_ == buf_.size()) {
    buf_.clear();
    pos_ = 0;
  } else if (pos_ > 4096 && pos_ * 2 > buf_.size()) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  buf_.append(data, size);
}

FrameReader::Status FrameReader::next(std::string& body, std::string& error) {
  if (failed_) {
    error = error_;
    return Status::Error;
  }
  const std::size_t have = buffered();
  if (have < 4) return Status::NeedMore;
  const auto* p = reinterpret_cast<const unsigned char*>(buf_.data() + pos_);
  const std::uint32_t n = (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
                          (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
  if (n == 0 || n > max_) {
    failed_ = true;
    error_ = n == 0 ? "empty frame" : fmt::format("frame of {} bytes is over the limit of {}", n, max_);
    buf_.clear();
    pos_ = 0;
    error = error_;
    return Status::Error;
  }
  if (have - 4 < n) return Status::NeedMore;
  body.assign(buf_, pos_ + 4, n);
  pos_ += 4 + n;
  if (pos_ == buf_.size()) {
    buf_.clear();
    pos_ = 0;
  }
  return Status::Frame;
}

namespace {

// Deepest nesting of arrays and objects, outside strings; stops early.
int json_depth(std::string_view s, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : s) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

}  // namespace

json parse_message(std::string_view body) {
  if (body.find('\0') != std::string_view::npos) throw ProtocolError("message contains a NUL byte");
  if (json_depth(body, kMaxJsonDepth) > kMaxJsonDepth)
    throw ProtocolError(fmt::format("message nested deeper than {} levels", kMaxJsonDepth));
  json j = json::parse(body.begin(), body.end(), nullptr, false);
  if (j.is_discarded()) throw ProtocolError("message is not valid JSON");
  if (!j.is_object()) throw ProtocolError("message is not a JSON object");
  auto it = j.find("type");
  if (it == j.end() || !it->is_string()) throw ProtocolError("message has no \"type\" string");
  if (it->get_ref<const std::string&>().size() > 32) throw ProtocolError("message type too long");
  return j;
}

void make_printable(json& value) {
  if (value.is_string()) {
    std::string& s = value.get_ref<std::string&>();
    s = printable(s);
  } else if (value.is_array() || value.is_object()) {
    for (json& v : value) make_printable(v);
  }
}

json parse_server_message(std::string_view body) {
  json j = parse_message(body);
  make_printable(j);
  return j;
}

std::string get_string(const json& j, const char* key, std::size_t max_len, bool required) {
  auto it = j.find(key);
  if (it == j.end()) {
    if (required) throw ProtocolError(fmt::format("\"{}\" is missing", key));
    return {};
  }
  if (!it->is_string()) throw ProtocolError(fmt::format("\"{}\" must be a string", key));
  const auto& s = it->get_ref<const std::string&>();
  if (s.size() > max_len) throw ProtocolError(fmt::format("\"{}\" is longer than {} bytes", key, max_len));
  return s;
}

std::int64_t get_int(const json& j, const char* key, std::int64_t lo, std::int64_t hi, bool required,
                     std::int64_t fallback) {
  auto it = j.find(key);
  if (it == j.end()) {
    if (required) throw ProtocolError(fmt::format("\"{}\" is missing", key));
    return fallback;
  }
  std::int64_t v = 0;
  if (it->is_number_unsigned()) {
    const auto u = it->get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(hi)) throw ProtocolError(fmt::format("\"{}\" is out of range", key));
    v = static_cast<std::int64_t>(u);
  } else if (it->is_number_integer()) {
    v = it->get<std::int64_t>();
  } else {
    throw ProtocolError(fmt::format("\"{}\" must be a whole number", key));
  }
  if (v < lo || v > hi) throw ProtocolError(fmt::format("\"{}\" must be from {} to {}", key, lo, hi));
  return v;
}

int get_int_in(const json& j, const char* key, int lo, int hi, bool required, int fallback) {
  return static_cast<int>(get_int(j, key, lo, hi, required, fallback));
}

bool get_bool(const json& j, const char* key, bool fallback) {
  auto it = j.find(key);
  if (it == j.end()) return fallback;
  if (!it->is_boolean()) throw ProtocolError(fmt::format("\"{}\" must be true or false", key));
  return it->get<bool>();
}

std::string_view role_name(Role role) {
  switch (role) {
    case Role::Play: return "play";
    case Role::Watch: return "watch";
    case Role::Info: return "info";
  }
  return "play";
}

json to_json(const Hello& h) {
  json j{{"type", "hello"},      {"protocol", h.protocol}, {"role", role_name(h.role)},
         {"board_w", h.board_w}, {"board_h", h.board_h},   {"unicode", h.unicode},
         {"client", h.client}};
  if (h.seat > 0) j["seat"] = h.seat;
  if (!h.code.empty()) j["code"] = h.code;
  return j;
}

Hello read_hello(const json& j) {
  Hello h;
  h.protocol = get_int_in(j, "protocol", 0, 1 << 30);
  if (h.protocol != kProtocolVersion) return h;  // answered with "refused"
  const std::string role = get_string(j, "role", 16, false);
  if (role.empty() || role == "play")
    h.role = Role::Play;
  else if (role == "watch")
    h.role = Role::Watch;
  else if (role == "info")
    h.role = Role::Info;
  else
    throw ProtocolError("\"role\" must be play, watch or info");
  h.seat = get_int_in(j, "seat", 0, 64, false, 0);
  h.code = get_string(j, "code", 128, false);
  h.board_w = get_int_in(j, "board_w", kMinBoardW, kMaxBoardW, false, 80);
  h.board_h = get_int_in(j, "board_h", kMinBoardH, kMaxBoardH, false, 16);
  h.unicode = get_bool(j, "unicode", true);
  h.client = get_string(j, "client", 64, false);
  return h;
}

json to_json(const Act& a) {
  json j{{"type", "act"}, {"id", a.id}};
  if (a.timed)
    j["contest"] = a.contest;
  else
    j["ask"] = a.ask;
  return j;
}

Act read_act(const json& j) {
  Act a;
  a.id = static_cast<Action>(get_int(j, "id", INT32_MIN, INT32_MAX));
  a.timed = j.contains("contest");
  if (a.timed)
    a.contest = static_cast<std::uint32_t>(get_int(j, "contest", 0, UINT32_MAX));
  else
    a.ask = static_cast<std::uint32_t>(get_int(j, "ask", 0, UINT32_MAX));
  return a;
}

json to_json(const Resize& r) {
  return json{{"type", "resize"}, {"board_w", r.board_w}, {"board_h", r.board_h}, {"unicode", r.unicode}};
}

Resize read_resize(const json& j) {
  Resize r;
  r.board_w = get_int_in(j, "board_w", kMinBoardW, kMaxBoardW);
  r.board_h = get_int_in(j, "board_h", kMinBoardH, kMaxBoardH);
  r.unicode = get_bool(j, "unicode", true);
  return r;
}

std::uint32_t style_code(const Style& s) {
  return static_cast<std::uint32_t>(s.fg) | (static_cast<std::uint32_t>(s.bg) << 4) |
         (static_cast<std::uint32_t>(s.attrs) << 8);
}

Style style_from_code(std::uint32_t code) {
  Style s;
  const auto colour = [](std::uint32_t c) {
    return c <= static_cast<std::uint32_t>(Color::White) ? static_cast<Color>(c) : Color::Default;
  };
  s.fg = colour(code & 0xF);
  s.bg = colour((code >> 4) & 0xF);
  s.attrs = static_cast<std::uint8_t>((code >> 8) & 0x0F);
  return s;
}

void encode_board(const Canvas& c, ScreenModel& s) {
  s.board_w = c.width();
  s.board_h = c.height();
  s.unicode = c.unicode();
  s.rows.clear();
  s.runs.clear();
  int last_row = -1;
  std::vector<std::string> rows;
  std::vector<std::vector<std::uint32_t>> runs;
  for (int y = 0; y < c.height(); ++y) {
    int end = 0;
    for (int x = 0; x < c.width(); ++x) {
      const Cell& cell = c.at(x, y);
      if (cell.ch != U' ' || cell.style != Style{}) end = x + 1;
    }
    std::string& row = rows.emplace_back();
    auto& run = runs.emplace_back();
    for (int x = 0; x < end;) {
      const Cell& cell = c.at(x, y);
      utf8_append(row, cell.ch);
      const std::uint32_t code = style_code(cell.style);
      int len = 1;
      while (x + len < end && c.at(x + len, y).style == cell.style) {
        utf8_append(row, c.at(x + len, y).ch);
        ++len;
      }
      if (code != 0) {
        run.push_back(static_cast<std::uint32_t>(x));
        run.push_back(static_cast<std::uint32_t>(len));
        run.push_back(code);
      }
      x += len;
    }
    if (end > 0) last_row = y;
  }
  // Blank rows at the bottom are not sent.
  rows.erase(rows.begin() + (last_row + 1), rows.end());
  runs.erase(runs.begin() + (last_row + 1), runs.end());
  s.rows = std::move(rows);
  s.runs = std::move(runs);
}

Canvas decode_board(const ScreenModel& s) {
  Canvas c(std::clamp(s.board_w, 0, kMaxBoardW), std::clamp(s.board_h, 0, kMaxBoardH), s.unicode);
  int y = 0;
  for (const std::string& row : s.rows) {
    if (y >= c.height()) break;
    int x = 0;
    for (const char32_t ch : utf8_decode(row)) {
      if (x >= c.width()) break;
      c.put(
          x++, y,
          (ch < 0x20 || (ch >= 0x7F && ch < 0xA0)) ? U'?' : ch);  // control characters never reach a terminal
    }
    ++y;
  }
  // Each row's style runs: x, length, style; only for the rows sent.
  y = 0;
  for (const auto& r : s.runs) {
    if (y >= c.height() || y >= std::ssize(s.rows)) break;
    for (std::size_t k = 0; k + 2 < r.size(); k += 3) {
      const Style st = style_from_code(r[k + 2]);
      const int x0 = static_cast<int>(std::min<std::uint32_t>(r[k], kMaxBoardW));
      const int len = static_cast<int>(std::min<std::uint32_t>(r[k + 1], kMaxBoardW));
      c.restyle(x0, y, len, st);
    }
    ++y;
  }
  return c;
}

json to_json(const ScreenModel& s) {
  json seats = json::array();
  for (const SeatView& v : s.seats) {
    json o{{"name", v.name},           {"human", v.human},       {"level", v.level},  {"claimed", v.claimed},
           {"connected", v.connected}, {"stand_in", v.stand_in}, {"acting", v.acting}};
    if (v.you) o["you"] = true;
    if (!v.user.empty()) o["user"] = v.user;
    if (v.place > 0) o["place"] = v.place;
    if (!v.detail.empty()) o["detail"] = v.detail;
    if (!v.score.empty()) o["score"] = v.score;
    if (v.idle_min >= 0) o["idle_min"] = v.idle_min;
    if (v.gone_min >= 0) o["gone_min"] = v.gone_min;
    if (v.clock_s >= 0) o["clock_s"] = v.clock_s;
    if (v.bank_s >= 0) o["bank_s"] = v.bank_s;
    seats.push_back(std::move(o));
  }
  json runs = json::array();
  for (const auto& r : s.runs) runs.push_back(r);
  json j{{"type", "screen"},
         {"table", s.table},
         {"game", s.game},
         {"game_name", s.game_name},
         {"you", s.you},
         {"phase", s.phase},
         {"status", s.status},
         {"seats", std::move(seats)},
         {"watchers", s.watchers},
         {"board",
          {{"w", s.board_w},
           {"h", s.board_h},
           {"unicode", s.unicode},
           {"rows", s.rows},
           {"runs", std::move(runs)}}}};
  if (s.picture >= 0) j["board"]["picture"] = s.picture;
  if (!s.contest_result.empty()) j["contest_result"] = s.contest_result;
  if (!s.options.empty()) {
    json opts = json::array();
    for (const OptionView& o : s.options) opts.push_back(json{{"id", o.id}, {"label", o.label}});
    j["ask"] = json{{"prompt", s.prompt},
                    {"ask", s.ask},
                    {"timed", s.timed},
                    {"contest", s.contest},
                    {"options", std::move(opts)}};
    if (s.first > 0) j["ask"]["first"] = s.first;
    if (s.arrows) {
      json arrows{{"help", s.direction_help}};
      static const char* const kWays[] = {"up", "down", "left", "right"};
      for (std::size_t i = 0; i < 4; ++i)
        if (s.directions[i] >= 0) arrows[kWays[i]] = s.directions[i];
      j["ask"]["arrows"] = std::move(arrows);
    }
  }
  if (s.phase == "over") {
    json pl = json::array();
    for (const PlacingView& p : s.placings)
      pl.push_back(json{{"place", p.place}, {"name", p.name}, {"detail", p.detail}});
    j["over"] = json{{"result", s.result}, {"placings", std::move(pl)}};
    if (!s.non_seat_winner.empty()) j["over"]["non_seat_winner"] = s.non_seat_winner;
  }
  return j;
}

namespace {

const json& member(const json& j, const char* key, json::value_t type) {
  auto it = j.find(key);
  if (it == j.end()) throw ProtocolError(fmt::format("\"{}\" is missing", key));
  if (it->type() != type) throw ProtocolError(fmt::format("\"{}\" has the wrong type", key));
  return *it;
}

}  // namespace

ScreenModel read_screen(const json& j) {
  ScreenModel s;
  s.table = get_string(j, "table", 256);
  s.game = get_string(j, "game", 256);
  s.game_name = get_string(j, "game_name", 256);
  s.you = get_int_in(j, "you", -1, 63);
  s.phase = get_string(j, "phase", 32);
  s.status = get_string(j, "status", 4096);
  s.watchers = get_int_in(j, "watchers", 0, 1 << 20, false, 0);
  for (const json& v : member(j, "seats", json::value_t::array)) {
    if (!v.is_object()) throw ProtocolError("a seat is not an object");
    SeatView sv;
    sv.name = get_string(v, "name", 256);
    sv.human = get_bool(v, "human", false);
    sv.level = get_string(v, "level", 64, false);
    sv.claimed = get_bool(v, "claimed", false);
    sv.connected = get_bool(v, "connected", false);
    sv.stand_in = get_bool(v, "stand_in", false);
    sv.acting = get_bool(v, "acting", false);
    sv.you = get_bool(v, "you", false);
    sv.user = get_string(v, "user", 256, false);
    sv.place = get_int_in(v, "place", 0, 64, false, 0);
    sv.detail = get_string(v, "detail", 1024, false);
    sv.score = get_string(v, "score", 64, false);
    sv.idle_min = get_int_in(v, "idle_min", -1, 1000000, false, -1);
    sv.gone_min = get_int_in(v, "gone_min", -1, 1000000, false, -1);
    sv.clock_s = get_int_in(v, "clock_s", -1, 1000000, false, -1);
    sv.bank_s = get_int_in(v, "bank_s", -1, 1000000, false, -1);
    s.seats.push_back(std::move(sv));
    if (s.seats.size() > 64) throw ProtocolError("too many seats");
  }
  const json& b = member(j, "board", json::value_t::object);
  s.board_w = get_int_in(b, "w", 0, kMaxBoardW);
  s.board_h = get_int_in(b, "h", 0, kMaxBoardH);
  s.unicode = get_bool(b, "unicode", true);
  for (const json& r : member(b, "rows", json::value_t::array)) {
    if (!r.is_string()) throw ProtocolError("a board row is not a string");
    s.rows.push_back(r.get<std::string>());
  }
  for (const json& r : member(b, "runs", json::value_t::array)) {
    if (!r.is_array()) throw ProtocolError("a style run list is not an array");
    std::vector<std::uint32_t> run;
    for (const json& v : r) {
      if (!v.is_number_unsigned()) throw ProtocolError("a style run is not a whole number");
      run.push_back(static_cast<std::uint32_t>(std::min<std::uint64_t>(v.get<std::uint64_t>(), UINT32_MAX)));
    }
    s.runs.push_back(std::move(run));
  }
  if (s.rows.size() > static_cast<std::size_t>(s.board_h) || s.runs.size() > s.rows.size() + 1)
    throw ProtocolError("board rows do not fit the board");
  s.picture = get_int_in(b, "picture", -1, 1 << 20, false, -1);
  if (auto it = j.find("contest_result"); it != j.end()) {
    if (!it->is_array()) throw ProtocolError("\"contest_result\" is not an array");
    if (it->size() > kMaxResultLines) throw ProtocolError("\"contest_result\" has too many lines");
    for (const json& line : *it) {
      if (!line.is_string()) throw ProtocolError("a contest result line is not a string");
      s.contest_result.push_back(printable(line.get<std::string>(), 1024));
    }
  }
  if (auto it = j.find("ask"); it != j.end()) {
    if (!it->is_object()) throw ProtocolError("\"ask\" is not an object");
    s.prompt = get_string(*it, "prompt", 4096, false);
    s.ask = static_cast<std::uint32_t>(get_int(*it, "ask", 0, UINT32_MAX));
    s.timed = get_bool(*it, "timed", false);
    s.contest = static_cast<std::uint32_t>(get_int(*it, "contest", 0, UINT32_MAX, false, 0));
    for (const json& o : member(*it, "options", json::value_t::array)) {
      if (!o.is_object()) throw ProtocolError("an option is not an object");
      s.options.push_back(OptionView{static_cast<Action>(get_int(o, "id", INT32_MIN, INT32_MAX)),
                                     get_string(o, "label", 1024)});
    }
    s.first = get_int_in(*it, "first", 0, 1 << 20, false, 0);
    if (s.first >= std::ssize(s.options)) s.first = 0;
    if (auto a = it->find("arrows"); a != it->end()) {
      if (!a->is_object()) throw ProtocolError("\"arrows\" is not an object");
      s.arrows = true;
      s.direction_help = get_string(*a, "help", 1024, false);
      static const char* const kWays[] = {"up", "down", "left", "right"};
      for (std::size_t i = 0; i < 4; ++i)
        s.directions[i] = static_cast<Action>(get_int(*a, kWays[i], -1, INT32_MAX, false, -1));
    }
  }
  if (auto it = j.find("over"); it != j.end()) {
    if (!it->is_object()) throw ProtocolError("\"over\" is not an object");
    s.result = get_string(*it, "result", 4096, false);
    s.non_seat_winner = get_string(*it, "non_seat_winner", 256, false);
    for (const json& p : member(*it, "placings", json::value_t::array)) {
      if (!p.is_object()) throw ProtocolError("a placing is not an object");
      s.placings.push_back(PlacingView{get_int_in(p, "place", 0, 64), get_string(p, "name", 256),
                                       get_string(p, "detail", 1024, false)});
    }
  }
  // Printable at parse time, whoever shows the model (a server is another user).
  for (std::string* t : {&s.table, &s.game, &s.game_name, &s.phase, &s.status, &s.prompt, &s.result,
                         &s.non_seat_winner, &s.direction_help})
    *t = printable(*t);
  for (SeatView& v : s.seats)
    for (std::string* t : {&v.name, &v.level, &v.user, &v.detail, &v.score}) *t = printable(*t);
  for (std::string& row : s.rows) row = printable(row, kMaxBoardW);
  for (OptionView& o : s.options) o.label = printable(o.label);
  for (PlacingView& p : s.placings)
    for (std::string* t : {&p.name, &p.detail}) *t = printable(*t);
  return s;
}

}  // namespace rt::net
