// The server's side of the game: steps as they happen, paced by the Pacer
// (core/pacer.h, shared with the shell), and computers standing in for
// people who left.
#include "net/server_internal.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/history.h"
#include "core/presenter.h"
#include "core/private_files.h"
#include "core/save.h"
#include "net/table_files.h"

namespace rt::net {

void Server::on_step(const Step& step) {
  contest_report_.note_step(*table_, events_);
  bool any_public = false;
  // A move the clock played says so before what it did, as a forced move does.
  if (step.player >= 0 && step.player < seats_.seats() && seats_[step.player].clock_bot) {
    any_public = true;
    log_.push_back(LogEntry{clock_played_line(step.player), "clock", kEveryone, table_->history().size(), 0});
    for (auto& c : clients_)
      if (!c->dead && c->kind == Client::Kind::Player && c->seat == step.player)
        send(*c, json{{"type", "notice"}, {"text", "Time: a computer played for you"}});
  }
  for (Event& e : events_) {
    any_public = any_public || is_public(e.audience);
    log_.push_back(
        LogEntry{std::move(e.text), std::move(e.rule), e.audience, table_->history().size(), e.picture});
  }
  events_.clear();
  clock_step_done(step);
  if (table_->game().presenter().view_frames(table_->state()) > 0) pictured_step_ = table_->history().size();
  pacer_.note_step(step, any_public);
  changed_ = true;
}

bool Server::line_waits(const LogEntry& e, Millis real) const {
  if (!opt_.watch_only) return pacer_.line_waits(e.step, e.picture, pictured_step_, real);
  // A mirror's pictures are the ones its game shows.
  return mirror_.picture >= 0 &&
         (e.step > pictured_step_ || (e.step == pictured_step_ && e.picture > mirror_.picture));
}

bool Server::live_contest() const {
  return pacer_.live_contest();
}

Tick Server::view_tick(Millis real) const {
  return opt_.watch_only ? mirror_.view_tick : pacer_.view_tick(real);
}

bool Server::update(Millis real) {
  bool changed = false;
  if (!started_) {
    // A seat a computer stands in for is taken: at a resumed table, its
    // person not back after the grace period.
    for (PlayerId p = 0; p < seats_.seats(); ++p)
      if (person_seat(p) && !seats_[p].sat && !seats_[p].stand_in) return false;
    started_ = true;
    people_since_ = real;  // waiting for the players costs nobody's game clock anything
    pacer_.hold_until(real + opt_.pace_ms / 2);
    say(table_->history().empty() ? "every seat is taken: the game starts"
                                  : "every seat is taken: the game goes on");
    changed = true;
  }
  // A mirror never moves its table: the game it copies paces itself.
  if (!opt_.watch_only) changed = pacer_.update(real) || changed;
  // A race's next picture, or a contest's result coming or going, is a new screen.
  const int picture = shown_picture(real);
  const bool result = result_showing(real);
  if (picture != picture_shown_ || result != result_shown_) changed = true;
  picture_shown_ = picture;
  result_shown_ = result;
  const PacePhase before = phase_;
  phase_ = opt_.watch_only ? mirror_.phase : pacer_.phase();
  if (phase_ == PacePhase::People && before != PacePhase::People) people_since_ = real;
  if (phase_ == PacePhase::Over && before != PacePhase::Over) {
    over_since_ = real;
    say(fmt::format("game over: {}", table_->state().standings().summary));
    // The seed and salt behind the commitment every seat saw (core/deal.h).
    if (const std::string deal = deal_words(table_->seed(), table_->deal(), true);
        table_->deal().kind == DealKind::Drawn) {
      say(deal);
      log_.push_back(LogEntry{deal, "deal", kEveryone, table_->history().size(), 0});
    }
    record_history();
  }
  if (check_move_clock(real)) changed = true;  // a computer plays it at the next update
  if (presence_moved(real)) changed = true;    // someone went away, a minute more since one dropped
  return changed || before != phase_;
}

// The host's history (core/history.h): the seats its own user sat at are "you".
std::string Server::keep_copy(const std::string& dir, const SeatOwner& owner) {
  std::string path;
  try {
    // No seed in the name: it is the host's own file name's pattern.
    path = write_new_file(dir, fmt::format("{}-table-{}", table_->game().info().id, opt_.name), "save",
                          save_text());
  } catch (const std::exception& e) {
    const std::string problem = e.what();
    const auto colon = problem.rfind(": ");
    say(fmt::format("this game was not saved for {}: {}", owner.name,
                    colon == std::string::npos ? problem : problem.substr(colon + 2)));
    return {};
  }
  return path;
}

void Server::send_finished_game(Client& c) {
  // The SSH server's players get their copies from the table process
  // (history_dir_of), and a mirror's game is saved where it is played.
  if (opt_.watch_only || opt_.history_dir_of || c.dead || c.kind != Client::Kind::Player || c.seat < 0)
    return;
  const SeatOwner who = identity(c);
  // The host's own seats are in the host's history already (record_history).
  if (!opt_.history_dir.empty() && who.is_uid(host_uid_)) return;
  if (std::any_of(finished_sent_.begin(), finished_sent_.end(),
                  [&](const SeatOwner& o) { return o.same_person(who); }))
    return;
  finished_sent_.push_back(who);
  const std::string text = save_text();
  if (text.size() > kMaxFinishedSave) {
    say(fmt::format("the finished game was not sent to {}: its save is {} bytes (a table sends at most {})",
                    who.name, text.size(), kMaxFinishedSave));
    send(c, json{{"type", "notice"},
                 {"text", fmt::format("NOT SAVED for you: this game's save is {} bytes, more than a table "
                                      "sends ({}): ask the host for it",
                                      text.size(), kMaxFinishedSave)}});
    return;
  }
  json lines = json::array();
  for (std::size_t from = 0; from < text.size();) {
    const std::size_t end = std::min(text.find('\n', from), text.size());
    lines.push_back(text.substr(from, end - from));
    from = end + 1;
  }
  json yours = json::array();
  for (PlayerId p = 0; p < seats_.seats(); ++p)
    if (seats_[p].owner && seats_[p].owner->same_person(who)) yours.push_back(p + 1);
  send(c, json{{"type", "finished"}, {"save", std::move(lines)}, {"seats", std::move(yours)}});
}

void Server::record_history() {
  if (opt_.history_dir_of) {
    // Each person's own history (the SSH server's players): their seats are "you".
    std::vector<SeatOwner> done;
    for (PlayerId p = 0; p < seats_.seats(); ++p) {
      const auto& owner = seats_[p].owner;
      if (!owner ||
          std::any_of(done.begin(), done.end(), [&](const SeatOwner& o) { return o.same_person(*owner); }))
        continue;
      done.push_back(*owner);
      const std::string dir = opt_.history_dir_of(*owner);
      if (dir.empty()) continue;
      std::vector<PlayerId> you;
      for (PlayerId q = 0; q < seats_.seats(); ++q)
        if (seats_[q].owner && seats_[q].owner->same_person(*owner)) you.push_back(q);
      const std::string copy = keep_copy(dir, *owner);
      const std::string problem = append_history(
          dir, finished_game_record(*table_, std::time(nullptr), copy, opt_.name, you, controllers()));
      if (!problem.empty())
        say(fmt::format("this game was not added to {}'s history: {}", owner->name, problem));
    }
    return;
  }
  if (opt_.history_dir.empty()) return;
  std::vector<PlayerId> you;
  for (PlayerId p = 0; p < seats_.seats(); ++p)
    if (seats_[p].owner && seats_[p].owner->is_uid(host_uid_)) you.push_back(p);
  const std::string problem = append_history(
      opt_.history_dir,
      finished_game_record(*table_, std::time(nullptr), opt_.save_path, opt_.name, you, controllers()));
  if (problem.empty()) return;
  // Everyone is told, in the system's words: never the host's path.
  const auto colon = problem.rfind(": ");
  say("this game was not added to the host's history: " +
      (colon == std::string::npos ? problem : problem.substr(colon + 2)));
}

Millis Server::wake_at(Millis real) const {
  Millis wake = started_ && !opt_.watch_only ? pacer_.wake_at(real) : kNever;
  // A mirror's live contest: its watchers' frames.
  if (opt_.watch_only && phase_ == PacePhase::Contest) wake = std::max(real, last_frame_ + opt_.frame_ms);
  for (PlayerId p = 0; p < seats_.seats(); ++p) wake = std::min(wake, stand_in_at(p));
  for (const auto& c : clients_)
    if (c->kind == Client::Kind::Hello) wake = std::min(wake, c->since + opt_.hello_timeout_ms);
  // Closing time: nobody left, or the game over for long enough.
  if (opt_.idle_ms > 0 && connected() == 0) wake = std::min(wake, empty_since_ + opt_.idle_ms);
  if (phase_ == PacePhase::Over && !opt_.watch_only) wake = std::min(wake, over_since_ + opt_.linger_ms);
  if (const Millis counts = repeated_.next_due(); counts >= 0) wake = std::min(wake, counts);
  return std::min(wake, presence_due(real));
}

Millis Server::stand_in_at(PlayerId p) const {
  const SeatState& s = seats_[p];
  if (!opt_.stand_in || opt_.watch_only || !person_seat(p) || s.client >= 0 || s.stand_in || table_->over() ||
      phase_ == PacePhase::Over)
    return kNever;
  if (!s.sat) {
    // A new game waits for its players; a resumed one (a seat someone had,
    // or moves played) waits only for the grace period, and only once a
    // person is back: a table nobody came back to plays nothing.
    if (!s.owner && table_->history().empty()) return kNever;
    if (!started_ && !anyone_seated()) return kNever;
  } else if (!started_) {
    return kNever;  // sat and left before the start: the start waits for nobody
  }
  return s.away_since + opt_.grace_ms;
}

bool Server::anyone_seated() const {
  return std::any_of(seats_.begin(), seats_.end(), [](const SeatState& s) { return s.client >= 0; });
}

void Server::check_stand_ins(Millis real) {
  for (PlayerId p = 0; p < seats_.seats(); ++p) {
    SeatState& s = seats_[p];
    if (real < stand_in_at(p)) continue;
    // The time its person was asked and away is theirs; the computer's is nobody's.
    charge_game_clock(p, real);
    s.stand_in = true;
    table_->set_agent(p, make_agent(table_->game(), *opt_.stand_in));
    table_->set_seat_kind(p, SeatKind::Bot);
    say(fmt::format("a computer ({}) plays {} until its player is back", level_name(*opt_.stand_in),
                    seat_label(p)));
    changed_ = true;
  }
}

std::string Server::free_seat(PlayerId seat) {
  if (opt_.watch_only || seat < 0 || seat >= seats_.seats())
    return fmt::format("there is no seat {}", seat + 1);
  SeatState& s = seats_[seat];
  if (!person_seat(seat)) return fmt::format("{} is a computer's", seat_label(seat));
  if (table_->over()) return "the game is over";
  if (!s.owner) return fmt::format("{} is free already", seat_label(seat));
  if (s.client >= 0)
    return fmt::format("{} is at {}: only the seat of a player who is away can be freed", s.owner->name,
                       seat_label(seat));
  const std::string line = fmt::format("{} was {}'s; freed by the host", seat_label(seat), s.owner->name);
  s.owner.reset();
  ++seats_freed_;
  say(line);
  log_.push_back(LogEntry{line, "seat", kEveryone, table_->history().size(), 0});
  changed_ = true;
  save_if_changed();
  return {};
}

void Server::refresh_asks() {
  std::vector<PlayerId> asked;
  table_->humans_to_act(asked);
  const State& st = table_->state();
  for (PlayerId p : asked) {
    SeatState& s = seats_[p];
    legal_.clear();
    st.legal_actions(p, legal_);
    std::string sig = table_->game().presenter().prompt(st, p);
    for (Action a : legal_) sig += fmt::format("\x1f{}", a);
    if (s.answered || sig != s.asked) {
      // The move clock runs from a new question, not from a rejoin's fresh number.
      if (sig != s.asked || s.asked_step != table_->history().size()) {
        s.asked_at = now();
        s.asked_step = table_->history().size();
      }
      ++s.ask;
      s.asked = std::move(sig);
      s.answered = false;
    }
  }
}

void Server::leave_seat(Client& c, Millis real) {
  if (c.kind != Client::Kind::Player || c.seat < 0) return;
  SeatState& s = seats_[c.seat];
  if (s.client == c.id) {
    s.client = -1;
    s.away_since = real;
    changed_ = true;
  }
}

}  // namespace rt::net
