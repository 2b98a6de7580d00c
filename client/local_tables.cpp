// The tables of this machine's users (client::Tables over Unix sockets):
// listed where `racetable tables` looks, sat at over a table's socket, and
// hosted by starting `racetable host --detach` in the background.
#include "client/local_tables.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <regex>
#include <string_view>

#include <fmt/format.h>

#include "client/remote_table.h"
#include "net/codes.h"
#include "net/lobby.h"
#include "net/sockets.h"
#include "net/table_files.h"

namespace rt::client {
namespace {

// Runs `racetable host ... --detach` and reads what it prints; returns the
// table's name, or "" with `error`.
// `seed`: given to the host in its environment (only its owner reads that),
// never on its command line (every user reads those).
// `code`: the join code it made (a table with --code), for the host's eyes.
std::string start_host(shell::AppContext& ctx, const std::vector<std::string>& args, const std::string& seed,
                       std::string& code, std::string& error) {
  std::vector<std::string> env_text;
  // Not the seed, and not a join code of this shell's environment: the host makes a fresh one and shows it.
  for (char** e = environ; *e; ++e)
    if (std::string_view(*e).rfind(std::string(net::kSeedEnv) + "=", 0) != 0 &&
        std::string_view(*e).rfind(std::string(net::kCodeEnv) + "=", 0) != 0)
      env_text.emplace_back(*e);
  if (!seed.empty()) env_text.push_back(fmt::format("{}={}", net::kSeedEnv, seed));
  std::vector<char*> envp;
  for (std::string& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) {
    error = "cannot start the table (pipe)";
    return "";
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(out[0]);
    ::close(out[1]);
    error = "cannot start the table (fork)";
    return "";
  }
  if (pid == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(out[1], STDERR_FILENO);
    const int devnull = ::open("/dev/null", O_RDONLY);
    if (devnull >= 0) ::dup2(devnull, STDIN_FILENO);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execve(ctx.program.c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(out[1]);
  std::string text;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(out[0], buf, sizeof buf);
    if (n > 0) {
      text.append(buf, static_cast<std::size_t>(n));
      if (text.size() > 65536) break;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    break;
  }
  ::close(out[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::smatch m;
  static const std::regex opened("Table '([A-Za-z0-9._-]+)' is open");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && std::regex_search(text, m, opened)) {
    const std::string name = m[1];
    static const std::regex told_code("Join code: ([!-~]+)");
    std::smatch c;
    if (std::regex_search(text, c, told_code)) code = c[1];
    // Its server, so that quitting can ask what becomes of the table.
    static const std::regex served(R"(\(pid ([0-9]+)\))");
    if (std::regex_search(text, m, served))
      ctx.hosted.push_back(shell::AppContext::HostedTable{name, std::stoi(m[1])});
    return name;
  }
  const auto nl = text.find('\n');
  error = "the table did not start: " +
          (text.empty() ? std::string("no answer") : text.substr(0, std::min<std::size_t>(nl, 200)));
  return "";
}

class LocalTables final : public Tables {
 public:
  explicit LocalTables(std::string dir) : dir_(std::move(dir)), me_(net::user_name(::getuid())) {}

  TableList list() override {
    TableList out;
    std::vector<net::TableEntry> found;
    try {
      found = net::find_tables(dir_);
    } catch (const UserError& e) {
      out.error = e.what();
    }
    for (net::TableEntry& t : found) {
      TableRow r{t.name, t.dir, std::move(t.listing), {}, t.problem};
      if (!t.trusted) {
        r.note = "not trusted: its directory does not say whose it is";
      } else if (t.silent) {
        r.note = "not answering (its server did not answer in time)";
      } else if (t.malformed) {
        r.note = t.problem;
      } else if (!r.listing) {
        // A socket whose server is gone, with no save to resume it from, is
        // nothing anyone can join: counted below the list, not listed (a
        // machine may hold a hundred of another user's).
        if (t.save.empty()) {
          ++out.stopped;
          continue;
        }
        r.note = "not running (racetable host --resume)";
      } else if (!r.listing->seats) {
        // Codes are never on a command line: --code asks for it (or takes $RACETABLE_CODE).
        r.note = fmt::format("needs a join code: racetable join {}{} --code (it asks)", t.name,
                             net::dir_flag(t.dir));
        r.listing.reset();
      } else {
        for (net::ListedSeat& s : *r.listing->seats) s.mine = s.claimed && s.user == me_;
      }
      out.rows.push_back(std::move(r));
    }
    return out;
  }

  std::unique_ptr<shell::PlayTable> sit(const shell::AppContext& ctx, const SitAt& at) override {
    const net::Hello hello =
        shell_hello(at.seat > 0 ? net::Role::Play : net::Role::Watch, at.seat, at.code, ctx.unicode);
    net::Joined j = net::join_table(at.where, at.table, hello);
    const std::string rejoin = net::rejoin_command(
        at.table, at.where == net::default_table_dir() ? "" : at.where, j.welcome.value("seat", 0));
    return make_remote_table(std::move(j.conn), j.welcome, RemoteSettings{at.table, at.where, rejoin, {}});
  }

  SitAt host(shell::AppContext& ctx, const setup::TableRequest& req,
             const shell::HostChoices& choices) override {
    int mine = 0;
    std::vector<std::string> seats;
    for (std::size_t p = 0; p < req.seats.size(); ++p) {
      const std::string& kind = req.seats[p];
      if (kind == "human" && mine == 0)
        mine = static_cast<int>(p) + 1;
      else if (kind == "human") {
        throw UserError(
            "A shared table seats one player at this terminal: make the other humans players at other "
            "terminals.");
      }
      seats.push_back(kind == "remote" ? "human" : kind);
    }
    if (std::string why = local_host_problem(&ctx, choices); !why.empty()) throw UserError(why);
    // A computer plays a seat whose player is away past the grace period (the
    // host too, once they quit and leave the table open).
    std::vector<std::string> args{"racetable", "host", req.game, "--detach", "--stand-in", "normal"};
    auto joined = [](const std::vector<std::string>& v) {
      std::string s;
      for (const auto& x : v) s += (s.empty() ? "" : ",") + x;
      return s;
    };
    args.insert(args.end(), {"--seats", joined(seats), "--players", std::to_string(seats.size())});
    if (!req.names.empty()) args.insert(args.end(), {"--names", joined(req.names)});
    for (const auto& v : req.variants) args.insert(args.end(), {"--variant", v});
    for (const auto& o : req.options) args.insert(args.end(), {"--option", o});
    if (!req.contest_pace.empty()) args.insert(args.end(), {"--contest-pace", req.contest_pace});
    // The Host page's choices, as `host` takes them.
    if (!choices.name.empty()) args.insert(args.end(), {"--name", choices.name});
    if (choices.access == shell::TableAccess::Code) args.emplace_back("--code");
    if (choices.access == shell::TableAccess::Invited)
      args.insert(args.end(), {"--invite", joined(choices.invited)});
    if (!choices.watchers) args.emplace_back("--no-watchers");
    if (choices.watchers && choices.watchers_talk) args.emplace_back("--watchers-talk");
    if (choices.hints) args.emplace_back("--hints");
    if (!req.think.empty()) args.insert(args.end(), {"--think", req.think});
    if (choices.move_time_s > 0)
      args.insert(args.end(), {"--move-time", std::to_string(choices.move_time_s)});
    if (choices.game_time_min > 0)
      args.insert(args.end(), {"--game-time", std::to_string(choices.game_time_min)});
    // A group's table lives in the group's own directory.
    if (!choices.group.empty())
      args.insert(args.end(), {"--group", choices.group});
    else if (!ctx.table_dir.empty())
      args.insert(args.end(), {"--dir", ctx.table_dir});
    std::string code, error;
    const std::string name = start_host(ctx, args, req.seed_text, code, error);
    if (name.empty()) throw UserError(error);
    const std::string dir = !choices.group.empty()  ? net::default_group_dir(choices.group)
                            : ctx.table_dir.empty() ? net::default_table_dir()
                                                    : ctx.table_dir;
    return SitAt{name, dir, mine, code};
  }

  std::string host_problem(const shell::AppContext* ctx, const shell::HostChoices& choices) const override {
    return local_host_problem(ctx, choices);
  }

  TablesWords words() const override {
    return {"Tables: games shared between terminals",
            "No open tables yet. Host one, or ask a friend on this machine to.", 3000};
  }

  std::vector<std::string> describe(const net::TableListing& t) const override {
    std::vector<std::string> message{fmt::format("{}, hosted by {}.", t.game_name, t.host)};
    if (const std::string deal = net::deal_sentence(t.deal); !deal.empty()) message.push_back(deal);
    return message;
  }

  // The page asks for no code: `join` does, without echo.
  std::string code_elsewhere(const TableRow& row) const override {
    return fmt::format("Table {} needs a join code: racetable join {}{} --code", row.name, row.name,
                       net::dir_flag(row.where));
  }

 private:
  std::string dir_;
  std::string me_;
};

}  // namespace

std::string local_host_problem(const shell::AppContext* ctx, const shell::HostChoices& choices) {
  if (!choices.name.empty()) {
    try {
      net::check_table_name(choices.name);
    } catch (const UserError& e) {
      return e.what();
    }
    const std::string dir = !choices.group.empty()           ? net::default_group_dir(choices.group)
                            : ctx && !ctx->table_dir.empty() ? ctx->table_dir
                                                             : net::default_table_dir();
    if (net::exists(net::socket_path(dir, choices.name)) || net::exists(net::info_path(dir, choices.name)))
      return fmt::format("There is a table named {} already: pick another name.", choices.name);
  }
  if (choices.access == shell::TableAccess::Invited) {
    if (choices.invited.empty()) return "Name the players who may come (Players named).";
    if (choices.group.empty())
      return "Players named must reach the table: open it to a group of theirs (Open to).";
    if (choices.invited.size() > net::kMaxInvited)
      return fmt::format("Name at most {} players.", net::kMaxInvited);
    for (const std::string& user : choices.invited)
      if (std::string why = net::invited_name_problem(user); !why.empty()) return why;
  }
  return {};
}

std::shared_ptr<Tables> local_tables(std::string dir) {
  return std::make_shared<LocalTables>(std::move(dir));
}

}  // namespace rt::client
