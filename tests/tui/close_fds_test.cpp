// net/close_fds.h: what a session process keeps of the listening
// process's descriptors, and what the shell keeps of the session's.
#include <dirent.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "net/close_fds.h"

namespace {

// The descriptors this process has open from 3 up (the listing's own left out).
std::set<int> open_descriptors() {
  std::set<int> out;
  DIR* dir = ::opendir("/proc/self/fd");
  if (!dir) return out;
  const int own = ::dirfd(dir);
  while (const dirent* e = ::readdir(dir)) {
    const int fd = std::atoi(e->d_name);
    if (e->d_name[0] != '.' && fd >= 3 && fd != own) out.insert(fd);
  }
  ::closedir(dir);
  return out;
}

}  // namespace

TEST_CASE("Only the descriptors named stay open, among a thousand (a session among its server's links)",
          "[ssh][security]") {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    std::vector<int> fds;
    for (int i = 0; i < 1000; ++i) fds.push_back(::open("/dev/null", O_RDONLY));
    const int a = fds[10], b = fds[500], c = fds[999];
    rt::net::close_all_but({c, -1, a, b, a});
    ::_exit(open_descriptors() == std::set<int>{a, b, c} ? 0 : 1);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("Naming no descriptor closes every one from 3 up", "[ssh][security]") {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    for (int i = 0; i < 20; ++i) ::open("/dev/null", O_RDONLY);
    rt::net::close_all_but({});
    ::_exit(open_descriptors().empty() && ::fcntl(2, F_GETFD) >= 0 ? 0 : 1);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
