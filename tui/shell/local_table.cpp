// The in-process table: a GameSession seen through the PlayTable interface.
// Built on the session's public API only.
#include <algorithm>

#include <fmt/format.h>

#include "core/computer_name.h"
#include "core/history.h"
#include "core/presenter.h"
#include "core/seat_labels.h"
#include "tui/shell/play_table.h"
#include "tui/shell/save_notice.h"
#include "tui/shell/session.h"

namespace rt::shell {
namespace {

class LocalTable final : public PlayTable, public LocalControls {
 public:
  explicit LocalTable(std::unique_ptr<GameSession> session)
      : s_(std::move(session)), over_at_open_(s_->table().over()) {}

  LocalControls* local() override { return this; }
  GameSession& session() override { return *s_; }

  std::string game_id() const override { return s_->info().id; }
  std::string game_name() const override { return s_->info().name; }
  std::string header_right() const override { return fmt::format("seed {}", s_->table().seed()); }
  bool demo() const override { return s_->demo(); }

  bool update(Millis real) override { return s_->update(real); }
  Millis wake_at(Millis real) const override { return s_->wake_at(real); }

  Phase phase() const override { return s_->phase(); }
  PlayerId asked() const override { return s_->asked(); }
  const std::vector<PlayerId>& humans() const override { return s_->humans(); }
  int human_rank(PlayerId seat) const override { return s_->human_rank(seat); }
  std::vector<PlayerId> contest_humans() const override { return s_->contest_humans(); }
  // An undo shortens the history: counted apart, so a question is never
  // taken for one already seen at the same length.
  std::uint64_t revision() const override { return s_->table().history().size() + (undos_ << 40); }

  Question question(PlayerId p) const override {
    Question q = seat_question(s_->presenter(), s_->state(), p);
    const Phase ph = s_->phase();
    if (ph != Phase::Contest && ph != Phase::GetReady) q.contest = kNoContest;
    return q;
  }

  bool choose(PlayerId seat, Action action, Millis real) override { return s_->choose(seat, action, real); }
  bool contest_act(PlayerId seat, Action action, Millis real) override {
    const ContestAnswer answer = s_->contest_act(seat, action, real);
    return answer == ContestAnswer::Taken || answer == ContestAnswer::Busy;
  }
  void confirm_pass(Millis real) override { s_->confirm_pass(real); }
  std::string undo(Millis real) override {
    std::string why_not = s_->undo(real);
    if (why_not.empty()) ++undos_;
    return why_not;
  }

  std::string ask_hint(PlayerId seat, Millis) override {
    if (seat != s_->asked()) return "A hint is for your move: ask on your turn.";
    HintReply reply = s_->hint();
    if (!reply.hint) return reply.refused;
    hint_ = reply.hint->line();
    hint_action_ = reply.hint->action;
    hint_revision_ = revision();
    return {};
  }
  std::string hint() const override { return hint_revision_ == revision() ? hint_ : std::string(); }
  std::optional<Action> hint_action() const override {
    if (hint().empty()) return std::nullopt;
    return hint_action_;
  }
  bool hints_allowed() const override { return !s_->demo(); }

  void pause(Millis real) override { s_->pause(real); }
  void resume(Millis real) override { s_->resume(real); }
  bool paused() const override { return s_->paused(); }
  int speed() const override { return s_->speed(); }
  void faster() override { s_->faster(); }
  void slower() override { s_->slower(); }
  void skip(Millis real) override { s_->skip(real); }

  std::vector<SeatPanel> seats() const override {
    return seat_panels(s_->state(), s_->table().seats(), s_->humans().size() == 1 ? "you" : "human");
  }

  // Only a computer is ever said to be playing: a person's turn may be
  // next while a contest's result is still on screen.
  std::string activity() const override {
    const State& st = s_->state();
    std::vector<PlayerId> who;
    st.actors(who);
    if (st.turn() == Turn::Player && !who.empty()) {
      if (is_human(who.front())) return fmt::format("{}'s turn is next.", seat_name(who.front()));
      return fmt::format("{} (computer) is playing...", seat_name(who.front()));
    }
    if (st.turn() == Turn::Chance && s_->nothing_played()) return "Setting up the game...";
    return "The computers are playing...";
  }
  std::string turn_status() const override {
    const State& st = s_->state();
    std::vector<PlayerId> who;
    st.actors(who);
    if (st.turn() == Turn::Player && !who.empty()) return shown_name(who.front()) + "'s turn";
    if (st.turn() == Turn::Chance && s_->nothing_played()) return "Setting up";
    return "Computers' turn";
  }
  std::vector<std::string> contest_result() const override { return s_->contest_result(); }
  std::vector<std::string> turn_result() const override { return s_->turn_result(); }
  int picture() const override { return s_->picture(); }
  std::string result_summary() const override {
    return mark_computers(s_->state().standings().summary, s_->table().seats());
  }
  std::string non_seat_winner() const override { return s_->state().standings().non_seat_winner; }
  std::vector<ResultLine> result() const override {
    std::vector<ResultLine> out;
    for (const Placing& pl : s_->state().standings().placings)
      out.push_back(ResultLine{pl.place, shown_name(pl.player), pl.detail});
    return out;
  }

  int board_rows(int width, int max_rows, bool unicode, Millis now) override {
    Canvas probe(width, std::max(1, max_rows), unicode);
    draw_board(probe, now);
    return used_rows(probe);
  }
  void draw_board(Canvas& board, Millis now) const override {
    ViewContext vc{.viewer = s_->viewer(),
                   .now = s_->view_tick(now),
                   .omniscient = s_->omniscient(),
                   .styled = true,
                   .frame = s_->view_frame(now),
                   .computers = computer_seats(s_->table())};
    s_->presenter().view(s_->state(), board, vc);
  }

  const std::vector<LogEntry>& log() const override { return s_->log(); }
  bool visible(const LogEntry& e) const override { return s_->visible(e); }
  std::size_t fresh_from() const override { return s_->fresh_from(); }

  std::string save_path() const override { return s_->save_path(); }
  std::string save() override { return s_->save(); }
  std::string record_finish(const std::string& state_dir, std::time_t now) override {
    // A demo is not a game anyone played; a game opened already over was recorded when it ended.
    if (s_->demo() || over_at_open_ || recorded_ || !s_->table().over()) return {};
    recorded_ = true;
    std::vector<PlayerId> you = s_->humans();  // every human seat is at this keyboard
    history_problem_ =
        append_history(state_dir, finished_game_record(s_->table(), now, s_->save_path(), "", you));
    return history_problem_;
  }

  std::string on_exit() override {
    if (s_->demo()) return {};
    if (!history_problem_.empty())
      return fmt::format("racetable: the game was not added to your history: {}", history_problem_);
    if (s_->phase() == Phase::Over) {
      // The end was saved when it came; if that failed, one more try.
      if (s_->save_problem().empty() || s_->save().empty()) return {};
      return not_saved_line(*s_);
    }
    if (s_->save_path().empty() || !s_->save().empty()) return not_saved_line(*s_);
    if (s_->nothing_played()) return "racetable: nothing was played yet, so no game was saved";
    return fmt::format("racetable: game saved to {} (continue it with: racetable resume)", s_->save_path());
  }
  bool unsaved() const override {
    if (s_->demo()) return false;
    if (!history_problem_.empty()) return true;
    if (s_->save_path().empty()) return s_->phase() != Phase::Over;
    return !s_->save_problem().empty();
  }

  setup::TableRequest same_players() const override {
    const Table& t = s_->table();
    setup::TableRequest req;
    req.game = t.game().info().id;
    req.players = t.seats().size();
    for (const Seat& seat : t.seats()) {
      req.seats.emplace_back(seat.kind == SeatKind::Human ? "human" : level_name(seat.level));
      req.names.push_back(seat.name);
    }
    for (const auto& v : t.game().options().variants) req.variants.push_back(v);
    for (const auto& [k, v] : t.game().options().params) req.options.push_back(k + "=" + v);
    req.contest_pace = std::string(contest_pace_name(t.contest_pace()));
    return req;
  }

  std::string stats_tag() const override {
    static const char* const kPhases[] = {"computers", "human", "pass", "ready", "contest", "over"};
    return fmt::format("{} decisions={} steps={}", kPhases[static_cast<int>(s_->phase())],
                       s_->table().decisions(), s_->table().history().size());
  }

 private:
  bool is_human(PlayerId p) const { return p >= 0 && s_->table().seats()[p].kind == SeatKind::Human; }
  std::string seat_name(PlayerId p) const {
    if (p < 0) return "";
    return s_->table().seats()[p].name;
  }
  // The name a result shows: a computer's marked as one.
  std::string shown_name(PlayerId p) const {
    return is_human(p) ? seat_name(p) : computer_name(seat_name(p));
  }

  std::unique_ptr<GameSession> s_;
  std::uint64_t undos_ = 0;
  std::string hint_;  // the last hint, for the question at hint_revision_
  Action hint_action_ = 0;
  std::uint64_t hint_revision_ = ~std::uint64_t{0};
  bool over_at_open_ = false;
  bool recorded_ = false;
  std::string history_problem_;
};

}  // namespace

int used_rows(const Canvas& c) {
  int used = 0;
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x) {
      const Cell& cell = c.at(x, y);
      if (cell.ch != U' ' || cell.style.bg != Color::Default || (cell.style.attrs & attr::kReverse)) {
        used = y + 1;
        break;
      }
    }
  return used;
}

std::unique_ptr<PlayTable> make_local_table(std::unique_ptr<GameSession> session) {
  return std::make_unique<LocalTable>(std::move(session));
}

}  // namespace rt::shell
