// The replay viewer, the list of finished and saved games that opens it,
// and the Stats page (made here so the title screen needs no classes).
#pragma once

#include <map>
#include <memory>
#include <string>

#include "core/types.h"
#include "tui/shell/screen.h"

namespace rt::shell {

class ReplayModel;

// Steps through a game: → ← decisions, PgDn PgUp turns, Home End, v the view.
std::unique_ptr<Screen> make_replay_screen(AppContext& ctx, std::shared_ptr<const ReplayModel> model,
                                           PlayerId viewer);
// A line the viewer adds where it stops at a decision (by position): what a
// review found there.
using ReplayNotes = std::map<int, std::string>;
// The viewer opened at `position`, with `notes`.
std::unique_ptr<Screen> make_replay_screen(AppContext& ctx, std::shared_ptr<const ReplayModel> model,
                                           PlayerId viewer, int position, ReplayNotes notes);
// "Review this game": the expert's turning points for `seat` in a finished
// game, each opening the viewer there (throws UserError for a game not over).
std::unique_ptr<Screen> make_review_screen(AppContext& ctx, std::shared_ptr<const ReplayModel> model,
                                           PlayerId seat);
// The seat a review looks at: the first person's, else seat 1's.
PlayerId review_seat(const ReplayModel& model);
// Every save in the state directory, newest first: Enter watches it again, x deletes it.
std::unique_ptr<Screen> make_replay_list_screen(AppContext& ctx);
// Games, wins and places from history.jsonl; the last games open in the viewer.
std::unique_ptr<Screen> make_stats_screen(AppContext& ctx);

}  // namespace rt::shell
