// What each client is shown: the status line, the screen for its seat (its
// own secrets only), the table listing, and pushing updates.
#include "net/server_internal.h"

#include "core/deal_json.h"
#include "core/presenter.h"
#include "core/seat_question.h"

#include <algorithm>

#include <fmt/format.h>

namespace rt::net {

std::string Server::seat_label(PlayerId p) const {
  return fmt::format("seat {} ({})", p + 1, table_->seats()[p].name);
}

std::string Server::phase_name() const {
  if (!started_) return "waiting";
  switch (phase_) {
    case PacePhase::Computers:
    case PacePhase::People: return "play";
    case PacePhase::GetReady: return "ready";
    case PacePhase::Contest: return "contest";
    case PacePhase::Over: return "over";
  }
  return "play";
}

std::string Server::status_line(PlayerId viewer) const {
  const auto& seats = table_->seats();
  auto name = [&](PlayerId p) { return seats[p].name; };
  if (!started_) {
    std::string free;
    for (PlayerId p = 0; p < seats_.seats(); ++p)
      if (person_seat(p) && !seats_[p].sat && !seats_[p].stand_in)
        free += fmt::format("{}{}{}{}", free.empty() ? "" : ", ", seat_label(p),
                            seats_[p].owner ? " for " + seats_[p].owner->name : std::string(),
                            stand_in_at(p) == kNever
                                ? std::string()
                                : fmt::format(" (a computer stands in after {} s)", opt_.grace_ms / 1000));
    return opt_.no_socket
               ? fmt::format("Waiting for players: {} (they join from their Tables page)", free)
               : fmt::format("Waiting for players: {} (racetable join {} --seat N)", free, opt_.name);
  }
  switch (phase_) {
    case PacePhase::Over: return fmt::format("Game over. {}", table_->state().standings().summary);
    case PacePhase::GetReady: return "Get ready!";
    case PacePhase::Contest: {
      std::vector<PlayerId> who;
      table_->humans_to_act(who);
      const bool mine = viewer >= 0 && std::find(who.begin(), who.end(), viewer) != who.end();
      return mine ? "Go! Space acts, or a number picks an option" : "Contest under way";
    }
    case PacePhase::People: {
      std::vector<PlayerId> who;
      table_->humans_to_act(who);
      std::string line;
      bool mine = false;
      std::string others;
      for (PlayerId p : who) {
        if (p == viewer) {
          mine = true;
          continue;
        }
        const SeatState& s = seats_[p];
        std::string away;
        if (s.client < 0 && !opt_.watch_only)
          away = !opt_.stand_in ? " (away)" : " (away; a computer will stand in)";
        others += fmt::format("{}{}{}", others.empty() ? "" : ", ", name(p), away);
      }
      if (mine) line = "Your turn";
      if (!others.empty()) line += fmt::format("{}aiting for {}", mine ? " - also w" : "W", others);
      return line;
    }
    case PacePhase::Computers: {
      const State& st = table_->state();
      std::vector<PlayerId> who;
      st.actors(who);
      if (who.empty()) return "";
      std::string names;
      for (PlayerId p : who) names += fmt::format("{}{}", names.empty() ? "" : ", ", name(p));
      return fmt::format("{} {} thinking", names, who.size() == 1 ? "is" : "are");
    }
  }
  return "";
}

ScreenModel Server::screen_for(PlayerId viewer, int board_w, int board_h, bool unicode) {
  const Millis real = now();
  refresh_asks();
  const State& st = table_->state();
  ScreenModel s;
  s.table = opt_.name;
  s.game = table_->game().info().id;
  s.game_name = table_->game().info().name;
  s.you = viewer >= 0 ? viewer : -1;
  s.phase = phase_name();
  s.status = status_line(viewer);
  if (!save_problem_.empty()) s.status = fmt::format("NOT SAVED ({}) - {}", save_problem_reason(), s.status);
  std::vector<PlayerId> actors;
  if (st.turn() == Turn::Player || st.turn() == Turn::Simultaneous) st.actors(actors);
  for (PlayerId p = 0; p < seats_.seats(); ++p) {
    const Seat& seat = table_->seats()[p];
    const SeatState& ss = seats_[p];
    SeatView v;
    v.name = seat.name;
    v.human = person_seat(p);
    v.level = v.human ? "human" : level_name(seat.level);
    v.claimed = ss.owner.has_value();
    v.connected = ss.client >= 0 || (opt_.watch_only && ss.owner);  // a mirror's people play at its host
    v.stand_in = ss.stand_in;
    v.acting = std::find(actors.begin(), actors.end(), p) != actors.end();
    v.you = p == viewer;
    v.user = ss.owner ? ss.owner->name : std::string();
    presence(p, v, real);
    s.seats.push_back(std::move(v));
  }
  for (const Placing& pl : st.standings().placings)
    if (pl.player >= 0 && pl.player < static_cast<PlayerId>(s.seats.size())) {
      SeatView& v = s.seats[static_cast<std::size_t>(pl.player)];
      v.place = pl.place;
      v.detail = pl.detail;
      v.score = brief_score(pl);
    }
  s.watchers = watchers();
  const Tick tick = view_tick(real);
  Canvas board(std::clamp(board_w, kMinBoardW, kMaxBoardW), std::clamp(board_h, kMinBoardH, kMaxBoardH),
               unicode);
  ViewContext ctx;
  ctx.viewer = viewer;
  ctx.now = tick;
  // A race played back command by command: every screen shows the same picture.
  ctx.frame = shown_picture(real);
  for (PlayerId p = 0; p < seats_.size(); ++p)
    if (!person_seat(p)) ctx.computers.add(p);
  const Presenter& shown = table_->game().presenter();
  shown.view(st, board, ctx);
  encode_board(board, s);
  s.picture = ctx.frame;
  // Who won the contest that just ended, while the table holds it (the shell's
  // Result pane). Public events and scores only: every viewer may read them.
  if (phase_ != PacePhase::Over) s.contest_result = shown_result(real);
  // The question (during "Get ready!" too, so the seat sees what is coming).
  if (viewer >= 0 && started_ &&
      (phase_ == PacePhase::People || phase_ == PacePhase::Contest || phase_ == PacePhase::GetReady)) {
    std::vector<PlayerId> who;
    table_->humans_to_act(who);
    if (std::find(who.begin(), who.end(), viewer) != who.end()) {
      const SeatQuestion q = seat_question(shown, st, viewer);
      s.prompt = q.prompt;
      s.ask = seats_[viewer].ask;
      s.timed = q.timed;
      s.contest = q.contest;
      for (std::size_t i = 0; i < q.actions.size(); ++i)
        s.options.push_back(OptionView{q.actions[i], q.labels[i]});
      s.first = q.first;
      s.arrows = q.arrows;
      for (std::size_t i = 0; i < q.directions.size(); ++i)
        if (q.directions[i]) s.directions[i] = *q.directions[i];
      s.direction_help = q.direction_help;
    }
  }
  if (phase_ == PacePhase::Over) {
    const Standings standings = st.standings();
    s.result = standings.summary;
    // The end screen reveals a committed deal's seed and salt to every seat.
    if (table_->deal().kind == DealKind::Drawn)
      s.result += fmt::format(" ({}.)", deal_words(table_->seed(), table_->deal(), true));
    s.non_seat_winner = standings.non_seat_winner;
    for (const auto& pl : standings.placings)
      s.placings.push_back(PlacingView{pl.place, table_->seats()[pl.player].name, pl.detail});
  }
  return s;
}

json Server::table_info(const Client& c) const {
  const GameInfo& gi = table_->game().info();
  json j{{"type", "info"},      {"protocol", kProtocolVersion}, {"table", opt_.name},
         {"host", host_name()}, {"code", !opt_.code.empty()},   {"pid", static_cast<long>(::getpid())}};
  (void)c;
  j["game"] = gi.id;
  j["game_name"] = gi.name;
  j["phase"] = phase_name();
  json seats = json::array();
  for (PlayerId p = 0; p < seats_.seats(); ++p) {
    const Seat& seat = table_->seats()[p];
    seats.push_back(json{{"name", seat.name},
                         {"human", person_seat(p)},
                         {"level", std::string(person_seat(p) ? "human" : level_name(seat.level))},
                         {"claimed", seats_[p].owner.has_value()},
                         {"connected", seats_[p].client >= 0 || (opt_.watch_only && seats_[p].owner)},
                         {"stand_in", seats_[p].stand_in},
                         {"user", seats_[p].owner ? seats_[p].owner->name : std::string()}});
  }
  j["seats"] = std::move(seats);
  j["watchers"] = watchers();
  if (opt_.watch_only) j["watch_only"] = true;
  // Who may come, as the host chose it (the names are not listed: only
  // whether one is among them, which each asker learns at its hello).
  if (!opt_.watchers) j["watch"] = false;
  if (!opt_.invited.empty()) j["invited"] = true;
  if (opt_.move_time_ms > 0) j["move_time"] = opt_.move_time_ms / 1000;
  if (opt_.game_time_ms > 0) j["game_time"] = opt_.game_time_ms / 60000;  // minutes
  // The commitment from the start (or the seed the host chose), the seed and salt once it is over.
  if (table_->deal().kind != DealKind::Unstated)
    j["deal"] = deal_json(table_->seed(), table_->deal(), table_->over());
  return j;
}

Server::ListingState Server::listing_state() const {
  ListingState out;
  out.phase = phase_name();
  out.seats.reserve(static_cast<std::size_t>(seats_.seats()));
  for (PlayerId p = 0; p < seats_.seats(); ++p) {
    const Seat& seat = table_->seats()[p];
    out.seats.push_back(ListedSeatState{seat.name, person_seat(p), seat.level, seats_[p].owner,
                                        seats_[p].client >= 0 || (opt_.watch_only && seats_[p].owner),
                                        seats_[p].stand_in});
  }
  out.watchers = watchers();
  out.over = table_->over();
  return out;
}

void Server::push(Client& c, Millis real, bool force) {
  if (c.dead || (c.kind != Client::Kind::Player && c.kind != Client::Kind::Watcher)) return;
  const PlayerId viewer = c.kind == Client::Kind::Player ? c.seat : kEveryone;
  if (c.log_pos < log_.size()) {
    json lines = json::array();
    for (; c.log_pos < log_.size() && !line_waits(log_[c.log_pos], real); ++c.log_pos) {
      const LogEntry& e = log_[c.log_pos];
      if (!shown_to(e.audience, viewer == kEveryone ? kPublic : viewer)) continue;
      // "mine": a line private to this seat (its own card drawn, a card taken
      // from it). A watcher gets the public form of such lines (shown_to),
      // never marked as its own.
      const bool mine = viewer != kEveryone && addressed_to(e.audience, viewer);
      lines.push_back(mine ? json{{"text", e.text}, {"rule", e.rule}, {"mine", true}}
                           : json{{"text", e.text}, {"rule", e.rule}});
    }
    if (!lines.empty()) send(c, json{{"type", "log"}, {"lines", std::move(lines)}});
  }
  // Before the end screen, so a client that stops at the end has its copy.
  if (phase_ == PacePhase::Over) send_finished_game(c);
  if (c.dead) return;
  ScreenModel model = screen_for(viewer, c.board_w, c.board_h, c.unicode);
  if (!force && c.screen_sent && model == c.last_screen) return;
  const std::string body = dump(to_json(model));
  ++stats_.screens;
  stats_.screen_bytes += body.size() + 4;
  send_raw(c, frame_body(body));
  c.last_screen = std::move(model);
  c.screen_sent = true;
}

void Server::push_all(Millis real) {
  const bool frame_due = phase_ == PacePhase::Contest && real - last_frame_ >= opt_.frame_ms;
  if (!changed_ && !frame_due) {
    // Newly seated clients still get their first screen.
    for (auto& c : clients_)
      if (!c->screen_sent) push(*c, real, false);
    return;
  }
  if (frame_due) last_frame_ = real;
  changed_ = false;
  for (auto& c : clients_) push(*c, real, false);
}

}  // namespace rt::net
