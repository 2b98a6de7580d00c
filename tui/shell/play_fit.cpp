// What keeps a decision readable in a small window: a row saying how many
// options are out of sight (and the key help naming the keys that show
// them), hints drawn whole or not at all, and, when the decision takes the
// log's place, the newest lines of the log in the rows it leaves or a recap
// in the rule above it: a person deciding still sees what the computers did.
#include <algorithm>

#include <fmt/format.h>

#include "tui/shell/play_screen.h"

namespace rt::shell {

void PlayScreen::draw_more_options(Canvas& c, const Rect& r, int above, int below) const {
  const bool uni = c.unicode();
  std::string where;
  if (below > 0) where = fmt::format("{}{} more below", uni ? "↓ " : "v ", below);
  if (above > 0)
    where += fmt::format("{}{}{} more above", where.empty() ? "" : ", ", uni ? "↑ " : "^ ", above);
  StyledText t;
  append(t, where, style::kAccent);
  // Arrows the game takes (a sliding puzzle) leave k and j to the options.
  if (arrows_to_game(deciding()))
    append(t, ": k j show them", style::kDim);
  else
    append(t, uni ? ": ↑↓ (or k j) show them" : ": Up/Down (or k j) show them", style::kDim);
  draw_styled(c, r.x, r.y, t, r.w);
}

int PlayScreen::draw_foot(Canvas& c, const Rect& r, const PromptView& p) {
  int y = r.y;
  for (std::size_t k = 0; k < p.foot_starts.size(); ++k) {
    const std::size_t from = p.foot_starts[k];
    const std::size_t to = k + 1 < p.foot_starts.size() ? p.foot_starts[k + 1] : p.foot.size();
    // A hint cut in half reads wrong ("1-9" and no more): whole, or none.
    if (y + static_cast<int>(to - from) > r.bottom()) break;
    for (std::size_t i = from; i < to; ++i) draw_styled(c, r.x, y++, p.foot[i], r.w);
  }
  return y;
}

std::vector<HelpItem> PlayScreen::named_help(std::vector<HelpItem> items, int width) const {
  bool named_more = false;
  for (HelpItem& it : items) {
    // Options out of sight: the arrows show them (the row above the help says how many).
    if (it.what == "choose" && options_hidden_ > 0) {
      it.what = "more";
      named_more = true;
    }
  }
  // Arrows the game takes: k and j move the highlight, and show the rest.
  if (options_hidden_ > 0 && !named_more && !items.empty())
    items.insert(items.begin() + 1, HelpItem{"k j", "more"});
  if (has_legend_ < 0) has_legend_ = board_legend().empty() ? 0 : 1;
  if (has_legend_ <= 0) return items;
  int total = 0;
  for (const HelpItem& it : items) total += utf8_length(it.keys) + 1 + utf8_length(it.what) + 2;
  for (HelpItem& it : items)
    if (it.keys == "?" && it.what == "keys")
      // The keys page shows the legend first: named in full where it fits, else by the legend.
      it.what = total - 2 + 7 <= width ? "keys+legend" : "legend";
  return items;
}

Rect PlayScreen::spare_log_rect(const GameLayout& l) const {
  // One row apart from the decision, and two lines of log at least.
  const int top = l.prompt.y + prompt_rows_used_ + 1;
  const int rows = l.prompt.bottom() - top;
  if (l.wide || !l.log.empty() || rows < 2) return Rect{};
  return Rect{0, top, l.prompt.w, rows};
}

std::string PlayScreen::recap(int width, bool unicode) const {
  const PlayTable& s = *t_;
  const auto& log = s.log();
  // The newest lines since this person last decided (else the newest one),
  // as many whole as fit, oldest first. Lines naming the person deciding
  // ("Ana's turn", "Ana draws Desert") they know of: the others' moves first.
  const std::string me = seat_name(deciding());
  const auto about_me = [&](const std::string& text) {
    return !me.empty() && text.find(me) != std::string::npos;
  };
  std::vector<std::string> picked;
  int used = 0;
  const std::size_t fresh = s.fresh_from();
  bool others = false;
  for (std::size_t i = log.size(); i-- > 0 && !others;)
    others = s.visible(log[i]) && !about_me(log[i].text) && i >= fresh;
  for (std::size_t i = log.size(); i-- > 0;) {
    if (!s.visible(log[i]) || (others && about_me(log[i].text))) continue;
    if (i < fresh && !picked.empty()) break;
    std::string text = canvas_form(log[i].text, unicode);
    const int len = utf8_length(text) + (picked.empty() ? 0 : 3);
    if (used + len > width) {
      if (picked.empty()) {
        // Even the newest is too long: cut at a word, and say it goes on.
        const auto lines = wrap(text, width - 1);
        if (!lines.empty()) picked.push_back(lines.front() + (unicode ? "…" : ">"));
      }
      break;
    }
    used += len;
    picked.push_back(std::move(text));
    if (i < fresh) break;
  }
  std::string out;
  for (auto it = picked.rbegin(); it != picked.rend(); ++it) out += (out.empty() ? "" : " / ") + *it;
  return out;
}

void PlayScreen::draw_recap(Canvas& c, int y, int x, int right) const {
  // " l: the log " keeps its place at the right; the recap takes the rest.
  const std::string key = " l: the log ";
  const int key_x = right - utf8_length(key) - 2;
  c.text(key_x, y, key, style::kDim);
  const int width = key_x - x - 3;
  if (width < 12) return;
  const std::string text = recap(width, c.unicode());
  if (!text.empty()) c.text(x + 1, y, " " + text + " ", style::kNormal);
}

}  // namespace rt::shell
