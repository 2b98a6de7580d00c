#include "app/cli_complete.h"

#include <algorithm>
#include <string_view>

#include <CLI/CLI.hpp>

#include "app/commands.h"
#include "core/agent.h"
#include "core/seat.h"
#include "games/registry.h"

namespace rt::cli {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Subcommands a user may type: hidden ones (group "") are left out, as in --help.
std::vector<const CLI::App*> visible_subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

const CLI::App* subcommand_named(const CLI::App& app, std::string_view name) {
  for (const CLI::App* sub : visible_subcommands(app))
    if (sub->get_name() == name) return sub;
  return nullptr;
}

const CLI::Option* find_long_option(const CLI::App& app, std::string_view name) {
  for (const CLI::Option* opt : app.get_options())
    for (const std::string& lname : opt->get_lnames())
      if (name == "--" + lname) return opt;
  return nullptr;
}

bool takes_value(const CLI::Option* opt) {
  return opt->get_items_expected_max() > 0;  // flags expect none
}

// What a user has typed so far, read the way CLI11 will read it.
struct Typed {
  const CLI::App* sub = nullptr;                             // the subcommand, once named
  std::vector<std::string> positionals;                      // values of the subcommand's positionals
  std::vector<std::pair<std::string, std::string>> options;  // "--name", value ("" for flags)
  std::string value_for;     // the word being completed is this option's value
  std::string value_prefix;  // "--name=" when given in that form
  std::string current;       // the word being completed (after value_prefix)

  std::string option_value(std::string_view name) const {
    for (const auto& [n, v] : options)
      if (n == name) return v;
    return {};
  }
  bool given(std::string_view name) const {
    return std::any_of(options.begin(), options.end(), [&](const auto& o) { return o.first == name; });
  }
};

Typed read_typed(const CLI::App& app, const std::vector<std::string>& words) {
  Typed t;
  const std::size_t last = words.empty() ? 0 : words.size() - 1;
  const CLI::App* scope = &app;
  bool options_end = false;
  for (std::size_t i = 0; i < last; ++i) {
    const std::string& w = words[i];
    if (!options_end && w == "--") {
      options_end = true;
    } else if (!options_end && starts_with(w, "--")) {
      const auto eq = w.find('=');
      const std::string name = w.substr(0, eq);
      const CLI::Option* opt = find_long_option(*scope, name);
      std::string value;
      if (eq != std::string::npos) {
        value = w.substr(eq + 1);
      } else if (opt && takes_value(opt) && i + 1 < last) {
        value = words[++i];
      } else if (opt && takes_value(opt)) {
        t.value_for = name;  // the word being completed is this option's value
      }
      t.options.emplace_back(name, value);
    } else if (!starts_with(w, "-") && t.positionals.empty() && subcommand_named(*scope, w)) {
      // A command, or a command's own (bench merge).
      t.sub = subcommand_named(*scope, w);
      scope = t.sub;
    } else if (t.sub) {
      t.positionals.push_back(w);
    }
  }
  t.current = words.empty() ? std::string() : words[last];
  if (t.value_for.empty() && !options_end && starts_with(t.current, "--")) {
    const auto eq = t.current.find('=');
    if (eq != std::string::npos) {
      t.value_for = t.current.substr(0, eq);
      t.value_prefix = t.current.substr(0, eq + 1);
      t.current = t.current.substr(eq + 1);
    }
  }
  return t;
}

// The game the typed command is about: its GAME positional or --game.
const GameEntry* typed_game(const Typed& t) {
  if (!t.sub) return nullptr;
  std::size_t k = 0;
  for (const CLI::Option* opt :
       t.sub->get_options([](const CLI::Option* o) { return o->get_positional(); })) {
    if (k < t.positionals.size() && opt->get_name() == "GAME")
      return builtin_registry().find(t.positionals[k]);
    ++k;
  }
  return builtin_registry().find(t.option_value("--game"));
}

std::vector<std::string> game_ids() {
  std::vector<std::string> ids;
  for (const GameEntry& e : builtin_registry().all()) ids.push_back(e.info.id);
  return ids;
}

// Levels for one seat: computers everywhere, a person where one can play.
std::vector<std::string> seat_levels(const Typed& t, bool humans) {
  std::vector<std::string> levels;
  const std::string sub = t.sub ? t.sub->get_name() : "";
  if (humans && (sub == "play" || sub == "host"))
    levels.emplace_back(seat_choice_name(SeatChoice{SeatController::Human}));
  for (BotLevel level : kBotLevels) levels.emplace_back(level_name(level));
  return levels;
}

// A comma-separated list: completes the part after the last comma.
std::vector<std::string> list_items(const std::string& current, const std::vector<std::string>& items) {
  const auto comma = current.rfind(',');
  const std::string done = comma == std::string::npos ? std::string() : current.substr(0, comma + 1);
  std::vector<std::string> out;
  for (const std::string& item : items) out.push_back(done + item);
  return out;
}

Completion option_value(const Typed& t) {
  const std::string& name = t.value_for;
  Completion c;
  if (name == "--data" || name == "--dir") {
    c.kind = CompletionKind::Dirs;
  } else if (name == "--save" || name == "--resume" || name.ends_with("-file")) {
    c.kind = CompletionKind::Files;
  } else if (name == "--game") {
    c.words = game_ids();
  } else if (name == "--seats") {
    c.words = list_items(t.current, seat_levels(t, true));
  } else if (name == "--levels") {
    c.words = list_items(t.current, seat_levels(t, false));
  } else if (name == "--stand-in") {
    c.words = seat_levels(t, false);
  } else if (name == "--contest-pace") {
    for (const ContestPaceInfo& p : contest_paces()) c.words.emplace_back(p.name);
  } else if (const GameEntry* game = typed_game(t); game && name == "--variant") {
    for (const VariantInfo& v : game->info.variants) c.words.push_back(v.name);
  } else if (game && name == "--option") {
    c.kind = CompletionKind::WordsNoSpace;
    for (const ParamInfo& p : game->info.params) c.words.push_back(p.name + "=");
  }
  return c;
}

Completion positional(const Typed& t) {
  Completion c;
  const auto positionals = t.sub->get_options([](const CLI::Option* o) { return o->get_positional(); });
  if (positionals.empty() && t.positionals.empty()) {
    for (const CLI::App* sub : visible_subcommands(*t.sub)) c.words.push_back(sub->get_name());
    return c;
  }
  std::size_t k = t.positionals.size();
  // The last positional may take many (SAVE..., FILES...).
  if (k >= positionals.size() && (positionals.empty() || positionals.back()->get_items_expected_max() <= 1))
    return c;
  k = std::min(k, positionals.size() - 1);
  const std::string name = positionals[k]->get_name();
  if (name == "GAME") {
    c.words = game_ids();
  } else if (name == "FILE" || name == "SAVE" || name == "FILES") {
    c.kind = CompletionKind::Files;
  } else if (name == "TABLE") {
    const std::string dir = t.option_value("--dir");
    c.words = net::open_table_names(dir);
  }
  return c;
}

Completion option_names(const CLI::App& scope, const Typed& t) {
  Completion c;
  for (const CLI::Option* opt : scope.get_options()) {
    // Hidden ones (group "") are left out, as in --help.
    if (opt->get_positional() || opt->get_lnames().empty() || opt->get_group().empty()) continue;
    const std::string name = "--" + opt->get_lnames().front();
    // Options that take one value, once, are not offered again.
    const bool repeatable = opt->get_items_expected_max() > 1;
    if (t.given(name) && !repeatable) continue;
    c.words.push_back(name);
  }
  return c;
}

}  // namespace

Completion complete(const CLI::App& app, const std::vector<std::string>& words) {
  const Typed t = read_typed(app, words);
  Completion c;
  if (!t.value_for.empty()) {
    c = option_value(t);
  } else if (starts_with(t.current, "-")) {
    c = option_names(t.sub ? *t.sub : app, t);
  } else if (!t.sub) {
    for (const CLI::App* sub : visible_subcommands(app)) c.words.push_back(sub->get_name());
  } else {
    c = positional(t);
  }
  std::vector<std::string> matching;
  for (const std::string& w : c.words)
    if (starts_with(w, t.current)) matching.push_back(t.value_prefix + w);
  c.words = std::move(matching);
  return c;
}

std::string completion_text(const Completion& completion) {
  std::string text;
  switch (completion.kind) {
    case CompletionKind::Words: text = "words\n"; break;
    case CompletionKind::WordsNoSpace: text = "words-nospace\n"; break;
    case CompletionKind::Files: text = "files\n"; break;
    case CompletionKind::Dirs: text = "dirs\n"; break;
  }
  for (const std::string& w : completion.words) text += w + "\n";
  return text;
}

}  // namespace rt::cli
