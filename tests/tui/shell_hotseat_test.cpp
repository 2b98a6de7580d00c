// Hot-seat secrecy: two humans share one keyboard with two computers, and
// every frame the shell shows is read. A human's hand (the rows of the board
// only their own view has, and the log lines only they may read) may be on
// screen only from their own "Pass the keyboard" page until the game asks
// anyone else; never during computers' turns, contests, or the other
// human's turn.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

#include "core/presenter.h"
#include "core/seat_question.h"
#include "games/registry.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/layout.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::TempDir;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string trimmed(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  return s.substr(i);
}

// Collapses runs of spaces, so wrapped text reads as one line.
std::string squeezed(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += ch;
  }
  return trimmed(out);
}

// The rows of the board as `viewer` sees it, at the width the play screen gives the board.
std::set<std::string> view_rows(const Presenter& shown, const State& st, PlayerId viewer, int width,
                                bool unicode) {
  Canvas c(width, 80, unicode);
  shown.view(st, c, ViewContext{viewer, st.now(), false});
  std::set<std::string> rows;
  for (std::string& row : lines_of(c.to_text()))
    if (std::string t = trimmed(row); !t.empty()) rows.insert(std::move(t));
  return rows;
}

// The log pane's text, joined: the columns right of its " Log " title, below it.
std::string log_text(const std::vector<std::string>& frame) {
  for (std::size_t y = 0; y < frame.size(); ++y) {
    const std::size_t at = frame[y].find(" Log ");
    if (at == std::string::npos) continue;
    std::string joined;
    for (std::size_t r = y + 1; r + 1 < frame.size(); ++r)
      if (frame[r].size() > at) joined += " " + frame[r].substr(at);
    return squeezed(joined);
  }
  return {};
}

// The frame above the decision pane (the board): where a hand is drawn. A
// secret row is looked for here, not in the log, whose public lines may name
// what a view also lists (a racer's powers, wrapped to a row of their own).
std::string board_part(const std::vector<std::string>& frame) {
  std::string board;
  for (const std::string& line : frame) {
    const std::string t = trimmed(line);
    if (t.rfind("- ", 0) == 0 || t.rfind("\u2500 ", 0) == 0) break;
    board += line + "\n";
  }
  return board;
}

struct HotSeatRun {
  int frames = 0;
  int own_hand_frames = 0;  // a human's secret rows on screen in their own turn (the check sees them)
  int public_frames = 0;    // frames checked while nobody's hand may show
  int computer_frames = 0;  // of those, the computers' turn after a human's
  int contest_frames = 0;   // of those, a contest with both humans
  int human_turns = 0;
  int pass_pages = 0;      // "Pass the keyboard to ..." pages
  int forced_in_view = 0;  // forced moves that show nothing, answered with no pass page first
  bool over = false;
  std::vector<std::string> leaks;
};

// Plays `game` with Ana and Ben (human) and two computers, checking every frame.
HotSeatRun play_hot_seat(const std::string& game, int seed, int max_steps) {
  HotSeatRun run;
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req;
  req.game = game;
  req.seats = {"human", "human", "normal", "normal"};
  req.names = {"Ana", "Ben", "Cleo", "Dev"};
  req.seed_text = std::to_string(seed);
  App app(term, ctx, make_seats_screen(ctx, req));

  PlayerId owner = kEveryone;       // whose hand may show: set by their pass page
  PlayerId passing_to = kEveryone;  // the pass page on screen was for this human
  app.on_frame = [&](Millis, const std::string&) {
    auto* ps = dynamic_cast<PlayScreen*>(&app.top());
    if (!ps) return;
    GameSession& s = ps->session();
    const State& st = s.state();
    ++run.frames;
    // Who may see their hand now, from what the humans were shown.
    switch (s.phase()) {
      case Phase::PassDevice:
        if (passing_to != s.asked()) {
          ++run.pass_pages;
          // A hand-over only where the question shows something of the hand.
          if (forced_and_public(s.presenter(), st, s.asked()))
            run.leaks.push_back(
                fmt::format("{} seed {} frame {}: a pass page before a forced move that shows "
                            "nothing",
                            game, seed, run.frames));
        }
        owner = kEveryone;
        passing_to = s.asked();
        break;
      case Phase::HumanTurn:
        if (passing_to != s.asked() && owner != s.asked() && forced_and_public(s.presenter(), st, s.asked()))
          ++run.forced_in_view;
        if (passing_to == s.asked()) owner = s.asked();
        if (owner != s.asked()) owner = kEveryone;  // a hand with no pass page first: nobody's may show
        passing_to = kEveryone;
        break;
      case Phase::Computers: {
        std::vector<PlayerId> who;
        if (st.turn() == Turn::Player || st.turn() == Turn::Simultaneous) st.actors(who);
        if (std::any_of(who.begin(), who.end(), [&](PlayerId p) { return p != owner; })) {
          if (owner != kEveryone) ++run.computer_frames;
          owner = kEveryone;
        }
        break;
      }
      case Phase::GetReady:
      case Phase::Contest:
        if (s.contest_humans().size() == 2) ++run.contest_frames;
        owner = kEveryone;
        break;
      case Phase::Over: owner = kEveryone; break;
    }
    const std::string text = term.text();
    const std::vector<std::string> frame = lines_of(text);
    const std::string log = log_text(frame);
    const std::string board = board_part(frame);
    const int width = board_columns(term.width());
    std::vector<std::set<std::string>> views;
    for (PlayerId v = 0; v < 4; ++v) views.push_back(view_rows(s.presenter(), st, v, width, false));
    const std::set<std::string> everyone = view_rows(s.presenter(), st, kEveryone, width, false);
    if (owner == kEveryone) ++run.public_frames;
    for (PlayerId h : {PlayerId{0}, PlayerId{1}}) {
      // The rows only h's view has: h's hand (and whatever else only h knows).
      std::vector<std::string> secret;
      for (const std::string& row : views[static_cast<std::size_t>(h)]) {
        bool shared = everyone.count(row) != 0;
        for (PlayerId v = 0; v < 4 && !shared; ++v)
          shared = v != h && views[static_cast<std::size_t>(v)].count(row);
        if (!shared) secret.push_back(row);
      }
      bool shown = false;
      for (const std::string& row : secret)
        if (board.find(row) != std::string::npos) {
          shown = true;
          if (owner != h)
            run.leaks.push_back(fmt::format(
                "{} seed {} frame {}: {}'s \"{}\" on screen (phase {}, hand owner {})", game, seed,
                run.frames, h == 0 ? "Ana" : "Ben", row, static_cast<int>(s.phase()), owner));
        }
      if (shown && owner == h) ++run.own_hand_frames;
      // Log lines only h (or h and one other seat) may read.
      for (const LogEntry& e : s.log())
        if (addressed_to(e.audience, h) && !addressed_to(e.audience, owner) && !log.empty() &&
            log.find(squeezed(e.text)) != std::string::npos)
          run.leaks.push_back(fmt::format("{} seed {} frame {}: {}'s log line \"{}\" on screen", game, seed,
                                          run.frames, h == 0 ? "Ana" : "Ben", e.text));
    }
  };

  term.press(KeyType::Enter);  // seats as given
  term.press(KeyType::Enter);  // start
  std::uint64_t pick = static_cast<std::uint64_t>(seed) * 2654435761u;
  for (int i = 0; i < max_steps && !app.finished() && run.leaks.size() < 5; ++i) {
    app.step_once();
    auto* ps = dynamic_cast<PlayScreen*>(&app.top());
    if (!ps || term.keys_pending()) continue;
    GameSession& s = ps->session();
    if (s.phase() == Phase::Over) {
      run.over = true;
      break;
    }
    pick = pick * 6364136223846793005ull + 1442695040888963407ull;
    const auto r = static_cast<unsigned>(pick >> 33);
    if (s.phase() == Phase::PassDevice) {
      term.press(KeyType::Enter);
    } else if (s.phase() == Phase::HumanTurn) {
      ++run.human_turns;
      std::vector<Action> acts;
      s.state().legal_actions(s.asked(), acts);
      const unsigned n = static_cast<unsigned>(std::min<std::size_t>(9, acts.size()));
      term.press(static_cast<char32_t>(U'1' + r % std::max(1u, n)));
    } else if (s.phase() == Phase::Contest && !s.contest_humans().empty() && r % 4 == 0) {
      // A human's first option in the race: Ana's z, Ben's /.
      const PlayerId who = s.contest_humans()[r / 4 % s.contest_humans().size()];
      term.press(s.human_rank(who) == 0 ? U'z' : U'/');
    }
  }
  return run;
}

}  // namespace

TEST_CASE("hot-seat: no hand is ever on screen outside its owner's turn", "[shell][hotseat]") {
  // Every game whose hands are secret; RC Racer's Controllers lie face up.
  for (const auto& entry : builtin_registry().all()) {
    if (!entry.info.secret_hands) continue;
    int own_hand = 0, after_human = 0;
    for (int seed : {1, 2, 3}) {
      const HotSeatRun run = play_hot_seat(entry.info.id, seed, 6000);
      INFO(entry.info.id << " seed " << seed << ": " << run.frames << " frames, " << run.human_turns
                         << " human turns, " << run.own_hand_frames << " with a hand shown to its owner, "
                         << run.computer_frames << " computer turns after a human's, " << run.contest_frames
                         << " contest frames with both humans" << (run.over ? ", to the end" : ""));
      for (const std::string& leak : run.leaks) UNSCOPED_INFO(leak);
      CHECK(run.leaks.empty());
      CHECK(run.human_turns > 0);
      own_hand += run.own_hand_frames;
      after_human += run.computer_frames;
    }
    // The check can see a hand: it saw one shown to its owner, and the
    // computers played after a human.
    INFO(entry.info.id);
    CHECK(own_hand > 0);
    CHECK(after_human > 0);
  }
}

TEST_CASE("hot-seat: a forced move that shows nothing of a hand needs no hand-over", "[shell][hotseat]") {
  // Go Wacky!'s pass when no card matches: everyone learns it as it is made.
  int forced = 0, pages = 0;
  for (int seed : {21, 1, 2}) {
    const HotSeatRun run = play_hot_seat("go-wacky", seed, 6000);
    for (const std::string& leak : run.leaks) UNSCOPED_INFO(leak);
    CHECK(run.leaks.empty());
    forced += run.forced_in_view;
    pages += run.pass_pages;
  }
  INFO(forced << " forced moves in view, " << pages << " pass pages");
  CHECK(forced > 0);
  CHECK(pages > 0);  // a real question still gets its hand-over
}
