// Requests from clients: hello (sit down, watch or ask for the listing)
// and act (a decision for the seat the connection holds).
#include "net/server_internal.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/deal_json.h"

namespace rt::net {

void Server::handle_hello(Client& c, const json& msg, Millis real) {
  const Hello h = read_hello(msg);
  if (answered_without_joining(c, h, real)) return;
  c.board_w = h.board_w;
  c.board_h = h.board_h;
  c.unicode = h.unicode;
  bool claimed = false;
  if (h.role == Role::Watch) {
    c.kind = Client::Kind::Watcher;
    say_peer(c, PeerLine::Watching, fmt::format("{} watches", who(c)));
  } else {
    const int p = seat_for(c, h);
    if (p < 0) return;
    claimed = sit_down(c, static_cast<PlayerId>(p), real);
  }
  ever_joined_ = true;
  changed_ = true;
  // A seat taken for the first time is on disk before its player hears it
  // is theirs: a server killed a moment later still knows whose it is.
  if (claimed)
    save_now();
  else
    save_if_changed();
  send_welcome(c, real);
}

bool Server::answered_without_joining(Client& c, const Hello& h, Millis real) {
  if (h.protocol != kProtocolVersion) {
    refuse(c,
           fmt::format("protocol version {} is not spoken here: this server speaks version {} (racetable {})",
                       h.protocol, kProtocolVersion, RACETABLE_VERSION),
           "version");
    return true;
  }
  // The listing is public to whoever may connect (nothing secret in it): no
  // code is asked for it, and one sent with it is not checked (no guessing here).
  if (h.role == Role::Info) {
    send(c, table_info(c));
    c.kind = Client::Kind::Info;
    c.close_after_flush = true;
    flush(c);
    return true;
  }
  // No code given is not a guess; a wrong one is, and so is one given too soon after it.
  const CodeCheck code = opt_.code.empty() ? CodeCheck::Right
                         : h.code.empty()  ? CodeCheck::Wrong
                                           : check_code(c, h.code, real);
  if (code != CodeCheck::Right) {
    if (code == CodeCheck::Throttled)
      refuse(c, "too many wrong join codes: wait a little and try again", "throttled");
    else
      refuse(c, h.code.empty() ? "this table needs a join code (--code)" : "wrong join code", "code");
    return true;
  }
  // A guest keeps no name: never the invited player of that name.
  const bool guest = c.key && is_guest_owner(*c.key);
  if (!opt_.invited.empty() && !is_host(c) &&
      (guest || std::find(opt_.invited.begin(), opt_.invited.end(), c.user) == opt_.invited.end())) {
    refuse(c,
           fmt::format("this table is for the players its host invited, and {} is not one of them", c.user),
           "not-invited");
    return true;
  }
  if (h.role == Role::Watch && !opt_.watchers) {
    refuse(c, "the host lets nobody watch this table", "no-watchers");
    return true;
  }
  if (opt_.watch_only && h.role != Role::Watch) {
    refuse(c, "this game is open to watchers only: join it with --watch", "watch-only");
    return true;
  }
  if (h.role == Role::Watch && removed_watcher(c)) {
    refuse(c, "the host removed you from this table", "removed");
    return true;
  }
  // Watchers are many people's, a table's connections few: each user
  // watches from a few at most, so watchers never fill the table.
  if (h.role == Role::Watch && !is_host(c) && watching(peer_of(c)) >= opt_.max_watchers_per_user) {
    refuse(c,
           fmt::format("you watch this table from {} connections already (at most {} per person): close one "
                       "first",
                       opt_.max_watchers_per_user, opt_.max_watchers_per_user),
           "busy");
    return true;
  }
  return false;
}

int Server::seat_for(Client& c, const Hello& h) {
  const auto& seats = table_->seats();
  const int n = seats.size();
  int p = -1;
  if (h.seat > 0) {
    p = h.seat - 1;
    if (p >= n) {
      refuse(c, fmt::format("there is no seat {}: this table has {} seats", h.seat, n), "seat");
      return -1;
    }
    const Seat& seat = seats[p];
    const SeatState& s = seats_[p];
    if (!person_seat(p)) {
      refuse(c, fmt::format("seat {} is a computer ({}, {})", h.seat, seat.name, level_name(seat.level)),
             "seat");
      return -1;
    }
    const std::string holder = s.owner ? s.owner->name : std::string();
    // Several logins of one person racing for a seat: one wins, the
    // others are told so rather than sent back in silence.
    if (s.client >= 0 && s.owner && s.owner->same_person(identity(c))) {
      refuse(c, fmt::format("seat {} is taken: another login of yours sat down there first", h.seat),
             "taken");
      return -1;
    }
    if (s.client >= 0) {
      refuse(
          c,
          fmt::format("seat {} is taken: {} is playing {} (watch with --watch)", h.seat, holder, seat.name),
          "taken");
      return -1;
    }
    // A seat is its first sitter's for the whole game, across a restart of
    // the server too (the save keeps the owner): the host does not take it either.
    if (s.owner && !s.owner->same_person(identity(c))) {
      refuse(c, fmt::format("seat {} belongs to {}", h.seat, holder), "seat");
      return -1;
    }
    return p;
  }
  for (int k = 0; k < n && p < 0; ++k)
    if (person_seat(k) && !seats_[k].owner) p = k;
  for (int k = 0; k < n && p < 0; ++k) {
    const SeatState& s = seats_[k];
    if (person_seat(k) && s.owner && s.client < 0 && s.owner->same_person(identity(c))) p = k;
  }
  if (p < 0) refuse(c, "no free seat: every player's seat is taken (watch with --watch)", "full");
  return p;
}

bool Server::sit_down(Client& c, PlayerId seat, Millis real) {
  // The grace period of the seats nobody took since the table opened
  // runs from the first person back (net/server_play.cpp stand_in_at).
  if (!someone_back_) {
    someone_back_ = true;
    for (SeatState& other : seats_)
      if (!other.sat) other.away_since = real;
  }
  SeatState& s = seats_[seat];
  const bool back = s.owner.has_value();
  if (!back) {
    s.owner = identity(c);
    ++claims_;  // saved before the welcome
  }
  // The clock of a question still asked is charged up to now: the fresh
  // number below never shows its time as unspent.
  charge_game_clock(seat, real);
  s.sat = true;
  s.client = c.id;
  s.answered = true;  // a fresh question number for the fresh screen
  c.kind = Client::Kind::Player;
  c.seat = seat;
  if (!back) seat_takes_name(c.seat, identity(c).name);
  say_peer(c, PeerLine::Seat,
           fmt::format("{} {} {}", who(c), back ? "is back at" : "takes", seat_label(c.seat)));
  if (s.stand_in) {
    s.stand_in = false;
    s.clock_from = real;  // the game clock runs for its person again from now
    table_->set_seat_kind(c.seat, SeatKind::Human);
    say(fmt::format("the computer stands down from {}", seat_label(c.seat)));
  }
  return !back;
}

void Server::send_welcome(Client& c, Millis real) {
  json welcome{{"type", "welcome"},
               {"protocol", kProtocolVersion},
               {"server", std::string("racetable ") + RACETABLE_VERSION},
               {"table", opt_.name},
               {"game", table_->game().info().id},
               {"game_name", table_->game().info().name},
               {"host", host_name()},
               {"role", c.kind == Client::Kind::Player ? "play" : "watch"},
               {"hints", opt_.hints}};
  if (table_->deal().kind != DealKind::Unstated)
    welcome["deal"] = deal_json(table_->seed(), table_->deal(), table_->over());
  if (c.kind == Client::Kind::Player) {
    welcome["seat"] = c.seat + 1;
    welcome["name"] = table_->seats()[c.seat].name;
  }
  send(c, welcome);
  // The recent log, as much of it as this viewer may see.
  const PlayerId viewer = c.kind == Client::Kind::Player ? c.seat : kEveryone;
  std::size_t shown = 0, from = log_.size();
  while (from > 0 && shown < kLogBacklog) {
    const LogEntry& e = log_[from - 1];
    if (shown_to(e.audience, viewer == kEveryone ? kPublic : viewer)) ++shown;
    --from;
  }
  c.log_pos = from;
  c.last_key = real;
  send_talk_backlog(c);
}

Server::CodeCheck Server::check_code(const Client& c, const std::string& code, Millis real) {
  WrongCodes& w = wrong_codes_[peer_of(c)];
  if (real < w.next_try) {
    say_peer(c, PeerLine::CodeTooSoon,
             fmt::format("join code from {} not checked: {} ms too soon after a wrong one", who(c),
                         w.next_try - real));
    return CodeCheck::Throttled;
  }
  if (same_secret(opt_.code, code)) {
    wrong_codes_.erase(peer_of(c));
    return CodeCheck::Right;
  }
  ++w.count;
  // The host's own account could read the code from this process anyway: logged, not slowed.
  if (is_host(c)) w.count = 0;
  const Millis delay = w.count == 0
                           ? 0
                           : std::min<Millis>(opt_.code_delay_max_ms, static_cast<Millis>(opt_.code_delay_ms)
                                                                          << std::min(w.count - 1, 20));
  w.next_try = real + delay;
  say_peer(c, PeerLine::WrongCode,
           fmt::format("wrong join code from {}: {} wrong so far; their next is checked after {} ms", who(c),
                       w.count, delay));
  return CodeCheck::Wrong;
}

void Server::handle_act(Client& c, const json& msg, Millis real) {
  const Act a = read_act(msg);
  auto reject = [&](const std::string& why) {
    ++stats_.rejected;
    send(c, json{{"type", "notice"}, {"text", why}});
  };
  if (c.kind != Client::Kind::Player) return reject("watchers cannot act");
  if (!started_) return reject("the game has not started: waiting for players");
  if (table_->over()) return reject("the game is over");
  const PlayerId p = c.seat;
  if (seats_[p].stand_in) return reject("a computer is playing this seat");
  update(real);  // bring the table up to now (dice rolled inside a contest, ...)
  if (table_->over()) return reject("the game is over");
  State const* st = &table_->state();
  if (live_contest()) {
    if (phase_ != PacePhase::Contest) return reject("not yet: get ready");
    if (!a.timed) return reject("Too late!");
    const ContestAnswer answer = pacer_.contest_act(p, a.id, real, a.contest);
    if (answer == ContestAnswer::Busy) return;  // the die is still rolling: dropped, as at a local keyboard
    if (answer != ContestAnswer::Taken) return reject("Too late!");
  } else {
    table_->humans_to_act(waiting_);
    if (std::find(waiting_.begin(), waiting_.end(), p) == waiting_.end())
      return reject("it is not your turn");
    refresh_asks();
    if (a.timed || a.ask != seats_[p].ask)
      return reject("that answer was for an earlier question: choose again");
    if (!st->is_legal(p, a.id)) return reject("that is not one of the options");
    charge_game_clock(p, real);
    pacer_.decide(p, a.id, real);
    seats_[p].answered = true;
  }
  ++stats_.decisions;
  changed_ = true;
}

void Server::handle(Client& c, const json& msg, Millis real) {
  const std::string& type = msg["type"].get_ref<const std::string&>();
  if (c.kind == Client::Kind::Hello) {
    if (type != "hello") throw ProtocolError("the first message must be \"hello\"");
    handle_hello(c, msg, real);
    return;
  }
  if (type == "act") {
    c.last_key = real;
    handle_act(c, msg, real);
  } else if (type == "hint") {
    c.last_key = real;
    handle_hint(c, real);
  } else if (handle_talk_message(c, type, msg, real)) {
  } else if (type == "resize") {
    const Resize r = read_resize(msg);
    c.board_w = r.board_w;
    c.board_h = r.board_h;
    c.unicode = r.unicode;
    c.screen_sent = false;
  } else if (type == "ping") {
    send(c, json{{"type", "pong"}});
  } else if (type == "pong") {
  } else if (type == "leave") {
    drop(c, "left the table");
  } else if (type == "hello") {
    throw ProtocolError("\"hello\" was already said");
  } else {
    send(c, json{{"type", "error"}, {"text", fmt::format("unknown message type \"{}\" (ignored)", type)}});
  }
}

}  // namespace rt::net
