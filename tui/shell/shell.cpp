#include "tui/shell/shell.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include "core/types.h"
#include "games/registry.h"
#include "tui/shell/app.h"
#include "tui/shell/play_table.h"
#include "tui/shell/replay_model.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"
#include "tui/shell/settings.h"
#include "tui/shell/terminal.h"

namespace rt::shell {
namespace {

// The first page for the command that started the shell. Everything that can
// fail with a one-line message (unknown game, unreadable save) fails here,
// before the terminal is taken over.
std::unique_ptr<Screen> first_screen(AppContext& ctx, const ShellOptions& options) {
  if (options.open_table) return make_table_screen(ctx, options.open_table());
  if (options.resume && !options.resume_file.empty()) {
    LoadedGame loaded = load_saved_game(options.resume_file, ctx.data);
    SessionOptions so;
    so.save_path = options.resume_file;
    so.speed = start_speed(ctx.settings);
    return make_play_screen(
        ctx, std::make_unique<GameSession>(std::move(loaded.table), std::move(loaded.events), so));
  }
  if (options.resume) return make_resume_screen(ctx);
  if (!options.replay_file.empty())
    return make_replay_screen(ctx, ReplayModel::load(options.replay_file, ctx.data), options.replay_viewer);
  if (!options.demo_game.empty())
    return make_play_screen(ctx, make_demo_session(ctx, options.demo_game, options.demo_seed));
  if (options.learn)
    return options.learn_game.empty() ? make_learn_screen(ctx) : make_lesson_screen(ctx, options.learn_game);
  if (options.start_game_set) {
    const GameInfo& info = builtin_registry().get(options.start_game.game).info;
    if (options.start_game.players &&
        (options.start_game.players < info.min_players || options.start_game.players > info.max_players))
      throw OptionError(fmt::format("{} is for {} to {} players, not {}", info.name, info.min_players,
                                    info.max_players, options.start_game.players));
    if (!options.start_game.seed_text.empty()) setup::parse_seed(options.start_game.seed_text);
    setup::contest_pace_of(options.start_game);  // a bad --contest-pace fails before the screen opens
    return make_seats_screen(ctx, options.start_game);
  }
  return make_title_screen(ctx);
}

}  // namespace

int run(const ShellOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  AppContext ctx;
  ctx.state_dir = setup::state_dir();
  ctx.shared = options.shared;
  ctx.player_name = options.player_name;
  ctx.no_commands = options.no_commands;
  ctx.window_limit = options.window_limit;
  SettingsStore settings(config_dir());
  settings.load();  // a bad file is ignored; the first page says so
  ctx.settings = &settings;
  if (options.start_game_set) ctx.data = setup::data_source(options.start_game.data_dir);
  if (!options.replay_file.empty()) ctx.data = setup::data_source(options.replay_data_dir);
  std::unique_ptr<Screen> first = first_screen(ctx, options);

  std::unique_ptr<Terminal> term = open_terminal(CapsRequest{options.ascii, options.no_color});
  ctx.unicode = term->unicode();
  App app(*term, ctx, std::move(first));

  // RACETABLE_SHELL_STATS=FILE: one line per frame (ms since start, bytes
  // written so far, what was on screen), written when the shell ends.
  const char* stats_path = std::getenv("RACETABLE_SHELL_STATS");
  std::vector<std::string> stats;
  if (stats_path && *stats_path) {
    app.on_frame = [&](Millis, const std::string& tag) {
      const auto ms =
          std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started)
              .count();
      stats.push_back(
          fmt::format("{:.3f} {} {}", static_cast<double>(ms) / 1000.0, term->bytes_written(), tag));
    };
  }
  const int code = app.run();
  term.reset();  // the terminal is restored before anything is printed
  for (const std::string& m : app.messages()) std::fprintf(stdout, "%s\n", m.c_str());
  std::fflush(stdout);
  if (stats_path && *stats_path) {
    if (std::FILE* f = std::fopen(stats_path, "w")) {
      for (const auto& line : stats) std::fprintf(f, "%s\n", line.c_str());
      std::fclose(f);
    }
  }
  return code;
}

}  // namespace rt::shell
