#include "tui/shell/replay_model.h"

#include "core/presenter.h"
#include "core/seat_labels.h"
#include "games/registry.h"

namespace rt::shell {

std::unique_ptr<ReplayModel> ReplayModel::load(const std::string& path, const DataSource& data,
                                               std::uint32_t uid) {
  auto m = std::make_unique<ReplayModel>();
  m->path_ = path;
  const SaveFile save = parse_save(read_file(path), path);
  m->table_name_ = save.table;
  const std::size_t n = save.steps.size();
  EventSink events;
  std::size_t applied = 0;
  Tick tick = 0;
  // A stop before every decision, and one at the end.
  auto stop_here = [&](const State& state) {
    ReplayPosition pos;
    pos.steps = applied;
    pos.state = state.clone();
    pos.tick = tick;
    if (applied < n) pos.next = save.steps[applied].player;
    pos.log_end = m->log_.size();
    m->positions_.push_back(std::move(pos));
  };
  Table* live = nullptr;
  // A computer's name marked as the live game's log marks it (its save keeps the game's own words).
  auto take_events = [&] {
    for (Event& e : events)
      m->log_.push_back(LogEntry{mark_computers(e.text, live->seats()), std::move(e.rule), e.audience,
                                 static_cast<std::uint32_t>(applied), e.picture});
    events.clear();
  };
  m->table_ = restore_save(save, builtin_registry(), data, [&](Table& t) {
    live = &t;
    t.set_event_sink(&events);
    if (n == 0 || save.steps[0].player >= 0) stop_here(t.state());
    t.set_step_observer([&](const Step& step) {
      ++applied;
      tick = step.tick;
      take_events();
      if (applied == n || save.steps[applied].player >= 0) stop_here(live->state());
    });
  });
  m->table_->set_step_observer(nullptr);
  m->table_->set_event_sink(nullptr);
  m->sight_ = replay_sight(save, m->table_->over(), uid);
  // The chosen actions, from the table's history (ids, not text).
  const auto& history = m->table_->history();
  int turn = 0;
  PlayerId last = kEveryone;
  for (std::size_t i = 0; i < m->positions_.size(); ++i) {
    ReplayPosition& p = m->positions_[i];
    if (p.steps < history.size()) p.next_action = history[p.steps].action;
    if (i > 0 && p.next != last) ++turn;
    p.turn = turn;
    last = p.next;
  }
  return m;
}

std::string ReplayModel::next_text(int i) const {
  const ReplayPosition& p = at(i);
  if (p.next < 0) return {};
  return game().presenter().action_label(*p.state, p.next, p.next_action);
}

int ReplayModel::next_turn(int i) const {
  const int t = at(i).turn;
  for (int k = i + 1; k < size(); ++k)
    if (at(k).turn != t) return k;
  return size() - 1;
}

int ReplayModel::previous_turn(int i) const {
  int k = i;
  while (k > 0 && at(k - 1).turn == at(i).turn) --k;  // the start of this turn
  if (k < i) return k;
  if (k == 0) return 0;
  const int t = at(k - 1).turn;  // already there: the start of the one before
  while (k > 0 && at(k - 1).turn == t) --k;
  return k;
}

}  // namespace rt::shell
