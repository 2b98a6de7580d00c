// Shared tables in a shell run by `serve --ssh`: the server's tables, reached
// over the descriptor the listening process gave this session
// (RACETABLE_TABLES_FD, net/table_broker.h). Whatever this process asks
// there, the table process knows who asks: the key this player logged in
// with. The Tables page lists the server's tables; joining one hands back a
// connected socket over which the ordinary table protocol runs.
#include "client/ssh_tables.h"

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "client/host_page_spec.h"
#include "client/remote_table.h"
#include "client/tables_page.h"
#include "net/client.h"
#include "net/ssh_gateway.h"
#include "net/ssh_identity.h"
#include "net/table_broker.h"

namespace rt::client {

using net::json;

namespace {

// How to come back: this server as the player reached it (SSH_CONNECTION:
// client address and port, server address and port), then its Tables page.
std::string rejoin_command(const shell::AppContext& ctx) {
  const char* conn = std::getenv("SSH_CONNECTION");
  std::string words[4];
  std::size_t n = 0;
  for (const char* c = conn ? conn : ""; *c && n < 4; ++c) {
    if (*c == ' ')
      ++n;
    else
      words[n] += *c;
  }
  if (words[2].empty() || words[3].empty()) return "ssh to this server again";
  const std::string port = words[3] == "22" ? std::string() : "-p " + words[3] + " ";
  return net::printable(
      fmt::format("ssh {}{}@{}", port, ctx.player_name.empty() ? "NAME" : ctx.player_name, words[2]), 80);
}

std::string access_words(net::ListedAccess access) {
  if (access == net::ListedAccess::Code) return "players with its join code";
  if (access == net::ListedAccess::Named) return "invited players";
  return "anyone";
}

class SshTables final : public Tables {
 public:
  explicit SshTables(int fd) : link_(fd) {}

  TableList list() override {
    TableList out;
    try {
      // Asked with the version last read, the server answers "unchanged"
      // when it still is (nothing to send or read again), else the tables
      // changed since.
      json request{{"type", "list"}};
      if (last_) request["since"] = last_version_;
      const json answer = link_.ask(request);
      if (net::get_bool(answer, "unchanged", false)) {
        if (!last_) throw net::ProtocolError("\"unchanged\" when nothing was listed before");
        return *last_;
      }
      // Asked since a version the server still knows: only what changed since.
      net::TablesAnswer tables;
      if (answer.contains("since")) {
        if (!last_ || net::get_int(answer, "since", 0, INT64_MAX) != static_cast<std::int64_t>(last_version_))
          throw net::ProtocolError("changes to a list this shell does not have");
        std::vector<net::TableListing> before;
        for (const TableRow& r : last_->rows)
          if (r.listing) before.push_back(*r.listing);
        tables = net::read_tables_changes(answer, before);
      } else {
        tables = net::read_tables_answer(answer);
      }
      for (net::TableListing& t : tables.tables) {
        std::string name = t.table;
        out.rows.push_back(TableRow{std::move(name), "", std::move(t), {}, {}});
      }
      out.more = tables.more;
      last_.reset();
      if (const auto v = answer.find("version"); v != answer.end() && v->is_number_unsigned()) {
        last_version_ = v->get<std::uint64_t>();
        last_ = out;
      }
    } catch (const net::ProtocolError& e) {
      last_.reset();
      out.error = net::printable(fmt::format("the server's list is malformed: {}", e.what()), 200);
    } catch (const UserError& e) {
      last_.reset();
      out.error = e.what();
    }
    return out;
  }

  std::unique_ptr<shell::PlayTable> sit(const shell::AppContext& ctx, const SitAt& at) override {
    const auto open = [&] {
      int fd = -1;
      link_.ask(json{{"type", "connect"}, {"table", at.table}}, &fd);
      if (fd < 0) throw UserError("the server gave no connection to the table");
      return net::Connection(fd);
    };
    net::Joined joined = net::say_hello(
        open, fmt::format("table {}", net::printable(at.table, 32)),
        shell_hello(at.seat > 0 ? net::Role::Play : net::Role::Watch, at.seat, at.code, ctx.unicode));
    // The page is left for the table: its list (hundreds of tables on a busy
    // server) is not kept for the whole game; the next page asks it whole.
    last_.reset();
    // The host's name is the table process's word: it is this server's own.
    return make_remote_table(std::move(joined.conn), joined.welcome,
                             RemoteSettings{at.table, "", rejoin_command(ctx), {}});
  }

  SitAt host(shell::AppContext&, const setup::TableRequest& req, const shell::HostChoices& choices) override {
    int mine = 0;
    for (const std::string& kind : req.seats) mine += kind == "human" ? 1 : 0;
    if (mine != 1)
      throw UserError(mine == 0 ? "Make one seat yours (Human) to host a table."
                                : "A shared table seats one player at this terminal: make the other humans "
                                  "players at other terminals.");
    if (std::string why = ssh_host_problem(choices); !why.empty()) throw UserError(why);
    // The server's word on the name (taken, or a table it cannot show) is the one said.
    const json hosted = link_.ask(ssh_host_request(req, choices));
    return SitAt{hosted.value("table", ""), "", hosted.value("seat", 0), hosted.value("join_code", "")};
  }

  void free_seat(const std::string& table, int seat) override {
    link_.ask(json{{"type", "free"}, {"table", table}, {"seat", seat}});
  }

  std::string host_problem(const shell::AppContext*, const shell::HostChoices& choices) const override {
    return ssh_host_problem(choices);
  }

  TablesWords words() const override {
    return {"Tables: games on this server", "No tables yet. Host one, or ask a friend on this server to.",
            2000};
  }

  std::vector<std::string> describe(const net::TableListing& t) const override {
    std::vector<std::string> message{fmt::format("{}, hosted by {}; {} may sit down.",
                                                 net::printable(t.game_name, 40), net::printable(t.host, 20),
                                                 access_words(t.access))};
    if (t.move_time_s > 0)
      message.push_back(fmt::format("A clock of {} s a move; {}.", t.move_time_s,
                                    t.watch ? "others may watch" : "nobody watches"));
    else if (!t.watch)
      message.push_back("Nobody watches this table: its host chose so.");
    if (t.game_time_min > 0)
      message.push_back(fmt::format("A game clock of {} min for each player's moves.", t.game_time_min));
    if (const std::string deal = net::deal_sentence(t.deal); !deal.empty()) message.push_back(deal);
    if (t.you_host && !t.join_code.empty())
      message.push_back(
          fmt::format("Its join code: {} (tell it to your players)", net::printable(t.join_code, 64)));
    return message;
  }

  // The code is typed on the page (it is no password: shown as typed).
  std::string code_elsewhere(const TableRow&) const override { return {}; }

 private:
  net::TablesLink link_;
  // The last list read, and the server's version of it.
  std::optional<TableList> last_;
  std::uint64_t last_version_ = 0;
};

class SshShared final : public shell::SharedTables {
 public:
  explicit SshShared(int fd) : tables_(ssh_tables(fd)) {}
  std::unique_ptr<shell::Screen> tables_page(shell::AppContext& ctx) const override {
    return make_tables_page(ctx, tables_);
  }
  std::unique_ptr<shell::Screen> host_table(shell::AppContext& ctx, const setup::TableRequest& request,
                                            const shell::HostChoices& choices,
                                            std::string& error) const override {
    return host_and_sit(ctx, *tables_, request, choices, error);
  }
  shell::HostPlace host_place() const override {
    shell::HostPlace place;
    place.open_words = "anyone on this server";
    place.max_invited = net::kMaxInvited;
    return place;
  }
  std::string host_problem(const shell::HostChoices& choices) const override {
    return tables_->host_problem(nullptr, choices);
  }
  // A game played in this session lives in this session's process, which
  // the server's other players cannot reach: a game for watchers is hosted
  // as one of the server's tables (Tables, Host a new table: Watchers).
  std::vector<shell::WatchOffer> watch_offers() const override { return {}; }
  std::unique_ptr<shell::Watchers> open_watchers(const shell::AppContext&, const Table&,
                                                 const shell::WatchOffer&,
                                                 std::function<Millis()>) const override {
    throw UserError(
        "on this server, others watch the server's tables: host one (Tables, Host a new table) and let "
        "others watch there");
  }
  Tables& tables() const { return *tables_; }

 private:
  std::shared_ptr<Tables> tables_;
};

}  // namespace

std::shared_ptr<Tables> ssh_tables(int fd) {
  return std::make_shared<SshTables>(fd);
}

std::unique_ptr<shell::SharedTables> make_ssh_shared_tables(int fd) {
  return std::make_unique<SshShared>(fd);
}

std::function<std::unique_ptr<shell::PlayTable>()> ssh_watch_opener(const shell::SharedTables& tables,
                                                                    std::string table, bool unicode,
                                                                    std::string player_name) {
  const auto* ssh = dynamic_cast<const SshShared*>(&tables);
  if (!ssh) return {};
  return [ssh, table = std::move(table), unicode, player_name = std::move(player_name)] {
    shell::AppContext ctx;
    ctx.unicode = unicode;
    ctx.player_name = player_name;
    return ssh->tables().sit(ctx, SitAt{table, "", 0, ""});
  };
}

json ssh_host_request(const setup::TableRequest& req, const shell::HostChoices& choices) {
  json request = net::to_json(host_page_spec(req, choices));
  request["type"] = "host";
  return request;
}

std::string ssh_host_problem(const shell::HostChoices& choices) {
  // No name: the server picks one.
  if (std::string why = choices.name.empty() ? std::string() : net::table_name_problem(choices.name);
      !why.empty())
    return why;
  if (choices.access == shell::TableAccess::Invited) {
    if (choices.invited.empty()) return "Name the players who may come (Players named).";
    if (choices.invited.size() > net::kMaxInvited)
      return fmt::format("Name at most {} players.", net::kMaxInvited);
    for (const std::string& p : choices.invited)
      if (std::string why = net::player_name_problem(p); !why.empty()) return net::printable(why, 200);
  }
  return {};
}

int take_tables_fd() {
  const char* text = std::getenv(net::kSshTablesFdVariable);
  if (!text || !*text) return -1;
  char* end = nullptr;
  const long fd = std::strtol(text, &end, 10);
  ::unsetenv(net::kSshTablesFdVariable);
  if (*end != '\0' || fd < 3 || fd > 1024) return -1;
  int type = 0;
  socklen_t len = sizeof type;
  // Only a SOCK_SEQPACKET socket is the tables link (not a stray descriptor).
  if (::getsockopt(static_cast<int>(fd), SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_SEQPACKET)
    return -1;
  return static_cast<int>(fd);
}

}  // namespace rt::client
