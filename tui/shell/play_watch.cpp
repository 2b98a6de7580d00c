// "Let others watch" (w on the game screen): the local game opened as a
// shared table for watchers only (tui/net/watch_mirror.h). The game stays
// here, at this keyboard; the mirror copies each of its steps and serves
// watchers the public view, as a hosted table serves its watchers.
#include <grp.h>
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "core/types.h"
#include "tui/net/sockets.h"
#include "tui/net/watch_mirror.h"
#include "tui/shell/play_screen.h"

namespace rt::shell {
namespace {

// The pace's phase as the table server names it.
PacePhase pace_phase(Phase phase) {
  switch (phase) {
    case Phase::Computers: return PacePhase::Computers;
    case Phase::HumanTurn:
    case Phase::PassDevice: return PacePhase::People;
    case Phase::GetReady: return PacePhase::GetReady;
    case Phase::Contest: return PacePhase::Contest;
    case Phase::Over: return PacePhase::Over;
  }
  return PacePhase::Computers;
}

// Groups this player may open a game to (as `host --group`): the process's
// supplementary groups but its own private one and root's, a few at most.
std::vector<std::string> shareable_groups() {
  std::vector<std::string> out;
  const std::string me = net::user_name(::getuid());
  for (gid_t g : net::process_groups()) {
    if (g == 0 || out.size() >= 2) continue;
    const group* gr = ::getgrgid(g);
    if (!gr || !gr->gr_name || me == gr->gr_name) continue;
    const std::string name = gr->gr_name;
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  return out;
}

// "your account only", "group friends, with a join code".
std::string who_may_watch(const net::WatchMirror& w) {
  return fmt::format("{}{}", w.group().empty() ? "your account only" : "group " + w.group(),
                     w.code().empty() ? "" : ", with a join code");
}

}  // namespace

PlayScreen::~PlayScreen() = default;

int PlayScreen::wake_fd() const {
  return watch_ ? watch_->wake_fd() : t_->wake_fd();
}

std::string PlayScreen::cannot_share() const {
  if (t_->shared()) return "Shared: others watch with join --watch";  // fits the prompt
  if (t_->demo()) return "A demo cannot be opened to watchers.";
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
    const net::WatchMirror& w = *watch_;
    message.push_back(
        fmt::format("This game is open to watchers ({}). To watch, they run:", who_may_watch(w)));
    message.push_back(w.command());
    if (!w.code().empty())
      message.push_back(
          fmt::format("Join code: {} (they type it when join asks; tell it only to them)", w.code()));
    message.push_back(
        fmt::format("Watching now: {}. They see what a watcher sees: the board and the log, "
                    "nobody's hand.",
                    w.watchers()));
    choices.push_back(Choice{"Back to the game", U'n', [] { return Nav::pop(); }});
    choices.push_back(Choice{"Stop letting others watch", U'x', [this] {
                               stop_watchers("You closed the game to watchers.");
                               return Nav::pop();
                             }});
    return Nav::push(make_confirm_screen("Others may watch", std::move(message), std::move(choices)));
  }
  message.push_back(
      "Open this game as a shared table for watchers only: they see the board and the log as any watcher "
      "does (nobody's hand), and cannot play. The game stays here; closing it closes their table.");
  message.push_back("Who may watch?");
  const std::string me = net::user_name(::getuid());
  auto open_with = [this](net::WatchSettings settings) {
    return [this, settings] {
      open_to_watchers(settings, last_now_);
      return Nav::pop();
    };
  };
  net::WatchSettings mine;
  mine.dir = ctx_.table_dir;
  choices.push_back(Choice{fmt::format("Your account ({}) only", me), U'o', open_with(mine)});
  net::WatchSettings coded = mine;
  coded.code = true;
  choices.push_back(Choice{"Your account, with a join code", U'c', open_with(coded)});
  char32_t key = U'1';
  for (const std::string& g : shareable_groups()) {
    net::WatchSettings grouped;
    grouped.group = g;
    grouped.code = true;
    choices.push_back(Choice{fmt::format("Group {}, with a join code", g), key++, open_with(grouped)});
  }
  choices.push_back(Choice{"Back to the game", U'n', [] { return Nav::pop(); }});
  return Nav::push(make_confirm_screen("Let others watch", std::move(message), std::move(choices)));
}

void PlayScreen::open_to_watchers(const net::WatchSettings& settings, Millis now) {
  GameSession& s = session();
  try {
    watch_ = std::make_unique<net::WatchMirror>(s.table(), settings, [this] { return last_now_; });
  } catch (const std::exception& e) {
    // One line, on screen and in the log: the player asked and must know.
    const std::string line = fmt::format("Cannot open the game to watchers: {}", e.what());
    s.note(line);
    // The reason is long (a path): the flash fits the prompt's row and points at it.
    flash("Not opened to watchers: see the log (l)", now, 6000);
    return;
  }
  watchers_told_ = 0;
  s.note(fmt::format("Open to watchers ({}): {}", who_may_watch(*watch_), watch_->command()));
  if (!watch_->code().empty()) s.note(fmt::format("Join code for watchers: {}", watch_->code()));
  flash("Open to watchers: w shows how they join.", now, 3000);
}

void PlayScreen::stop_watchers(const std::string& why) {
  if (!watch_) return;
  watch_.reset();  // closes every watcher's connection and removes the socket
  watchers_told_ = 0;
  if (GameSession* s = local_session(*t_)) s->note(why);
}

bool PlayScreen::serve_watchers(Millis now) {
  if (!watch_) return false;
  last_now_ = now;
  GameSession& s = session();
  try {
    watch_->follow(s.table(), net::MirrorPace{.phase = pace_phase(s.phase()),
                                              .view_tick = s.view_tick(now),
                                              .picture = s.picture(),
                                              .result = s.contest_result()});
    watch_->serve(now);
  } catch (const std::exception& e) {
    stop_watchers(fmt::format("Closed to watchers: {}", e.what()));
    flash("Closed to watchers: see the log (l)", now, 4000);
    return true;
  }
  const int n = watch_->watchers();
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
