# What keeps a fresh build quick on a 2-core machine (docs/ARCHITECTURE.md,
# "Build time"): each library and test program compiles its sources in batches
# (a unity build: the heavy headers are parsed once a batch, not once a file),
# over precompiled headers, and links with lld when the compiler takes it.
option(RACETABLE_UNITY "Compile each target's sources in batches (unity build)" ON)
option(RACETABLE_PCH "Precompile the headers nearly every file includes" ON)
set(RACETABLE_UNITY_BATCH 8 CACHE STRING "Sources in one unity batch")

# The standard headers, fmt and nlohmann/json that most product files include
# (json alone takes 1.5-3 s to parse, and 32 of the 60 batches include it);
# nothing of a layer's own (a precompiled core header would rebuild every target
# on each change to it).
set(RACETABLE_PCH_PRODUCT
    <algorithm> <array> <cstdint> <functional> <map> <memory> <optional> <string> <string_view> <vector>
    <fmt/format.h> <nlohmann/json.hpp>)
# Test programs: the same and Catch2's single header, which every test file includes.
set(RACETABLE_PCH_TESTS ${RACETABLE_PCH_PRODUCT} <catch2/catch.hpp>)

# Test code unoptimised with line tables only (backtraces, not locals): test
# files are half the build, the product code they drive keeps -O2 -g1, and a
# test body's own speed hardly shows in a run. CI's clang build passes -O1.
# Debug builds (make sanitize) keep -O0 -g.
set(RACETABLE_TEST_FLAGS "-O0;-g1" CACHE STRING "Extra flags for the test programs in optimised builds")
function(racetable_test_flags target)
  target_compile_options(${target} PRIVATE $<$<CONFIG:RelWithDebInfo,Release>:${RACETABLE_TEST_FLAGS}>)
endfunction()

# racetable_unity_batches(TARGET): TARGET's sources in batches of
# RACETABLE_UNITY_BATCH, each batch a generated file that includes them. CMake's
# own UNITY_BUILD (3.25) names each source by its absolute path, so a batch
# compiled in one checkout never matched ccache's key in another (CI's fresh
# clone, a worktree): these name them relative to the checkout, found through
# its include path. A source compiles alone when it is generated, lies outside
# the checkout, or has options of its own or SKIP_UNITY_BUILD_INCLUSION.
function(racetable_unity_batches target)
  get_target_property(sources ${target} SOURCES)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/unity/${target})
  set(batched "")
  set(batch_files "")
  set(lines "")
  set(count 0)
  foreach(source IN LISTS sources)
    if(source MATCHES "^\\$<" OR NOT source MATCHES "\\.cpp$")
      continue()
    endif()
    get_filename_component(path ${source} ABSOLUTE)
    file(RELATIVE_PATH relative ${CMAKE_SOURCE_DIR} ${path})
    get_source_file_property(skip ${source} SKIP_UNITY_BUILD_INCLUSION)
    get_source_file_property(generated ${source} GENERATED)
    get_source_file_property(options ${source} COMPILE_OPTIONS)
    get_source_file_property(defines ${source} COMPILE_DEFINITIONS)
    if(skip OR generated OR options OR defines OR relative MATCHES "^\\.\\.")
      continue()
    endif()
    list(APPEND batched ${source})
    string(APPEND lines "#include \"${relative}\"\n")
    math(EXPR count "${count} + 1")
    list(LENGTH batch_files index)
    math(EXPR full "${count} % ${RACETABLE_UNITY_BATCH}")
    if(full EQUAL 0)
      file(CONFIGURE OUTPUT ${dir}/batch_${index}.cpp CONTENT "// Generated (cmake/build_speed.cmake).\n${lines}")
      list(APPEND batch_files ${dir}/batch_${index}.cpp)
      set(lines "")
    endif()
  endforeach()
  if(NOT lines STREQUAL "")
    list(LENGTH batch_files index)
    file(CONFIGURE OUTPUT ${dir}/batch_${index}.cpp CONTENT "// Generated (cmake/build_speed.cmake).\n${lines}")
    list(APPEND batch_files ${dir}/batch_${index}.cpp)
  endif()
  if(batched)
    set_source_files_properties(${batched} PROPERTIES HEADER_FILE_ONLY ON)
    target_sources(${target} PRIVATE ${batch_files})
  endif()
endfunction()

# racetable_fast_build(TARGET PCH_GROUP HEADERS...): TARGET in unity batches over
# HEADERS precompiled. The first target of a PCH_GROUP compiles the header and the
# others reuse it (REUSE_FROM), so the targets of a group must be compiled with the
# same options (-O level, -g, defines the headers read): a group per set of options.
function(racetable_fast_build target group)
  if(RACETABLE_UNITY)
    racetable_unity_batches(${target})
  endif()
  if(RACETABLE_PCH)
    get_property(owner GLOBAL PROPERTY RACETABLE_PCH_OWNER_${group})
    if(owner)
      target_precompile_headers(${target} REUSE_FROM ${owner})
    else()
      target_precompile_headers(${target} PRIVATE ${ARGN})
      set_property(GLOBAL PROPERTY RACETABLE_PCH_OWNER_${group} ${target})
    endif()
  endif()
endfunction()

# lld links the test programs several times faster than GNU ld.
option(RACETABLE_LLD "Link with lld when the compiler accepts -fuse-ld=lld" ON)
if(RACETABLE_LLD)
  include(CheckLinkerFlag)
  check_linker_flag(CXX -fuse-ld=lld RACETABLE_HAS_LLD)
  if(RACETABLE_HAS_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
endif()
