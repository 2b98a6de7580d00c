// Drawing the game screen. Everything goes through the Canvas: the game's
// own view for the board, and the shell's panels around it.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "core/computer_name.h"
#include "core/seat_labels.h"
#include "tui/shell/contest_keys.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/save_notice.h"
#include "tui/shell/stats_report.h"
#include "tui/shell/talk_input.h"

namespace rt::shell {

// Text as a canvas of that kind draws it: on ASCII, each non-ASCII code
// point with a known stand-in becomes the stand-in, so wrapping counts the
// columns "ok" or "[3]" really take (unknown ones stay, drawn as '?').
std::string canvas_form(std::string_view utf8, bool unicode) {
  if (unicode) return std::string(utf8);
  std::string out;
  for (char32_t cp : utf8_decode(utf8)) {
    const std::string_view a = cp > 0x7E ? ascii_stand_in(cp) : std::string_view{};
    if (a.empty())
      utf8_append(out, cp);
    else
      out += a;
  }
  return out;
}

namespace {

StyledText styled(std::string_view text, Style s = {}) {
  StyledText t;
  append(t, text, s);
  return t;
}

// Several humans at one keyboard each get a line of keys: an option's
// words before its colon ("Tap #2" of "Tap #2: Ben's card - ...") name it;
// the board shows the rest. Labels without one stay whole.
std::string key_label(const std::string& label) {
  const std::size_t colon = label.find(": ");
  return colon != std::string::npos && colon <= 24 ? label.substr(0, colon) : label;
}

}  // namespace

std::string PlayScreen::status() const {
  const PlayTable& s = *t_;
  const bool one_human = s.humans().size() == 1;
  std::string st;
  switch (s.phase()) {
    case Phase::HumanTurn: st = one_human ? "Your move" : seat_name(s.asked()) + "'s move"; break;
    case Phase::PassDevice: st = "Pass to " + seat_name(s.asked()); break;
    case Phase::GetReady: st = "Get ready!"; break;
    case Phase::Contest: st = s.contest_humans().empty() ? "Contest" : "Contest: go!"; break;
    case Phase::Over: st = "Game over"; break;
    case Phase::Computers: st = s.turn_status(); break;
  }
  if (user_paused_) st = "PAUSED";
  return demo() ? "Demo: " + st : st;
}

int PlayScreen::measure_board(int width, int max_rows, bool unicode, Millis now) const {
  return t_->board_rows(width, max_rows, unicode, now);
}

void PlayScreen::draw(Canvas& c, Millis now) {
  if (speed_said_until_ == 0) speed_said_until_ = now + 10000;
  saying_speed_ = now < speed_said_until_;
  c.clear();
  const int w = c.width();
  const int h = c.height();
  if (w != last_w_ || h != last_h_) {
    board_rows_ = 0;  // a new window: measure the board again
    last_w_ = w;
    last_h_ = h;
  }
  refresh_options();
  const PlayTable& s = *t_;
  seats_ = s.seats();
  // A race played back picture by picture: the standings are the race's
  // end, so they wait for the last picture, as the log does.
  if (s.picture() >= 0)
    for (SeatPanel& seat : seats_) {
      seat.detail.clear();
      seat.score.clear();
      seat.place = 0;
    }
  // Who acts; kept through chance steps (nobody acting) so markers do not flicker.
  std::vector<PlayerId> acting;
  for (PlayerId p = 0; p < seats_.seats(); ++p)
    if (seats_[p].acting) acting.push_back(p);
  if (!acting.empty() || s.phase() == Phase::Over || s.phase() == Phase::HumanTurn) actors_ = acting;
  board_rows_ =
      std::max(board_rows_, measure_board(board_columns(w), max_board_rows(w, h), c.unicode(), now));

  GameLayoutNeeds needs;
  needs.board_rows = std::max(1, board_rows_);
  needs.players = seats_.seats();
  const PromptView pv = build_prompt(w / 2, c.unicode(), now);
  needs.prompt_rows = std::ssize(pv.head) + std::ssize(pv.options) + 1;
  for (const auto& o : pv.options) needs.prompt_width = std::max<int>(needs.prompt_width, std::ssize(o) + 6);
  GameLayout l = layout_game(w, h, needs);
  if (l.wide) {
    // The Players panel as tall as its words wrapped whole need.
    needs.players_rows = players_panel_rows(l.players.w, c.unicode());
    l = layout_game(w, h, needs);
  }
  PromptView prompt = build_prompt(l.prompt.w, c.unicode(), now);
  const bool deciding_now =
      s.phase() == Phase::HumanTurn ||
      ((s.phase() == Phase::Contest || s.phase() == Phase::GetReady) && !s.contest_humans().empty());
  // A result held on screen (a contest's, the person's own turn's) reads whole too.
  const bool result_now =
      s.phase() == Phase::Computers && (!s.contest_result().empty() || !s.turn_result().empty());
  if (!l.wide && (deciding_now || result_now) && prompt_rows_needed(prompt, l.prompt.w) > l.prompt.h) {
    // Options or contest keys that do not fit whole beside the log: the
    // decision takes the full width while it is open (the log is one key away).
    GameLayoutNeeds full = needs;
    full.full_prompt = true;
    const GameLayout lf = layout_game(w, h, full);
    PromptView wider = build_prompt(lf.prompt.w, c.unicode(), now);
    if (prompt_rows_needed(wider, lf.prompt.w) < prompt_rows_needed(prompt, l.prompt.w)) {
      l = lf;
      prompt = std::move(wider);
    }
  }

  draw_header(c, l.header);
  if (s.phase() == Phase::PassDevice) {
    draw_pass(c, Rect{0, 1, w, h - 2});
  } else {
    if (!l.strip.empty()) draw_strip(c, l.strip);
    if (!l.players.empty()) draw_players(c, l.players);
    draw_board(c, l.board, now);
    draw_prompt(c, l.prompt, prompt);
    draw_rule(c, l);  // after the prompt: a recap there when the log has no rows left
    draw_log(c, l.log.empty() ? spare_log_rect(l) : l.log);
    if (s.phase() == Phase::Over)
      draw_over(c);
    else if (!lost().empty())
      draw_lost(c);
  }
  c.fill(0, h - 1, w, 1, U' ');
  if (talk_.open())  // the talk line takes the key help's row: the question stays
    talk_.draw(c, 1, h - 1, w - 2);
  else
    draw_help_line(c, 1, h - 1, w - 2, named_help(help_items(c.unicode()), w - 2));
}

void PlayScreen::draw_header(Canvas& c, const Rect& r) const {
  const PlayTable& s = *t_;
  c.fill(r.x, r.y, r.w, 1, U' ', style::kBar);
  const std::string sep = c.unicode() ? " │ " : " | ";
  int x = r.x + 1;
  x += c.text(x, r.y, s.game_name(), style::kBarBold);
  x += c.text(x, r.y, sep, style::kBar);
  x += c.text(x, r.y, status(), style::kBarBold, r.w / 2);
  if (local_ && shows_save_banner(local_->session())) {
    // It stays until a save works.
    draw_save_banner(c, Rect{x + 1, r.y, r.right() - x - 1, 1}, local_->session());
    return;
  }
  std::string right = s.header_right();
  if (watch_) right = fmt::format("{} watching{}{}", watch_->count(), sep, right);
  if (s.phase() != Phase::Over && local_) {
    std::string bar;
    for (int i = 1; i <= kSpeedCount; ++i)
      bar += i <= local_->speed() ? (c.unicode() ? "▮" : "#") : (c.unicode() ? "▯" : ".");
    right +=
        sep + (saying_speed_ ? fmt::format("speed {} of {}, as you last set it", local_->speed(), kSpeedCount)
                             : "speed " + bar);
  }
  // Who watches stays in sight when the rest does not fit.
  if (watch_ && x + 2 + utf8_length(right) >= r.right()) right = fmt::format("{} watching", watch_->count());
  // What does not fit is cut from the end, a part at a time (a shared
  // table's clocks come first, its name last).
  for (std::size_t cut;
       x + 2 + utf8_length(right) >= r.right() && (cut = right.rfind(" · ")) != std::string::npos;)
    right.resize(cut);
  const int rw = utf8_length(right);
  if (x + 2 + rw < r.right()) c.text(r.right() - 1 - rw, r.y, right, style::kBar);
}

// One row: "▶Ana (you) 3 cards │ Ben (normal) 2 cards", shortened to fit.
void PlayScreen::draw_strip(Canvas& c, const Rect& r) const {
  const PlayTable& s = *t_;
  const std::vector<PlayerId>& acting = actors_;
  const auto& seats = seats_;
  const int n = seats.seats();
  const std::string sep = c.unicode() ? " │ " : " | ";
  for (int level = 0; level < 4; ++level) {
    SeatVector<std::pair<std::string, std::string>> parts(n);  // name part, detail part
    int total = 0;
    for (PlayerId p = 0; p < n; ++p) {
      const SeatPanel& seat = seats[p];
      const std::string& kind = seat.kind;
      std::string name = seat.human ? seat.name : unmarked_name(seat.name);
      if (level == 3) name = ellipsize(name, 5, c.unicode());
      if (level == 3 && !seat.human) name += kShortComputerMark;
      // Levels of detail: every seat's kind, then only the humans' (a
      // computer still marked), then scores without words, then short names
      // (a computer's with the short mark).
      const bool show_kind = level == 0 || (level == 1 && seat.human);
      std::string head =
          show_kind ? (seat.human ? fmt::format("{} ({})", name, kind) : computer_with_level(name, kind))
          : !seat.human && level < 3 ? computer_name(name)
                                     : name;
      std::string tail = level <= 1 ? seat.detail : seat.score;
      if (level == 2 && seat.human) head = fmt::format("{} ({})", name, kind);
      // The game clock stays at every level: it is what a timed player watches.
      if (!seat.clock.empty()) head += " " + seat.clock;
      total +=
          1 + utf8_length(head) + (tail.empty() ? 0 : 1 + utf8_length(tail)) + (p ? utf8_length(sep) : 0);
      parts[p] = {std::move(head), std::move(tail)};
    }
    if (total > r.w - 1 && level < 3) continue;
    int x = r.x;
    for (PlayerId p = 0; p < n; ++p) {
      const bool on = std::find(acting.begin(), acting.end(), p) != acting.end() && s.phase() != Phase::Over;
      if (p) x += c.text(x, r.y, sep, style::kDim);
      x += c.text(x, r.y, on ? (c.unicode() ? "▶" : ">") : " ", style::kAccent);
      x += c.text(x, r.y, parts[p].first, on ? style::kBold : style::kNormal);
      if (!parts[p].second.empty()) x += c.text(x, r.y, " " + parts[p].second, style::kDim);
    }
    return;
  }
}

void PlayScreen::draw_board(Canvas& c, const Rect& r, Millis now) const {
  Canvas board(r.w, r.h, c.unicode());
  t_->draw_board(board, now);
  c.blit(board, r.x, r.y);
}

void PlayScreen::draw_rule(Canvas& c, const GameLayout& l) const {
  const PlayTable& s = *t_;
  const Glyphs& g = c.glyphs();
  c.hline(0, l.rule_y, l.wide ? l.divider_x : c.width(), style::kFrame);
  std::string title;
  switch (s.phase()) {
    case Phase::HumanTurn:
      title = s.humans().size() == 1 ? "Your move" : seat_name(s.asked()) + ", your move";
      break;
    case Phase::GetReady: title = "Get ready"; break;
    case Phase::Contest: title = s.contest_humans().empty() ? "Watch" : "Now!"; break;
    case Phase::Over: title = "Game over"; break;
    default: title = demo() ? "Demo" : shared() ? "Table" : "Computers"; break;
  }
  if (s.phase() == Phase::Computers && !s.contest_result().empty()) title = "Result";
  if (s.phase() == Phase::Computers && !s.turn_result().empty())
    title = s.humans().size() == 1 ? "Your turn" : "The last turn";
  c.text(1, l.rule_y, " " + title + " ", style::kBold);
  if (l.wide) {
    c.vline(l.divider_x, 1, c.height() - 2, style::kFrame);
    c.put(l.divider_x, l.rule_y, g.tee_r, style::kFrame);
    c.hline(l.log.x, l.log.y - 1, l.log.w, style::kFrame);
    c.text(l.log.x + 1, l.log.y - 1, " Log ", style::kBold);
    c.text(l.log.right() - 9, l.log.y - 1, " l: all ", style::kDim);
  } else if (l.log.empty()) {
    if (spare_log_rect(l).empty())
      draw_recap(c, l.rule_y, 3 + utf8_length(title), c.width());
    else
      c.text(c.width() - 16, l.rule_y, " l: the log ", style::kDim);
  } else {
    c.put(l.divider_x, l.rule_y, c.unicode() ? U'┬' : U'+', style::kFrame);
    c.vline(l.divider_x, l.rule_y + 1, l.prompt.h, style::kFrame);
    c.text(l.divider_x + 2, l.rule_y, " Log ", style::kBold);
    c.text(c.width() - 10, l.rule_y, " l: all ", style::kDim);
  }
}

// A prompt's lines as they are written: wrapped to the pane's width.
struct PlayScreen::PromptLines {
  PromptView pv;
  int w = 10;
  bool unicode = true;
  bool flash_said = false;  // the arrows' line shows the flash

  void head(std::string_view text, Style style) {
    for (auto& line : wrap_styled(styled(canvas_form(text, unicode), style), w))
      pv.head.push_back(std::move(line));
  }
  void foot(std::string_view text) {
    pv.foot_starts.push_back(pv.foot.size());
    for (auto& line : wrap_styled(styled(canvas_form(text, unicode), style::kDim), w))
      pv.foot.push_back(std::move(line));
  }
  void head_wrapped(const StyledText& t) {
    for (auto& line : wrap_styled(t, w, 2)) pv.head.push_back(std::move(line));
  }
};

void PlayScreen::prompt_options(PromptLines& out) const {
  for (std::size_t i = 0; i < q_.labels.size(); ++i) {
    StyledText t;
    append(t, i < 9 ? fmt::format("{} ", i + 1) : std::string("  "), style::kKey);
    append(t, canvas_form(q_.labels[i], out.unicode));
    out.pv.options.push_back(std::move(t));
  }
  out.pv.cursor = cursor_;
}

// A grid decision that takes arrows: say what they do before the question,
// and keep both in view however many options follow.
void PlayScreen::prompt_arrows(PromptLines& out) const {
  const std::string& help = q_.direction_help;
  if (help.empty()) return;
  out.flash_said = true;
  StyledText t;
  append(t, out.unicode ? "←↑↓→ " : "Arrows ", style::kKey);
  // A flash ("Nothing moves that way.") takes this line: the foot is often cut.
  append(t, canvas_form(flash_.empty() ? help : flash_, out.unicode),
         flash_.empty() ? style::kBold : style::kWarn);
  out.head_wrapped(t);
  out.pv.head_min = std::ssize(out.pv.head) + 2;  // and two lines of the question
}

void PlayScreen::prompt_computers(PromptLines& out, Millis now) const {
  const PlayTable& s = *t_;
  PromptView& pv = out.pv;
  // A contest just ended: who won what and why, until a key or ~2 s.
  std::vector<std::string> result = s.contest_result();
  if (result.empty()) result = s.turn_result();  // the person's own turn, held a moment
  if (!result.empty()) {
    for (std::size_t i = 0; i < result.size(); ++i) {
      pv.head_starts.push_back(std::ssize(pv.head));
      out.head(result[i], i + 1 == result.size() ? style::kAccent : style::kBold);
    }
    pv.head_newest_last = true;
    if (!demo() && !shared()) out.foot("Space or Enter: go on now.");
    return;
  }
  // What the person's last decision did to them (turn_recap.h), for a moment.
  for (const std::string& line : recap_.lines(now)) {
    pv.head_starts.push_back(std::ssize(pv.head));
    out.head(line, style::kBold);
    pv.head_newest_last = true;
  }
  pv.head_starts.push_back(std::ssize(pv.head));
  out.head(s.picture() >= 0 ? "Step by step: the board shows each move in turn." : s.activity(),
           style::kNormal);
  if (!watch_hint_.empty())
    out.foot(watch_hint_);
  else if (demo())
    out.foot("Any key pauses. + and - change the speed.");
  else if (shared())
    out.foot(s.humans().empty() ? "You are watching: PgUp/PgDn scroll the log."
                                : "Your questions appear here when it is your turn.");
  else
    out.foot(fmt::format("Speed {} of {} (+ and -). Space: go on now.", local_->speed(), kSpeedCount));
}

void PlayScreen::prompt_contest(PromptLines& out) const {
  const PlayTable& s = *t_;
  const Question& q = q_;
  const auto humans_in = s.contest_humans();
  const bool ready = s.phase() == Phase::GetReady;
  if (ready) out.head("GET READY!", style::kWarn);
  if (humans_in.empty()) {
    if (shared())
      out.head(s.activity(), style::kNormal);  // the table says who is racing
    else
      out.head(ready ? "The computers race this one." : "The computers are racing: watch the board.",
               style::kNormal);
    if (!demo() && !shared()) out.foot("Space: skip ahead.");
    return;
  }
  if (humans_in.size() == 1 && s.humans().size() == 1) {
    if (q.actions.size() == 1) {
      // The key first: in a race every moment counts.
      StyledText t;
      append(t, "Press ", style::kBold);
      append(t, "Space", style::kKey);
      append(t, " (or Enter): ", style::kBold);
      append(t, canvas_form(q.labels.front(), out.unicode), style::kAccent);
      out.head_wrapped(t);
      out.head(q.prompt, style::kNormal);
    } else {
      prompt_arrows(out);
      out.head(q.prompt, style::kAccent);
      prompt_options(out);
      out.foot("Space or Enter acts on the highlighted option; 1-9 at once.");
    }
    return;
  }
  // Several humans at one keyboard: what their questions share, then
  // each seat's own words and keys.
  std::vector<Question> qs;
  std::vector<std::string> prompts;
  for (PlayerId p : humans_in) prompts.push_back(qs.emplace_back(s.question(p)).prompt);
  const SharedQuestion shared = share_questions(prompts);
  if (!shared.common.empty()) out.head(shared.common, style::kAccent);
  for (std::size_t k = 0; k < humans_in.size(); ++k) {
    const PlayerId p = humans_in[k];
    const int rank = s.human_rank(p);
    const std::vector<std::string>& acts = qs[k].labels;
    StyledText t;
    append(t, canvas_form(seat_name(p), out.unicode) + ": ", style::kBold);
    if (!shared.own[k].empty()) append(t, canvas_form(shared.own[k], out.unicode) + " ", style::kAccent);
    for (const KeyLabel& kl : contest_key_labels(rank, std::ssize(acts), pages_[std::max(0, rank)])) {
      std::string key;
      utf8_append(key, kl.key);
      // A key and its option stay on one line.
      append_unbroken(t, "[" + key + "] ", style::kKey);
      append_unbroken(t, kl.option < 0
                             ? std::string("more")
                             : canvas_form(key_label(*std::next(acts.begin(), kl.option)), out.unicode));
      append(t, "  ");
    }
    out.head_wrapped(t);
  }
  if (humans_in.size() == 1) out.foot("Space or Enter works too.");
}

PlayScreen::PromptView PlayScreen::build_prompt(int width, bool unicode, Millis now) const {
  PromptLines out;
  out.w = std::max(10, width - 2);
  out.unicode = unicode;
  const PlayTable& s = *t_;
  switch (s.phase()) {
    case Phase::Over: out.head(s.result_summary(), style::kBold); break;
    case Phase::PassDevice: break;
    case Phase::HumanTurn: {
      const PlayerId p = s.asked();
      prompt_arrows(out);
      // The hint asked for this question (h), whole, above it: the question
      // and its options stay (they scroll if the pane is short).
      if (const std::string hint = s.hint(); !hint.empty()) out.head(hint, style::kGood);
      out.head(s.humans().size() > 1 ? seat_name(p) + ": " + q_.prompt : q_.prompt, style::kAccent);
      out.pv.head_min = std::ssize(out.pv.head);  // the whole question: the options scroll
      prompt_options(out);
      out.foot(q_.actions.size() > 1 ? "Enter plays the highlighted option; 1-9 plays one at once."
                                     : "Enter to go on.");
      break;
    }
    case Phase::Computers: prompt_computers(out, now); break;
    case Phase::GetReady:
    case Phase::Contest: prompt_contest(out); break;
  }
  // A flash ("Nothing moves that way.", why u took nothing back) heads the
  // pane, where it is never cut (the foot is, when the options fill the
  // pane); the arrows' line shows it in place of their help already.
  PromptView& pv = out.pv;
  if (!flash_.empty() && !out.flash_said) {
    pv.head.insert(pv.head.begin(), styled(canvas_form(flash_, unicode), style::kWarn));
    pv.head_min = std::max(pv.head_min, 1) + 1;
  }
  return std::move(out.pv);
}

// Each option wrapped at word boundaries to the prompt's width (continuation
// rows start under the option's text), so no option is ever cut short and no
// two options read alike. Rows short: whole options around the highlighted
// one (scrolled, with arrows saying more are above or below), then the
// question, then hints.
IndexVector<int, std::vector<StyledText>> PlayScreen::wrap_options(const PromptView& p, int width) {
  IndexVector<int, std::vector<StyledText>> out;
  out.reserve(std::ssize(p.options));
  for (const StyledText& o : p.options) out.push_back(wrap_styled(o, std::max(4, width), 2));
  return out;
}

int PlayScreen::prompt_rows_needed(const PromptView& p, int width) {
  int rows = std::ssize(p.head);  // hints (the foot) may go
  for (const auto& o : wrap_options(p, option_text_width(width))) rows += std::ssize(o);
  return rows;
}

void PlayScreen::draw_prompt(Canvas& c, const Rect& r, const PromptView& p) {
  options_rect_ = Rect{};
  option_at_row_.clear();
  const int x = r.x + 1;
  const int w = r.w - 2;
  const int rows = r.h;
  const int count = std::ssize(p.options);
  const auto wrapped = wrap_options(p, option_text_width(r.w));
  auto height = [&](int i) -> int { return std::ssize(wrapped[i]); };
  const int cursor = std::clamp(p.cursor, 0, std::max(0, count - 1));
  const int head_min = p.head.empty() ? 0
                                      : std::min<int>(std::ssize(p.head),
                                                      std::max<int>(1, std::min<int>(p.head_min, rows - 1)));
  // The options shown: all if they fit, else a window of whole options
  // around the highlight, growing below and above in turn.
  int first = 0;
  int last = count - 1;
  int used = 0;
  for (int i = 0; i < count; ++i) used += height(i);
  const bool partial = count > 0 && used > rows - head_min;
  if (partial) {
    // One row says how many more there are (play_fit.cpp): the arrows alone are easy to miss.
    const int budget = std::max(rows - head_min - 1, std::min(rows - 1, height(cursor)));
    first = last = cursor;
    used = height(cursor);
    for (bool grew = true; grew;) {
      grew = false;
      if (last + 1 < count && used + height(last + 1) <= budget) {
        used += height(++last);
        grew = true;
      }
      if (first > 0 && used + height(first - 1) <= budget) {
        used += height(--first);
        grew = true;
      }
    }
  }
  const int opt_rows = std::min(rows - (partial ? 1 : 0), count > 0 ? used : 0);
  const int head_rows = std::min<int>(std::ssize(p.head), rows - opt_rows);
  int y = r.y;
  // What happened, short of rows: a first row says the earlier lines are in
  // the log, and the newest lines follow whole.
  int skip = 0;
  if (p.head_newest_last && head_rows > 1 && head_rows < std::ssize(p.head)) {
    skip = std::ssize(p.head) - (head_rows - 1);
    // From the start of a line, never the middle of one.
    for (const int start : p.head_starts)
      if (start >= skip) {
        skip = start;
        break;
      }
    c.text(x, y++, fmt::format("{} earlier in the log (l)", c.unicode() ? "↑" : "^"), style::kDim, w);
  }
  for (int i = skip > 0 ? 1 : 0; i < head_rows && (skip == 0 || skip + i - 1 < std::ssize(p.head)); ++i) {
    StyledText line = p.head[static_cast<std::size_t>(skip > 0 ? skip + i - 1 : i)];
    const bool cut = skip == 0 && i == head_rows - 1 && head_rows < std::ssize(p.head);
    draw_styled(c, x, y, line, cut ? w - 1 : w);
    if (cut) c.put(x + std::min<int>(std::ssize(line), w - 1), y, c.unicode() ? U'…' : U'>', style::kDim);
    ++y;
  }
  if (opt_rows > 0) {
    options_rect_ = Rect{x, y, w, opt_rows};
    const int bottom = y + opt_rows;
    for (int idx = first; idx <= last && y < bottom; ++idx) {
      const bool sel = idx == p.cursor;
      const auto& lines = wrapped[idx];
      c.text(x, y, sel ? (c.unicode() ? "▶" : ">") : " ", style::kAccent);
      for (std::size_t k = 0; k < lines.size() && y < bottom; ++k) {
        StyledText line = lines[k];
        if (sel)  // past the key (first row) or the hang (the rest)
          for (std::size_t j = 2; j < line.size(); ++j) line[j].style = style::kSelected;
        // Cut only when one option alone outgrows the whole prompt.
        const bool cut = y == bottom - 1 && k + 1 < lines.size();
        draw_styled(c, x + 2, y, line, cut ? w - 4 : w - 3);
        if (cut) c.put(x + w - 2, y, c.unicode() ? U'…' : U'>', style::kDim);
        option_at_row_.push_back(idx);
        ++y;
      }
    }
    if (first > 0) c.put(r.right() - 1, options_rect_.y, c.unicode() ? U'↑' : U'^', style::kDim);
    if (last + 1 < count)
      c.put(r.right() - 1, options_rect_.bottom() - 1, c.unicode() ? U'↓' : U'v', style::kDim);
  }
  options_hidden_ = partial ? count - (last - first + 1) : 0;
  if (partial && y < r.bottom()) draw_more_options(c, Rect{x, y++, w, 1}, first, count - 1 - last);
  y = draw_foot(c, Rect{x, y, w, r.bottom() - y}, p);
  prompt_rows_used_ = y - r.y;
}

int PlayScreen::option_at(const Key& key) const {
  if (key.type != KeyType::Click || !options_rect_.contains(key.x, key.y)) return -1;
  const auto row = static_cast<std::size_t>(key.y - options_rect_.y);
  return row < option_at_row_.size() ? option_at_row_[row] : -1;
}

void PlayScreen::draw_log(Canvas& c, const Rect& r) {
  log_rect_ = r;
  if (r.empty()) return;  // a decision has the full width
  const PlayTable& s = *t_;
  const Rect in = r;
  const int w = std::max(8, in.w - 1);
  // Wrap from the newest entry back until the rows (and the scroll) are filled.
  std::vector<StyledText> lines;
  const auto& log = s.log();
  const std::size_t fresh = s.fresh_from();
  const int want = in.h + log_scroll_;
  for (std::size_t i = log.size(); i-- > 0 && std::ssize(lines) < want + in.h;) {
    const LogEntry& e = log[i];
    if (!s.visible(e)) continue;
    StyledText t;
    if (!e.talk_from.empty())
      t = talk_log_line(canvas_form(e.talk_from, c.unicode()), canvas_form(e.text, c.unicode()), c.unicode());
    else
      append(t, canvas_form(e.text, c.unicode()), i >= fresh ? style::kBold : style::kNormal);
    // The rule follows the text, never broken across lines.
    if (!e.rule.empty()) {
      append(t, " ");
      append_unbroken(t, canvas_form("(" + e.rule + ")", c.unicode()), style::kDim);
    }
    const auto wrapped = wrap_styled(t, w, 1);
    lines.insert(lines.begin(), wrapped.begin(), wrapped.end());
  }
  const int total = std::ssize(lines);
  log_max_scroll_ = std::max(0, total - in.h);
  log_scroll_ = std::clamp(log_scroll_, 0, log_max_scroll_);
  const int first = std::max(0, total - in.h - log_scroll_);
  for (int i = 0; i < in.h && first + i < total; ++i)
    draw_styled(c, in.x + 1, in.y + i, lines[static_cast<std::size_t>(first + i)], w);
  if (log_scroll_ > 0)
    c.text(in.right() - 12, in.bottom() - 1, fmt::format("{} more", c.unicode() ? "↓" : "v"), style::kAccent);
}

void PlayScreen::draw_pass(Canvas& c, const Rect& body) const {
  const std::string who = seat_name(t_->asked());
  const int mid = body.y + body.h / 2 - 3;
  centred(c, body, mid, "Pass the keyboard to", style::kNormal);
  centred(c, body, mid + 2, who, style::kAccent);
  centred(c, body, mid + 4, fmt::format("{}: press Enter when only you can see the screen.", who),
          style::kBold);
  centred(c, body, mid + 6, "(Everyone else's cards stay hidden until their own turn.)", style::kDim);
}

std::vector<HelpItem> PlayScreen::help_items(bool unicode) const {
  const PlayTable& s = *t_;
  if (s.phase() == Phase::Over) {
    std::vector<HelpItem> items{HelpItem{"Enter/q", "title"}};
    if (same_players()) items.push_back(HelpItem{"n", "play again"});
    if (can_review()) items.push_back(HelpItem{"v", "review"});
    items.push_back(HelpItem{"l", "log"});
    items.push_back(HelpItem{"r", "rules"});
    return items;
  }
  if (!lost().empty()) return {HelpItem{"Enter", "title"}, HelpItem{"q", "quit"}};
  if (demo()) return help_line(Context::Demo, unicode);
  if (s.phase() == Phase::PassDevice)
    return {HelpItem{"Enter", "I am " + seat_name(s.asked())}, HelpItem{"?", "keys"}, HelpItem{"q", "quit"}};
  const auto items = help_line(Context::Game, unicode);
  // Arrows the game takes (a sliding puzzle) come first; the menu highlight
  // then moves with k and j only.
  const bool arrows = arrows_to_game(deciding());
  auto with_arrows = [&](std::vector<HelpItem> picked) {
    if (arrows) picked.insert(picked.begin(), HelpItem{unicode ? "←↑↓→" : "Arrows", "move"});
    return picked;
  };
  if ((s.phase() == Phase::Contest || s.phase() == Phase::GetReady) && !s.contest_humans().empty()) {
    // Several humans racing use the seat keys shown above, not Space.
    if (s.contest_humans().size() > 1) return pick_items(items, {"keys", "rules", "log", "quit"});
    return with_arrows(
        pick_items(help_line(Context::Contest, unicode), {"act!", "keys", "rules", "log", "quit"}));
  }
  // A question's line: `own` after the choosing keys, `last` before quit; h
  // is named where it would give a hint, in the place of "l log" (the log's
  // newest lines are on screen; the ? page has l). With arrows the highlight
  // moves with k j only: no "choose".
  const std::string_view log_or_hint = hint_offered() ? "hint" : "log";
  auto question = [&](std::string_view own, std::string_view last) {
    auto picked =
        pick_items(items, {"choose", "play", "pick", own, "keys", "rules", log_or_hint, last, "quit"});
    if (arrows) std::erase_if(picked, [](const HelpItem& i) { return i.what == "choose"; });
    return with_arrows(std::move(picked));
  };
  // A shared table is saved by its host: no "save" key there; talk instead.
  if (s.phase() == Phase::HumanTurn && remote_) return question("talk", "");
  if (s.phase() == Phase::HumanTurn && shared())
    return arrows ? with_arrows(pick_items(items, {"play", "pick", "keys", "rules", "log", "quit"}))
                  : pick_items(items, {"choose", "play", "pick", "keys", "rules", "log", "quit"});
  // u is named when it would take a move back, in the place of "s save" (the
  // game saves at every move anyway; the ? page still has s): 80 columns hold
  // no more.
  if (s.phase() == Phase::HumanTurn && undo_offered()) return question("undo", "");
  if (s.phase() == Phase::HumanTurn) return question("", "save");
  if (remote_ && s.humans().empty()) return pick_items(items, {"talk", "keys", "rules", "log", "quit"});
  if (remote_) return pick_items(items, {"talk", "nudge", "keys", "rules", "log", "quit"});
  if (shared()) return pick_items(items, {"keys", "rules", "log", "quit"});
  // The computers' turn has room for "w watch"; a question's line has not (the ? page has it).
  return pick_items(items, {"skip", "speed", "keys", "rules", "log", "save", "watch", "quit"});
}

}  // namespace rt::shell
