#include "app/cli.h"

#include <unistd.h>
#include <algorithm>
#include <optional>

#include <cstdio>
#include <ctime>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "app/catalog_json.h"
#include "app/cli_complete.h"
#include "app/cli_man.h"
#include "app/commands.h"
#include "app/hidden_args.h"
#include "app/learn_command.h"
#include "client/shared_tables.h"
#include "core/deal_verify.h"
#include "core/history.h"
#include "core/input_limits.h"
#include "core/printable.h"
#include "core/save.h"
#include "core/seat.h"
#include "core/transcript.h"
#include "games/registry.h"
#include "games/setup.h"
#include "lab/bench.h"
#include "lab/review_command.h"
#include "lab/soak.h"
#include "lab/tournament.h"
#include "net/ssh_gateway.h"
#include "tui/line_mode.h"
#include "tui/shell/keys.h"
#include "tui/shell/replay_cast.h"
#include "tui/shell/replay_model.h"
#include "tui/shell/shell.h"
#include "tui/shell/stats_report.h"

namespace rt::cli {
namespace {

constexpr std::uint64_t kDefaultSeed = 1;

void out(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
}

// `remembered`: the command opens the shell's seats page in a terminal,
// which starts from the seats last chosen for the game.
void add_table_options(CLI::App* cmd, setup::TableRequest& req, bool remembered = false) {
  cmd->add_option("GAME", req.game, "game id (see `racetable list`)")->required();
  cmd->add_option("--seed", req.seed_text, "seed: a whole number (the same seed plays the same game)");
  cmd->add_option("--players", req.players, "number of players");
  cmd->add_option(
         "--seats", req.seats,
         fmt::format("per seat: human, random, easy, normal, hard or expert (computers not listed: {}{})",
                     setup::kDefaultComputer,
                     remembered ? "; without --seats, a terminal's seats page starts from the seats last "
                                  "chosen for the game"
                                : ""))
      ->delimiter(',');
  cmd->add_option("--names", req.names, "player names, comma-separated")->delimiter(',');
  cmd->add_option("--variant", req.variants, "a variant (repeatable; see `racetable rules GAME`)");
  cmd->add_option("--option", req.options, "a game option key=value (repeatable)");
  cmd->add_option("--data", req.data_dir, "read game data from this directory instead of the built-in copy");
  app::add_contest_pace_option(cmd, req);
}

// Every game's options (GameInfo::params) as flags of their own: `--NAME
// VALUE` is `--option NAME=VALUE`. Games that share an option name share the
// flag; a game's new option needs no line here.
using GameParamValues = std::map<std::string, std::string>;

void add_game_params(CLI::App* cmd, GameParamValues& values) {
  std::map<std::string, std::string> help;  // by option name: "game: summary; game: summary"
  for (const GameEntry& e : builtin_registry().all())
    for (const ParamInfo& p : e.info.params) {
      std::string& h = help[p.name];
      h += (h.empty() ? "" : "; ") + e.info.id + ": " + p.summary;
    }
  for (const auto& [name, text] : help) cmd->add_option("--" + name, values[name], text);
}

void fold_params(setup::TableRequest& req, const GameParamValues& values) {
  for (const auto& [name, value] : values)
    if (!value.empty()) req.options.push_back(name + "=" + value);
}

std::string default_save_path(const Table& table) {
  const std::string dir = setup::state_dir();
  setup::ensure_dir(dir);
  for (int k = 1;; ++k) {
    // No seed in the name: whoever can list the directory would read it there.
    std::string path = fmt::format("{}/{}{}.save", dir, table.game().info().id,
                                   k == 1 ? std::string() : fmt::format("-{}", k));
    if (::access(path.c_str(), F_OK) != 0) return path;
  }
}

int cmd_list(bool json) {
  if (json) {
    out(games_json(builtin_registry()));
    return 0;
  }
  for (const auto& e : builtin_registry().all())
    out(fmt::format("{:<12} {:<12} {}-{} players  {}\n", e.info.id, e.info.name, e.info.min_players,
                    e.info.max_players, e.info.pitch));
  return 0;
}

int cmd_rules(const std::string& game_id, const std::string& data_dir, bool json) {
  const GameEntry& e = builtin_registry().get(game_id);
  Options opt;
  opt.players = e.info.min_players;
  auto game = builtin_registry().create(game_id, opt, setup::data_source(data_dir));
  if (json) {
    out(rules_json(e.info, game->rules_text()));
    return 0;
  }
  out(game->rules_text());
  // Names and summaries stay apart by two spaces or more, however long a name
  // (scripts and the bash completion split the rows there).
  std::size_t name_w = 17;
  for (const auto& v : e.info.variants) name_w = std::max(name_w, v.name.size() + 1);
  for (const auto& p : e.info.params) name_w = std::max(name_w, p.name.size() + 1);
  if (!e.info.variants.empty()) {
    out("\nVARIANTS  (--variant NAME)\n");
    for (const auto& v : e.info.variants) out(fmt::format("  {:<{}} {}\n", v.name, name_w, v.summary));
  }
  if (!e.info.params.empty()) {
    out("\nOPTIONS  (--option NAME=VALUE)\n");
    for (const auto& p : e.info.params) out(fmt::format("  {:<{}} {}\n", p.name, name_w, p.summary));
  }
  return 0;
}

// Plays a table with computers to the end, writing its transcript.
int run_transcript(Table& table, const TranscriptOptions& topt, const std::string& save_path) {
  TranscriptWriter writer(topt, out);
  EventSink events;
  attach_transcript(table, writer, events);
  table.advance();
  if (!table.over()) throw UserError("sim plays computers only: a human seat cannot be simulated");
  writer.result(table);
  std::fflush(stdout);
  if (!save_path.empty()) write_file_atomically(save_path, save_text(table));
  return 0;
}

// The board is a text drawing: JSON lines have no place for it.
void refuse_json_board(bool json, bool board) {
  if (json && board) throw OptionError("--board draws text boards; it cannot be combined with --json");
}

int cmd_sim(setup::TableRequest req, bool json, bool board, const std::string& save_path) {
  refuse_json_board(json, board);
  for (const auto& s : req.seats)
    if (const auto choice = parse_seat_choice(s); choice && choice->person())
      throw OptionError("sim plays computers only: use random, easy, normal, hard or expert seats");
  auto table = setup::make_table(req, kDefaultSeed);
  TranscriptOptions topt;
  topt.json = json;
  topt.board = board;
  return run_transcript(*table, topt, save_path);
}

struct ReplayRequest {
  std::string file, data_dir, cast_path;
  bool json = false, board = false, watch = false, all = false, ascii = false;
  int seat = 0;  // 1-based; 0: a watcher
  double speed = 1.0;
};

// A save to replay, read and checked once: the game, whether it is over,
// and what this account may see of it (core/save.h replay_sight).
struct ReplayFile {
  SaveFile save;
  std::unique_ptr<Table> end;  // the game as the save leaves it
  ReplaySight sight;
};

ReplayFile read_replay(const ReplayRequest& req) {
  ReplayFile f;
  f.save = parse_save(read_file(req.file), req.file);
  f.end = restore_save(f.save, builtin_registry(), setup::data_source(req.data_dir));
  f.sight = replay_sight(f.save, f.end->over(), static_cast<std::uint32_t>(::getuid()));
  return f;
}

// Who the replay shows the game to: --seat N (checked against the save's
// seats and what this account may see), --all (kEveryone: every hidden card),
// else a watcher (kPublic), as --help says; an unfinished shared table's
// save opens on the caller's own seat.
PlayerId replay_viewer(const ReplayRequest& req, const ReplayFile& f) {
  if ((req.watch ? 1 : 0) + (req.all ? 1 : 0) + (req.seat != 0 ? 1 : 0) > 1)
    throw OptionError("--seat, --watch and --all: choose one view");
  const std::string still_played = fmt::format(
      "the table '{}' is still being played, and its save shows you only ", excerpt(f.save.table));
  const std::string yours = f.sight.own >= 0 ? fmt::format("your own seat ({})", f.sight.own + 1)
                                             : std::string("what a watcher sees (no seat there is yours)");
  if (req.seat != 0) {
    if (req.seat < 1 || req.seat > std::ssize(f.save.seats))
      throw OptionError(
          fmt::format("--seat {}: {} has seats 1 to {}", req.seat, req.file, f.save.seats.size()));
    const auto seat = static_cast<PlayerId>(req.seat - 1);
    if (!f.sight.may_see(seat))
      throw OptionError(fmt::format("--seat {}: {}{}", req.seat, still_played, yours));
    return seat;
  }
  if (req.all) {
    if (!f.sight.may_see(kEveryone)) throw OptionError("--all: " + still_played + yours);
    return kEveryone;
  }
  if (!req.watch && f.sight.limited && f.sight.own >= 0) return f.sight.own;
  return kPublic;
}

// Not in a terminal (or --json, --board): the transcript as the chosen view
// was told it (--all: byte for byte as the game printed it).
int cmd_replay(const ReplayRequest& req) {
  refuse_json_board(req.json, req.board);
  const ReplayFile f = read_replay(req);
  TranscriptOptions topt;
  topt.json = req.json;
  topt.board = req.board;
  topt.audience = replay_viewer(req, f);
  TranscriptWriter writer(topt, out);
  EventSink events;
  auto table = restore_save(f.save, builtin_registry(), setup::data_source(req.data_dir),
                            [&](Table& t) { attach_transcript(t, writer, events); });
  if (table->over())
    writer.result(*table);
  else
    out("-- the saved game is not finished (continue it with: racetable resume FILE)\n");
  return 0;
}

// `verify`: one line, exit 0 when the deal is the one committed (or chosen
// openly), 1 with what does not match; a save that cannot be read at all is
// bad input (exit 2).
int cmd_verify(const std::string& file, const std::string& data_dir) {
  const DealVerdict v =
      verify_deal(parse_save(read_file(file), file), builtin_registry(), setup::data_source(data_dir));
  out(v.fair ? v.line + "\n" : fmt::format("not verified: {}\n", v.line));
  return v.fair ? 0 : 1;
}

// The shell's and the recording's viewer: a seat, or kEveryone for a watcher.
PlayerId shell_viewer(const ReplayRequest& req, const ReplayFile& f) {
  if (req.all) throw OptionError("--all prints the transcript: it cannot be combined with --asciicast");
  const PlayerId v = replay_viewer(req, f);
  return v == kPublic ? kEveryone : v;
}

int cmd_replay_cast(const ReplayRequest& req) {
  if (req.json || req.board)
    throw OptionError("--asciicast records the screen: it cannot be combined with --json or --board");
  if (!(req.speed >= 0.1 && req.speed <= 100.0))
    throw OptionError(fmt::format("--speed {}: give a number from 0.1 to 100", req.speed));
  shell::CastOptions copt;
  copt.viewer = shell_viewer(req, read_replay(req));
  copt.speed = req.speed;
  copt.unicode = !req.ascii;
  auto model = shell::ReplayModel::load(req.file, setup::data_source(req.data_dir));
  // Atomic: a failed write leaves no half recording and says why (exit 2).
  write_file_atomically(req.cast_path, shell::asciicast_text(*model, copt));
  std::fprintf(stderr, "racetable: recorded %d decisions to %s (play it with: asciinema play %s)\n",
               model->size() - 1, req.cast_path.c_str(), req.cast_path.c_str());
  return 0;
}

int cmd_stats(const std::string& game, bool json) {
  if (!game.empty()) builtin_registry().get(game);  // an unknown id: one line, exit 2
  const std::string dir = setup::state_dir();
  const HistoryRead read = read_history(dir);
  const HistoryStats st = history_stats(read.records, game);
  out(json ? shell::stats_json(read, st, history_path(dir)) : shell::stats_text(read, st, history_path(dir)));
  return read.error.empty() ? 0 : 2;
}

// A game played to its end here goes into the player's history
// (core/history.h); a failed append is said and the exit status says so.
int record_line_game(const Table& table, int status, const std::string& save_path) {
  if (!table.over()) return status;
  std::vector<PlayerId> you;
  for (PlayerId p = 0; p < table.seats().size(); ++p)
    if (table.seats()[p].kind == SeatKind::Human) you.push_back(p);
  std::string problem;
  try {
    setup::ensure_dir(setup::state_dir());
    problem = append_history(setup::state_dir(),
                             finished_game_record(table, std::time(nullptr), save_path, "", you));
  } catch (const UserError& e) {
    problem = e.what();
  }
  if (problem.empty()) return status;
  std::fflush(stdout);
  std::fprintf(stderr, "racetable: the game was not added to your history: %s\n", problem.c_str());
  return status == 0 ? 2 : status;
}

int cmd_play_line(setup::TableRequest req, const std::string& save_path) {
  req.default_seat = "human";
  auto table = setup::make_table(req, kDefaultSeed);
  LineModeOptions lopt;
  lopt.save_path = save_path.empty() ? default_save_path(*table) : save_path;
  lopt.interactive = ::isatty(STDIN_FILENO) != 0;
  lopt.handle_signals = true;
  return record_line_game(*table, play_line_mode(*table, lopt), lopt.save_path);
}

int cmd_resume_line(const std::string& file, const std::string& data_dir) {
  auto table = load_save(read_file(file), file, builtin_registry(), setup::data_source(data_dir));
  if (table->over()) throw UserError(fmt::format("{}: that game is already over", file));
  LineModeOptions lopt;
  lopt.save_path = file;
  lopt.interactive = ::isatty(STDIN_FILENO) != 0;
  lopt.handle_signals = true;
  return record_line_game(*table, play_line_mode(*table, lopt), file);
}

// Not in a terminal: a seeded demo game as a transcript.
int print_demo(const std::string& game_id, const std::string& seed_text) {
  setup::TableRequest req;
  req.game = game_id;
  req.seed_text = seed_text;
  req.default_seat = setup::kDefaultComputer;
  auto table = setup::make_table(req, kDefaultSeed);
  table->set_explaining(true);  // a demo says why each computer moves
  TranscriptOptions topt;
  return run_transcript(*table, topt, "");
}

// What the command line set: each subcommand's options, filled by CLI11.
struct Commands {
  shell::ShellOptions shell_opt;
  bool list_json = false;
  std::string rules_game, rules_data;
  bool rules_json_flag = false;
  setup::TableRequest sim_req;
  bool sim_json = false, sim_board = false;
  std::string sim_save;
  GameParamValues sim_params;
  setup::TableRequest play_req;
  bool play_line = false;
  std::string play_save;
  GameParamValues play_params;
  ReplayRequest replay_req;
  lab::ReviewRequest review_req;
  std::string verify_file, verify_data;
  std::string stats_game;
  bool stats_json_flag = false;
  std::string demo_game, demo_seed;
  std::string learn_game;
  bool learn_line = false;
  std::string resume_file, resume_data;
  bool resume_line = false;
  lab::BenchOptions bench_opt;
  lab::MergeOptions merge_opt;
  CLI::App* merge = nullptr;
  lab::SoakOptions soak_opt;
  app::NetCommands net_cmds;
};

// Playing and watching games: list, rules, sim, play, replay.
void add_game_commands(CLI::App& app, Commands& c) {
  app.add_subcommand("list", "list the games")
      ->add_flag("--json", c.list_json, "one JSON object: the games, variants, options");

  auto* rules = app.add_subcommand("rules", "print a game's rules summary");
  rules->add_option("GAME", c.rules_game, "game id")->required();
  rules->add_option("--data", c.rules_data, "game data directory");
  rules->add_flag("--json", c.rules_json_flag, "one JSON object: sections, variants, options, our readings");

  auto* sim = app.add_subcommand("sim", "play a whole game with computers and print the transcript");
  add_table_options(sim, c.sim_req);
  add_game_params(sim, c.sim_params);
  sim->add_flag("--json", c.sim_json, "JSON lines: one object per event, then a result");
  sim->add_flag("--board", c.sim_board, "draw the board after every decision");
  sim->add_option("--save", c.sim_save, "also write the game to this save file");

  auto* play = app.add_subcommand("play", "play a game (the shell, or --line for plain text)");
  add_table_options(play, c.play_req, true);
  add_game_params(play, c.play_params);
  play->add_flag("--line", c.play_line, "line mode: numbered prompts on stdin, no full screen");
  play->add_option("--save", c.play_save, "save file (default: in the state directory)");

  ReplayRequest& replay_req = c.replay_req;
  auto* replay = app.add_subcommand(
      "replay", "step through a saved game (in a terminal), print its transcript, or record it");
  replay->add_option("FILE", replay_req.file, "save file")->required();
  replay->add_flag("--json", replay_req.json, "JSON lines");
  replay->add_flag("--board", replay_req.board, "draw the board after every decision");
  replay->add_option("--data", replay_req.data_dir, "game data directory");
  replay->add_option("--asciicast", replay_req.cast_path,
                     "write an asciicast v2 recording (80x24, the shell's screen) to this file");
  replay->add_option("--seat", replay_req.seat,
                     "see the game as this seat (1, 2...): its hidden cards, nobody else's");
  replay->add_flag("--watch", replay_req.watch,
                   "see the game as a watcher: public information only (default; a shared table's save "
                   "still being played: your own seat)");
  replay->add_flag("--all", replay_req.all,
                   "print the transcript with every hidden card, as `racetable sim` does (not while a "
                   "shared table is still being played)");
  replay->add_option("--speed", replay_req.speed,
                     "recording speed: 2 plays twice as fast (default 1: a second a decision)");
}

// Looking back and learning: review, verify, stats, demo, learn, resume, keys.
void add_player_commands(CLI::App& app, Commands& c) {
  lab::ReviewRequest& review_req = c.review_req;
  auto* review = app.add_subcommand(
      "review", "the expert's look back at a finished game: the turning points, then every decision");
  review->add_option("SAVE", review_req.files, "save files of finished games")->required();
  review->add_option("--seat", review_req.seat,
                     "review this seat (1, 2...; default: the first person's, else seat 1)");
  review->add_flag("--json", review_req.json, "JSON lines: one object per decision, then a summary");
  review->add_option("--think", review_req.think_percent,
                     fmt::format("the expert's thinking and the games played on per move, in percent ({} to "
                                 "{}, default 100)",
                                 kMinThinkPercent, kMaxThinkPercent));
  review->add_option("--shard", review_req.shard, "I/K: review only share I of K of the saves given");
  review->add_option("--data", review_req.data_dir, "game data directory");

  auto* verify = app.add_subcommand(
      "verify",
      "check a shared table's finished game: its seed and salt give the commitment every seat was "
      "shown, and every card and die of the save follows from that seed");
  verify->add_option("SAVE", c.verify_file, "save file of a shared table's finished game")->required();
  verify->add_option("--data", c.verify_data, "game data directory");

  auto* stats =
      app.add_subcommand("stats", "your games, wins and places, from the history of finished games");
  stats->add_option("--game", c.stats_game, "one game (id)");
  stats->add_flag("--json", c.stats_json_flag, "one JSON object");

  auto* demo = app.add_subcommand("demo", "watch computers play a game, narrated");
  demo->add_option("GAME", c.demo_game, "game id")->required();
  demo->add_option("--seed", c.demo_seed, "seed");

  auto* learn = app.add_subcommand("learn", "a guided first game: the rules one at a time, as you play");
  learn->add_option("GAME", c.learn_game, "game id (default: choose from the Learn page)");
  learn->add_flag("--line", c.learn_line, "line mode: the lesson as plain lines on stdin and stdout");

  auto* resume = app.add_subcommand("resume", "continue a saved game");
  resume->add_option("FILE", c.resume_file, "save file (default: choose from the saved games)");
  resume->add_flag("--line", c.resume_line, "line mode");
  resume->add_option("--data", c.resume_data, "game data directory");

  // Hidden: the README's keys table, generated from the shell's bindings.
  app.add_subcommand("keys", "print the shell's keys as Markdown (for the README)")->group("");
}

// The computers' studies (lab/): bench, bench merge, soak.
void add_lab_commands(CLI::App& app, Commands& c) {
  lab::BenchOptions& bench_opt = c.bench_opt;
  auto* bench = app.add_subcommand("bench", "measure engine speed with random computer players");
  bench->add_option("--game", bench_opt.game, "one game (default: all)");
  bench->add_option("--seconds", bench_opt.seconds, "seconds per game (default 2)");
  bench->add_option("--jobs", bench_opt.jobs, "threads (default 1)");
  bench->add_option("--games", bench_opt.games, "a fixed number of games per game (seeds 1..N)");
  bench->add_option("--players", bench_opt.players, "players per game (default 4)");
  bench->add_flag("--json", bench_opt.json, "JSON output");
  bench->add_flag("--tournament", bench_opt.tournament, "every computer level against every other, heads-up");
  bench->add_option("--levels", bench_opt.levels,
                    "levels for the tournament (default random,easy,normal,hard; with --players 3 or more, "
                    "the first level alone against each other level in every other seat)");
  bench->add_flag("--cheat", bench_opt.cheat,
                  "the first level, if expert, sees every hidden card (a perfect-information ceiling)");
  bench->add_flag("--random-choices", bench_opt.random_choices,
                  "the first level chooses at random where it has a choice, its timed contests its own "
                  "(what choices are worth)");
  bench->add_option(
      "--think", bench_opt.think_percent,
      fmt::format("expert computers' thinking, in percent of their own playouts ({} to {}, default 100)",
                  kMinThinkPercent, kMaxThinkPercent));
  bench->add_flag(
      "--review-check", bench_opt.review_check,
      "how good the game review's estimates are: games of --levels REVIEWED,OTHERS, each move the "
      "review rates below another played on from the true position with both (docs/BOTS.md)");
  bench->add_option("--shard", bench_opt.shard,
                    "I/K: play only share I of K of the tournament's games (with --json, for bench merge)");
  c.merge = bench->add_subcommand(
      "merge", "put the results of a sharded tournament together: prints what one whole run prints");
  c.merge
      ->add_option("FILES", c.merge_opt.files,
                   "every shard's output of bench --tournament --shard I/K --json")
      ->required();
  c.merge->add_flag("--json", c.merge_opt.json, "JSON lines, as bench --tournament --json prints them");

  auto* soak = app.add_subcommand("soak", "random games with every invariant checked after each decision");
  soak->add_option("--game", c.soak_opt.game, "one game (default: all)");
  soak->add_option("--decisions", c.soak_opt.decisions, "decisions per game (default 200000)");
  soak->add_option("--seed", c.soak_opt.first_seed, "first seed (default 1)");
}

// Hidden helpers that read the command line as built (tui/cli_complete.h,
// tui/cli_man.h): the bash completion asks `complete -- WORDS`; `make man`
// asks `manpage BLOCK`. Read before parsing: WORDS are any half-typed line.
std::optional<int> run_helper(CLI::App& app, int argc, char** argv) {
  const std::string_view helper = argc >= 2 ? argv[1] : "";
  if (helper == "complete" && argc >= 3 && std::string_view(argv[2]) == "--") {
    out(completion_text(complete(app, std::vector<std::string>(argv + 3, argv + argc))));
    return 0;
  }
  if (helper == "manpage" && argc == 3) {
    try {
      out(man_block(app, argv[2]));
      return 0;
    } catch (const UserError& e) {
      std::fprintf(stderr, "racetable: %s\n", e.what());
      return 2;
    }
  }
  return std::nullopt;
}

// The parsed command run: one subcommand, or the shell's title page.
int run_command(CLI::App& app, Commands& c) {
  shell::ShellOptions& shell_opt = c.shell_opt;
  const bool tty = ::isatty(STDOUT_FILENO) && ::isatty(STDIN_FILENO);
  if (app.got_subcommand("list")) return cmd_list(c.list_json);
  if (app.got_subcommand("rules")) return cmd_rules(c.rules_game, c.rules_data, c.rules_json_flag);
  if (app.got_subcommand("sim")) {
    fold_params(c.sim_req, c.sim_params);
    return cmd_sim(c.sim_req, c.sim_json, c.sim_board, c.sim_save);
  }
  if (app.got_subcommand("play")) {
    fold_params(c.play_req, c.play_params);
    if (c.play_line || !tty) return cmd_play_line(c.play_req, c.play_save);
    shell_opt.start_game = c.play_req;
    shell_opt.start_game_set = true;
    return shell::run(shell_opt);
  }
  if (app.got_subcommand("replay")) {
    ReplayRequest& replay_req = c.replay_req;
    replay_req.ascii = shell_opt.ascii;
    if (!replay_req.cast_path.empty()) return cmd_replay_cast(replay_req);
    if (!tty || replay_req.json || replay_req.board || replay_req.all) return cmd_replay(replay_req);
    shell_opt.replay_file = replay_req.file;
    shell_opt.replay_data_dir = replay_req.data_dir;
    shell_opt.replay_viewer = shell_viewer(replay_req, read_replay(replay_req));
    return shell::run(shell_opt);
  }
  if (app.got_subcommand("stats")) return cmd_stats(c.stats_game, c.stats_json_flag);
  if (app.got_subcommand("review")) return lab::cmd_review(c.review_req);
  if (app.got_subcommand("verify")) return cmd_verify(c.verify_file, c.verify_data);
  if (app.got_subcommand("demo")) {
    builtin_registry().get(c.demo_game);
    if (!c.demo_seed.empty()) setup::parse_seed(c.demo_seed);
    if (!tty) return print_demo(c.demo_game, c.demo_seed);
    shell_opt.demo_game = c.demo_game;
    shell_opt.demo_seed = c.demo_seed;
    return shell::run(shell_opt);
  }
  if (app.got_subcommand("learn")) {
    if (c.learn_line || !tty) {
      if (c.learn_game.empty()) throw UserError("learn without a terminal needs a GAME");
      return cmd_learn_line(c.learn_game);
    }
    if (!c.learn_game.empty()) check_lesson(c.learn_game);
    shell_opt.learn = true;
    shell_opt.learn_game = c.learn_game;
    return shell::run(shell_opt);
  }
  if (app.got_subcommand("resume")) {
    if (c.resume_line || !tty) {
      if (c.resume_file.empty()) throw UserError("resume without a terminal needs a FILE");
      return cmd_resume_line(c.resume_file, c.resume_data);
    }
    shell_opt.resume = true;
    shell_opt.resume_file = c.resume_file;
    return shell::run(shell_opt);
  }
  if (app.got_subcommand("bench"))
    return c.merge->parsed() ? lab::merge_tournament(c.merge_opt) : lab::run_bench(c.bench_opt);
  if (app.got_subcommand("keys")) {
    out(shell::keys_markdown());
    return 0;
  }
  if (app.got_subcommand("soak")) return lab::run_soak(c.soak_opt);
  c.net_cmds.join_settings.ascii = shell_opt.ascii;
  if (auto code = app::run_net_commands(c.net_cmds)) return *code;
  if (!tty) return print_demo("go-wacky", "");
  return shell::run(shell_opt);
}

}  // namespace

int run(int raw_argc, char** raw_argv) {
  // A logged-in SSH player's shell, started afresh by the session's process
  // (net/ssh_gateway.h): the player is in the environment, not the arguments.
  if (raw_argc == 2 && std::string_view(raw_argv[1]) == net::kSshShellArgument)
    return app::ssh_session_shell();
  // First of all: a host's seed leaves the arguments every user can read.
  OwnedArgs args = hide_secret_args(raw_argc, raw_argv);
  const int argc = args.argc();
  char** const argv = args.argv.data();
  CLI::App app{
      fmt::format(
          "racetable: five tabletop racing games in your terminal\n"
          "Computer seats not named with --seats play at level {} in sim, demo, host and play --line;\n"
          "play in a terminal opens the seats page at the seats last chosen for that game.",
          setup::kDefaultComputer),
      "racetable"};
  app.set_version_flag("--version", std::string("racetable ") + RACETABLE_VERSION);
  app.require_subcommand(0, 1);
  Commands c;
  c.shell_opt.shared = &client::shared_tables();
  app.add_flag("--ascii", c.shell_opt.ascii, "draw with plain ASCII");
  app.add_flag("--no-color", c.shell_opt.no_color, "no colours (NO_COLOR is honoured too)");
  add_game_commands(app, c);
  add_player_commands(app, c);
  add_lab_commands(app, c);
  // Shared tables: host, tables, join (tui/net/).
  app::add_net_commands(app, c.net_cmds);
  if (args.seed_hidden) c.net_cmds.host_settings.seed_written = net::SeedWritten::CommandLine;
  if (const std::optional<int> helped = run_helper(app, argc, argv)) return *helped;

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();
    std::fprintf(stderr, "racetable: %s (see racetable --help)\n", msg.c_str());
    return 2;
  }

  try {
    return run_command(app, c);
  } catch (const UserError& e) {
    // An error may quote what a file said (a save's line, a seat's name): one printable line.
    std::fflush(stdout);
    std::fprintf(stderr, "racetable: %s\n", printable(e.what()).c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "racetable: internal error: %s\n", printable(e.what()).c_str());
    return 3;
  }
}

}  // namespace rt::cli
