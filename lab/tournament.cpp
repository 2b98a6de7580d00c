#include "lab/tournament.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/index_array.h"
#include "core/input_limits.h"
#include "core/ismcts_agent.h"
#include "core/save.h"
#include "core/table.h"
#include "core/timed_contests.h"
#include "games/registry.h"
#include "lab/output.h"
#include "lab/shard.h"

namespace rt::lab {
namespace {

using nlohmann::ordered_json;

constexpr int kResultsVersion = 1;

// Microseconds of CPU this thread has used: thinking time that other
// programs sharing the machine do not inflate (wall time would).
std::int64_t thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

// An agent around another: the table's pace and thinking factor reach the
// one inside.
class WrappingAgent : public Agent {
 public:
  explicit WrappingAgent(std::unique_ptr<Agent> inner) : inner_(std::move(inner)) {}
  void set_contest_pace(ContestPace pace) override {
    Agent::set_contest_pace(pace);
    inner_->set_contest_pace(pace);
  }
  void set_think_percent(unsigned percent) override { inner_->set_think_percent(percent); }

 protected:
  std::unique_ptr<Agent> inner_;
};

// Times every decision of the agent it wraps (thinking time on this machine,
// not the reaction delay it asks for).
class TimedAgent final : public WrappingAgent {
 public:
  TimedAgent(std::unique_ptr<Agent> inner, std::vector<std::int64_t>& times)
      : WrappingAgent(std::move(inner)), times_(times) {}
  Decision decide(const State& state, PlayerId me, Rng& rng) override {
    const std::int64_t start = thread_cpu_us();
    const Decision d = inner_->decide(state, me, rng);
    times_.push_back(thread_cpu_us() - start);
    return d;
  }

 private:
  std::vector<std::int64_t>& times_;
};

// The first level with --random-choices: every untimed decision with a choice
// is made uniformly at random, timed contests are the level's own. Against
// the same level, what its choices are worth at all, apart from its reflexes.
class RandomChoicesAgent final : public WrappingAgent {
 public:
  using WrappingAgent::WrappingAgent;
  Decision decide(const State& state, PlayerId me, Rng& rng) override {
    if (timed(state)) return inner_->decide(state, me, rng);
    const std::span<const Action> legal = state.legal_span(me, legal_);
    if (legal.size() < 2) return inner_->decide(state, me, rng);
    return Decision{legal[rng.below(static_cast<std::uint32_t>(legal.size()))], 0};
  }

 private:
  std::vector<Action> legal_;
};

// What a tournament is, as its results file's first line keeps it: two
// files may be merged when these agree.
struct Setup {
  std::string game;  // "" every game
  int players = 2;   // 2: heads-up; more: one of the first level against the field
  int games = 200;   // per pairing
  // The games per pairing as results are laid out: pairing after pairing.
  std::size_t games_per_pairing() const { return static_cast<std::size_t>(games); }
  std::vector<std::string> levels;
  unsigned think = 100;
  bool cheat = false;
  bool random_choices = false;

  ordered_json json(const Shard& shard) const {
    ordered_json j;
    j["type"] = "tournament";
    j["version"] = kResultsVersion;
    // Another racetable may play other games from the same seeds.
    j["racetable"] = RACETABLE_VERSION;
    j["game"] = game;
    j["players"] = players;
    j["games"] = games;
    j["levels"] = levels;
    j["think"] = think;
    j["cheat"] = cheat;
    j["random_choices"] = random_choices;
    j["shard"] = shard.text();
    return j;
  }
};

// One pairing of the list: a game at a player count, level a (alone in its
// seat) against level b.
struct Pairing {
  const GameEntry* entry = nullptr;
  std::shared_ptr<const Game> game;
  std::size_t a = 0, b = 0;  // indices into the levels
};

// One game's result: the points of a and of b (every b seat together), and
// the CPU microseconds of each side's decisions.
struct GameResult {
  bool done = false;
  double points[2] = {0, 0};
  std::vector<std::int64_t> us[2];
};

struct Plan {
  Setup setup;
  std::vector<BotLevel> typed;
  std::vector<Pairing> pairings;
  std::size_t size() const { return pairings.size() * setup.games_per_pairing(); }
};

Plan make_plan(Setup setup) {
  Plan plan;
  plan.setup = std::move(setup);
  const Setup& s = plan.setup;
  for (const auto& l : s.levels) {
    const std::optional<BotLevel> level = parse_bot_level(l);
    if (!level) throw UserError(fmt::format("unknown level '{}' in --levels", l));
    plan.typed.push_back(*level);
  }
  const Registry& registry = builtin_registry();
  if (!s.game.empty()) registry.get(s.game);
  const std::size_t n = s.levels.size();
  for (const auto& e : registry.all()) {
    if (!s.game.empty() && e.info.id != s.game) continue;
    if (s.players > e.info.max_players) continue;
    Options o;
    o.players = s.players;
    std::shared_ptr<const Game> game = registry.create(e.info.id, o, DataSource::embedded());
    if (s.players > 2)
      for (std::size_t j = 1; j < n; ++j) plan.pairings.push_back(Pairing{&e, game, 0, j});
    else
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) plan.pairings.push_back(Pairing{&e, game, i, j});
  }
  return plan;
}

// Game g of a pairing, with `players` seats: seed 1000 + g / players, level a
// in seat g % players (so a seed is played with a in every seat: heads-up,
// the seats swapped) and level b in every other seat.
GameResult play_game(const Plan& plan, const Pairing& pairing, int g) {
  const Setup& s = plan.setup;
  const int players = s.players;
  const BotLevel a = plan.typed[pairing.a], b = plan.typed[pairing.b];
  const auto mine = static_cast<PlayerId>(g % players);
  SeatVector<Seat> seats(players);
  for (PlayerId p = 0; p < players; ++p)
    seats[p] = Seat{std::string(1, static_cast<char>('A' + p)), SeatKind::Bot, p == mine ? a : b};
  GameResult r;
  Table table(pairing.game, seats, 1000 + static_cast<std::uint64_t>(g / players));
  table.set_recording(false);
  table.set_think_percent(s.think);
  for (PlayerId p = 0; p < players; ++p) {
    const int side = p == mine ? 0 : 1;
    std::unique_ptr<Agent> agent = make_agent(*pairing.game, seats[p].level);
    if (auto* expert = dynamic_cast<IsmctsAgent*>(agent.get()); expert && s.cheat && p == mine)
      expert->set_omniscient(true);
    if (s.random_choices && p == mine) agent = std::make_unique<RandomChoicesAgent>(std::move(agent));
    table.set_agent(p, std::make_unique<TimedAgent>(std::move(agent), r.us[side]));
  }
  table.advance();
  const auto winners = table.state().standings().winners();
  for (PlayerId w : winners) r.points[w == mine ? 0 : 1] += 1.0 / static_cast<double>(winners.size());
  r.done = true;
  return r;
}

ordered_json result_json(const Plan& plan, std::size_t item, const GameResult& r) {
  const std::size_t games = plan.setup.games_per_pairing();
  const Pairing& p = plan.pairings[item / games];
  ordered_json j;
  j["type"] = "game";
  j["game"] = p.entry->info.id;
  j["a"] = plan.setup.levels[p.a];
  j["b"] = plan.setup.levels[p.b];
  j["g"] = item % games;
  j["points"] = {r.points[0], r.points[1]};
  j["cpu_us"] = {r.us[0], r.us[1]};
  return j;
}

struct TimeSummary {
  double mean = 0, p99 = 0, max = 0;
};

TimeSummary summarize(std::vector<std::int64_t> us) {
  TimeSummary t;
  if (us.empty()) return t;
  std::sort(us.begin(), us.end());
  std::int64_t total = 0;
  for (std::int64_t x : us) total += x;
  t.mean = static_cast<double>(total) / static_cast<double>(us.size()) / 1000.0;
  t.p99 = static_cast<double>(us[std::min(us.size() - 1, us.size() * 99 / 100)]) / 1000.0;
  t.max = static_cast<double>(us.back()) / 1000.0;
  return t;
}

std::string time_text(const std::vector<std::int64_t>& us) {
  const TimeSummary t = summarize(us);
  return fmt::format("{:.3f}, {:.1f}, {:.1f}", t.mean, t.p99, t.max);
}

// A pairing's games put together, in the order of g.
struct PairTotal {
  double score[2] = {0, 0};
  std::vector<std::int64_t> us[2];
  double margin = 0, margin_sq = 0;
};

PairTotal pair_total(const Plan& plan, std::size_t pairing, const std::vector<GameResult>& results) {
  PairTotal t;
  const std::size_t games = plan.setup.games_per_pairing();
  for (std::size_t g = 0; g < games; ++g) {
    const GameResult& r = results[pairing * games + g];
    for (int side = 0; side < 2; ++side) {
      t.score[side] += r.points[side];
      t.us[side].insert(t.us[side].end(), r.us[side].begin(), r.us[side].end());
    }
    const double m = r.points[0] - r.points[1];
    t.margin += m;
    t.margin_sq += m * m;
  }
  return t;
}

double share_interval(double p, int games) {
  return 1.96 * std::sqrt(p * (1 - p) / games);
}

double margin_interval(const PairTotal& t, int games) {
  const double mean = t.margin / games;
  const double var = games > 1 ? std::max(0.0, (t.margin_sq / games - mean * mean) * games / (games - 1)) : 0;
  return 1.96 * std::sqrt(var / games);
}

std::string handicaps_text(const Setup& s) {
  std::string text;
  if (s.cheat) text += "--cheat: the first level, if expert, sees every hidden card\n";
  if (s.random_choices)
    text += "--random-choices: the first level chooses at random (its timed contests its own)\n";
  if (s.think != 100)
    text += fmt::format("--think {}: experts play {}% of their playouts\n", s.think, s.think);
  return text;
}

// With more than two players: the first level alone in one seat (each seat in
// turn) against the others, one at a time, in every other seat; its win rate
// against an equal seat's share.
std::string field_text(const Plan& plan, std::size_t first, std::size_t end,
                       const std::vector<GameResult>& results) {
  const Setup& s = plan.setup;
  const int games = s.games;
  std::string text =
      fmt::format("{}: one {} against {} of another level, {} games (seats rotated; 95% interval)\n",
                  plan.pairings[first].entry->info.name, s.levels[0], s.players - 1, games);
  for (std::size_t k = first; k < end; ++k) {
    const PairTotal t = pair_total(plan, k, results);
    const double p = t.score[0] / games;
    const std::string& b = s.levels[plan.pairings[k].b];
    text += fmt::format(
        "  {} vs {} {}: {:.1f}% ±{:.1f}% (an equal seat: {:.1f}%); CPU ms/decision (mean, p99, max): {} {}, "
        "{} "
        "{}\n",
        s.levels[0], s.players - 1, b, 100 * p, 100 * share_interval(p, games), 100.0 / s.players,
        s.levels[0], time_text(t.us[0]), b, time_text(t.us[1]));
  }
  return text + "\n";
}

// Heads-up matches between two levels, seats swapped every other game; each
// pairing is played once and gives both levels' scores (a win shared by k
// scores 1/k; a game nobody wins scores 0 for both).
std::string heads_up_text(const Plan& plan, std::size_t first, std::size_t end,
                          const std::vector<GameResult>& results) {
  const Setup& s = plan.setup;
  const int games = s.games;
  const std::size_t n = s.levels.size();
  std::vector<std::vector<double>> score(n, std::vector<double>(n, -1));
  std::vector<std::vector<std::int64_t>> us(n);
  std::vector<std::string> margins;
  for (std::size_t k = first; k < end; ++k) {
    const std::size_t i = plan.pairings[k].a, j = plan.pairings[k].b;
    const PairTotal t = pair_total(plan, k, results);
    const double mean = t.margin / games;
    const double ci = margin_interval(t, games);
    margins.push_back(fmt::format("  {} - {}: {:+.1f} points per 100 games ±{:.1f} ({})", s.levels[i],
                                  s.levels[j], 100 * mean, 100 * ci,
                                  mean - ci > 0   ? fmt::format("{} ahead", s.levels[i])
                                  : mean + ci < 0 ? fmt::format("{} ahead", s.levels[j])
                                                  : "interval includes zero"));
    score[i][j] = t.score[0] / games;
    score[j][i] = t.score[1] / games;
    const std::size_t idx[2] = {i, j};
    for (int side = 0; side < 2; ++side)
      us[idx[side]].insert(us[idx[side]].end(), t.us[side].begin(), t.us[side].end());
  }
  std::string text =
      fmt::format("{}: row level's score against column level, {} heads-up games per pair (95% interval)\n",
                  plan.pairings[first].entry->info.name, games);
  text += fmt::format("{:<8}", "");
  for (const auto& c : s.levels) text += fmt::format(" {:<17}", c);
  text += "  CPU ms/decision (mean, p99, max)\n";
  for (std::size_t i = 0; i < n; ++i) {
    text += fmt::format("{:<8}", s.levels[i]);
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) {
        text += fmt::format(" {:<17}", "-");
        continue;
      }
      const double p = score[i][j];
      text += fmt::format(" {:5.1f}% ±{:4.1f}%    ", 100 * p, 100 * share_interval(p, games));
    }
    text += fmt::format("  {}\n", time_text(us[i]));
  }
  text += "margin (row minus column, 95% interval):\n";
  for (const auto& m : margins) text += m + "\n";
  return text + "\n";
}

// The tables of a whole run: one block per game of the registry.
std::string report_text(const Plan& plan, const std::vector<GameResult>& results) {
  std::string text = handicaps_text(plan.setup);
  for (std::size_t first = 0; first < plan.pairings.size();) {
    std::size_t end = first;
    while (end < plan.pairings.size() && plan.pairings[end].entry == plan.pairings[first].entry) ++end;
    text += plan.setup.players > 2 ? field_text(plan, first, end, results)
                                   : heads_up_text(plan, first, end, results);
    first = end;
  }
  return text;
}

ordered_json time_json(const std::vector<std::int64_t>& us) {
  const TimeSummary t = summarize(us);
  ordered_json j;
  j["mean"] = std::round(t.mean * 1000.0) / 1000.0;
  j["p99"] = std::round(t.p99 * 10.0) / 10.0;
  j["max"] = std::round(t.max * 10.0) / 10.0;
  return j;
}

// A whole run's results as JSON lines: every game, then one summary per
// pairing (level a's share of the points, b's, the margin, each with its
// 95% interval, and the CPU time per decision).
std::string report_json(const Plan& plan, const std::vector<GameResult>& results) {
  std::string text = plan.setup.json(Shard{}).dump() + "\n";
  for (std::size_t i = 0; i < results.size(); ++i) text += result_json(plan, i, results[i]).dump() + "\n";
  const int games = plan.setup.games;
  for (std::size_t k = 0; k < plan.pairings.size(); ++k) {
    const Pairing& p = plan.pairings[k];
    const PairTotal t = pair_total(plan, k, results);
    ordered_json j;
    j["type"] = "pairing";
    j["game"] = p.entry->info.id;
    j["players"] = plan.setup.players;
    j["a"] = plan.setup.levels[p.a];
    j["b"] = plan.setup.levels[p.b];
    j["games"] = games;
    const double sa = t.score[0] / games, sb = t.score[1] / games;
    j["score_a"] = rounded(sa);
    j["score_a_interval"] = rounded(share_interval(sa, games));
    j["score_b"] = rounded(sb);
    j["score_b_interval"] = rounded(share_interval(sb, games));
    j["margin"] = rounded(t.margin / games);
    j["margin_interval"] = rounded(margin_interval(t, games));
    j["cpu_ms_a"] = time_json(t.us[0]);
    j["cpu_ms_b"] = time_json(t.us[1]);
    text += j.dump() + "\n";
  }
  return text;
}

Setup setup_of(const BenchOptions& opt) {
  Setup s;
  s.game = opt.game;
  s.players = opt.players > 2 ? opt.players : 2;
  s.games = opt.games > 0 ? opt.games : 200;
  s.levels = split_levels(opt.levels);
  s.think = opt.think_percent;
  s.cheat = opt.cheat;
  s.random_choices = opt.random_choices;
  return s;
}

// A results file's line, read: what is wrong says FILE:LINE.
struct Reader {
  std::string file;
  int line = 0;
  [[noreturn]] void fail(const std::string& what) const {
    throw UserError(fmt::format("{}:{}: {}", file, line, what));
  }
};

Setup setup_from(const ordered_json& j, const Reader& at, Shard& shard) {
  try {
    if (j.at("type") != "tournament")
      at.fail("the first line is not a tournament's (bench --tournament --json)");
    if (j.at("version") != kResultsVersion)
      at.fail(fmt::format("results version {} (this racetable reads {})", j.at("version").dump(),
                          kResultsVersion));
    Setup s;
    s.game = j.at("game").get<std::string>();
    s.players = j.at("players").get<int>();
    s.games = j.at("games").get<int>();
    s.levels = j.at("levels").get<std::vector<std::string>>();
    s.think = j.at("think").get<unsigned>();
    s.cheat = j.at("cheat").get<bool>();
    s.random_choices = j.at("random_choices").get<bool>();
    shard = parse_shard(j.at("shard").get<std::string>(), "shard");
    if (s.players < 2 || s.games < 1 || s.levels.size() < 2) at.fail("not a tournament's set-up");
    return s;
  } catch (const nlohmann::json::exception& e) {
    at.fail(fmt::format("not a tournament's first line: {}", e.what()));
  } catch (const OptionError& e) {
    at.fail(e.what());
  }
}

}  // namespace

std::vector<std::string> split_levels(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i <= s.size()) {
    std::size_t j = s.find(',', i);
    if (j == std::string::npos) j = s.size();
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

int tournament(const BenchOptions& opt) {
  const Shard shard = opt.shard.empty() ? Shard{} : parse_shard(opt.shard);
  if (!shard.whole() && !opt.json)
    throw OptionError("--shard writes results for bench merge: give --json too");
  const Plan plan = make_plan(setup_of(opt));
  std::vector<std::size_t> mine;
  for (std::size_t i = 0; i < plan.size(); ++i)
    if (shard.takes(i)) mine.push_back(i);
  std::vector<GameResult> results(plan.size());
  const std::size_t games = plan.setup.games_per_pairing();
  std::vector<std::thread> threads;
  const auto jobs = static_cast<std::size_t>(opt.jobs);
  for (std::size_t t = 0; t < jobs; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t k = t; k < mine.size(); k += jobs) {
        const std::size_t i = mine[k];
        results[i] = play_game(plan, plan.pairings[i / games], static_cast<int>(i % games));
      }
    });
  for (auto& t : threads) t.join();
  if (!opt.json) {
    out(report_text(plan, results));
    return 0;
  }
  if (shard.whole()) {
    out(report_json(plan, results));
    return 0;
  }
  std::string text = plan.setup.json(shard).dump() + "\n";
  for (std::size_t i : mine) text += result_json(plan, i, results[i]).dump() + "\n";
  out(text);
  return 0;
}

int merge_tournament(const MergeOptions& opt) {
  if (opt.files.empty()) throw OptionError("bench merge: give the shards' results files");
  std::optional<Plan> plan;
  std::optional<ordered_json> first_setup;
  std::string first_file;
  std::vector<GameResult> results;
  IndexVector<int, std::string> shard_file;  // by shard index: the file that had it
  int count = 0;
  for (const std::string& file : opt.files) {
    std::istringstream lines(read_file(file));
    Reader at{file, 0};
    std::string line;
    Shard shard;
    bool header = false;
    while (std::getline(lines, line)) {
      ++at.line;
      ordered_json j;
      try {
        j = ordered_json::parse(line);
      } catch (const nlohmann::json::exception&) {
        at.fail("not a JSON line (bench --tournament --json writes one object a line)");
      }
      if (!header) {
        Setup s = setup_from(j, at, shard);
        ordered_json same = j;
        same.erase("shard");
        if (!first_setup) {
          first_setup = same;
          first_file = file;
          plan = make_plan(std::move(s));
          results.resize(plan->size());
          count = shard.count;
          shard_file.assign(count, "");
        } else if (same != *first_setup)
          at.fail(fmt::format("another tournament's results than {}'s (its games, levels or options differ)",
                              first_file));
        else if (shard.count != count)
          at.fail(fmt::format("shard {} of a {}-way split; {} is of a {}-way one", shard.text(), shard.count,
                              first_file, count));
        std::string& had = shard_file[shard.index - 1];
        if (!had.empty()) at.fail(fmt::format("shard {} again (already in {})", shard.text(), had));
        had = file;
        header = true;
        continue;
      }
      if (j.value("type", "") == "pairing") continue;  // a whole run's summaries: made again from the games
      try {
        if (j.at("type") != "game") at.fail("neither a game's result nor a pairing's summary");
        const std::string game = j.at("game").get<std::string>();
        const std::string a = j.at("a").get<std::string>(), b = j.at("b").get<std::string>();
        const auto g = j.at("g").get<std::size_t>();
        std::size_t k = 0;
        const Setup& s = plan->setup;
        while (k < plan->pairings.size() &&
               !(plan->pairings[k].entry->info.id == game && s.levels[plan->pairings[k].a] == a &&
                 s.levels[plan->pairings[k].b] == b))
          ++k;
        if (k == plan->pairings.size() || g >= s.games_per_pairing())
          at.fail(fmt::format("game {} of {} vs {} in {} is not one of this tournament's", g, a, b,
                              excerpt(game)));
        const std::size_t item = k * s.games_per_pairing() + g;
        if (!shard.takes(item))
          at.fail(fmt::format("game {} of {} vs {} is not shard {}'s", g, a, b, shard.text()));
        GameResult& r = results[item];
        if (r.done) at.fail(fmt::format("game {} of {} vs {} in {} again", g, a, b, excerpt(game)));
        const auto points = j.at("points").get<std::vector<double>>();
        const auto us = j.at("cpu_us").get<std::vector<std::vector<std::int64_t>>>();
        if (points.size() != 2 || us.size() != 2) at.fail("points and cpu_us need two entries, a's and b's");
        for (std::size_t side = 0; side < 2; ++side) {
          r.points[side] = points[side];
          r.us[side] = us[side];
        }
        r.done = true;
      } catch (const nlohmann::json::exception& e) {
        at.fail(fmt::format("not a game's result: {}", e.what()));
      }
    }
    if (!header) throw UserError(fmt::format("{}: empty (no tournament's first line)", file));
  }
  for (int i = 0; i < count; ++i)
    if (shard_file[i].empty())
      throw UserError(
          fmt::format("{}: shard {}/{} is missing (give every shard's file)", first_file, i + 1, count));
  const std::size_t games = plan->setup.games_per_pairing();
  for (std::size_t i = 0; i < results.size(); ++i)
    if (!results[i].done) {
      const Pairing& p = plan->pairings[i / games];
      const int shard = static_cast<int>(i % static_cast<std::size_t>(count));  // Shard::takes
      throw UserError(fmt::format("{}: game {} of {} vs {} in {} is missing (shard {}/{} ended early?)",
                                  shard_file[shard], i % games, plan->setup.levels[p.a],
                                  plan->setup.levels[p.b], p.entry->info.id, shard + 1, count));
    }
  out(opt.json ? report_json(*plan, results) : report_text(*plan, results));
  return 0;
}

}  // namespace rt::lab
