// One way a table is described: what `host`'s flags, a line of `serve FILE`,
// the shell's Host page, the SSH host request and the SSH server's table
// file all say about a table, in one type. One validation (one limit and
// one error text per field), one JSON form, one conversion to the server's
// options.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/setup.h"
#include "net/protocol.h"

namespace rt::net {

struct ServerOptions;

// The limits, one constant each.
inline constexpr std::size_t kMaxSpecItems = 16;      // seats, names, variants, options
inline constexpr std::size_t kMaxSpecTextBytes = 64;  // each of those, the game, the seed
inline constexpr std::size_t kMaxCodeBytes = 128;     // a join code
inline constexpr std::size_t kMaxInvited = 8;         // players named besides the host
inline constexpr double kMinMoveTime = 5;             // seconds per move (0: no clock)
inline constexpr double kMaxMoveTime = 86400;
inline constexpr double kMinGameTime = 1;  // minutes per player (0: no game clock)
inline constexpr double kMaxGameTime = 1440;

// A seat kind the host's own person sits at (the Host page, the SSH host
// request); every other person's seat is kRemoteSeat. `host`'s "human" is a
// person elsewhere: whoever runs `host` serves and sits nowhere.
inline constexpr std::string_view kHostSeat = "human";
inline constexpr std::string_view kRemoteSeat = "remote";

// Who may come: whoever reaches the table, those who give the join code, or
// only the players named (and the host).
enum class Admission { Anyone, Code, Named };
// "public", "code", "named": the word the JSON form and the listings use.
std::string_view admission_word(Admission admission);

// Whose names `invited` holds: users of this machine, or the SSH server's players.
enum class InvitedNames { Users, Players };

struct TableSpec {
  // The game, its seats (kHostSeat, kRemoteSeat or a computer's level),
  // names, variants, options, contest pace and thinking. The seed policy:
  // `seed_text` "" the server draws the seed and commits to it, else the
  // host's own chosen openly (core/deal.h). `data_dir` is where this process
  // reads game data: not part of the table's description, never in its JSON.
  setup::TableRequest request;
  std::string name;  // "" the game's id, or the next one free (free_table_name)
  // Who may come. Admission::Code with `code` "": one is made when the table
  // opens. `invited`, when given, limits any admission to them (and the
  // host); `group`: a Unix group whose members may reach a local table.
  Admission admission = Admission::Anyone;
  std::string code;
  std::vector<std::string> invited;
  std::string group;
  bool watchers = true;        // others may watch
  bool watchers_talk = false;  // watchers' talk reaches the players
  double move_time_s = 0;      // a clock per move (0: none)
  double game_time_min = 0;    // a game clock per player (0: none)
  bool hints = false;          // players may ask for a hint on their move
};

// The fields a problem is about: `host`'s flag, or the JSON form's key, names it.
enum class SpecField {
  Game,
  Seats,
  Names,
  Variants,
  Options,
  Seed,
  Name,
  Code,
  Invited,
  Group,
  MoveTime,
  GameTime
};
std::string_view flag_of(SpecField field);      // "--move-time"
std::string_view json_key_of(SpecField field);  // "move_time"

struct SpecProblem {
  SpecField field;
  std::string why;  // "give seconds from 5 to 86400 (0: no clock)"
};
// The one validation: nullopt, or the first field that is wrong and why.
std::optional<SpecProblem> spec_problem(const TableSpec& spec, InvitedNames names);
// The one line said of it, naming the field by `label` (a flag or a key).
std::string problem_text(const SpecProblem& problem, std::string_view label);
// As spec_problem, thrown as OptionError naming `host`'s flag.
void check_spec_flags(const TableSpec& spec, InvitedNames names);

// The JSON form: the keys of the SSH host request and of its table file
// (docs/PROTOCOL.md). Bad input throws UserError, one line naming the key.
json to_json(const TableSpec& spec);
TableSpec spec_from_json(const json& j);

// The seat the host's own person sits at (from 1; 0 none).
int host_seat_of(const TableSpec& spec);
// The game as the server makes it: every person's seat "human".
setup::TableRequest server_request(const TableSpec& spec);
// The table's settings as the server takes them: code, invited, watchers,
// their talk, the clocks, hints (the name, group and directory are the
// caller's: they depend on where the table lives).
void apply_spec(const TableSpec& spec, ServerOptions& opt);
// The pause after each computer decision, and "Get ready!" and the look at
// a contest's result, which scale with it.
void set_pace(ServerOptions& opt, int pace_ms);
// `game_id`, or `game_id`-2, -3... the first that `taken` says is free.
std::string free_table_name(const std::string& game_id, const std::function<bool(const std::string&)>& taken);

}  // namespace rt::net
