#include "net/sockets.h"

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "core/types.h"
#include "net/protocol.h"

namespace rt::net {

std::string default_table_dir() {
  const char* xdg = std::getenv("XDG_RUNTIME_DIR");
  if (xdg && *xdg == '/') return std::string(xdg) + "/racetable";
  return fmt::format("/tmp/racetable-{}", ::getuid());
}

std::string table_name_problem(const std::string& name) {
  bool ok = !name.empty() && name.size() <= 32;
  for (char c : name)
    ok = ok &&
         ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
  if (ok) return {};
  // Quoted printably: the name may come from anyone (a file in a shared directory, a player's typing).
  return fmt::format("bad table name '{}': use 1 to 32 letters, digits, '-' or '_'", printable(name, 40));
}

void check_table_name(const std::string& name) {
  if (std::string why = table_name_problem(name); !why.empty()) throw UserError(why);
}

std::string invited_name_problem(const std::string& name) {
  bool ok = !name.empty() && name.size() <= 32;
  for (char c : name)
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                c == '_' || c == '.');
  if (ok) return {};
  return fmt::format("'{}' is not a user name (1-32 letters, digits, '.', '-' or '_')", printable(name, 40));
}

std::string default_group_dir(const std::string& group) {
  return fmt::format("/tmp/racetable-group-{}-{}", group, ::geteuid());
}

mode_t table_dir_mode(bool for_group) {
  return for_group ? 0750 : 0700;
}

namespace {

struct FdCloser {
  int fd;
  ~FdCloser() {
    if (fd >= 0) ::close(fd);
  }
};

std::string mode_text(mode_t mode) {
  return fmt::format("{:04o}", static_cast<unsigned>(mode & 07777));
}

}  // namespace

void prepare_table_dir(const std::string& dir, gid_t gid, bool for_group) {
  if (dir.empty()) throw UserError("no table directory");
  const mode_t mode = table_dir_mode(for_group);
  const bool created = ::mkdir(dir.c_str(), 0700) == 0;
  if (!created && errno != EEXIST)
    throw UserError(fmt::format("{}: cannot create directory: {}", dir, std::strerror(errno)));
  // O_NOFOLLOW: a symlink planted at this name is refused, never followed;
  // the checks and changes below go to the directory this fd holds.
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    throw UserError(fmt::format(
        "{}: {}; refusing it as a table directory", dir,
        errno == ELOOP || errno == ENOTDIR ? "is a symbolic link or not a directory" : std::strerror(errno)));
  const FdCloser closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw UserError(fmt::format("{}: {}", dir, std::strerror(errno)));
  if (st.st_uid != ::geteuid())
    throw UserError(
        fmt::format("{}: belongs to {}, not to you; a table directory must be your own "
                    "(give --dir a path that does not exist yet)",
                    dir, user_name(st.st_uid)));
  if (created) {
    // Made by us a moment ago, 0700 until now: only now opened to the group.
    if (for_group && ::fchown(fd, static_cast<uid_t>(-1), gid) != 0)
      throw UserError(fmt::format("{}: cannot give it to the group: {}", dir, std::strerror(errno)));
    if (::fchmod(fd, mode) != 0)
      throw UserError(fmt::format("{}: cannot set its mode: {}", dir, std::strerror(errno)));
    return;
  }
  // An existing directory is used only as it is: racetable never changes the
  // mode or group of a directory it did not create (--dir ~ stays private).
  if ((st.st_mode & 07777) != mode || (for_group && st.st_gid != gid))
    throw UserError(
        fmt::format("{}: exists with mode {}{}; a table directory must have mode {}{} and hold nothing else: "
                    "give --dir a path that does not exist yet (it is created)",
                    dir, mode_text(st.st_mode), for_group ? fmt::format(" and group id {}", st.st_gid) : "",
                    mode_text(mode), for_group ? fmt::format(" and group id {}", gid) : ""));
}

uid_t trusted_table_dir_owner(const std::string& dir) {
  return table_dir_owner(dir).uid;
}

bool TableDirOwner::verified() const {
  return named || uid == ::geteuid();
}

TableDirOwner table_dir_owner(const std::string& dir) {
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) throw UserError(fmt::format("{}: {}", dir, std::strerror(errno)));
  if (S_ISLNK(st.st_mode)) throw UserError(fmt::format("{}: is a symbolic link, not a table directory", dir));
  if (!S_ISDIR(st.st_mode)) throw UserError(fmt::format("{}: not a directory", dir));
  if (st.st_mode & (S_IWGRP | S_IWOTH))
    throw UserError(
        fmt::format("{}: others can write there (mode {}), so anyone may have put a table "
                    "there; not trusted",
                    dir, mode_text(st.st_mode)));
  // Names that say whose directory it is: racetable-UID, racetable-group-G-UID, our default.
  std::optional<uid_t> named;
  const auto digits = [](std::string_view t) {
    return !t.empty() && t.size() < 10 &&
           std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  const std::string base =
      dir.substr(dir.find_last_of('/') == std::string::npos ? 0 : dir.find_last_of('/') + 1);
  const std::string_view prefix = "racetable-", group = "group-";
  if (dir == default_table_dir()) {
    named = ::geteuid();
  } else if (base.rfind(prefix, 0) == 0) {
    std::string_view rest = std::string_view(base).substr(prefix.size());
    if (rest.substr(0, group.size()) == group) {
      rest.remove_prefix(group.size());
      const std::size_t dash = rest.rfind('-');
      rest = dash == std::string_view::npos ? std::string_view() : rest.substr(dash + 1);
    }
    if (digits(rest)) named = static_cast<uid_t>(std::strtoul(std::string(rest).c_str(), nullptr, 10));
  }
  if (named && st.st_uid != *named)
    throw UserError(
        fmt::format("{}: belongs to {}, not to {} as its name says; planted by another user, "
                    "not trusted",
                    dir, user_name(st.st_uid), user_name(*named)));
  return TableDirOwner{st.st_uid, st.st_gid, named.has_value()};
}

std::string unverified_reason(const std::string& dir, const TableDirOwner& owner) {
  if (owner.verified()) return "";
  return fmt::format(
      "{} belongs to {} and its name does not say whose it is (racetable-UID or racetable-group-GROUP-UID)",
      dir, user_name(owner.uid));
}

std::string code_refusal(const std::string& dir, const TableDirOwner& owner) {
  if (owner.uid == ::geteuid()) return "";
  if (!owner.verified()) return unverified_reason(dir, owner) + "; the join code is not sent";
  if (!process_in_group(owner.gid))
    return fmt::format("{} is {}'s and not a table of a group you are in; the join code is not sent", dir,
                       user_name(owner.uid));
  return "";
}

std::string socket_path(const std::string& dir, const std::string& name) {
  return dir + "/" + name + ".sock";
}

namespace {

bool fill_address(const std::string& path, sockaddr_un& addr) {
  std::memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) return false;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  return true;
}

// 1: a server answers, 0: nobody (stale or absent), -1: cannot tell.
int probe(const std::string& path) {
  sockaddr_un addr;
  if (!fill_address(path, addr)) return -1;
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  const int r = ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
  const int err = errno;
  ::close(fd);
  if (r == 0) return 1;
  return (err == ECONNREFUSED || err == ENOENT) ? 0 : -1;
}

}  // namespace

int listen_unix(const std::string& path, gid_t gid, bool for_group) {
  sockaddr_un addr;
  if (!fill_address(path, addr)) throw UserError(fmt::format("{}: path too long for a socket", path));
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0) {
    if (!S_ISSOCK(st.st_mode)) throw UserError(fmt::format("{}: exists and is not a socket", path));
    const int alive = probe(path);
    if (alive == 1) throw UserError(fmt::format("{}: a table of that name is already open", path));
    if (alive < 0) throw UserError(fmt::format("{}: cannot tell whether a server still uses it", path));
    ::unlink(path.c_str());  // a server that died without cleaning up
  }
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) throw UserError(fmt::format("cannot create a socket: {}", std::strerror(errno)));
  // Created 0600 from the start: nobody else can connect before the chmod.
  const mode_t old = ::umask(0177);
  const int r = ::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
  const int err = errno;
  ::umask(old);
  if (r != 0) {
    ::close(fd);
    throw UserError(fmt::format("{}: cannot bind: {}", path, std::strerror(err)));
  }
  if (for_group &&
      (::chown(path.c_str(), static_cast<uid_t>(-1), gid) != 0 || ::chmod(path.c_str(), 0660) != 0)) {
    const int e = errno;
    ::close(fd);
    ::unlink(path.c_str());
    throw UserError(fmt::format("{}: cannot open it to the group: {}", path, std::strerror(e)));
  }
  if (::listen(fd, 32) != 0) {
    const int e = errno;
    ::close(fd);
    ::unlink(path.c_str());
    throw UserError(fmt::format("{}: cannot listen: {}", path, std::strerror(e)));
  }
  return fd;
}

int connect_unix(const std::string& path, std::string& error, bool wait) {
  sockaddr_un addr;
  if (!fill_address(path, addr)) {
    error = "path too long for a socket";
    return -1;
  }
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | (wait ? 0 : SOCK_NONBLOCK), 0);
  if (fd < 0) {
    error = std::strerror(errno);
    return -1;
  }
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    const int err = errno;
    ::close(fd);
    switch (err) {
      case ENOENT: error = "no such table"; break;
      case EACCES:
      case EPERM: error = "permission denied (the table is private to its host)"; break;
      case ECONNREFUSED: error = "its server is not running"; break;
      case EAGAIN:
      case EINPROGRESS: error = "not answering (its server takes no more connections now)"; break;
      default: error = std::strerror(err); break;
    }
    return -1;
  }
  return fd;
}

int connect_table(const std::string& dir, const std::string& name, uid_t& host_uid, std::string& error,
                  ConnectHow how) {
  std::string refused;
  try {
    const TableDirOwner owner = table_dir_owner(dir);
    host_uid = owner.uid;
    if (how.sends_code) refused = code_refusal(dir, owner);
  } catch (const UserError& e) {
    refused = e.what();
  }
  if (!refused.empty()) {
    error = refused;
    return -1;
  }
  const std::string path = socket_path(dir, name);
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    error = errno == ENOENT ? "no such table" : std::strerror(errno);
    return -1;
  }
  if (!S_ISSOCK(st.st_mode) || st.st_uid != host_uid) {
    error =
        fmt::format("{} is {} of {}, not a socket of {} who owns the directory; not trusted", path,
                    S_ISSOCK(st.st_mode) ? "a socket" : "a file", user_name(st.st_uid), user_name(host_uid));
    return -1;
  }
  const int fd = connect_unix(path, error, how.wait);
  if (fd < 0) return -1;
  // The kernel says who listens: a socket swapped in since the lstat shows here.
  const PeerCred cred = peer_credentials(fd);
  if (!cred.ok || cred.uid != host_uid) {
    ::close(fd);
    error = fmt::format("the server there runs as {}, not as {} who owns the table; not trusted",
                        cred.ok ? user_name(cred.uid) : std::string("an unknown user"), user_name(host_uid));
    return -1;
  }
  return fd;
}

PeerCred peer_credentials(int fd) {
  PeerCred out;
  struct ucred cred {};
  socklen_t len = sizeof cred;
  if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0 && len == sizeof cred) {
    out.pid = cred.pid;
    out.uid = cred.uid;
    out.gid = cred.gid;
    out.ok = true;
  }
  return out;
}

bool peer_in_group(int fd, const PeerCred& cred, gid_t gid) {
  if (!cred.ok) return false;
  if (cred.gid == gid) return true;
#ifdef SO_PEERGROUPS
  std::vector<gid_t> groups(64);
  for (int tries = 0; tries < 3; ++tries) {
    socklen_t len = static_cast<socklen_t>(groups.size() * sizeof(gid_t));
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups.data(), &len) == 0) {
      for (std::size_t i = 0; i < len / sizeof(gid_t); ++i)
        if (groups[i] == gid) return true;
      return false;
    }
    if (errno != ERANGE) break;
    groups.resize(len / sizeof(gid_t) + 16);
  }
#endif
  return user_in_group(cred.uid, gid);
}

std::string user_name(uid_t uid) {
  struct passwd pw {};
  struct passwd* found = nullptr;
  char buf[4096];
  if (::getpwuid_r(uid, &pw, buf, sizeof buf, &found) == 0 && found && found->pw_name) return found->pw_name;
  return fmt::format("uid {}", uid);
}

gid_t group_id(const std::string& name) {
  struct group gr {};
  struct group* found = nullptr;
  std::vector<char> buf(16384);
  if (::getgrnam_r(name.c_str(), &gr, buf.data(), buf.size(), &found) == 0 && found) return found->gr_gid;
  bool digits = !name.empty() && name.size() < 10;
  for (char c : name) digits = digits && c >= '0' && c <= '9';
  if (digits) return static_cast<gid_t>(std::strtoul(name.c_str(), nullptr, 10));
  throw UserError(fmt::format("unknown group '{}'", name));
}

bool user_in_group(uid_t uid, gid_t gid) {
  struct passwd pw {};
  struct passwd* found = nullptr;
  char buf[4096];
  if (::getpwuid_r(uid, &pw, buf, sizeof buf, &found) != 0 || !found) return false;
  if (found->pw_gid == gid) return true;
  int n = 64;
  std::vector<gid_t> groups(static_cast<std::size_t>(n));
  if (::getgrouplist(found->pw_name, found->pw_gid, groups.data(), &n) < 0) {
    groups.resize(static_cast<std::size_t>(n));
    if (::getgrouplist(found->pw_name, found->pw_gid, groups.data(), &n) < 0) return false;
  }
  for (int i = 0; i < n; ++i)
    if (groups[static_cast<std::size_t>(i)] == gid) return true;
  return false;
}

std::vector<gid_t> process_groups() {
  const int n = ::getgroups(0, nullptr);
  if (n <= 0) return {};
  std::vector<gid_t> groups(static_cast<std::size_t>(n));
  const int got = ::getgroups(n, groups.data());
  groups.resize(static_cast<std::size_t>(std::max(got, 0)));
  return groups;
}

bool process_in_group(gid_t gid) {
  if (::getegid() == gid) return true;
  const std::vector<gid_t> groups = process_groups();
  return std::find(groups.begin(), groups.end(), gid) != groups.end();
}

void raise_open_file_limit() {
  rlimit lim{};
  if (::getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
    lim.rlim_cur = lim.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &lim);
  }
}

void set_nonblocking(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

long read_some(int fd, char* data, std::size_t size) {
  for (;;) {
    const ssize_t n = ::read(fd, data, size);
    if (n >= 0) return static_cast<long>(n);
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return -1;
    return -2;
  }
}

long write_some(int fd, const char* data, std::size_t size) {
  for (;;) {
    const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n >= 0) return static_cast<long>(n);
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
    return -1;
  }
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  const int fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  bool ok = false;
  if (fd >= 0) {
    ok = ::read(fd, &v, sizeof v) == static_cast<ssize_t>(sizeof v);
    ::close(fd);
  }
  if (!ok)
    v = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
        (static_cast<std::uint64_t>(::getpid()) << 32);
  return v;
}

std::uint32_t epoll_events_of(short poll_events) {
  std::uint32_t ev = 0;
  if (poll_events & POLLIN) ev |= EPOLLIN;
  if (poll_events & POLLOUT) ev |= EPOLLOUT;
  return ev;
}

short poll_events_of(std::uint32_t epoll_events) {
  short out = 0;
  if (epoll_events & EPOLLIN) out |= POLLIN;
  if (epoll_events & EPOLLOUT) out |= POLLOUT;
  if (epoll_events & EPOLLHUP) out |= POLLHUP;
  if (epoll_events & EPOLLERR) out |= POLLERR;
  return out;
}

void sync_epoll_set(int epoll_fd, std::vector<pollfd>& registered, std::vector<pollfd> now,
                    std::uint64_t tag_high) {
  for (const pollfd& p : now) {
    const auto old =
        std::find_if(registered.begin(), registered.end(), [&](const pollfd& r) { return r.fd == p.fd; });
    if (old != registered.end() && old->events == p.events) continue;
    epoll_event ev{};
    ev.events = epoll_events_of(p.events);
    ev.data.u64 = tag_high | static_cast<std::uint32_t>(p.fd);
    // A number the server closed and reused since is no longer in the set.
    if (old != registered.end()) {
      if (::epoll_ctl(epoll_fd, EPOLL_CTL_MOD, p.fd, &ev) != 0 && errno == ENOENT)
        ::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, p.fd, &ev);
    } else if (::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, p.fd, &ev) != 0 && errno == EEXIST) {
      ::epoll_ctl(epoll_fd, EPOLL_CTL_MOD, p.fd, &ev);
    }
  }
  registered = std::move(now);
}

}  // namespace rt::net
