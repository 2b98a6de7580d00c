# Writes the generated blocks of the man page, or checks that they are current.
#
#   cmake -DRACETABLE=build/racetable -DPAGE=docs/racetable.6 -P cmake/man_page.cmake
#       rewrites each block between `.\" BEGIN racetable manpage NAME` and
#       `.\" END racetable manpage NAME` with `racetable manpage NAME` (make man)
#   ... -DCHECK=ON -DSOURCE_DIR=. -DOUT=file
#       changes nothing; fails when a block differs from what the program
#       writes (the expected page goes to OUT), when the ENVIRONMENT section
#       leaves out a variable the sources read with getenv(), or when groff
#       warns about the page (the test man_page_current).
cmake_minimum_required(VERSION 3.20)
foreach(var RACETABLE PAGE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "man_page.cmake: give -D${var}=...")
  endif()
endforeach()

set(begin_marker ".\\\" BEGIN racetable manpage ")
set(end_marker ".\\\" END racetable manpage ")
set(regenerate "make man")

file(READ "${PAGE}" page)
set(result "")
set(rest "${page}")
while(TRUE)
  string(FIND "${rest}" "${begin_marker}" begin)
  if(begin EQUAL -1)
    break()
  endif()
  string(SUBSTRING "${rest}" 0 ${begin} before)
  string(SUBSTRING "${rest}" ${begin} -1 rest)
  string(FIND "${rest}" "\n" newline)
  string(SUBSTRING "${rest}" 0 ${newline} marker_line)
  string(LENGTH "${begin_marker}" marker_length)
  string(SUBSTRING "${marker_line}" ${marker_length} -1 block)
  string(FIND "${rest}" "${end_marker}${block}" end)
  if(end EQUAL -1)
    message(FATAL_ERROR "${PAGE}: block '${block}' has no line `${end_marker}${block}`")
  endif()
  execute_process(COMMAND "${RACETABLE}" manpage "${block}" OUTPUT_VARIABLE generated
                  RESULT_VARIABLE status ERROR_VARIABLE error)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "`${RACETABLE} manpage ${block}` failed (${status}): ${error}")
  endif()
  string(APPEND result "${before}${marker_line}\n${generated}")
  string(SUBSTRING "${rest}" ${end} -1 rest)
endwhile()
string(APPEND result "${rest}")

if(NOT CHECK)
  if(NOT result STREQUAL page)
    file(WRITE "${PAGE}" "${result}")
    message(STATUS "${PAGE}: rewrote the generated blocks (review: git diff ${PAGE})")
  else()
    message(STATUS "${PAGE}: already current")
  endif()
  return()
endif()

set(problems "")
if(NOT result STREQUAL page)
  if(NOT DEFINED OUT)
    set(OUT "${CMAKE_CURRENT_BINARY_DIR}/racetable.6.expected")
  endif()
  file(WRITE "${OUT}" "${result}")
  # Printed as it is (message() would reflow it).
  execute_process(COMMAND diff -u "${PAGE}" "${OUT}")
  string(APPEND problems
         "${PAGE} no longer matches the program's options (racetable --help) or games (the diff above: "
         "- the page, + what the program says now).\nRun `${regenerate}` and review the diff (git diff ${PAGE}).\n")
endif()

# Every environment variable the program reads is described by hand.
if(DEFINED SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE)
  string(FIND "${page}" ".SH ENVIRONMENT" env_start)
  string(SUBSTRING "${page}" ${env_start} -1 environment)
  string(FIND "${environment}" "\n.SH " env_end)
  string(SUBSTRING "${environment}" 0 ${env_end} environment)
  file(GLOB_RECURSE sources "${SOURCE_DIR}/core/*.cpp" "${SOURCE_DIR}/games/*.cpp" "${SOURCE_DIR}/net/*.cpp"
       "${SOURCE_DIR}/tui/*.cpp" "${SOURCE_DIR}/app/*.cpp")
  foreach(source IN LISTS sources)
    file(STRINGS "${source}" reads REGEX "getenv\\(\"[A-Z_]+\"\\)")
    foreach(line IN LISTS reads)
      string(REGEX MATCHALL "getenv\\(\"[A-Z_]+\"\\)" calls "${line}")
      foreach(call IN LISTS calls)
        string(REGEX REPLACE "getenv\\(\"([A-Z_]+)\"\\)" "\\1" variable "${call}")
        string(FIND "${environment}" "${variable}" found)
        if(found EQUAL -1)
          file(RELATIVE_PATH where "${SOURCE_DIR}" "${source}")
          string(APPEND problems "${where} reads the environment variable ${variable}, which the ENVIRONMENT "
                                 "section of ${PAGE} does not describe: add it there by hand.\n")
        endif()
      endforeach()
    endforeach()
  endforeach()
endif()

# groff's own warnings, as lintian and man --warnings report them.
find_program(GROFF groff)
if(GROFF)
  execute_process(COMMAND "${GROFF}" -man -Tutf8 -ww -z "${PAGE}" ERROR_VARIABLE warnings RESULT_VARIABLE status)
  if(warnings OR NOT status EQUAL 0)
    string(APPEND problems "groff warns about ${PAGE}:\n${warnings}")
  endif()
endif()

if(problems)
  message(FATAL_ERROR "${problems}")
endif()
message(STATUS "${PAGE}: current (generated blocks, environment variables, groff)")
