// What the table server keeps of talk (net/talk.h): the recent lines, and
// per person (a SeatOwner: a Unix account or an SSH key, never a
// connection, so opening more connections buys no more talk) their talk
// rate, whom they muted, their last nudge; the watchers the host removed.
// Internal to the server (net/server_talk.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/seat_owner.h"
#include "net/server.h"
#include "net/talk.h"

namespace rt::net {

struct Server::TalkRoom {
  struct Said {
    SeatOwner who;
    bool watcher = false;
    TalkLine line;
  };
  struct Person {
    double tokens = kTalkBurst;  // lines it may say now (refilled kTalkPerSecond a second)
    Millis tokens_at = -1;
    Millis nudged_at = -1;
    std::vector<SeatOwner> muted;
  };
  std::deque<Said> said;  // the last kTalkBacklog lines
  std::map<std::string, Person> people;
  std::vector<SeatOwner> removed;  // watchers the host sent away, for the rest of the table
  // Per seat: idle minutes, gone minutes, clock seconds and game clock seconds last shown.
  SeatVector<std::array<int, 4>> presence_shown;

  static std::string key(const SeatOwner& o) {
    return o.kind == SeatOwner::Kind::Uid ? "uid " + std::to_string(o.uid) : "key " + o.key;
  }
  Person& person(const SeatOwner& o) { return people[key(o)]; }
  bool mutes(const SeatOwner& listener, const SeatOwner& speaker) const {
    const auto it = people.find(key(listener));
    if (it == people.end()) return false;
    for (const SeatOwner& m : it->second.muted)
      if (m.same_person(speaker)) return true;
    return false;
  }
};

}  // namespace rt::net
