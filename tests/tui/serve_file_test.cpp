// `racetable serve FILE` as users run it: what it refuses, it refuses
// before any table is opened (no socket, save or log made).
#include <catch2/catch.hpp>

#include <grp.h>
#include <signal.h>
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

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace serve_file_test_cases {

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

TEST_CASE("serve FILE: more tables than one server takes is refused whole, before anything is opened",
          "[cli]") {
  const std::string d = rt::test::scratch_dir("racetable-serve-many");
  const std::string file = d + "/tables.txt";
  {
    std::ofstream out(file);
    for (int k = 1; k <= 4001; ++k)
      out << "go-wacky --name t" << k << " --dir " << d << "/socks --save " << d << "/t" << k << ".save\n";
  }
  const Run many = run("serve " + file);
  INFO(many.err);
  CHECK(many.code == 2);
  CHECK_THAT(many.err,
             Catch::Contains(file + ": 4001 tables, and one server takes at most 4000: nothing was opened"));
  CHECK(many.err.find('\n') == many.err.size() - 1);  // one line
  CHECK(files_made(d, file) == 0);                    // no socket directory, save or log

  // A mistake on the last line: the tables above it are not opened either.
  std::ofstream(file) << "go-wacky --name a --dir " << d << "/socks --save " << d << "/a.save\n"
                      << "go-wacky --name b --dir " << d << "/socks --save " << d << "/b.save --frobnicate\n";
  const Run typo = run("serve " + file);
  CHECK(typo.code == 2);
  CHECK_THAT(typo.err, Catch::Contains(file + ":2:"));
  CHECK(files_made(d, file) == 0);
}

TEST_CASE(
    "serve FILE: what a killed server left half-written of a table's save is removed when it opens again",
    "[cli]") {
  const std::string d = rt::test::scratch_dir("racetable-serve-tmp");
  const std::string file = d + "/tables.txt";
  // As write_file_atomically names them (mkostemp), and two it must leave alone.
  for (const std::string name : {"t.save.tmp-a1B2c3", "t.save.tmp-a1B2c34", "other.save.tmp-a1B2c3"})
    std::ofstream(d + "/" + name) << "racetable-save 1\n";
  std::ofstream(file) << "go-wacky --name t --dir " << d << "/socks --save " << d << "/t.save --idle 1\n";
  const Run served = run("serve " + file + " --detach");
  INFO(served.out + served.err);
  REQUIRE(served.code == 0);
  const std::size_t at = served.out.find("(pid ");
  REQUIRE(at != std::string::npos);
  const auto pid = static_cast<pid_t>(std::stol(served.out.substr(at + 5)));
  CHECK_FALSE(std::filesystem::exists(d + "/t.save.tmp-a1B2c3"));
  CHECK(std::filesystem::exists(d + "/t.save.tmp-a1B2c34"));
  CHECK(std::filesystem::exists(d + "/other.save.tmp-a1B2c3"));
  CHECK(std::filesystem::exists(d + "/t.save"));
  ::kill(pid, SIGTERM);
  for (int i = 0; i < 500 && ::kill(pid, 0) == 0; ++i) ::usleep(10000);
}

}  // namespace serve_file_test_cases
