#include "games/scrap_racer/data.h"

#include <fmt/format.h>

#include "core/json_data.h"
#include "games/scrap_racer/track.h"

namespace rt::scrap_racer {

const char* Data::pile_name(int pile) {
  static const char* const kNames[] = {"1/2", "3/4", "5/6"};
  return kNames[pile];
}
const char* Data::boost_name(int kind) {
  static const char* const kNames[] = {"Re-roll", "+/-1", "Turn"};
  return kNames[kind];
}
const char* Data::boost_id(int kind) {
  static const char* const kIds[] = {"reroll", "plus-minus", "turn"};
  return kIds[kind];
}

std::string describe(const CrashCard& c) {
  switch (c.effect) {
    case CrashEffect::Advance: return fmt::format("you move forward {}", c.spaces);
    case CrashEffect::TwoDice: return "roll 2 dice and move forward the total (a double is fine)";
    case CrashEffect::ForwardAndBack:
      return fmt::format("the racer in front moves back {}, then you move forward {}", c.other, c.spaces);
    case CrashEffect::Stay: return "you do not move";
    case CrashEffect::CatchingUp:
      return fmt::format("you stay; the closest racer behind moves forward {}", c.spaces);
    case CrashEffect::BackwardsDie: return "roll 1 die and move back that many";
    case CrashEffect::Push:
      return fmt::format("forward up to {}, stopping on a racer, which moves forward {}", c.spaces, c.other);
    case CrashEffect::Backwards: return fmt::format("you move back {}", c.spaces);
    case CrashEffect::LossOfPosition: return "you are placed just behind the last racer";
    case CrashEffect::LastPlace: return fmt::format("you stay; the last racer moves forward {}", c.spaces);
  }
  return {};
}

std::string describe(const GoalCard& g) {
  if (g.moves == GoalMoves::Last)
    return g.racers == 1 ? fmt::format("the last racer moves forward {}", g.spaces)
                         : fmt::format("the last {} racers each move forward {}", g.racers, g.spaces);
  return g.racers == 1 ? fmt::format("all but the leader move forward {}", g.spaces)
                       : fmt::format("all but the first {} move forward {}", g.racers, g.spaces);
}

std::string describe(const BonusCard& b) {
  switch (b.effect) {
    case BonusEffect::Forward: return fmt::format("advance {} spaces", b.spaces);
    case BonusEffect::Straight: return "advance to the next straight space";
    case BonusEffect::Curve: return "advance to the next curved space";
    case BonusEffect::CatchUp: return "advance onto the space of the next racer in front";
  }
  return {};
}

namespace {

Color colour_named(const JsonField& f) {
  static const std::vector<std::string> names{"red", "green", "yellow", "blue", "magenta", "cyan", "white"};
  static const Color colours[] = {Color::Red,     Color::Green, Color::Yellow, Color::Blue,
                                  Color::Magenta, Color::Cyan,  Color::White};
  return colours[f.one_of(names)];
}

void load_racers(const DataSource& source, Data& d) {
  JsonDocument doc(source, "scrap-racer/racers.json");
  const JsonField racers = doc.root().at("racers");
  if (racers.size() != kMaxRacers)
    racers.fail(fmt::format("needs exactly {} racers (one per dashboard)", kMaxRacers));
  static const std::vector<std::string> abilities{"curve-step",  "fight-win",   "passed-marker",
                                                  "two-markers", "passed-step", "straight-step"};
  for (const JsonField& r : racers.items()) {
    RacerInfo info;
    info.id = r.str("id");
    info.name = r.str("name");
    const std::string letter = r.str("letter");
    if (letter.size() != 1 || letter[0] < 'A' || letter[0] > 'Z')
      r.at("letter").fail("must be one capital letter");
    info.letter = letter[0];
    info.colour = colour_named(r.at("colour"));
    info.ability = static_cast<Ability>(r.at("ability").one_of(abilities));
    info.text = r.str("text");
    for (const RacerInfo& o : d.racers) {
      if (o.id == info.id) r.at("id").fail(fmt::format("racer '{}' is listed twice", info.id));
      if (o.letter == info.letter)
        r.at("letter").fail(fmt::format("letter {} is already {}'s", letter, o.name));
      if (o.ability == info.ability) r.at("ability").fail(fmt::format("{} already has this ability", o.name));
    }
    d.racers.push_back(std::move(info));
  }
}

void load_track(const DataSource& source, Data& d) {
  JsonDocument doc(source, "scrap-racer/track.json");
  const JsonField root = doc.root();
  const JsonField straight = root.at("straight");
  d.straight_tiles = straight.int_in("tiles", 0, 6);
  d.straight_spaces = straight.int_in("spaces", 1, 4);
  const JsonField curve = root.at("curve");
  d.curve_tiles = curve.int_in("tiles", kCurveTiles, kCurveTiles);
  d.curve_spaces = curve.int_in("spaces", 1, 3);
  d.boost_space = curve.int_in("boost_space", 1, d.curve_spaces);
  const JsonField layouts = root.at("layouts");
  if (layouts.size() == 0 || layouts.size() > 26) layouts.fail("needs 1 to 26 layouts");
  for (const JsonField& l : layouts.items()) {
    Layout lay{l.str("id"), l.str("order")};
    if (lay.id.size() != 1 || lay.id[0] < 'A' || lay.id[0] > 'Z')
      l.at("id").fail("a layout id is one capital letter");
    for (const Layout& o : d.layouts)
      if (o.id == lay.id) l.at("id").fail(fmt::format("layout {} is listed twice", lay.id));
    for (bool short_game : {false, true}) {
      const std::string why = check_order(d, lay.order, short_game, nullptr);
      if (!why.empty()) l.at("order").fail(short_game ? "short version: " + why : why);
    }
    d.layouts.push_back(std::move(lay));
  }
}

void load_cards(const DataSource& source, Data& d) {
  JsonDocument doc(source, "scrap-racer/cards.json");
  const JsonField root = doc.root();

  const JsonField markers = root.at("markers");
  const JsonField boost = markers.at("boost");
  for (int k = 0; k < kBoostKinds; ++k) {
    d.boost_copies[k] = boost.int_in(Data::boost_id(k), 0, 30);
    d.boost_markers += d.boost_copies[k];
  }
  d.markers_per_card = markers.int_in("bonus_markers_per_card", 2, 6);
  d.hover_markers_per_card = markers.int_in("hover_markers_per_card", 1, d.markers_per_card);
  // Every dashboard may hold one marker short of a card while another racer takes its last one.
  const int need = kMaxRacers * (d.markers_per_card - 1) + 1;
  d.bonus_markers = markers.int_in("bonus", need, 99);
  d.lap_markers = markers.int_in("lap", kMaxRacers * kLaps, 99);

  static const std::vector<std::string> piles{"1/2", "3/4", "5/6"};
  static const std::vector<std::string> effects{
      "advance", "two-dice",  "forward-and-back", "stay",      "catching-up", "backwards-die",
      "push",    "backwards", "loss-of-position", "last-place"};
  const JsonField crash = root.at("crash");
  if (crash.size() == 0 || crash.size() > kMaxCrashTypes)
    crash.fail(fmt::format("needs 1 to {} crash card kinds", kMaxCrashTypes));
  for (const JsonField& c : crash.items()) {
    CrashCard card{};
    card.pile = static_cast<int>(c.at("pile").one_of(piles));
    card.id = c.str("id");
    card.name = c.str("name");
    card.effect = static_cast<CrashEffect>(c.at("effect").one_of(effects));
    const bool wants_spaces = card.effect == CrashEffect::Advance ||
                              card.effect == CrashEffect::ForwardAndBack ||
                              card.effect == CrashEffect::CatchingUp || card.effect == CrashEffect::Push ||
                              card.effect == CrashEffect::Backwards || card.effect == CrashEffect::LastPlace;
    const bool wants_other = card.effect == CrashEffect::ForwardAndBack || card.effect == CrashEffect::Push;
    if (wants_spaces)
      card.spaces = c.int_in("spaces", 1, 12);
    else if (c.has("spaces"))
      c.at("spaces").fail("this effect moves no fixed number of spaces");
    if (wants_other)
      card.other = c.int_in("other", 1, 12);
    else if (c.has("other"))
      c.at("other").fail("this effect moves no other racer a fixed number of spaces");
    card.copies = c.int_in("copies", 1, 40);
    for (const CrashCard& o : d.crash)
      if (o.pile == card.pile && o.id == card.id)
        c.at("id").fail(fmt::format("'{}' is listed twice in pile {}; use copies", card.id,
                                    piles[static_cast<std::size_t>(o.pile)]));
    d.pile_cards[card.pile] += card.copies;
    d.crash.push_back(std::move(card));
  }
  for (int p = 0; p < kPiles; ++p)
    if (d.pile_cards[p] == 0)
      crash.fail(fmt::format("crash pile {} has no cards", piles[static_cast<std::size_t>(p)]));

  static const std::vector<std::string> moves{"last", "all-but-first"};
  const JsonField goal = root.at("goal");
  if (goal.size() == 0 || goal.size() > kMaxGoalTypes)
    goal.fail(fmt::format("needs 1 to {} goal cards", kMaxGoalTypes));
  for (const JsonField& g : goal.items()) {
    GoalCard card{};
    card.id = g.str("id");
    card.number = g.int_in("number", 1, 9);
    card.name = g.str("name");
    card.moves = static_cast<GoalMoves>(g.at("moves").one_of(moves));
    card.racers = g.int_in("racers", 1, kMaxRacers - 1);
    card.spaces = g.int_in("spaces", 1, 12);
    card.copies = g.int_in("copies", 1, 40);
    for (const GoalCard& o : d.goals)
      if (o.id == card.id) g.at("id").fail(fmt::format("'{}' is listed twice; use copies", card.id));
    d.goal_cards += card.copies;
    d.goals.push_back(std::move(card));
  }
  // Each racer draws at most two goal cards (none with its third lap marker).
  if (d.goal_cards < kMaxRacers * (kLaps - 1))
    goal.fail(fmt::format("needs at least {} cards: six racers draw two each", kMaxRacers * (kLaps - 1)));

  static const std::vector<std::string> bonus_effects{"forward", "straight", "curve", "catch-up"};
  const JsonField bonus = root.at("bonus");
  if (bonus.size() == 0 || bonus.size() > kMaxBonusTypes)
    bonus.fail(fmt::format("needs 1 to {} bonus card kinds", kMaxBonusTypes));
  for (const JsonField& b : bonus.items()) {
    BonusCard card{};
    card.id = b.str("id");
    card.name = b.str("name");
    card.effect = static_cast<BonusEffect>(b.at("effect").one_of(bonus_effects));
    if (card.effect == BonusEffect::Forward)
      card.spaces = b.int_in("spaces", 1, 12);
    else if (b.has("spaces"))
      b.at("spaces").fail("only a forward card moves a fixed number of spaces");
    card.copies = b.int_in("copies", 1, 40);
    for (const BonusCard& o : d.bonus)
      if (o.id == card.id) b.at("id").fail(fmt::format("'{}' is listed twice; use copies", card.id));
    d.bonus_cards += card.copies;
    d.bonus.push_back(std::move(card));
  }
}

}  // namespace

Data load_data(const DataSource& source) {
  Data d;
  load_racers(source, d);
  load_track(source, d);
  load_cards(source, d);
  d.rules_text = source.read("scrap-racer/rules.txt");
  return d;
}

}  // namespace rt::scrap_racer
