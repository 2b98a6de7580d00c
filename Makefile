# racetable: two commands for a fresh Debian machine.
#   make run   installs what is missing, builds, starts the shell
#              (not in a terminal: prints a seeded demo game)
#   make test  installs what is missing, builds, runs every test
# A thin wrapper over CMake, as neovim does.

BUILD_DIR   ?= build
BUILD_TYPE  ?= RelWithDebInfo
GENERATOR   := $(shell command -v ninja >/dev/null 2>&1 && echo Ninja || echo "Unix Makefiles")
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

# Debian packages the build and the tests need.
PACKAGES := build-essential cmake ninja-build pkg-config libncurses-dev libcli11-dev \
            libfmt-dev catch2 nlohmann-json3-dev tmux
# A file or command that proves each package is installed.
CHECKS := /usr/bin/g++ /usr/bin/cmake /usr/bin/ninja /usr/bin/pkg-config \
          /usr/include/ncursesw/curses.h /usr/include/CLI/CLI.hpp /usr/include/fmt/format.h \
          /usr/include/catch2/catch.hpp /usr/include/nlohmann/json.hpp /usr/bin/tmux

.PHONY: all run test deps build configure clean format sanitize golden bench

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

configure: deps
	@[ -f $(BUILD_DIR)/CMakeCache.txt ] || cmake -S . -B $(BUILD_DIR) -G "$(GENERATOR)" \
	  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	@./$(BUILD_DIR)/racetable

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer.
sanitize: deps
	$(MAKE) test BUILD_DIR=build-asan BUILD_TYPE=Debug CMAKE_FLAGS="-DRACETABLE_SANITIZE=ON"

# Rewrite the golden transcripts after an intended change (review the diff!).
golden: build
	cd $(BUILD_DIR) && RACETABLE_REGEN_GOLDEN=1 ctest -R golden

bench: build
	./$(BUILD_DIR)/racetable bench

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf build build-asan
