// The Game contract: every game is a state machine that says who acts next
// (one player, several at once, chance, or nobody), lists legal actions as
// compact ids, and applies them. Chance outcomes are listed with integer
// weights and sampled by the driver; a game never touches randomness, so it
// is fully determined by its options and its history of applied actions.
#pragma once

#include <fmt/format.h>

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/canvas.h"
#include "core/event.h"
#include "core/seat_set.h"
#include "core/types.h"

namespace rt {

class TimedContests;
class Rng;

struct Placing {
  PlayerId player;
  int place;           // 1 = first; shared places are equal
  int score;           // the game's measure (cards, laps, distance)
  std::string detail;  // "23 cards", "3 laps, space 12"
  // The score in a few words, for a one-line header ("column 3", "tile 7",
  // "5 cards"); "" says the number alone (brief_score()).
  std::string brief = {};
};

// A placing's score as a header shows it: its brief words, else the number.
inline std::string brief_score(const Placing& p) {
  return p.brief.empty() ? std::to_string(p.score) : p.brief;
}

// A chance node's outcomes for the driver's hot loop, without a vector: in a
// table the game keeps (built at compile time, say) or written into the
// driver's scratch array. `size` 0 means "none here: ask chance_outcomes()".
inline constexpr std::size_t kChanceScratch = 16;
using ChanceScratch = std::array<Outcome, kChanceScratch>;
struct ChanceSpan {
  const Outcome* data = nullptr;
  std::uint32_t size = 0;
  std::uint32_t total = 0;  // the sum of the weights; equal to size when every weight is 1
};

struct Standings {
  std::vector<Placing> placings;  // sorted by place, then seat
  std::string summary;            // who won and why, one sentence
  // Who came first when no seat did (a racer nobody plays crossed the line
  // first, e.g. "Penelope Pitstop (Neutral Racer)"); empty when a seat won.
  // Then place 1 is theirs: the seats' places start at 2 and winners() is empty.
  std::string non_seat_winner;
  bool no_seat_won() const { return !non_seat_winner.empty(); }
  std::vector<PlayerId> winners() const;
};

// Arrow keys, for decisions laid out on a grid (see Presenter::direction_action).
enum class Direction : std::uint8_t { Up, Down, Left, Right };

struct ViewContext {
  PlayerId viewer = kEveryone;  // kEveryone shows a spectator's (public) view
  Tick now = 0;                 // the contest clock, for animations
  bool omniscient = false;      // transcripts and tests may see every secret
  // False when only the text is read (line mode, transcripts): a mark made by
  // a style alone (reverse video) is lost there and must be a glyph.
  bool styled = true;
  // Which of the last step's intermediate pictures to draw (see
  // State::view_frames); -1: the state as it is.
  int frame = -1;
  // The seats computers play, for a board drawn for a person: each game marks
  // them where it names a seat (core/seat_labels.h). Empty in transcripts and
  // `sim`, whose text stays as the game writes it.
  SeatSet computers{};
};

class State {
 public:
  explicit State(int num_players) : num_players_(num_players) {}
  virtual ~State() = default;

  int num_players() const { return num_players_; }
  Tick now() const { return now_; }

  virtual Turn turn() const = 0;
  // Who is asked now: one player at Turn::Player, those still to decide at
  // Turn::Simultaneous; empty otherwise. Sorted by seat.
  virtual void actors(std::vector<PlayerId>& out) const = 0;
  // Optional fast path for drivers: the one player asked at Turn::Player (the
  // one actors() lists); `scratch` is there for the default, which asks actors().
  virtual PlayerId player_to_act(std::vector<PlayerId>& scratch) const {
    scratch.clear();
    actors(scratch);
    return scratch.front();
  }
  // The game's timed contests (core/timed_contests.h, a kind of State); nullptr
  // when it has none. A plain member, as drivers ask it at every decision.
  const TimedContests* timed_contests() const { return timed_contests_; }

  // Legal actions for one actor: sorted, unique, non-empty for an actor.
  virtual void legal_actions(PlayerId player, std::vector<Action>& out) const = 0;
  // For agents: the same actions, in the same order, as a span into the list
  // the game keeps (kept_actions()) or else into `scratch` (cleared first);
  // valid until the state changes (the contract harness checks both agree).
  std::span<const Action> legal_span(PlayerId player, std::vector<Action>& scratch) const {
    if (const std::span<const Action> kept = kept_actions(player); !kept.empty()) return kept;
    scratch.clear();
    legal_actions(player, scratch);
    return scratch;
  }
  // Optional fast path: `player`'s legal actions when the game keeps them as a
  // list anyway (a turn's list, a table row); empty when they must be listed.
  virtual std::span<const Action> kept_actions(PlayerId /*player*/) const { return {}; }
  virtual void chance_outcomes(std::vector<Outcome>& out) const = 0;
  // Optional fast path for drivers: the same outcomes, in the same order, as
  // a span into a table of the game's or into `scratch`; empty whenever turn()
  // is not Turn::Chance (the contract harness checks both). Games with many
  // chance nodes a turn use it.
  virtual ChanceSpan chance_span(ChanceScratch& /*scratch*/) const { return {}; }

  // Applies an action at a tick. apply() trusts the caller; apply_checked()
  // first verifies legality and throws RuleError.
  void apply(PlayerId player, Action action, Tick at) {
    if (at > now_) now_ = at;
    do_apply(player, action);
  }
  void apply_checked(PlayerId player, Action action, Tick at);
  bool is_legal(PlayerId player, Action action) const;

  // Text forms: compact, stable, parseable; used by saves, logs and line mode.
  virtual std::string action_text(PlayerId player, Action action) const = 0;
  // Default: the legal action (or chance outcome) whose text matches.
  virtual std::optional<Action> parse_action(PlayerId player, std::string_view text) const;

  // Whether choosing `action` takes a setback the rules impose on the
  // chooser: a crash card taken, a card or Race card lost or discarded as a
  // penalty, a turn passed. Spending something to gain something (a Boost
  // marker on a re-roll, cards discarded to leave the Swamp) is not one.
  // The highlighted default never gives up while another legal option does
  // not (docs/ARCHITECTURE.md, "The highlighted default").
  virtual bool gives_up(PlayerId /*player*/, Action /*action*/) const { return false; }

  virtual Standings standings() const = 0;
  // The seats standings() places first, in seat order, without building its
  // texts: `bench` reads it after every game. The default asks standings();
  // a game whose standings() formats text overrides it (the contract harness
  // checks that both agree).
  virtual void winners(std::vector<PlayerId>& out) const { out = standings().winners(); }
  virtual std::unique_ptr<State> clone() const = 0;
  // Replaces what `viewer` cannot see with a sample consistent with what it
  // can see (for search bots). Perfect-information games keep the default.
  virtual void determinize(PlayerId /*viewer*/, Rng& /*rng*/) {}
  // Every field of the state, for tests (clone and replay must reproduce it).
  virtual std::string debug_string() const = 0;
  // Empty when the game's invariants hold (cards conserved, positions legal).
  virtual std::string check_invariants() const { return {}; }

  void set_event_sink(EventSink* sink) { events_ = sink; }
  bool narrating() const { return events_ != nullptr; }

 protected:
  virtual void do_apply(PlayerId player, Action action) = 0;

  // Nobody listens while bots play fast, so the formatting lives out of line
  // in a cold function: the rules code around an emit stays small, and its
  // hot path pays one test.
  // Each returns a handle to attach the event's type and fields
  // (core/event.h); it does nothing when nobody listens.
  template <class... Args>
  EventFields emit(std::string_view rule, fmt::format_string<Args...> f, Args&&... args) const {
    if (events_) [[unlikely]]
      return EventFields(push_event(kEveryone, rule, f, std::forward<Args>(args)...));
    return EventFields(nullptr);
  }
  // `to` is a seat, only_to(seat, seat) for a line two seats share, or
  // everyone_but(seat) for the redacted twin of a private event.
  template <class... Args>
  EventFields emit_private(PlayerId to, std::string_view rule, fmt::format_string<Args...> f,
                           Args&&... args) const {
    if (events_) [[unlikely]]
      return EventFields(push_event(to, rule, f, std::forward<Args>(args)...));
    return EventFields(nullptr);
  }
  template <class... Args>
  [[gnu::cold, gnu::noinline]] Event* push_event(PlayerId to, std::string_view rule,
                                                 fmt::format_string<Args...> f, Args&&... args) const {
    Event& e = events_->emplace_back();
    e.rule = rule;
    e.text = fmt::format(f, std::forward<Args>(args)...);
    e.audience = to;
    e.at = now_;
    e.picture = pictures_;
    return &e;
  }
  // Copies are made by clone(); a copy never inherits the listener.
  State(const State& other)
      : num_players_(other.num_players_), now_(other.now_), pictures_(other.pictures_), events_(nullptr) {}
  State& operator=(const State&) = delete;

  // How many intermediate pictures of the step being applied were drawn so
  // far (a race phase run command by command): each event emitted next
  // follows that many (Event::picture). Games without pictures leave it 0.
  void set_pictures(int drawn) { pictures_ = drawn; }

 private:
  int num_players_;
  Tick now_ = 0;
  int pictures_ = 0;
  EventSink* events_ = nullptr;
  // Set by TimedContests to itself, in every copy too.
  friend class TimedContests;
  const TimedContests* timed_contests_ = nullptr;
};

}  // namespace rt
