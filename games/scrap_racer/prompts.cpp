// The words of Scrap Racer's questions: the prompt for the seat deciding, the
// option Enter plays after a die, and the legend of the board's marks.
#include <fmt/format.h>

#include "games/scrap_racer/bots.h"
#include "games/scrap_racer/presenter.h"

namespace rt::scrap_racer {
namespace {

std::string risk_text(int distinct) {
  return fmt::format("risk: {} of 6 numbers {} a double", distinct, distinct == 1 ? "is" : "are");
}

}  // namespace

std::string ScrapRacerPresenter::prompt(const State& state, PlayerId player) const {
  const ScrapRacerState& s = game_state(state);
  const int r = s.active();
  switch (s.phase()) {
    case Phase::ChooseFirst: {
      int a = 0, b = 0;
      s.team(player, a, b);
      return fmt::format("Choose which racer starts, {} or {}: your turns keep this order all race.",
                         s.info(a).name, s.info(b).name);
    }
    case Phase::AfterDie: {
      std::string dice;
      for (int i = 0; i < s.dice_rolled(); ++i) dice += fmt::format("{}{}", i ? " " : "", s.die(i));
      const int v = s.die(s.dice_rolled() - 1);
      const bool boost = s.boosts_held(r) > 0;
      if (s.last_die_is_double())
        return fmt::format("{}: dice {}. Double {}! Take the crash card (pile {}){}", s.info(r).name, dice, v,
                           Data::pile_name((v - 1) / 2), boost ? " or use a Boost marker on this die" : "");
      const std::string tail = boost ? fmt::format(" (or a Boost marker on the {})", v) : std::string();
      if (s.dice_rolled() == kDice)
        return fmt::format("{}: dice {}. Move {}{}", s.info(r).name, dice, s.dice_total(), tail);
      return fmt::format("{}: dice {}. Roll again ({}) / Move {}{}", s.info(r).name, dice,
                         risk_text(s.dice_rolled()), s.dice_total(), tail);
    }
    case Phase::MoveBefore:
      return fmt::format("{}: move {}. Play bonus cards before moving, or advance.", s.info(r).name,
                         s.move_total());
    case Phase::MoveAfter:
      return fmt::format("{}: play bonus cards after moving, or end the move.", s.info(r).name);
    case Phase::FightChoose:
      return fmt::format("Your {} and {} share a space: choose the winner (advances 1 space).",
                         s.info(s.fighter_a()).name, s.info(s.fighter_b()).name);
    default: return "";
  }
}

// After a die: roll on or move as the normal computer reckons (the dice kept
// against another die, its risk of a double, the crash piles and the Boost
// markers held), so Enter never rolls into a likely double.
std::optional<Action> ScrapRacerPresenter::default_option(const State& state, PlayerId player) const {
  const ScrapRacerState& s = game_state(state);
  if (s.phase() != Phase::AfterDie || player != s.active_player() || s.last_die_is_double() ||
      !s.is_legal(player, kRoll))
    return std::nullopt;
  ScrapRacerBot bot(BotLevel::Normal);
  return bot.value_of(s, kRoll) > bot.value_of(s, kMove) ? kRoll : kMove;
}

std::string ScrapRacerPresenter::legend(const State& state) const {
  // Every racer of the game, dealt or not (the legend is asked at any time).
  std::string racers;
  for (const RacerInfo& r : game_state(state).data().racers)
    racers += fmt::format("{}{} {}", racers.empty() ? "" : ", ", r.letter, r.name);
  return fmt::format(
      "The track: [  ] a straight space, (  ) a curve, F> the finish line before space 1; numbers every "
      "fifth "
      "space.\n"
      "  * a face-down Boost marker; . an empty Boost space; letters are racers ({}), the racer moving drawn "
      "reversed; + more racers on one space.\n"
      "Dashboards: > marks the racer moving; laps: lap markers of {}; position: space and lap; boost R/+-/T: "
      "Boost markers Re-roll / Plus-minus / Turn; markers: bonus markers toward a bonus card (filled: "
      "collected); cards: bonus cards held (shared: a team's, shown on its leader).",
      racers, kLaps);
}

}  // namespace rt::scrap_racer
