// The table protocol (docs/PROTOCOL.md): frames of a 4-byte big-endian
// length and a UTF-8 JSON object with a "type", over a Unix stream socket.
// This file has the framing, the limits, strict readers for every message a
// client may send, and the screen model a server sends: everything one seat
// may see, already rendered, so a client never holds another seat's secrets.
// No ncurses, no sockets: the server, the client and the fuzzer share it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/canvas.h"
#include "core/printable.h"
#include "core/types.h"

namespace rt::net {

using json = nlohmann::json;

inline constexpr int kProtocolVersion = 1;

// Frame bodies: what a client may send is small; screens are bigger.
inline constexpr std::size_t kMaxClientFrame = 16 * 1024;
inline constexpr std::size_t kMaxServerFrame = 1024 * 1024;
inline constexpr int kMaxJsonDepth = 8;

// Board sizes a client may ask for (cells), and how many log lines a
// (re)joining client receives at once.
inline constexpr int kMinBoardW = 20, kMaxBoardW = 200;
inline constexpr int kMinBoardH = 4, kMaxBoardH = 80;
inline constexpr std::size_t kLogBacklog = 200;
// A contest's result: at most this many lines.
inline constexpr std::size_t kMaxResultLines = 8;
// A finished game's save sent to its players ("finished"): at most this many
// bytes, so the message stays well inside a server's frame and a client's
// output allowance beside its screens.
inline constexpr std::size_t kMaxFinishedSave = 512 * 1024;

// Thrown by the readers below; the text is sent back in an "error" message.
struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A frame: 4-byte big-endian length, then the body.
std::string frame_body(std::string_view body);
// Serializes a message (invalid UTF-8 in strings is replaced, never thrown).
std::string dump(const json& message);
inline std::string frame(const json& message) {
  return frame_body(dump(message));
}

// Cuts a byte stream into frame bodies. Bounded: a length over `max_frame`
// (or zero) is an error, and at most one frame plus its header is buffered.
class FrameReader {
 public:
  explicit FrameReader(std::size_t max_frame) : max_(max_frame) {}
  enum class Status { Frame, NeedMore, Error };
  // Room for at most this many more bytes (read no more than that).
  std::size_t room() const;
  void feed(const char* data, std::size_t size);
  // The next complete frame's body, if any. After Error, always Error.
  Status next(std::string& body, std::string& error);
  std::size_t buffered() const { return buf_.size() - pos_; }
  // Bytes of a frame begun but not finished (a disconnect mid-message).
  bool mid_frame() const { return buffered() > 0; }

 private:
  std::size_t max_;
  std::string buf_;
  std::size_t pos_ = 0;
  bool failed_ = false;
  std::string error_;
};

// Parses a body into a JSON object with a string "type". Refuses bad UTF-8,
// nesting deeper than kMaxJsonDepth, and anything that is not an object.
// Throws ProtocolError.
json parse_message(std::string_view body);

// What a client reads from a server (or a table file) is another user's
// text: printable() (core/printable.h) before it reaches a terminal.
using rt::kMaxPrintable;
using rt::printable;
// printable() on every string value of a JSON document (keys are never shown).
void make_printable(json& value);
// What a client parses a server's frame with: parse_message(), then every
// string made printable. Throws ProtocolError.
json parse_server_message(std::string_view body);

// --- client -> server -------------------------------------------------------

enum class Role : std::uint8_t { Play, Watch, Info };
std::string_view role_name(Role role);

struct Hello {
  int protocol = kProtocolVersion;
  Role role = Role::Play;
  int seat = 0;  // 1-based; 0: any free seat
  std::string code;
  int board_w = 80;
  int board_h = 16;
  bool unicode = true;
  std::string client;  // "racetable 0.1.0"
};
json to_json(const Hello& hello);
// Throws ProtocolError naming the field at fault. A different protocol
// version is not an error here (the server answers it with "refused").
Hello read_hello(const json& message);

struct Act {
  std::uint32_t ask = 0;      // the question answered (untimed decisions)
  std::uint32_t contest = 0;  // the contest (timed decisions)
  bool timed = false;
  Action id = 0;
};
json to_json(const Act& act);
Act read_act(const json& message);

struct Resize {
  int board_w = 80;
  int board_h = 16;
  bool unicode = true;
};
json to_json(const Resize& resize);
Resize read_resize(const json& message);

// --- server -> client -------------------------------------------------------

struct SeatView {
  std::string name;
  bool human = false;
  std::string level;     // computer level, or "human"
  bool claimed = false;  // a person has sat here
  bool connected = false;
  bool stand_in = false;  // a computer plays for an absent person
  bool acting = false;    // asked to decide now
  bool you = false;
  std::string user;  // the Unix user who sat here
  // The seat's standing now (State::standings): place, a line, the score.
  int place = 0;
  std::string detail;
  std::string score;
  // Presence (a person's seat): minutes without a key while connected, once
  // that is long enough to call them away (-1: here); minutes since they
  // dropped (-1: connected, or never sat).
  int idle_min = -1;
  int gone_min = -1;
  // The move clock (host --move-time): seconds left for this seat's move (-1: no clock running).
  int clock_s = -1;
  // The game clock (host --game-time): seconds left in this person's bank
  // for the whole game, counting down while the seat is asked (-1: no game
  // clock). At 0 each move has the overtime clock_s shows.
  int bank_s = -1;
  bool operator==(const SeatView&) const = default;
};

struct OptionView {
  Action id = 0;
  std::string label;
  bool operator==(const OptionView&) const = default;
};

struct PlacingView {
  int place = 0;
  std::string name;
  std::string detail;
  bool operator==(const PlacingView&) const = default;
};

// Everything one client may see now. Rebuilt by the server for each client
// after every change; sent only when it differs from the last one sent.
struct ScreenModel {
  std::string table;
  std::string game;  // id
  std::string game_name;
  int you = -1;        // 0-based seat, -1: watching
  std::string phase;   // "waiting", "play", "ready", "contest", "over"
  std::string status;  // one line: whose turn, who is away
  std::vector<SeatView> seats;
  int watchers = 0;
  // The board as the game's view drew it for this viewer.
  int board_w = 0;
  int board_h = 0;
  bool unicode = true;
  std::vector<std::string> rows;                 // UTF-8, trailing blanks trimmed
  std::vector<std::vector<std::uint32_t>> runs;  // per row: x, length, style code, ...
  // The board is a picture of the last step played back (a race phase
  // command by command, ViewContext::frame): its index, -1 when none.
  int picture = -1;
  // A contest just ended and the table holds who won what and why on
  // screen (ContestReport: public lines only); empty otherwise.
  std::vector<std::string> contest_result;
  // The question for this client's seat (empty when it is not asked).
  std::string prompt;
  std::uint32_t ask = 0;
  bool timed = false;
  std::uint32_t contest = 0;
  std::vector<OptionView> options;
  int first = 0;  // the option highlighted first (Presenter::default_option)
  // Arrow keys the game takes in this decision (Presenter::direction_action):
  // the option each plays (Up, Down, Left, Right; -1: that way is blocked).
  bool arrows = false;
  std::array<Action, 4> directions{-1, -1, -1, -1};
  std::string direction_help;
  // When the game is over.
  std::string result;
  std::vector<PlacingView> placings;
  std::string non_seat_winner;  // first place went to no seat (a Neutral Racer)
  // The server compares models before it encodes one: a live contest's frame
  // that changed nothing costs no JSON.
  bool operator==(const ScreenModel&) const = default;
};

json to_json(const ScreenModel& screen);
ScreenModel read_screen(const json& message);  // throws ProtocolError

struct LogLine {
  std::string text;
  std::string rule;
  bool mine = false;  // meant for this seat only
  // Talk (net/talk.h): who said `text` ("Ben", "ana (watching)"); "" for the game's lines.
  std::string talk_from = {};
};

// Canvas <-> rows and style runs.
void encode_board(const Canvas& canvas, ScreenModel& screen);
Canvas decode_board(const ScreenModel& screen);
std::uint32_t style_code(const Style& style);
Style style_from_code(std::uint32_t code);

// Small helpers shared by the readers (throw ProtocolError).
std::string get_string(const json& j, const char* key, std::size_t max_len, bool required = true);
std::int64_t get_int(const json& j, const char* key, std::int64_t lo, std::int64_t hi, bool required = true,
                     std::int64_t fallback = 0);
// get_int for a field the protocol keeps in an int (a seat, a size, a count):
// its bounds are ints, so the value is one.
int get_int_in(const json& j, const char* key, int lo, int hi, bool required = true, int fallback = 0);
bool get_bool(const json& j, const char* key, bool fallback);

}  // namespace rt::net
