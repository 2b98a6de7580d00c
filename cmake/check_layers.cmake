# The include rules of the layers (CMakeLists.txt, docs/ARCHITECTURE.md):
#   core/   core only; no terminal, no command line
#   games/  core and games
#   net/    core, games and net: the table server holds no terminal code
#   tui/    core, games and tui: the shell includes no server header
#   app/    anything: the composition root
# Run with -DSOURCE_DIR=... -DSTAMP=...; fails naming every offending line.
set(allowed_core "core")
set(allowed_games "core;games")
set(allowed_net "core;games;net")
set(allowed_tui "core;games;tui")
set(banned_system_core "curses|ncurses|CLI/")
set(banned_system_games "curses|ncurses|CLI/")
set(banned_system_net "curses|ncurses|CLI/|termios")
set(banned_system_tui "CLI/")

set(problems "")
foreach(layer core games net tui)
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
        string(APPEND problems "  ${shown}: ${line} (not in ${layer}/)\n")
      endif()
    endforeach()
  endforeach()
endforeach()

if(problems)
  message(FATAL_ERROR "A layer includes what it must not (docs/ARCHITECTURE.md, Layers):\n${problems}")
endif()
file(WRITE ${STAMP} "ok\n")
