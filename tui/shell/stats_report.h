// What `racetable stats` prints (text or one JSON object) and the numbers the
// shell's Stats page shows, both from core/history.h's counts.
#pragma once

#include <string>
#include <vector>

#include "core/history.h"

namespace rt::shell {

struct StatsRow {
  std::string label;
  Tally tally;
};

// The rows of a stats table: by game, by computer level, by opponent.
std::vector<StatsRow> stats_rows(const std::map<std::string, Tally>& tallies);

// "1st", "2nd"...
std::string place_name(int place);
// "1.50" (or "-" when no games).
std::string average_text(const Tally& t);
// "1st Ana (you), 2nd Ben (normal)", in place order.
std::string seats_summary(const HistoryRecord& r);
// "2026-11-23 22:41" in local time from the record's UTC date.
std::string short_date(const HistoryRecord& r);

// "Games with hints: 2, 1 won, average place 1.50 (not counted above)":
// games where you asked for a hint, counted apart (core/hint.h).
std::string hinted_text(const Tally& t);

// The whole report. `file` names the history file; `read` as read_history gave it.
std::string stats_text(const HistoryRead& read, const HistoryStats& st, const std::string& file);
std::string stats_json(const HistoryRead& read, const HistoryStats& st, const std::string& file);

}  // namespace rt::shell
