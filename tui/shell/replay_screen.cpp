// The replay viewer's page: the game's board at any point of its history,
// stepped with the keys of Context::Replay, seen as a seat or a watcher.
#include <fmt/format.h>

#include "tui/shell/replay_screens.h"
#include "tui/shell/replay_view.h"
#include "tui/shell/screens.h"

namespace rt::shell {
namespace {

// Space plays the decisions one after another at this pace.
constexpr Millis kPlayPaceMs = 900;

class ReplayScreen final : public Screen {
 public:
  ReplayScreen(AppContext& ctx, std::shared_ptr<const ReplayModel> model, PlayerId viewer)
      : ctx_(ctx), view_(ctx, std::move(model), viewer) {}

  void draw(Canvas& c, Millis now) override {
    view_.draw(c, now);
    const int h = c.height();
    c.fill(0, h - 1, c.width(), 1, U' ');
    // The key table's words; the view names who is seen, Space says what it does now.
    std::vector<HelpItem> items = help_line(Context::Replay, c.unicode());
    const std::string viewer = view_.viewer() < 0 ? std::string("watcher") : view_.viewer_name();
    for (HelpItem& it : items) {
      if (it.what == "view") it.what = "view: " + viewer;
      if (it.what == "play" && playing_) it.what = "stop";
    }
    const std::string view_item = "view: " + viewer;
    draw_help_line(
        c, 1, h - 1, c.width() - 2,
        pick_items(items, {"step", "turn", view_item, "ends", playing_ ? "stop" : "play", "back"}));
  }

  Nav on_key(const Key& key, Millis now) override {
    const int last = view_.model().size() - 1;
    if (const int d = key.digit_index(); d >= 0) {
      if (d < std::ssize(view_.model().seats())) view_.set_viewer(static_cast<PlayerId>(d));
      return Nav::stay();
    }
    const Cmd cmd = command(Context::Replay, key);
    if (cmd != Cmd::Toggle && cmd != Cmd::None && cmd != Cmd::Redraw) playing_ = false;
    switch (cmd) {
      case Cmd::Right: view_.set_position(view_.position() + 1); break;
      case Cmd::Left: view_.set_position(view_.position() - 1); break;
      case Cmd::PageDown: view_.set_position(view_.model().next_turn(view_.position())); break;
      case Cmd::PageUp: view_.set_position(view_.model().previous_turn(view_.position())); break;
      case Cmd::Home: view_.set_position(0); break;
      case Cmd::End: view_.set_position(last); break;
      case Cmd::View: view_.cycle_viewer(+1); break;
      case Cmd::ViewBack: view_.cycle_viewer(-1); break;
      case Cmd::Watcher: view_.set_viewer(kEveryone); break;
      case Cmd::Toggle:
        playing_ = !playing_ && view_.position() < last;
        next_at_ = now + kPlayPaceMs;
        break;
      case Cmd::Log:
        return Nav::push(make_reader_screen("Log up to here, seen as " + view_.viewer_name(),
                                            view_.log_lines(), U'l', true));
      case Cmd::Rules:
        try {
          return Nav::push(make_reader_screen("Rules", rules_document(ctx_, view_.model().info().id), U'r'));
        } catch (const std::exception&) {
          return Nav::stay();
        }
      case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      case Cmd::Back: return Nav::pop();
      default:
        // The game-over box says Enter goes to the title.
        if (key.type == KeyType::Enter && view_.position() == last) return Nav::home();
        break;
    }
    return Nav::stay();
  }

  bool tick(Millis now) override {
    if (!playing_ || now < next_at_) return false;
    view_.set_position(view_.position() + 1);
    next_at_ = now + kPlayPaceMs;
    if (view_.position() >= view_.model().size() - 1) playing_ = false;
    return true;
  }
  Millis wake_at(Millis) const override { return playing_ ? next_at_ : kNever; }
  void pause(Millis) override { playing_ = false; }

  std::string stats_tag() const override {
    return fmt::format("replay position={} view={}", view_.position(), static_cast<int>(view_.viewer()));
  }

  void open_at(int position, ReplayNotes notes) {
    view_.set_notes(std::move(notes));
    view_.set_position(position);
  }

 private:
  AppContext& ctx_;
  ReplayView view_;
  bool playing_ = false;
  Millis next_at_ = 0;
};

}  // namespace

std::unique_ptr<Screen> make_replay_screen(AppContext& ctx, std::shared_ptr<const ReplayModel> model,
                                           PlayerId viewer) {
  return std::make_unique<ReplayScreen>(ctx, std::move(model), viewer);
}

std::unique_ptr<Screen> make_replay_screen(AppContext& ctx, std::shared_ptr<const ReplayModel> model,
                                           PlayerId viewer, int position, ReplayNotes notes) {
  auto screen = std::make_unique<ReplayScreen>(ctx, std::move(model), viewer);
  screen->open_at(position, std::move(notes));
  return screen;
}

}  // namespace rt::shell
