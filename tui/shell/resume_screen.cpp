// Saved games, newest first: continue one exactly where it stopped.
#include <fmt/format.h>

#include "tui/shell/saved_list.h"
#include "tui/shell/session.h"
#include "tui/shell/settings.h"

namespace rt::shell {

std::unique_ptr<Screen> make_resume_screen(AppContext& ctx) {
  SavedListKind kind;
  kind.title = "Continue a saved game";
  kind.empty_headline = "No saved games yet.";
  kind.empty_text = "Games save themselves as you play, and when you quit or the connection drops.";
  kind.cannot = "cannot be resumed";
  kind.open_help = "continue";
  kind.stats_tag = "resume";
  kind.shows = continuable;
  kind.summary = [](const SavedGame& g) {
    return fmt::format(
        "seed {}  {}", g.seed,
        g.over ? std::string("finished") : fmt::format("{} move{} played", g.moves, g.moves == 1 ? "" : "s"));
  };
  kind.delete_question = [](const SavedGame& g, std::time_t) {
    return fmt::format("Delete the saved game {}? It cannot be brought back.", g.file);
  };
  kind.open = [](AppContext& c, const SavedGame& g) {
    LoadedGame loaded = load_saved_game(g.path, c.data);
    SessionOptions so;
    so.save_path = g.path;
    so.speed = start_speed(c.settings);
    auto session = std::make_unique<GameSession>(std::move(loaded.table), std::move(loaded.events), so);
    return Nav::reset(make_play_screen(c, std::move(session)));
  };
  return make_saved_list_screen(ctx, std::move(kind));
}

}  // namespace rt::shell
