// The play screen of a remote table at 80x24 (Unicode), joined at seat 2 of
// table "friday" of Go Wacky!, reading what a test writes to the other end of
// the socket pair whose end `fd` it is given.
#pragma once

#include "client/remote_table.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/app.h"
#include "tui/shell/screens.h"

namespace rt::apptest {

struct RemoteScreen {
  shell::test::FakeTerminal term{80, 24, true};
  shell::AppContext ctx;
  shell::App app;

  explicit RemoteScreen(int fd)
      : app(term, ctx,
            shell::make_table_screen(
                ctx,
                rt::client::make_remote_table(
                    net::Connection(fd),
                    net::json{
                        {"type", "welcome"}, {"seat", 2}, {"game", "go-wacky"}, {"game_name", "Go Wacky!"}},
                    rt::client::RemoteSettings{"friday", "/tmp", "racetable join friday --seat 2", {}}))) {}
};

}  // namespace rt::apptest
