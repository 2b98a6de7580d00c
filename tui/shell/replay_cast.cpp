#include "tui/shell/replay_cast.h"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tui/shell/replay_view.h"

namespace rt::shell {
namespace {

std::string sgr(const Style& s) {
  std::string out = "\x1b[0";
  if (s.attrs & attr::kBold) out += ";1";
  if (s.attrs & attr::kDim) out += ";2";
  if (s.attrs & attr::kUnderline) out += ";4";
  if (s.attrs & attr::kReverse) out += ";7";
  if (s.fg != Color::Default) out += fmt::format(";{}", 30 + static_cast<int>(s.fg) - 1);
  if (s.bg != Color::Default) out += fmt::format(";{}", 40 + static_cast<int>(s.bg) - 1);
  return out + "m";
}

// "12.345678": seconds from whole microseconds, so no float formatting decides the bytes.
std::string seconds(std::int64_t us) {
  return fmt::format("{}.{:06}", us / 1000000, us % 1000000);
}

std::string event_line(std::int64_t us, const std::string& text) {
  const nlohmann::json data = text;
  return fmt::format("[{}, \"o\", {}]\n", seconds(us),
                     data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace

std::string ansi_frame(const Canvas* before, const Canvas& after) {
  std::string out;
  if (!before) out = "\x1b[0m\x1b[H\x1b[2J";
  bool have_style = false;
  Style current;
  int cursor_x = -1;
  int cursor_y = -1;
  for (int y = 0; y < after.height(); ++y)
    for (int x = 0; x < after.width(); ++x) {
      const Cell& cell = after.at(x, y);
      if (before && before->at(x, y) == cell) continue;
      if (!before && cell.ch == U' ' && cell.style == Style{}) continue;  // the clear did it
      if (x != cursor_x || y != cursor_y) out += fmt::format("\x1b[{};{}H", y + 1, x + 1);
      if (!have_style || !(cell.style == current)) {
        out += sgr(cell.style);
        current = cell.style;
        have_style = true;
      }
      utf8_append(out, cell.ch);
      cursor_x = x + 1;
      cursor_y = y;
    }
  if (have_style) out += "\x1b[0m";
  return out;
}

std::string asciicast_text(const ReplayModel& model, const CastOptions& options) {
  AppContext ctx;
  ctx.unicode = options.unicode;
  ReplayView view(ctx, std::shared_ptr<const ReplayModel>(&model, [](const ReplayModel*) {}), options.viewer);
  const std::int64_t pace_us = std::llround(kCastPaceSeconds * 1e6 / options.speed);

  nlohmann::ordered_json header = {
      {"version", 2},
      {"width", kCastWidth},
      {"height", kCastHeight},
      {"title", fmt::format("{}, seen as {} (racetable replay)", model.info().name, view.viewer_name())},
      {"env", {{"TERM", "xterm-256color"}}}};
  std::string out = header.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
  out += event_line(0, "\x1b[?25l");  // no cursor over the board
  std::unique_ptr<Canvas> before;
  for (int i = 0; i < model.size(); ++i) {
    view.set_position(i);
    auto frame = std::make_unique<Canvas>(kCastWidth, kCastHeight, options.unicode);
    view.draw(*frame, 0);
    // The bottom line says what this is instead of keys nobody can press.
    frame->fill(0, kCastHeight - 1, kCastWidth, 1, U' ');
    frame->text(1, kCastHeight - 1,
                fmt::format("racetable replay: decision {} of {}, seen as {}", i, model.size() - 1,
                            view.viewer_name()),
                Style{Color::Default, Color::Default, attr::kDim}, kCastWidth - 2);
    out += event_line(i * pace_us, ansi_frame(before.get(), *frame));
    before = std::move(frame);
  }
  // Hold the last frame, then give the cursor back.
  out += event_line((model.size() + 2) * pace_us, fmt::format("\x1b[{};1H\x1b[?25h", kCastHeight));
  return out;
}

}  // namespace rt::shell
