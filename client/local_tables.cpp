// The tables of this machine's users (client::Tables over Unix sockets):
// listed where `racetable tables` looks, sat at over a table's socket, and
// hosted in the background through `racetable host --spec-fd` (net/host_handoff.h).
#include "client/local_tables.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string_view>

#include <fmt/format.h>

#include "client/host_page_spec.h"
#include "client/remote_table.h"
#include "core/printable.h"
#include "net/codes.h"
#include "net/host_handoff.h"
#include "net/lobby.h"
#include "net/sockets.h"
#include "net/table_files.h"

namespace rt::client {
namespace {

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
      if (t.cut) {  // another user's directory asked within its bounds: counted, not listed
        ++out.not_asked;
        continue;
      }
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
    // The host's process cannot write this player's files: their own client keeps the finished game.
    return make_remote_table(std::move(j.conn), j.welcome,
                             RemoteSettings{at.table, at.where, rejoin, {}, ctx.state_dir, ctx.data});
  }

  SitAt host(shell::AppContext& ctx, const setup::TableRequest& req,
             const shell::HostChoices& choices) override {
    int mine = 0;
    for (std::size_t p = 0; p < req.seats.size(); ++p) {
      if (req.seats[p] != "human") continue;
      if (mine != 0)
        throw UserError(
            "A shared table seats one player at this terminal: make the other humans players at other "
            "terminals.");
      mine = static_cast<int>(p) + 1;
    }
    if (std::string why = local_host_problem(&ctx, choices); !why.empty()) throw UserError(why);
    // A computer plays a seat whose player is away past the grace period (the
    // host too, once they quit and leave the table open): host_in_background.
    // A group's table lives in the group's own directory.
    const net::HandoffAnswer hosted = net::host_in_background(
        ctx.program, host_page_spec(req, choices), choices.group.empty() ? ctx.table_dir : std::string());
    if (!hosted.error.empty()) throw UserError(hosted.error);
    // Its server, so that quitting can ask what becomes of the table.
    ctx.hosted.push_back(shell::AppContext::HostedTable{hosted.table, hosted.pid});
    return SitAt{hosted.table, hosted.dir, mine, hosted.code};
  }

  // A local table's seats are freed where its server starts: the page offers
  // this only to the SSH server's hosts (the listing's `you_host`).
  void free_seat(const std::string& table, int) override {
    throw UserError(
        fmt::format("Free a seat of {} when you resume it: racetable host --resume SAVE --free-seat N",
                    printable(table, 32)));
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
