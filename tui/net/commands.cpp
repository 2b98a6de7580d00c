#include "tui/net/commands.h"

#include <dirent.h>
#include <fcntl.h>
#include <langinfo.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/input_limits.h"
#include "core/save.h"
#include "games/registry.h"
#include "tui/net/remote_table.h"
#include "tui/net/server.h"
#include "tui/net/sockets.h"
#include "tui/shell/shell.h"

namespace rt::net {
namespace {

void out(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

std::string info_path(const std::string& dir, const std::string& name) {
  return dir + "/" + name + ".table";
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

// Where to look for tables: ours, then group tables under /tmp we may enter.
std::vector<std::string> candidate_dirs() {
  std::vector<std::string> dirs{default_table_dir()};
  if (DIR* d = ::opendir("/tmp")) {
    while (const dirent* e = ::readdir(d)) {
      const std::string n = e->d_name;
      if (n.rfind("racetable-", 0) != 0) continue;
      const std::string path = "/tmp/" + n;
      struct stat st {};
      if (::lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
      if (::access(path.c_str(), R_OK | X_OK) != 0) continue;
      if (std::find(dirs.begin(), dirs.end(), path) == dirs.end()) dirs.push_back(path);
    }
    ::closedir(d);
  }
  std::sort(dirs.begin() + 1, dirs.end());
  return dirs;
}

std::vector<std::string> names_in(const std::string& dir, const std::string& suffix) {
  std::vector<std::string> names;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string n = e->d_name;
      if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
        names.push_back(n.substr(0, n.size() - suffix.size()));
    }
    ::closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool utf8_locale() {
  std::setlocale(LC_ALL, "");
  const char* cs = nl_langinfo(CODESET);
  std::string c = cs ? cs : "";
  std::transform(c.begin(), c.end(), c.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  return c == "UTF-8" || c == "UTF8";
}

std::string fresh_save_path(const Table& table, const std::string& name) {
  const std::string dir = cli::state_dir();
  cli::ensure_dir(dir);
  for (int k = 1;; ++k) {
    // No seed in the name: a file name is visible to anyone who may list the directory.
    std::string path = fmt::format("{}/{}-table-{}{}.save", dir, table.game().info().id, name,
                                   k == 1 ? std::string() : fmt::format("-{}", k));
    if (!exists(path)) return path;
  }
}

// `table_name`: the name the table had when the game was saved ("" if the
// save has none).
std::unique_ptr<Table> resume_table(const HostSettings& s, std::vector<Event>& earlier,
                                    std::string& table_name) {
  const SaveFile save = parse_save(read_file(s.resume_file), s.resume_file);
  table_name = save.table;
  EventSink sink;
  auto table = restore_save(save, builtin_registry(), cli::data_source(s.request.data_dir), [&](Table& t) {
    t.set_event_sink(&sink);
    t.set_step_observer([&](const Step&) {
      for (Event& e : sink) earlier.push_back(std::move(e));
      sink.clear();
    });
  });
  table->set_step_observer({});
  table->set_event_sink(nullptr);
  if (table->over()) throw UserError(fmt::format("{}: that game is already over", s.resume_file));
  return table;
}

std::unique_ptr<Table> new_table(HostSettings& s) {
  cli::TableRequest req = s.request;
  if (req.seats.empty()) {
    // Two people and computers to the usual number of players.
    const GameEntry& e = builtin_registry().get(req.game);
    const int players = req.players > 0 ? req.players : std::min(4, e.info.max_players);
    for (int p = 0; p < players; ++p) req.seats.push_back(p < 2 ? "human" : cli::kDefaultComputer);
    req.players = players;
  }
  const std::string seed = req.seed_text.empty() ? std::to_string(random_u64()) : req.seed_text;
  return cli::make_table(req, cli::parse_seed(seed));
}

std::string dir_flag(const std::string& dir) {
  return dir == default_table_dir() ? std::string() : fmt::format(" --dir {}", dir);
}

}  // namespace

std::string rejoin_command(const std::string& table, const std::string& dir, int seat) {
  return fmt::format("racetable join {}{}{}", table, dir.empty() ? std::string() : dir_flag(dir),
                     seat > 0 ? fmt::format(" --seat {}", seat) : std::string(" --watch"));
}

std::vector<std::string> open_table_names(const std::string& dir) {
  std::vector<std::string> names;
  for (const std::string& d : dir.empty() ? candidate_dirs() : std::vector<std::string>{dir})
    for (const std::string& name : names_in(d, ".sock")) {
      try {
        check_table_name(name);  // another user's file name, shown in this terminal
      } catch (const UserError&) {
        continue;
      }
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  return names;
}

int host(HostSettings s) {
  std::vector<Event> earlier;
  std::unique_ptr<Table> table;
  std::string saved_name;
  if (!s.resume_file.empty()) {
    if (!s.request.game.empty()) throw UserError("--resume continues a saved game: give no GAME with it");
    table = resume_table(s, earlier, saved_name);
    if (s.save_path.empty()) s.save_path = s.resume_file;
  } else {
    if (s.request.game.empty()) throw UserError("host needs a GAME (see racetable list) or --resume FILE");
    table = new_table(s);
  }
  ServerOptions opt;
  opt.pace_ms = std::clamp(s.pace_ms, 0, 10000);
  // "Get ready!" and the look at a contest's result scale with the pace.
  opt.ready_ms = std::min(1500, 2 * opt.pace_ms);
  opt.after_contest_ms = opt.ready_ms;
  if (!s.stand_in.empty()) {
    const auto& levels = bot_levels();
    if (std::find(levels.begin(), levels.end(), s.stand_in) == levels.end())
      throw OptionError(
          fmt::format("--stand-in: unknown level '{}' (use random, easy, normal or hard)", s.stand_in));
    opt.stand_in = s.stand_in;
  }
  if (s.grace_s < 0 || s.grace_s > 86400) throw OptionError("--grace: give seconds from 0 to 86400");
  opt.grace_ms = static_cast<int>(s.grace_s * 1000);
  if (s.idle_minutes < 0) throw OptionError("--idle: give minutes (0: never)");
  opt.idle_ms = static_cast<std::int64_t>(s.idle_minutes * 60000);
  if (!s.group.empty()) {
    opt.group_set = true;
    opt.group = group_id(s.group);
    opt.group_name = s.group;
    if (!process_in_group(opt.group) && !user_in_group(::getuid(), opt.group))
      throw UserError(fmt::format("--group {}: you are not in that group", s.group));
    if (s.dir.empty()) s.dir = default_group_dir(s.group);
  }
  bool generated_code = false;
  if (!s.code_file.empty()) {
    s.code = read_code_file(s.code_file);
  } else if (s.want_code) {
    const char* env = std::getenv(kCodeEnv);
    generated_code = !env || !*env;
    s.code = generated_code ? generate_code() : std::string(env);
  }
  if (s.code.size() > 128) throw UserError("the join code is longer than 128 characters");
  opt.code = s.code;
  opt.dir = s.dir.empty() ? default_table_dir() : s.dir;
  // A resumed table keeps its name: its players were told to rejoin by it.
  if (s.name.empty()) s.name = saved_name;
  const bool named = !s.name.empty();
  opt.name = named ? s.name : table->game().info().id;
  check_table_name(opt.name);
  prepare_table_dir(opt.dir, opt.group, opt.group_set);
  if (!named)
    for (int k = 2; exists(socket_path(opt.dir, opt.name)) || exists(info_path(opt.dir, opt.name)); ++k)
      opt.name = fmt::format("{}-{}", table->game().info().id, k);
  opt.save_path = s.save_path.empty() ? fresh_save_path(*table, opt.name) : s.save_path;
  opt.history_dir = cli::state_dir();  // the game's end is recorded there (a failure is said at the table)

  int log_fd = STDERR_FILENO;
  opt.log = [&log_fd](std::string_view line) {
    std::string l(line);
    l += '\n';
    const ssize_t r = ::write(log_fd, l.data(), l.size());
    (void)r;
  };
  const GameInfo& gi = table->game().info();
  const std::string name = opt.name, dir = opt.dir, save_path = opt.save_path;
  if (s.detach) {
    // O_NOFOLLOW and the owner check: a symlink or file another user put at
    // this name is refused, never appended to.
    const std::string log_path = dir + "/" + name + ".log";
    log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
    struct stat st {};
    if (log_fd < 0 || ::fstat(log_fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() ||
        (st.st_mode & 077) != 0)
      throw UserError(
          fmt::format("{}: cannot write the table's log there (not a private file of yours)", log_path));
  }
  Server server(std::move(table), opt, std::move(earlier));
  server.open();
  // Before anything says "Ctrl-C closes it": a signal from here on saves and closes.
  Server::install_signal_handlers();
  // `racetable tables` reads this; written again by a detached server, whose pid differs.
  const auto write_table_info = [&] {
    write_file_atomically(info_path(dir, name), dump(json{{"table", name},
                                                          {"game", gi.id},
                                                          {"save", save_path},
                                                          {"pid", static_cast<long>(::getpid())},
                                                          {"host", user_name(::getuid())}}) +
                                                    "\n");
  };
  write_table_info();
  std::string seats_text;
  for (std::size_t p = 0; p < server.table().seats().size(); ++p) {
    const Seat& seat = server.table().seats()[p];
    seats_text +=
        fmt::format("  seat {}: {}{}\n", p + 1, seat.name,
                    seat.level == "human" ? " (a player)" : fmt::format(" (computer, {})", seat.level));
  }
  const std::string how = fmt::format(
      "Table '{}' is open: {}{}\n{}Join it from any terminal on this machine{}:\n"
      "  racetable join {}{} --seat N     (or --watch to watch)\n"
      "Saved after every decision to {}\n",
      name, gi.name, s.resume_file.empty() ? "" : " (resumed)", seats_text,
      opt.group_set ? fmt::format(" (group {})", s.group) : fmt::format(" (as {})", user_name(::getuid())),
      name, dir_flag(dir), save_path);
  // The code is shown here, to the host, and nowhere else (not in the log).
  const std::string code_text =
      generated_code
          ? fmt::format("Join code: {}  (tell it to your players; they run join with --code)\n", s.code)
      : s.code.empty() ? std::string()
                       : "Players need the join code (join --code, RACETABLE_CODE or --code-file).\n";

  if (s.detach) {
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t pid = ::fork();
    if (pid < 0) throw UserError("cannot start the server in the background (fork failed)");
    if (pid > 0) {
      out(how + code_text);
      out(fmt::format("The server runs in the background (pid {}); its log is {}/{}.log\n", pid, dir, name));
      ::_exit(0);  // the child owns the socket now
    }
    ::setsid();
    const int devnull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devnull >= 0) {
      ::dup2(devnull, STDIN_FILENO);
      ::dup2(devnull, STDOUT_FILENO);
      ::dup2(devnull, STDERR_FILENO);
      if (devnull > STDERR_FILENO) ::close(devnull);
    }
    write_table_info();
  } else {
    out(how + code_text);
    out("This terminal serves the table and shows its log; Ctrl-C closes it (the game stays saved).\n");
  }
  server.run();
  const bool over = server.table().over();
  ::unlink(info_path(dir, name).c_str());
  if (!server.save_problem().empty()) {
    // Never point at a save that does not hold the game.
    const bool earlier = ::access(save_path.c_str(), F_OK) == 0;
    const std::string where =
        earlier ? fmt::format("the game as last saved is in {} (racetable host --resume {})", save_path,
                              save_path)
                : std::string("it is lost");
    const std::string line = fmt::format("racetable: {}: the game could not be saved: {}; {}\n",
                                         over ? "game over" : "table closed", server.save_problem(), where);
    std::fflush(stdout);
    std::fputs(line.c_str(), stderr);
    return 2;
  }
  if (!s.detach) {
    if (over)
      out(fmt::format("Game over: {}\n", server.table().state().standings().summary));
    else
      out(fmt::format("Table closed. Continue the game with: racetable host --resume {}\n", save_path));
  }
  return 0;
}

std::vector<TableEntry> find_tables(const std::string& only_dir, const std::string& code,
                                    std::vector<std::string>* ignored) {
  const std::vector<std::string> dirs =
      only_dir.empty() ? candidate_dirs() : std::vector<std::string>{only_dir};
  std::vector<TableEntry> found;
  // What another user put where we look is not listed, and the caller may say so.
  const auto ignore = [&](const std::string& what) {
    if (ignored) ignored->push_back(printable(what, 300));
  };
  for (const std::string& dir : dirs) {
    uid_t owner = 0;
    if (!exists(dir)) continue;  // no tables opened here yet
    try {
      owner = trusted_table_dir_owner(dir);
    } catch (const UserError& e) {
      ignore(e.what());
      continue;
    }
    std::vector<std::string> names = names_in(dir, ".sock");
    for (const std::string& n : names_in(dir, ".table"))
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    std::size_t planted = 0;
    for (const std::string& name : names) {
      struct stat sock {
      }, meta{};
      const bool has_sock = ::lstat(socket_path(dir, name).c_str(), &sock) == 0;
      const bool has_meta = ::lstat(info_path(dir, name).c_str(), &meta) == 0;
      if ((has_sock && sock.st_uid != owner) || (has_meta && meta.st_uid != owner)) {
        ++planted;
        continue;
      }
      TableEntry e;
      e.dir = dir;
      e.name = name;
      try {
        check_table_name(name);
        e.info = table_info(dir, name, code);
        make_printable(e.info);
      } catch (const UserError& err) {
        e.problem = printable(err.what(), 200);
      }
      // The table file is the host's (mode 0600): only the host reads where the save is.
      if (!e.problem.empty() && has_meta && S_ISREG(meta.st_mode) && meta.st_uid == ::geteuid()) {
        try {
          const json m = json::parse(read_file(info_path(dir, name)), nullptr, false);
          if (m.is_object() && m.contains("save") && m["save"].is_string()) {
            const std::string save = m["save"].get<std::string>();
            if (exists(save)) e.save = printable(save, 400);  // never point at a save that is not there
          }
        } catch (const UserError&) {
        }
      }
      found.push_back(std::move(e));
    }
    if (planted > 0)
      ignore(fmt::format("{} table{} in {} made by another user than its owner {}", planted,
                         planted == 1 ? "" : "s", dir, user_name(owner)));
  }
  return found;
}

int list_tables(const TablesSettings& s) {
  std::vector<std::string> ignored;
  const std::vector<TableEntry> found = find_tables(s.dir, s.code, &ignored);
  for (const std::string& what : ignored)
    std::fputs(fmt::format("racetable tables: ignored {}\n", what).c_str(), stderr);
  json all = json::array();
  const auto text = [](const json& j, const char* key) {
    return printable(j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string(), 64);
  };
  for (const TableEntry& e : found) {
    const json& info = e.info;
    const std::string shown_name = printable(e.name, 64);
    if (s.json) {
      json row = e.problem.empty() ? info : json{{"table", e.name}, {"problem", e.problem}};
      row["dir"] = e.dir;
      if (!e.save.empty()) row["save"] = e.save;
      make_printable(row);
      all.push_back(std::move(row));
      continue;
    }
    if (!e.problem.empty()) {
      out(fmt::format("{:<16} not running{}\n", shown_name,
                      e.save.empty()
                          ? fmt::format(" ({})", e.problem)
                          : fmt::format(": continue it with  racetable host --resume {}", e.save)));
      continue;
    }
    if (!info.contains("seats")) {
      out(fmt::format("{:<16} needs a join code (give --code to see more)\n", shown_name));
      continue;
    }
    std::string seats;
    for (std::size_t p = 0; p < info["seats"].size(); ++p) {
      const json& seat = info["seats"][p];
      const bool human = seat.value("human", false);
      std::string state;
      if (!human)
        state = fmt::format("computer {}", text(seat, "level"));
      else if (!seat.value("claimed", false))
        state = "free";
      else if (seat.value("stand_in", false))
        state = fmt::format("{}, computer stands in", text(seat, "user"));
      else if (!seat.value("connected", false))
        state = fmt::format("{}, away", text(seat, "user"));
      else
        state = text(seat, "user");
      seats += fmt::format("{}{} {} ({})", seats.empty() ? "" : ", ", p + 1, text(seat, "name"), state);
    }
    out(fmt::format(
        "{:<16} {}  [{}]  host {}{}{}\n  seats: {}\n  join:  racetable join {}{} --seat N  |  --watch\n",
        shown_name, text(info, "game_name"), text(info, "phase"), text(info, "host"),
        info.value("watchers", 0) > 0 ? fmt::format(", {} watching", info.value("watchers", 0)) : "",
        info.value("code", false) ? ", join code" : "", seats, shown_name, printable(dir_flag(e.dir), 300)));
  }
  if (s.json) {
    out(dump(all) + "\n");
  } else if (found.empty()) {
    const std::vector<std::string> dirs = s.dir.empty() ? candidate_dirs() : std::vector<std::string>{s.dir};
    out(fmt::format("No open tables (looked in {}). Open one with: racetable host GAME\n",
                    printable(dirs.front(), 300)));
  }
  return 0;
}

// Only directories whose owner is who they claim to be; two hosts with a
// table of this name: the player says which (--dir), never a guess.
std::string find_table_dir(const std::string& table) {
  std::vector<std::string> found;
  for (const std::string& d : candidate_dirs()) {
    if (!exists(socket_path(d, table))) continue;
    try {
      (void)trusted_table_dir_owner(d);
      found.push_back(d);
    } catch (const UserError&) {
    }
  }
  if (found.empty())
    throw UserError(
        fmt::format("no table named '{}' is open here (see racetable tables)", printable(table, 64)));
  if (found.size() > 1) {
    std::string which;
    for (const std::string& d : found)
      which += fmt::format("{}--dir {} (host {})", which.empty() ? "" : ", ", d,
                           user_name(trusted_table_dir_owner(d)));
    throw UserError(
        fmt::format("several tables are named '{}': give one of {}", printable(table, 64), which));
  }
  return found.front();
}

int join(const JoinSettings& s) {
  if (s.watch && s.seat > 0) throw OptionError("give --seat or --watch, not both");
  check_table_name(s.table);
  const std::string dir = s.dir.empty() ? find_table_dir(s.table) : s.dir;
  const bool tty = ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO);
  const bool line = s.line || !tty;
  Hello h = shell_hello(s.watch ? Role::Watch : Role::Play, s.seat, s.code, !s.ascii && utf8_locale());
  if (line) {
    h.board_w = 80;
    h.board_h = 30;
  }
  ::signal(SIGPIPE, SIG_IGN);
  Joined j = join_table(dir, s.table, h);
  JoinSettings settings = s;
  settings.dir = dir;
  settings.ascii = !h.unicode;
  if (line) return run_line_client(j.conn, j.welcome, settings);
  // In a terminal: the shell's own play screen (title and Tables after leaving).
  shell::ShellOptions so;
  so.ascii = s.ascii;
  auto joined = std::make_shared<Joined>(std::move(j));
  const std::string rejoin =
      rejoin_command(s.table, dir == default_table_dir() ? "" : dir, joined->welcome.value("seat", 0));
  so.open_table = [joined, rejoin, settings] {
    return make_remote_table(std::move(joined->conn), joined->welcome,
                             RemoteSettings{settings.table, settings.dir, rejoin, {}});
  };
  return shell::run(so);
}

namespace {

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) --b;
  return s.substr(a, b - a);
}

std::string rejoin_hint(const JoinSettings& s, const json& welcome) {
  return rejoin_command(s.table, s.dir == default_table_dir() ? "" : s.dir, welcome.value("seat", 0));
}

}  // namespace

int run_line_client(Connection& conn, const json& welcome, const JoinSettings& s) {
  ClientState st;
  std::uint64_t printed_log = 0;
  std::string last_status;
  std::string last_question;
  bool stdin_open = true;
  std::string pending_in;
  const int seat = welcome.value("seat", 0);
  // welcome's strings are printable (parse_server_message); "host" is the kernel's word.
  out(fmt::format("Joined table '{}' ({}, host {}) {}.\n", s.table, welcome.value("game_name", ""),
                  welcome.value("host", ""),
                  seat > 0 ? fmt::format("at seat {} as {}", seat, welcome.value("name", "")) : "to watch"));
  for (;;) {
    pollfd fds[2] = {{conn.fd(), static_cast<short>(POLLIN | (conn.wants_write() ? POLLOUT : 0)), 0},
                     {stdin_open ? STDIN_FILENO : -1, POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0 && errno != EINTR) break;
    if (fds[0].revents & POLLOUT) conn.flush();
    std::vector<json> msgs;
    std::string error;
    const bool open = conn.receive(msgs, error);
    for (const json& m : msgs) {
      try {
        if (!st.apply(m)) {
          out(fmt::format("racetable: {}\n", st.error()));
          return 1;
        }
      } catch (const ProtocolError& e) {
        out(fmt::format("racetable: bad data from the table: {}\n", e.what()));
        return 1;
      }
      const std::string type = m["type"].get<std::string>();
      if (type == "notice" || type == "error")
        out(fmt::format("! {}\n", type == "notice" ? st.notice() : st.error()));
    }
    if (st.log_total() > printed_log) {
      const std::uint64_t fresh = std::min<std::uint64_t>(st.log_total() - printed_log, st.log().size());
      for (std::size_t k = st.log().size() - fresh; k < st.log().size(); ++k)
        out(fmt::format("  {}\n", st.log()[k].text));
      printed_log = st.log_total();
    }
    if (st.has_screen()) {
      const ScreenModel& sc = st.screen();
      if (sc.status != last_status) {
        out(fmt::format("-- {}\n", sc.status));
        last_status = sc.status;
      }
      if (sc.phase == "over") {
        for (const PlacingView& p : sc.placings) out(fmt::format("{}. {}  {}\n", p.place, p.name, p.detail));
        return 0;
      }
      const std::string q =
          st.asked() ? fmt::format("{}/{}/{}/{}", sc.ask, sc.contest, sc.timed, sc.prompt) : "";
      if (!q.empty() && q != last_question) {
        const Canvas board = decode_board(sc);
        out("\n" + board.to_text() + "\n");
        out(fmt::format("{}\n", sc.prompt));
        for (std::size_t i = 0; i < sc.options.size(); ++i)
          out(fmt::format("  {}) {}\n", i + 1, sc.options[i].label));
        out("> ");
      }
      last_question = q;
    }
    if (!open) {
      out(fmt::format("racetable: {}. Rejoin with: {}\n", error, rejoin_hint(s, welcome)));
      return 1;
    }
    if (stdin_open && (fds[1].revents & (POLLIN | POLLHUP))) {
      char buf[4096];
      const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
      if (n <= 0 && seat == 0) {
        stdin_open = false;  // a watcher keeps watching
        continue;
      }
      if (n <= 0) {
        stdin_open = false;
        conn.send(json{{"type", "leave"}});
        out(fmt::format("\nInput ended: you left the table; your seat is kept. Rejoin with: {}\n",
                        rejoin_hint(s, welcome)));
        return 0;
      }
      pending_in.append(buf, static_cast<std::size_t>(n));
      std::size_t nl;
      while ((nl = pending_in.find('\n')) != std::string::npos) {
        const std::string line = trim(pending_in.substr(0, nl));
        pending_in.erase(0, nl + 1);
        if (line == "q" || line == "quit") {
          conn.send(json{{"type", "leave"}});
          out(fmt::format("You left the table; your seat is kept. Rejoin with: {}\n",
                          rejoin_hint(s, welcome)));
          return 0;
        }
        if (line.empty()) continue;
        std::optional<json> answer;
        bool digits = line.size() < 4;
        for (char c : line) digits = digits && c >= '0' && c <= '9';
        if (digits) {
          const int k = std::stoi(line);
          if (k >= 1) answer = st.answer(static_cast<std::size_t>(k - 1));
        } else if (st.asked()) {
          for (std::size_t i = 0; i < st.screen().options.size(); ++i)
            if (st.screen().options[i].label == line) answer = st.answer(i);
        }
        if (answer)
          conn.send(*answer);
        else
          out(st.asked() ? fmt::format("'{}' is not one of the options 1-{}\n> ", excerpt(line),
                                       st.screen().options.size())
                         : "nothing is asked of you now\n");
      }
    }
  }
  return 1;
}

void add_net_commands(CLI::App& app, NetCommands& c) {
  HostSettings& h = c.host_settings;
  c.host = app.add_subcommand("host", "open a shared table: players join from their own terminals");
  c.host->allow_extras();
  c.host->add_option("GAME", c.host_game, "game id (see `racetable list`)");
  c.host
      ->add_option("--seats", h.request.seats,
                   "per seat: human, random, easy, normal or hard (default: 2 people + computers)")
      ->delimiter(',');
  c.host->add_option("--players", h.request.players, "number of players");
  c.host->add_option("--names", h.request.names, "player names, comma-separated")->delimiter(',');
  c.host->add_option("--seed", h.request.seed_text, "seed (default: a fresh one)");
  c.host->add_option("--variant", h.request.variants, "a variant (repeatable)");
  c.host->add_option("--option", h.request.options, "a game option key=value (repeatable)");
  c.host->add_option("--data", h.request.data_dir, "game data directory");
  c.host->add_option("--name", h.name, "table name (default: the game id)");
  c.host->add_option("--dir", h.dir,
                     "socket directory: a new path, or one of yours with mode 0700 (0750 and the group with "
                     "--group); default $XDG_RUNTIME_DIR/racetable");
  c.host->add_option(
      "--group", h.group,
      "open the table to a Unix group (default: only you; directory /tmp/racetable-group-NAME-UID)");
  c.host->add_flag("--code", h.want_code,
                   "players must give a join code: $RACETABLE_CODE, or a generated one shown only to you");
  c.host->add_option("--code-file", h.code_file, "the join code, from a file only you can read (mode 0600)");
  c.host->add_option("--save", h.save_path, "save file (default: in the state directory)");
  c.host->add_option("--resume", h.resume_file, "continue a saved game at a new table");
  c.host->add_option("--stand-in", h.stand_in,
                     "a computer of this level plays for a player away past the grace period");
  c.host->add_option("--grace", h.grace_s,
                     "seconds an absent player keeps their seat to themselves (default 30)");
  c.host->add_option("--pace", h.pace_ms,
                     "milliseconds after each computer move (default 800; 0 plays at once)");
  c.host->add_option("--idle", h.idle_minutes,
                     "close after this many minutes with nobody connected (default 120, 0 never)");
  c.host->add_flag("--detach", h.detach, "serve in the background and return");

  c.tables = app.add_subcommand("tables", "list the open tables");
  c.tables->allow_extras();
  c.tables->add_option("--dir", c.tables_settings.dir, "look only in this directory");
  c.tables->add_flag("--code", c.tables_settings.ask_code,
                     "ask for the join code (to see a coded table's seats); or set RACETABLE_CODE");
  c.tables->add_option("--code-file", c.tables_settings.code_file, "the join code, from a 0600 file");
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
    c.host_settings.request.game = c.host_game;
    return host(c.host_settings);
  }
  if (c.tables && c.tables->parsed()) {
    refuse_extras(c.tables);
    c.tables_settings.code = player_code(c.tables_settings.ask_code, c.tables_settings.code_file);
    return list_tables(c.tables_settings);
  }
  if (c.join && c.join->parsed()) {
    refuse_extras(c.join);
    c.join_settings.code = player_code(c.join_settings.ask_code, c.join_settings.code_file);
    return join(c.join_settings);
  }
  return std::nullopt;
}

std::string read_code_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw UserError(fmt::format("{}: cannot read the join code: {}", path, std::strerror(errno)));
  struct stat st {};
  const bool stat_ok = ::fstat(fd, &st) == 0;
  if (!stat_ok || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0) {
    ::close(fd);
    throw UserError(
        fmt::format("{}: a join code file must be a file of yours that only you can read "
                    "(chmod 600; it has mode {:04o})",
                    path, stat_ok ? static_cast<unsigned>(st.st_mode & 07777) : 0u));
  }
  char buf[256];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  ::close(fd);
  std::string code = trim(std::string(buf, static_cast<std::size_t>(std::max<ssize_t>(n, 0))));
  if (const auto nl = code.find('\n'); nl != std::string::npos) code = trim(code.substr(0, nl));
  if (code.empty() || code.size() > 128)
    throw UserError(fmt::format("{}: the first line must be the join code (1-128 characters)", path));
  return code;
}

std::string generate_code() {
  static constexpr std::string_view kAlphabet = "abcdefghijkmnpqrstuvwxyz23456789";  // 32: no l, o, 0, 1
  std::uint64_t bits = random_u64(), more = random_u64();
  std::string code;
  for (int i = 0; i < 16; ++i) {
    if (i == 12) bits = more;
    if (i > 0 && i % 4 == 0) code += '-';
    code += kAlphabet[bits & 31];
    bits >>= 5;
  }
  return code;
}

std::string player_code(bool ask, const std::string& code_file) {
  if (!code_file.empty()) return read_code_file(code_file);
  if (const char* env = std::getenv(kCodeEnv); env && *env) {
    if (std::strlen(env) > 128) throw UserError(fmt::format("{}: longer than 128 characters", kCodeEnv));
    return env;
  }
  if (!ask) return {};
  // Asked on the terminal itself, without echo: never in argv, never on a pipe.
  const int tty = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (tty < 0)
    throw UserError(fmt::format(
        "--code: no terminal to ask for the join code on; set {} or use --code-file FILE", kCodeEnv));
  termios saved{};
  const bool term = ::tcgetattr(tty, &saved) == 0;
  if (term) {
    termios quiet = saved;
    quiet.c_lflag &= static_cast<tcflag_t>(~ECHO);
    quiet.c_lflag |= ICANON;
    ::tcsetattr(tty, TCSAFLUSH, &quiet);
  }
  static constexpr std::string_view kAsk = "Join code: ";
  if (::write(tty, kAsk.data(), kAsk.size()) < 0) {
  }
  std::string line;
  char ch = 0;
  while (line.size() < 256 && ::read(tty, &ch, 1) == 1 && ch != '\n') line += ch;
  if (term) ::tcsetattr(tty, TCSAFLUSH, &saved);
  if (::write(tty, "\n", 1) < 0) {
  }
  ::close(tty);
  line = trim(line);
  if (line.empty() || line.size() > 128) throw UserError("--code: give the join code (1-128 characters)");
  return line;
}

}  // namespace rt::net
