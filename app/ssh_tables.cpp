// Shared tables in a shell run by `serve --ssh`: the server's tables, reached
// over the descriptor the listening process gave this session
// (RACETABLE_TABLES_FD, net/table_broker.h). Whatever this process asks
// there, the table process knows who asks: the key this player logged in
// with. The Tables page lists the server's tables; joining one hands back a
// connected socket over which the ordinary table protocol runs.
#include "app/ssh_tables.h"

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <memory>

#include <fmt/format.h>

#include "app/host_page_spec.h"
#include "app/remote_table.h"
#include "games/registry.h"
#include "net/client.h"
#include "net/ssh_gateway.h"
#include "net/ssh_identity.h"
#include "net/table_broker.h"
#include "tui/shell/keys.h"
#include "tui/shell/screens.h"
#include "tui/shell/widgets.h"

namespace rt::app {

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

}  // namespace

std::unique_ptr<shell::PlayTable> connect_ssh_table(shell::AppContext& ctx, net::TablesLink& link,
                                                    const std::string& name, int seat,
                                                    const std::string& code) {
  const auto open = [&] {
    int fd = -1;
    link.ask(json{{"type", "connect"}, {"table", name}}, &fd);
    if (fd < 0) throw UserError("the server gave no connection to the table");
    return net::Connection(fd);
  };
  net::Joined joined = net::say_hello(
      open, fmt::format("table {}", net::printable(name, 32)),
      net::shell_hello(seat > 0 ? net::Role::Play : net::Role::Watch, seat, code, ctx.unicode));
  // The host's name is the table process's word: it is this server's own.
  return net::make_remote_table(std::move(joined.conn), joined.welcome,
                                net::RemoteSettings{name, "", rejoin_command(ctx), {}});
}

std::unique_ptr<shell::Screen> sit_at_ssh_table(shell::AppContext& ctx, net::TablesLink& link,
                                                const std::string& name, int seat, const std::string& code,
                                                std::string& error) {
  try {
    return shell::make_table_screen(ctx, connect_ssh_table(ctx, link, name, seat, code));
  } catch (const UserError& e) {
    error = e.what();
    return nullptr;
  }
}

json ssh_host_request(const setup::TableRequest& req, const shell::HostChoices& choices) {
  json request = net::to_json(host_page_spec(req, choices));
  request["type"] = "host";
  return request;
}

std::string ssh_host_problem(const shell::HostChoices& choices) {
  if (std::string why = net::table_name_problem(choices.name); !why.empty()) return why;
  if (choices.access == shell::TableAccess::Invited) {
    if (choices.invited.empty()) return "Name the players who may come (Players named).";
    if (choices.invited.size() > net::kMaxInvited)
      return fmt::format("Name at most {} players.", net::kMaxInvited);
    for (const std::string& p : choices.invited)
      if (std::string why = net::player_name_problem(p); !why.empty()) return net::printable(why, 200);
  }
  return {};
}

std::unique_ptr<shell::Screen> host_ssh_table(shell::AppContext& ctx, net::TablesLink& link,
                                              const setup::TableRequest& req,
                                              const shell::HostChoices& choices, std::string& error) {
  int mine = 0;
  for (const std::string& kind : req.seats) mine += kind == "human" ? 1 : 0;
  if (mine != 1) {
    error = mine == 0 ? "Make one seat yours (Human) to host a table."
                      : "A shared table seats one player at this terminal: make the other humans players "
                        "at other terminals.";
    return nullptr;
  }
  if (error = ssh_host_problem(choices); !error.empty()) return nullptr;
  try {
    // The server's word on the name (taken, or a table it cannot show) is the one said.
    const json hosted = link.ask(ssh_host_request(req, choices));
    const std::string name = hosted.value("table", "");
    const std::string code = hosted.value("join_code", "");
    auto screen = sit_at_ssh_table(ctx, link, name, hosted.value("seat", 0), code, error);
    if (!screen || code.empty()) return screen;
    return shell::make_hosted_code_screen(net::printable(name, 32), net::printable(code, 64),
                                          std::move(screen));
  } catch (const UserError& e) {
    error = e.what();
    return nullptr;
  }
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

}  // namespace rt::app
