// The shell's pages for shared tables: "Tables" on the title screen (the
// tables this user can reach, to join a free seat, rejoin one's own, or
// watch) and hosting a table set up on the shell's seats and options pages.
// Both end on the one play screen over a remote table.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <regex>
#include <string_view>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/remote_table.h"
#include "app/table_screens.h"
#include "net/codes.h"
#include "net/lobby.h"
#include "net/seat_names.h"
#include "net/sockets.h"
#include "net/table_files.h"
#include "tui/shell/play_table.h"
#include "tui/shell/screens.h"

namespace rt::shell {
namespace {

using net::json;

// Sits down (seat > 0), or watches (seat 0), and opens the play screen.
std::unique_ptr<Screen> open_table(AppContext& ctx, const std::string& dir, const std::string& name, int seat,
                                   std::string& error, const std::string& code = "") {
  try {
    const net::Hello hello =
        net::shell_hello(seat > 0 ? net::Role::Play : net::Role::Watch, seat, code, ctx.unicode);
    net::Joined j = net::join_table(dir, name, hello);
    const std::string rejoin =
        net::rejoin_command(name, dir == net::default_table_dir() ? "" : dir, j.welcome.value("seat", 0));
    return make_table_screen(ctx, net::make_remote_table(std::move(j.conn), j.welcome,
                                                         net::RemoteSettings{name, dir, rejoin, {}}));
  } catch (const UserError& e) {
    error = e.what();
    return nullptr;
  }
}

std::string seat_state(const json& seat, const std::string& me) {
  // A name that says "(computer)" already is followed by the level alone.
  const auto name = seat.find("name");
  const std::string shown = name != seat.end() && name->is_string() ? name->get<std::string>() : "";
  if (!seat.value("human", false))
    return net::unmarked_name(shown) != shown ? seat.value("level", "")
                                              : fmt::format("computer, {}", seat.value("level", ""));
  if (!seat.value("claimed", false)) return "free";
  const std::string user = seat.value("user", "");
  const std::string who = user == me ? "you" : user;
  if (seat.value("stand_in", false)) return who + ", away: a computer stands in";
  if (!seat.value("connected", false)) return who + ", away";
  return who;
}

class TablesScreen final : public Screen {
 public:
  explicit TablesScreen(AppContext& ctx) : ctx_(ctx), me_(net::user_name(::getuid())) { refresh(); }

  void refresh() {
    try {
      tables_ = net::find_tables(ctx_.table_dir);
    } catch (const UserError& e) {
      tables_.clear();
      error_ = e.what();
    }
    // A socket whose server is gone, with no save to resume it from, is
    // nothing anyone can join: counted below the list, not listed (a machine
    // may hold a hundred of another user's).
    const auto gone = [](const net::TableEntry& t) {
      return t.trusted && !t.silent && !t.problem.empty() && t.save.empty();
    };
    stopped_ = static_cast<int>(std::count_if(tables_.begin(), tables_.end(), gone));
    tables_.erase(std::remove_if(tables_.begin(), tables_.end(), gone), tables_.end());
    rows_.clear();
    rows_.push_back(MenuRow{"Host a new table", "a game with players at other terminals", true});
    for (const net::TableEntry& t : tables_) {
      if (!t.trusted) {
        rows_.push_back(MenuRow{t.name, "not trusted: its directory does not say whose it is", false});
        continue;
      }
      if (t.silent) {
        rows_.push_back(MenuRow{t.name, "not answering (its server did not answer in time)", false});
        continue;
      }
      if (!t.problem.empty()) {
        rows_.push_back(
            MenuRow{t.name, t.save.empty() ? "not running" : "not running (racetable host --resume)", false});
        continue;
      }
      if (!t.info.contains("seats")) {
        // Codes are never on a command line: --code asks for it (or takes $RACETABLE_CODE).
        rows_.push_back(MenuRow{t.name,
                                fmt::format("needs a join code: racetable join {}{} --code (it asks)", t.name,
                                            net::dir_flag(t.dir)),
                                false});
        continue;
      }
      int free = 0, players = 0;
      for (const json& s : t.info["seats"]) {
        if (!s.value("human", false)) continue;
        if (!s.value("claimed", false))
          ++free;
        else
          ++players;
      }
      rows_.push_back(
          MenuRow{fmt::format("{}: {}", t.name, t.info.value("game_name", "")),
                  // "join code" first: at 80 columns the end of the line is cut.
                  fmt::format("{}{} · host {} · {} free · {} playing · {} watching",
                              t.info.value("phase", ""), t.info.value("code", false) ? " · join code" : "",
                              t.info.value("host", ""), free, players, t.info.value("watchers", 0)),
                  true});
    }
    selected_ = std::clamp(selected_, 0, static_cast<int>(rows_.size()) - 1);
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, "Tables: games shared between terminals", style::kBarBold);
    const int list_h = std::max(1, h - 12);
    menu_ = Rect{2, 2, w - 4, std::min(list_h, static_cast<int>(rows_.size()))};
    draw_menu(c, menu_, rows_, selected_);
    int y = menu_.bottom() + 1;
    if (tables_.empty())
      c.text(4, y++, "No open tables yet. Host one, or ask a friend on this machine to.", style::kDim, w - 6);
    if (stopped_ > 0)
      c.text(4, y++,
             fmt::format("{} more {} not running (the server stopped, no save): not listed.", stopped_,
                         stopped_ == 1 ? "table is" : "tables are"),
             style::kDim, w - 6);
    // The highlighted table's seats, in full.
    if (selected_ > 0) {
      const net::TableEntry& t = tables_[static_cast<std::size_t>(selected_ - 1)];
      if (t.info.contains("seats")) {
        const json& seats = t.info["seats"];
        for (std::size_t p = 0; p < seats.size() && y < h - 3; ++p)
          c.text(
              4, y++,
              fmt::format("seat {}: {} ({})", p + 1, seats[p].value("name", ""), seat_state(seats[p], me_)),
              style::kNormal, w - 6);
        if (const std::string deal = net::listed_deal(t.info); !deal.empty())
          for (const auto& line : wrap(deal, w - 6))
            if (y < h - 3) c.text(4, y++, line, style::kDim);
      } else if (!t.problem.empty()) {
        for (const auto& line : wrap(t.problem, w - 8))
          if (y < h - 3) c.text(4, y++, line, style::kDim);
      }
    }
    if (!error_.empty())
      for (const auto& line : wrap(error_, w - 6))
        if (y < h - 2) c.text(4, y++, line, style::kWarn);
    c.text(2, h - 2, "Enter: sit down, go back to your seat, or watch.", style::kDim, w - 4);
    draw_help_line(c, 1, h - 1, w - 2,
                   pick_items(help_line(Context::Menu, c.unicode()), {"move", "choose", "back", "keys"}));
  }

  Nav choose(int row) {
    error_.clear();
    if (row == 0) return Nav::push(make_host_game_list_screen(ctx_));
    const net::TableEntry& t = tables_[static_cast<std::size_t>(row - 1)];
    if (!t.problem.empty() || !t.info.contains("seats")) return Nav::stay();
    if (t.info.value("code", false)) {  // the page asks for no code: `join` does, without echo
      error_ = fmt::format("Table {} needs a join code: racetable join {}{} --code", t.name, t.name,
                           net::dir_flag(t.dir));
      return Nav::stay();
    }
    std::vector<Choice> choices;
    const json& seats = t.info["seats"];
    const std::string dir = t.dir, name = t.name;
    char32_t key = U'1';
    for (std::size_t p = 0; p < seats.size(); ++p) {
      const json& s = seats[p];
      if (!s.value("human", false)) continue;
      const bool free = !s.value("claimed", false);
      const bool mine = !free && s.value("user", "") == me_ && !s.value("connected", false);
      if (!free && !mine) continue;
      const int seat = static_cast<int>(p) + 1;
      const std::string label =
          fmt::format("{} seat {} ({})", free ? "Sit at" : "Back to your", seat, s.value("name", ""));
      choices.push_back(Choice{label, key++, [this, dir, name, seat] { return join(dir, name, seat); }});
    }
    if (t.info.value("watch", true))
      choices.push_back(Choice{"Watch", U'w', [this, dir, name] { return join(dir, name, 0); }});
    choices.push_back(Choice{"Back", U'b', [] { return Nav::pop(); }});
    std::vector<std::string> message{
        fmt::format("{}, hosted by {}.", t.info.value("game_name", ""), t.info.value("host", ""))};
    if (const std::string deal = net::listed_deal_sentence(t.info); !deal.empty()) message.push_back(deal);
    return Nav::push(
        make_confirm_screen(fmt::format("Table {}", name), std::move(message), std::move(choices)));
  }

  Nav join(const std::string& dir, const std::string& name, int seat) {
    std::string error;
    auto screen = open_table(ctx_, dir, name, seat, error);
    if (!screen) {
      error_ = error;
      return Nav::pop();
    }
    return Nav::reset(std::move(screen));
  }

  Nav on_key(const Key& key, Millis) override {
    const int n = static_cast<int>(rows_.size());
    if (key.type == KeyType::Click && menu_.contains(key.x, key.y)) {
      selected_ = std::clamp(menu_scroll(n, menu_.h, selected_) + key.y - menu_.y, 0, n - 1);
      return choose(selected_);
    }
    const Cmd cmd = command(Context::Menu, key);
    if (move_highlight(cmd, selected_, n)) return Nav::stay();
    switch (cmd) {
      case Cmd::Select: return choose(selected_);
      case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      case Cmd::Back: return Nav::pop();
      default: break;
    }
    return Nav::stay();
  }

  bool tick(Millis now) override {
    if (now < next_refresh_) return false;
    next_refresh_ = now + 3000;
    refresh();
    return true;
  }
  Millis wake_at(Millis) const override { return next_refresh_; }
  void resume(Millis now) override { next_refresh_ = now; }
  std::string stats_tag() const override { return "tables"; }

 private:
  AppContext& ctx_;
  std::string me_;
  std::vector<net::TableEntry> tables_;
  int stopped_ = 0;  // tables whose server is gone and that have no save: not listed
  std::vector<MenuRow> rows_;
  Rect menu_;
  int selected_ = 0;
  std::string error_;
  Millis next_refresh_ = 0;
};

// Runs `racetable host ... --detach` and reads what it prints; returns the
// table's name, or "" with `error`.
// `seed`: given to the host in its environment (only its owner reads that),
// never on its command line (every user reads those).
// `code`: the join code it made (a table with --code), for the host's eyes.
std::string start_host(AppContext& ctx, const std::vector<std::string>& args, const std::string& seed,
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
      ctx.hosted.push_back(AppContext::HostedTable{name, std::stoi(m[1])});
    return name;
  }
  const auto nl = text.find('\n');
  error = "the table did not start: " +
          (text.empty() ? std::string("no answer") : text.substr(0, std::min<std::size_t>(nl, 200)));
  return "";
}

}  // namespace

std::unique_ptr<Screen> make_tables_screen(AppContext& ctx) {
  return std::make_unique<TablesScreen>(ctx);
}

std::string local_host_problem(const AppContext* ctx, const HostChoices& choices) {
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
  if (choices.access == TableAccess::Invited) {
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

std::unique_ptr<Screen> host_table_screen(AppContext& ctx, const setup::TableRequest& req,
                                          const HostChoices& choices, std::string& error) {
  int mine = 0;
  std::vector<std::string> seats;
  for (std::size_t p = 0; p < req.seats.size(); ++p) {
    const std::string& kind = req.seats[p];
    if (kind == "human" && mine == 0)
      mine = static_cast<int>(p) + 1;
    else if (kind == "human") {
      error =
          "A shared table seats one player at this terminal: make the other humans players at other "
          "terminals.";
      return nullptr;
    }
    seats.push_back(kind == "remote" ? "human" : kind);
  }
  if (std::string why = local_host_problem(&ctx, choices); !why.empty()) {
    error = why;
    return nullptr;
  }
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
  if (choices.access == TableAccess::Code) args.emplace_back("--code");
  if (choices.access == TableAccess::Invited) args.insert(args.end(), {"--invite", joined(choices.invited)});
  if (!choices.watchers) args.emplace_back("--no-watchers");
  if (choices.watchers && choices.watchers_talk) args.emplace_back("--watchers-talk");
  if (choices.hints) args.emplace_back("--hints");
  if (!req.think.empty()) args.insert(args.end(), {"--think", req.think});
  if (choices.move_time_s > 0) args.insert(args.end(), {"--move-time", std::to_string(choices.move_time_s)});
  if (choices.game_time_min > 0)
    args.insert(args.end(), {"--game-time", std::to_string(choices.game_time_min)});
  // A group's table lives in the group's own directory.
  if (!choices.group.empty())
    args.insert(args.end(), {"--group", choices.group});
  else if (!ctx.table_dir.empty())
    args.insert(args.end(), {"--dir", ctx.table_dir});
  std::string code;
  const std::string name = start_host(ctx, args, req.seed_text, code, error);
  if (name.empty()) return nullptr;
  const std::string dir = !choices.group.empty()  ? net::default_group_dir(choices.group)
                          : ctx.table_dir.empty() ? net::default_table_dir()
                                                  : ctx.table_dir;
  auto table = open_table(ctx, dir, name, mine, error, code);
  if (!table || code.empty()) return table;
  return make_hosted_code_screen(name, code, std::move(table));
}

}  // namespace rt::shell
