// "Let others watch" (w on the game screen): the local game opened as a
// shared table for watchers only (SharedTables::open_watchers: the table
// server's watch mirror). The game stays here, at this keyboard; the mirror
// copies each of its steps and serves watchers the public view, as a hosted
// table serves its watchers.
#include <fmt/format.h>

#include "core/types.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/session.h"

namespace rt::shell {
PlayScreen::~PlayScreen() = default;

int PlayScreen::wake_fd() const {
  if (watch_) return watch_->wake_fd();
  return remote_ ? remote_->wake_fd() : -1;
}

std::string PlayScreen::cannot_share() const {
  if (shared()) return "Shared: others watch with join --watch";  // fits the prompt
  if (demo()) return "A demo cannot be opened to watchers.";
  if (!ctx_.shared) return "Watching is not available here.";
  return {};
}

Nav PlayScreen::watch_page(Millis now) {
  last_now_ = now;
  if (const std::string why = cannot_share(); !why.empty()) {
    flash(why, now, 3000);
    return Nav::stay();
  }
  std::vector<std::string> message;
  std::vector<Choice> choices;
  if (watch_) {
    const Watchers& w = *watch_;
    message.push_back(fmt::format("This game is open to watchers ({}). To watch, they run:", w.who()));
    message.push_back(w.command());
    if (!w.code().empty())
      message.push_back(
          fmt::format("Join code: {} (they type it when join asks; tell it only to them)", w.code()));
    message.push_back(
        fmt::format("Watching now: {}. They see what a watcher sees: the board and the log, "
                    "nobody's hand.",
                    w.count()));
    choices.push_back(Choice{"Back to the game", U'n', [] { return Nav::pop(); }});
    choices.push_back(Choice{"Stop letting others watch", U'x', [this] {
                               stop_watchers("You closed the game to watchers.");
                               return Nav::pop();
                             }});
    return Nav::push(make_confirm_screen("Others may watch", std::move(message), std::move(choices)));
  }
  const std::vector<WatchOffer> offers = ctx_.shared->watch_offers();
  if (offers.empty()) {
    // A place that cannot open a game played here (an SSH server's session:
    // other players reach only the server's tables) says what it can do.
    message.push_back(
        "Others cannot reach a game played here. To play with watchers, host it as a table: Tables, Host a "
        "new table, with Watchers: others may watch.");
    choices.push_back(Choice{"Back to the game", U'n', [] { return Nav::pop(); }});
    return Nav::push(make_confirm_screen("Let others watch", std::move(message), std::move(choices)));
  }
  message.push_back(
      "Open this game as a shared table for watchers only: they see the board and the log as any watcher "
      "does (nobody's hand), and cannot play. The game stays here; closing it closes their table.");
  message.push_back("Who may watch?");
  for (const WatchOffer& offer : offers)
    choices.push_back(Choice{offer.label, offer.hotkey, [this, offer] {
                               open_to_watchers(offer, last_now_);
                               return Nav::pop();
                             }});
  choices.push_back(Choice{"Back to the game", U'n', [] { return Nav::pop(); }});
  return Nav::push(make_confirm_screen("Let others watch", std::move(message), std::move(choices)));
}

void PlayScreen::open_to_watchers(const WatchOffer& offer, Millis now) {
  GameSession& s = session();
  try {
    watch_ = ctx_.shared->open_watchers(ctx_, s.table(), offer, [this] { return last_now_; });
  } catch (const std::exception& e) {
    // One line, on screen and in the log: the player asked and must know.
    const std::string line = fmt::format("Cannot open the game to watchers: {}", e.what());
    s.note(line);
    // The reason is long (a path): the flash fits the prompt's row and points at it.
    flash("Not opened to watchers: see the log (l)", now, 6000);
    return;
  }
  watchers_told_ = 0;
  s.note(fmt::format("Open to watchers ({}): {}", watch_->who(), watch_->command()));
  if (!watch_->code().empty()) s.note(fmt::format("Join code for watchers: {}", watch_->code()));
  flash("Open to watchers: w shows how they join.", now, 3000);
}

void PlayScreen::stop_watchers(const std::string& why) {
  if (!watch_) return;
  watch_.reset();  // closes every watcher's connection and removes the socket
  watchers_told_ = 0;
  if (local_) local_->session().note(why);
}

bool PlayScreen::serve_watchers(Millis now) {
  if (!watch_) return false;
  last_now_ = now;
  GameSession& s = session();
  try {
    watch_->follow(s.table(), MirrorPace{.phase = s.pace_phase(),
                                         .view_tick = s.view_tick(now),
                                         .picture = s.picture(),
                                         .result = s.contest_result()});
    watch_->serve(now);
  } catch (const std::exception& e) {
    stop_watchers(fmt::format("Closed to watchers: {}", e.what()));
    flash("Closed to watchers: see the log (l)", now, 4000);
    return true;
  }
  const int n = watch_->count();
  if (n == watchers_told_) return false;
  s.note(n == 0   ? std::string("Nobody is watching now.")
         : n == 1 ? std::string("1 person is watching.")
                  : fmt::format("{} people are watching.", n));
  watchers_told_ = n;
  return true;
}

Millis PlayScreen::watcher_wake_at(Millis now) const {
  return watch_ ? watch_->wake_at(now) : kNever;
}

}  // namespace rt::shell
