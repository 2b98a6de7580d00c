// What the SSH server's processes may do once they serve strangers: no
// privileges to gain, a seccomp filter of the system calls a game never
// needs, and Landlock rules naming the only files each one reaches
// (docs/HOSTING.md, "What confines a session"). Whatever the kernel lacks is
// left out and said once by the listening process.
#pragma once

#include <string>
#include <vector>

namespace rt::net {

// What the running kernel offers.
struct ConfineSupport {
  int landlock_abi = 0;  // 0: no Landlock (not built in, or turned off at boot)
  bool seccomp = false;  // seccomp filters that can kill the process
};
ConfineSupport confine_support();
// The one line the server logs when the kernel lacks a part ("" when it has both).
std::string confine_support_line(const ConfineSupport& support);

// The system calls each process keeps (net/confine.cpp lists what all lose).
enum class SyscallProfile {
  Session,  // exec still allowed (its shell is this program started afresh), no new sockets
  Shell,    // no exec, no new sockets
  Tables,   // no exec, no new sockets (socketpair stays: a table connection is a pair)
};

// Landlock's paths: each granted what it says, nothing else on the machine.
struct ConfinePaths {
  std::vector<std::string> read;     // files and trees read
  std::vector<std::string> write;    // trees read and written, files made and removed in them
  std::vector<std::string> files;    // single files read and written (made by someone else)
  std::vector<std::string> devices;  // device files opened for reading and writing
  std::vector<std::string> execute;  // files executed (and read)
};

// The state directory's part that registering and logging in touch
// (players, keys, bans, each key's session slots, guests, and the
// registry's database files): the session process and the table process
// get it, the shell never does. The host key is not in it.
ConfinePaths registry_paths(const std::string& state_dir);
// A session process: the registry, the shell's program to exec (the file
// behind `shell_program_fd`, the listening process's racetable-shell; -1:
// this program), what that shell reads, and the pseudo-terminals.
ConfinePaths session_paths(const std::string& state_dir, int shell_program_fd);
// A session process once its player is known: that player's directory
// (a guest's in guests/: the session empties it, the listening process
// removes it), the shell's program and what it reads, the pseudo-terminals;
// no other player, no registry.
ConfinePaths player_session_paths(const std::string& home, int shell_program_fd);
// A player's shell: the program's files, and its own player's directory.
ConfinePaths shell_paths(const std::string& home);
// The table process: the tables, and the registry (whose players' state
// holds each one's history).
ConfinePaths table_paths(const std::string& state_dir);

struct Confined {
  bool no_new_privs = false;
  bool landlock = false;
  bool seccomp = false;
};
// Applies all three to the calling thread, which must be the process's only
// one; what the kernel lacks is skipped. Throws UserError when the kernel
// has a part and refuses it: the caller does not run unconfined then.
Confined confine(const ConfinePaths& paths, SyscallProfile profile);
// One more Landlock layer: from now on only what `paths` names as well
// (nothing without Landlock). Throws UserError as confine() does.
void narrow(const ConfinePaths& paths);
// One more seccomp layer: no exec from now on (a session once its shell runs).
void forbid_exec();

// For tests: tries from inside a confined process what no session and no
// shell may do, and returns what succeeded ("" each refused): open `secret`
// and `other_dir` (a directory), exec `program`, open a TCP socket.
std::string confined_attempts(const std::string& secret, const std::string& other_dir,
                              const std::string& program);

}  // namespace rt::net
