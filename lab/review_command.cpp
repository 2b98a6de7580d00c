#include "lab/review_command.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/agent.h"
#include "core/input_limits.h"
#include "core/review.h"
#include "core/save.h"
#include "games/registry.h"
#include "games/setup.h"
#include "lab/output.h"
#include "lab/shard.h"

namespace rt::lab {
namespace {

struct ReviewedSave {
  std::string file;
  SaveFile save;
  std::unique_ptr<Table> table;
  PlayerId seat = 0;
};

// The seat to review: --seat N, else the first person's, else seat 1.
PlayerId review_seat(const ReviewRequest& req, const ReviewedSave& s) {
  const int seats = s.table->seats().size();
  if (req.seat != 0) {
    if (req.seat < 1 || req.seat > seats)
      throw OptionError(fmt::format("--seat {}: {} has seats 1 to {}", req.seat, s.file, seats));
    return static_cast<PlayerId>(req.seat - 1);
  }
  for (int p = 0; p < seats; ++p)
    if (s.table->seats()[p].kind == SeatKind::Human) return static_cast<PlayerId>(p);
  return 0;
}

ReviewedSave read_reviewed(const ReviewRequest& req, const std::string& file) {
  ReviewedSave s;
  s.file = file;
  s.save = parse_save(read_file(file), file);
  s.table = restore_save(s.save, builtin_registry(), setup::data_source(req.data_dir));
  if (!s.table->over())
    throw UserError(
        fmt::format("{}: the game is not finished ({} steps saved): only a finished game is "
                    "reviewed (continue it with: racetable resume {})",
                    file, s.save.steps.size(), file));
  s.seat = review_seat(req, s);
  return s;
}

std::string seat_words(const ReviewedSave& s) {
  return fmt::format("seat {} ({})", s.seat + 1, s.table->seats()[s.seat].name);
}

void print_text(const ReviewedSave& s, const GameReview& r, int playouts, bool many) {
  std::string text;
  if (many) text += fmt::format("== {}\n", s.file);
  text += fmt::format("{} (seed {}), {}: {}\n", s.table->game().info().name, s.table->seed(), seat_words(s),
                      s.table->state().standings().summary);
  text += fmt::format(
      "The expert's estimate of your chance to win after each move, from what you could know then: {} "
      "games played on per move; ± is the 95% interval of a difference.\n\n",
      playouts);
  const auto turning = r.turning_points();
  if (turning.empty())
    text += r.moves.empty() ? "No decision to review.\n"
                            : "No turning points: no better move the expert found beat yours by more than "
                              "its spread.\n";
  else {
    text += "Turning points:\n";
    for (std::size_t i : turning) text += "  " + turning_point_text(r.moves[i]) + "\n";
  }
  if (!r.moves.empty()) {
    text += "\nEvery decision:\n";
    for (const auto& m : r.moves) text += "  " + decision_text(m) + "\n";
  }
  text += "\n" + review_totals_text(r) + "\n";
  if (const std::string skipped = skipped_text(r.skipped); !skipped.empty()) text += skipped + "\n";
  out(text);
}

void print_json(const ReviewedSave& s, const GameReview& r, int playouts, unsigned think) {
  using nlohmann::ordered_json;
  std::string text;
  for (const auto& m : r.moves) {
    ordered_json j;
    j["type"] = "decision";
    j["save"] = s.file;
    j["step"] = m.step + 1;
    j["decision"] = m.decision + 1;
    j["turn"] = m.turn;
    j["seat"] = m.seat + 1;
    j["played"] = m.played_text;
    j["best"] = m.best_text;
    j["win_played"] = rounded(m.win_played);
    j["win_best"] = rounded(m.win_best);
    j["gain"] = rounded(m.gain());
    j["spread"] = rounded(m.spread);
    j["playouts"] = m.playouts;
    j["mistake"] = m.mistake();
    text += j.dump() + "\n";
  }
  ordered_json j;
  j["type"] = "summary";
  j["save"] = s.file;
  j["game"] = s.table->game().info().id;
  j["seed"] = std::to_string(s.table->seed());
  j["seat"] = s.seat + 1;
  j["name"] = s.table->seats()[s.seat].name;
  j["think"] = think;
  j["playouts"] = playouts;
  j["reviewed"] = r.moves.size();
  j["mistakes"] = r.mistakes();
  j["mean_loss"] = rounded(r.mean_loss());
  ordered_json steps = ordered_json::array();
  for (std::size_t i : r.turning_points()) steps.push_back(r.moves[i].step + 1);
  j["turning_points"] = steps;
  j["contests"] = r.skipped.contests;
  j["forced"] = r.skipped.forced;
  j["left"] = r.skipped.left;
  text += j.dump() + "\n";
  out(text);
}

// A progress bar on stderr, only on a terminal.
class Progress {
 public:
  explicit Progress(std::string what) : what_(std::move(what)), on_(::isatty(STDERR_FILENO) != 0) {}
  ~Progress() {
    if (on_ && drawn_) std::fprintf(stderr, "\r\033[K");
  }
  void operator()(std::size_t done, std::size_t total) {
    if (!on_ || total == 0) return;
    constexpr std::size_t kWidth = 30;
    const std::size_t filled = done * kWidth / total;
    std::fprintf(stderr, "\r\033[Kreview %s [%s%s] %zu/%zu decisions", what_.c_str(),
                 std::string(filled, '#').c_str(), std::string(kWidth - filled, '.').c_str(), done, total);
    std::fflush(stderr);
    drawn_ = true;
  }

 private:
  std::string what_;
  bool on_;
  bool drawn_ = false;
};

}  // namespace

int cmd_review(const ReviewRequest& req) {
  if (req.think_percent < kMinThinkPercent || req.think_percent > kMaxThinkPercent)
    throw OptionError(
        fmt::format("--think {}: give {} to {}", req.think_percent, kMinThinkPercent, kMaxThinkPercent));
  const Shard shard = req.shard.empty() ? Shard{} : parse_shard(req.shard);
  // Every save of this share read and checked before the first is reviewed:
  // a bad one is said at once, not after minutes of thinking.
  std::vector<ReviewedSave> saves;
  for (std::size_t i = 0; i < req.files.size(); ++i)
    if (shard.takes(i)) saves.push_back(read_reviewed(req, req.files[i]));
  const int playouts = review_playouts(req.think_percent);
  for (std::size_t i = 0; i < saves.size(); ++i) {
    const ReviewedSave& s = saves[i];
    GameReview r;
    {
      Progress progress(excerpt(s.file, 40));
      r = review_game(*s.table, s.seat, req.think_percent,
                      [&](std::size_t done, std::size_t total) { progress(done, total); });
    }
    if (req.json)
      print_json(s, r, playouts, req.think_percent);
    else {
      if (i > 0) out("\n");
      print_text(s, r, playouts, req.files.size() > 1);
    }
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace rt::lab
