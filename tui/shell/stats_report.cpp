#include "tui/shell/stats_report.h"

#include <algorithm>
#include <ctime>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/computer_name.h"

namespace rt::shell {

std::vector<StatsRow> stats_rows(const std::map<std::string, Tally>& tallies) {
  std::vector<StatsRow> rows;
  for (const auto& [label, t] : tallies) rows.push_back(StatsRow{label, t});
  // Most played first; ties by name.
  std::stable_sort(rows.begin(), rows.end(),
                   [](const StatsRow& a, const StatsRow& b) { return a.tally.games > b.tally.games; });
  return rows;
}

std::string place_name(int n) {
  if (n <= 0) return "-";
  if (n % 100 >= 11 && n % 100 <= 13) return fmt::format("{}th", n);
  switch (n % 10) {
    case 1: return fmt::format("{}st", n);
    case 2: return fmt::format("{}nd", n);
    case 3: return fmt::format("{}rd", n);
    default: return fmt::format("{}th", n);
  }
}

std::string average_text(const Tally& t) {
  return t.games ? fmt::format("{:.2f}", t.average_place()) : std::string("-");
}

std::string seats_summary(const HistoryRecord& r) {
  std::vector<const HistorySeat*> order;
  for (const HistorySeat& s : r.seats) order.push_back(&s);
  std::stable_sort(order.begin(), order.end(), [](const HistorySeat* a, const HistorySeat* b) {
    return (a->place ? a->place : 1000) < (b->place ? b->place : 1000);
  });
  std::string out;
  if (!r.non_seat_winner.empty()) out = "1st " + r.non_seat_winner;
  for (const HistorySeat* s : order) {
    if (!out.empty()) out += ", ";
    const std::string who = s->you     ? fmt::format("{} (you)", s->name)
                            : s->human ? fmt::format("{} (human)", s->name)
                                       : computer_with_level(s->name, s->level.empty() ? "?" : s->level);
    out += fmt::format("{} {}", place_name(s->place), who);
  }
  return out;
}

std::string short_date(const HistoryRecord& r) {
  // Recorded in UTC (2026-11-23T22:41:07Z), shown in local time like the list of saves.
  std::tm tm{};
  const char* end = ::strptime(r.date.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm);
  if (!end || *end) return r.date;
  const std::time_t when = ::timegm(&tm);
  std::tm local{};
  ::localtime_r(&when, &local);
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}", local.tm_year + 1900, local.tm_mon + 1, local.tm_mday,
                     local.tm_hour, local.tm_min);
}

namespace {

void table_text(std::string& out, const std::string& title, const std::vector<StatsRow>& rows) {
  if (rows.empty()) return;
  out += fmt::format("\n{:<26} {:>6} {:>6} {:>10}\n", title, "games", "wins", "avg place");
  for (const StatsRow& r : rows)
    out += fmt::format("  {:<24} {:>6} {:>6} {:>10}\n", r.label, r.tally.games, r.tally.wins,
                       average_text(r.tally));
}

nlohmann::json tally_json(const Tally& t) {
  nlohmann::json j = {{"games", t.games}, {"wins", t.wins}};
  j["average_place"] = t.games ? nlohmann::json(t.average_place()) : nlohmann::json(nullptr);
  return j;
}

nlohmann::json rows_json(const std::vector<StatsRow>& rows, const char* key) {
  nlohmann::json a = nlohmann::json::array();
  for (const StatsRow& r : rows) {
    nlohmann::json j = tally_json(r.tally);
    j[key] = r.label;
    a.push_back(std::move(j));
  }
  return a;
}

}  // namespace

std::string hinted_text(const Tally& t) {
  return fmt::format("Games with hints: {}, {} won, average place {} (not counted above)", t.games, t.wins,
                     average_text(t));
}

std::string stats_text(const HistoryRead& read, const HistoryStats& st, const std::string& file) {
  std::string out;
  if (!read.error.empty()) out += fmt::format("racetable: cannot read your history: {}\n", read.error);
  if (st.all.games == 0 && st.last.empty()) {
    out += fmt::format("No finished games yet (they are recorded in {}).\n", file);
  } else {
    out += fmt::format("Your games: {}, {} won, average place {}\n", st.all.games, st.all.wins,
                       average_text(st.all));
    table_text(out, "By game", stats_rows(st.per_game));
    table_text(out, "Against computers (level)", stats_rows(st.per_level));
    table_text(out, "Against players", stats_rows(st.per_opponent));
    if (st.hinted.games > 0) out += "\n" + hinted_text(st.hinted) + "\n";
    out += "\nLast games (watch one again: racetable replay SAVE)\n";
    for (const HistoryRecord& r : st.last) {
      out += fmt::format("  {}  {}{}: {}\n", short_date(r), r.game_name, r.hinted() ? " (hints)" : "",
                         seats_summary(r));
      if (!r.save.empty()) out += fmt::format("    {}\n", r.save);
    }
  }
  if (st.without_you > 0)
    out += fmt::format("\n{} game{} with no seat of yours (not counted above).\n", st.without_you,
                       st.without_you == 1 ? "" : "s");
  if (read.skipped > 0)
    out += fmt::format("{} line{} of {} could not be read and {} skipped.\n", read.skipped,
                       read.skipped == 1 ? "" : "s", file, read.skipped == 1 ? "was" : "were");
  if (read.cut) out += fmt::format("{} is over 16 MiB: only its end was read.\n", file);
  return out;
}

std::string stats_json(const HistoryRead& read, const HistoryStats& st, const std::string& file) {
  nlohmann::json j = tally_json(st.all);
  j["file"] = file;
  j["per_game"] = rows_json(stats_rows(st.per_game), "game");
  j["per_level"] = rows_json(stats_rows(st.per_level), "level");
  j["per_opponent"] = rows_json(stats_rows(st.per_opponent), "name");
  nlohmann::json last = nlohmann::json::array();
  for (const HistoryRecord& r : st.last) last.push_back(nlohmann::json::parse(history_line(r)));
  j["last"] = std::move(last);
  j["hinted"] = tally_json(st.hinted);
  j["without_you"] = st.without_you;
  j["skipped"] = read.skipped;
  j["cut"] = read.cut;
  if (!read.error.empty()) j["error"] = read.error;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace rt::shell
