// Shell completion read from a CLI11 app (tui/cli_complete.h): a command or
// option added to the app is offered with no change to the completion code.
#include <catch2/catch.hpp>

#include <CLI/CLI.hpp>

#include "app/cli_complete.h"

namespace {

using rt::cli::complete;
using rt::cli::CompletionKind;
using Words = std::vector<std::string>;

// An app shaped like racetable's, with a command the real one does not have.
struct TestApp {
  CLI::App app{"test", "racetable"};
  std::string game, seats, save, code_file, data;
  std::vector<std::string> variants;
  bool fast = false, ascii = false;
  TestApp() {
    app.add_flag("--ascii", ascii, "plain ASCII");
    auto* race = app.add_subcommand("race", "a command added later");
    race->add_option("GAME", game, "game id");
    race->add_flag("--fast", fast, "a flag");
    race->add_option("--seats", seats, "levels");
    race->add_option("--variant", variants, "repeatable");
    race->add_option("--save", save, "a file");
    race->add_option("--code-file", code_file, "a file");
    race->add_option("--data", data, "a directory");
    app.add_subcommand("secret", "hidden")->group("");
  }
  rt::cli::Completion operator()(const Words& words) const { return complete(app, words); }
};

}  // namespace

TEST_CASE("Completion: commands as --help lists them, hidden ones left out", "[cli][complete]") {
  const TestApp t;
  CHECK(t({""}).words == Words{"race"});
  CHECK(t({"--ascii", "r"}).words == Words{"race"});
  CHECK(t({"s"}).words.empty());
  CHECK(t({"--a"}).words == Words{"--ascii"});
}

TEST_CASE("Completion: a command's own options; one taking one value is not offered twice",
          "[cli][complete]") {
  const TestApp t;
  CHECK(t({"race", "--s"}).words == Words{"--seats", "--save"});
  CHECK(t({"race", "--seats", "easy", "--s"}).words == Words{"--save"});
  CHECK(t({"race", "--variant", "long", "--v"}).words == Words{"--variant"});
}

TEST_CASE("Completion: GAME is a game id; a flag takes no value, so the next word is GAME",
          "[cli][complete]") {
  const TestApp t;
  CHECK(t({"race", "go-"}).words == Words{"go-wacky"});
  CHECK(t({"race", "--fast", "go-"}).words == Words{"go-wacky"});
  CHECK(t({"race", "go-wacky", "go-"}).words.empty());
}

TEST_CASE("Completion: values by option name: variants of the typed game, levels, files, dirs",
          "[cli][complete]") {
  const TestApp t;
  CHECK(t({"race", "rc-racer", "--variant", "lo"}).words == Words{"long"});
  CHECK(t({"race", "rc-racer", "--variant=lo"}).words == Words{"--variant=long"});
  CHECK(t({"race", "--variant", "lo"}).words.empty());  // no game typed: nothing to offer
  CHECK(t({"race", "--seats", "easy,h"}).words == Words{"easy,hard"});
  CHECK(t({"race", "--save", ""}).kind == CompletionKind::Files);
  CHECK(t({"race", "--code-file", ""}).kind == CompletionKind::Files);
  CHECK(t({"race", "--data", ""}).kind == CompletionKind::Dirs);
}

TEST_CASE("Completion: the script reads the kind, then one candidate per line", "[cli][complete]") {
  const TestApp t;
  CHECK(rt::cli::completion_text(t({"race", "go-"})) == "words\ngo-wacky\n");
  CHECK(rt::cli::completion_text(t({"race", "--data", ""})) == "dirs\n");
}
