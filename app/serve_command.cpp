// `racetable serve FILE`: many tables in one process (net/hub.h). Each
// line of FILE is what `racetable host` would be given; each table keeps its
// own socket, directory, permissions, join code and log (DIR/NAME.log).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>

#include <cstdio>
#include <map>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "app/command_util.h"
#include "app/commands.h"
#include "core/input_limits.h"
#include "core/save.h"
#include "net/hub.h"
#include "net/table_files.h"

namespace rt::app {

// The shared tables' commands speak of the server's types throughout.
using namespace net;
namespace {

constexpr std::size_t kMaxServedTables = 4000;
constexpr std::size_t kMaxServeLineBytes = 4096;

}  // namespace

HostSettings host_settings_of(const std::string& line, const std::string& where) {
  CLI::App app;
  NetCommands nc;
  add_net_commands(app, nc);
  try {
    app.parse("host " + line, false);
  } catch (const CLI::ParseError& e) {
    throw OptionError(fmt::format("{}: {}", where, e.what()));
  }
  if (!nc.host->remaining().empty())
    throw OptionError(fmt::format("{}: unexpected '{}'", where, excerpt(nc.host->remaining().front())));
  if (nc.host_settings.spec_fd >= 0) throw OptionError(fmt::format("{}: unexpected '--spec-fd'", where));
  if (nc.host_settings.detach)
    throw OptionError(fmt::format("{}: give --detach to serve, not to a table", where));
  HostSettings s = nc.host_settings;
  take_host_flags(s, nc.host_game);
  if (!s.spec.request.seed_text.empty()) s.seed_written = SeedWritten::ServeFile;
  try {
    check_seed_is_private(s);
  } catch (const UserError& e) {
    throw UserError(fmt::format("{}: {}", where, e.what()));
  }
  return s;
}

int serve(const ServeSettings& settings) {
  const std::string text = read_file(settings.file);
  if (settings.workers < 0 || settings.workers > 64)
    throw OptionError("--workers: give 1 to 64 (0: one per CPU)");
  raise_open_file_limit();  // 500 tables with 4 players each hold ~3,000 sockets
  // Every line read and checked before the first table is opened: a file
  // refused (too many tables, a mistake on its last line) leaves no socket,
  // save or log behind.
  struct Line {
    std::string where, text;
  };
  std::vector<Line> lines;
  std::size_t count = 0, number = 0, start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = trim(text.substr(start, end - start));
    start = end + 1;
    ++number;
    std::string where = fmt::format("{}:{}", settings.file, number);
    if (line.size() > kMaxServeLineBytes) throw UserError(fmt::format("{}: the line is too long", where));
    if (line.empty() || line[0] == '#') continue;
    if (++count <= kMaxServedTables) lines.push_back(Line{std::move(where), std::move(line)});
  }
  if (count > kMaxServedTables)
    throw UserError(fmt::format("{}: {} tables, and one server takes at most {}: nothing was opened",
                                settings.file, count, kMaxServedTables));
  std::vector<HostSettings> settings_of;
  settings_of.reserve(lines.size());
  for (const Line& line : lines) settings_of.push_back(host_settings_of(line.text, line.where));
  std::vector<OpenedTable> tables;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    try {
      tables.push_back(open_hosted_table(settings_of[i], true, nullptr));
    } catch (const UserError& e) {
      throw UserError(fmt::format("{}: {}", lines[i].where, e.what()));
    }
  }
  if (tables.empty()) throw UserError(fmt::format("{}: no tables in it", settings.file));
  const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
  const auto workers = static_cast<std::size_t>(
      std::clamp<long>(settings.workers > 0 ? settings.workers : cpus, 1, static_cast<long>(tables.size())));
  // Before anything says "Ctrl-C closes it": a signal from here on saves and closes every table.
  Server::install_signal_handlers();
  std::string told;
  for (const OpenedTable& t : tables) {
    write_table_info(t);
    told += fmt::format("Table '{}': {}  (racetable join {}{}; log {}/{}.log)\n", t.name, t.game_id, t.name,
                        dir_flag(t.dir), t.dir, t.name);
    told += t.code_text;
  }
  const std::string tables_text =
      tables.size() == 1 ? std::string("this table") : fmt::format("these {} tables", tables.size());
  const std::string how_many = workers == 1 ? std::string("One server process serves")
                                            : fmt::format("{} server processes serve", workers);
  if (settings.detach) {
    detach_from_terminal([&](pid_t pid) {
      return told + fmt::format("{} {} in the background (pid {}; stop it to close them all).\n", how_many,
                                tables_text, pid);
    });
  } else {
    out(told + fmt::format("{} {} from this terminal; Ctrl-C closes them all (the games stay saved).\n",
                           how_many, tables_text));
  }
  // Workers: table i is served by worker i % workers, each its own event
  // loop (and its own share of the CPUs); the first one is this process,
  // which passes a stop signal on to the others and waits for them.
  std::vector<pid_t> children;
  std::size_t me = 0;
  for (std::size_t k = 1; k < workers; ++k) {
    const pid_t pid = ::fork();
    if (pid < 0) throw UserError("cannot start the server's worker processes (fork failed)");
    if (pid == 0) {
      me = k;
      children.clear();
      break;
    }
    children.push_back(pid);
  }
  Hub hub;
  std::map<const Server*, const OpenedTable*> by_server;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    OpenedTable& t = tables[i];
    if (i % workers != me) {
      t.server->hand_over();
      t.server.reset();
      continue;
    }
    write_table_info(t);  // this process's pid
    by_server[t.server.get()] = &t;
    hub.add(std::move(t.server));
  }
  bool all_saved = true;
  hub.run([&](Server& server) {
    const auto it = by_server.find(&server);
    if (it != by_server.end()) all_saved = report_closed_table(*it->second, server) && all_saved;
  });
  for (const pid_t child : children) {
    if (Server::stop_signal_received()) ::kill(child, Server::stop_signal());
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR)
      if (Server::stop_signal_received()) ::kill(child, Server::stop_signal());
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) all_saved = false;
  }
  return all_saved ? 0 : 2;
}

}  // namespace rt::app
