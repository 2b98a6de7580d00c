// Go Wacky!'s cards, dice and contest timings, loaded from data/go-wacky/.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/data.h"
#include "core/index_array.h"

namespace rt::go_wacky {

inline constexpr int kMaxColours = 8;
inline constexpr int kMaxCardTypes = 64;
inline constexpr int kMaxHand = 8;
inline constexpr int kMaxPlayers = 6;  // the rulebook: 2 to 6 players

enum class CardKind : std::uint8_t { Plain, Split, EverybodyGoWacky, GoWacky, RoundNRound, BullsEye };

using ColourMask = std::uint8_t;  // bit c set: the card shows colour c

struct CardType {
  CardKind kind;
  ColourMask colours;
  int copies;
  std::string id;          // text form: "red", "red+blue", "egw-red", "rnr-red+blue"
  std::string name;        // "Everybody Go Wacky! (red)"
  std::string short_name;  // for narrow views: "R", "R/B", "EGW:R"
  bool is_word() const { return kind != CardKind::Plain && kind != CardKind::Split; }
};

struct ContestTiming {
  int count_to;          // "Twenty Go Wacky"
  int count_ms;          // how long one count takes
  int roll_ms;           // a die thrown lands this long after (nobody rolls faster)
  int needle_period_ms;  // Bull's-eye needle: one full sweep there and back
  int needle_range;      // the needle swings between -range and +range
  int card_radius;       // a throw within this distance touches the card
  int scatter;           // a throw lands up to this far from where it was aimed
  int throw_window_ms;   // a throw not made by then misses
};

struct Deck {
  IndexVector<int, std::string> colour_ids;  // "red"...
  IndexVector<int, char> colour_letters;     // 'R'...
  IndexVector<PlayerId, std::string> dice;   // die symbols, one per seat
  IndexVector<int, CardType> types;
  int total_cards = 0;
  int hand_size = 4;
  ContestTiming timing{};
  std::string rules_text;

  std::string colour_names(ColourMask mask, const char* sep = "/") const;
  std::string colour_letters_of(ColourMask mask) const;
};

// Loads and checks data/go-wacky/deck.json and rules.txt; throws DataError.
Deck load_deck(const DataSource& data);

}  // namespace rt::go_wacky
