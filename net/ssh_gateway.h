// `racetable serve --ssh`: an SSH server in the program (libssh's server
// API), so that anyone with an OpenSSH client plays without an account on
// the machine: `ssh -p 2222 NAME@host` lands in the full-screen shell.
//
// One listening process accepts connections and keeps the accounts
// (net/ssh_limits.h); each connection gets a process of its own (forked
// after accept, as tmate-ssh-server does) that does the key exchange and the
// login under a deadline, takes one session channel with a pty-req, env and
// shell request, and refuses everything else (exec, subsystems such as sftp,
// port forwarding, agent and X11 forwarding). It then makes a pseudo-
// terminal, forks and execs the shell onto it (this program again, running
// `SshShell`, given by the app layer: this layer holds no terminal code;
// kSshShellArgument below) and relays bytes between the channel
// and the pty: a window-change is TIOCSWINSZ (the shell redraws on SIGWINCH
// as it does locally), a hang-up is SIGHUP to the shell (it saves and ends
// as a dropped local player's does).
//
// Identity is the public key (net/ssh_identity.h). Every refusal is logged
// by the listening process with the address and key fingerprint, repeated
// ones counted (net/repeated_lines.h).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "net/ssh_limits.h"

namespace rt::net {

struct SshListen {
  std::string address = "127.0.0.1";  // loopback unless an address is given
  int port = 2222;                    // 0: any free port (said in the log)
};
// "[ADDR:]PORT", "[IPV6]:PORT", "ADDR:" or "" (the defaults). Throws OptionError.
SshListen parse_ssh_listen(std::string_view text);

// A logged-in player, as the shell is started for them.
struct SshPlayer {
  std::string name;         // the registered name, or guest-N
  bool guest = false;       // keeps no name, stats or saves
  std::string fingerprint;  // "SHA256:..." ("" for a guest)
  std::string address;      // where they connect from
  std::string home;         // their directory: HOME, and XDG_STATE_HOME/XDG_CONFIG_HOME under it
  std::string term;         // TERM from the client's pty-req (checked: letters, digits, ._+-)
  bool utf8 = true;         // the client's locale (LANG/LC_* env requests): UTF-8, or ASCII
  // `ssh -t HOST watch TABLE`: the shell opens watching this table ("" the
  // title screen). A table name (table_name_problem() had nothing to say).
  std::string watch;
};

// Runs the full-screen shell for `player` in a process of its own: stdin,
// stdout and stderr are the pseudo-terminal (its controlling terminal), the
// environment is only TERM, LANG, HOME, XDG_STATE_HOME, XDG_CONFIG_HOME,
// XDG_RUNTIME_DIR, PATH and SSH_CONNECTION. Returns the exit code.
using SshShell = std::function<int(const SshPlayer& player)>;

// The shell's process is a fresh program, not a fork of the session's: the
// session process execs its own binary (/proc/self/exe) with this one
// argument, so that nothing of the session's memory (the host key, libssh's
// keys and buffers) reaches the shell. Who the player is travels in the
// environment (RACETABLE_SSH_*), never in the arguments, which `ps` shows to
// every user. main() hands such a start to run_ssh_shell_process().
inline constexpr const char* kSshShellArgument = "__ssh-session-shell";
// The one descriptor besides stdio that the shell inherits across that exec,
// when the session names one (the way to the server's tables): its number
// is in this environment variable, in the session's and then the shell's.
inline constexpr const char* kSshTablesFdVariable = "RACETABLE_TABLES_FD";
// In the exec'd process: the player from the environment (the variables are
// then removed), and `shell` run for them. Exit code 2 when the environment
// holds no player (not started by a session).
int run_ssh_shell_process(const SshShell& shell);

struct SshServerSettings {
  SshListen listen;
  std::string state_dir;  // host key, players, their saves; made 0700
  bool guests = false;    // a client without a key gets in as guest-N
  SshLimits limits;
  int grace_ms = 30000;  // the tables' grace period: a computer plays for a player away this long
  // One line (no newline) for the server's log; called in the listening process only.
  std::function<void(const std::string&)> log;
  // Once listening: the address and port, and the host key's fingerprint.
  std::function<void(const std::string& address, int port, const std::string& fingerprint)> on_listening;
};

// The default state directory: $XDG_STATE_HOME/racetable/ssh (else ~/.local/state/racetable/ssh).
std::string default_ssh_state_dir();
// The host key's fingerprint ("SHA256:..."), making the key if there is none.
std::string ssh_host_fingerprint(const std::string& state_dir);

// Serves until SIGINT or SIGTERM (passed on to every session: each shell
// saves and ends). Each player's shell is this program started again
// (kSshShellArgument), whose main() calls run_ssh_shell_process. Returns the
// exit code; throws UserError when it cannot start (the port taken, a state
// directory not ours).
int run_ssh_server(const SshServerSettings& settings);

}  // namespace rt::net
