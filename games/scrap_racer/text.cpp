// Text forms of decisions and outcomes, and standings.
#include <algorithm>

#include <fmt/format.h>

#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {
std::string ScrapRacerState::action_text(PlayerId player, Action a) const {
  const Data& d = data();
  if (player == kClock) return "time";
  if (player == kChance) {
    if (a >= kRevealBase) return fmt::format("boost {}", Data::boost_id(a - kRevealBase));
    if (a >= kBonusBase) return "bonus " + d.bonus[a - kBonusBase].id;
    if (a >= kGoalBase) return "goal " + d.goals[a - kGoalBase].id;
    if (a >= kCrashBase) return "crash " + d.crash[a - kCrashBase].id;
    if (a >= kTwoDiceBase)
      return fmt::format("dice {}+{}", (a - kTwoDiceBase) / 6 + 1, (a - kTwoDiceBase) % 6 + 1);
    if (a >= kFightBase)
      return fmt::format("fight {}-{}", (a - kFightBase) / 6 + 1, (a - kFightBase) % 6 + 1);
    if (a >= kDieBase) return fmt::format("die {}", a - kDieBase);
    if (a >= kStartBase) return fmt::format("start {}", a - kStartBase + 1);
    return "deal " + d.racers[a - kDealBase].id;
  }
  switch (a) {
    case kRoll: return "roll";
    case kMove: return fmt::format("move {}", dice_total());
    case kCrash: return "crash";
    case kAdvance: return fmt::format("advance {}", move_total_);
    case kEndMove: return "end move";
    case kBoostReroll: return "boost reroll";
    case kBoostPlus: return "boost +1";
    case kBoostMinus: return "boost -1";
    case kBoostTurn: return "boost turn";
    default: break;
  }
  if (a >= kWinnerBase) return "winner " + info(a - kWinnerBase).id;
  if (a >= kFirstBase) return "first " + info(a - kFirstBase).id;
  return "play " + d.bonus[a - kPlayBase].id;
}

void ScrapRacerState::winners(std::vector<PlayerId>& out) const {
  // Alone: one place per racer, the leader's owner first (as standings()).
  // Teams rank by their second racer: that ranking lives in standings().
  if (teams_) {
    out = standings().winners();
    return;
  }
  IndexArray<int, kMaxRacers> order{};
  ranking(order);
  out.assign(1, owner(order[0]));
}

Standings ScrapRacerState::standings() const {
  Standings s;
  const Track& t = track();
  const bool over = phase_ == Phase::Over;
  auto describe = [&](int r) {
    if (kind_[r] < 0) return std::string("no racer yet");
    return fmt::format("{}: {} lap{}, {}", name(r), lap_markers(r), plural(lap_markers(r)),
                       Where{distance(r), t.length});
  };
  // For a one-line header: where the racer is along the race.
  auto brief = [&](int r) {
    const int d = distance(r);
    if (d <= 0) return std::string("at the start");
    return fmt::format("lap {}, space {}", (d - 1) / t.length + 1, (d - 1) % t.length + 1);
  };
  if (!teams_) {
    IndexArray<int, kMaxRacers> order{};
    const int n = ranking(order);
    for (int i = 0; i < n; ++i) {
      const int r = order[i];
      s.placings.push_back(Placing{owner(r), i + 1, distance(r), describe(r), brief(r)});
    }
    const int lead = order[0];
    if (kind_[lead] < 0)
      s.summary = "The race has not started.";
    else if (over)
      s.summary = fmt::format("{} wins with {}: three laps and farthest ahead.", player_name(owner(lead)),
                              name(lead));
    else
      s.summary = fmt::format("{} leads with {} ({}).", player_name(owner(lead)), name(lead),
                              Where{distance(lead), t.length});
    return s;
  }
  // Teams: "the winner is determined by the second racer of those players"
  // who have a racer with three laps; a lone such player wins outright.
  struct TeamRow {
    PlayerId p;
    bool three;
    int rear;
    int front;
  };
  std::vector<TeamRow> rows;
  for (PlayerId p = 0; p < num_players(); ++p) {
    int a = 0, b = 0;
    team(p, a, b);
    const int rear = distance(a) < distance(b) ? a : b;  // ties: the later in turn order
    const int front = rear == a ? b : a;
    rows.push_back(TeamRow{p, lap_markers(a) == kLaps || lap_markers(b) == kLaps, rear, front});
  }
  std::stable_sort(rows.begin(), rows.end(), [&](const TeamRow& x, const TeamRow& y) {
    if (x.three != y.three) return x.three;
    if (distance(x.rear) != distance(y.rear)) return distance(x.rear) > distance(y.rear);
    return distance(x.front) > distance(y.front);
  });
  int qualified = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const TeamRow& row = rows[i];
    qualified += row.three ? 1 : 0;
    s.placings.push_back(Placing{
        row.p, static_cast<int>(i) + 1, distance(row.rear),
        fmt::format("{}; {} (second racer)", describe(row.front), describe(row.rear)), brief(row.rear)});
  }
  const TeamRow& top = rows.front();
  if (kind_[top.rear] < 0)
    s.summary = "The race has not started.";
  else if (!over)
    s.summary = fmt::format("{} leads: second racer {} {}{}.", player_name(top.p), name(top.rear),
                            distance(top.rear) > 0 ? "on " : "still ", Where{distance(top.rear), t.length});
  else if (qualified == 1)
    s.summary =
        fmt::format("{} wins: the only player with a racer that completed three laps.", player_name(top.p));
  else
    s.summary =
        fmt::format("{} wins: among the players with three laps, their second racer ({}) is farthest ahead.",
                    player_name(top.p), name(top.rear));
  return s;
}

}  // namespace rt::scrap_racer
