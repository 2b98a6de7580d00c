#include "core/game.h"

#include <fmt/format.h>

#include "core/input_limits.h"

namespace rt {

std::string Options::name(PlayerId p) const {
  if (p >= 0 && static_cast<std::size_t>(p) < names.size()) return names[static_cast<std::size_t>(p)];
  return fmt::format("P{}", p + 1);
}

void Registry::add(GameEntry entry) {
  entries_.push_back(std::move(entry));
}

const GameEntry* Registry::find(const std::string& id) const {
  for (const auto& e : entries_)
    if (e.info.id == id) return &e;
  return nullptr;
}

void validate_options(const GameInfo& info, Options& options) {
  if (options.players < info.min_players || options.players > info.max_players)
    throw OptionError(fmt::format("{} is for {} to {} players, not {}", info.name, info.min_players,
                                  info.max_players, options.players));
  for (const auto& v : options.variants) {
    bool known = false;
    for (const auto& vi : info.variants) known = known || vi.name == v;
    if (!known) {
      std::string list;
      for (const auto& vi : info.variants) list += (list.empty() ? "" : ", ") + vi.name;
      throw OptionError(fmt::format("unknown variant '{}' for {} (known: {})", excerpt(v), info.id,
                                    list.empty() ? "none" : list));
    }
  }
  for (const auto& [k, value] : options.params) {
    bool known = false;
    for (const auto& pi : info.params) known = known || pi.name == k;
    if (!known) throw OptionError(fmt::format("option '{}' does not apply to {}", excerpt(k), info.id));
  }
  if (options.names.size() > static_cast<std::size_t>(options.players))
    throw OptionError(fmt::format("{} names given for {} players", options.names.size(), options.players));
  for (int p = std::ssize(options.names); p < options.players; ++p)
    options.names.push_back(fmt::format("P{}", p + 1));
}

const GameEntry& Registry::get(const std::string& id) const {
  const GameEntry* e = find(id);
  if (!e) {
    std::string list;
    for (const auto& g : entries_) list += (list.empty() ? "" : ", ") + g.info.id;
    throw OptionError(fmt::format("unknown game '{}' (known: {})", excerpt(id), list));
  }
  return *e;
}

std::unique_ptr<Game> Registry::create(const std::string& id, Options options, const DataSource& data) const {
  const GameEntry& e = get(id);
  validate_options(e.info, options);
  return e.make(options, data);
}

}  // namespace rt
