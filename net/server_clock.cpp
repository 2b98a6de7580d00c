// The move clock (`host --move-time`, issue #30): a person who has not
// answered an untimed question in time has that one move played by a
// computer -- the table's stand-in level, else the game's Normal bot -- the
// way a stand-in plays a seat: the seat is a computer's for one decision,
// which the table's own driver takes and records in the history like any
// other (so a replay or a resume plays it back the same), and then the
// person's again. The log says so; the seat stays theirs.
#include <fmt/format.h>

#include "net/server_internal.h"

namespace rt::net {

Millis Server::move_deadline(std::size_t p) const {
  if (opt_.move_time_ms <= 0 || opt_.watch_only || !started_ || phase_ != PacePhase::People) return kNever;
  const SeatState& s = seats_[p];
  if (!person_seat(p) || s.answered || s.stand_in || s.clock_bot) return kNever;
  return s.asked_at + opt_.move_time_ms;
}

bool Server::check_move_clock(Millis real) {
  if (opt_.move_time_ms <= 0 || opt_.watch_only || !started_ || phase_ != PacePhase::People) return false;
  refresh_asks();
  bool changed = false;
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    if (move_deadline(p) > real) continue;
    SeatState& s = seats_[p];
    const auto seat = static_cast<PlayerId>(p);
    const BotLevel level = opt_.stand_in.value_or(BotLevel::Normal);
    table_->set_agent(seat, make_agent(table_->game(), level));
    table_->set_seat_kind(seat, SeatKind::Bot);
    s.clock_bot = true;
    say(fmt::format("time is up for {} ({} s a move): a computer ({}) plays this move; the seat stays {}",
                    seat_label(seat), opt_.move_time_ms / 1000, level_name(level),
                    s.owner ? s.owner->name + "'s" : std::string("theirs")));
    changed = true;
  }
  return changed;
}

void Server::clock_step_done(const Step& step) {
  if (step.player < 0 || step.player >= static_cast<PlayerId>(seats_.size())) return;
  SeatState& s = seats_[static_cast<std::size_t>(step.player)];
  if (!s.clock_bot) return;
  // The one move is played: the seat is its person's again (a stand-in, if
  // they are away, takes over as usual).
  s.clock_bot = false;
  s.answered = true;
  if (!s.stand_in) table_->set_seat_kind(step.player, SeatKind::Human);
}

}  // namespace rt::net
