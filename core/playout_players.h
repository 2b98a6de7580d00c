// Who plays a search's playouts (core/search_agent.h, core/ismcts_agent.h):
// each seat's playout policy, made on first use; a share of uniformly random
// decisions; and timed contests scheduled as the Table schedules them. One
// copy, so the hard level's flat search and the expert's tree search play
// out games alike.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "core/agent.h"
#include "core/chance.h"
#include "core/contest_schedule.h"
#include "core/per_player.h"
#include "core/timed_contests.h"

namespace rt {

// Makes a fresh agent (a search's playout policy: one per seat).
using AgentFactory = std::function<std::unique_ptr<Agent>()>;

class PlayoutPlayers {
 public:
  // `policy` makes one agent per seat (empty: uniformly random playouts);
  // `random_per_mille` of its decisions are uniformly random instead.
  PlayoutPlayers(AgentFactory policy, unsigned random_per_mille);
  ~PlayoutPlayers();

  // Before a decision's playouts: one policy slot per seat.
  void seat(int players) { policies_.resize(players); }
  // Before each playout, and as a seat acts (the Table forgets its pending
  // decision then).
  void start_playout(int players) { schedule_.reset(players); }
  void forget(PlayerId p) { schedule_.forget(p); }

  Decision decide(const State& s, PlayerId p, Rng& rng);
  // One step of a timed contest among `who` (every seat is a computer here):
  // decisions stand while their contest lasts, nobody acts before their die
  // has landed, the earliest goes first, or the clock. False when nothing is
  // due (no decision and no deadline).
  bool timed_step(State& s, const std::vector<PlayerId>& who, Rng& rng);
  // A chance outcome, drawn as the Table draws it (core/chance.h).
  Action draw(const State& s, Rng& rng) { return draw_chance(s, rng, scratch_, outs_); }
  // Plays `s` on, every seat by the policy, `decisions` being the decisions
  // made since the search's root: until the game is over, `stop(s,
  // decisions)` at a decision (never at a chance node), a timed contest with
  // nothing due, or `max_steps` steps.
  template <class Stop>
  void play_on(State& s, int decisions, int max_steps, const Stop& stop, Rng& rng) {
    for (int step = 0; step < max_steps; ++step) {
      const Turn turn = s.turn();
      if (turn == Turn::Over) return;
      if (turn == Turn::Chance) {
        s.apply(kChance, draw(s, rng), s.now());
        continue;
      }
      if (stop(s, decisions)) return;
      who_.clear();
      s.actors(who_);
      ++decisions;
      if (turn == Turn::Simultaneous && timed(s)) {
        if (!timed_step(s, who_, rng)) return;
        continue;
      }
      const PlayerId p = who_.front();
      s.apply(p, decide(s, p, rng).action, s.now());
      forget(p);  // as the Table does: a seat that acted has no decision pending
    }
  }

 private:
  AgentFactory policy_;
  unsigned random_per_mille_;
  std::unique_ptr<Agent> random_;
  SeatVector<std::unique_ptr<Agent>> policies_;
  ContestSchedule schedule_;
  std::vector<Action> acts_;  // scratch
  std::vector<PlayerId> who_;
  std::vector<Outcome> outs_;
  ChanceScratch scratch_{};
};

}  // namespace rt
