# racetable: two commands for a fresh Debian machine.
#   make run   installs what is missing, builds, starts the shell
#              (not in a terminal: prints a seeded demo game)
#   make test  installs what is missing, builds, runs every test
# A thin wrapper over CMake, as neovim does.

BUILD_DIR   ?= build
BUILD_TYPE  ?= RelWithDebInfo
# Looked up when a recipe runs (=, not :=), after `deps` has installed ninja on a fresh machine.
GENERATOR    = $(shell command -v ninja >/dev/null 2>&1 && echo Ninja || echo "Unix Makefiles")
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
# Warnings as errors: CI sets WERROR=ON for every build it makes (gcc and clang).
WERROR ?= OFF

# Debian packages the build and the tests need.
PACKAGES := build-essential cmake ninja-build pkg-config libncurses-dev libcli11-dev \
            libfmt-dev catch2 nlohmann-json3-dev tmux ccache asciinema libssh-dev openssh-client parallel \
            libsqlite3-dev
# A file or command that proves each package is installed.
CHECKS := /usr/bin/g++ /usr/bin/cmake /usr/bin/ninja /usr/bin/pkg-config \
          /usr/include/ncursesw/curses.h /usr/include/CLI/CLI.hpp /usr/include/fmt/format.h \
          /usr/include/catch2/catch.hpp /usr/include/nlohmann/json.hpp /usr/bin/tmux /usr/bin/ccache \
          /usr/bin/asciinema /usr/include/libssh/server.h /usr/bin/ssh /usr/bin/parallel \
          /usr/include/sqlite3.h

# CI-only tools: clang for the cross-compiler check and libFuzzer.
CLANG_PACKAGES := clang clang-format libclang-rt-14-dev
CLANG_CHECKS := /usr/bin/clang++ /usr/bin/clang-format /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
FUZZ_SECONDS ?= 20

# Packaging (make install, make deb, make package-test): where to install, and
# the Debian tools the package test needs.
PREFIX ?= /usr/local
DESTDIR ?=
DEB_PACKAGES := dpkg-dev file
DEB_CHECKS := /usr/bin/dpkg-shlibdeps /usr/bin/file
PACKAGE_TEST_PACKAGES := lintian man-db
PACKAGE_TEST_CHECKS := /usr/bin/lintian /usr/bin/man

# $(call apt-install,PACKAGES,CHECKS): installs PACKAGES unless every CHECKS file exists.
define apt-install
	@missing=""; for f in $(2); do [ -e "$$f" ] || missing="$$missing $$f"; done; \
	if [ -n "$$missing" ]; then \
	  echo "racetable: installing $(1) (missing:$$missing)"; \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); \
	  elif command -v sudo >/dev/null 2>&1; then \
	    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); \
	  else \
	    echo "racetable: please install: apt-get install $(1)"; exit 1; \
	  fi; \
	fi
endef

.PHONY: all run test deps deps-clang deps-deb deps-package build configure clean format format-check sanitize soak clang-test fuzz-smoke fuzz-run check-clang golden bench bench-micro \
        install install-files deb man package-test bench-tables bench-ssh

all: build

deps:
	@missing=""; for f in $(CHECKS); do [ -e "$$f" ] || missing="$$missing $$f"; done; \
	if [ -n "$$missing" ]; then \
	  echo "racetable: installing build dependencies (missing:$$missing)"; \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PACKAGES); \
	  elif command -v sudo >/dev/null 2>&1; then \
	    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PACKAGES); \
	  else \
	    echo "racetable: please install the build dependencies, then run make again:"; \
	    echo "  apt-get install $(PACKAGES)"; exit 1; \
	  fi; \
	fi

deps-clang: deps
	@missing=""; for f in $(CLANG_CHECKS); do [ -e "$$f" ] || missing="$$missing $$f"; done; \
	if [ -n "$$missing" ]; then \
	  echo "racetable: installing clang (missing:$$missing)"; \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(CLANG_PACKAGES); \
	  elif command -v sudo >/dev/null 2>&1; then \
	    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(CLANG_PACKAGES); \
	  else \
	    echo "racetable: please install: apt-get install $(CLANG_PACKAGES)"; exit 1; \
	  fi; \
	fi

# make deb needs dpkg-shlibdeps and file (CPack); the package test also lintian and man.
deps-deb: deps
	$(call apt-install,$(DEB_PACKAGES),$(DEB_CHECKS))

deps-package: deps-deb
	$(call apt-install,$(PACKAGE_TEST_PACKAGES),$(PACKAGE_TEST_CHECKS))

configure: deps
	@[ -f $(BUILD_DIR)/CMakeCache.txt ] || cmake -S . -B $(BUILD_DIR) -G "$(GENERATOR)" \
	  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DRACETABLE_WERROR=$(WERROR) $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	@./$(BUILD_DIR)/racetable

CTEST_ARGS ?=

# Most end-to-end tests wait on real-time contests and other processes, not the
# CPU: two tests a core (the CPU-bound suites take two slots each).
TEST_JOBS ?= $(shell echo $$(( $(JOBS) * 2 )))

# A test that fails is run once more on its own, and said so: a few end-to-end
# checks of a talk line on a busy terminal race the game's log (docs/RELIABILITY.md).
test: build
	@cd $(BUILD_DIR) && { ctest --output-on-failure -j $(TEST_JOBS) $(CTEST_ARGS) || { \
	  echo "racetable: running the failed tests again, one at a time (a pass now is still a flaky test to fix)"; \
	  ctest --rerun-failed --output-on-failure; }; }

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer, then a soak.
sanitize: deps
	$(MAKE) test BUILD_DIR=build-asan BUILD_TYPE=Debug CMAKE_FLAGS="-DRACETABLE_SANITIZE=ON" CTEST_ARGS="-LE e2e"
	./build-asan/racetable soak --decisions $(SOAK_DECISIONS)

SOAK_DECISIONS ?= 200000

# Long local soak (docs/RELIABILITY.md): a million decisions per game.
soak: build
	./$(BUILD_DIR)/racetable soak --decisions 1000000

# Every test again built with clang: the golden transcripts, written by the gcc
# build, must come out byte-identical.
# (The tmux end-to-end tests check the terminal, not the compiler: skipped here.)
clang-test: deps-clang
	$(MAKE) test BUILD_DIR=build-clang CMAKE_FLAGS="-DCMAKE_CXX_COMPILER=clang++" CTEST_ARGS="-LE e2e"
	cmake --build build-clang -j $(JOBS) --target bench_micro

# Each libFuzzer target for FUZZ_SECONDS on a scratch copy of its seed corpus,
# one a core (fuzz-run: in FUZZ_DIR, a build made with -DRACETABLE_FUZZ=ON).
FUZZ_TARGETS := fuzz_save fuzz_data fuzz_apply fuzz_line fuzz_protocol fuzz_client
FUZZ_DIR ?= build-fuzz
fuzz-smoke: deps-clang
	@[ -f build-fuzz/CMakeCache.txt ] || cmake -S . -B build-fuzz -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_COMPILER=clang++ -DRACETABLE_FUZZ=ON -DRACETABLE_TESTS=OFF -DRACETABLE_WERROR=$(WERROR)
	cmake --build build-fuzz -j $(JOBS) --target $(FUZZ_TARGETS)
	$(MAKE) --no-print-directory fuzz-run FUZZ_DIR=build-fuzz

fuzz-run:
	fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(JOBS)

# CI's second build, one clang build for what make sanitize, make clang-test and
# make fuzz-smoke check one by one: AddressSanitizer, UndefinedBehaviorSanitizer
# (stopping at the first report), libFuzzer's coverage in the product code; at
# -O1 with assertions on and line tables, cheaper to compile under the
# sanitizers than -O2 -g. Every test but the
# terminal ones (the golden transcripts written by gcc must come out
# byte-identical, and no sanitizer may report), the soak, bench_micro built, and
# each fuzzer for FUZZ_SECONDS.
CHECK_DIR ?= build-check
check-clang: deps-clang
	@[ -f $(CHECK_DIR)/CMakeCache.txt ] || cmake -S . -B $(CHECK_DIR) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DRACETABLE_TEST_FLAGS="-O1;-g1" -DCMAKE_CXX_COMPILER=clang++ -DRACETABLE_SANITIZE=ON \
	  -DRACETABLE_FUZZ=ON -DRACETABLE_WERROR=$(WERROR)
	cmake --build $(CHECK_DIR) -j $(JOBS) --target all bench_micro $(FUZZ_TARGETS)
	@cd $(CHECK_DIR) && { ctest --output-on-failure -j $(TEST_JOBS) -LE e2e || { \
	  echo "racetable: running the failed tests again, one at a time (a pass now is still a flaky test to fix)"; \
	  ctest --rerun-failed --output-on-failure; }; }
	./$(CHECK_DIR)/racetable soak --decisions $(SOAK_DECISIONS)
	$(MAKE) --no-print-directory fuzz-run FUZZ_DIR=$(CHECK_DIR)

# Rewrite the golden transcripts after an intended change (review the diff!).
# Rewrites tests/golden from every game's [golden] test cases (ctest names
# the test programs, not their cases, so the programs are run directly).
GAME_TESTS := $(patsubst games/%/,tests_%,$(sort $(dir $(wildcard games/*/game.h))))
golden: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target $(GAME_TESTS)
	@for t in $(GAME_TESTS); do \
	  RACETABLE_SOURCE_DIR=$(CURDIR) RACETABLE_REGEN_GOLDEN=1 ./$(BUILD_DIR)/tests/$$t "[golden]" || exit 1; \
	done

bench: build
	./$(BUILD_DIR)/racetable bench

# Micro-benchmarks of every game's hot functions (tests/bench, Catch2
# BENCHMARK; a few seconds). BENCH_ARGS adds Catch2 options, e.g. a filter.
BENCH_ARGS ?=
bench-micro: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target bench_micro
	./$(BUILD_DIR)/tests/bench_micro --benchmark-samples 20 --benchmark-resamples 2000 \
	  --benchmark-warmup-time 20 $(BENCH_ARGS)

# Install: the program (stripped), its man page, bash completion and docs
# (cmake/install.cmake). DESTDIR stages, as for a package.
install-files: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target racetable racetable_install_files

install: install-files
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD_DIR) --prefix "$(PREFIX)" --strip

# The Debian package: $(BUILD_DIR)/racetable_VERSION_ARCH.deb (CPack).
deb: deps-deb install-files
	cd $(BUILD_DIR) && cpack -G DEB

# Rewrite the man page's generated blocks (options, commands, games) from the
# program after changing any of them; review the diff (git diff docs/racetable.6).
man: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target racetable
	cmake -DRACETABLE=$(BUILD_DIR)/racetable -DPAGE=docs/racetable.6 -P cmake/man_page.cmake

# CI (as root): the .deb built, linted, installed, used and purged; make
# install against it (tests/package/package_test.sh). Skips when not root.
package-test:
	@if [ "$$(id -u)" = 0 ] && command -v dpkg >/dev/null; then $(MAKE) --no-print-directory deps-package; fi
	tests/package/package_test.sh $(BUILD_DIR)

# Shared tables at scale (tests/bench/tables_bench.py; minutes): TABLES tables
# x 4 scripted clients over the real sockets. docs/PERFORMANCE.md has numbers.
TABLES ?= 500
bench-tables: build
	python3 tests/bench/tables_bench.py --binary $(BUILD_DIR)/racetable --tables $(TABLES) $(BENCH_ARGS)

# The SSH server with N real ssh clients (docs/PERFORMANCE.md): make bench-ssh SESSIONS=200
SESSIONS ?= 200
bench-ssh: build
	python3 tests/bench/ssh_bench.py --binary $(BUILD_DIR)/racetable --sessions $(SESSIONS) $(BENCH_ARGS)

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

# CI: every source as clang-format (.clang-format) would write it.
format-check: deps-clang
	@clang-format --dry-run --Werror $$(git ls-files '*.h' '*.cpp') && echo "format-check: every file is formatted"

clean:
	rm -rf build build-asan build-clang build-fuzz build-check
