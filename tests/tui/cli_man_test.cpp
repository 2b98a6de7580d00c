// The man page's generated blocks (tui/cli_man.h) from a CLI11 app: every
// visible command and option, in roff that cannot run a request by accident.
#include <catch2/catch.hpp>

#include <CLI/CLI.hpp>

#include "app/cli_man.h"
#include "core/types.h"

TEST_CASE("Man page: every visible command and option, hidden ones left out", "[cli][man]") {
  CLI::App app{"test", "racetable"};
  std::string value;
  auto* race = app.add_subcommand("race", "a command added later");
  race->add_option("GAME", value, "game id")->required();
  race->add_option("--code-file", value, "a file of `yours`");
  app.add_subcommand("secret", "hidden")->group("");

  const std::string synopsis = rt::cli::man_block(app, "synopsis");
  CHECK_THAT(synopsis, Catch::Contains("\\fBracetable race\\fR [\\fIOPTIONS\\fR] \\fIGAME\\fR"));
  CHECK_THAT(synopsis, !Catch::Contains("secret"));

  const std::string options = rt::cli::man_block(app, "options");
  CHECK_THAT(options, Catch::Contains(".SS \\fBracetable race\\fR"));
  CHECK_THAT(options,
             Catch::Contains(".TP\n\\fB\\-\\-code\\-file\\fR \\fITEXT\\fR\na file of \\fByours\\fR\n"));
  CHECK_THAT(options, !Catch::Contains("secret"));
  // --help is described once, before any command.
  const std::string help_entry = "\\fB\\-h\\fR, \\fB\\-\\-help\\fR\n";
  REQUIRE(options.find(help_entry) != std::string::npos);
  CHECK(options.find(help_entry) == options.rfind(help_entry));
}

TEST_CASE("Man page: descriptions cannot start a roff request", "[cli][man]") {
  CLI::App app{"test", "racetable"};
  std::string value;
  app.add_option("--dot", value, ".TH looks like a request");
  app.add_option("--two", value, "first line\n.SH second line");
  app.add_option("--slash", value, "a \\ backslash");
  const std::string options = rt::cli::man_block(app, "options");
  CHECK_THAT(options, Catch::Contains("\n\\&.TH looks like a request\n"));
  CHECK_THAT(options, Catch::Contains("\nfirst line .SH second line\n"));
  CHECK_THAT(options, Catch::Contains("\na \\e backslash\n"));
}

TEST_CASE("Man page: the games block names every game; an unknown block is an error", "[cli][man]") {
  CLI::App app{"test", "racetable"};
  const std::string games = rt::cli::man_block(app, "games");
  for (const char* id : {"go\\-wacky", "rc\\-racer", "wacky\\-races", "racesmack", "scrap\\-racer"})
    CHECK_THAT(games, Catch::Contains(std::string("\\fB") + id + "\\fR"));
  CHECK_THROWS_AS(rt::cli::man_block(app, "nope"), rt::UserError);
}
