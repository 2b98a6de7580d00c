// Finished and saved games, newest first: Enter watches one again in the
// replay viewer, v reviews a finished one, x deletes one (after asking). The
// save is the history.
#include <fmt/format.h>

#include "tui/shell/replay_model.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/saved_list.h"

namespace rt::shell {

std::unique_ptr<Screen> make_replay_list_screen(AppContext& ctx) {
  SavedListKind kind;
  kind.title = "Finished and saved games";
  kind.empty_headline = "No games yet.";
  kind.empty_text = "Every game you play is kept here to watch again, step by step.";
  kind.cannot = "cannot be read";
  kind.open_help = "watch again";
  kind.stats_tag = "replays";
  kind.finished_looks_good = true;
  // An empty save of an older racetable has nothing to watch.
  kind.shows = [](const SavedGame& g) { return !g.readable || g.moves > 0; };
  kind.summary = [](const SavedGame& g) {
    return g.over ? fmt::format("finished, {} moves", g.moves)
                  : fmt::format("not finished, {} move{} so far", g.moves, g.moves == 1 ? "" : "s");
  };
  kind.delete_question = [](const SavedGame& g, std::time_t now) {
    const std::string what =
        g.readable ? fmt::format("the {} game of {}", g.game_name, describe_time(g.modified, now)) : g.file;
    return fmt::format("Delete {} ({})? It cannot be watched or continued again.", what, g.file);
  };
  kind.open = [](AppContext& c, const SavedGame& g) {
    std::shared_ptr<const ReplayModel> model = ReplayModel::load(g.path, c.data);
    return Nav::push(make_replay_screen(c, std::move(model), kEveryone));
  };
  kind.review = [](AppContext& c, const SavedGame& g) {
    std::shared_ptr<const ReplayModel> model = ReplayModel::load(g.path, c.data);
    const PlayerId seat = review_seat(*model);
    return Nav::push(make_review_screen(c, std::move(model), seat));
  };
  return make_saved_list_screen(ctx, std::move(kind));
}

}  // namespace rt::shell
