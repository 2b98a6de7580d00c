// Runs the real `racetable` binary for the CLI tests: stdin from a string,
// stdout and stderr captured, the state directory in a private temp folder.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include "tests/harness/racetable_binary.h"
#include "tests/harness/scratch_dir.h"

namespace rt::clitest {

struct Run {
  int code;
  std::string out;
  std::string err;
};

// One temp folder per test program (its state directory and the captured streams).
inline std::string temp_dir() {
  static const std::string dir = [] { return rt::test::scratch_dir("racetable-cli"); }();
  return dir;
}

// Runs `racetable ARGS` with stdin from `input`; `env` (VAR=value ...) comes
// after the defaults so a test can override them.
inline Run run(const std::string& args, const std::string& input = "", const std::string& env = "") {
  const std::string dir = temp_dir();
  const std::string in = dir + "/stdin", out = dir + "/stdout", err = dir + "/stderr";
  std::ofstream(in) << input;
  const std::string cmd = "XDG_STATE_HOME=" + dir + "/state " + env + " " + rt::test::racetable_binary() +
                          " " + args + " <" + in + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  auto slurp = [](const std::string& path) {
    std::ifstream f(path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
  };
  return Run{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

// A save of the game in `from` cut after its first `steps` steps: a game
// not finished.
inline void write_cut_save(const std::string& from, const std::string& to, int steps) {
  std::ifstream in(from);
  std::ostringstream cut;
  std::string line;
  int seen = 0;
  while (std::getline(in, line)) {
    if (line.rfind("step ", 0) == 0) ++seen;
    if (seen <= steps && line != "end") cut << line << '\n';
  }
  std::ofstream(to) << cut.str() << "end\n";
}

}  // namespace rt::clitest
