#include "core/contest_report.h"

#include <fmt/format.h>

#include "core/timed_contests.h"

namespace rt {
namespace {

constexpr std::size_t kWhyLines = 2;

SeatVector<int> scores(const Table& table) {
  SeatVector<int> out(table.seats().size());
  for (const Placing& pl : table.state().standings().placings)
    if (pl.player >= 0 && pl.player < out.seats()) out[pl.player] = pl.score;
  return out;
}

}  // namespace

void ContestReport::resume_in_contest(const Table& table) {
  running_ = true;
  why_.clear();
  scores_at_start_ = scores(table);
}

void ContestReport::note_step(const Table& table, const std::vector<Event>& events) {
  const bool running = contest_running(table.state());
  if (running && !running_) resume_in_contest(table);  // the step that opened it is part of the story
  if (running || running_)
    for (const Event& e : events) {
      if (e.audience != kEveryone) continue;
      why_.push_back(e.text);
      if (why_.size() > kWhyLines) why_.erase(why_.begin());
    }
  if (!running && running_) finish(table);
  running_ = running;
}

void ContestReport::finish(const Table& table) {
  const SeatVector<int> now = scores(table);
  std::string won;
  for (PlayerId p = 0; p < now.seats() && p < scores_at_start_.seats(); ++p) {
    const int d = now[p] - scores_at_start_[p];
    if (d == 0) continue;
    won += fmt::format("{}{} {}{} (now {})", won.empty() ? "" : ", ", table.seats()[p].name, d > 0 ? "+" : "",
                       d, now[p]);
  }
  lines_ = why_;
  lines_.push_back(won.empty() ? std::string("Nobody won anything in it.")
                               : "Won in this contest: " + won + ".");
  why_.clear();
}

}  // namespace rt
