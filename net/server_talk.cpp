// Talk at the table (net/talk.h), mutes, nudges, the host removing a
// watcher, and presence: who pressed a key lately, who dropped and when.
// Talk goes to the table's log and to the people who may hear it; never
// into the save (it is not part of the game).
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "net/server_internal.h"

namespace rt::net {

namespace {

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

Server::TalkRoom& Server::room() {
  if (!talk_) talk_ = std::make_unique<TalkRoom>();
  return *talk_;
}

bool Server::removed_watcher(const Client& c) const {
  if (!talk_) return false;
  const SeatOwner who = identity(c);
  return std::any_of(talk_->removed.begin(), talk_->removed.end(),
                     [&](const SeatOwner& o) { return o.same_person(who); });
}

bool Server::handle_talk_message(Client& c, const std::string& type, const json& msg, Millis real) {
  if (type == "here") {
    // A key pressed that sent nothing else: the person is at the keyboard.
    if (c.kind == Client::Kind::Player && real - c.last_key >= opt_.away_ms) changed_ = true;
    c.last_key = real;
  } else if (type == "talk") {
    c.last_key = real;
    handle_talk(c, msg, real);
  } else if (type == "mute" || type == "unmute") {
    handle_mute(c, msg, type == "mute");
  } else if (type == "nudge") {
    c.last_key = real;
    handle_nudge(c, real);
  } else if (type == "remove") {
    handle_remove(c, msg);
  } else {
    return false;
  }
  return true;
}

void Server::handle_talk(Client& c, const json& msg, Millis real) {
  // A long line is cut, not a protocol error: the frame's own limit bounds it.
  const std::string text = talk_text(get_string(msg, "text", kMaxClientFrame));
  auto refuse_line = [&](std::string why) {
    ++stats_.talk_refused;
    send(c, json{{"type", "notice"}, {"text", std::move(why)}});
  };
  if (text.empty()) return refuse_line("Nothing was said: the line was empty");
  const SeatOwner who = identity(c);
  TalkRoom::Person& me = room().person(who);
  // A token bucket per person, not per connection.
  if (me.tokens_at >= 0)
    me.tokens = std::min<double>(
        kTalkBurst, me.tokens + static_cast<double>(real - me.tokens_at) * kTalkPerSecond / 1000.0);
  me.tokens_at = real;
  if (me.tokens < 1) {
    say_peer(c, PeerLine::TalkTooFast,
             fmt::format("talk from {} (uid {}, pid {}) refused: more than one line a second", c.user,
                         c.cred.uid, c.cred.pid));
    return refuse_line("Not said: one line a second (a few at once). Wait a moment and say it again.");
  }
  me.tokens -= 1;
  TalkRoom::Said said;
  said.who = who;
  said.watcher = c.kind != Client::Kind::Player;
  said.line.from = said.watcher ? who.name : table_->seats()[c.seat].name;
  said.line.seat = said.watcher ? 0 : c.seat + 1;
  said.line.text = text;
  ++stats_.talk_lines;
  say(fmt::format("talk: {}: {}", said.watcher ? fmt::format("{} (watching)", c.user) : seat_label(c.seat),
                  text));
  const json out{{"type", "talk"}, {"lines", json::array({to_json(said.line)})}};
  for (auto& d : clients_) {
    if (d->dead || (d->kind != Client::Kind::Player && d->kind != Client::Kind::Watcher)) continue;
    if (said.watcher && d->kind == Client::Kind::Player && !opt_.watchers_talk) continue;
    if (room().mutes(identity(*d), who)) continue;
    send(*d, out);
  }
  TalkRoom& r = room();
  r.said.push_back(std::move(said));
  if (r.said.size() > kTalkBacklog) r.said.pop_front();
}

void Server::send_talk_backlog(Client& c) {
  if (!talk_ || talk_->said.empty()) return;
  const SeatOwner me = identity(c);
  json lines = json::array();
  for (const TalkRoom::Said& s : talk_->said) {
    if (s.watcher && c.kind == Client::Kind::Player && !opt_.watchers_talk) continue;
    if (talk_->mutes(me, s.who)) continue;
    lines.push_back(to_json(s.line));
  }
  if (!lines.empty()) send(c, json{{"type", "talk"}, {"lines", std::move(lines)}});
}

void Server::handle_mute(Client& c, const json& msg, bool mute) {
  const std::string name = printable(get_string(msg, "who", 256), 64);
  // A seat's name or its owner's, or a watcher's user name.
  std::optional<SeatOwner> whom;
  for (PlayerId p = 0; p < seats_.seats() && !whom; ++p)
    if (seats_[p].owner &&
        (same_name(name, table_->seats()[p].name) || same_name(name, seats_[p].owner->name)))
      whom = seats_[p].owner;
  for (const auto& d : clients_)
    if (!whom && !d->dead && d->kind == Client::Kind::Watcher && same_name(name, identity(*d).name))
      whom = identity(*d);
  auto tell = [&](std::string text) { send(c, json{{"type", "notice"}, {"text", std::move(text)}}); };
  if (!whom) return tell(fmt::format("Nobody called '{}' is at this table", name));
  const SeatOwner me = identity(c);
  if (whom->same_person(me)) return tell("That is you");
  std::vector<SeatOwner>& muted = room().person(me).muted;
  const auto it =
      std::find_if(muted.begin(), muted.end(), [&](const SeatOwner& o) { return o.same_person(*whom); });
  if (mute && it == muted.end()) {
    muted.push_back(*whom);
    say(fmt::format("{} mutes {}", me.name, whom->name));
  } else if (!mute && it != muted.end()) {
    muted.erase(it);
    say(fmt::format("{} unmutes {}", me.name, whom->name));
  }
  tell(mute ? fmt::format("Muted {}: you no longer see their talk at this table (/unmute {})", name, name)
            : fmt::format("{}'s talk reaches you again", name));
}

void Server::handle_nudge(Client& c, Millis real) {
  auto tell = [&](std::string text) { send(c, json{{"type", "notice"}, {"text", std::move(text)}}); };
  if (c.kind != Client::Kind::Player) return tell("Watchers cannot nudge");
  std::vector<PlayerId> who;
  if (started_ && phase_ == PacePhase::People) table_->humans_to_act(who);
  std::vector<Client*> targets;
  std::string names, gone;
  for (PlayerId p : who) {
    if (p == c.seat) continue;
    const SeatState& s = seats_[p];
    const std::string& name = table_->seats()[p].name;
    Client* d = nullptr;
    for (auto& x : clients_)
      if (x->id == s.client && !x->dead) d = x.get();
    if (!d) {
      gone += fmt::format("{}{}", gone.empty() ? "" : ", ", name);
      continue;
    }
    targets.push_back(d);
    names += fmt::format("{}{}", names.empty() ? "" : ", ", name);
  }
  if (targets.empty())
    return tell(gone.empty() ? "Nobody else has to decide now: nobody to nudge"
                             : fmt::format("{} is not connected: a nudge cannot reach them", gone));
  TalkRoom::Person& me = room().person(identity(c));
  if (me.nudged_at >= 0 && real - me.nudged_at < kNudgeEveryMs)
    return tell(fmt::format("You nudged {} s ago: one nudge a minute", (real - me.nudged_at + 999) / 1000));
  me.nudged_at = real;
  ++stats_.nudges;
  const std::string& from = table_->seats()[c.seat].name;
  for (Client* d : targets) send(*d, json{{"type", "nudge"}, {"from", from}});
  say(fmt::format("{} nudges {}", seat_label(c.seat), names));
  tell(fmt::format("Nudged {}", names));
}

void Server::handle_remove(Client& c, const json& msg) {
  auto tell = [&](std::string text) { send(c, json{{"type", "notice"}, {"text", std::move(text)}}); };
  const std::string name = printable(get_string(msg, "who", 256), 64);
  if (!is_host(c)) return tell(fmt::format("Only the host ({}) can remove a watcher", host_name()));
  bool any = false;
  for (auto& d : clients_) {
    if (d->dead || d->kind != Client::Kind::Watcher || !same_name(name, identity(*d).name)) continue;
    if (is_host(*d)) return tell("You cannot remove yourself");
    const SeatOwner who = identity(*d);
    if (!removed_watcher(*d)) room().removed.push_back(who);
    send(*d,
         json{{"type", "refused"}, {"reason", "the host removed you from this table"}, {"code", "removed"}});
    flush(*d);
    drop(*d, "removed by the host");
    any = true;
  }
  if (!any) return tell(fmt::format("No watcher called '{}' is here", name));
  say(fmt::format("the host removed the watcher {} for the rest of the table", name));
  tell(fmt::format("Removed {}: they cannot watch this table again", name));
}

void Server::presence(PlayerId p, SeatView& v, Millis real) const {
  const SeatState& s = seats_[p];
  if (!person_seat(p) || opt_.watch_only) return;
  if (const Millis deadline = move_deadline(p); deadline != kNever)
    v.clock_s = static_cast<int>(std::max<Millis>(0, (deadline - real + 999) / 1000));
  if (opt_.game_time_ms > 0) v.bank_s = static_cast<int>((bank_left(p, real) + 999) / 1000);
  if (s.client < 0) {
    if (s.sat) v.gone_min = static_cast<int>((real - s.away_since) / 60000);
    return;
  }
  for (const auto& c : clients_)
    if (c->id == s.client && real - c->last_key >= opt_.away_ms)
      v.idle_min = static_cast<int>((real - c->last_key) / 60000);
}

bool Server::presence_moved(Millis real) {
  TalkRoom& r = room();
  r.presence_shown.resize(seats_.seats(), {-1, -1, -1, -1});
  bool moved = false;
  for (PlayerId p = 0; p < seats_.seats(); ++p) {
    SeatView v;
    presence(p, v, real);
    const std::array<int, 4> now{v.idle_min, v.gone_min, v.clock_s, v.bank_s};
    moved = moved || now != r.presence_shown[p];
    r.presence_shown[p] = now;
  }
  return moved;
}

Millis Server::presence_due(Millis real) const {
  if (opt_.watch_only || !started_ || phase_ == PacePhase::Over) return kNever;
  // The next minute a seat's "away" or "dropped" count changes.
  auto next_minute = [&](Millis since) { return since + 60000 * ((real - since) / 60000 + 1); };
  Millis due = kNever;
  for (PlayerId p = 0; p < seats_.seats(); ++p) {
    const SeatState& s = seats_[p];
    if (!person_seat(p)) continue;
    // The move clock's next second, and its end.
    if (const Millis deadline = move_deadline(p); deadline != kNever)
      due = std::min(due, deadline <= real ? real : deadline - 1000 * ((deadline - real - 1) / 1000));
    // The game clock's next second, while it runs.
    if (game_clock_runs(p))
      if (const Millis end = clock_start(p) + s.bank; end > real)
        due = std::min(due, end - 1000 * ((end - real - 1) / 1000));
    if (s.client < 0) {
      if (s.sat) due = std::min(due, next_minute(s.away_since));
      continue;
    }
    for (const auto& c : clients_)
      if (c->id == s.client)
        due = std::min(
            due, real < c->last_key + opt_.away_ms ? c->last_key + opt_.away_ms : next_minute(c->last_key));
  }
  return due;
}

}  // namespace rt::net
