// A table's listing from and to JSON: the one reader of the fields a table
// server's "info" and the SSH server's "tables" answer carry.
#include "net/table_listing.h"

#include <fmt/format.h>

namespace rt::net {
namespace {

// Long enough for any name a server gives; a listing past it is malformed.
constexpr std::size_t kMaxListedText = 256;
constexpr int kMaxListedCount = 1 << 20;

std::string text(const json& j, const char* key, bool required = false) {
  return printable(get_string(j, key, kMaxListedText, required));
}

int count(const json& j, const char* key, int hi = kMaxListedCount) {
  return get_int_in(j, key, 0, hi, false, 0);
}

ListedAccess access_of(const json& j) {
  const std::string a = get_string(j, "access", 16, false);
  if (a.empty()) return ListedAccess::Unstated;
  if (a == "public") return ListedAccess::Anyone;
  if (a == "code") return ListedAccess::Code;
  if (a == "named") return ListedAccess::Named;
  throw ProtocolError(fmt::format("\"access\" is \"{}\", not public, code or named", printable(a, 16)));
}

const char* access_word(ListedAccess a) {
  switch (a) {
    case ListedAccess::Anyone: return "public";
    case ListedAccess::Code: return "code";
    case ListedAccess::Named: return "named";
    case ListedAccess::Unstated: break;
  }
  return "";
}

ListedSeat read_seat(const json& s) {
  if (!s.is_object()) throw ProtocolError("not an object");
  ListedSeat seat;
  seat.name = text(s, "name");
  seat.human = get_bool(s, "human", false);
  seat.level = text(s, "level");
  seat.claimed = get_bool(s, "claimed", false);
  seat.connected = get_bool(s, "connected", false);
  seat.stand_in = get_bool(s, "stand_in", false);
  seat.user = text(s, "user");
  seat.mine = get_bool(s, "mine", false);
  return seat;
}

}  // namespace

int TableListing::free_seats() const {
  int n = 0;
  if (seats)
    for (const ListedSeat& s : *seats) n += s.human && !s.claimed ? 1 : 0;
  return n;
}

int TableListing::players() const {
  int n = 0;
  if (seats)
    for (const ListedSeat& s : *seats) n += s.human && s.claimed ? 1 : 0;
  return n;
}

std::optional<DealRead> deal_of_message(const json& j) {
  const auto it = j.find("deal");
  if (it == j.end()) return std::nullopt;
  return deal_of_json(*it);
}

TableListing read_listing(const json& j) {
  if (!j.is_object()) throw ProtocolError("a table listing is not an object");
  TableListing t;
  t.table = text(j, "table", true);
  t.game = text(j, "game");
  t.game_name = text(j, "game_name");
  t.phase = printable(get_string(j, "phase", 32, false));
  t.host = text(j, "host");
  t.protocol = count(j, "protocol");
  t.pid = static_cast<long>(get_int(j, "pid", 0, std::int64_t{1} << 31, false, 0));
  if (const auto it = j.find("seats"); it != j.end()) {
    if (!it->is_array()) throw ProtocolError("\"seats\" must be a list");
    std::vector<ListedSeat> seats;
    for (std::size_t p = 0; p < it->size(); ++p) {
      try {
        seats.push_back(read_seat((*it)[p]));
      } catch (const ProtocolError& e) {
        throw ProtocolError(fmt::format("seats[{}]: {}", p, e.what()));
      }
    }
    t.seats = std::move(seats);
  }
  t.watchers = count(j, "watchers");
  t.watch = get_bool(j, "watch", true);
  t.watch_only = get_bool(j, "watch_only", false);
  t.code = get_bool(j, "code", false);
  t.invited = get_bool(j, "invited", false);
  t.move_time_s = count(j, "move_time");
  t.game_time_min = count(j, "game_time");
  if (j.contains("deal")) {
    t.deal = deal_of_message(j);
    if (!t.deal) throw ProtocolError("\"deal\" is no deal (kind drawn or chosen)");
  }
  t.access = access_of(j);
  t.you_host = get_bool(j, "you_host", false);
  t.join_code = printable(get_string(j, "join_code", 64, false));
  return t;
}

json to_json(const TableListing& t) {
  json j{{"type", "info"}, {"table", t.table},         {"host", t.host},   {"code", t.code},
         {"game", t.game}, {"game_name", t.game_name}, {"phase", t.phase}, {"watchers", t.watchers}};
  if (t.protocol > 0) j["protocol"] = t.protocol;
  if (t.pid > 0) j["pid"] = t.pid;
  if (t.seats) {
    json seats = json::array();
    for (const ListedSeat& s : *t.seats) {
      json o{{"name", s.name},           {"human", s.human},       {"level", s.level}, {"claimed", s.claimed},
             {"connected", s.connected}, {"stand_in", s.stand_in}, {"user", s.user}};
      if (s.mine) o["mine"] = true;
      seats.push_back(std::move(o));
    }
    j["seats"] = std::move(seats);
  }
  if (t.watch_only) j["watch_only"] = true;
  if (!t.watch) j["watch"] = false;
  if (t.invited) j["invited"] = true;
  if (t.move_time_s > 0) j["move_time"] = t.move_time_s;
  if (t.game_time_min > 0) j["game_time"] = t.game_time_min;
  if (t.deal) j["deal"] = deal_json(t.deal->seed.value_or(0), t.deal->deal, t.deal->seed.has_value());
  if (t.access != ListedAccess::Unstated) j["access"] = access_word(t.access);
  if (t.you_host) j["you_host"] = true;
  if (!t.join_code.empty()) j["join_code"] = t.join_code;
  return j;
}

TablesAnswer read_tables_answer(const json& answer) {
  TablesAnswer a;
  const auto it = answer.find("tables");
  if (it == answer.end() || !it->is_array()) throw ProtocolError("\"tables\" is not a list");
  for (std::size_t k = 0; k < it->size(); ++k) {
    try {
      a.tables.push_back(read_listing((*it)[k]));
    } catch (const ProtocolError& e) {
      throw ProtocolError(fmt::format("tables[{}]: {}", k, e.what()));
    }
  }
  a.more = count(answer, "more");
  return a;
}

TablesAnswer read_tables_changes(const json& answer, const std::vector<TableListing>& before) {
  TablesAnswer changed = read_tables_answer(answer);
  const auto order = answer.find("order");
  if (order == answer.end() || !order->is_array()) throw ProtocolError("\"order\" is not a list");
  const auto named = [](const std::vector<TableListing>& in, const std::string& name) -> const TableListing* {
    for (const TableListing& t : in)
      if (t.table == name) return &t;
    return nullptr;
  };
  TablesAnswer out;
  out.more = changed.more;
  for (std::size_t k = 0; k < order->size(); ++k) {
    const json& name = (*order)[k];
    if (!name.is_string() || name.get_ref<const std::string&>().size() > kMaxListedText)
      throw ProtocolError(fmt::format("order[{}]: not a table's name", k));
    const std::string shown = printable(name.get<std::string>());
    const TableListing* t = named(changed.tables, shown);
    if (!t) t = named(before, shown);
    if (!t) throw ProtocolError(fmt::format("order[{}]: {} is neither changed nor listed before", k, shown));
    out.tables.push_back(*t);
  }
  return out;
}

std::string deal_text(const std::optional<DealRead>& d) {
  return d ? deal_words(d->seed.value_or(0), d->deal, d->seed.has_value()) : std::string();
}

std::string deal_sentence(const std::optional<DealRead>& d) {
  std::string s = deal_text(d);
  if (s.empty()) return s;
  if (s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s + ".";
}

std::string deal_short(const std::optional<DealRead>& d) {
  if (!d) return {};
  if (d->deal.kind == DealKind::Chosen) return fmt::format("seed {} (host's)", d->seed.value_or(0));
  return d->seed ? fmt::format("seed {}", *d->seed)
                 : fmt::format("deal {}...", d->deal.commitment.substr(0, 8));
}

}  // namespace rt::net
