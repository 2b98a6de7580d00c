// The shared-table commands' flags (CLI11) and which one runs.
#include "app/commands.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/input_limits.h"

namespace rt::app {

// The shared tables' commands speak of the server's types throughout.
using namespace net;

void add_contest_pace_option(CLI::App* cmd, setup::TableRequest& request) {
  std::string help = "the computers' pace in timed contests, their time as a share of normal's:";
  for (const ContestPaceInfo& p : contest_paces()) help += fmt::format(" {} {}%,", p.name, p.percent);
  help.back() = ';';
  help += " default normal (the shell offers relaxed for your first game of each game)";
  cmd->add_option("--contest-pace", request.contest_pace, help);
  cmd->add_option("--think", request.think,
                  fmt::format("how long expert computers think, in percent of their own playouts ({} to {}, "
                              "default 100; kept in the save)",
                              kMinThinkPercent, kMaxThinkPercent));
}

namespace {

// `host`: one table, its seats, who may come, its clocks.
void add_host_command(CLI::App& app, NetCommands& c) {
  HostSettings& h = c.host_settings;
  TableSpec& spec = h.spec;
  c.host = app.add_subcommand("host", "open a shared table: players join from their own terminals");
  c.host->allow_extras();
  c.host->add_option("GAME", c.host_game, "game id (see `racetable list`)");
  c.host
      ->add_option("--seats", spec.request.seats,
                   "per seat: human, random, easy, normal, hard or expert (default: 2 people + computers)")
      ->delimiter(',');
  c.host->add_option("--players", spec.request.players, "number of players");
  c.host->add_option("--names", spec.request.names, "player names, comma-separated")->delimiter(',');
  c.host->add_option("--seed", spec.request.seed_text,
                     "seed of your choosing, shown to every player as chosen by the host (default: the "
                     "server draws one and shows its SHA-256 commitment, revealed at the end); blanked at "
                     "once from the command line, and refused with --group: give $RACETABLE_SEED or "
                     "--seed-file there");
  c.host->add_option("--seed-file", h.seed_file, "the seed, from a file only you can read (mode 0600)");
  c.host->add_option("--variant", spec.request.variants, "a variant (repeatable)");
  c.host->add_option("--option", spec.request.options, "a game option key=value (repeatable)");
  c.host->add_option("--data", spec.request.data_dir, "game data directory");
  add_contest_pace_option(c.host, spec.request);
  c.host->add_option("--name", spec.name, "table name (default: the game id)");
  c.host->add_option("--dir", h.dir,
                     "socket directory: a new path, or one of yours with mode 0700 (0750 and the group with "
                     "--group); default $XDG_RUNTIME_DIR/racetable");
  c.host->add_option(
      "--group", spec.group,
      "open the table to a Unix group (default: only you; directory /tmp/racetable-group-NAME-UID)");
  c.host->add_flag_callback(
      "--code", [&spec] { spec.admission = Admission::Code; },
      "players must give a join code: $RACETABLE_CODE, or a generated one shown only to you");
  c.host->add_option("--code-file", h.code_file, "the join code, from a file only you can read (mode 0600)");
  c.host->add_option("--save", h.save_path, "save file (default: in the state directory)");
  c.host->add_option("--resume", h.resume_file,
                     "continue a saved game at a new table (each seat stays the player's who took it)");
  c.host
      ->add_option("--free-seat", h.free_seats,
                   "with --resume: anyone may take this seat, whoever it was (a number, or all; repeatable)")
      ->type_name("SEAT")
      ->delimiter(',');
  c.host->add_flag("--open-seats", h.open_seats,
                   "with --resume --group of a save older than seat owners: its seats are open to anyone");
  c.host->add_option("--stand-in", h.stand_in,
                     "a computer of this level plays for a player away past the grace period");
  c.host->add_option("--grace", h.grace_s,
                     "seconds an absent player keeps their seat to themselves (default 30)");
  c.host->add_option("--pace", h.pace_ms,
                     "milliseconds after each computer move (default 800; 0 plays at once)");
  c.host->add_option("--idle", h.idle_minutes,
                     "close after this many minutes with nobody connected (default 120, 0 never)");
  c.host->add_flag("--watchers-talk", spec.watchers_talk,
                   "watchers' talk reaches the players too (by default watchers talk among themselves)");
  c.host->add_option("--away", h.away_minutes,
                     "minutes without a key before a connected player shows as away (default 3)");
  c.host->add_option("--move-time", spec.move_time_s,
                     "seconds a player has for each move; then a computer plays that move for them (the "
                     "stand-in's level, else normal) and the seat stays theirs (default 0: no clock)");
  c.host->add_flag_callback(
      "--no-watchers", [&spec] { spec.watchers = false; },
      "nobody may watch the table (by default anyone who may join may)");
  c.host
      ->add_option(
          "--invite", spec.invited,
          "only these users (and you) may sit down or watch: user names, comma-separated (with --group)")
      ->type_name("USER,...")
      ->delimiter(',');
  c.host->add_option("--game-time", spec.game_time_min,
                     "minutes each player has for all their moves (a game clock, running only on their "
                     "own turns); once used up, 15 s a move, then a computer plays that move for them "
                     "(default 0: no game clock; a resumed table keeps its saved clock)");
  c.host->add_flag("--hints", spec.hints,
                   "players may ask for a hint on their move (h): what the strongest computer would play, "
                   "shown to them alone; the game's record says who asked");
  c.host->add_flag("--detach", h.detach, "serve in the background and return");
  // Hidden: the shell's Host page hands the table over on this descriptor (net/host_handoff.h).
  c.host->add_option("--spec-fd", h.spec_fd, "the table's description as JSON on this descriptor")->group("");
}

// `serve`: many tables from one file, or the SSH server and its accounts.
void add_serve_command(CLI::App& app, NetCommands& c) {
  ServeSettings& s = c.serve_settings;
  c.serve = app.add_subcommand(
      "serve",
      "serve many shared tables from one process (one line of host arguments each), or the game over SSH");
  c.serve->add_option("FILE", s.file,
                      "the tables: one line each, `host`'s arguments (GAME --name N ...); # comments");
  c.serve->add_flag("--detach", s.detach, "serve in the background and return");
  c.serve->add_option("--workers", s.workers,
                      "processes sharing the tables, each with its own event loop (default: one per CPU)");
  c.serve_ssh =
      c.serve
          ->add_option(
              "--ssh", s.ssh_listen,
              "an SSH server on [ADDR:]PORT (default 2222, on 127.0.0.1 unless an address is given): "
              "`ssh -p PORT NAME@HOST` plays; a key's first login registers NAME")
          ->expected(0, 1)
          ->type_name("[ADDR:]PORT");
  c.serve_ssh_only = {
      c.serve
          ->add_option(
              "--state-dir", s.state_dir,
              "--ssh: the host key, the players and their saves (default $XDG_STATE_HOME/racetable/ssh)")
          ->type_name("DIR"),
      c.serve->add_flag("--guests", s.guests,
                        "--ssh: a client without a key plays as guest-N (keeping nothing)"),
      c.serve->add_flag("--fingerprint", s.fingerprint,
                        "--ssh: print the host key's fingerprint (made if there is none) and exit"),
      c.serve
          ->add_option("--ban", s.ban,
                       "--ssh: refuse this player's key (a name, or a key's SHA256:... fingerprint) from now "
                       "on; a running server ends their sessions")
          ->type_name("NAME|SHA256:..."),
      c.serve->add_option("--unban", s.unban, "--ssh: lift the ban on this name's or fingerprint's key")
          ->type_name("NAME|SHA256:..."),
      c.serve->add_flag("--bans", s.list_bans, "--ssh: print the banned keys and exit"),
      c.serve->add_option("--max-sessions", s.limits.max_sessions, "--ssh: players at once (default 64)"),
      c.serve->add_option("--max-per-address", s.limits.max_per_address,
                          "--ssh: sessions from one address (default 8: a household shares one)"),
      c.serve->add_option("--max-per-key", s.limits.max_per_key,
                          "--ssh: sessions of one player's key at once (default 3)"),
      c.serve->add_option("--max-pending", s.limits.max_pending,
                          "--ssh: connections still logging in at once; a newer one closes the oldest of the "
                          "busiest network (default 64, at most 1024)"),
      c.serve->add_option("--per-minute", s.limits.per_minute,
                          "--ssh: new connections from one address a minute (default 20)"),
      c.serve->add_option("--login-timeout", s.limits.login_seconds,
                          "--ssh: seconds a connection has to log in (default 20)"),
      c.serve->add_option("--idle", s.limits.idle_minutes,
                          "--ssh: minutes without a key before a session is closed (default 30, 0 never)"),
      c.serve->add_option("--grace", s.grace_s,
                          "--ssh: seconds a table waits for a player who is away before a computer plays "
                          "their seat (default 30)"),
  };
}

}  // namespace

void add_net_commands(CLI::App& app, NetCommands& c) {
  add_host_command(app, c);
  add_serve_command(app, c);

  c.tables = app.add_subcommand("tables", "list the open tables (no join code needed: it is never sent)");
  c.tables->allow_extras();
  c.tables->add_option("--dir", c.tables_settings.dir, "look only in this directory");
  c.tables->add_flag("--json", c.tables_settings.json, "JSON output");

  JoinSettings& j = c.join_settings;
  c.join = app.add_subcommand("join", "sit down at (or watch) an open table");
  c.join->allow_extras();
  c.join->add_option("TABLE", j.table, "table name (see `racetable tables`)")->required();
  c.join->add_option("--seat", j.seat, "seat number (default: the first free one)");
  c.join->add_flag("--watch", j.watch, "watch: see only what every player sees");
  c.join->add_flag("--code", j.ask_code, "ask for the table's join code; or set RACETABLE_CODE");
  c.join->add_option("--code-file", j.code_file, "the table's join code, from a 0600 file");
  c.join->add_option("--dir", j.dir, "socket directory");
  c.join->add_flag("--line", j.line, "plain text: numbered questions on stdin");
}

namespace {

// `--code tulip`: the word lands among the extras. Refused, saying why.
void refuse_extras(const CLI::App* cmd) {
  const std::vector<std::string> extra = cmd->remaining();
  if (extra.empty()) return;
  throw OptionError(fmt::format(
      "unexpected '{}': a join code is never given on the command line (every user sees it in ps); "
      "use --code to be asked for it, RACETABLE_CODE, or --code-file FILE",
      printable(extra.front(), 80)));
}

}  // namespace

std::optional<int> run_net_commands(NetCommands& c) {
  if (c.host && c.host->parsed()) {
    refuse_extras(c.host);
    take_host_flags(c.host_settings, c.host_game);
    return host(c.host_settings);
  }
  if (c.serve && c.serve->parsed()) {
    c.serve_settings.ssh = c.serve_ssh && c.serve_ssh->count() > 0;
    if (c.serve_settings.ssh) return serve_ssh(c.serve_settings);
    for (const CLI::Option* o : c.serve_ssh_only)
      if (o->count() > 0)
        throw OptionError(fmt::format("{} is for the SSH server: give --ssh too", o->get_name()));
    if (c.serve_settings.file.empty())
      throw OptionError("serve: give a FILE of tables, or --ssh [ADDR:]PORT for the SSH server");
    return serve(c.serve_settings);
  }
  if (c.tables && c.tables->parsed()) {
    const std::vector<std::string> extra = c.tables->remaining();
    if (!extra.empty() && extra.front().rfind("--code", 0) == 0)
      throw OptionError(
          "tables takes no join code: every table's listing is open to whoever may connect to it, and a "
          "code is sent only by `racetable join`");
    refuse_extras(c.tables);
    return list_tables(c.tables_settings);
  }
  if (c.join && c.join->parsed()) {
    refuse_extras(c.join);
    c.join_settings.code = player_code(c.join_settings.ask_code, c.join_settings.code_file);
    return join(c.join_settings);
  }
  return std::nullopt;
}

}  // namespace rt::app
