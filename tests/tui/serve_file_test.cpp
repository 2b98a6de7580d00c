// `racetable serve FILE` as users run it: what it refuses, it refuses
// before any table is opened (no socket, save or log made).
#include <catch2/catch.hpp>

#include <grp.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/harness/scratch_dir.h"
#include "tests/tui/cli_run.h"

namespace serve_file_test {

using rt::clitest::Run;
using rt::clitest::run;

// Every file under `dir` but the serve file itself.
int files_made(const std::string& dir, const std::string& serve_file) {
  int n = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.path() != serve_file) ++n;
  return n;
}

std::string own_group() {
  const group* g = ::getgrgid(::getgid());
  return g ? g->gr_name : "root";
}

}  // namespace serve_file_test

using namespace serve_file_test;

TEST_CASE("serve FILE: a group table's --seed is refused as host refuses it, before anything is opened",
          "[cli][security]") {
  const std::string d = rt::test::scratch_dir("racetable-serve-seed");
  const std::string file = d + "/tables.txt", group = own_group();
  std::ofstream(file) << "go-wacky --name club --seed 4 --group " << group << " --dir " << d
                      << "/club --save " << d << "/club.save\n"
                      << "go-wacky --name solo --seed 3 --dir " << d << "/mine --save " << d
                      << "/solo.save\n";
  const Run served = run("serve " + file);
  INFO(served.err);
  CHECK(served.code == 2);
  CHECK_THAT(served.err, Catch::Contains(file + ":1: --seed: others may read a serve file, and this table is "
                                                "played by others: give the seed as RACETABLE_SEED=N or with "
                                                "--seed-file FILE (mode 0600)"));
  CHECK(served.err.find('\n') == served.err.size() - 1);  // one line
  CHECK(files_made(d, file) == 0);

  // host says the same of a seed on its command line: the one check.
  const Run hosted = run("host go-wacky --name club --seed 4 --group " + group + " --dir " + d + "/club");
  CHECK(hosted.code == 2);
  CHECK_THAT(hosted.err, Catch::Contains("--seed: every user of this machine can read a command line (ps), "
                                         "and this table is played by others: give the seed as "
                                         "RACETABLE_SEED=N or with --seed-file FILE (mode 0600)"));
  CHECK(files_made(d, file) == 0);
}
