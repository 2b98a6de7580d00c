// The game screen's keys and flow; its drawing is in play_draw.cpp.
#include "tui/shell/play_screen.h"

#include <algorithm>

#include <fmt/format.h>

#include "games/registry.h"
#include "tui/shell/contest_keys.h"
#include "tui/shell/save_notice.h"

namespace rt::shell {

PlayScreen::PlayScreen(AppContext& ctx, std::unique_ptr<GameSession> session)
    : ctx_(ctx), s_(std::move(session)) {
  pages_.assign(static_cast<std::size_t>(kSeatKeyGroups), 0);
}

std::unique_ptr<Screen> make_play_screen(AppContext& ctx, std::unique_ptr<GameSession> session) {
  return std::make_unique<PlayScreen>(ctx, std::move(session));
}

std::unique_ptr<GameSession> make_demo_session(AppContext& ctx, const std::string& game_id,
                                               const std::string& seed_text) {
  cli::TableRequest req;
  req.game = game_id;
  req.default_seat = "normal";
  req.seed_text = seed_text.empty() ? std::to_string(ctx.fresh_seed()) : seed_text;
  req.data_dir.clear();
  auto table = cli::make_table(req, 1);
  SessionOptions so;
  so.demo = true;
  return std::make_unique<GameSession>(std::move(table), std::vector<Event>{}, so);
}

PlayerId PlayScreen::deciding() const {
  const GameSession& s = *s_;
  if (s.phase() == Phase::HumanTurn) return s.asked();
  if (s.phase() == Phase::Contest || s.phase() == Phase::GetReady) {
    const auto ch = s.contest_humans();
    if (ch.size() == 1) return ch.front();
  }
  return kEveryone;
}

namespace {

std::optional<Direction> direction_of(const Key& key) {
  switch (key.type) {
    case KeyType::Up: return Direction::Up;
    case KeyType::Down: return Direction::Down;
    case KeyType::Left: return Direction::Left;
    case KeyType::Right: return Direction::Right;
    default: return std::nullopt;
  }
}

int index_of(const std::vector<Action>& actions, Action a) {
  const auto it = std::find(actions.begin(), actions.end(), a);
  return it == actions.end() ? -1 : static_cast<int>(it - actions.begin());
}

}  // namespace

bool PlayScreen::arrows_to_game(PlayerId p) const {
  if (p < 0) return false;
  for (Direction d : {Direction::Up, Direction::Down, Direction::Left, Direction::Right})
    if (s_->state().direction_action(p, d)) return true;
  return false;
}

bool PlayScreen::on_arrow(PlayerId p, const Key& key, Millis now) {
  const std::optional<Direction> d = direction_of(key);
  if (!d || !arrows_to_game(p)) return false;
  const std::optional<Action> a = s_->state().direction_action(p, *d);
  if (!a || !s_->state().is_legal(p, *a)) {
    flash("Nothing moves that way.", now, 900);
  } else if (s_->phase() == Phase::GetReady) {
    flash("Wait for it...", now, 800);
  } else if (s_->phase() == Phase::HumanTurn) {
    log_scroll_ = 0;
    s_->choose(p, *a, now);
  } else {
    act_in_contest(p, *a, now);
  }
  refresh_options();
  return true;
}

void PlayScreen::refresh_options() {
  const PlayerId p = deciding();
  const std::size_t at = s_->table().history().size();
  if (p == legal_for_ && at == legal_at_) return;
  // The same decision goes on while one contest lasts (a human's slides,
  // say); a turn, or the next contest, is a new question.
  const bool contest = s_->phase() == Phase::Contest || s_->phase() == Phase::GetReady;
  const std::uint32_t contest_id = contest ? s_->state().contest_id() : kNoContest;
  const bool same_decision = p == legal_for_ && contest && contest_id == legal_contest_;
  legal_contest_ = contest_id;
  const int was = cursor_ >= 0 && cursor_ < static_cast<int>(legal_.size())
                      ? legal_[static_cast<std::size_t>(cursor_)]
                      : -1;
  legal_.clear();
  if (p >= 0) s_->state().legal_actions(p, legal_);
  // A new question starts at the game's suggested option (else the first);
  // in a contest the highlight stays on the same option while it is there.
  if (!same_decision) {
    cursor_ = 0;
    if (p >= 0)
      if (const auto first = s_->state().default_option(p)) cursor_ = std::max(0, index_of(legal_, *first));
  } else if (const int i = index_of(legal_, was); i >= 0) {
    cursor_ = i;
  }
  cursor_ = std::clamp(cursor_, 0, std::max(0, static_cast<int>(legal_.size()) - 1));
  legal_for_ = p;
  legal_at_ = at;
}

void PlayScreen::flash(std::string text, Millis now, Millis for_ms) {
  flash_ = std::move(text);
  flash_until_ = now + for_ms;
}

bool PlayScreen::tick(Millis now) {
  bool changed = s_->update(now);
  if (s_->phase() == Phase::Contest && !s_->paused()) changed = true;  // the view moves with time
  if (!flash_.empty() && now >= flash_until_) {
    flash_.clear();
    changed = true;
  }
  if (s_->phase() == Phase::Over && !was_over_) {
    was_over_ = true;
    over_since_ = now;
    changed = true;
  }
  if (changed) refresh_options();
  return changed;
}

Millis PlayScreen::wake_at(Millis now) const {
  Millis at = s_->wake_at(now);
  if (!flash_.empty()) at = std::min(at, flash_until_);
  return at;
}

void PlayScreen::pause(Millis now) {
  s_->pause(now);
}

void PlayScreen::resume(Millis now) {
  if (!user_paused_) s_->resume(now);
}

std::string PlayScreen::on_exit() {
  if (s_->demo()) return {};
  if (s_->phase() == Phase::Over) {
    // The end was saved when it came; if that failed, one more try.
    if (s_->save_problem().empty() || s_->save().empty()) return {};
    return not_saved_line(*s_);
  }
  if (s_->save_path().empty() || !s_->save().empty()) return not_saved_line(*s_);
  return fmt::format("racetable: game saved to {} (continue it with: racetable resume)", s_->save_path());
}

bool PlayScreen::unsaved() const {
  if (s_->demo()) return false;
  if (s_->save_path().empty()) return s_->phase() != Phase::Over;
  return !s_->save_problem().empty();
}

std::string PlayScreen::stats_tag() const {
  static const char* const kPhases[] = {"computers", "human", "pass", "ready", "contest", "over"};
  return fmt::format("{} decisions={} steps={}", kPhases[static_cast<int>(s_->phase())],
                     s_->table().decisions(), s_->table().history().size());
}

std::string PlayScreen::seat_name(PlayerId p) const {
  if (p < 0) return "";
  return s_->table().seats()[static_cast<std::size_t>(p)].name;
}

cli::TableRequest PlayScreen::same_players() const {
  const Table& t = s_->table();
  cli::TableRequest req;
  req.game = t.game().info().id;
  req.players = static_cast<int>(t.seats().size());
  for (const Seat& seat : t.seats()) {
    req.seats.push_back(seat.kind == SeatKind::Human ? "human" : seat.level);
    req.names.push_back(seat.name);
  }
  for (const auto& v : t.game().options().variants) req.variants.push_back(v);
  for (const auto& [k, v] : t.game().options().params) req.options.push_back(k + "=" + v);
  return req;
}

Nav PlayScreen::ask_quit() {
  std::vector<Choice> choices;
  std::vector<std::string> message;
  if (s_->demo()) {
    message = {"Stop watching this demo?"};
    choices.push_back(Choice{"Quit racetable", U'q', [] { return Nav::exit(0); }});
    choices.push_back(Choice{"Back to the title", U't', [] { return Nav::home(); }});
    choices.push_back(Choice{"Keep watching", U'n', [] { return Nav::pop(); }});
  } else if (s_->save_path().empty() || !s_->save().empty()) {
    return Nav::push(make_not_saved_dialog());
  } else {
    message = {
        fmt::format("The game is saved to {}, and `racetable resume` (or Continue on the title screen) "
                    "goes on from here.",
                    s_->save_path())};
    choices.push_back(Choice{"Save and quit racetable", U'q', [this] {
                               if (!s_->save().empty()) return Nav::exit(kExitNotSaved, not_saved_line(*s_));
                               return Nav::exit(0,
                                                fmt::format("racetable: game saved to {} (continue it with: "
                                                            "racetable resume)",
                                                            s_->save_path()));
                             }});
    choices.push_back(Choice{"Save and go back to the title", U't', [this] {
                               if (!s_->save().empty()) return Nav::replace(make_not_saved_dialog());
                               return Nav::home();
                             }});
    choices.push_back(Choice{"Keep playing", U'n', [] { return Nav::pop(); }});
  }
  return Nav::push(make_confirm_screen("Quit?", std::move(message), std::move(choices)));
}

// The quit dialog when the game could not be saved: it says why and where
// the game is, and quitting anyway ends the program with kExitNotSaved.
std::unique_ptr<Screen> PlayScreen::make_not_saved_dialog() {
  std::vector<std::string> message;
  if (s_->save_path().empty()) {
    message = {"This game cannot be saved: there is no usable state directory (see XDG_STATE_HOME).",
               "If you quit, the game is lost."};
  } else {
    message = {
        fmt::format("The game could not be saved: {}.",
                    save_failure_reason(s_->save_problem(), s_->save_path())),
        has_earlier_save(*s_)
            ? fmt::format("The game as last saved is in {}; the moves since then are lost if you quit now.",
                          s_->save_path())
            : std::string("There is no earlier save of it: if you quit now, the game is lost.")};
  }
  std::vector<Choice> choices;
  choices.push_back(Choice{"Keep playing", U'n', [] { return Nav::pop(); }});
  if (!s_->save_path().empty())
    choices.push_back(Choice{"Try to save again", U's', [this] {
                               if (!s_->save().empty()) return Nav::replace(make_not_saved_dialog());
                               return Nav::replace(make_confirm_screen(
                                   "Saved", {fmt::format("The game is saved to {}.", s_->save_path())},
                                   {Choice{"Keep playing", U'n', [] { return Nav::pop(); }},
                                    Choice{"Quit racetable", U'q', [this] {
                                             return Nav::exit(0, fmt::format("racetable: game saved to {} "
                                                                             "(continue it with: racetable "
                                                                             "resume)",
                                                                             s_->save_path()));
                                           }}}));
                             }});
  choices.push_back(
      Choice{"Quit without saving", U'q', [this] { return Nav::exit(kExitNotSaved, not_saved_line(*s_)); }});
  return make_confirm_screen("Quit? The game is NOT saved", std::move(message), std::move(choices));
}

Nav PlayScreen::common_command(Cmd cmd, Millis now) {
  switch (cmd) {
    case Cmd::Skip: s_->skip(now); break;
    case Cmd::Faster:
      s_->faster();
      flash(fmt::format("Speed {} of {}", s_->speed(), kSpeedCount), now, 1200);
      break;
    case Cmd::Slower:
      s_->slower();
      flash(fmt::format("Speed {} of {}", s_->speed(), kSpeedCount), now, 1200);
      break;
    case Cmd::PageUp:
      log_scroll_ = std::min(log_max_scroll_, log_scroll_ + std::max(1, log_rect_.h - 1));
      break;
    case Cmd::PageDown: log_scroll_ = std::max(0, log_scroll_ - std::max(1, log_rect_.h - 1)); break;
    case Cmd::Rules:
      return Nav::push(
          make_reader_screen(s_->info().name + ": rules", rules_document(ctx_, s_->info().id), U'r'));
    case Cmd::Log: return Nav::push(make_reader_screen("The whole log", log_document(*s_), U'l', true));
    case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
    case Cmd::Save:
      if (s_->demo()) {
        flash("Demos are not saved.", now);
      } else if (s_->save_path().empty()) {
        flash("This game cannot be saved: the state directory is not writable.", now, 3000);
      } else {
        const std::string err = s_->save();
        flash(err.empty() ? "Saved." : "Not saved: " + short_save_reason(*s_), now,
              err.empty() ? 1500 : 4000);
      }
      break;
    case Cmd::Quit: return ask_quit();
    default: break;
  }
  return Nav::stay();
}

Nav PlayScreen::on_key_over(const Key& key, Millis now) {
  // A key pressed a moment before the end (mashing Space in a race) must
  // not skip the result.
  if (now < over_since_ + 1000) return Nav::stay();
  if (key.is(U'n')) return Nav::reset(make_options_screen(ctx_, same_players()));
  const Cmd cmd = command(Context::Game, key);
  if (key.type == KeyType::Enter || key.type == KeyType::Escape) return Nav::home();
  if (cmd == Cmd::Quit) {
    if (unsaved() && !s_->save().empty()) return Nav::exit(kExitNotSaved, not_saved_line(*s_));
    return Nav::exit(0);
  }
  if (cmd == Cmd::Log || cmd == Cmd::Rules || cmd == Cmd::Help || cmd == Cmd::PageUp || cmd == Cmd::PageDown)
    return common_command(cmd, now);
  return Nav::stay();
}

Nav PlayScreen::on_key_demo(const Key& key, Millis now) {
  const Cmd cmd = command(Context::Demo, key);
  switch (cmd) {
    case Cmd::Faster:
    case Cmd::Slower:
    case Cmd::Rules:
    case Cmd::Log:
    case Cmd::Help:
    case Cmd::Quit:
    case Cmd::PageUp:
    case Cmd::PageDown:
    case Cmd::Redraw: return common_command(cmd, now);
    default: break;
  }
  user_paused_ = !user_paused_;
  if (user_paused_)
    s_->pause(now);
  else
    s_->resume(now);
  return Nav::stay();
}

void PlayScreen::act_in_contest(PlayerId seat, Action action, Millis now) {
  if (!s_->contest_act(seat, action, now)) flash("Too late!", now, 1000);
  refresh_options();
}

bool PlayScreen::on_key_contest(const Key& key, Millis now) {
  GameSession& s = *s_;
  const std::vector<PlayerId> in = s.contest_humans();
  const auto& humans = s.humans();
  const bool ready = s.phase() == Phase::GetReady;
  // Several humans at one keyboard: each seat's own keys.
  if (humans.size() >= 2 && key.type == KeyType::Char) {
    const int rank = rank_of_key(key.ch, static_cast<int>(humans.size()));
    if (rank >= 0) {
      const PlayerId seat = humans[static_cast<std::size_t>(rank)];
      if (ready || std::find(in.begin(), in.end(), seat) == in.end()) return true;
      std::vector<Action> acts;
      s.state().legal_actions(seat, acts);
      const ContestKey ck =
          contest_key(rank, key.ch, static_cast<int>(acts.size()), pages_[static_cast<std::size_t>(rank)]);
      if (ck.next_page) ++pages_[static_cast<std::size_t>(rank)];
      if (ck.option >= 0) act_in_contest(seat, acts[static_cast<std::size_t>(ck.option)], now);
      return true;
    }
  }
  if (in.size() != 1) return false;
  refresh_options();
  const PlayerId seat = in.front();
  if (on_arrow(seat, key, now)) return true;
  const Cmd cmd = command(Context::Contest, key);
  const int n = static_cast<int>(legal_.size());
  int chosen = -1;
  if (cmd == Cmd::Act)
    chosen = cursor_;
  else if (const int d = key.digit_index(); d >= 0 && d < n)
    chosen = d;
  else if (key.type == KeyType::Click && options_rect_.contains(key.x, key.y))
    chosen = options_first_ + key.y - options_rect_.y;
  else if (cmd == Cmd::Up)
    cursor_ = (cursor_ + n - 1) % std::max(1, n);
  else if (cmd == Cmd::Down)
    cursor_ = (cursor_ + 1) % std::max(1, n);
  else
    return false;
  if (chosen >= 0 && chosen < n) {
    if (ready)
      flash("Wait for it...", now, 800);
    else
      act_in_contest(seat, legal_[static_cast<std::size_t>(chosen)], now);
  }
  return true;
}

Nav PlayScreen::on_key(const Key& key, Millis now) {
  GameSession& s = *s_;
  if (key.type == KeyType::WheelUp || key.type == KeyType::WheelDown) {
    if (log_rect_.contains(key.x, key.y)) {
      log_scroll_ += key.type == KeyType::WheelUp ? 3 : -3;
      log_scroll_ = std::clamp(log_scroll_, 0, log_max_scroll_);
    }
    return Nav::stay();
  }
  if (s.phase() == Phase::Over) return on_key_over(key, now);
  if (s.demo()) return on_key_demo(key, now);
  if (s.phase() == Phase::PassDevice) {
    if (key.type == KeyType::Enter) {
      s.confirm_pass(now);
      refresh_options();
      return Nav::stay();
    }
    const Cmd cmd = command(Context::Game, key);
    if (cmd == Cmd::Quit || cmd == Cmd::Help || cmd == Cmd::Rules) return common_command(cmd, now);
    return Nav::stay();
  }
  if ((s.phase() == Phase::Contest || s.phase() == Phase::GetReady) && on_key_contest(key, now))
    return Nav::stay();
  const Cmd cmd = command(Context::Game, key);
  if (s.phase() == Phase::HumanTurn) {
    refresh_options();
    if (on_arrow(s.asked(), key, now)) return Nav::stay();
    const int n = static_cast<int>(legal_.size());
    int chosen = -1;
    if (cmd == Cmd::Select)
      chosen = cursor_;
    else if (const int d = key.digit_index(); d >= 0 && d < n)
      chosen = d;
    else if (key.type == KeyType::Click && options_rect_.contains(key.x, key.y))
      chosen = options_first_ + key.y - options_rect_.y;
    else if (cmd == Cmd::Up && n > 0)
      cursor_ = (cursor_ + n - 1) % n;
    else if (cmd == Cmd::Down && n > 0)
      cursor_ = (cursor_ + 1) % n;
    if (chosen >= 0 && chosen < n) {
      log_scroll_ = 0;
      s.choose(s.asked(), legal_[static_cast<std::size_t>(chosen)], now);
      refresh_options();
      return Nav::stay();
    }
  }
  return common_command(cmd, now);
}

}  // namespace rt::shell
