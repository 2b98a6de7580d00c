// The man page's generated parts (docs/racetable.6), written from the same
// CLI11 app that --help prints and from the game registry, so the page cannot
// drift from the program: `make man` splices them in, and the test
// man_page_current fails when the committed page differs.
#pragma once

#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace rt::cli {

// The blocks the page marks with `.\" BEGIN racetable manpage NAME`:
// "synopsis", "options" (global options and every command with its options),
// "games" (ids, players, variants, game options).
// An unknown name throws OptionError.
std::string man_block(const CLI::App& app, std::string_view name);

}  // namespace rt::cli
