// The replay viewer's picture: one position of a ReplayModel seen as one
// seat (that seat's hidden cards) or as a watcher (public information only),
// drawn by the play screen's own renderer, read-only. The viewer page
// (replay_screen.cpp) and the asciicast writer (replay_cast.cpp) both draw
// through this.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "tui/shell/play_screen.h"
#include "tui/shell/replay_model.h"

namespace rt::shell {

class ReplayTable;

class ReplayView {
 public:
  ReplayView(AppContext& ctx, std::shared_ptr<const ReplayModel> model, PlayerId viewer);
  ~ReplayView();

  const ReplayModel& model() const { return *model_; }
  int position() const { return position_; }
  void set_position(int i);
  PlayerId viewer() const { return viewer_; }
  // kEveryone: a watcher.
  void set_viewer(PlayerId viewer);
  // The next view: watcher, seat 1, seat 2, ... (back to the watcher); `by` +1 or -1.
  void cycle_viewer(int by);
  // "Ana" or "a watcher".
  std::string viewer_name() const;
  // Lines said where the viewer stops at a position (a review's findings).
  void set_notes(std::map<int, std::string> notes);

  // The whole page but its help line (the viewer draws its own keys there).
  void draw(Canvas& canvas, Millis now);
  // The log up to here, for the reader page.
  std::vector<ReaderLine> log_lines() const;

 private:
  std::shared_ptr<const ReplayModel> model_;
  ReplayTable* table_;  // owned by screen_
  std::unique_ptr<PlayScreen> screen_;
  int position_ = 0;
  PlayerId viewer_ = kEveryone;
};

}  // namespace rt::shell
