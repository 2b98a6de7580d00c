// The game screen's keys and flow; its drawing is in play_draw.cpp. It talks
// to the table only through PlayTable, so a local game and a shared table
// are played with the same keys.
#include "tui/shell/play_screen.h"
#include "tui/shell/session.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "games/registry.h"
#include "tui/shell/contest_keys.h"
#include "tui/shell/replay_model.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/save_notice.h"
#include "tui/shell/settings.h"

namespace rt::shell {

PlayScreen::PlayScreen(AppContext& ctx, std::unique_ptr<PlayTable> table)
    : ctx_(ctx), t_(std::move(table)), local_(t_->local()), remote_(t_->remote()) {
  pages_.assign(kSeatKeyGroups, 0);
}

std::unique_ptr<Screen> make_play_screen(AppContext& ctx, std::unique_ptr<GameSession> session) {
  // The speed last set with + and - carries over to the next game: its header says so at first.
  const bool carried =
      session->speed() != kDefaultSpeed && ctx.settings && ctx.settings->settings().speed == session->speed();
  auto screen = std::make_unique<PlayScreen>(ctx, make_local_table(std::move(session)));
  if (carried) screen->say_speed_at_start();
  return screen;
}

std::unique_ptr<Screen> make_table_screen(AppContext& ctx, std::unique_ptr<PlayTable> table) {
  return std::make_unique<PlayScreen>(ctx, std::move(table));
}

std::unique_ptr<GameSession> make_demo_session(AppContext& ctx, const std::string& game_id,
                                               const std::string& seed_text) {
  setup::TableRequest req;
  req.game = game_id;
  req.default_seat = "normal";
  req.seed_text = seed_text.empty() ? std::to_string(ctx.fresh_seed()) : seed_text;
  req.data_dir.clear();
  auto table = setup::make_table(req, 1);
  SessionOptions so;
  so.demo = true;
  so.speed = start_speed(ctx.settings);
  return std::make_unique<GameSession>(std::move(table), std::vector<Event>{}, so);
}

GameSession& PlayScreen::session() {
  if (!local_) throw std::logic_error("a shared table has no local session");
  return local_->session();
}

PlayerId PlayScreen::deciding() const {
  const PlayTable& t = *t_;
  if (t.phase() == Phase::HumanTurn) return t.asked();
  if (t.phase() == Phase::Contest || t.phase() == Phase::GetReady) {
    const auto ch = t.contest_humans();
    if (ch.size() == 1) return ch.front();
  }
  return kEveryone;
}

namespace {

int direction_index(const Key& key) {
  switch (key.type) {
    case KeyType::Up: return 0;
    case KeyType::Down: return 1;
    case KeyType::Left: return 2;
    case KeyType::Right: return 3;
    default: return -1;
  }
}

int index_of(const std::vector<Action>& actions, Action a) {
  const auto it = std::find(actions.begin(), actions.end(), a);
  return it == actions.end() ? -1 : static_cast<int>(it - actions.begin());
}

}  // namespace

bool PlayScreen::arrows_to_game(PlayerId p) const {
  return p >= 0 && p == q_.seat && q_.arrows;
}

bool PlayScreen::on_arrow(PlayerId p, const Key& key, Millis now) {
  const int d = direction_index(key);
  if (d < 0 || !arrows_to_game(p)) return false;
  const std::optional<Action> a = q_.directions[static_cast<std::size_t>(d)];
  if (!a) {
    flash("Nothing moves that way.", now, 900);
  } else if (t_->phase() == Phase::GetReady) {
    flash("Wait for it...", now, 800);
  } else if (t_->phase() == Phase::HumanTurn) {
    log_scroll_ = 0;
    t_->choose(p, *a, now);
  } else {
    act_in_contest(p, *a, now);
  }
  refresh_options();
  return true;
}

void PlayScreen::refresh_options() {
  const PlayerId p = deciding();
  const std::uint64_t at = t_->revision();
  if (p == legal_for_ && at == legal_at_) {
    highlight_hint();
    return;
  }
  // The same decision goes on while one contest lasts (a human's slides,
  // say); a turn, or the next contest, is a new question.
  const int was =
      cursor_ >= 0 && cursor_ < std::ssize(q_.actions) ? q_.actions[static_cast<std::size_t>(cursor_)] : -1;
  q_ = t_->question(p);
  const bool same_decision = p == legal_for_ && q_.contest != kNoContest && q_.contest == legal_contest_;
  legal_contest_ = q_.contest;
  // A new question starts at the game's suggested option (else the first);
  // in a contest the highlight stays on the same option while it is there.
  if (!same_decision) {
    cursor_ = q_.first;
  } else if (const int i = index_of(q_.actions, was); i >= 0) {
    cursor_ = i;
  }
  cursor_ = std::clamp<int>(cursor_, 0, std::max<int>(0, std::ssize(q_.actions) - 1));
  legal_for_ = p;
  legal_at_ = at;
  hint_highlighted_ = false;
  highlight_hint();
}

// A hint on screen moves the highlight to its move, once (a shared table's
// comes a moment after h): Enter then plays the hinted move, and the player
// may still move off it.
void PlayScreen::highlight_hint() {
  const std::optional<Action> hinted = t_->hint_action();
  if (!hinted) {
    hint_highlighted_ = false;
    return;
  }
  if (hint_highlighted_) return;
  hint_highlighted_ = true;
  if (const int i = index_of(q_.actions, *hinted); i >= 0) cursor_ = i;
}

void PlayScreen::flash(std::string text, Millis now, Millis for_ms) {
  flash_ = std::move(text);
  flash_until_ = now + for_ms;
}

std::string PlayScreen::lost() const {
  return remote_ ? remote_->lost() : std::string();
}

std::string PlayScreen::rejoin_hint() const {
  return remote_ ? remote_->rejoin_hint() : std::string();
}

bool PlayScreen::take_notices(Millis now) {
  if (!remote_) return false;
  std::string notice = remote_->take_notice();
  if (notice.empty()) return false;
  flash(std::move(notice), now, 2500);
  return true;
}

bool PlayScreen::background(Millis now) {
  // Watchers are served while a page covers the game (it stands still then).
  const bool watchers_changed = serve_watchers(now);
  // A shared table goes on under the keys and rules pages: keep reading it.
  if (!remote_) return watchers_changed;
  return t_->update(now) || watchers_changed;
}

bool PlayScreen::tick(Millis now) {
  bool changed = t_->update(now);
  if (serve_watchers(now)) changed = true;
  if (t_->phase() == Phase::Contest && local_ && !local_->paused())
    changed = true;  // the view moves with time
  if (take_notices(now)) changed = true;
  if (take_talk(now)) changed = true;
  if (!flash_.empty() && now >= flash_until_) {
    flash_.clear();
    changed = true;
  }
  if (saying_speed_ && now >= speed_said_until_) changed = true;  // the header's bar again
  if (t_->phase() == Phase::Over && !was_over_) {
    was_over_ = true;
    over_since_ = now;
    changed = true;
    // No state directory (a test's shell): nothing is kept, history neither.
    if (local_ && !ctx_.state_dir.empty())
      history_problem_ = local_->record_finish(ctx_.state_dir, ctx_.wall_clock());
  }
  if (recap_.update(*t_, now)) changed = true;
  if (changed) refresh_options();
  if (play_forced_moves(now)) changed = true;
  return changed;
}

void PlayScreen::chose(PlayerId seat, Action action, Millis now, std::string played) {
  log_scroll_ = 0;
  recap_.start(seat, seat_name(seat), t_->log().size(), std::move(played), now);
  t_->choose(seat, action, now);
  refresh_options();
  recap_.update(*t_, now);
}

bool PlayScreen::play_forced_moves(Millis now) {
  if ((!local_ && !remote_) || demo()) return false;
  // The program always has a settings store (on unless turned off); a shell
  // made without one (tests of other things) asks as it always did.
  const bool on = ctx_.settings && ctx_.settings->settings().play_forced;
  bool played = false;
  // A forced move may lead to another (a pass, then the next forced pass):
  // each is played, a few at most before the screen is drawn again.
  for (int i = 0; i < 4 && on && t_->phase() == Phase::HumanTurn; ++i) {
    refresh_options();
    const PlayerId p = t_->asked();
    if (q_.seat != p || !is_forced(q_)) break;
    chose(p, q_.actions.front(), now, "Played for you: " + q_.labels.front());
    played = true;
  }
  return played;
}

Millis PlayScreen::wake_at(Millis now) const {
  Millis at = t_->wake_at(now);
  if (watch_) at = std::min(at, watcher_wake_at(now));
  if (!flash_.empty()) at = std::min(at, flash_until_);
  at = std::min(at, recap_.until());
  if (saying_speed_) at = std::min(at, speed_said_until_);
  return at;
}

void PlayScreen::pause(Millis now) {
  if (local_) local_->pause(now);
}

void PlayScreen::resume(Millis now) {
  if (local_ && !user_paused_) local_->resume(now);
}

std::string PlayScreen::on_exit() {
  return saved_line(t_->on_exit());
}

// A player without commands (over SSH) is told where the game is in the
// shell's terms, not the path and command of this machine.
std::string PlayScreen::saved_line(std::string line) const {
  if (ctx_.no_commands && line.rfind("racetable: game saved to ", 0) == 0)
    return "racetable: your game is saved: Continue on the title screen goes on with it when you log in "
           "again";
  return line;
}

bool PlayScreen::unsaved() const {
  return (local_ && local_->unsaved()) || (remote_ && remote_->keep_failed());
}

bool PlayScreen::can_review() const {
  return local_ && !demo() && !local_->save_path().empty() && t_->phase() == Phase::Over;
}

std::optional<setup::TableRequest> PlayScreen::same_players() const {
  if (!local_) return std::nullopt;
  return local_->same_players();
}

std::string PlayScreen::stats_tag() const {
  return t_->stats_tag();
}

std::string PlayScreen::seat_name(PlayerId p) const {
  if (p < 0 || p >= seats_.seats()) return "";
  return seats_[p].name;
}

Nav PlayScreen::leave_dialog() {
  // A watcher has no seat to keep: it is told how to watch again.
  const bool seated = !t_->humans().empty();
  const std::string hint = rejoin_hint();
  std::vector<std::string> message{
      (seated ? "Your seat is kept: come back from Tables on the title screen, or with `"
              : "Watch again from Tables on the title screen, or with `") +
      hint + "`."};
  std::vector<Choice> choices;
  choices.push_back(Choice{"Leave the table and quit racetable", U'q', [this, hint, seated] {
                             if (remote_) remote_->leave();
                             return Nav::exit(
                                 0, seated ? "racetable: you left the table; your seat is kept. "
                                             "Rejoin with: " +
                                                 hint
                                           : "racetable: you stopped watching. Watch again with: " + hint);
                           }});
  choices.push_back(Choice{"Leave and go back to the title", U't', [this] {
                             if (remote_) remote_->leave();
                             return Nav::home();
                           }});
  choices.push_back(Choice{seated ? "Keep playing" : "Keep watching", U'n', [] { return Nav::pop(); }});
  return Nav::push(make_confirm_screen("Leave the table?", std::move(message), std::move(choices)));
}

Nav PlayScreen::ask_quit() {
  if (shared()) return leave_dialog();
  std::vector<Choice> choices;
  std::vector<std::string> message;
  if (demo()) {
    message = {"Stop watching this demo?"};
    choices.push_back(Choice{"Quit racetable", U'q', [] { return Nav::exit(0); }});
    choices.push_back(Choice{"Back to the title", U't', [] { return Nav::home(); }});
    choices.push_back(Choice{"Keep watching", U'n', [] { return Nav::pop(); }});
  } else if (session().save_path().empty() || !session().save().empty()) {
    return Nav::push(make_not_saved_dialog());
  } else if (session().nothing_played()) {
    message = {"Nothing has been played yet: quitting keeps no saved game."};
    choices.push_back(Choice{"Quit racetable", U'q', [] { return Nav::exit(0); }});
    choices.push_back(Choice{"Back to the title", U't', [] { return Nav::home(); }});
    choices.push_back(Choice{"Keep playing", U'n', [] { return Nav::pop(); }});
  } else {
    message = {ctx_.no_commands
                   ? std::string("The game is saved, and Continue on the title screen goes on from here.")
                   : fmt::format("The game is saved to {}, and `racetable resume` (or Continue on the title "
                                 "screen) goes on from here.",
                                 session().save_path())};
    choices.push_back(Choice{"Save and quit racetable", U'q', [this] {
                               if (!local_->save().empty())
                                 return Nav::exit(kExitNotSaved, not_saved_line(session()));
                               return Nav::exit(
                                   0, saved_line(fmt::format("racetable: game saved to {} (continue "
                                                             "it with: racetable resume)",
                                                             local_->save_path())));
                             }});
    choices.push_back(Choice{"Save and go back to the title", U't', [this] {
                               if (!local_->save().empty()) return Nav::replace(make_not_saved_dialog());
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
  if (session().save_path().empty()) {
    message = {"This game cannot be saved: there is no usable state directory (see XDG_STATE_HOME).",
               "If you quit, the game is lost."};
  } else {
    message = {
        fmt::format("The game could not be saved: {}.",
                    save_failure_reason(session().save_problem(), session().save_path())),
        has_earlier_save(session())
            ? fmt::format("The game as last saved is in {}; the moves since then are lost if you quit now.",
                          session().save_path())
            : std::string("There is no earlier save of it: if you quit now, the game is lost.")};
  }
  std::vector<Choice> choices;
  choices.push_back(Choice{"Keep playing", U'n', [] { return Nav::pop(); }});
  if (!session().save_path().empty())
    choices.push_back(Choice{
        "Try to save again", U's', [this] {
          if (!session().save().empty()) return Nav::replace(make_not_saved_dialog());
          return Nav::replace(make_confirm_screen(
              "Saved", {fmt::format("The game is saved to {}.", session().save_path())},
              {Choice{"Keep playing", U'n', [] { return Nav::pop(); }},
               Choice{"Quit racetable", U'q', [this] {
                        return Nav::exit(0, saved_line(fmt::format("racetable: game saved to {} (continue it "
                                                                   "with: racetable resume)",
                                                                   session().save_path())));
                      }}}));
        }});
  choices.push_back(Choice{"Quit without saving", U'q',
                           [this] { return Nav::exit(kExitNotSaved, not_saved_line(session())); }});
  return make_confirm_screen("Quit? The game is NOT saved", std::move(message), std::move(choices));
}

Nav PlayScreen::common_command(Cmd cmd, Millis now) {
  switch (cmd) {
    case Cmd::Skip:
      if (local_) local_->skip(now);
      break;
    case Cmd::Faster:
    case Cmd::Slower:
      if (!local_) {
        flash("The host sets this table's pace.", now, 1500);
        break;
      }
      if (cmd == Cmd::Faster)
        local_->faster();
      else
        local_->slower();
      // Remembered for the next game; a failed write is said, not swallowed.
      if (const std::string problem = ctx_.settings ? ctx_.settings->remember_speed(local_->speed()) : "";
          !problem.empty())
        flash(fmt::format("Speed {} of {}. {}", local_->speed(), kSpeedCount, problem), now, 5000);
      else
        flash(fmt::format("Speed {} of {} (your next games start at it too)", local_->speed(), kSpeedCount),
              now, 1500);
      break;
    case Cmd::PageUp:
      log_scroll_ = std::min(log_max_scroll_, log_scroll_ + std::max(1, log_rect_.h - 1));
      break;
    case Cmd::PageDown: log_scroll_ = std::max(0, log_scroll_ - std::max(1, log_rect_.h - 1)); break;
    case Cmd::Rules:
      return Nav::push(
          make_reader_screen(t_->game_name() + ": rules", rules_document(ctx_, t_->game_id()), U'r'));
    case Cmd::Log:
      return Nav::push(make_reader_screen("The whole log", log_document(*t_, ctx_.unicode), U'l', true));
    case Cmd::Help: return Nav::push(keys_and_legend_page());
    case Cmd::Save:
      if (!local_) {
        flash("The host saves this table after every move.", now, 2000);
      } else if (local_->demo()) {
        flash("Demos are not saved.", now);
      } else if (local_->save_path().empty()) {
        flash("This game cannot be saved: the state directory is not writable.", now, 3000);
      } else {
        const std::string err = local_->save();
        flash(err.empty() ? "Saved." : "Not saved: " + short_save_reason(session()), now,
              err.empty() ? 1500 : 4000);
      }
      break;
    case Cmd::Quit: return ask_quit();
    case Cmd::Share: return watch_page(now);
    case Cmd::Undo: return take_back(now);
    case Cmd::Hint: return ask_hint(now);
    default: break;
  }
  return Nav::stay();
}

Nav PlayScreen::on_key_over(const Key& key, Millis now) {
  // A key pressed a moment before the end (mashing Space in a race) must
  // not skip the result.
  if (now < over_since_ + 1000) return Nav::stay();
  if (key.is(U'n'))
    if (const auto again = same_players()) return Nav::reset(make_options_screen(ctx_, *again));
  if (key.is(U'v') && can_review()) {
    try {
      std::shared_ptr<const ReplayModel> model = ReplayModel::load(local_->save_path(), ctx_.data);
      const PlayerId seat = review_seat(*model);
      return Nav::push(make_review_screen(ctx_, std::move(model), seat));
    } catch (const std::exception& e) {
      review_problem_ = e.what();
      return Nav::stay();
    }
  }
  const Cmd cmd = command(Context::Game, key);
  // q goes back here as everywhere else but in play: to the title.
  if (key.type == KeyType::Enter || key.type == KeyType::Escape || cmd == Cmd::Quit) {
    if (remote_) remote_->leave();
    // The end could not be saved or added to the history (the screen says
    // so): one more try at the save; what is still lost, the program's last
    // line and exit status say too.
    if (unsaved()) {
      std::string line = t_->on_exit();
      if (unsaved() && !line.empty()) ctx_.not_saved.push_back(std::move(line));
    }
    return Nav::home();
  }
  if (cmd == Cmd::Log || cmd == Cmd::Rules || cmd == Cmd::Help || cmd == Cmd::PageUp || cmd == Cmd::PageDown)
    return common_command(cmd, now);
  return Nav::stay();
}

Nav PlayScreen::on_key_lost(const Key& key) {
  const std::string hint = rejoin_hint();
  const std::string line =
      "racetable: lost the table: " + lost() + (hint.empty() ? "" : ". Rejoin with: " + hint);
  if (key.type == KeyType::Enter || key.type == KeyType::Escape) return Nav::home();
  if (command(Context::Game, key) == Cmd::Quit) return Nav::exit(1, line);
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
    local_->pause(now);  // a demo is a local game
  else
    local_->resume(now);
  return Nav::stay();
}

void PlayScreen::act_in_contest(PlayerId seat, Action action, Millis now) {
  if (!t_->contest_act(seat, action, now)) flash("Too late!", now, 1000);
  refresh_options();
}

bool PlayScreen::on_key_contest(const Key& key, Millis now) {
  PlayTable& t = *t_;
  const std::vector<PlayerId> in = t.contest_humans();
  const auto& humans = t.humans();
  const bool ready = t.phase() == Phase::GetReady;
  // Several humans at one keyboard: each seat's own keys.
  if (humans.size() >= 2 && key.type == KeyType::Char) {
    const int rank = rank_of_key(key.ch, std::ssize(humans));
    if (rank >= 0) {
      const PlayerId seat = humans[static_cast<std::size_t>(rank)];
      if (ready || std::find(in.begin(), in.end(), seat) == in.end()) return true;
      const Question q = t.question(seat);
      const ContestKey ck = contest_key(rank, key.ch, std::ssize(q.actions), pages_[rank]);
      if (ck.next_page) ++pages_[rank];
      if (ck.option >= 0) act_in_contest(seat, q.actions[static_cast<std::size_t>(ck.option)], now);
      return true;
    }
  }
  if (in.size() != 1) return false;
  refresh_options();
  const PlayerId seat = in.front();
  if (on_arrow(seat, key, now)) return true;
  const Cmd cmd = command(Context::Contest, key);
  const int n = std::ssize(q_.actions);
  int chosen = -1;
  if (cmd == Cmd::Act)
    chosen = cursor_;
  else if (const int d = key.digit_index(); d >= 0 && d < n)
    chosen = d;
  else if (option_at(key) >= 0)
    chosen = option_at(key);
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
      act_in_contest(seat, q_.actions[static_cast<std::size_t>(chosen)], now);
  }
  return true;
}

Nav PlayScreen::on_key(const Key& key, Millis now) {
  PlayTable& t = *t_;
  if (on_key_talk(key, now)) return Nav::stay();
  if (key.type == KeyType::WheelUp || key.type == KeyType::WheelDown) {
    if (log_rect_.contains(key.x, key.y)) {
      log_scroll_ += key.type == KeyType::WheelUp ? 3 : -3;
      log_scroll_ = std::clamp(log_scroll_, 0, log_max_scroll_);
    }
    return Nav::stay();
  }
  if (!lost().empty() && t.phase() != Phase::Over) return on_key_lost(key);
  if (t.phase() == Phase::Over) return on_key_over(key, now);
  if (demo()) return on_key_demo(key, now);
  if (t.phase() == Phase::PassDevice) {
    if (key.type == KeyType::Enter) {
      if (local_) local_->confirm_pass(now);  // only a keyboard several people share passes
      refresh_options();
      return Nav::stay();
    }
    const Cmd cmd = command(Context::Game, key);
    if (cmd == Cmd::Quit || cmd == Cmd::Help || cmd == Cmd::Rules) return common_command(cmd, now);
    return Nav::stay();
  }
  if ((t.phase() == Phase::Contest || t.phase() == Phase::GetReady) && on_key_contest(key, now))
    return Nav::stay();
  const Cmd cmd = command(Context::Game, key);
  // Enter waves a contest's result on, as Space does.
  if (t.phase() == Phase::Computers && cmd == Cmd::Select &&
      (!t.contest_result().empty() || !t.turn_result().empty())) {
    if (local_) local_->skip(now);  // a shared table's host holds its result
    return Nav::stay();
  }
  if (t.phase() == Phase::HumanTurn) {
    refresh_options();
    if (on_arrow(t.asked(), key, now)) return Nav::stay();
    const int n = std::ssize(q_.actions);
    int chosen = -1;
    if (cmd == Cmd::Select)
      chosen = cursor_;
    else if (const int d = key.digit_index(); d >= 0 && d < n)
      chosen = d;
    else if (option_at(key) >= 0)
      chosen = option_at(key);
    else if (cmd == Cmd::Up && n > 0)
      cursor_ = (cursor_ + n - 1) % n;
    else if (cmd == Cmd::Down && n > 0)
      cursor_ = (cursor_ + 1) % n;
    if (chosen >= 0 && chosen < n) {
      chose(t.asked(), q_.actions[static_cast<std::size_t>(chosen)], now);
      play_forced_moves(now);
      return Nav::stay();
    }
  }
  return common_command(cmd, now);
}

}  // namespace rt::shell
