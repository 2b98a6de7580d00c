// `racetable serve --ssh [ADDR:]PORT`: the SSH server (net/ssh_gateway.h)
// with the full-screen shell as what each logged-in player runs. The
// server layer holds no terminal code; this is where the two meet.
#include <memory>

#include <fmt/format.h>

#include "app/command_util.h"
#include "app/commands.h"
#include "core/types.h"
#include "net/ssh_bans.h"
#include "net/ssh_gateway.h"
#include "net/ssh_identity.h"
#include "net/ssh_limits.h"
#include "net/table_log.h"

namespace rt::app {

// The shared tables' commands speak of the server's types throughout.
using namespace net;
namespace {

// --ban, --unban, --bans: the files a running server watches (net/ssh_bans.h).
int manage_bans(const ServeSettings& s, const std::string& state_dir) {
  if (!s.ban.empty() + !s.unban.empty() + s.list_bans > 1)
    throw OptionError("serve --ssh: give one of --ban, --unban and --bans at a time");
  ensure_private_dir(state_dir);
  const BanList bans(state_dir);
  const auto whose = [](const BanEntry& e) {
    return e.name.empty() ? fmt::format("key {}", e.fingerprint)
                          : fmt::format("{}'s key {}", e.name, e.fingerprint);
  };
  if (!s.ban.empty()) {
    const BanList::Banned b = bans.ban(s.ban);
    if (!b.fresh) {
      out(fmt::format("{} is banned already (since {})\n", whose(b.entry), b.entry.since));
      return 0;
    }
    out(
        fmt::format("banned {}: it can no longer log in, and a running server ends its sessions within a "
                    "second (their games are saved); --unban {} lifts it\n",
                    whose(b.entry), b.entry.name.empty() ? b.entry.fingerprint : b.entry.name));
    return 0;
  }
  if (!s.unban.empty()) {
    out(fmt::format("lifted the ban on {}\n", whose(bans.unban(s.unban))));
    return 0;
  }
  const std::vector<BanEntry> all = bans.list();
  if (all.empty()) out(fmt::format("no keys are banned ({})\n", state_dir));
  for (const BanEntry& e : all)
    out(fmt::format("{}  {}  since {}\n", e.fingerprint, e.name.empty() ? "(no name)" : e.name, e.since));
  return 0;
}

}  // namespace

int serve_ssh(const ServeSettings& s) {
  if (!s.file.empty())
    throw OptionError("serve: give FILE (tables over Unix sockets) or --ssh (the SSH server), not both");
  SshServerSettings g;
  g.listen = parse_ssh_listen(s.ssh_listen);
  g.state_dir = s.state_dir.empty() ? default_ssh_state_dir() : s.state_dir;
  g.guests = s.guests;
  g.limits = s.limits;
  if (s.grace_s < 0 || s.grace_s > 86400) throw OptionError("--grace: give seconds from 0 to 86400");
  if (const std::string problem = pending_limit_problem(s.limits.max_pending); !problem.empty())
    throw OptionError(problem);
  g.grace_ms = s.grace_s * 1000;
  if (!s.ban.empty() || !s.unban.empty() || s.list_bans) return manage_bans(s, g.state_dir);
  if (s.fingerprint) {
    const HostKeyFile key = ensure_host_key(g.state_dir);
    out(fmt::format("{} (ED25519, {}{})\n", key.fingerprint, key.path, key.created ? ", made now" : ""));
    return 0;
  }
  ensure_private_dir(g.state_dir);
  // The log: this terminal, or with --detach STATE/ssh.log (1 MiB, then rotated once).
  std::shared_ptr<TableLog> log =
      s.detach ? TableLog::open_file(g.state_dir, "ssh") : std::make_shared<TableLog>();
  g.log = [log](const std::string& line) { log->write(line); };
  g.on_listening = [&](const std::string& address, int port, const std::string& fingerprint) {
    const std::string port_flag = port == 22 ? std::string() : fmt::format("-p {} ", port);
    const std::string told = fmt::format(
        "racetable SSH server on {} port {}\n"
        "Host key fingerprint: {} (ED25519): players check it against what ssh shows them the first time\n"
        "Players type: ssh {}NAME@HOST   (NAME: 2 to 16 letters, digits, - or _; a key's first login "
        "registers it{})\n"
        "State (host key, players, saves): {}\n",
        address, port, fingerprint, port_flag, s.guests ? "; no key: a guest" : "", g.state_dir);
    if (s.detach) {
      detach_from_terminal([&](pid_t pid) {
        return told + fmt::format("Serving in the background (pid {}); log {}/ssh.log; `kill {}` stops it.\n",
                                  pid, g.state_dir, pid);
      });
    } else {
      out(told + "Ctrl-C stops it (every player's game is saved). The log follows.\n");
      std::fflush(stdout);
    }
  };
  return run_ssh_server(g);
}

}  // namespace rt::app
