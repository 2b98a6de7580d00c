#include "tui/shell/replay_view.h"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "core/computer_name.h"
#include "core/presenter.h"
#include "core/seat_labels.h"

namespace rt::shell {

// A PlayTable over one position of a finished game: nobody at this keyboard
// decides, nothing moves unless the viewer steps.
class ReplayTable final : public PlayTable {
 public:
  explicit ReplayTable(std::shared_ptr<const ReplayModel> model) : m_(std::move(model)) { refresh(); }

  void set_notes(std::map<int, std::string> notes) { notes_ = std::move(notes); }

  void go(int position, PlayerId viewer) {
    position_ = std::clamp(position, 0, m_->size() - 1);
    viewer_ = viewer;
    refresh();
  }

  std::string game_id() const override { return m_->info().id; }
  std::string game_name() const override { return m_->info().name; }
  std::string header_right() const override {
    return fmt::format("as {}  {}/{}", viewer_ < 0 ? std::string("watcher") : seat_name(viewer_), position_,
                       m_->size() - 1);
  }
  bool update(Millis) override { return false; }
  Millis wake_at(Millis) const override { return kNever; }
  Phase phase() const override { return at_end() && m_->finished() ? Phase::Over : Phase::Computers; }
  PlayerId asked() const override { return kEveryone; }
  const std::vector<PlayerId>& humans() const override { return nobody_; }
  int human_rank(PlayerId) const override { return -1; }
  std::vector<PlayerId> contest_humans() const override { return {}; }
  std::uint64_t revision() const override { return static_cast<std::uint64_t>(position_); }
  Question question(PlayerId seat) const override {
    Question q;
    q.seat = seat;
    return q;
  }
  bool choose(PlayerId, Action, Millis) override { return false; }
  bool contest_act(PlayerId, Action, Millis) override { return false; }

  std::vector<SeatPanel> seats() const override { return seat_panels(state(), m_->seats(), "human"); }

  // The prompt's place says what comes next; the chosen option only in the
  // view of the seat that chose it (a watcher learns it from the log, as
  // the table did).
  std::string activity() const override {
    const auto note = notes_.find(position_);
    if (note == notes_.end()) return plain_activity();
    // A move's label often ends in ")": the note is a sentence of its own.
    std::string activity = plain_activity();
    if (!activity.empty() && std::string_view(".!?").find(activity.back()) == std::string_view::npos)
      activity += '.';
    return activity + " " + note->second;
  }
  std::string plain_activity() const {
    const ReplayPosition& p = m_->at(position_);
    if (at_end()) return m_->finished() ? "The end. " + state().standings().summary : "The save ends here.";
    if (p.next < 0) return "Next: chance.";
    if (p.next == viewer_)
      return fmt::format("Next, {} chose: {}", seat_name(p.next), m_->next_text(position_));
    return fmt::format("Next, {} decides.", seat_name(p.next));
  }
  std::string turn_status() const override {
    if (at_end()) return m_->finished() ? "Replay: the end" : "Replay: where the save ends";
    const PlayerId next = m_->at(position_).next;
    return next < 0 ? "Replay" : "Replay: " + seat_name(next) + "'s turn";
  }
  std::string result_summary() const override {
    return mark_computers(state().standings().summary, m_->seats());
  }
  std::vector<ResultLine> result() const override {
    std::vector<ResultLine> out;
    for (const Placing& pl : state().standings().placings)
      out.push_back(ResultLine{pl.place, shown_name(pl.player), pl.detail});
    return out;
  }
  std::string non_seat_winner() const override { return state().standings().non_seat_winner; }

  int board_rows(int width, int max_rows, bool unicode, Millis now) override {
    Canvas probe(width, std::max(1, max_rows), unicode);
    draw_board(probe, now);
    return used_rows(probe);
  }
  void draw_board(Canvas& board, Millis) const override {
    ViewContext vc{.viewer = viewer_,
                   .now = m_->at(position_).tick,
                   .omniscient = false,
                   .styled = true,
                   .computers = computer_seats(m_->seats())};
    m_->game().presenter().view(state(), board, vc);
  }

  const std::vector<LogEntry>& log() const override { return log_; }
  bool visible(const LogEntry& e) const override {
    return shown_to(e.audience, viewer_ == kEveryone ? kPublic : viewer_);
  }
  std::size_t fresh_from() const override { return fresh_; }
  // A stop is the state between two decisions: no result held on screen, no
  // race half played back (the log tells both).
  std::vector<std::string> contest_result() const override { return {}; }
  int picture() const override { return -1; }

  std::string on_exit() override { return {}; }
  std::string stats_tag() const override { return fmt::format("replay {}", position_); }

  std::string seat_name(PlayerId p) const {
    if (p < 0 || p >= m_->seats().size()) return "";
    return m_->seats()[p].name;
  }
  // The name a result shows: a computer's marked as one.
  std::string shown_name(PlayerId p) const {
    if (p < 0 || p >= m_->seats().size()) return "";
    const Seat& seat = m_->seats()[p];
    return seat.kind == SeatKind::Human ? seat.name : computer_name(seat.name);
  }

 private:
  const State& state() const { return *m_->at(position_).state; }
  bool at_end() const { return position_ == m_->size() - 1; }
  void refresh() {
    const std::size_t end = m_->at(position_).log_end;
    log_.assign(m_->log().begin(), m_->log().begin() + static_cast<std::ptrdiff_t>(end));
    fresh_ = position_ > 0 ? m_->at(position_ - 1).log_end : end;
  }

  std::shared_ptr<const ReplayModel> m_;
  int position_ = 0;
  PlayerId viewer_ = kEveryone;
  std::vector<LogEntry> log_;
  std::size_t fresh_ = 0;
  std::vector<PlayerId> nobody_;
  std::map<int, std::string> notes_;
};

ReplayView::ReplayView(AppContext& ctx, std::shared_ptr<const ReplayModel> model, PlayerId viewer)
    : model_(std::move(model)) {
  auto table = std::make_unique<ReplayTable>(model_);
  table_ = table.get();
  screen_ = std::make_unique<PlayScreen>(ctx, std::move(table));
  set_viewer(viewer);
}

ReplayView::~ReplayView() = default;

void ReplayView::set_position(int i) {
  position_ = std::clamp(i, 0, model_->size() - 1);
  table_->go(position_, viewer_);
}

void ReplayView::set_viewer(PlayerId viewer) {
  const PlayerId seats = model_->seats().size();
  // A seat this account may not see yet (a shared table still being played): a watcher's view.
  viewer_ = viewer >= 0 && viewer < seats && model_->sight().may_see(viewer) ? viewer : kEveryone;
  table_->go(position_, viewer_);
  const std::string name = table_->seat_name(viewer_);
  const auto& sight = model_->sight();
  if (sight.limited)
    screen_->set_watch_hint(sight.own >= 0
                                ? fmt::format("Still being played: only your seat ({}) or a watcher's view.",
                                              table_->seat_name(sight.own))
                                : std::string("Still being played: only a watcher's view."));
  else
    screen_->set_watch_hint(
        viewer_ < 0 ? "Seen as a watcher: public information only. v: see as a seat."
                    : fmt::format("Seen as {}: {}'s hidden cards, nobody else's. v: next view.", name, name));
}

void ReplayView::cycle_viewer(int by) {
  const int seats = model_->seats().size();
  // Views in order: watcher (index 0), seat 0 (1), seat 1 (2)..., the seats
  // this account may not see skipped.
  int index = viewer_ < 0 ? 0 : viewer_ + 1;
  for (int step = 0; step <= seats; ++step) {
    index = ((index + by) % (seats + 1) + seats + 1) % (seats + 1);
    if (index == 0 || model_->sight().may_see(static_cast<PlayerId>(index - 1))) break;
  }
  set_viewer(index == 0 ? kEveryone : static_cast<PlayerId>(index - 1));
}

void ReplayView::set_notes(std::map<int, std::string> notes) {
  table_->set_notes(std::move(notes));
}

std::string ReplayView::viewer_name() const {
  return viewer_ < 0 ? std::string("a watcher") : table_->seat_name(viewer_);
}

void ReplayView::draw(Canvas& canvas, Millis now) {
  screen_->draw(canvas, now);
}

std::vector<ReaderLine> ReplayView::log_lines() const {
  return log_document(*table_);
}

}  // namespace rt::shell
