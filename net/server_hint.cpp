// A player's hint at a shared table (core/hint.h): only when the
// host allows hints (host --hints), only for the seat asked now and never in
// a timed contest. The answer goes to that player alone (a `hint` message),
// and the table's record notes it, so the save and each player's history
// say the game had hints.
#include "core/hint.h"
#include "net/server_internal.h"

namespace rt::net {

void Server::handle_hint(Client& c, Millis real) {
  auto refuse = [&](std::string why) {
    ++stats_.rejected;
    send(c, json{{"type", "notice"}, {"text", std::move(why)}});
  };
  if (c.kind != Client::Kind::Player) return refuse("watchers get no hints");
  if (!opt_.hints) return refuse("No hints at this table: its host did not allow them.");
  if (!started_) return refuse("the game has not started: waiting for players");
  const PlayerId p = c.seat;
  SeatState& seat = seats_[static_cast<std::size_t>(p)];
  if (seat.stand_in) return refuse("a computer is playing this seat");
  update(real);  // the question on screen is the one asked now
  if (table_->over()) return refuse("the game is over");
  refresh_asks();
  if (seat.hint_ask == seat.ask && !seat.hint.empty()) {
    send(c, json{{"type", "hint"}, {"text", seat.hint}, {"action", seat.hint_action}, {"ask", seat.ask}});
    return;
  }
  const HintReply reply = ask_hint(*table_, p);
  if (!reply.hint) return refuse(reply.refused);
  ++hints_given_;  // the save is due: it records the hint
  seat.hint_ask = seat.ask;
  seat.hint = reply.hint->line();
  seat.hint_action = reply.hint->action;
  send(c, json{{"type", "hint"}, {"text", seat.hint}, {"action", seat.hint_action}, {"ask", seat.ask}});
}

}  // namespace rt::net
