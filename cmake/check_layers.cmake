# The include rules of the layers (CMakeLists.txt, docs/ARCHITECTURE.md):
#   core/    core only; no terminal, no command line
#   games/   core and games
#   net/     core, games and net: the table server holds no terminal code
#   tui/     core, games and tui: the shell includes no server header
#   lab/     core, games and lab: the computers' studies, no terminal
#   client/  core, games, net, tui and client: the one way to shared tables
#   app/     anything of ours: the composition root
#   tests/, fuzz/  anything of ours
# libssh's headers only in net/ (and the tests that drive an SSH client's
# requests themselves: kSshTests).
# Run with -DSOURCE_DIR=... -DSTAMP=...; fails naming every offending line.
set(allowed_core "core")
set(allowed_games "core;games")
set(allowed_net "core;games;net")
set(allowed_tui "core;games;tui")
set(allowed_lab "core;games;lab")
set(allowed_client "core;games;net;tui;client")
set(allowed_app "core;games;net;tui;lab;client;app")
set(allowed_tests "core;games;net;tui;lab;client;app;tests")
set(allowed_fuzz "core;games;net;tui;lab;client;app")
set(banned_system_core "curses|ncurses|CLI/|libssh/")
set(banned_system_games "curses|ncurses|CLI/|libssh/")
set(banned_system_net "curses|ncurses|CLI/|termios")
set(banned_system_tui "CLI/|libssh/")
set(banned_system_lab "curses|ncurses|CLI/|libssh/")
set(banned_system_client "CLI/|libssh/")
set(banned_system_app "libssh/")
set(banned_system_tests "libssh/")
set(banned_system_fuzz "libssh/")
set(kSshTests "tests/tui/ssh_client_limits_test.cpp;tests/tui/ssh_registry_test.cpp")

set(problems "")
foreach(layer core games net tui lab client app tests fuzz)
  file(GLOB_RECURSE sources ${SOURCE_DIR}/${layer}/*.h ${SOURCE_DIR}/${layer}/*.cpp)
  foreach(source IN LISTS sources)
    file(STRINGS ${source} lines REGEX "^[ \t]*#[ \t]*include")
    file(RELATIVE_PATH shown ${SOURCE_DIR} ${source})
    foreach(line IN LISTS lines)
      if(line MATCHES "#[ \t]*include[ \t]*\"([a-z_]+)/")
        list(FIND allowed_${layer} "${CMAKE_MATCH_1}" found)
        if(found EQUAL -1)
          string(APPEND problems "  ${shown}: ${line} (${layer}/ may include only ${allowed_${layer}})\n")
        endif()
      elseif(line MATCHES "#[ \t]*include[ \t]*<(${banned_system_${layer}})")
        list(FIND kSshTests "${shown}" ssh_test)
        if(NOT (CMAKE_MATCH_1 STREQUAL "libssh/" AND ssh_test GREATER -1))
          string(APPEND problems "  ${shown}: ${line} (not in ${layer}/)\n")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()

if(problems)
  message(FATAL_ERROR "A layer includes what it must not (docs/ARCHITECTURE.md, Layers):\n${problems}")
endif()
file(WRITE ${STAMP} "ok\n")
