// Shell completion computed from the command line's own description (the
// CLI11 app that --help prints) and the game registry. The completion script
// (packaging/racetable.bash-completion) asks `racetable complete -- WORDS`, so a
// new game, variant, seat level or option needs no change to the script.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace rt::cli {

enum class CompletionKind {
  Words,         // the candidates below, a space after the chosen one
  WordsNoSpace,  // the candidates below, the word goes on (`--option NAME=`)
  Files,         // the shell's own file name completion
  Dirs,          // the shell's own directory name completion
};

struct Completion {
  CompletionKind kind = CompletionKind::Words;
  std::vector<std::string> words;  // each begins with the word being completed
};

// `words`: the arguments after the program's name; the last one is the word
// being completed ("" right after a space).
Completion complete(const CLI::App& app, const std::vector<std::string>& words);

// What the completion script reads: the kind on the first line ("words",
// "words-nospace", "files" or "dirs"), then one candidate per line.
std::string completion_text(const Completion& completion);

}  // namespace rt::cli
