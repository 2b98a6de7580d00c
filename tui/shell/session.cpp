#include "tui/shell/session.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "core/save.h"
#include "core/seat_labels.h"
#include "core/seat_question.h"
#include "core/timed_contests.h"
#include "core/undo.h"

namespace rt::shell {

const Speed& speed_level(int level) {
  // 1 slow ... 6 instant. Level 3 gives a person time to read each move.
  static const Speed kSpeeds[kSpeedCount] = {{2000, 1}, {1300, 1}, {800, 1}, {400, 2}, {150, 4}, {0, 0}};
  return kSpeeds[std::clamp(level, 1, kSpeedCount) - 1];
}

namespace {

PaceConfig pace_config(const SessionOptions& options) {
  PaceConfig c;
  c.pace_ms = speed_level(options.speed).pace_ms;
  c.contest_rate = speed_level(options.speed).contest_rate;
  c.get_ready = !options.demo;  // nobody to get ready in a demo
  c.after_contest_ms = kAfterContestMs;
  return c;
}

}  // namespace

GameSession::GameSession(std::unique_ptr<Table> table, std::vector<Event> earlier, SessionOptions options)
    : table_(std::move(table)), options_(std::move(options)), pacer_(*table_, pace_config(options_)) {
  for (Event& e : earlier)
    log_.push_back(LogEntry{mark_computers(e.text, table_->seats()), std::move(e.rule), e.audience, 0, 0});
  fresh_from_ = log_.size();
  for (PlayerId p = 0; p < table_->seats().size(); ++p)
    if (table_->seats()[p].kind == SeatKind::Human) humans_.push_back(p);
  if (humans_.size() == 1) viewer_ = humans_.front();
  if (options_.demo) options_.save_path.clear();
  table_->set_event_sink(&events_);
  // A demo says why each computer moves (only a view of every seat shows it).
  if (options_.demo) table_->set_explaining(true);
  table_->set_step_observer([this](const Step& s) { on_step(s); });
  steps_ = static_cast<std::uint32_t>(table_->history().size());
  opened_steps_ = table_->history().size();
  saved_decisions_ = table_->history().size();
  if (contest_running(state())) report_.resume_in_contest(*table_);
}

void GameSession::set_speed(int level) {
  options_.speed = level;
  pacer_.set_speed(speed_level(level).pace_ms, speed_level(level).contest_rate);
}

int GameSession::human_rank(PlayerId seat) const {
  for (std::size_t i = 0; i < humans_.size(); ++i)
    if (humans_[i] == seat) return static_cast<int>(i);
  return -1;
}

std::vector<PlayerId> GameSession::contest_humans() const {
  std::vector<PlayerId> out;
  pacer_.contest_people(out);
  return out;
}

Tick GameSession::view_tick(Millis real) const {
  return pacer_.view_tick(real);
}

bool GameSession::visible(const LogEntry& e) const {
  // A race played back picture by picture is told as it is shown.
  if (pacer_.line_waits(e.step, e.picture, pictured_step_, last_real_)) return false;
  if (e.audience == kEveryone) return true;
  if (omniscient()) return shown_to(e.audience, kEveryone);
  return phase_ != Phase::PassDevice && shown_to(e.audience, viewer_ == kEveryone ? kPublic : viewer_);
}

void GameSession::on_step(const Step& step) {
  ++steps_;
  // A person reads a computer's name as a computer's, in the log and the result it holds.
  for (Event& e : events_) e.text = mark_computers(e.text, table_->seats());
  report_.note_step(*table_, events_);
  hold_turn_result(step);
  bool any_public = false;
  for (Event& e : events_) {
    any_public = any_public || is_public(e.audience);
    log_.push_back(LogEntry{std::move(e.text), std::move(e.rule), e.audience, steps_, e.picture});
  }
  events_.clear();
  if (presenter().view_frames(state()) > 0) pictured_step_ = steps_;
  pacer_.note_step(step, any_public);
}

std::vector<std::string> GameSession::contest_result() const {
  if (phase_ == Phase::Over) return {};
  if (pacer_.showing_result(last_real_)) return report_.lines();
  return {};
}

std::vector<std::string> GameSession::turn_result() const {
  if (pacer_.showing_result(last_real_) || !showing_turn_result(last_real_)) return {};
  return turn_lines_;
}

void GameSession::enter_human_turn(PlayerId who) {
  const bool changed_person = asked_ != who || phase_ != Phase::HumanTurn;
  asked_ = who;
  if (secret_hands() && viewer_ != who) {
    // A forced move that shows nothing of the hand is made in front of
    // everyone: no hand-over, and the board stays everyone's view.
    if (forced_and_public(presenter(), state(), who)) {
      viewer_ = kEveryone;
      phase_ = Phase::HumanTurn;
      if (changed_person) save();
      return;
    }
    phase_ = Phase::PassDevice;
    return;
  }
  viewer_ = who;
  phase_ = Phase::HumanTurn;
  if (changed_person) save();
}

bool GameSession::asks_someone_else(PlayerId viewer) const {
  const Turn turn = state().turn();
  if (turn == Turn::Over) return true;
  if (turn != Turn::Player && turn != Turn::Simultaneous) return false;  // chance: still the viewer's turn
  std::vector<PlayerId> who;
  state().actors(who);
  return std::any_of(who.begin(), who.end(), [&](PlayerId p) { return p != viewer; });
}

bool GameSession::follow_pacer() {
  const PacePhase pace = pacer_.phase();
  // Everyone is at the keyboard in a contest: no hand on show.
  if (secret_hands() && (pacer_.contests_opened() != contests_seen_ || pace == PacePhase::GetReady ||
                         pace == PacePhase::Contest))
    viewer_ = kEveryone;
  contests_seen_ = pacer_.contests_opened();
  // A hand shows from its owner's pass page until the game asks anyone else
  // (a computer, another human, a contest) or ends: the others are back at
  // the screen by then.
  if (secret_hands() && viewer_ != kEveryone && pace != PacePhase::People && asks_someone_else(viewer_))
    viewer_ = kEveryone;
  const Phase before = phase_;
  const PlayerId asked_before = asked_;
  switch (pace) {
    case PacePhase::Over:
      if (phase_ != Phase::Over) {
        phase_ = Phase::Over;
        save();
      }
      break;
    case PacePhase::People:
      table_->humans_to_act(waiting_);
      if (!waiting_.empty()) enter_human_turn(waiting_.front());
      break;
    case PacePhase::Computers: phase_ = Phase::Computers; break;
    case PacePhase::GetReady: phase_ = Phase::GetReady; break;
    case PacePhase::Contest: phase_ = Phase::Contest; break;
  }
  return before != phase_ || asked_before != asked_;
}

bool GameSession::update(Millis real) {
  if (pacer_.paused()) return false;
  const bool was_showing = pacer_.showing_result(last_real_) || showing_turn_result(last_real_);
  last_real_ = real;
  const bool changed = pacer_.update(real);
  const int picture = pacer_.picture(real);
  const bool new_picture = picture != last_picture_;
  last_picture_ = picture;
  return follow_pacer() || changed || new_picture ||
         was_showing != (pacer_.showing_result(real) || showing_turn_result(real));
}

Millis GameSession::wake_at(Millis real) const {
  // The pacer waits for people; so does a hot-seat hand-over.
  if (phase_ == Phase::PassDevice || phase_ == Phase::HumanTurn) return kNever;
  return pacer_.wake_at(real);
}

bool GameSession::choose(PlayerId player, Action action, Millis real) {
  if (phase_ != Phase::HumanTurn || player != asked_) return false;
  if (!state().is_legal(player, action)) return false;
  pacer_.decide(player, action, real);
  fresh_from_ = log_.size();
  phase_ = Phase::Computers;
  update(real);
  return true;
}

ContestAnswer GameSession::contest_act(PlayerId player, Action action, Millis real) {
  if (phase_ != Phase::Contest) return ContestAnswer::NotYet;
  const ContestAnswer answer = pacer_.contest_act(player, action, real);
  if (answer == ContestAnswer::NotYet) return answer;
  update(real);
  return answer;
}

void GameSession::confirm_pass(Millis real) {
  if (phase_ != Phase::PassDevice) return;
  viewer_ = asked_;
  phase_ = Phase::HumanTurn;
  fresh_from_ = log_.size();
  save();
  update(real);
}

std::string GameSession::undo_blocked() const {
  if (options_.demo) return "No undo in a demo.";
  if (phase_ != Phase::HumanTurn) return "Undo works when it is your turn.";
  const UndoCheck check = check_undo(*table_, asked_);
  if (!check.ok()) return check.why_not;
  if (check.keep < opened_steps_) return "Not before this game was resumed.";
  return {};
}

std::string GameSession::undo(Millis real) {
  if (std::string why_not = undo_blocked(); !why_not.empty()) return why_not;
  const PlayerId person = asked_;
  const UndoCheck check = check_undo(*table_, person);
  const Step taken = table_->history()[check.keep];
  // Its words are those of the position it was made in: read them before the rewind.
  table_->rewind(check.keep);
  // The option's name, without the explanation some labels carry after ": ".
  std::string what = presenter().action_label(state(), taken.player, taken.action);
  if (const auto colon = what.find(": "); colon != std::string::npos) what.resize(colon);
  if (!what.empty() && what.back() == '.') what.pop_back();
  steps_ = static_cast<std::uint32_t>(check.keep);
  std::erase_if(log_, [&](const LogEntry& e) { return e.step > check.keep; });
  note(fmt::format("{} takes back: {}.", table_->seats()[person].name, what));
  fresh_from_ = log_.size() - 1;
  update(real);
  save();
  return {};
}

HintReply GameSession::hint() {
  if (options_.demo) return HintReply{std::nullopt, "No hints in a demo."};
  if (phase_ != Phase::HumanTurn)
    return HintReply{std::nullopt, "A hint is for your move: ask on your turn."};
  HintReply reply = ask_hint(*table_, asked_);
  // The record must say so even if the game ends here (a crash, a hang-up).
  if (reply.hint) save();
  return reply;
}

void GameSession::pause(Millis real) {
  pacer_.pause(real);
}

void GameSession::resume(Millis real) {
  pacer_.resume(real);
}

void GameSession::skip(Millis real) {
  if (pacer_.paused()) return;
  turn_until_ = std::min(turn_until_, real);
  pacer_.skip(real);
  update(real);
}

bool GameSession::nothing_played() const {
  const auto& h = table_->history();
  return std::none_of(h.begin(), h.end(), [](const Step& s) { return s.player >= 0; });
}

std::string GameSession::save() {
  if (options_.save_path.empty()) return {};
  if (nothing_played()) {
    std::error_code ec;
    std::filesystem::remove(options_.save_path, ec);
    saved_decisions_ = table_->history().size();
    save_problem_.clear();
    return {};
  }
  try {
    write_file_atomically(options_.save_path, save_text(*table_));
    saved_decisions_ = table_->history().size();
    save_problem_.clear();
  } catch (const std::exception& e) {
    save_problem_ = e.what();
  }
  return save_problem_;
}

}  // namespace rt::shell
