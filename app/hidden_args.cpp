#include "app/hidden_args.h"

#include <cstring>
#include <string_view>

namespace rt::cli {
namespace {

void blank(char* s) {
  for (char* c = s; *c; ++c) *c = '*';
}

}  // namespace

OwnedArgs hide_secret_args(int argc, char** argv) {
  OwnedArgs a;
  a.strings.assign(argv, argv + argc);
  // The command is the first word that is not a flag (the global flags take no value).
  int command = 1;
  while (command < argc && argv[command][0] == '-') ++command;
  if (command < argc && std::string_view(argv[command]) == "host") {
    for (int i = command + 1; i < argc; ++i) {
      const std::string_view arg = argv[i];
      if (arg == "--") break;
      if (arg == "--seed" && i + 1 < argc) {
        blank(argv[++i]);
        a.seed_hidden = true;
      } else if (arg.starts_with("--seed=")) {
        blank(argv[i] + std::strlen("--seed="));
        a.seed_hidden = true;
      }
    }
  }
  for (std::string& s : a.strings) a.argv.push_back(s.data());
  a.argv.push_back(nullptr);
  return a;
}

}  // namespace rt::cli
