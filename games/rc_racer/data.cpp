#include "games/rc_racer/data.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "core/json_data.h"
#include "core/types.h"

namespace rt::rc_racer {
namespace {

const std::vector<std::string>& command_words() {
  static const std::vector<std::string> w{"forward",   "diagonal-right", "diagonal-left", "nothing",
                                          "backwards", "jump",           "missile",       "turbo",
                                          "decrease",  "increase",       "battery"};
  return w;
}

const std::vector<std::string>& ability_words() {
  static const std::vector<std::string> w{"double-increase",    "missiles-both-ways", "one-forward-no-damage",
                                          "slippery-diagonals", "carpet-two",         "turbo-four",
                                          "battery-two",        "fly-sideways"};
  return w;
}

void load_controller(const DataSource& src, Data& d) {
  JsonDocument doc(src, "rc-racer/controller.json");
  const JsonField root = doc.root();
  const JsonField tiles = root.at("tiles");
  if (tiles.size() == 0) tiles.fail("needs the controller's tiles");
  int total = 0;
  for (const JsonField& t : tiles.items()) {
    TileKind k;
    k.id = t.str("id");
    k.name = t.str("name");
    k.short_name = t.str("short");
    if (k.short_name.empty() || k.short_name.size() > 5) t.at("short").fail("must be 1 to 5 characters");
    k.cmd = static_cast<Cmd>(t.at("command").one_of(command_words()));
    k.value = t.int_in("value", 0, 3);
    k.copies = t.int_in("copies", 1, kTiles);
    for (const TileKind& o : d.kinds)
      if (o.id == k.id) t.at("id").fail(fmt::format("tile '{}' is listed twice; use copies", k.id));
    const bool moves = k.cmd == Cmd::Forward || k.cmd == Cmd::DiagonalLeft || k.cmd == Cmd::DiagonalRight ||
                       k.cmd == Cmd::Backwards || k.cmd == Cmd::Jump || k.cmd == Cmd::Missile;
    if (moves && k.value == 0) t.at("value").fail("a movement tile moves at least 1 space");
    total += k.copies;
    d.kinds.push_back(std::move(k));
  }
  if (total != kTiles) tiles.fail(fmt::format("the controller holds {} tiles, not {}", kTiles, total));

  const JsonField layout = root.at("layout");
  if (layout.size() != kCells)
    layout.fail(fmt::format("needs {} entries (15 tiles and one null gap)", kCells));
  IndexVector<int, int> used(d.kinds.size(), 0);
  const IndexVector<int, JsonField> cells(layout.items());
  int gaps = 0;
  int next_tile = 0;
  for (int i = 0; i < kCells; ++i) {
    const JsonField& cell = cells[i];
    if (cell.json().is_null()) {
      d.layout[i] = kGap;
      ++gaps;
      continue;
    }
    const std::string id = cell.str();
    int kind = -1;
    for (int k = 0; k < d.kinds.size(); ++k)
      if (d.kinds[k].id == id) kind = k;
    if (kind < 0) cell.fail(fmt::format("unknown tile '{}'", id));
    if (++used[kind] > d.kinds[kind].copies) cell.fail(fmt::format("more '{}' tiles than its copies", id));
    if (next_tile >= kTiles) cell.fail("too many tiles");
    d.tile_kind[next_tile] = static_cast<std::uint8_t>(kind);
    d.layout[i] = static_cast<std::uint8_t>(next_tile++);
  }
  if (gaps != 1) layout.fail("needs exactly one null (the gap)");
  d.scramble_slides = root.int_in("scramble_slides", 0, 500);
  d.max_slides = root.int_in("max_slides", 20, 10000);
  d.countdown_ms = root.int_in("countdown_ms", 1000, 120000);
}

void load_racecars(const DataSource& src, Data& d) {
  JsonDocument doc(src, "rc-racer/racecars.json");
  const JsonField cars = doc.root().at("racecars");
  if (cars.size() < kMaxPlayers || cars.size() > 16) cars.fail("needs 4 to 16 racecars");
  std::set<std::size_t> abilities;
  for (const JsonField& c : cars.items()) {
    Racecar r;
    r.id = c.str("id");
    r.name = c.str("name");
    r.text = c.str("text");
    const std::size_t a = c.at("ability").one_of(ability_words());
    r.ability = static_cast<Ability>(a);
    for (const Racecar& o : d.racecars)
      if (o.id == r.id) c.at("id").fail(fmt::format("racecar '{}' is listed twice", r.id));
    if (!abilities.insert(a).second) c.at("ability").fail("two racecars share this ability");
    d.racecars.push_back(std::move(r));
  }
}

void load_race(const DataSource& src, Data& d) {
  JsonDocument doc(src, "rc-racer/race.json");
  const JsonField root = doc.root();
  d.batteries = root.int_in("batteries", 1, 9);
  d.battery_tokens = root.int_in("battery_tokens", d.batteries * kMaxPlayers, 99);
  d.shields = root.int_in("energy_shields", 0, 99);
  d.max_rounds = root.int_in("max_rounds", 5, 1000);
  const JsonField smiles = root.at("smiles");
  if (smiles.size() != kMaxPlayers) smiles.fail("needs one Smile token per player (4), happiest first");
  for (const JsonField& s : smiles.items()) d.smiles.push_back(s.str());
}

Cell cell_of(char c, const JsonField& where) {
  switch (c) {
    case '.': return Cell::Floor;
    case 'X': return Cell::Obstacle;
    case '#': return Cell::Impassable;
    case '~': return Cell::Water;
    case ':': return Cell::Carpet;
    case ',': return Cell::Grass;
    case '^': return Cell::Speeder;
    default: break;
  }
  where.fail(fmt::format("'{}' is not a track symbol (. X # ~ : , ^ or 1-4 on the Starting Grid)", c));
}

BoardSide load_side(const JsonField& f, const std::string& code, bool start) {
  BoardSide s;
  s.code = code;
  s.name = f.str("name");
  const JsonField rows = f.at("rows");
  if (rows.size() < 2 || rows.size() > kMaxBoardRows)
    rows.fail(fmt::format("needs 2 to {} rows", kMaxBoardRows));
  s.rows = static_cast<int>(rows.size());
  s.cells.resize(s.rows * kLanes);
  IndexArray<int, kMaxPlayers> slots{};
  int row = s.rows;  // the first line is the row furthest up the track
  for (const JsonField& line : rows.items()) {
    --row;
    const std::string text = line.str();
    if (text.size() != kLanes) line.fail(fmt::format("a row is {} lanes wide", kLanes));
    int enterable = 0;
    int lane = 0;
    for (const char c : text) {
      Cell cell;
      if (c >= '1' && c <= '4') {
        if (!start) line.fail("starting spaces belong on the Starting Grid");
        const int slot = c - '1';
        if (slots[slot]++) line.fail(fmt::format("starting space {} appears twice", c));
        s.slot_lane[slot] = static_cast<std::int8_t>(lane);
        s.slot_row[slot] = static_cast<std::int8_t>(row);
        cell = Cell::Floor;
      } else {
        cell = cell_of(c, line);
      }
      s.cells[row * kLanes + lane] = cell;
      if (cell != Cell::Impassable) ++enterable;
      ++lane;
    }
    if (enterable < 2) line.fail("every row needs at least two lanes a Racecar can enter");
  }
  if (start)
    for (int k = 0; k < kMaxPlayers; ++k)
      if (!slots[k]) rows.fail(fmt::format("starting space {} is missing", k + 1));
  return s;
}

void load_track(const DataSource& src, Data& d) {
  JsonDocument doc(src, "rc-racer/track.json");
  const JsonField root = doc.root();
  if (root.integer("lanes", 1, 99) != kLanes)
    root.at("lanes").fail(fmt::format("the track is {} lanes wide", kLanes));
  const JsonField tracks = root.at("tracks");
  if (tracks.size() < 4 || tracks.size() > kMaxTrackBoards)
    tracks.fail(fmt::format("needs 4 to {} Track boards (the long race uses 4)", kMaxTrackBoards));
  d.track_boards = static_cast<int>(tracks.size());
  d.sides.resize(2 * (d.track_boards + 2));
  const JsonField start = root.at("start");
  d.sides[0] = load_side(start.at("A"), "start-A", true);
  d.sides[1] = load_side(start.at("B"), "start-B", true);
  std::set<std::string> ids;
  int b = 0;
  for (const JsonField& t : tracks.items()) {
    const std::string id = t.str("id");
    if (id.empty() || id.size() > 2 || id.find_first_not_of("0123456789") != std::string::npos)
      t.at("id").fail("a Track board id is a number");
    if (!ids.insert(id).second) t.at("id").fail(fmt::format("board {} is listed twice", id));
    d.sides[d.track_ref(b, 0)] = load_side(t.at("A"), id + "A", false);
    d.sides[d.track_ref(b, 1)] = load_side(t.at("B"), id + "B", false);
    ++b;
  }
  const JsonField finish = root.at("finish");
  d.sides[d.finish_ref(0)] = load_side(finish.at("A"), "finish-A", false);
  d.sides[d.finish_ref(1)] = load_side(finish.at("B"), "finish-B", false);
  const int frows = std::min(d.sides[d.finish_ref(0)].rows, d.sides[d.finish_ref(1)].rows);
  d.finish_line_after = finish.int_in("line_after_row", 1, frows - 1);

  const JsonField first = root.at("first_game");
  for (const JsonField& f : first.items()) {
    const int ref = d.find_ref(f.str());
    if (ref < 0) f.fail(fmt::format("unknown board '{}'", f.str()));
    d.first_game.push_back(static_cast<BoardRef>(ref));
  }
  if (d.first_game.size() != 5 || d.first_game.front() > 1 || d.first_game.back() < d.finish_ref(0))
    first.fail("the first game's track is a Starting Grid, 3 Track boards and a Finish Line");
}

// Lanes of a board's top row reachable from `entry` (cells of its bottom
// row, or one starting space), driving forward and diagonally.
std::uint8_t drive_through(const BoardSide& s, int from_row, std::uint8_t entry) {
  std::uint8_t cur = 0;
  for (int lane = 0; lane < kLanes; ++lane)
    if ((entry >> lane & 1) && s.at(lane, from_row) != Cell::Impassable)
      cur = static_cast<std::uint8_t>(cur | 1u << lane);
  for (int row = from_row + 1; row < s.rows; ++row) {
    std::uint8_t next = 0;
    for (int lane = 0; lane < kLanes; ++lane) {
      if (s.at(lane, row) == Cell::Impassable) continue;
      for (int dl = -1; dl <= 1; ++dl) {
        const int from = lane - dl;
        if (from >= 0 && from < kLanes && (cur >> from & 1))
          next = static_cast<std::uint8_t>(next | 1u << lane);
      }
    }
    cur = next;
  }
  return cur;
}

// Entry lanes into the next board from the lanes reached on a top row.
std::uint8_t spread(std::uint8_t top) {
  return static_cast<std::uint8_t>(static_cast<unsigned>(top | top << 1 | top >> 1) & ((1u << kLanes) - 1));
}

bool reaches_line(const Data& d, const BoardSide& fin, std::uint8_t entry) {
  // Drive up to the first row past the line.
  BoardSide cut = fin;
  cut.rows = d.finish_line_after + 1;
  return drive_through(cut, 0, entry) != 0;
}

// Tries every remaining board and side; returns the failing track or "".
std::string search(const Data& d, std::uint8_t entry, unsigned used, int placed, int want,
                   std::vector<BoardRef>& path, std::set<std::pair<unsigned, int>>& seen) {
  if (placed == want) {
    for (int f = 0; f < 2; ++f)
      if (!reaches_line(d, d.side(d.finish_ref(f)), entry)) {
        std::string t;
        for (BoardRef r : path) t += d.side(r).code + ",";
        return t + d.side(d.finish_ref(f)).code;
      }
    return {};
  }
  if (!seen.insert({used << 8 | entry, placed}).second) return {};
  for (int b = 0; b < d.track_boards; ++b) {
    if (used >> b & 1) continue;
    for (int side = 0; side < 2; ++side) {
      const BoardRef ref = d.track_ref(b, side);
      const std::uint8_t top = drive_through(d.side(ref), 0, entry);
      path.push_back(ref);
      std::string bad;
      if (top) {
        bad = search(d, spread(top), used | 1u << b, placed + 1, want, path, seen);
      } else {
        for (std::size_t i = 0; i < path.size(); ++i) bad += (i ? "," : "") + d.side(path[i]).code;
      }
      path.pop_back();
      if (!bad.empty()) return bad;
    }
  }
  return {};
}

}  // namespace

const std::string& Data::smile_name(int rank, int racing) const {
  if (rank >= racing - 1) return smiles.back();
  return smiles[rank];
}

int Data::find_ref(const std::string& code) const {
  for (int i = 0; i < sides.size(); ++i)
    if (sides[i].code == code) return i;
  return -1;
}

void check_boards(const Data& d, const std::string& where) {
  for (int want = 3; want <= 4; ++want) {
    for (int s = 0; s < 2; ++s) {
      const BoardSide& start = d.side(d.start_ref(s));
      for (int slot = 0; slot < kMaxPlayers; ++slot) {
        const std::uint8_t top = drive_through(start, start.slot_row[slot],
                                               static_cast<std::uint8_t>(1u << start.slot_lane[slot]));
        std::vector<BoardRef> path{d.start_ref(s)};
        std::set<std::pair<unsigned, int>> seen;
        std::string bad = top ? search(d, spread(top), 0, 0, want, path, seen) : start.code;
        if (!bad.empty())
          throw DataError(
              fmt::format("{}: tracks: from starting space {} of {} no car can drive to the line "
                          "(track {})",
                          where, slot + 1, start.code, bad));
      }
    }
  }
  const int longest = d.sides[0].rows > d.sides[1].rows ? d.sides[0].rows : d.sides[1].rows;
  int tracks = 0;
  IndexVector<int, int> lengths;
  for (int b = 0; b < d.track_boards; ++b)
    lengths.push_back(std::max(d.side(d.track_ref(b, 0)).rows, d.side(d.track_ref(b, 1)).rows));
  std::sort(lengths.begin(), lengths.end(), std::greater<>());
  for (int i = 0; i < 4; ++i) tracks += lengths[i];
  const int fin = std::max(d.side(d.finish_ref(0)).rows, d.side(d.finish_ref(1)).rows);
  if (longest + tracks + fin > kMaxRows)
    throw DataError(fmt::format("{}: tracks: the long track would be over {} rows", where, kMaxRows));
}

Data load_data(const DataSource& src) {
  Data d;
  load_controller(src, d);
  load_racecars(src, d);
  load_race(src, d);
  load_track(src, d);
  check_boards(d, src.where("rc-racer/track.json"));
  d.rules_text = src.read("rc-racer/rules.txt");
  return d;
}

}  // namespace rt::rc_racer
