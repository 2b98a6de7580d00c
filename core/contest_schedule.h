// The scheduling of a timed contest, in one place: the Table runs its
// computers by it and the search's playouts run every seat by it, so a rule
// the Table enforces holds in a playout too.
//
// Each scheduled seat holds one pending decision (action, tick). It stands
// while the contest (TimedContests::contest_id) is the same and its action is still
// legal; otherwise the seat is asked again. A seat never acts before its last
// die has landed (TimedContests::action_time): a decision made sooner waits for it.
// The earliest pending decision goes first, ties by seat (the actors are
// listed by seat); if the deadline comes first, the clock acts.
//
// The driver's hot path: no std::function, no allocation per decision; the
// seat's player is a template argument and inlines.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/agent.h"
#include "core/per_player.h"
#include "core/state.h"
#include "core/timed_contests.h"
#include "core/types.h"

namespace rt {

class ContestSchedule {
 public:
  // The next step of a timed contest: a seat's decision, or kClock at the
  // deadline. at == kNoDeadline: nothing is due (see due()).
  struct Due {
    PlayerId player = kClock;
    Action action = 0;
    Tick at = kNoDeadline;
    bool due() const { return at != kNoDeadline; }
  };

  ContestSchedule() = default;
  explicit ContestSchedule(int seats) : slots_(seats) {}

  // Forgets every decision and every die still rolling (a new playout), for `seats` seats.
  void reset(int seats) { slots_.assign(seats, Slot{}); }
  // `p`'s pending decision no longer stands (it acted, or changed hands).
  void forget(PlayerId p) { slots_[p].valid = false; }

  // Gives every one of `actors` a decision that stands in this contest: the
  // pending one if it still does, else decide(p) -> std::optional<Decision>
  // (nullopt: nobody decides for p, a person's seat). A new decision is due at
  // now + its delay, and no sooner than p's die lands.
  template <class Decide>
  void refresh(const State& s, std::span<const PlayerId> actors, Decide&& decide,
               std::vector<Action>& scratch) {
    refresh_in(contest_id(s), s, actors, decide, scratch);
  }

  // The next step among `actors` by the decisions standing now: the earliest
  // (ties by seat), or the clock when the deadline comes first.
  Due next(const State& s, std::span<const PlayerId> actors) const {
    return next_in(contest_id(s), s.timed_contests(), actors);
  }

  // Before a timed decision of `p` is applied at `at`: p stays busy until the
  // die it rolls has landed.
  void note_busy(const State& s, PlayerId p, Action action, Tick at) {
    note_busy_in(contest_id(s), s, p, action, at);
  }

  // The first tick at which `p` may act again in the live timed contest;
  // s.now() when it may act at once.
  Tick ready_at(const State& s, PlayerId p) const {
    const Tick now = s.now();
    if (!timed(s)) return now;
    const Slot& slot = slots_[p];
    return slot.busy_contest == contest_id(s) ? std::max(now, slot.busy_until) : now;
  }

  // One step of the contest, the driver's whole part of it: refresh(), next(),
  // and, for a seat's decision, note_busy() and forget(). The caller applies
  // the step it returns; nothing is due when the next step comes after `until`.
  template <class Decide>
  Due take(const State& s, std::span<const PlayerId> actors, Tick until, Decide&& decide,
           std::vector<Action>& scratch) {
    const TimedContests* clock = s.timed_contests();  // asked once: a virtual call
    const std::uint32_t contest = clock != nullptr ? clock->contest_id() : 0;
    refresh_in(contest, s, actors, decide, scratch);
    const Due due = next_in(contest, clock, actors);
    if (!due.due() || due.at > until) return Due{};
    if (due.player >= 0) {
      note_busy_in(contest, s, due.player, due.action, due.at);
      forget(due.player);
    }
    return due;
  }

 private:
  struct Slot {
    bool valid = false;
    Action action = 0;
    Tick at = 0;
    std::uint32_t contest = 0;
    // Busy until this tick in contest busy_contest (its die still rolling).
    Tick busy_until = 0;
    std::uint32_t busy_contest = 0;
  };

  template <class Decide>
  void refresh_in(std::uint32_t contest, const State& s, std::span<const PlayerId> actors, Decide& decide,
                  std::vector<Action>& scratch) {
    for (const PlayerId p : actors) {
      Slot& slot = slots_[p];
      if (slot.valid && slot.contest == contest) {
        const std::span<const Action> legal = s.legal_span(p, scratch);
        if (std::binary_search(legal.begin(), legal.end(), slot.action)) continue;
      }
      const std::optional<Decision> d = decide(p);
      if (!d) continue;
      Tick at = s.now() + d->delay;
      // A computer's die lands before it rolls again, as a person's does.
      if (slot.busy_contest == contest && slot.busy_until > at) at = slot.busy_until;
      slot.valid = true;
      slot.action = d->action;
      slot.at = at;
      slot.contest = contest;
    }
  }

  Due next_in(std::uint32_t contest, const TimedContests* clock, std::span<const PlayerId> actors) const {
    Due best;
    for (const PlayerId p : actors) {
      const Slot& slot = slots_[p];
      if (slot.valid && slot.contest == contest && slot.at < best.at) best = Due{p, slot.action, slot.at};
    }
    const Tick due = clock != nullptr ? clock->deadline() : kNoDeadline;
    if (due < best.at) return Due{kClock, 0, due};
    return best;
  }

  void note_busy_in(std::uint32_t contest, const State& s, PlayerId p, Action action, Tick at) {
    Slot& slot = slots_[p];
    slot.busy_until = std::max(at, s.now()) + action_time(s, p, action);
    slot.busy_contest = contest;
  }

  SeatVector<Slot> slots_;
};

}  // namespace rt
