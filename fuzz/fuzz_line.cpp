// libFuzzer target: line mode reads any input without a crash: bad answers
// end with exit code 2, EOF ends the game cleanly.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/table.h"
#include "games/registry.h"
#include "tui/line_mode.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const auto& games = rt::builtin_registry().all();
  const rt::GameEntry& entry = games[data[0] % games.size()];
  rt::Options options;
  options.players = entry.info.min_players;
  auto game = std::shared_ptr<const rt::Game>(
      rt::builtin_registry().create(entry.info.id, options, rt::DataSource::embedded()));
  std::vector<rt::Seat> seats(static_cast<std::size_t>(options.players));
  seats[0].kind = rt::SeatKind::Human;
  seats[0].name = "Fuzz";
  rt::Table table(game, seats, 1);
  std::istringstream in(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  rt::cli::LineModeOptions lopt;
  lopt.in = &in;
  lopt.out = [](std::string_view) {};
  lopt.err = [](std::string_view) {};
  lopt.interactive = true;  // keep reading after bad answers, until EOF
  const int code = rt::cli::play_line_mode(table, lopt);
  if (code != 0 && code != 2) __builtin_trap();
  return 0;
}
