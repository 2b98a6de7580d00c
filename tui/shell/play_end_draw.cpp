// Drawing the game screen's endings: the connection to a shared table lost,
// and the game over (the result, each place, what was saved to history).
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "tui/shell/play_screen.h"
#include "tui/shell/save_notice.h"
#include "tui/shell/stats_report.h"

namespace rt::shell {

void PlayScreen::draw_lost(Canvas& c) const {
  const int w = std::min(64, c.width() - 4);
  const bool closed = remote_ && remote_->closed_by_host();
  std::string why = lost();
  if (closed && !why.empty()) why[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(why[0])));
  std::vector<std::string> lines = wrap(closed ? why + "." : "Lost the table: " + why + ".", w - 4);
  const bool seated = !t_->humans().empty();  // a watcher has no seat to keep
  const std::string hint = rejoin_hint();
  const std::string how = closed
                              ? (seated ? "Your seat is kept. Once it is open again, rejoin from Tables on "
                                          "the title screen, or with: "
                                        : "Once it is open again, watch from Tables on the title screen, or "
                                          "with: ")
                          : seated ? "Your seat is kept. Rejoin from Tables on the title screen, or with: "
                                   : "Watch again from Tables on the title screen, or with: ";
  if (!hint.empty())
    for (auto& l : wrap(how + hint, w - 4)) lines.push_back(std::move(l));
  const int h = std::ssize(lines) + 5;
  const Rect in = dialog(c, w, h, closed ? "TABLE CLOSED" : "TABLE LOST");
  int y = in.y + 1;
  for (const auto& line : lines) c.text(in.x, y++, line, style::kAccent, in.w);
  c.text(in.x, y + 1, "Enter: title   q: quit", style::kDim, in.w);
}

void PlayScreen::draw_over(Canvas& c) const {
  const std::vector<ResultLine> placings = t_->result();
  const bool uni = c.unicode();
  const int w = std::min(std::max(60, c.width() * 3 / 4), c.width() - 4);
  const int inner = w - 4;
  const auto summary = wrap(canvas_form(t_->result_summary(), uni), inner);
  const std::string outside_winner = t_->non_seat_winner();
  // A record that failed stays in the box: nothing lost is hidden.
  auto history = history_problem_.empty()
                     ? std::vector<std::string>{}
                     : wrap(canvas_form("Not added to your history: " + history_problem_, uni), inner);
  if (!review_problem_.empty())
    for (auto& l : wrap(canvas_form("No review: " + review_problem_, uni), inner))
      history.push_back(std::move(l));
  // A shared table's game kept in this player's own Finished games, or why not.
  const std::vector<std::string> kept = remote_ && !remote_->kept_line().empty()
                                            ? wrap(canvas_form(remote_->kept_line(), uni), inner)
                                            : std::vector<std::string>{};
  // The name column fits the longest name, the Neutral Racer that won
  // included, so no name ("Ant Hill Mob") wraps a few letters a row.
  int name_w = utf8_length(canvas_form(outside_winner, uni));
  for (const ResultLine& pl : placings) name_w = std::max(name_w, utf8_length(canvas_form(pl.name, uni)));
  name_w = std::min(name_w, inner / 3);
  // Each placing's detail wrapped at words beside the name (names wrap too
  // when longer than a third of the box).
  const int detail_x = 8 + name_w;
  struct Row {
    std::string place, name, detail;
    bool first = false;
  };
  std::vector<Row> rows;
  auto add = [&](int place, const std::string& name, const std::string& detail) {
    const auto names = wrap(canvas_form(name, uni), name_w);
    const auto details = wrap(canvas_form(detail, uni), inner - detail_x);
    const std::size_t n = std::max<std::size_t>({1, names.size(), details.size()});
    for (std::size_t i = 0; i < n; ++i)
      rows.push_back(Row{i == 0 ? fmt::format("{:>4}", place_name(place)) : std::string(),
                         i < names.size() ? names[i] : std::string(),
                         i < details.size() ? details[i] : std::string(), place == 1});
  };
  // First place went to no seat (a Neutral Racer): say so above the seats.
  if (!outside_winner.empty()) add(1, outside_winner, "no seat won");
  for (const ResultLine& pl : placings) add(pl.place, pl.name, pl.detail);
  // "v: review" only where the game was saved here (a local game).
  const std::string review = can_review() ? "v: review   " : "";
  const std::string keys = same_players() ? "Enter or q: title   n: play again   " + review + "l: log"
                                          : "Enter or q: title   " + review + "l: the whole log";
  const int h = std::min(c.height() - 2,
                         static_cast<int>(summary.size() + history.size() + kept.size() + rows.size()) + 6);
  const Rect in = dialog(c, w, h, "GAME OVER");
  int y = in.y + 1;
  const int last_row = in.bottom() - 2;  // the keys' row stays
  for (const auto& line : summary) c.text(in.x, y++, line, style::kAccent, in.w);
  for (const auto& line : history) c.text(in.x, y++, line, style::kWarn, in.w);
  for (const auto& line : kept)
    c.text(in.x, y++, line, remote_->keep_failed() ? style::kWarn : style::kNormal, in.w);
  ++y;
  for (const Row& row : rows) {
    if (y >= last_row) break;
    c.text(in.x, y, row.place, row.first ? style::kGood : style::kNormal);
    c.text(in.x + 6, y, row.name, row.first ? style::kBold : style::kNormal, name_w);
    c.text(in.x + detail_x, y, row.detail, style::kNormal, in.w - detail_x);
    ++y;
  }
  c.text(in.x, in.bottom() - 1, keys, style::kDim, in.w);
}

}  // namespace rt::shell
