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

# Test code at -O1 with line tables only (backtraces, not locals): a test file
# compiles in half the time and the product code it drives keeps -O2 -g.
# Debug builds (make sanitize) keep -O0 -g.
set(RACETABLE_TEST_FLAGS "-O1;-g1" CACHE STRING "Extra flags for the test programs in optimised builds")
function(racetable_test_flags target)
  target_compile_options(${target} PRIVATE $<$<CONFIG:RelWithDebInfo,Release>:${RACETABLE_TEST_FLAGS}>)
endfunction()

# racetable_fast_build(TARGET PCH_GROUP HEADERS...): TARGET in unity batches over
# HEADERS precompiled. The first target of a PCH_GROUP compiles the header and the
# others reuse it (REUSE_FROM), so the targets of a group must be compiled with the
# same options (-O level, -g, defines the headers read): a group per set of options.
function(racetable_fast_build target group)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ${RACETABLE_UNITY}
                                             UNITY_BUILD_BATCH_SIZE ${RACETABLE_UNITY_BATCH})
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
