// racetable-shell: an SSH player's shell, exec'd by the session process of
// `racetable serve --ssh` (net/ssh_shell_exec.cpp) with the player in its
// environment. Run by hand, it says so and exits with status 2.
#include "app/commands.h"

int main() {
  return rt::app::ssh_session_shell();
}
