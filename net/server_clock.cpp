// The clocks. The move clock (`host --move-time`): a person who
// has not answered an untimed question in time has that one move played by
// a computer -- the table's stand-in level, else the game's Normal bot --
// the way a stand-in plays a seat: the seat is a computer's for one
// decision, which the table's own driver takes and records in the history
// like any other (so a replay or a resume plays it back the same), and then
// the person's again. The log says so; the seat stays theirs.
//
// The game clock (`host --game-time`): each person's seat has a bank of
// time for the whole game, running down only while that seat is asked (the
// others' turns, computers, contests and the time the server was down cost
// it nothing). A real game clock would make the player lose on time; these
// games have no such rule, and a player whose every move were played at
// once by a computer would have lost their seat in all but name. So, as
// in Go's byo-yomi, a used-up bank leaves each move its overtime: the
// player plays on, quickly, and only a move that runs past it is played for
// them, as the move clock does. The banks are kept in the save's clock line.
#include <algorithm>

#include <fmt/format.h>

#include "core/save.h"
#include "net/server_internal.h"

namespace rt::net {
namespace {

bool any_clock(const ServerOptions& o) {
  return o.move_time_ms > 0 || o.game_time_ms > 0;
}

}  // namespace

Millis Server::move_deadline(PlayerId p) const {
  if (!any_clock(opt_) || opt_.watch_only || !started_ || phase_ != PacePhase::People) return kNever;
  const SeatState& s = seats_[p];
  if (!person_seat(p) || s.answered || s.stand_in || s.clock_bot) return kNever;
  Millis deadline = kNever;
  if (opt_.move_time_ms > 0) deadline = s.asked_at + opt_.move_time_ms;
  if (opt_.game_time_ms > 0) deadline = std::min(deadline, clock_start(p) + s.bank + opt_.overtime_ms);
  return deadline;
}

Millis Server::clock_start(PlayerId p) const {
  return std::max({seats_[p].asked_at, people_since_, seats_[p].clock_from});
}

bool Server::game_clock_runs(PlayerId p) const {
  if (opt_.game_time_ms <= 0 || opt_.watch_only || !started_ || phase_ != PacePhase::People) return false;
  const SeatState& s = seats_[p];
  return person_seat(p) && !s.answered && !s.stand_in && !s.clock_bot;
}

std::int64_t Server::bank_left(PlayerId p, Millis real) const {
  const SeatState& s = seats_[p];
  if (!game_clock_runs(p)) return s.bank;
  return std::max<std::int64_t>(0, s.bank - (real - clock_start(p)));
}

void Server::charge_game_clock(PlayerId p, Millis real) {
  if (!game_clock_runs(p)) return;
  SeatState& s = seats_[p];
  const std::int64_t before = s.bank;
  s.bank = bank_left(p, real);
  s.clock_from = real;
  if (before > 0 && s.bank == 0)
    say(fmt::format("{} has used up their game clock: from now on {} s a move", seat_label(p),
                    opt_.overtime_ms / 1000));
}

std::string Server::clock_save_line(Millis real) const {
  if (opt_.game_time_ms <= 0 || opt_.watch_only) return {};
  SaveFile::Clock clock;
  clock.bank_ms = opt_.game_time_ms;
  clock.overtime_ms = opt_.overtime_ms;
  clock.left_ms.resize(std::ssize(seats_));
  for (PlayerId p = 0; p < seats_.seats(); ++p) clock.left_ms[p] = person_seat(p) ? bank_left(p, real) : 0;
  return clock_line(clock);
}

bool Server::check_move_clock(Millis real) {
  if (!any_clock(opt_) || opt_.watch_only || !started_ || phase_ != PacePhase::People) return false;
  refresh_asks();
  bool changed = false;
  for (PlayerId p = 0; p < seats_.seats(); ++p) {
    if (move_deadline(p) > real) continue;
    SeatState& s = seats_[p];
    const bool per_move = opt_.move_time_ms > 0 && move_deadline(p) == s.asked_at + opt_.move_time_ms;
    charge_game_clock(p, real);
    const BotLevel level = opt_.stand_in.value_or(BotLevel::Normal);
    table_->set_agent(p, make_agent(table_->game(), level));
    table_->set_seat_kind(p, SeatKind::Bot);
    s.clock_bot = true;
    const std::string why =
        per_move ? fmt::format("{} s a move", opt_.move_time_ms / 1000)
                 : fmt::format("game clock used up, and {} s of overtime", opt_.overtime_ms / 1000);
    say(fmt::format("time is up for {} ({}): a computer ({}) plays this move; the seat stays {}",
                    seat_label(p), why, level_name(level),
                    s.owner ? s.owner->name + "'s" : std::string("theirs")));
    changed = true;
  }
  return changed;
}

std::string Server::clock_played_line(PlayerId seat) const {
  return fmt::format("Time: a computer played for {}", table_->seats()[seat].name);
}

void Server::clock_step_done(const Step& step) {
  if (step.player < 0 || step.player >= seats_.seats()) return;
  SeatState& s = seats_[step.player];
  if (!s.clock_bot) return;
  // The one move is played: the seat is its person's again (a stand-in, if
  // they are away, takes over as usual).
  s.clock_bot = false;
  s.answered = true;
  if (!s.stand_in) table_->set_seat_kind(step.player, SeatKind::Human);
}

}  // namespace rt::net
