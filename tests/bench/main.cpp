// The micro-benchmarks' own Catch2 main: benchmarking is enabled for this
// program only (CATCH_CONFIG_ENABLE_BENCHMARKING comes from tests/CMakeLists.txt),
// so the test programs stay as they are.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
