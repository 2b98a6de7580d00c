// What happened, and the rulebook rule that made it happen. Games emit events
// only when someone listens (a transcript, the shell's log): with no sink set,
// nothing is formatted, which keeps the engine's hot path free of strings.
//
// Beside its sentence an event carries a type ("draw", "roll", "move") and
// the type's own fields (card, from/to, dice), attached by the game as it
// emits:  emit(rule, "{} draws {}.", who, card).type("draw").seat("player", p).with("card", card);
// A value that costs something to build can be given as a lambda, called
// only when someone listens: .with("card", [&] { return card_name(t); }).
// docs/EVENTS.md declares every game's types and their fields, and a test
// checks every event of a soak against it.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/types.h"

namespace rt {

// A viewer that sees public events only (a transcript several seats read,
// a watcher).
inline constexpr PlayerId kPublic = -4;

// An audience of "every seat except `p`" (or except two seats): the redacted
// twin of an event private to `p` ("Ana draws 1 card." for the others, "Ana
// draws Prairie." for Ana), or of an event private to two seats ("Ana takes a
// card from Ben." for everyone else). Encoded as kOthersBase minus a mask of
// the excluded seats, below every other negative id, so older checks of the
// form `audience == kEveryone || audience == viewer` show it to nobody.
// Seats 0..5: no game seats more than 6.
inline constexpr PlayerId kOthersBase = -16;
inline constexpr int kMaxExcludedSeat = 5;
constexpr PlayerId everyone_but(PlayerId p) {
  return static_cast<PlayerId>(kOthersBase - (1 << p));
}
constexpr PlayerId everyone_but(PlayerId p, PlayerId q) {
  return static_cast<PlayerId>(kOthersBase - ((1 << p) | (1 << q)));
}
// An audience of exactly two seats: a card passed between them, each told
// which card in one event ("Ana takes Prairie from Ben."), so a viewer who
// sees both seats reads it once. Encoded as kPairBase minus the mask of the
// two seats (at most 0b110000, so the lowest is -128), below every "every
// seat but" audience.
inline constexpr PlayerId kPairBase = -80;
constexpr PlayerId only_to(PlayerId p, PlayerId q) {
  return static_cast<PlayerId>(kPairBase - ((1 << p) | (1 << q)));
}
constexpr bool is_only_to(PlayerId audience) {
  return audience < kPairBase;
}
constexpr bool is_everyone_but(PlayerId audience) {
  return audience < kOthersBase && audience > kPairBase;
}
// Whether `seat` is one of the seats an "every seat but" audience leaves out.
constexpr bool excludes(PlayerId audience, PlayerId seat) {
  return is_everyone_but(audience) && seat >= 0 && seat <= kMaxExcludedSeat &&
         (((kOthersBase - audience) >> seat) & 1) != 0;
}
// Whether the event is private to `seat` (addressed to it alone, or to it
// and one other seat): a line to mark as the seat's own.
constexpr bool addressed_to(PlayerId audience, PlayerId seat) {
  if (seat < 0) return false;
  if (is_only_to(audience)) return seat <= kMaxExcludedSeat && (((kPairBase - audience) >> seat) & 1) != 0;
  return audience == seat;
}
// Whether an event for `audience` is shown to `viewer`. An omniscient viewer
// (kEveryone) sees every private event and so skips their redacted twins.
// Any other negative viewer (a public-only transcript, read by several
// seats) sees public events and redacted twins.
constexpr bool shown_to(PlayerId audience, PlayerId viewer) {
  if (audience == kEveryone) return true;
  if (is_everyone_but(audience)) return viewer != kEveryone && !excludes(audience, viewer);
  return viewer == kEveryone || addressed_to(audience, viewer);
}
// Shown to more than one seat (for pacing: the table reads it aloud).
constexpr bool is_public(PlayerId audience) {
  return audience == kEveryone || is_everyone_but(audience);
}

// One structured field: a number, a text, a list of numbers (dice) or yes/no.
// Seats are numbered from 1, as in the JSON's "seat".
struct EventField {
  std::string name;
  std::variant<std::int64_t, std::string, std::vector<std::int64_t>, bool> value;
};

struct Event {
  std::string rule;               // e.g. "Play: split match"
  std::string text;               // e.g. "Ana plays red/blue on blue."
  PlayerId audience = kEveryone;  // a private event is shown to one player only
  Tick at = 0;
  std::string type;  // e.g. "play"; empty only in games not yet typed
  std::vector<EventField> fields;
  // How many of its step's intermediate pictures (Presenter::view_frames: a race
  // run command by command) were drawn before it happened: a screen playing
  // those pictures tells it with picture number `picture` (0 for a step
  // without pictures).
  int picture = 0;
};

using EventSink = std::vector<Event>;

// What State::emit returns: attaches the type and fields to the event just
// emitted, or does nothing when nobody listens (one test per call).
class EventFields {
 public:
  explicit EventFields(Event* event) : event_(event) {}
  EventFields& type(std::string_view name) {
    if (event_) [[unlikely]]
      event_->type = name;
    return *this;
  }
  // A seat, written 1-based (like the JSON's "seat").
  EventFields& seat(std::string_view name, PlayerId p) {
    if (event_) [[unlikely]]
      add(name, std::int64_t{p} + 1);
    return *this;
  }
  // The test alone, inlined into every rule that emits; the field is made out of
  // line (whether a caller inlined `with` used to depend on its unity batch).
  template <class T>
  EventFields& with(std::string_view name, const T& value) {
    if (event_) [[unlikely]]
      add_value(name, value);
    return *this;
  }

 private:
  template <class T>
  [[gnu::cold, gnu::noinline]] void add_value(std::string_view name, const T& value) {
    if constexpr (std::is_invocable_v<const T&>)  // computed only when someone listens
      add_value(name, value());
    else if constexpr (std::is_same_v<T, bool>)
      add(name, static_cast<bool>(value));
    else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>)
      add(name, static_cast<std::int64_t>(value));
    else if constexpr (std::is_convertible_v<const T&, std::string_view>)
      add(name, std::string(std::string_view(value)));
    else if constexpr (requires { std::begin(value); }) {
      std::vector<std::int64_t> list;
      for (const auto& v : value) list.push_back(static_cast<std::int64_t>(v));
      add(name, std::move(list));
    } else {  // a game's name proxy ("Red Max (Ana)", "tile 12 (Desert)")
      add(name, fmt::format("{}", value));
    }
  }
  template <class V>
  [[gnu::cold, gnu::noinline]] void add(std::string_view name, V value) {
    event_->fields.push_back(EventField{std::string(name), std::move(value)});
  }
  Event* event_;
};

}  // namespace rt
