// One way a table is described (net/table_spec.h): its checks, its JSON
// form and what the server takes of it.
#include "net/table_spec.h"

#include <algorithm>

#include <fmt/format.h>

#include "net/server.h"
#include "net/sockets.h"
#include "net/ssh_identity.h"
#include "net/table_broker.h"

namespace rt::net {
namespace {

struct FieldNames {
  SpecField field;
  std::string_view flag, key;
};
constexpr FieldNames kFieldNames[] = {
    {SpecField::Game, "GAME", "game"},
    {SpecField::Seats, "--seats", "seats"},
    {SpecField::Names, "--names", "names"},
    {SpecField::Variants, "--variant", "variants"},
    {SpecField::Options, "--option", "options"},
    {SpecField::Seed, "--seed", "seed"},
    {SpecField::Name, "--name", "table"},
    {SpecField::Code, "--code", "code"},
    {SpecField::Invited, "--invite", "players"},
    {SpecField::Group, "--group", "group"},
    {SpecField::MoveTime, "--move-time", "move_time"},
    {SpecField::GameTime, "--game-time", "game_time"},
};

const FieldNames& names_of(SpecField field) {
  return *std::find_if(std::begin(kFieldNames), std::end(kFieldNames),
                       [field](const FieldNames& f) { return f.field == field; });
}

bool in_range_or_zero(double v, double lo, double hi) {
  return v == 0 || (v >= lo && v <= hi);
}

std::string list_problem(const std::vector<std::string>& items) {
  if (items.size() > kMaxSpecItems) return fmt::format("at most {} of them", kMaxSpecItems);
  for (const std::string& s : items)
    if (s.size() > kMaxSpecTextBytes) return fmt::format("each at most {} bytes", kMaxSpecTextBytes);
  return {};
}

[[noreturn]] void bad(const char* key, std::string_view what) {
  throw UserError(fmt::format("{}: {}", key, what));
}

std::string text_of(const json& j, const char* key, std::size_t max) {
  const auto it = j.find(key);
  if (it == j.end()) return {};
  if (!it->is_string() || it->get_ref<const std::string&>().size() > max)
    bad(key, fmt::format("a text of at most {} bytes", max));
  return it->get<std::string>();
}

std::vector<std::string> texts_of(const json& j, const char* key) {
  std::vector<std::string> out;
  const auto it = j.find(key);
  if (it == j.end()) return out;
  const std::string what = fmt::format("at most {} texts of {} bytes", kMaxSpecItems, kMaxSpecTextBytes);
  if (!it->is_array() || it->size() > kMaxSpecItems) bad(key, what);
  for (const json& v : *it) {
    if (!v.is_string() || v.get_ref<const std::string&>().size() > kMaxSpecTextBytes) bad(key, what);
    out.push_back(v.get<std::string>());
  }
  return out;
}

bool flag_of_json(const json& j, const char* key, bool otherwise) {
  const auto it = j.find(key);
  if (it == j.end()) return otherwise;
  if (!it->is_boolean()) bad(key, "true or false");
  return it->get<bool>();
}

double number_of(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) return 0;
  if (!it->is_number()) bad(key, "a number");
  return it->get<double>();
}

}  // namespace

std::string_view admission_word(Admission admission) {
  switch (admission) {
    case Admission::Code: return "code";
    case Admission::Named: return "named";
    case Admission::Anyone: break;
  }
  return "public";
}

std::string_view flag_of(SpecField field) {
  return names_of(field).flag;
}
std::string_view json_key_of(SpecField field) {
  return names_of(field).key;
}

std::optional<SpecProblem> spec_problem(const TableSpec& spec, InvitedNames names) {
  const setup::TableRequest& r = spec.request;
  if (r.game.size() > kMaxSpecTextBytes) return SpecProblem{SpecField::Game, "not a game of racetable"};
  if (std::string why = list_problem(r.seats); !why.empty()) return SpecProblem{SpecField::Seats, why};
  if (std::count(r.seats.begin(), r.seats.end(), kHostSeat) > 1)
    return SpecProblem{SpecField::Seats,
                       "one seat is the host's: make the other people players at other terminals"};
  if (std::string why = list_problem(r.names); !why.empty()) return SpecProblem{SpecField::Names, why};
  if (std::string why = list_problem(r.variants); !why.empty()) return SpecProblem{SpecField::Variants, why};
  if (std::string why = list_problem(r.options); !why.empty()) return SpecProblem{SpecField::Options, why};
  if (r.seed_text.size() > kMaxSpecTextBytes)
    return SpecProblem{SpecField::Seed, fmt::format("at most {} characters", kMaxSpecTextBytes)};
  // No name: the server picks one.
  if (std::string why = spec.name.empty() ? std::string() : table_name_problem(spec.name); !why.empty())
    return SpecProblem{SpecField::Name, why};
  if (spec.code.size() > kMaxCodeBytes)
    return SpecProblem{SpecField::Code,
                       fmt::format("the join code is longer than {} characters", kMaxCodeBytes)};
  if (spec.group.size() > kMaxSpecTextBytes)
    return SpecProblem{SpecField::Group, fmt::format("at most {} characters", kMaxSpecTextBytes)};
  if (!in_range_or_zero(spec.move_time_s, kMinMoveTime, kMaxMoveTime))
    return SpecProblem{SpecField::MoveTime,
                       fmt::format("give seconds from {} to {} (0: no clock)", kMinMoveTime, kMaxMoveTime)};
  if (!in_range_or_zero(spec.game_time_min, kMinGameTime, kMaxGameTime))
    return SpecProblem{SpecField::GameTime, fmt::format("give minutes from {} to {} (0: no game clock)",
                                                        kMinGameTime, kMaxGameTime)};
  // Last: which names are right depends on where the table is (spec_from_json).
  if (spec.invited.size() > kMaxInvited)
    return SpecProblem{SpecField::Invited, fmt::format("at most {} names", kMaxInvited)};
  for (const std::string& who : spec.invited)
    if (std::string why = names == InvitedNames::Users ? invited_name_problem(who) : player_name_problem(who);
        !why.empty())
      return SpecProblem{SpecField::Invited, printable(why, 200)};
  return std::nullopt;
}

std::string problem_text(const SpecProblem& p, std::string_view label) {
  // A bad name says "bad table name" itself.
  if (p.field == SpecField::Name) return p.why;
  return fmt::format("{}: {}", label, p.why);
}

void check_spec_flags(const TableSpec& spec, InvitedNames names) {
  if (const auto p = spec_problem(spec, names)) throw OptionError(problem_text(*p, flag_of(p->field)));
}

json to_json(const TableSpec& spec) {
  const setup::TableRequest& r = spec.request;
  return json{{"game", r.game},
              {"seats", r.seats},
              {"seat_count", r.players},
              {"names", r.names},
              {"variants", r.variants},
              {"options", r.options},
              {"contest_pace", r.contest_pace},
              {"think", r.think},
              {"seed", r.seed_text},
              {"table", spec.name},
              {"access", admission_word(spec.admission)},
              {"code", spec.code},
              {"players", spec.invited},
              {"group", spec.group},
              {"watchers", spec.watchers},
              {"watchers_talk", spec.watchers_talk},
              {"move_time", spec.move_time_s},
              {"game_time", spec.game_time_min},
              {"hints", spec.hints}};
}

TableSpec spec_from_json(const json& j) {
  if (!j.is_object()) throw UserError("a table's description: not a JSON object");
  TableSpec s;
  setup::TableRequest& r = s.request;
  r.game = text_of(j, "game", kMaxSpecTextBytes);
  r.seats = texts_of(j, "seats");
  if (const auto it = j.find("seat_count"); it != j.end()) {
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > 64)
      bad("seat_count", "a number of seats");
    r.players = it->get<int>();
  }
  r.names = texts_of(j, "names");
  r.variants = texts_of(j, "variants");
  r.options = texts_of(j, "options");
  r.contest_pace = text_of(j, "contest_pace", kMaxSpecTextBytes);
  r.think = text_of(j, "think", kMaxSpecTextBytes);
  r.seed_text = text_of(j, "seed", kMaxSpecTextBytes);
  s.name = text_of(j, "table", kMaxSpecTextBytes);
  const std::string access = text_of(j, "access", kMaxSpecTextBytes);
  if (access == "code")
    s.admission = Admission::Code;
  else if (access == "named")
    s.admission = Admission::Named;
  else if (!access.empty() && access != "public")
    bad("access", "public, code or named");
  s.code = text_of(j, "code", kMaxCodeBytes);
  s.invited = texts_of(j, "players");
  s.group = text_of(j, "group", kMaxSpecTextBytes);
  s.watchers = flag_of_json(j, "watchers", true);
  s.watchers_talk = flag_of_json(j, "watchers_talk", false);
  s.move_time_s = number_of(j, "move_time");
  s.game_time_min = number_of(j, "game_time");
  s.hints = flag_of_json(j, "hints", false);
  // Whatever the peer's shell says, the limits hold: one text per field.
  const auto p = spec_problem(s, InvitedNames::Players);
  if (p && p->field != SpecField::Invited) throw UserError(problem_text(*p, json_key_of(p->field)));
  return s;
}

int host_seat_of(const TableSpec& spec) {
  const auto& seats = spec.request.seats;
  const auto it = std::find(seats.begin(), seats.end(), kHostSeat);
  return it == seats.end() ? 0 : static_cast<int>(it - seats.begin()) + 1;
}

setup::TableRequest server_request(const TableSpec& spec) {
  setup::TableRequest r = spec.request;
  for (std::string& seat : r.seats)
    if (seat == kRemoteSeat) seat = kHostSeat;
  return r;
}

void apply_spec(const TableSpec& spec, ServerOptions& opt) {
  opt.code = spec.code;
  opt.invited = spec.invited;
  opt.watchers = spec.watchers;
  opt.watchers_talk = spec.watchers_talk;
  opt.move_time_ms = static_cast<int>(spec.move_time_s * 1000);
  opt.game_time_ms = static_cast<std::int64_t>(spec.game_time_min * 60000);
  opt.hints = spec.hints;
}

void set_pace(ServerOptions& opt, int pace_ms) {
  opt.pace_ms = pace_ms;
  opt.ready_ms = std::min(1500, 2 * pace_ms);
  opt.after_contest_ms = opt.ready_ms;
}

std::string free_table_name(const std::string& game_id,
                            const std::function<bool(const std::string&)>& taken) {
  std::string name = game_id;
  for (int k = 2; taken(name); ++k) name = fmt::format("{}-{}", game_id, k);
  return name;
}

}  // namespace rt::net
