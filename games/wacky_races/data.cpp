#include "games/wacky_races/data.h"

#include <cctype>

#include <fmt/format.h>

#include "core/json_data.h"

namespace rt::wacky_races {
namespace {

const std::vector<std::string> kPowerCodes{"MOVE",      "DRAW",           "STEAL",         "SWAP_RACER",
                                           "PUSH_BACK", "WILD_TILE",      "FORCE_DISCARD", "EXHAUST_OTHER",
                                           "PEEK_TRAP", "DASTARDLY_BACK", "HAND_PLUS",     "SWAP_TILE_AHEAD",
                                           "REDRAW",    "DISCARD",        "CANCEL"};
const std::vector<std::string> kTrapCodes{"ONE_CARD",  "OTHERS_FORWARD", "REARMOST_FORWARD",
                                          "BACK",      "EXHAUST_OWN",    "SWITCH_BEHIND",
                                          "NO_REFILL", "UNEXHAUST_ALL"};
const std::vector<std::string> kSpecialCodes{"SWAMP", "CROSSROADS", "RAILROAD", "ACME"};

std::string squash(const std::string& s) {
  std::string out;
  for (char ch : s)
    if (std::isalnum(static_cast<unsigned char>(ch)))
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
  return out;
}

void load_course(const DataSource& data, Catalog& c) {
  JsonDocument doc(data, "wacky-races/course.json");
  const JsonField root = doc.root();
  const JsonField terrains = root.at("terrains");
  if (terrains.size() != kTerrains) terrains.fail("needs exactly 4 terrains (Desert, Forest, Prairie, Farm)");
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < kTerrains; ++i) {
    const JsonField t = terrains.at(i);
    Terrain& out = c.terrains[i];
    out.id = t.str("id");
    out.name = t.str("name");
    out.short_name = t.str("short");
    if (out.short_name.size() != 3) t.at("short").fail("must be 3 characters");
    for (const auto& seen : ids)
      if (seen == out.id) t.at("id").fail("duplicate terrain");
    ids.push_back(out.id);
  }
  c.cards_per_terrain = root.int_in("movement_cards_per_terrain", 4, 60);
  c.hand_size = root.int_in("hand_size", 1, 6);
  c.cards_per_turn = root.int_in("cards_per_turn", 1, 3);
  c.spaces_per_tile = root.int_in("spaces_per_tile", 1, 3);

  std::vector<std::string> with_wild = ids;
  with_wild.push_back("wild");
  const JsonField board = root.at("starting_board");
  if (board.size() != kField) board.fail("the Starting Board has one space per racer: give exactly 6");
  for (const JsonField& s : board.items()) {
    const std::size_t k = s.one_of(with_wild);
    c.starting_board.push_back(k == kTerrains ? kWild : static_cast<std::int8_t>(k));
  }

  auto half = [&](const char* key, IndexArray<int, kTerrains>& out) {
    const JsonField h = root.at(key);
    int total = 0;
    for (std::size_t t = 0; t < kTerrains; ++t) {
      out[t] = h.int_in(ids[t], 0, kMaxHalf);
      total += out[t];
    }
    for (const auto& k : h.keys()) {
      bool known = false;
      for (const auto& id : ids) known = known || id == k;
      if (!known) h.at(k).fail("not a terrain");
    }
    if (total < 1 || total > kMaxHalf) h.fail(fmt::format("needs 1 to {} tiles", kMaxHalf));
    return total;
  };
  c.first_len = half("first_half", c.first_half);
  c.second_len = half("second_half", c.second_half) + 1;  // + the Special tile

  const JsonField specials = root.at("specials");
  if (specials.size() != kSpecials) specials.fail("needs the 4 Special tiles");
  int seen_codes = 0;
  for (std::size_t i = 0; i < kSpecials; ++i) {
    const JsonField s = specials.at(i);
    SpecialTile& out = c.specials[i];
    out.id = s.str("id");
    out.name = s.str("name");
    out.short_name = s.str("short");
    if (out.short_name.size() != 3) s.at("short").fail("must be 3 characters");
    out.code = static_cast<SpecialCode>(s.at("effect").one_of(kSpecialCodes));
    const int bit = 1 << static_cast<int>(out.code);
    if (seen_codes & bit) s.at("effect").fail("each Special tile effect appears once");
    seen_codes |= bit;
  }
  c.neutral_reveals = root.int_in("neutral_reveals", 0, 6);

  const JsonField champ = root.at("championship");
  const JsonField points = champ.at("points");
  if (points.size() < 1 || points.size() > kField) points.fail("gives points for 1 to 6 places");
  for (const JsonField& p : points.items()) c.points.push_back(p.int_in(0, 100));
  c.max_races = champ.int_in("max_races", 1, 64);
  c.default_races = champ.int_in("default_races", 1, c.max_races);
  c.races_per_season = champ.int_in("races_per_season", 1, 64);

  c.start_len = kField;
  c.first_begin = c.start_len;
  c.gas_pos = c.first_begin + c.first_len;
  c.second_begin = c.gas_pos + 1;
  c.finish_pos = c.second_begin + c.second_len;
  c.num_pos = c.finish_pos + 1;
}

void load_traps(const DataSource& data, Catalog& c) {
  JsonDocument doc(data, "wacky-races/traps.json");
  const JsonField traps = doc.root().at("traps");
  if (traps.size() < 1 || traps.size() > kMaxTrapKinds)
    traps.fail(fmt::format("needs 1 to {} kinds of Trap card", kMaxTrapKinds));
  for (const JsonField& t : traps.items()) {
    TrapKind k;
    k.id = t.str("id");
    k.name = t.str("name");
    k.short_name = t.str("short");
    k.rule = "Trap: " + k.name;
    if (k.short_name.size() != 3) t.at("short").fail("must be 3 characters");
    k.text = t.str("text");
    k.copies = t.int_in("copies", 1, 8);
    k.code = static_cast<TrapCode>(t.at("effect").one_of(kTrapCodes));
    if (t.has("neutral_immune")) k.neutral_immune = t.at("neutral_immune").boolean();
    switch (k.code) {
      case TrapCode::OthersForward:
      case TrapCode::Back: k.n = t.int_in("n", 1, 6); break;
      case TrapCode::RearmostForward:
        k.n = t.int_in("n", 1, 6);
        k.racers = t.int_in("racers", 1, kField);
        break;
      case TrapCode::SwitchBehind: k.range = t.int_in("range", 1, 10); break;
      default: break;
    }
    for (const auto& other : c.traps)
      if (other.id == k.id) t.at("id").fail("duplicate trap");
    c.total_traps += k.copies;
    c.traps.push_back(std::move(k));
  }
}

Effect load_effect(const Catalog& c, const JsonField& e) {
  Effect out;
  out.code = static_cast<PowerCode>(e.at("code").one_of(kPowerCodes));
  switch (out.code) {
    case PowerCode::Move:
    case PowerCode::Draw:
    case PowerCode::HandPlus:
    case PowerCode::Discard: out.n = e.int_in("n", 1, 6); break;
    case PowerCode::Steal:
    case PowerCode::ForceDiscard:
      out.n = e.int_in("n", 1, 6);
      out.range = e.int_in("range", 0, 10);
      break;
    case PowerCode::PushBack:
      out.n = e.int_in("n", 1, 6);
      out.range = e.int_in("range", 0, 10);
      break;
    case PowerCode::SwapRacer:
    case PowerCode::ExhaustOther: out.range = e.int_in("range", 0, 10); break;
    case PowerCode::Cancel: {
      const std::string trap = e.str("trap");
      out.trap = c.trap_index(trap);
      if (out.trap < 0) e.at("trap").fail(fmt::format("'{}' is not a trap in traps.json", trap));
      break;
    }
    default: break;
  }
  if (e.has("dir")) {
    const std::size_t d = e.at("dir").one_of({"any", "ahead"});
    out.ahead = d == 1;
    if (out.ahead && out.range < 1) e.at("dir").fail("'ahead' needs a range of at least 1");
    if (out.code != PowerCode::SwapRacer && out.code != PowerCode::PushBack)
      e.at("dir").fail("only SWAP_RACER and PUSH_BACK take a direction");
  }
  if (e.has("pick")) {
    if (out.code != PowerCode::Steal) e.at("pick").fail("only STEAL takes 'pick'");
    out.victim_picks = e.at("pick").one_of({"random", "victim"}) == 1;
  }
  return out;
}

void load_racers(const DataSource& data, Catalog& c) {
  JsonDocument doc(data, "wacky-races/racers.json");
  const JsonField racers = doc.root().at("racers");
  if (racers.size() < kField || racers.size() > kMaxTeams)
    racers.fail(fmt::format("needs {} to {} racers", kField, kMaxTeams));
  for (const JsonField& r : racers.items()) {
    Team t;
    t.id = r.str("id");
    t.name = r.str("name");
    t.car = r.str("car");
    t.code = r.str("code");
    if (t.code.size() != 2) r.at("code").fail("must be 2 characters");
    for (const auto& other : c.teams) {
      if (other.id == t.id) r.at("id").fail("duplicate racer");
      if (other.code == t.code) r.at("code").fail("duplicate code");
    }
    const JsonField powers = r.at("powers");
    if (powers.size() != kPowers) powers.fail("each racer has exactly 4 Special Power cards");
    int cancels = 0;
    for (std::size_t i = 0; i < kPowers; ++i) {
      const JsonField p = powers.at(i);
      Power& out = t.powers[i];
      out.id = p.str("id");
      out.name = p.str("name");
      for (std::size_t j = 0; j < i; ++j)
        if (t.powers[j].id == out.id) p.at("id").fail("duplicate power id");
      const JsonField effects = p.at("effects");
      if (effects.size() < 1 || effects.size() > kMaxEffects)
        effects.fail(fmt::format("needs 1 to {} effects", kMaxEffects));
      for (const JsonField& e : effects.items()) out.effects.push_back(load_effect(c, e));
      for (int j = 0; j < out.effects.size(); ++j) {
        const PowerCode code = out.effects[j].code;
        if (code == PowerCode::Cancel && out.effects.size() != 1)
          effects.fail("a CANCEL card does nothing else");
        if (code == PowerCode::Discard && j == 0) effects.fail("DISCARD only follows another effect");
      }
      if (out.is_cancel())
        ++cancels;
      else
        t.turn_powers = static_cast<std::uint8_t>(t.turn_powers | (1u << i));
    }
    if (cancels != 1) powers.fail("each racer has exactly one trap-cancelling card");
    c.teams.push_back(std::move(t));
  }
}

}  // namespace

int Catalog::team_index(const std::string& id) const {
  for (int i = 0; i < teams.size(); ++i)
    if (teams[i].id == id) return i;
  return -1;
}

int Catalog::trap_index(const std::string& id) const {
  for (int i = 0; i < traps.size(); ++i)
    if (traps[i].id == id) return i;
  return -1;
}

int Catalog::special_index(SpecialCode code) const {
  for (int i = 0; i < kSpecials; ++i)
    if (specials[i].code == code) return i;
  return -1;
}

int find_team(const Catalog& c, const std::string& name) {
  const std::string want = squash(name);
  if (want.empty()) return -1;
  for (int i = 0; i < c.teams.size(); ++i) {
    const Team& t = c.teams[i];
    if (squash(t.id) == want || squash(t.name) == want || squash(t.car) == want || squash(t.code) == want)
      return i;
  }
  // A unique prefix of the id or the name ("penelope", "rufus").
  int found = -1;
  for (int i = 0; i < c.teams.size(); ++i) {
    const Team& t = c.teams[i];
    if (squash(t.id).rfind(want, 0) == 0 || squash(t.name).rfind(want, 0) == 0) {
      if (found >= 0) return -1;
      found = i;
    }
  }
  return found;
}

Catalog load_catalog(const DataSource& data) {
  Catalog c;
  load_course(data, c);
  load_traps(data, c);
  load_racers(data, c);
  if (c.total_cards() < kField * c.hand_size + 8) {
    JsonDocument doc(data, "wacky-races/course.json");
    doc.root().at("movement_cards_per_terrain").fail("too few Movement cards to deal six hands");
  }
  c.rules_text = data.read("wacky-races/rules.txt");
  return c;
}

std::string describe(const Catalog& c, const Effect& e) {
  auto within = [&](int r, bool ahead) {
    if (r == 0) return std::string("on your tile");
    return fmt::format("within {} tile{}{}", r, r == 1 ? "" : "s", ahead ? " ahead" : "");
  };
  auto cards = [](int n) { return fmt::format("{} card{}", n, n == 1 ? "" : "s"); };
  switch (e.code) {
    case PowerCode::Move: return fmt::format("move ahead {} space{}", e.n, e.n == 1 ? "" : "s");
    case PowerCode::Draw: return fmt::format("draw {}", cards(e.n));
    case PowerCode::Steal:
      return fmt::format("take {} from a player's racer {} ({})", cards(e.n), within(e.range, false),
                         e.victim_picks ? "they choose which" : "at random");
    case PowerCode::SwapRacer: return fmt::format("swap places with a racer {}", within(e.range, e.ahead));
    case PowerCode::PushBack:
      return fmt::format("a racer {} moves back {} space{}", within(e.range, e.ahead), e.n,
                         e.n == 1 ? "" : "s");
    case PowerCode::WildTile: return "your tile matches every terrain for the rest of this turn";
    case PowerCode::ForceDiscard:
      return fmt::format("a player's racer {} discards {} at random", within(e.range, false), cards(e.n));
    case PowerCode::ExhaustOther:
      return fmt::format("a player's racer {} exhausts one of its powers (its owner chooses)",
                         within(e.range, false));
    case PowerCode::PeekTrap: return "look at a face-down Trap";
    case PowerCode::DastardlyBack: return "the Mean Machine goes back behind the last racer";
    case PowerCode::HandPlus: return fmt::format("refill your hand to {} this turn", c.hand_size + e.n);
    case PowerCode::SwapTileAhead: return "swap the tile in front of yours with any other Terrain tile";
    case PowerCode::Redraw: return "discard any cards, then draw as many plus one";
    case PowerCode::Discard: return fmt::format("then discard {} of your choice", cards(e.n));
    case PowerCode::Cancel:
      return fmt::format("cancels {} (used automatically when it hits you)",
                         e.trap >= 0 ? c.traps[e.trap].name : std::string("a trap"));
  }
  return {};
}

std::string describe(const Catalog& c, const Power& p) {
  std::string out;
  for (int i = 0; i < p.effects.size(); ++i) {
    if (i) out += p.effects[i].code == PowerCode::Discard ? ", " : ", then ";
    out += describe(c, p.effects[i]);
  }
  return out;
}

}  // namespace rt::wacky_races
