// What the session process (net/ssh_shell_exec.cpp) tells the shell it
// execs (net/ssh_shell_process.cpp), in the environment: the player, never
// in the arguments, which `ps` shows to every user.
#pragma once

namespace rt::net {

inline constexpr const char* kPlayerVariable = "RACETABLE_SSH_PLAYER";  // the name (or guest-N)
inline constexpr const char* kGuestVariable = "RACETABLE_SSH_GUEST";    // "1" for a guest
inline constexpr const char* kKeyVariable = "RACETABLE_SSH_KEY";        // the key's fingerprint
inline constexpr const char* kWatchVariable =
    "RACETABLE_SSH_WATCH";  // the table `ssh -t HOST watch TABLE` names

}  // namespace rt::net
