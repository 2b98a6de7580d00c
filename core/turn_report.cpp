#include "core/turn_report.h"

#include <algorithm>

#include "core/timed_contests.h"

namespace rt {
namespace {

// The player an event of type "turn" names, or kEveryone.
PlayerId turn_of(const Event& e) {
  if (e.type != "turn") return kEveryone;
  for (const EventField& f : e.fields)
    if (f.name == "player")
      if (const auto* v = std::get_if<std::int64_t>(&f.value)) return static_cast<PlayerId>(*v);
  return kEveryone;
}

}  // namespace

void TurnReport::add(const Event& e) {
  if (!shown_to(e.audience, owner_)) return;
  lines_.push_back(e.text);
  if (lines_.size() > kLines) lines_.erase(lines_.begin());
}

void TurnReport::end_turn() {
  if (pending()) ended_ = lines_;
  owner_ = kEveryone;
  chance_spoke_ = false;
  lines_.clear();
}

void TurnReport::note_step(const Table& table, const Step& step, const std::vector<Event>& events) {
  // A timed contest says its own result.
  if (contest_running(table.state()) || timed(table.state())) {
    owner_ = kEveryone;
    lines_.clear();
    return;
  }
  const bool person = step.player >= 0 && step.player < table.seats().size() &&
                      table.seats()[step.player].kind == SeatKind::Human;
  if (person) {
    if (step.player != owner_) {
      end_turn();
      owner_ = step.player;
    }
    // A new decision: what came before it the person has seen at the question.
    chance_spoke_ = false;
    lines_.clear();
  } else if (step.player == kChance && owner_ != kEveryone) {
    chance_spoke_ = true;
  } else if (step.player != kChance) {
    end_turn();  // another seat acted: the turn was over before this step
    return;
  }
  if (owner_ == kEveryone) return;
  for (const Event& e : events) {
    const PlayerId next = turn_of(e);
    // Another player's turn begins here: what follows is theirs.
    if (next != kEveryone && next != owner_) {
      end_turn();
      return;
    }
    add(e);
  }
}

std::vector<std::string> TurnReport::take_ended() {
  std::vector<std::string> out;
  out.swap(ended_);
  return out;
}

}  // namespace rt
