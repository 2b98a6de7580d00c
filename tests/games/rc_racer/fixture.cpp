#include "tests/games/rc_racer/fixture.h"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "tests/harness/harness.h"

namespace rt::rc_racer::fixture {

const Data& data() {
  static const Data d = load_data(DataSource::embedded());
  return d;
}

const TileKind& tile(const std::string& id) {
  for (const TileKind& k : data().kinds)
    if (k.id == id) return k;
  FAIL("no tile " << id);
  return data().kinds.front();
}

bool Recorder::heard(const std::string& fragment) const {
  for (const auto& t : texts)
    if (t.find(fragment) != std::string::npos) return true;
  return false;
}

std::string Recorder::all() const {
  std::string out;
  for (std::size_t i = 0; i < texts.size(); ++i) out += "  [" + rules[i] + "] " + texts[i] + "\n";
  return out;
}

Bench::Bench(const std::vector<std::string>& rows, int start_rows, int line_row) {
  Track& t = race.track;
  t.rows = static_cast<int>(rows.size());
  t.start_rows = start_rows;
  t.line_row = line_row;
  t.segments = 1;
  race.max_batteries = data().batteries;
  race.shield_supply = static_cast<std::int8_t>(data().shields);
  race.n = 0;
  for (int i = 0; i < t.rows; ++i) {
    const std::string& line = rows[static_cast<std::size_t>(i)];
    REQUIRE(line.size() == static_cast<std::size_t>(kLanes));
    const int row = t.rows - 1 - i;
    for (int lane = 0; lane < kLanes; ++lane) {
      char c = line[static_cast<std::size_t>(lane)];
      if (c >= 'A' && c <= 'D') {
        const int p = c - 'A';
        race.n = std::max(race.n, p + 1);
        place(static_cast<PlayerId>(p), lane, row);
        car(static_cast<PlayerId>(p));
        c = '.';
      }
      Cell cell = Cell::Floor;
      switch (c) {
        case 'X': cell = Cell::Obstacle; break;
        case '#': cell = Cell::Impassable; break;
        case '~': cell = Cell::Water; break;
        case ':': cell = Cell::Carpet; break;
        case ',': cell = Cell::Grass; break;
        case '^': cell = Cell::Speeder; break;
        default: break;
      }
      t.cells[static_cast<std::size_t>(row * kLanes + lane)] = cell;
    }
  }
}

void Bench::place(PlayerId p, int lane, int row) {
  Car& c = race.cars[static_cast<std::size_t>(p)];
  c.lane = static_cast<std::int8_t>(lane);
  c.row = static_cast<std::int8_t>(row);
  race.n = std::max(race.n, p + 1);
}

Car& Bench::car(PlayerId p, const std::string& racer, int batteries, int shields) {
  Car& c = race.cars[static_cast<std::size_t>(p)];
  int r = -1;
  for (int i = 0; i < data().racecars.size(); ++i)
    if (data().racecars[i].id == racer) r = i;
  REQUIRE(r >= 0);
  c.racer = static_cast<std::uint8_t>(r);
  c.ability = data().racecars[static_cast<std::size_t>(r)].ability;
  c.batteries = static_cast<std::int8_t>(batteries);
  race.shield_supply = static_cast<std::int8_t>(race.shield_supply + c.shields - shields);
  c.shields = static_cast<std::int8_t>(shields);
  c.down = batteries == 0;
  return c;
}

void Bench::run(PlayerId p, const std::string& tile_id) {
  race.run_command(p, tile(tile_id), turn, &said);
}

void Bench::run_all(PlayerId p, const std::vector<std::string>& ids) {
  for (const auto& id : ids) run(p, id);
}

Grid grid_with_program(const std::vector<std::string>& program) {
  REQUIRE(program.size() == static_cast<std::size_t>(kProgram));
  const Data& d = data();
  Grid g{};
  std::array<bool, kTiles> used{};
  bool gap_used = false;
  for (int i = 0; i < kProgram; ++i) {
    const std::string& id = program[static_cast<std::size_t>(i)];
    if (id == "gap") {
      REQUIRE(!gap_used);
      gap_used = true;
      g[static_cast<std::size_t>(kProgramFirstCell + i)] = kGap;
      continue;
    }
    int found = -1;
    for (int t = 0; t < kTiles && found < 0; ++t)
      if (!used[static_cast<std::size_t>(t)] && d.kind_of_tile(t).id == id) found = t;
    INFO("tile " << id);
    REQUIRE(found >= 0);
    used[static_cast<std::size_t>(found)] = true;
    g[static_cast<std::size_t>(kProgramFirstCell + i)] = static_cast<std::uint8_t>(found);
  }
  static const int kOuter[] = {0, 1, 2, 3, 12, 13, 14, 15};
  int next = 0;
  for (int t = 0; t < kTiles; ++t)
    if (!used[static_cast<std::size_t>(t)])
      g[static_cast<std::size_t>(kOuter[next++])] = static_cast<std::uint8_t>(t);
  if (!gap_used) g[static_cast<std::size_t>(kOuter[next++])] = kGap;
  if (parity_class(g) != parity_class(d.layout)) {
    // Swap two outer tiles: the program is untouched and the grid solvable.
    int a = -1;
    int b = -1;
    for (int c : kOuter) {
      if (g[static_cast<std::size_t>(c)] == kGap) continue;
      if (a < 0)
        a = c;
      else if (b < 0)
        b = c;
    }
    std::swap(g[static_cast<std::size_t>(a)], g[static_cast<std::size_t>(b)]);
  }
  REQUIRE(parity_class(g) == parity_class(d.layout));
  return g;
}

std::shared_ptr<const RcRacerGame> make_game(int players, const std::vector<std::string>& variants,
                                             const std::map<std::string, std::string>& params,
                                             const Data* custom) {
  Options o;
  o.players = players;
  static const char* const kNames[] = {"Ana", "Ben", "Cleo", "Dev"};
  for (int p = 0; p < players; ++p) o.names.push_back(kNames[p]);
  for (const auto& v : variants) o.variants.insert(v);
  o.params = params;
  return std::make_shared<RcRacerGame>(o, custom ? *custom : data());
}

std::shared_ptr<const RcRacerGame> race_game(int players, const std::string& racers,
                                             const std::vector<std::string>& variants,
                                             std::map<std::string, std::string> params) {
  params["racers"] = racers;
  if (!params.count("track")) params["track"] = "first-game";
  return make_game(players, variants, params);
}

void skip_scramble(RcRacerState& s) {
  std::vector<Outcome> outs;
  while (s.phase() == Phase::Scramble) {
    outs.clear();
    s.chance_outcomes(outs);
    s.apply_checked(kChance, outs.front().action, s.now());
  }
}

std::unique_ptr<RcRacerState> programming_state(std::shared_ptr<const RcRacerGame> game) {
  // A state points to its game: keep every game made here alive for the whole run.
  static std::vector<std::shared_ptr<const RcRacerGame>> keep;
  keep.push_back(game);
  auto base = game->new_initial_state();
  std::unique_ptr<RcRacerState> s(static_cast<RcRacerState*>(base.release()));
  REQUIRE(s->phase() == Phase::PlaceCar);
  for (int p = s->num_players() - 1; p >= 0; --p)
    test::act(*s, static_cast<PlayerId>(p), fmt::format("start {}", p + 1));
  skip_scramble(*s);
  REQUIRE(s->phase() == Phase::Programming);
  return s;
}

void all_done(RcRacerState& s, const std::vector<PlayerId>& order) {
  for (PlayerId p : order) test::act(s, p, "done", s.now() + 1000);
}

bool has_event(const std::vector<Event>& events, const std::string& fragment) {
  for (const auto& e : events)
    if (e.text.find(fragment) != std::string::npos) return true;
  return false;
}

std::string joined(const std::vector<Event>& events) {
  std::string out;
  for (const auto& e : events) out += "  [" + e.rule + "] " + e.text + "\n";
  return out;
}

}  // namespace rt::rc_racer::fixture
