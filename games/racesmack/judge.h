// Racesmack's judging, as pure functions: which revealed cards are
// "correct" under a rule (the 8 rule templates and the default rule), the
// Tiebreaker variant, and whether a Race meets its Finish (the 8 finish
// templates). Reference sections 3.3, 3.4, 4.2 and 6.1.
#pragma once

#include <cstdint>
#include <string>

#include "games/racesmack/data.h"

namespace rt::racesmack {

// The revealed cards in seat order; seating is circular, so slot 0 and
// slot k-1 are neighbours. A lone card has no neighbours; with two cards
// both neighbours of each are the other card.
struct Spread {
  const Card* slot[kMaxPlayers];
  int k = 0;
  int left(int s) const { return (s + k - 1) % k; }
  int right(int s) const { return (s + 1) % k; }
};

// Which variants are on (they change how correctness is decided).
struct Variants {
  bool noise = false, racing = false, penalty = false, tiebreak = false;
  bool after_you = false, first_game = false, gears = false, generated = false;
};

// What decided correctness: the default rule, this round's Racing Rules
// card, the ruling played Rule Card, After You's revealed Rule Card, or
// Racing Rules' "only Rule Cards played".
enum class Source : std::uint8_t { Default, Racing, Played, Trigger, OnlyRules };

struct Verdict {
  Rule rule;
  Source source = Source::Default;
  int rule_slot = -1;  // Played / OnlyRules: the slot of the deciding Rule Card
  std::uint8_t correct = 0;
  int rules_played = 0;
};

// The whole judgement of a spread: the rule in force (rulebook: the highest
// Rule Card played, else the default rule; Noise Canceling: only a lone
// Rule Card; First Game: always the default; Racing Rules: `racing` replaces
// the default, and if only Rule Cards are played the highest is the only
// correct card; After You: `trigger` rules), then the Tiebreaker.
Verdict judge(const Data& d, const Variants& v, const Spread& t, const Card* racing, const Card* trigger);

// Bit s set: slot s is correct under `rule`. Rule Cards have no icons and so
// are never correct under a colour, shape or number template.
std::uint8_t correct_cards(const Spread& t, const Rule& rule);

// The values of `prop` tied for the most (or least) icons over the table,
// counting only values that appear; 0 when none appear. `count` gets the
// extreme count.
std::uint8_t extreme_values(const Spread& t, int prop, bool most, int* count = nullptr);

// Variant Tiebreaker: of several correct cards keep those showing the colour
// that appears most often among them, then those with the most icons.
std::uint8_t tiebreak(const Spread& t, std::uint8_t mask);

// Why the rule picked what it did, for the narration: "star is the most
// common shape (5 icons)"; empty for rules that speak for themselves.
std::string explain(const Data& d, const Spread& t, const Rule& rule);

// How far a Race is from its Finish: done when have >= need and no faults
// (neighbour clashes for num_cards_cond, repeated sets for variety_cards).
struct Progress {
  int have = 0;
  int need = 1;
  int faults = 0;
  IndexArray<std::uint8_t, 3> term{};  // specific_double/triple: icons per term
  bool done() const { return have >= need && faults == 0; }
};

// The Race is card ids in row order. Only regular cards count, in order
// (Rule Cards are skipped, also for adjacency).
Progress finish_progress(const Data& d, const Card* deck, const std::uint8_t* race, int len, const Finish& f);
// The highest-numbered Rule Card in the Race (the Finish), or -1.
int finish_card(const Card* deck, const std::uint8_t* race, int len);
// "3/5 cards with blue", "4/5 cards, 1 clash".
std::string progress_text(const Data& d, const Finish& f, const Progress& p);

}  // namespace rt::racesmack
