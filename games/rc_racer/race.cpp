// Rulebook, "2. Racing" and "Racetrack elements": every command, every track
// element, Damage and Batteries, lying down, missiles and Energy Shields.
#include "games/rc_racer/race.h"

#include <fmt/format.h>

namespace rt::rc_racer {

int Track::segment_of(int row) const {
  int s = 0;
  while (s + 1 < segments && row >= first_row[s + 1]) ++s;
  return s;
}

Track build_track(const Data& d, const BoardRef* refs, int count) {
  Track t;
  t.segments = count;
  int row = 0;
  for (int s = 0; s < count; ++s) {
    const BoardSide& b = d.side(refs[s]);
    t.refs[s] = refs[s];
    t.first_row[s] = static_cast<std::uint8_t>(row);
    for (int r = 0; r < b.rows; ++r)
      for (int lane = 0; lane < kLanes; ++lane) t.cells[(row + r) * kLanes + lane] = b.at(lane, r);
    if (s == 0) {
      t.start_rows = b.rows;
      t.slot_lane = b.slot_lane;
      t.slot_row = b.slot_row;
    }
    if (s == count - 1) t.line_row = row + d.finish_line_after;
    row += b.rows;
  }
  t.rows = row;
  return t;
}

std::string where(int lane, int row) {
  return fmt::format("lane {}, column {}", lane + 1, row + 1);
}

namespace {

const char* cell_name(Cell c) {
  switch (c) {
    case Cell::Floor: return "an empty space";
    case Cell::Obstacle: return "an Obstacle";
    case Cell::Impassable: return "an Impassable space";
    case Cell::Water: return "a Water Puddle";
    case Cell::Carpet: return "a carpet";
    case Cell::Grass: return "grass";
    case Cell::Speeder: return "a Crayon Speeder";
  }
  return "?";
}

Cmd reversed(Cmd c) {
  if (c == Cmd::DiagonalLeft) return Cmd::DiagonalRight;
  if (c == Cmd::DiagonalRight) return Cmd::DiagonalLeft;
  return c;
}

}  // namespace

bool Race::car_at(int lane, int row, PlayerId except) const {
  // Every car is looked at, without an early way out (docs/PERFORMANCE.md,
  // "Rules code shaped for speed").
  bool found = false;
  for (PlayerId q = 0; q < n; ++q) {
    const Car& c = cars[q];
    found |= (q != except) & (c.lane == lane) & (c.row == row);
  }
  return found;
}

std::uint8_t Race::fly_spots(PlayerId p) const {
  const Car& c = cars[p];
  std::uint8_t out = 0;
  for (int lane = 0; lane < kLanes; ++lane) {
    if (lane == c.lane) continue;
    const Cell cell = track.at(lane, c.row);
    if (cell == Cell::Obstacle || cell == Cell::Impassable || car_at(lane, c.row, p)) continue;
    out = static_cast<std::uint8_t>(out | 1u << lane);
  }
  return out;
}

int Race::cars_ahead(PlayerId p) const {
  int k = 0;
  for (int q = 0; q < n; ++q)
    if (q != p && cars[q].row > cars[p].row) ++k;
  return k;
}

// --- Damage ------------------------------------------------------------------

void Race::lose_one(PlayerId p, Narrator* nr, const char* rule) {
  Car& c = cars[p];
  if (c.shields > 0) {
    --c.shields;
    ++shield_supply;
    if (nr)
      nr->event("Energy Shields",
                fmt::format("{} discards an Energy Shield instead of a Battery ({} Shield{} left).",
                            nr->who(p), c.shields, c.shields == 1 ? "" : "s"))
          .type("shield_instead")
          .seat("player", p)
          .with("shields", c.shields);
    return;
  }
  if (c.batteries > 0) --c.batteries;
  if (nr)
    nr->event(rule, fmt::format("{} flips a Battery facedown ({} of {} left).", nr->who(p), c.batteries,
                                max_batteries))
        .type("battery_down")
        .seat("player", p)
        .with("batteries", c.batteries);
  if (c.batteries == 0 && !c.down) {
    c.down = true;
    if (nr)
      nr->event(
            "Damage: out of energy",
            fmt::format("{} flipped its last Battery: out of energy, it lies down on the track.", nr->who(p)))
          .type("lies_down")
          .seat("player", p);
  }
}

int Race::damage(PlayerId p, int amount, const TurnCtx* moving, Narrator* nr) {
  Car& c = cars[p];
  if (c.down) {
    if (nr)
      nr->event("Lying down", fmt::format("{} is lying down: hit, but it suffers no Damage.", nr->who(p)))
          .type("no_damage")
          .seat("player", p)
          .with("reason", "lying down");
    return 0;
  }
  if (on_start_grid(p)) {
    if (nr)
      nr->event("Track: Starting Grid",
                fmt::format("{} is on the Starting Grid: hit, but no Damage.", nr->who(p)))
          .type("no_damage")
          .seat("player", p)
          .with("reason", "starting grid");
    return 0;
  }
  if (moving && moving->no_damage) {
    if (nr)
      nr->event("Racecar: Grim Thresher",
                fmt::format("{} moves exactly 1 space forward: it ignores the Damage.", nr->who(p)))
          .type("no_damage")
          .seat("player", p)
          .with("reason", "Grim Thresher");
    return 0;
  }
  if (moving && moving->double_damage) {
    amount *= 2;
    if (nr)
      nr->event("Racecar: Turbobot", fmt::format("{} takes the Damage twice during its Turbo.", nr->who(p)))
          .type("double_damage")
          .seat("player", p);
  }
  int lost = 0;
  for (int i = 0; i < amount && !c.down; ++i) {
    lose_one(p, nr);
    ++lost;
  }
  return lost;
}

void Race::lose_battery(PlayerId p, Narrator* nr) {
  const Car& c = cars[p];
  if (c.shields == 0 && c.batteries == 0) {
    if (nr)
      nr->event("Programming: the slowest", fmt::format("{} has no Battery face up to flip.", nr->who(p)))
          .type("no_battery")
          .seat("player", p);
    return;
  }
  // Not Damage (our reading): the flip is tagged with the slowest's own rule.
  lose_one(p, nr, "1. Programming: the slowest");
}

// --- Track elements ------------------------------------------------------------

void Race::take_slippery(PlayerId p, Narrator* nr) {
  if (slippery == p) return;
  slippery = static_cast<std::int8_t>(p);
  if (nr)
    nr->event(
          "Track: Water Puddle",
          fmt::format("{} splashes through a Water Puddle and takes the Slippery token: its diagonals are "
                      "reversed from the next command until the end of its turn.",
                      nr->who(p)))
        .type("slippery")
        .seat("player", p)
        .with("taken", true);
}

void Race::step_move(PlayerId p, int dl, int dr, int value, TurnCtx& t, Narrator* nr) {
  Car& c = cars[p];
  for (int s = 0; s < value; ++s) {
    const int to_lane = c.lane + dl;
    const int to_row = c.row + dr;
    if (to_row < 0 || to_row >= track.rows) {
      if (nr)
        nr->event("Track: the end of the track",
                  fmt::format("{} reaches the end of the track and stops at {}.", nr->who(p),
                              where(c.lane, c.row)))
            .type("track_end")
            .seat("player", p)
            .with("lane", c.lane + 1)
            .with("row", c.row + 1);
      return;
    }
    if (to_lane < 0 || to_lane >= kLanes || track.at(to_lane, to_row) == Cell::Impassable) {
      if (nr) {
        const std::string what = to_lane < 0         ? std::string("the Blue edge of the track")
                                 : to_lane >= kLanes ? std::string("the Red edge of the track")
                                                     : "the Impassable space at " + where(to_lane, to_row);
        // The Damage itself is said by damage(), which knows when there is none (Starting Grid, lying down).
        nr->event("Track: Impassables",
                  fmt::format("{} cannot enter {}: it stays at {}.", nr->who(p), what, where(c.lane, c.row)))
            .type("blocked")
            .seat("player", p)
            .with("lane", c.lane + 1)
            .with("row", c.row + 1)
            .with("blocked_by", what);
      }
      damage(p, 1, &t, nr);
      return;
    }
    c.lane = static_cast<std::int8_t>(to_lane);
    c.row = static_cast<std::int8_t>(to_row);
    if (trail) trail->add(to_lane, to_row);
    const Cell cell = track.at(to_lane, to_row);
    if (cell == Cell::Water) take_slippery(p, nr);
    const bool other = car_at(to_lane, to_row, p);
    if (cell == Cell::Obstacle || other) {
      if (nr)
        nr->event(
              "Track: Obstacles and Racecars",
              fmt::format("{} runs into {} at {} and stops there: 1 Damage.", nr->who(p),
                          other ? (cell == Cell::Obstacle ? "a Racecar on an Obstacle" : "another Racecar")
                                : "an Obstacle",
                          where(to_lane, to_row)))
            .type("collision")
            .seat("player", p)
            .with("lane", to_lane + 1)
            .with("row", to_row + 1)
            .with("with", other ? "racecar" : "obstacle");
      damage(p, 1, &t, nr);
      return;
    }
  }
  if (nr)
    nr->event("Race", fmt::format("{} arrives at {}.", nr->who(p), where(c.lane, c.row)))
        .type("arrive")
        .seat("player", p)
        .with("lane", c.lane + 1)
        .with("row", c.row + 1);
}

void Race::jump(PlayerId p, int value, TurnCtx& t, Narrator* nr) {
  Car& c = cars[p];
  int target = c.row + value;
  if (target >= track.rows) {
    target = track.rows - 1;
    if (nr)
      nr->event("Track: the end of the track",
                fmt::format("{} can jump no further than the end of the track.", nr->who(p)))
          .type("track_end")
          .seat("player", p)
          .with("lane", c.lane + 1)
          .with("row", target + 1);
  }
  if (target == c.row) return;
  if (track.at(c.lane, target) == Cell::Impassable) {
    int r = target - 1;
    while (r > c.row && track.at(c.lane, r) == Cell::Impassable) --r;
    c.row = static_cast<std::int8_t>(r);
    if (trail) trail->add(c.lane, r);
    if (nr)
      nr->event(
            "Command: Jump",
            fmt::format("{} would land on the Impassable space at {}: it takes 1 Damage and is placed on the "
                        "first space behind it, {}.",
                        nr->who(p), where(c.lane, target), where(c.lane, r)))
          .type("jump_blocked")
          .seat("player", p)
          .with("lane", c.lane + 1)
          .with("row", r + 1);
    damage(p, 1, &t, nr);
    if (track.at(c.lane, r) == Cell::Water) take_slippery(p, nr);
    return;
  }
  c.row = static_cast<std::int8_t>(target);
  if (trail) trail->add(c.lane, target);
  const Cell cell = track.at(c.lane, target);
  if (cell == Cell::Water) take_slippery(p, nr);
  const bool other = car_at(c.lane, target, p);
  if (cell == Cell::Obstacle || other) {
    if (nr)
      nr->event("Track: Obstacles and Racecars",
                fmt::format("{} lands on {} at {}: 1 Damage.", nr->who(p),
                            other ? "another Racecar" : "an Obstacle", where(c.lane, target)))
          .type("collision")
          .seat("player", p)
          .with("lane", c.lane + 1)
          .with("row", target + 1)
          .with("with", other ? "racecar" : "obstacle");
    damage(p, 1, &t, nr);
    return;
  }
  if (nr)
    nr->event("Command: Jump", fmt::format("{} lands at {}.", nr->who(p), where(c.lane, c.row)))
        .type("arrive")
        .seat("player", p)
        .with("lane", c.lane + 1)
        .with("row", c.row + 1);
}

// --- Commands -------------------------------------------------------------------

void Race::move_command(PlayerId p, const TileKind& k, Cmd cmd, int base, int mod, int speeder, TurnCtx& t,
                        Narrator* nr) {
  Car& c = cars[p];
  const bool slip = slippery == p;  // taken during an earlier command of this turn
  const Cell here = cell(p);
  const bool diagonal = cmd == Cmd::DiagonalLeft || cmd == Cmd::DiagonalRight;
  const bool carpet = here == Cell::Carpet || here == Cell::Grass;
  int value = base;
  if (carpet) value = c.ability == Ability::CarpetTwo ? 2 : 1;
  value += mod + speeder;
  const bool sonic = diagonal && slip && c.ability == Ability::SlipperyDiagonals;
  if (sonic) ++value;
  if (value < 0) value = 0;
  if (diagonal && slip) cmd = reversed(cmd);

  if (nr) {
    std::string why;
    auto add = [&](const std::string& s) { why += (why.empty() ? "" : ", ") + s; };
    if (carpet)
      add(c.ability == Ability::CarpetTwo
              ? fmt::format("Brick Gang on {}: 2", here == Cell::Grass ? "grass" : "carpet")
              : fmt::format("{}: exactly 1", here == Cell::Grass ? "grass" : "carpet"));
    if (mod > 0) add(fmt::format("Increase +{}", mod));
    if (mod < 0) add(fmt::format("Decrease {}", mod));
    if (speeder) add(fmt::format("Crayon Speeder +{}", speeder));
    if (sonic) add("Sonic Fish +1");
    if (diagonal && slip)
      add(fmt::format("Slippery: reversed towards {}", cmd == Cmd::DiagonalLeft ? "Blue" : "Red"));
    const char* dir = cmd == Cmd::DiagonalLeft    ? " diagonally towards Blue"
                      : cmd == Cmd::DiagonalRight ? " diagonally towards Red"
                      : cmd == Cmd::Backwards     ? " backwards"
                                                  : " forward";
    nr->event(fmt::format("Command: {}", k.name), fmt::format("{}: {} goes {}{}{}{}.", nr->who(p), k.name,
                                                              value, value == 1 ? " space" : " spaces", dir,
                                                              why.empty() ? std::string() : " (" + why + ")"))
        .type("command")
        .seat("player", p)
        .with("command", k.name)
        .with("spaces", value)
        .with("lane", c.lane + 1)
        .with("row", c.row + 1);
  }
  if (cmd == Cmd::Missile) fire_missile(p, nr);
  if (cmd == Cmd::Backwards && on_start_grid(p)) {
    if (nr)
      nr->event("Track: Starting Grid",
                fmt::format("Backwards on the Starting Grid is ignored: {} stays.", nr->who(p)))
          .type("no_move")
          .seat("player", p);
    return;
  }
  if (value == 0) {
    if (nr) nr->event("Race", fmt::format("{} does not move.", nr->who(p))).type("no_move").seat("player", p);
    return;
  }
  if (here == Cell::Water) take_slippery(p, nr);  // starts its movement on a puddle
  const bool straight = cmd == Cmd::Forward || cmd == Cmd::Missile || cmd == Cmd::Jump || cmd == Cmd::Turbo;
  t.no_damage = c.ability == Ability::OneForwardNoDamage && straight && value == 1;
  t.double_damage = c.ability == Ability::TurboFour && cmd == Cmd::Turbo;
  switch (cmd) {
    case Cmd::DiagonalLeft: step_move(p, -1, 1, value, t, nr); break;
    case Cmd::DiagonalRight: step_move(p, 1, 1, value, t, nr); break;
    case Cmd::Backwards: step_move(p, 0, -1, value, t, nr); break;
    case Cmd::Jump: jump(p, value, t, nr); break;
    default: step_move(p, 0, 1, value, t, nr); break;
  }
  t.no_damage = false;
  t.double_damage = false;
}

void Race::run_command(PlayerId p, const TileKind& k, TurnCtx& t, Narrator* nr) {
  Car& c = cars[p];
  if (c.down) {
    t.mod = 0;
    if (c.batteries < max_batteries) ++c.batteries;
    if (nr)
      nr->event("Lying down",
                fmt::format("{} is lying down: it ignores {} and flips a Battery face up ({} of {}).",
                            nr->who(p), k.name, c.batteries, max_batteries))
          .type("recharge")
          .seat("player", p)
          .with("batteries", c.batteries);
    if (c.batteries >= max_batteries) {
      c.down = false;
      if (nr)
        nr->event("Lying down", fmt::format("{} is fully recharged and stands up.", nr->who(p)))
            .type("stands_up")
            .seat("player", p);
    }
    return;
  }
  const int mod = t.mod;
  t.mod = 0;
  const int inc = c.ability == Ability::DoubleIncrease ? 2 : 1;
  const int speeder = cell(p) == Cell::Speeder ? inc : 0;  // as if an Increase came before
  switch (k.cmd) {
    case Cmd::Increase:
    case Cmd::Decrease: {
      // "Decrease + Increase: The 2 commands cancel each other": an Increase after
      // a Decrease takes back that Decrease only, even Die Liner's double Increase.
      const bool cancels = k.cmd == Cmd::Increase && mod < 0;
      const int own = k.cmd == Cmd::Increase ? (cancels ? k.value : inc * k.value) : -k.value;
      t.mod = static_cast<std::int8_t>(mod + speeder + own);
      if (nr) {
        std::string why;
        auto add = [&](const std::string& w) { why += (why.empty() ? "" : ", ") + w; };
        if (inc == 2 && k.cmd == Cmd::Increase && !cancels) add("Die Liner applies it twice");
        if (mod) add(fmt::format("{:+d} from the command before", mod));
        if (speeder) add(fmt::format("Crayon Speeder {:+d}", speeder));
        if (cancels) add("it cancels the Decrease");
        nr->event(fmt::format("Command: {}", k.name),
                  fmt::format("{}: {} — the next command gains {:+d}{}.", nr->who(p), k.name, t.mod,
                              why.empty() ? std::string() : " (" + why + ")"))
            .type("modifier")
            .seat("player", p)
            .with("command", k.name)
            .with("modifier", t.mod)
            .with("speeder", speeder);
      }
      return;
    }
    case Cmd::Nothing:
      if (nr)
        nr->event("Command: Nothing", fmt::format("{}: Nothing happens!{}", nr->who(p),
                                                  speeder ? " (the Crayon Speeder's Increase is spent on it)"
                                                  : mod   ? " (the modifier is spent on it)"
                                                          : ""))
            .type("nothing")
            .seat("player", p);
      return;
    case Cmd::Battery: {
      if (c.ability == Ability::BatteryTwo && c.batteries >= max_batteries) {
        if (nr)
          nr->event("Racecar: Dogtor",
                    fmt::format("{} already has {} Batteries: its Battery command moves 2 forward instead.",
                                nr->who(p), max_batteries))
              .type("battery_full_move")
              .seat("player", p);
        move_command(p, k, Cmd::Forward, 2, mod, speeder, t, nr);
        return;
      }
      const int base = c.ability == Ability::BatteryTwo ? 2 * k.value : k.value;
      int gain = base + mod + speeder;
      if (gain < 0) gain = 0;
      const int before = c.batteries;
      c.batteries = static_cast<std::int8_t>(before + gain > max_batteries ? max_batteries : before + gain);
      if (nr) {
        // Where the value came from: the command before, a Crayon Speeder under the car.
        std::string why;
        if (mod) why = fmt::format("{:+d} from the command before", mod);
        if (speeder) why += fmt::format("{}Crayon Speeder {:+d}", why.empty() ? "" : ", ", speeder);
        if (!why.empty()) why = " (" + why + ")";
        if (c.batteries == before)
          nr->event("Command: Battery",
                    fmt::format("{}: Battery — {}, nothing happens{}.", nr->who(p),
                                gain == 0 ? "its value is 0" : "all Batteries are face up", why))
              .type("battery_up")
              .seat("player", p)
              .with("flipped", 0)
              .with("batteries", c.batteries)
              .with("speeder", speeder);
        else
          nr->event("Command: Battery",
                    fmt::format("{}: Battery — flips {} Batter{} face up ({} of {}){}.", nr->who(p),
                                c.batteries - before, c.batteries - before == 1 ? "y" : "ies", c.batteries,
                                max_batteries, why))
              .type("battery_up")
              .seat("player", p)
              .with("flipped", c.batteries - before)
              .with("batteries", c.batteries)
              .with("speeder", speeder);
      }
      return;
    }
    case Cmd::Turbo:
      move_command(p, k, Cmd::Turbo, c.ability == Ability::TurboFour ? 4 : c.batteries, mod, speeder, t, nr);
      return;
    default: move_command(p, k, k.cmd, k.value, mod, speeder, t, nr); return;
  }
}

void Race::fire_missile(PlayerId p, Narrator* nr) {
  const Car& c = cars[p];
  const bool both = c.ability == Ability::MissilesBothWays;
  if (nr)
    nr->event("Command: Missile", fmt::format("{} shoots a missile {} along lane {}.", nr->who(p),
                                              both ? "forward and backwards" : "straight ahead", c.lane + 1))
        .type("missile")
        .seat("player", p)
        .with("lane", c.lane + 1)
        .with("both_ways", both);
  int hits = 0;
  for (int q = 0; q < n; ++q) {
    const Car& o = cars[q];
    if (q == p || o.lane != c.lane) continue;
    if (o.row > c.row || (both && o.row < c.row)) {
      ++hits;
      if (nr)
        nr->event("Command: Missile", fmt::format("The missile hits {} at {}.",
                                                  nr->who(static_cast<PlayerId>(q)), where(o.lane, o.row)))
            .type("missile_hit")
            .seat("player", static_cast<PlayerId>(q))
            .with("lane", o.lane + 1)
            .with("row", o.row + 1);
      damage(static_cast<PlayerId>(q), 1, nullptr, nr);
    }
  }
  if (hits == 0 && nr) nr->event("Command: Missile", "The missile hits nobody.").type("missile_miss");
  if (both && hits > 0) {
    if (shield_supply > 0) {
      --shield_supply;
      ++cars[p].shields;
      if (nr)
        nr->event("Racecar: M1 Furry",
                  fmt::format("{} hit a Racecar with a missile: it gains 1 Energy Shield.", nr->who(p)))
            .type("shield_gained")
            .seat("player", p);
    } else if (nr) {
      nr->event("Racecar: M1 Furry", "No Energy Shield is left in the supply.").type("no_shield");
    }
  }
}

void Race::shield_move(PlayerId p, Narrator* nr) {
  Car& c = cars[p];
  --c.shields;
  ++shield_supply;
  if (nr)
    nr->event("Energy Shields",
              fmt::format("{} discards an Energy Shield to move 2 spaces forward ({} left).", nr->who(p),
                          c.shields))
        .type("shield_move")
        .seat("player", p)
        .with("shields", c.shields);
  TurnCtx t;
  step_move(p, 0, 1, 2, t, nr);
}

void Race::fly(PlayerId p, int lane, Narrator* nr) {
  Car& c = cars[p];
  c.lane = static_cast<std::int8_t>(lane);
  if (trail) trail->add(c.lane, c.row);
  if (nr)
    nr->event("Racecar: Bird Racer", fmt::format("{} flies sideways to {} ({}).", nr->who(p),
                                                 where(c.lane, c.row), cell_name(track.at(c.lane, c.row))))
        .type("fly")
        .seat("player", p)
        .with("lane", c.lane + 1)
        .with("row", c.row + 1);
  if (track.at(c.lane, c.row) == Cell::Water) take_slippery(p, nr);
}

void Race::end_turn(PlayerId p, Narrator* nr) {
  Car& c = cars[p];
  if (c.shields > 0) {
    if (nr)
      nr->event("Energy Shields",
                fmt::format("{} discards {} leftover Energy Shield{} at the end of its turn.", nr->who(p),
                            c.shields, c.shields == 1 ? "" : "s"))
          .type("shields_discarded")
          .seat("player", p)
          .with("shields", c.shields);
    shield_supply = static_cast<std::int8_t>(shield_supply + c.shields);
    c.shields = 0;
  }
  if (slippery == p) {
    slippery = -1;
    if (nr)
      nr->event("Track: Water Puddle",
                fmt::format("{} returns the Slippery token to the supply.", nr->who(p)))
          .type("slippery")
          .seat("player", p)
          .with("taken", false);
  }
}

}  // namespace rt::rc_racer
