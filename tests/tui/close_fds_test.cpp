// net/close_fds.h: what a session process keeps of the listening
// process's descriptors, and what the shell keeps of the session's.
#include <dirent.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <iterator>
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

// `check` run in a child (closing this process's descriptors would break the
// test runner): whether it held.
template <typename Check>
bool holds_in_child(Check check) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) ::_exit(check() ? 0 : 1);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

std::vector<int> open_null(int count) {
  std::vector<int> fds;
  for (int i = 0; i < count; ++i) fds.push_back(::open("/dev/null", O_RDONLY));
  return fds;
}

}  // namespace

TEST_CASE("Only the descriptors named stay open, among a thousand (a session among its server's links)",
          "[ssh][security]") {
  CHECK(holds_in_child([] {
    const std::vector<int> fds = open_null(1000);
    const int a = fds[10], b = fds[500], c = fds[999];
    rt::net::close_all_but({c, -1, a, b, a});
    return open_descriptors() == std::set<int>{a, b, c};
  }));
}

TEST_CASE("Every descriptor named stays open, however many are named (twelve among a thousand)",
          "[ssh][security]") {
  CHECK(holds_in_child([] {
    const std::vector<int> fds = open_null(1000);
    // More than the eight its copy once held (the rest were closed unsaid), in no order.
    const int keep[] = {fds[999], fds[3],   fds[512], fds[4],   fds[700], fds[5],
                        fds[6],   fds[998], fds[100], fds[101], fds[7],   fds[250]};
    rt::net::close_all_but(keep);
    return open_descriptors() == std::set<int>(std::begin(keep), std::end(keep));
  }));
}

TEST_CASE("Naming no descriptor closes every one from 3 up", "[ssh][security]") {
  CHECK(holds_in_child([] {
    open_null(20);
    rt::net::close_all_but({});
    return open_descriptors().empty() && ::fcntl(2, F_GETFD) >= 0;
  }));
}
