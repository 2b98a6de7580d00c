#include "core/table.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/search_agent.h"

namespace rt {

std::unique_ptr<Agent> make_agent(const Game& game, const std::string& level) {
  if (level == "random") return std::make_unique<RandomAgent>(reaction_profile(level));
  std::unique_ptr<Agent> heuristic = game.make_bot(level);
  if (!heuristic) heuristic = std::make_unique<RandomAgent>(reaction_profile(level));
  // "hard" searches; the heuristic answers its timed contests and forced moves.
  if (level == "hard" && game.hard_uses_search()) return std::make_unique<SearchAgent>(std::move(heuristic));
  return heuristic;
}

Table::Table(std::shared_ptr<const Game> game, std::vector<Seat> seats, std::uint64_t seed)
    : game_(std::move(game)),
      seats_(std::move(seats)),
      seed_(seed),
      state_(game_->new_initial_state()),
      chance_rng_(Rng::stream(seed, "chance")) {
  const int n = state_->num_players();
  if (static_cast<int>(seats_.size()) != n)
    throw OptionError(fmt::format("{} seats given for {} players", seats_.size(), n));
  for (int p = 0; p < n; ++p) {
    bot_rngs_.push_back(Rng::stream(seed, fmt::format("bot:{}", p)));
    bots_.push_back(nullptr);
  }
  pending_.resize(static_cast<std::size_t>(n));
  history_.reserve(512);
}

Agent& Table::bot(PlayerId p) {
  auto& slot = bots_[static_cast<std::size_t>(p)];
  if (!slot) slot = make_agent(*game_, seats_[static_cast<std::size_t>(p)].level);
  return *slot;
}

void Table::set_seat_kind(PlayerId seat, SeatKind kind) {
  seats_[static_cast<std::size_t>(seat)].kind = kind;
  pending_[static_cast<std::size_t>(seat)].valid = false;
}

void Table::set_agent(PlayerId seat, std::unique_ptr<Agent> agent) {
  bots_[static_cast<std::size_t>(seat)] = std::move(agent);
  pending_[static_cast<std::size_t>(seat)].valid = false;
}

void Table::apply_step(PlayerId player, Action action, Tick at) {
  if (at < state_->now()) at = state_->now();
  state_->apply(player, action, at);
  if (player >= 0) {
    pending_[static_cast<std::size_t>(player)].valid = false;
    ++decisions_;
  }
  if (recording_) history_.push_back(Step{player, action, at});
  if (observer_) observer_(Step{player, action, at});
}

void Table::refresh_pending() {
  const std::uint32_t contest = state_->contest_id();
  for (PlayerId p : actors_) {
    if (seats_[static_cast<std::size_t>(p)].kind != SeatKind::Bot) continue;
    Pending& pend = pending_[static_cast<std::size_t>(p)];
    if (pend.valid && pend.contest == contest) {
      scratch_.clear();
      state_->legal_actions(p, scratch_);
      if (std::binary_search(scratch_.begin(), scratch_.end(), pend.action)) continue;
    }
    const Decision d = bot(p).decide(*state_, p, bot_rngs_[static_cast<std::size_t>(p)]);
    pend = Pending{true, d.action, state_->now() + d.delay, contest};
  }
}

bool Table::advance_one(Tick until) {
  switch (state_->turn()) {
    case Turn::Over: return false;
    case Turn::Chance: {
      outcomes_.clear();
      state_->chance_outcomes(outcomes_);
      std::uint64_t total = 0;
      for (const auto& o : outcomes_) total += o.weight;
      std::uint64_t r = total <= 0xFFFFFFFFull ? chance_rng_.below(static_cast<std::uint32_t>(total))
                                               : chance_rng_.next64() % total;
      std::size_t i = 0;
      while (r >= outcomes_[i].weight) r -= outcomes_[i++].weight;
      apply_step(kChance, outcomes_[i].action, state_->now());
      return true;
    }
    case Turn::Player: {
      actors_.clear();
      state_->actors(actors_);
      const PlayerId p = actors_.front();
      if (seats_[static_cast<std::size_t>(p)].kind != SeatKind::Bot) return false;
      const Decision d = bot(p).decide(*state_, p, bot_rngs_[static_cast<std::size_t>(p)]);
      apply_step(p, d.action, state_->now());
      return true;
    }
    case Turn::Simultaneous: break;
  }
  actors_.clear();
  state_->actors(actors_);
  if (!state_->timed()) {
    for (PlayerId p : actors_) {
      if (seats_[static_cast<std::size_t>(p)].kind != SeatKind::Bot) continue;
      const Decision d = bot(p).decide(*state_, p, bot_rngs_[static_cast<std::size_t>(p)]);
      apply_step(p, d.action, state_->now());
      return true;
    }
    return false;
  }
  refresh_pending();
  PlayerId best = -1;
  Tick best_at = kNoDeadline;
  for (PlayerId p : actors_) {
    const Pending& pend = pending_[static_cast<std::size_t>(p)];
    if (seats_[static_cast<std::size_t>(p)].kind == SeatKind::Bot && pend.valid && pend.at < best_at) {
      best = p;
      best_at = pend.at;
    }
  }
  const Tick deadline = state_->deadline();
  if (deadline != kNoDeadline && deadline < best_at) {
    if (deadline > until) return false;
    apply_step(kClock, 0, deadline);
    return true;
  }
  if (best < 0 || best_at > until) return false;
  apply_step(best, pending_[static_cast<std::size_t>(best)].action, best_at);
  return true;
}

void Table::advance(Tick until) {
  while (advance_one(until)) {
  }
}

void Table::humans_to_act(std::vector<PlayerId>& out) const {
  out.clear();
  const Turn t = state_->turn();
  if (t != Turn::Player && t != Turn::Simultaneous) return;
  std::vector<PlayerId> who;
  state_->actors(who);
  for (PlayerId p : who)
    if (seats_[static_cast<std::size_t>(p)].kind == SeatKind::Human) out.push_back(p);
}

Tick Table::next_scheduled() const {
  if (state_->turn() != Turn::Simultaneous || !state_->timed()) return kNoDeadline;
  Tick best = state_->deadline();
  std::vector<PlayerId> who;
  state_->actors(who);
  for (PlayerId p : who) {
    const Pending& pend = pending_[static_cast<std::size_t>(p)];
    if (seats_[static_cast<std::size_t>(p)].kind == SeatKind::Bot && pend.valid &&
        pend.contest == state_->contest_id())
      best = std::min(best, pend.at);
  }
  return best;
}

void Table::submit(PlayerId player, Action action, Tick at) {
  if (at < state_->now()) at = state_->now();
  if (!state_->is_legal(player, action))
    throw RuleError(fmt::format("{} cannot do that now", seats_.at(static_cast<std::size_t>(player)).name));
  apply_step(player, action, at);
}

void Table::replay_step(const Step& step) {
  if (!state_->is_legal(step.player, step.action))
    throw RuleError(fmt::format("recorded step {} is not legal at this point", history_.size() + 1));
  apply_step(step.player, step.action, step.tick);
}

std::vector<std::pair<std::string, std::string>> Table::rng_states() const {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("chance", chance_rng_.state_text());
  for (std::size_t p = 0; p < bot_rngs_.size(); ++p)
    out.emplace_back(fmt::format("bot:{}", p), bot_rngs_[p].state_text());
  return out;
}

bool Table::restore_rng_state(const std::string& name, const std::string& state) {
  if (name == "chance") return chance_rng_.set_state_text(state);
  for (std::size_t p = 0; p < bot_rngs_.size(); ++p)
    if (name == fmt::format("bot:{}", p)) return bot_rngs_[p].set_state_text(state);
  return false;
}

}  // namespace rt
