#include "games/registry.h"

#include "games/go_wacky/game.h"
#include "games/racesmack/game.h"
#include "games/rc_racer/game.h"
#include "games/scrap_racer/game.h"
#include "games/wacky_races/game.h"

namespace rt {

void register_builtin_games(Registry& registry) {
  registry.add(go_wacky::entry());
  registry.add(rc_racer::entry());
  registry.add(wacky_races::entry());
  registry.add(racesmack::entry());
  registry.add(scrap_racer::entry());
}

const Registry& builtin_registry() {
  static const Registry registry = [] {
    Registry r;
    register_builtin_games(r);
    return r;
  }();
  return registry;
}

}  // namespace rt
