#include "games/rc_racer/bots.h"
#include "core/search_agent.h"

#include <algorithm>
#include <cmath>

#include "games/rc_racer/game.h"
#include "games/rc_racer/state.h"

namespace rt::rc_racer {

const LevelTuning& level_tuning(BotLevel level) {
  static const LevelTuning kEasy{150, 3, 1, 6, 4500, 35000};
  static const LevelTuning kNormal{1500, 6, 3, 4, 2500, 25000};
  static const LevelTuning kHard{6000, 8, 5, 3, 1500, 20000};
  // The expert's planner (the tree search leaves the sliding puzzle to it):
  // every slide sequence up to 16 searched, not 8, and a slide priced five
  // times hard's, since each one costs a place in the Smile order. Measured
  // apart (docs/BOTS.md "RC Racer's planner"): the price alone lifts the
  // expert from 50% to 59% against hard, the lookahead with it to 87%.
  static const LevelTuning kExpert{24000, 16, 8, 15, 1500, 20000};
  if (level == BotLevel::Easy) return kEasy;
  if (level == BotLevel::Hard) return kHard;
  if (level == BotLevel::Expert) return kExpert;
  return kNormal;
}

namespace {

using Kinds = Target;  // a kind per program step, -1: the gap

// Energy is worth more the less of it is left; zero means lying down.
int energy_value(int batteries) {
  static const int kValue[] = {-350, 0, 70, 110, 130, 150, 160, 170, 180, 190};
  return kValue[batteries < 0 ? 0 : batteries > 9 ? 9 : batteries];
}

Program to_program(const Data& d, const Kinds& k) {
  Program p{};
  for (int i = 0; i < kProgram; ++i) p[i] = k[i] < 0 ? nullptr : &d.kinds[k[i]];
  return p;
}

Kinds kinds_of(const Data& d, const Grid& g) {
  Kinds k{};
  for (int i = 0; i < kProgram; ++i) {
    const std::uint8_t t = program_tile(g, i);
    k[i] = t == kGap ? static_cast<std::int8_t>(-1) : static_cast<std::int8_t>(d.tile_kind[t]);
  }
  return k;
}

struct Candidate {
  Kinds kinds{};
  int value = 0;
  int score = 0;
};

}  // namespace

int program_value(const RcRacerState& s, PlayerId p, const Program& program) {
  Race r = s.race();
  const Car before = r.cars[p];
  int others = 0;
  for (int o = 0; o < r.n; ++o)
    if (o != p) others += r.cars[o].batteries;
  TurnCtx t;
  for (const TileKind* k : program)
    if (k) r.run_command(p, *k, t, nullptr);
  if (r.cars[p].ability == Ability::MissilesBothWays && !r.cars[p].down) r.fire_missile(p, nullptr);
  while (r.cars[p].shields > 0 && !r.cars[p].down) {
    Race next = r;
    next.shield_move(p, nullptr);
    if (next.cars[p].batteries < r.cars[p].batteries || next.cars[p].row <= r.cars[p].row) break;
    r = next;
  }
  const Car& a = r.cars[p];
  const Track& tr = r.track;
  int v = (a.row - before.row) * 100;
  if (a.row >= tr.line_row) v += 3000 + (a.row - tr.line_row) * 100;
  v += (a.down ? energy_value(0) : energy_value(a.batteries)) -
       (before.down ? energy_value(0) : energy_value(before.batteries));
  int others_after = 0;
  for (int o = 0; o < r.n; ++o)
    if (o != p) others_after += r.cars[o].batteries;
  v += (others - others_after) * 15;
  // A clear lane ahead is worth a little: next round starts from here.
  int clear = 0;
  for (int row = a.row + 1; row < tr.rows && row <= a.row + 3; ++row) {
    const Cell c = tr.at(a.lane, row);
    if (c == Cell::Obstacle || c == Cell::Impassable) break;
    ++clear;
  }
  return v + clear * 5;
}

RcRacerBot::RcRacerBot(BotLevel level)
    : level_(level), profile_(reaction_profile(level)), tune_(level_tuning(level)) {}

namespace {

using Copies = IndexArray<int, 32>;  // tiles of each kind not yet in the program

// The value of the program g runs, less what its slides cost.
int program_score(const RcRacerState& s, PlayerId me, const Grid& g, int slides, int cost) {
  return program_value(s, me, to_program(s.data(), kinds_of(s.data(), g))) - cost * slides;
}

// 1. Cheap improvements: every slide sequence up to `depth` from `start`,
// kept in best_path when it beats best_score.
void search_short_paths(const RcRacerState& s, PlayerId me, const Grid& start, int depth, int cost,
                        int& best_score, Slides& best_path) {
  Slides path;
  Grid g = start;
  struct Frame {
    int gap;
    int next_dir;
  };
  std::vector<Frame> stack{{gap_cell(g), 0}};
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next_dir >= kDirs || path.size() >= depth) {
      stack.pop_back();
      if (!path.empty()) {
        slide(g, gap_cell(g), opposite(path.back()), 1);
        path.pop_back();
      }
      continue;
    }
    const auto dir = static_cast<Dir>(f.next_dir++);
    if (slide_room(f.gap, dir) == 0 || (!path.empty() && dir == opposite(path.back()))) continue;
    const int ng = slide(g, f.gap, dir, 1);
    path.push_back(dir);
    const int score = program_score(s, me, g, path.size(), cost);
    if (score > best_score) {
      best_score = score;
      best_path = path;
    }
    stack.push_back(Frame{ng, 0});
  }
}

// Each step in turn takes the kind that adds most to the program so far.
Kinds greedy_program(const RcRacerState& s, PlayerId me, Copies left) {
  const Data& d = s.data();
  Kinds greedy{};
  greedy.fill(-1);
  for (int i = 0; i < kProgram; ++i) {
    int best = -1;
    int best_v = -1000000;
    for (int k = 0; k < d.kinds.size(); ++k) {
      if (left[k] == 0) continue;
      greedy[i] = static_cast<std::int8_t>(k);
      const int v = program_value(s, me, to_program(d, greedy));
      if (v > best_v) {
        best_v = v;
        best = k;
      }
    }
    greedy[i] = static_cast<std::int8_t>(best);
    --left[best];
  }
  return greedy;
}

// The finalists, best first: programs worth solving for, from the current
// program and the greedy one, each improved by a local search that trades one
// step's tile for another kind or swaps two steps.
IndexVector<int, Candidate> candidate_programs(const RcRacerState& s, PlayerId me, const Grid& start,
                                               Rng& rng, const LevelTuning& tune, const Solver& solver) {
  const Data& d = s.data();
  const int cost = tune.slide_cost;
  Copies copies{};
  for (int k = 0; k < d.kinds.size(); ++k) copies[k] = d.kinds[k].copies;
  IndexVector<int, Candidate> top;
  auto remember = [&](const Kinds& k, int value, int score) {
    for (const auto& c : top)
      if (c.kinds == k) return;
    top.push_back(Candidate{k, value, score});
    std::sort(top.begin(), top.end(),
              [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
    if (top.size() > tune.finalists) top.pop_back();
  };
  auto evaluate = [&](const Kinds& k, int& value) {
    value = program_value(s, me, to_program(d, k));
    return value - cost * solver.estimate(start, k);
  };

  const Kinds seeds[2] = {kinds_of(d, start), greedy_program(s, me, copies)};
  const int per_seed = tune.evaluations / 2;
  for (Kinds cur : seeds) {
    // A gap in the current program is filled with any unused tile.
    Copies left = copies;
    for (auto k : cur)
      if (k >= 0) --left[k];
    for (auto& k : cur)
      if (k < 0)
        for (int j = 0; j < d.kinds.size(); ++j)
          if (left[j] > 0) {
            k = static_cast<std::int8_t>(j);
            --left[j];
            break;
          }
    int value = 0;
    int score = evaluate(cur, value);
    remember(cur, value, score);
    for (int it = 0; it < per_seed; ++it) {
      Kinds next = cur;
      Copies nleft = left;
      const int i = rng.between(0, kProgram - 1);
      if (rng.below(2) == 0) {
        std::swap(next[i], next[rng.between(0, kProgram - 1)]);
      } else {
        const int k = rng.between(0, d.kinds.size() - 1);
        if (nleft[k] == 0) continue;
        ++nleft[next[i]];
        --nleft[k];
        next[i] = static_cast<std::int8_t>(k);
      }
      int nvalue = 0;
      const int nscore = evaluate(next, nvalue);
      if (nscore >= score) {
        cur = next;
        left = nleft;
        score = nscore;
        value = nvalue;
        remember(cur, value, score);
      }
    }
  }
  return top;
}

// 3. Solves the finalists for real; stopping part way is sometimes better
// (and within a short budget, the only choice).
void solve_finalists(const RcRacerState& s, PlayerId me, const Grid& start,
                     const IndexVector<int, Candidate>& top, int budget, int cost, Solver& solver,
                     int& best_score, Slides& best_path) {
  Slides path;
  for (const Candidate& c : top) {
    path.clear();
    if (!solver.solve(start, c.kinds, path)) continue;
    Grid g = start;
    int gap = gap_cell(g);
    const int steps = std::min(budget, path.size());
    for (int k = 1; k <= steps; ++k) {
      gap = slide(g, gap, path[k - 1], 1);
      // The whole program at the end; on the way, only where a step was just completed.
      if (k < steps && k % 4 != 0) continue;
      const int score = program_score(s, me, g, k, cost);
      if (score > best_score) {
        best_score = score;
        best_path = path;
        best_path.resize(k);
      }
    }
  }
}

}  // namespace

void RcRacerBot::make_plan(const RcRacerState& s, PlayerId me, Rng& rng, int budget) {
  if (!solver_) solver_ = std::make_unique<Solver>(s.data());
  const Grid& start = s.grid(me);
  plan_.clear();
  next_ = 0;
  expect_ = start;
  const int cost = tune_.slide_cost;

  int best_score = program_score(s, me, start, 0, cost);
  Slides best_path;
  search_short_paths(s, me, start, std::min(tune_.lookahead, budget), cost, best_score, best_path);
  // 2. Programs worth solving for: greedy, then a local search.
  const IndexVector<int, Candidate> top = candidate_programs(s, me, start, rng, tune_, *solver_);
  solve_finalists(s, me, start, top, budget, cost, *solver_, best_score, best_path);
  plan_ = best_path;
}

Decision RcRacerBot::programming(const RcRacerState& s, PlayerId me, Rng& rng) {
  Decision out;
  Tick think = 0;
  const Tick slide_ms = paced(profile_.mean_ms * 6 / 10);
  int budget = s.data().max_slides - s.slides(me);
  if (s.real_time()) {
    // Only the slides that fit in a person's round: time is what counts.
    const Tick spent = s.now() > s.contest_open() ? s.now() - s.contest_open() : 0;
    const Tick used = spent + (contest_ != s.contest_id() ? paced(tune_.think_ms) : 0);
    const Tick left = tune_.round_ms > used ? tune_.round_ms - used : 0;
    budget = std::min(budget, static_cast<int>(left / std::max<Tick>(slide_ms, 1)));
  }
  if (contest_ != s.contest_id() || planned_for_ != me || s.grid(me) != expect_) {
    const bool first = contest_ != s.contest_id() || planned_for_ != me;
    contest_ = s.contest_id();
    planned_for_ = me;
    hurried_ = false;
    make_plan(s, me, rng, budget);
    if (s.real_time()) {
      const Tick base = first ? tune_.think_ms : profile_.mean_ms;
      think = base * (75 + rng.below(51)) / 100;
    }
  }
  if (s.real_time() && s.countdown_from() != kNoDeadline && !hurried_) {
    // The others are counting down: settle for what can be slid in time.
    hurried_ = true;
    const Tick left =
        s.deadline() > s.now() + profile_.mean_ms ? s.deadline() - s.now() - profile_.mean_ms : 0;
    const int can = std::min(budget, static_cast<int>(left / std::max<Tick>(slide_ms, 1)));
    if (plan_.size() - next_ > can) {
      make_plan(s, me, rng, can);
      expect_ = s.grid(me);
    }
  }
  const Tick per_slide = std::max<Tick>(100, sample_reaction(profile_, rng) * 6 / 10);
  out.delay = paced(think + per_slide);
  if (next_ >= plan_.size()) {
    out.action = kDone;
    return out;
  }
  const Dir dir = plan_[next_];
  out.action = slide_action(dir, 1);
  if (rng.below(1000) < profile_.error_per_mille) {
    // A slip of the finger: some other slide.
    scratch_.clear();
    s.legal_actions(me, scratch_);
    std::vector<Action> others;
    for (Action a : scratch_)
      if (a != kDone && a != out.action && (a - kSlideBase) % 3 == 0) others.push_back(a);
    if (!others.empty()) {
      out.action = others[rng.below(static_cast<std::uint32_t>(others.size()))];
      return out;  // expect_ no longer matches: the next decision replans
    }
  }
  slide(expect_, gap_cell(expect_), dir, 1);
  ++next_;
  return out;
}

Decision RcRacerBot::decide(const State& base, PlayerId me, Rng& rng) {
  const auto& s = static_cast<const RcRacerState&>(base);
  const Data& d = s.data();
  scratch_.clear();
  s.legal_actions(me, scratch_);
  Decision out;
  out.action = scratch_.front();
  switch (s.phase()) {
    case Phase::Programming: return programming(s, me, rng);
    case Phase::ChooseCar: {
      static const char* const kPreference[] = {"turbobot",      "die-liner", "brick-gang", "dogtor",
                                                "grim-thresher", "m1-furry",  "sonic-fish", "bird-racer"};
      if (level_ == BotLevel::Easy) {
        out.action = scratch_[rng.below(static_cast<std::uint32_t>(scratch_.size()))];
        return out;
      }
      for (const char* id : kPreference)
        for (Action a : scratch_)
          if (d.racecars[a - kCarBase].id == id) {
            out.action = a;
            return out;
          }
      return out;
    }
    case Phase::PlaceCar: {
      if (level_ == BotLevel::Easy) {
        out.action = scratch_[rng.below(static_cast<std::uint32_t>(scratch_.size()))];
        return out;
      }
      int best = -1000;
      for (Action a : scratch_) {
        const int slot = a - kStartBase;
        const int lane = s.track().slot_lane[slot];
        int score = s.track().slot_row[slot] * 10 - std::abs(lane - kLanes / 2);
        for (int row = s.track().slot_row[slot] + 1;
             row < s.track().slot_row[slot] + 4 && row < s.track().rows; ++row)
          if (s.track().at(lane, row) == Cell::Obstacle || s.track().at(lane, row) == Cell::Impassable)
            score -= 3;
        if (score > best) {
          best = score;
          out.action = a;
        }
      }
      return out;
    }
    case Phase::BirdFly: {
      // The lane with the longest clear run ahead.
      auto run = [&](int lane) {
        const Track& t = s.track();
        int k = 0;
        for (int row = s.car(me).row + 1; row < t.rows && k < 8; ++row, ++k) {
          const Cell c = t.at(lane, row);
          if (c == Cell::Obstacle || c == Cell::Impassable) break;
        }
        return k;
      };
      int best = run(s.car(me).lane);
      out.action = kStay;
      for (Action a : scratch_) {
        if (a == kStay) continue;
        const int r = run(a - kFlyBase);
        if (r > best) {
          best = r;
          out.action = a;
        }
      }
      return out;
    }
    case Phase::Shield: {
      Race r = s.race();
      r.shield_move(me, nullptr);
      const Car& before = s.car(me);
      const Car& after = r.cars[me];
      out.action = after.row > before.row && after.batteries >= before.batteries ? kShieldUse : kShieldStop;
      return out;
    }
    default: return out;
  }
}

namespace {

// A car's standing in hundredths of a row: rows, the line, energy, Shields.
int car_strength(const RcRacerState& s, PlayerId p) {
  const Car& c = s.car(p);
  const Track& t = s.track();
  int v = c.row * 100 + (c.down ? energy_value(0) : energy_value(c.batteries)) + c.shields * 60;
  if (c.row >= t.line_row) v += 3000;
  return v;
}

}  // namespace

double position_value(const RcRacerState& s, PlayerId me) {
  int best_other = -1000000;
  for (PlayerId p = 0; p < s.num_players(); ++p)
    if (p != me && s.racing(p)) best_other = std::max(best_other, car_strength(s, p));
  if (best_other == -1000000) return 1.0;
  // About two rows a round, give or take: a lead of a few rows is most of a win.
  return 0.5 + 0.5 * std::tanh((car_strength(s, me) - best_other) / 400.0);
}

std::unique_ptr<Agent> make_rc_racer_bot(BotLevel level, const Presenter& shown) {
  // Programming is a sliding puzzle: one slide at a time says nothing about
  // the program, so the hard planner keeps it. Search weighs the turn's
  // choices (Bird Racer's flight, Shields) to the end of the round.
  SearchConfig config = search_budget(24, 150);
  config.budget.expert_playouts = 3000;  // docs/BOTS.md: the expert's time per decision
  config.searches = [](const State& s, PlayerId) {
    const Phase ph = static_cast<const RcRacerState&>(s).phase();
    return ph == Phase::BirdFly || ph == Phase::Shield;
  };
  config.stop_at = [](const State& s) {
    return static_cast<const RcRacerState&>(s).phase() == Phase::Programming;
  };
  config.evaluate = [](const State& s, PlayerId me) {
    return position_value(static_cast<const RcRacerState&>(s), me);
  };
  if (level == BotLevel::Expert) {
    // The planner at its expert tuning proposes; it also answers programming.
    config.playout_policy = [] { return std::make_unique<RcRacerBot>(BotLevel::Normal); };
    return make_expert(std::make_unique<RcRacerBot>(BotLevel::Expert), shown, std::move(config));
  }
  return heuristic_or_search<RcRacerBot>(level, shown, std::move(config));
}

}  // namespace rt::rc_racer
