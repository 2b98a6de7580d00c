// What one seat is asked now, built from the State and its game's Presenter: the local table
// shows it and the table server sends it, so a person sees the same question,
// options, highlight and arrows wherever they sit.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/presenter.h"
#include "core/state.h"

namespace rt {

// No timed contest (a question outside one).
inline constexpr std::uint32_t kNoContest = 0xFFFFFFFFu;

struct SeatQuestion {
  PlayerId seat = kEveryone;
  std::string prompt;
  std::vector<Action> actions;      // the legal actions, sorted
  std::vector<std::string> labels;  // one per action
  int first = 0;                    // the option highlighted first (highlighted_default)
  // The game gives the arrow keys a meaning in this decision (a sliding
  // puzzle): `directions` holds the legal action each arrow plays (Up, Down,
  // Left, Right), `direction_help` what they do.
  bool arrows = false;
  std::array<std::optional<Action>, 4> directions;
  std::string direction_help;
  bool timed = false;                  // a timed contest's decision
  std::uint32_t contest = kNoContest;  // the state's contest_id(): which timed contest
};

// The highlighted default among `actions` (seat's legal actions, sorted):
// `preferred` (the presenter's default_option, else 0) unless that option gives
// something up (State::gives_up) while another does not; then the first
// that does not. Timed contests keep `preferred`: a tap's highlight must
// not tell which card is correct.
int highlighted_default(const State& state, PlayerId seat, const std::vector<Action>& actions, int preferred);

// The question `seat` must answer in `state` now, in the words `shown` gives it (no actions when it is not
// asked).
SeatQuestion seat_question(const Presenter& shown, const State& state, PlayerId seat);

// Whether `seat`'s question is a forced move (one legal action) whose prompt
// and label read the same whatever the cards the others cannot see: it shows
// nothing of the seat's hand, so it may be answered in front of everyone
// (hot-seat: no hand-over first). Samples with their own fixed streams:
// no table's randomness is touched.
bool forced_and_public(const Presenter& shown, const State& state, PlayerId seat);

}  // namespace rt
