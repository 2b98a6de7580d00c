// Turning command-line choices into a Table: players, seats, names,
// variants and parameters, all validated with one-line errors.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/contest_pace.h"
#include "core/data.h"
#include "core/game.h"
#include "core/table.h"

namespace rt::setup {

// The one default level for computer seats not named with --seats: sim,
// play, demo, host and the shell's set-up all use it (said in --help).
inline constexpr const char* kDefaultComputer = "normal";

struct TableRequest {
  std::string game;
  std::string seed_text;           // empty: the default seed
  int players = 0;                 // 0: from seats, else a default
  std::vector<std::string> seats;  // "human", "random", "easy", "normal", "hard", "expert"
  std::vector<std::string> names;
  std::vector<std::string> variants;
  std::vector<std::string> options;             // key=value
  std::string data_dir;                         // --data
  std::string default_seat = kDefaultComputer;  // seat 1 when --seats is not given
  // The computers' pace in timed contests: "relaxed", "normal" or "quick"
  // (core/contest_pace.h); empty: normal.
  std::string contest_pace;
  // How long expert computers think, in percent of their own playouts
  // (kMinThinkPercent..kMaxThinkPercent); empty: 100.
  std::string think;
};

// The request's thinking factor (100 when it names none); throws OptionError.
unsigned think_percent_of(const TableRequest& request);

// The request's pace (normal when it names none); throws OptionError naming
// the words it takes.
ContestPace contest_pace_of(const TableRequest& request);
// "relaxed, normal or quick": the pace words, for help and errors.
std::string contest_pace_words();

// Parses a seed: a whole number 0..2^64-1. Throws UserError.
std::uint64_t parse_seed(const std::string& text);

DataSource data_source(const std::string& data_dir);

// How many seats of the request are human (seats not listed follow
// default_seat for the first and a computer for the rest, as make_table does).
int human_seats(const TableRequest& request);

// The variants a table set up in the shell starts with: `chosen`, plus, for
// each variant group of which nothing was chosen, the variant the game
// marks as the default for exactly one human (when `humans` is 1).
std::vector<std::string> with_seat_defaults(const GameInfo& info, std::vector<std::string> chosen,
                                            int humans);

// Builds the table; throws UserError with a one-line message.
std::unique_ptr<Table> make_table(const TableRequest& request, std::uint64_t default_seed);
// The names seats get when none is given ("Ana", "Ben", ...), seat 1 first.
const std::vector<std::string>& default_seat_names();

// Where saved games live: $XDG_STATE_HOME/racetable or ~/.local/state/racetable.
std::string state_dir();
// Makes the directory (and parents); throws UserError.
void ensure_dir(const std::string& dir);

}  // namespace rt::setup
