// libFuzzer target: what a client makes of a hostile server's bytes. The
// input is a stream of frames as a server would send them; each is parsed
// the way the client parses it (parse_server_message, then ClientState and
// read_screen). Besides not crashing or hanging, every string that comes out
// must be printable (docs/PROTOCOL.md "Threat model"): no control character,
// escape sequence or bidirectional override may survive the parse to reach
// a terminal, whoever draws it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/canvas.h"
#include "net/client.h"
#include "net/protocol.h"

namespace {

void require_printable(const std::string& s) {
  for (char32_t cp : rt::utf8_decode(s)) {
    const bool control = cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
    const bool bidi = (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E ||
                      cp == 0x200F || cp == 0x61C;
    if (control || bidi) std::abort();
  }
  if (rt::net::printable(s) != s) std::abort();  // idempotent: already clean
}

void require_printable(const rt::net::ScreenModel& s) {
  for (const std::string* t : {&s.table, &s.game, &s.game_name, &s.phase, &s.status, &s.prompt, &s.result,
                               &s.non_seat_winner, &s.direction_help})
    require_printable(*t);
  for (const auto& v : s.seats)
    for (const std::string* t : {&v.name, &v.level, &v.user, &v.detail, &v.score}) require_printable(*t);
  for (const std::string& line : s.contest_result) require_printable(line);
  for (const std::string& row : s.rows) require_printable(row);
  for (const auto& o : s.options) require_printable(o.label);
  for (const auto& p : s.placings) {
    require_printable(p.name);
    require_printable(p.detail);
  }
}

void require_printable_json(const rt::net::json& j) {
  if (j.is_string()) {
    require_printable(j.get_ref<const std::string&>());
  } else if (j.is_array() || j.is_object()) {
    for (const auto& v : j) require_printable_json(v);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rt::net::FrameReader reader(rt::net::kMaxServerFrame);
  reader.feed(reinterpret_cast<const char*>(data), size);
  rt::net::ClientState state;
  std::string body, error;
  while (reader.next(body, error) == rt::net::FrameReader::Status::Frame) {
    try {
      // A screen read from the raw message is printable too (read_screen cleans it).
      const rt::net::json raw = rt::net::parse_message(body);
      if (raw["type"] == "screen") require_printable(rt::net::read_screen(raw));
    } catch (const rt::net::ProtocolError&) {
    }
    try {
      const rt::net::json m = rt::net::parse_server_message(body);
      require_printable_json(m);
      state.apply(m);
    } catch (const rt::net::ProtocolError&) {
    }
    if (state.has_screen()) require_printable(state.screen());
    for (const auto& line : state.log()) {
      require_printable(line.text);
      require_printable(line.rule);
    }
    require_printable(state.notice());
    require_printable(state.error());
  }
  return 0;
}
