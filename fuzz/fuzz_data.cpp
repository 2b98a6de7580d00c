// libFuzzer target: every game's data loader must refuse any bytes cleanly.
// The first byte picks the game and the file; the rest replaces that file.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/data.h"
#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  static const std::vector<std::string> files = [] {
    std::vector<std::string> out;
    unsigned long count = 0;
    const rt::EmbeddedFile* f = rt::embedded_files(count);
    for (unsigned long i = 0; i < count; ++i) out.emplace_back(f[i].path);
    return out;
  }();
  const std::string& path = files[data[0] % files.size()];
  const std::string game_id = path.substr(0, path.find('/'));
  const rt::GameEntry* entry = rt::builtin_registry().find(game_id);
  if (!entry) return 0;
  rt::Options options;
  options.players = entry->info.min_players;
  const auto source =
      rt::DataSource::overlay({{path, std::string(reinterpret_cast<const char*>(data) + 1, size - 1)}});
  try {
    auto game = rt::builtin_registry().create(game_id, options, source);
    auto state = game->new_initial_state();
    (void)state->check_invariants();
  } catch (const rt::UserError&) {
  }
  return 0;
}
