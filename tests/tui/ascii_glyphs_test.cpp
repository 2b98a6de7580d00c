// ASCII fallback (LANG unset over SSH): every glyph a game draws or says has
// an ASCII stand-in, and no stand-in means two things on one game's screen.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/canvas.h"
#include "core/presenter.h"
#include "core/table.h"
#include "games/registry.h"

using namespace rt;

namespace {

// The non-ASCII code points of a text.
void collect(std::set<char32_t>& out, std::string_view utf8) {
  for (char32_t cp : utf8_decode(utf8))
    if (cp > 0x7E) out.insert(cp);
}

struct Seen {
  std::set<char32_t> glyphs;  // every non-ASCII code point drawn or said
  int fallbacks = 0;          // '?' drawn for want of a stand-in
  std::string where;          // the first screen or text with one
};

void draw(Seen& seen, const Presenter& shown, const State& s, const ViewContext& ctx,
          const std::string& what) {
  Canvas uni(80, 24, true);
  shown.view(s, uni, ctx);
  collect(seen.glyphs, uni.to_text());
  Canvas ascii(80, 24, false);
  shown.view(s, ascii, ctx);
  if (ascii.fallbacks() > 0 && seen.where.empty()) seen.where = what + "\n" + ascii.to_text();
  seen.fallbacks += ascii.fallbacks();
}

void say(Seen& seen, const std::string& text) {
  collect(seen.glyphs, text);
  Canvas line(static_cast<int>(text.size()) + 1, 1, false);
  line.text(0, 0, text);
  if (line.fallbacks() > 0 && seen.where.empty()) seen.where = text;
  seen.fallbacks += line.fallbacks();
}

// Plays seeded games with computers at every player count, drawing every
// few steps for the first seat and for an all-seeing viewer, and saying
// every event and every option the seats are offered.
Seen play_all(const GameEntry& e) {
  Seen seen;
  for (int players = e.info.min_players; players <= e.info.max_players; ++players) {
    Options o;
    o.players = players;
    std::shared_ptr<const Game> game = builtin_registry().create(e.info.id, o, DataSource::embedded());
    for (std::uint64_t seed : {1, 2}) {
      std::vector<Seat> seats(static_cast<std::size_t>(players),
                              Seat{"Cleopatra", SeatKind::Bot, BotLevel::Easy});
      Table t(game, seats, seed);
      EventSink events;
      t.set_event_sink(&events);
      std::vector<Action> actions;
      for (int step = 0; step < 400 && !t.over(); ++step) {
        if (step % 7 == 0) {
          for (bool omniscient : {false, true}) {
            ViewContext ctx;
            ctx.viewer = 0;
            ctx.omniscient = omniscient;
            draw(seen, t.game().presenter(), t.state(), ctx,
                 fmt::format("{} players {} seed {} step {}", e.info.id, players, seed, step));
          }
          for (PlayerId p = 0; p < players; ++p) {
            actions.clear();
            t.state().legal_actions(p, actions);
            for (Action a : actions) say(seen, t.game().presenter().action_label(t.state(), p, a));
          }
        }
        if (!t.advance_one()) break;
      }
      ViewContext end;
      end.omniscient = true;
      draw(seen, t.game().presenter(), t.state(), end,
           fmt::format("{} players {} seed {} end", e.info.id, players, seed));
      for (const Event& ev : events) say(seen, ev.text);
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("ASCII: every game's screens, events and options draw without a '?' fallback", "[ascii][glyphs]") {
  for (const auto& e : builtin_registry().all()) {
    CAPTURE(e.info.id);
    const Seen seen = play_all(e);
    INFO(seen.where);
    CHECK(seen.fallbacks == 0);
  }
}

TEST_CASE("ASCII: each game's glyph table has one stand-in per meaning", "[ascii][glyphs]") {
  // The table itself: one entry per glyph.
  std::set<char32_t> listed;
  for (const StandIn& s : ascii_stand_ins()) {
    CHECK(listed.insert(s.glyph).second);
    CHECK(!s.ascii.empty());
    for (char ch : s.ascii) CHECK((ch >= 0x20 && ch < 0x7F));
  }
  for (const auto& e : builtin_registry().all()) {
    const Seen seen = play_all(e);
    // A game's glyphs, listed with their stand-ins; two glyphs that share a
    // stand-in on one game's screens must mean the same thing.
    std::map<std::string_view, std::pair<char32_t, std::string_view>> by_ascii;
    std::string table;
    for (char32_t g : seen.glyphs) {
      std::string_view meaning;
      for (const StandIn& s : ascii_stand_ins())
        if (s.glyph == g) meaning = s.meaning;
      std::string glyph;
      utf8_append(glyph, g);
      table += fmt::format("{} -> {} ({}); ", glyph, ascii_stand_in(g), meaning);
      const auto [it, fresh] = by_ascii.try_emplace(ascii_stand_in(g), g, meaning);
      if (!fresh) {
        INFO(e.info.id << ": " << table);
        CHECK(it->second.second == meaning);
      }
    }
    INFO(e.info.id << ": " << table);
    SUCCEED();
  }
}
