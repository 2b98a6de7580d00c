#include "tui/shell/shell.h"

#include <cstdio>

#include "core/types.h"

namespace rt::shell {

int run(const ShellOptions&) {
  throw UserError("the full-screen shell is not built yet: use `racetable play GAME --line`");
}

}  // namespace rt::shell
