// Talk at a shared table: the lines people at one table type
// to each other, and what a client sends for what a person typed. Talk is
// between strangers: the server makes every line printable (no escapes, no
// bidirectional controls, no control characters), cuts it at
// kMaxTalkChars, and takes at most kTalkPerSecond a second per person (a
// burst of kTalkBurst); a client makes what it shows printable again.
// No ncurses, no sockets: the server, the clients and the tests share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "net/protocol.h"

namespace rt::net {

inline constexpr std::size_t kMaxTalkChars = 200;
inline constexpr int kTalkPerSecond = 1;
inline constexpr int kTalkBurst = 4;
// Talk lines a (re)joining client is sent, and lines the server keeps.
inline constexpr std::size_t kTalkBacklog = 50;
// One nudge a minute per person.
inline constexpr std::int64_t kNudgeEveryMs = 60000;

// What a talk line becomes before anyone sees it: tabs and line breaks a
// space, every other control, bidirectional control and invalid byte '?'
// (printable()), blanks trimmed, cut at kMaxTalkChars.
std::string talk_text(std::string_view raw);

// What a person typed at a talk prompt (the shell's, or `join --line`'s
// after "/say"): "/mute NAME", "/unmute NAME", "/remove NAME" (the host:
// a watcher), "/nudge"; anything else is said. `message`: what to send, or
// none with `problem` saying why not.
struct Typed {
  std::optional<json> message;
  std::string problem;
};
Typed typed_talk(std::string_view line);

// One line said at the table, as a client is told it.
struct TalkLine {
  std::string from;  // who said it: the seat's name, or the watcher's user name
  int seat = 0;      // 1-based; 0: a watcher
  std::string text;  // printable, at most kMaxTalkChars
};
json to_json(const TalkLine& line);
// Throws ProtocolError; makes every field printable and cuts it.
TalkLine read_talk_line(const json& line);
// How a client shows one: "Ben: good game", "ana (watching): hi".
std::string talk_label(const TalkLine& line);

}  // namespace rt::net
