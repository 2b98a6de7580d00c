// Unix-socket plumbing for tables: where tables live, private directories,
// listening and connecting, peer credentials, users and groups. POSIX only;
// every error the user can cause is a UserError with one line of text.
#pragma once

#include <poll.h>
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace rt::net {

// The directory tables live in: $XDG_RUNTIME_DIR/racetable, or
// /tmp/racetable-UID when there is no runtime directory.
std::string default_table_dir();
// A group table's default directory: /tmp/racetable-group-GROUP-UID (one per
// host, so no other user's directory is ever taken for ours).
std::string default_group_dir(const std::string& group);

// A table name: 1 to 32 letters, digits, '-' and '_'. "" or why not, one
// line quoting the name printably: the one wording of every check of a name
// (a socket's, a `host` flag's, the SSH server's host request's).
std::string table_name_problem(const std::string& name);
// Throws UserError with table_name_problem()'s line.
void check_table_name(const std::string& name);

// Invited players (`host --invite`, the shell's Host page): at most
// kMaxInvited (net/table_spec.h) names, each a user's name: 1-32 letters, digits, '.', '-' or '_'. Returns ""
// or why not, quoting the name printably.
std::string invited_name_problem(const std::string& name);

// The mode of a table directory: 0700 private; 0750 with the group for a
// group table (members may enter and connect, never create, rename or
// remove a file there).
mode_t table_dir_mode(bool for_group);

// Creates the table directory, or accepts an existing one only when it is
// exactly what we would have made: a real directory (no symlink), owned by
// us, with table_dir_mode() (and the group). Never changes the mode or owner
// of a directory it did not just create. Throws UserError.
void prepare_table_dir(const std::string& dir, gid_t gid, bool for_group);

// What a client trusts about a table directory before connecting: it is a
// real directory nobody but its owner can write to, and when its name says
// whose it is (racetable-UID, racetable-group-G-UID, our default directory)
// that user owns it. Returns the owner: the only user whose server may be
// listening there. Throws UserError saying what is wrong.
uid_t trusted_table_dir_owner(const std::string& dir);

// The same checks, and what they tell about whose tables the directory holds.
struct TableDirOwner {
  uid_t uid = 0;  // the only user whose server may listen there
  gid_t gid = 0;
  bool named = false;  // its name says whose it is, and it is (racetable-UID, ...)
  // Whether its owner is known to be the host of its tables: the directory is
  // ours, or named after its owner. A directory another user made under any
  // other name (/tmp/racetable-lobby) may hold a table named like anyone's.
  bool verified() const;
};
TableDirOwner table_dir_owner(const std::string& dir);
// Why `dir` is not verified ("/tmp/racetable-lobby belongs to nobody and its
// name does not say whose it is ..."); "" when it is.
std::string unverified_reason(const std::string& dir, const TableDirOwner& owner);
// Why a join code may not go to a server in `dir` ("" when it may): only to
// our own directory, or to one named after its owner that is a table of a
// group we are in (a code is for a group's table: another user's private
// table admits nobody else, and a directory another user names after itself
// may hold a table named like anyone's). The reason ends "the join code is
// not sent".
std::string code_refusal(const std::string& dir, const TableDirOwner& owner);

std::string socket_path(const std::string& dir, const std::string& name);

// Binds and listens on `path` with mode 0600 (or 0660 and group `gid`). A
// stale socket of a dead server is replaced; a live one is an error.
// Returns the listening fd (non-blocking, close-on-exec). Throws UserError.
int listen_unix(const std::string& path, gid_t gid, bool for_group);

// Connects to a table's socket (close-on-exec; blocking unless `wait` is
// false, when a server whose queue is full is "not answering" at once).
// Returns the fd, or -1 with `error` set ("no table named X", "permission
// denied", ...).
int connect_unix(const std::string& path, std::string& error, bool wait = true);

// How connect_table() connects.
struct ConnectHow {
  bool sends_code = false;  // a join code follows: only where code_refusal() allows
  bool wait = true;         // false: never block (the lobby asks every table at once)
};
// Connects to dir/NAME.sock and checks who answers: the directory must pass
// trusted_table_dir_owner(), the socket file must be a socket of that owner,
// and the process listening on it must run as that owner (SO_PEERCRED, from
// the kernel). Sets `host_uid` to that owner. Returns the fd, or -1 with
// `error` set; a socket planted or swapped by another user is refused here,
// before a byte (or a join code) is sent.
int connect_table(const std::string& dir, const std::string& name, uid_t& host_uid, std::string& error,
                  ConnectHow how = {});

struct PeerCred {
  pid_t pid = 0;
  uid_t uid = 0;
  gid_t gid = 0;
  bool ok = false;
};
PeerCred peer_credentials(int fd);

// Whether the peer process is in a group: its gid or, where the kernel tells
// (SO_PEERGROUPS), its supplementary groups as they were when it connected;
// otherwise the user database's idea of the user's groups.
bool peer_in_group(int fd, const PeerCred& cred, gid_t gid);

// "ana" for a uid (or "uid 1234" when unknown).
std::string user_name(uid_t uid);
// Resolves a group name (or number). Throws UserError when unknown.
gid_t group_id(const std::string& name);
// Whether a user is in a group (primary or supplementary).
bool user_in_group(uid_t uid, gid_t gid);
// Whether this process is in a group (its gid or supplementary groups, as
// the kernel has them: what file access is checked against).
bool process_in_group(gid_t gid);
// This process's supplementary groups.
std::vector<gid_t> process_groups();

void set_nonblocking(int fd);
// The soft limit on open files raised to the hard one: a server of many
// tables or sessions holds a descriptor or two for each.
void raise_open_file_limit();
// Reads up to `size` bytes: > 0 bytes read, 0 end of stream, -1 nothing
// now (EAGAIN), -2 error.
long read_some(int fd, char* data, std::size_t size);
// Writes what it can: bytes written (maybe 0), or -1 on error (EPIPE...).
long write_some(int fd, const char* data, std::size_t size);

// Random bytes as hex (from /dev/urandom), for a fresh seed.
std::uint64_t random_u64();

// poll()'s event bits and epoll's, both ways: a Server says what it waits for
// as pollfds; the loops that serve it with epoll (Hub, WatchMirror) translate.
std::uint32_t epoll_events_of(short poll_events);
short poll_events_of(std::uint32_t epoll_events);
// Brings an epoll set from the descriptors `registered` to `now` (what a
// Server's watched_fds() says it waits for), then remembers `now`. Each
// event's data.u64 is `tag_high | fd`. A descriptor the server closed left
// the set with the close (its number may be another's by now): only forgotten.
void sync_epoll_set(int epoll_fd, std::vector<pollfd>& registered, std::vector<pollfd> now,
                    std::uint64_t tag_high);

}  // namespace rt::net
