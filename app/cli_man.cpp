#include "app/cli_man.h"

#include <functional>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/types.h"
#include "games/registry.h"

namespace rt::cli {
namespace {

// Text as roff shows it: backslashes and a leading dot escaped, `code` in
// bold. A '-' in code or starting a word is a minus sign, so that what a
// reader copies from the page runs (groff may print a plain '-' as a hyphen).
std::string roff(std::string_view text, bool all_code = false) {
  std::string out;
  bool code = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char before = i == 0 ? ' ' : text[i - 1];
    if (c == '\\') {
      out += "\\e";
    } else if (c == '\n') {
      out += ' ';  // roff fills lines itself; a line break could start a request
    } else if (c == '-' && (all_code || code || before == ' ' || before == '\n' || before == '(' ||
                            before == '-' || before == '`' || i == 0)) {
      out += "\\-";
    } else if (c == '`') {
      out += code ? "\\fR" : "\\fB";
      code = !code;
    } else {
      out += c;
    }
  }
  if (code) out += "\\fR";
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

std::string bold(std::string_view text) {
  return "\\fB" + roff(text, true) + "\\fR";
}

std::string italic(std::string_view text) {
  return "\\fI" + roff(text) + "\\fR";
}

std::string trim(std::string s) {
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// As --help lists them: hidden commands (group "") left out.
std::vector<const CLI::App*> commands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

std::vector<const CLI::Option*> positionals(const CLI::App& app) {
  return app.get_options([](const CLI::Option* o) { return o->get_positional(); });
}

// Every command's --help is said once, among the options before any command.
std::vector<const CLI::Option*> named_options(const CLI::App& app) {
  const bool top = app.get_parent() == nullptr;
  return app.get_options([top](const CLI::Option* o) {
    return !o->get_positional() && !o->get_group().empty() && (top || o->get_name() != "--help");
  });
}

// "racetable sim [OPTIONS] GAME", as the usage line of --help.
std::string usage(const CLI::App& app, const std::string& name) {
  std::string line = bold(name);
  if (!named_options(app).empty()) line += " [" + italic("OPTIONS") + "]";
  for (const CLI::Option* p : positionals(app)) {
    const std::string n = italic(p->get_name());
    line += p->get_required() ? " " + n : " [" + n + "]";
  }
  if (!commands(app).empty()) line += " [" + italic("COMMAND") + "]";
  return line;
}

// One .TP entry per option, in --help's words: name, value (`make_option_opts`),
// description.
std::string option_entries(const CLI::App& app) {
  const auto formatter = std::dynamic_pointer_cast<CLI::Formatter>(app.get_formatter());
  std::string out;
  for (const CLI::Option* p : positionals(app))
    out += fmt::format(".TP\n{}\n{}\n", italic(p->get_name()), roff(p->get_description()));
  for (const CLI::Option* o : named_options(app)) {
    std::string names = formatter ? formatter->make_option_name(o, false) : o->get_name();
    std::string value = formatter ? trim(formatter->make_option_opts(o)) : std::string();
    std::string tag;
    for (std::size_t start = 0; start <= names.size();) {
      const auto comma = std::min(names.find(',', start), names.size());
      tag += (tag.empty() ? "" : ", ") + bold(names.substr(start, comma - start));
      start = comma + 1;
    }
    if (!value.empty()) tag += " " + italic(value);
    out += fmt::format(".TP\n{}\n{}\n", tag, roff(o->get_description()));
  }
  return out;
}

// Every command with its full name ("racetable bench merge"), a command's
// own commands right after it.
void each_command(const CLI::App& app, const std::string& name,
                  const std::function<void(const CLI::App&, const std::string&)>& visit) {
  for (const CLI::App* sub : commands(app)) {
    const std::string full = name + " " + sub->get_name();
    visit(*sub, full);
    each_command(*sub, full, visit);
  }
}

std::string synopsis(const CLI::App& app) {
  std::string out = ".nf\n" + usage(app, app.get_name()) + "\n";
  each_command(app, app.get_name(),
               [&](const CLI::App& sub, const std::string& name) { out += usage(sub, name) + "\n"; });
  return out + ".fi\n";
}

std::string options(const CLI::App& app) {
  std::string out = ".SH OPTIONS\nBefore any command (\\fB\\-\\-help\\fR also after each one):\n" +
                    option_entries(app) + ".SH COMMANDS\n";
  each_command(app, app.get_name(), [&](const CLI::App& sub, const std::string& name) {
    out += fmt::format(".SS {}\n{}.\n", usage(sub, name), roff(sub.get_description()));
    out += option_entries(sub);
  });
  return out;
}

std::string games() {
  std::string out;
  for (const GameEntry& e : builtin_registry().all()) {
    const GameInfo& g = e.info;
    out += fmt::format(".TP\n{} \\(em {}, {}\\(en{} players\n{}\n", bold(g.id), roff(g.name), g.min_players,
                       g.max_players, roff(g.pitch));
    if (!g.variants.empty()) {
      std::string names;
      for (const VariantInfo& v : g.variants) names += (names.empty() ? "" : ", ") + bold(v.name);
      out += fmt::format(".br\nVariants (\\fB\\-\\-variant\\fR): {}.\n", names);
    }
    if (!g.params.empty()) {
      std::string names;
      for (const ParamInfo& p : g.params) names += (names.empty() ? "" : ", ") + bold(p.name);
      out += fmt::format(".br\nGame options (\\fB\\-\\-option\\fR \\fINAME\\fR=\\fIVALUE\\fR): {}.\n", names);
    }
  }
  return out;
}

}  // namespace

std::string man_block(const CLI::App& app, std::string_view name) {
  if (name == "synopsis") return synopsis(app);
  if (name == "options") return options(app);
  if (name == "games") return games();
  throw OptionError(fmt::format("manpage: unknown block '{}' (synopsis, options or games)", name));
}

}  // namespace rt::cli
