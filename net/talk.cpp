#include "net/talk.h"

#include <fmt/format.h>

namespace rt::net {

std::string talk_text(std::string_view raw) {
  // Cut in bytes first: printable() decodes what it is given, and a line may
  // be a whole client frame (16 KiB) of which 200 characters are kept. At
  // most 4 bytes a character: a longer line still has more than 200, and
  // printable() cuts it saying so ("...").
  std::string flat(raw.substr(0, kMaxTalkChars * 4 + 4));
  for (char& c : flat)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  const std::string text = printable(flat, kMaxTalkChars);
  const std::size_t first = text.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  const std::size_t last = text.find_last_not_of(' ');
  return text.substr(first, last - first + 1);
}

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

Typed typed_talk(std::string_view typed) {
  const std::string_view line = trimmed(typed);
  Typed t;
  if (line.empty()) {
    t.problem = "nothing to say";
    return t;
  }
  if (line.front() != '/') {
    t.message = json{{"type", "talk"}, {"text", std::string(line)}};
    return t;
  }
  const std::size_t space = line.find(' ');
  const std::string_view word = line.substr(0, space);
  const std::string_view rest =
      space == std::string_view::npos ? std::string_view{} : trimmed(line.substr(space));
  if (word == "/nudge") {
    t.message = json{{"type", "nudge"}};
  } else if (word == "/mute" || word == "/unmute" || word == "/remove") {
    if (rest.empty())
      t.problem = fmt::format("{} whom? Give a seat's name or a user's: {} NAME", word, word);
    else
      t.message = json{{"type", std::string(word.substr(1))}, {"who", std::string(rest.substr(0, 64))}};
  } else if (word == "/say") {
    if (rest.empty())
      t.problem = "nothing to say";
    else
      t.message = json{{"type", "talk"}, {"text", std::string(rest)}};
  } else {
    t.problem =
        fmt::format("'{}' is not a command here: /say TEXT, /mute NAME, /unmute NAME, /nudge, /remove NAME",
                    printable(word, 20));
  }
  return t;
}

json to_json(const TalkLine& line) {
  return json{{"from", line.from}, {"seat", line.seat}, {"text", line.text}};
}

TalkLine read_talk_line(const json& j) {
  if (!j.is_object()) throw ProtocolError("a talk line is not an object");
  TalkLine l;
  l.from = printable(get_string(j, "from", 1024), 40);
  l.seat = get_int_in(j, "seat", 0, 1000, false);
  l.text = talk_text(get_string(j, "text", 16 * 1024));
  return l;
}

std::string talk_label(const TalkLine& line) {
  return line.seat > 0 ? line.from : line.from + " (watching)";
}

}  // namespace rt::net
