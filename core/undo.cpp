#include "core/undo.h"

#include <fmt/format.h>

#include <optional>
#include <vector>

#include "core/rng.h"
#include "core/timed_contests.h"

namespace rt {

namespace {

// How many samples of the hidden cards a span is tried on: a move that
// showed its player a hidden card reads differently on some of them.
constexpr int kSamples = 6;

bool asks_other_person(const Table& table, const State& state, PlayerId person) {
  const Turn turn = state.turn();
  if (turn != Turn::Player && turn != Turn::Simultaneous) return false;
  std::vector<PlayerId> who;
  state.actors(who);
  for (PlayerId p : who)
    if (p != person && table.seats()[p].kind == SeatKind::Human) return true;
  return false;
}

// What `person` read while the steps history[from..] were applied to
// `state`, one text per event, or nullopt when a step could not be applied
// there (on a sample of the hidden cards: the real ones showed through).
// `why` says what stopped it, for the real game.
std::optional<std::vector<std::string>> seen_by(State& state, const Table& table, std::size_t from,
                                                PlayerId person, std::string& why) {
  const std::vector<Step>& history = table.history();
  EventSink events;
  state.set_event_sink(&events);
  std::vector<std::string> seen;
  std::vector<Outcome> outcomes;
  for (std::size_t i = from; i < history.size(); ++i) {
    const Step& step = history[i];
    if (step.player == kChance) {
      outcomes.clear();
      state.chance_outcomes(outcomes);
      if (outcomes.size() > 1) {
        why = "A card or die was drawn since: no undo.";
        return std::nullopt;
      }
    }
    if (!state.is_legal(step.player, step.action)) {
      why = "It showed you something hidden: no undo.";
      return std::nullopt;
    }
    state.apply(step.player, step.action, step.tick);
    for (const Event& e : events)
      if (shown_to(e.audience, person)) seen.push_back(e.text);
    events.clear();
    // At a hot-seat table the keyboard has gone to someone else.
    if (asks_other_person(table, state, person)) {
      why = "Someone else was asked since: no undo.";
      return std::nullopt;
    }
  }
  state.set_event_sink(nullptr);
  return seen;
}

}  // namespace

UndoCheck check_undo(const Table& table, PlayerId person) {
  UndoCheck out;
  const std::vector<Step>& history = table.history();
  if (table.over()) {
    out.why_not = "The game is over: no undo.";
    return out;
  }
  std::size_t last = history.size();
  for (std::size_t i = history.size(); i-- > 0;)
    if (history[i].player == person) {
      last = i;
      break;
    }
  if (last == history.size()) {
    out.why_not = "Nothing of yours to take back yet.";
    return out;
  }
  out.keep = last;
  // Refusals the history alone shows, before any replay.
  for (std::size_t i = last + 1; i < history.size(); ++i) {
    const PlayerId p = history[i].player;
    if (p == kClock) {
      out.why_not = "A timed contest ran since: no undo.";
      return out;
    }
    if (p >= 0 && table.seats()[p].kind == SeatKind::Human) {
      out.why_not = fmt::format("{} has played since: no undo.", table.seats()[p].name);
      return out;
    }
  }
  std::unique_ptr<State> before = table.game().new_initial_state();
  for (std::size_t i = 0; i < last; ++i) before->apply(history[i].player, history[i].action, history[i].tick);
  if (timed(*before)) {
    out.why_not = "No undo in a timed contest.";
    return out;
  }
  // What the person read since, in the real game...
  std::unique_ptr<State> real = before->clone();
  const std::optional<std::vector<std::string>> seen = seen_by(*real, table, last, person, out.why_not);
  if (!seen) return out;
  // ... reads the same whatever the cards the person cannot see: nothing
  // hidden showed (a computer's card played, a Trap set off). Games with
  // nothing hidden keep determinize()'s default and pass at once.
  for (int k = 0; k < kSamples; ++k) {
    std::unique_ptr<State> sample = before->clone();
    Rng rng = Rng::stream(static_cast<std::uint64_t>(k), "undo");
    sample->determinize(person, rng);
    std::string why;
    const std::optional<std::vector<std::string>> other = seen_by(*sample, table, last, person, why);
    if (!other || *other != *seen) {
      out.why_not = "It showed you something hidden: no undo.";
      return out;
    }
  }
  return out;
}

}  // namespace rt
