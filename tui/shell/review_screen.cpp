// "Review this game": the expert looks back at a finished game for one seat
// (core/review.h), a decision at a time on a thread of its own while the page
// shows how far it is; then the turning points first, each opening the replay
// viewer at that decision, seen as that seat, with the better move named.
#include <atomic>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "core/review.h"
#include "core/save.h"
#include "games/registry.h"
#include "tui/shell/replay_model.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/screens.h"

namespace rt::shell {
namespace {

// How often the page is drawn again while the review runs.
constexpr Millis kProgressMs = 200;

// Thrown from the progress callback when the page closes: the review stops
// after the decision it is on.
struct Stopped {};

class ReviewScreen final : public Screen {
 public:
  ReviewScreen(AppContext& ctx, std::shared_ptr<const ReplayModel> model, PlayerId seat)
      : ctx_(ctx), model_(std::move(model)), seat_(seat) {
    // The table is rebuilt from the save for the thread alone: nothing the
    // page draws is shared with it but the counters and the finished review.
    std::shared_ptr<Table> table =
        load_save(read_file(model_->path()), model_->path(), builtin_registry(), ctx_.data);
    worker_ = std::thread([this, table] {
      try {
        GameReview r = review_game(*table, seat_, ctx_.review_think_percent,
                                   [this](std::size_t done, std::size_t total) {
                                     done_ = done;
                                     total_ = total;
                                     if (stop_) throw Stopped{};
                                   });
        const std::lock_guard lock(mutex_);
        turning_ = r.turning_points();
        review_ = std::move(r);
        finished_ = true;
      } catch (const Stopped&) {
      } catch (const std::exception& e) {
        const std::lock_guard lock(mutex_);
        error_ = e.what();
        finished_ = true;
      }
    });
  }
  ~ReviewScreen() override {
    stop_ = true;
    worker_.join();
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    const bool uni = c.unicode();
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, fmt::format("Review: {}, as {}", model_->info().name, seat_name()), style::kBarBold, w - 2);
    const std::lock_guard lock(mutex_);
    if (!finished_) {
      draw_progress(c);
    } else if (!error_.empty()) {
      c.text(2, 2, ellipsize("The review stopped: " + error_, w - 4, uni), style::kWarn);
    } else {
      draw_review(c);
    }
    std::vector<HelpItem> help = {
        {uni ? "↑↓" : "Up/Down", "turning point"}, {"Enter", "see it"}, {"Esc", "back"}};
    if (!finished_ || turning_.empty()) help = {{"Esc", "back"}};
    draw_help_line(c, 1, h - 1, w - 2, help);
  }

  Nav on_key(const Key& key, Millis) override {
    const Cmd cmd = command(Context::Menu, key);
    if (cmd == Cmd::Back) return Nav::pop();
    if (cmd == Cmd::Help) return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
    const std::lock_guard lock(mutex_);
    if (!finished_ || turning_.empty()) return Nav::stay();
    const int n = std::ssize(turning_);
    switch (cmd) {
      case Cmd::Up: selected_ = (selected_ + n - 1) % n; break;
      case Cmd::Down: selected_ = (selected_ + 1) % n; break;
      case Cmd::Select: return open(turning_[static_cast<std::size_t>(selected_)]);
      default: break;
    }
    return Nav::stay();
  }

  // Drawn again every kProgressMs while the review runs, and once after.
  bool tick(Millis now) override {
    next_ = now + kProgressMs;
    const std::lock_guard lock(mutex_);
    drawn_finished_ = finished_;
    return true;
  }
  Millis wake_at(Millis now) const override {
    const std::lock_guard lock(mutex_);
    return drawn_finished_ ? kNever : std::max(now, next_);
  }
  std::string stats_tag() const override {
    const std::lock_guard lock(mutex_);
    return finished_ ? "review" : "review running";
  }

 private:
  std::string seat_name() const { return model_->seats()[seat_].name; }

  void draw_progress(Canvas& c) {
    const int w = c.width();
    const std::size_t done = done_, total = total_;
    int y = 2;
    for (const auto& line :
         wrap("The expert is looking back at each of your decisions: the move you played, and the "
              "best it finds, each played on to the end a thousand times from what you could "
              "know then.",
              w - 4))
      c.text(2, y++, line);
    ++y;
    const int bar = std::max(10, w - 30);
    const int filled = total > 0 ? static_cast<int>(done * static_cast<std::size_t>(bar) / total) : 0;
    c.text(2, y,
           std::string(static_cast<std::size_t>(filled), '#') +
               std::string(static_cast<std::size_t>(bar - filled), '.'),
           style::kAccent);
    c.text(bar + 4, y, total > 0 ? fmt::format("{} of {}", done, total) : std::string("starting"),
           style::kDim);
    c.text(2, y + 2, "At most about 2 seconds a decision. Esc stops it.", style::kDim, w - 3);
  }

  void draw_review(Canvas& c) {
    const int w = c.width();
    const int h = c.height();
    const bool uni = c.unicode();
    int y = 2;
    if (turning_.empty()) {
      for (const auto& line : wrap(
               review_.moves.empty()
                   ? std::string("No decision of yours to review: every one was a timed contest or forced.")
                   : std::string("No turning points: no better move the expert found beat yours by more than "
                                 "the spread of its estimate."),
               w - 4))
        c.text(2, y++, line, style::kGood);
    } else {
      c.text(2, y++,
             "Turning points (Enter: see it in the replay, with the better move named):", style::kBold,
             w - 3);
      ++y;
      for (std::size_t k = 0; k < turning_.size(); ++k) {
        const bool sel = static_cast<int>(k) == selected_;
        const auto lines = wrap(turning_point_text(review_.moves[turning_[k]]), w - 6);
        c.text(2, y, sel ? (uni ? "▶" : ">") : " ", style::kAccent);
        for (const auto& line : lines) {
          if (y >= h - 5) break;
          c.text(4, y++, line, sel ? style::kSelected : style::kNormal, w - 5);
        }
        ++y;
      }
    }
    ++y;
    std::string tail = review_totals_text(review_);
    if (const std::string skipped = skipped_text(review_.skipped); !skipped.empty()) tail += " " + skipped;
    tail += fmt::format(
        " Each estimate: {} games played on per move; a better move within its spread (a 95% "
        "interval) is no mistake.",
        review_playouts(ctx_.review_think_percent));
    for (const auto& line : wrap(tail, w - 4)) {
      if (y >= h - 1) break;
      c.text(2, y++, line, style::kDim, w - 3);
    }
  }

  // The replay viewer at the decision, seen as the seat, every turning point
  // named where the viewer stops.
  Nav open(std::size_t index) {
    const ReviewedMove& m = review_.moves[index];
    ReplayNotes notes;
    for (std::size_t i : turning_) {
      const ReviewedMove& t = review_.moves[i];
      // The numbers first: a long move's label is what the pane may cut.
      notes[t.decision] = fmt::format("The expert: {} to win ({} as played) with \"{}\".",
                                      percent_text(t.win_best), percent_text(t.win_played), t.best_text);
    }
    return Nav::push(make_replay_screen(ctx_, model_, seat_, m.decision, std::move(notes)));
  }

  AppContext& ctx_;
  std::shared_ptr<const ReplayModel> model_;
  PlayerId seat_;
  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<std::size_t> done_{0}, total_{0};
  mutable std::mutex mutex_;  // guards what the thread leaves: the review, its turning points, the error
  bool finished_ = false;
  GameReview review_;
  std::vector<std::size_t> turning_;
  std::string error_;
  bool drawn_finished_ = false;
  int selected_ = 0;
  Millis next_ = 0;
};

}  // namespace

PlayerId review_seat(const ReplayModel& model) {
  const auto& seats = model.seats();
  for (PlayerId p = 0; p < seats.size(); ++p)
    if (seats[p].kind == SeatKind::Human) return p;
  return 0;
}

std::unique_ptr<Screen> make_review_screen(AppContext& ctx, std::shared_ptr<const ReplayModel> model,
                                           PlayerId seat) {
  if (!model->finished()) throw UserError("Only a finished game can be reviewed.");
  return std::make_unique<ReviewScreen>(ctx, std::move(model), seat);
}

}  // namespace rt::shell
