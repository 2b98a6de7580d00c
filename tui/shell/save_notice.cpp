#include "tui/shell/save_notice.h"

#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "tui/shell/session.h"

namespace rt::shell {

std::string save_failure_reason(const std::string& error, const std::string& path) {
  const std::string prefix = path + ": ";
  if (!path.empty() && error.compare(0, prefix.size(), prefix) == 0) return error.substr(prefix.size());
  return error;
}

std::string short_save_reason(const GameSession& session) {
  const std::string& why = session.save_problem();
  const auto colon = why.rfind(": ");
  return colon == std::string::npos ? why : why.substr(colon + 2);
}

bool has_earlier_save(const GameSession& session) {
  const std::string& path = session.save_path();
  return !path.empty() && ::access(path.c_str(), F_OK) == 0;
}

std::string not_saved_line(const GameSession& session) {
  if (session.save_path().empty())
    return "racetable: the game could not be saved (no state directory); it is lost";
  return fmt::format("racetable: the game could not be saved: {}; {}",
                     save_failure_reason(session.save_problem(), session.save_path()),
                     has_earlier_save(session) ? "the game as last saved is in " + session.save_path()
                                               : std::string("it is lost"));
}

bool shows_save_banner(const GameSession& session) {
  return !session.demo() && (session.save_path().empty() || !session.save_problem().empty());
}

void draw_save_banner(Canvas& c, const Rect& r, const GameSession& session) {
  if (!shows_save_banner(session) || r.w <= 0) return;
  // Reverse video carries it without colour; red where there is colour.
  constexpr Style kBanner{Color::Red, Color::Default, attr::kReverse | attr::kBold};
  const std::string text = session.save_path().empty()
                               ? std::string(" NOT SAVED: no usable state directory ")
                               : fmt::format(" NOT SAVED: {} - s saves again ", short_save_reason(session));
  const int w = std::min(r.w, utf8_length(text));
  c.fill(r.right() - w, r.y, w, 1, U' ', kBanner);
  c.text(r.right() - w, r.y, text, kBanner, w);
}

}  // namespace rt::shell
