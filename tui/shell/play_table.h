// "A table" as the play screen sees it: everything the screen draws and every
// decision it sends, with two implementations. The local one (local_table.cpp)
// wraps a GameSession in this process; the remote one
// (client/remote_table.cpp) is a socket to a table server, which renders
// each viewer's screen model, so the client never holds another seat's
// secrets. The play screen never touches a State or a Table itself.
//
// PlayTable holds only what the screen needs from any table: what to draw,
// what is asked, the answers, the phase and pace, the log. What only one
// kind of table has is a separate interface beside it, reached through one
// accessor that is nullptr for the other kinds (as OpenSpiel's
// simultaneous_move_game.h makes a kind of game a subclass rather than more
// Game virtuals): LocalControls (a game in this process: the computers'
// pace, hot-seat, saving, history) and RemoteLink (a shared table: its
// socket, notices, its loss, leaving and coming back). A replay
// (replay_view.cpp) has neither.
#pragma once

#include <array>
#include <cstdint>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/canvas.h"
#include "core/per_player.h"
#include "core/seat_question.h"
#include "games/setup.h"
#include "tui/shell/play_phase.h"

namespace rt::shell {

// The question one seat is asked now (core/seat_question.h); `contest` is
// kNoContest unless a timed contest is opening or live.
using Question = SeatQuestion;

// One seat's panel.
struct SeatPanel {
  std::string name;
  std::string kind;    // humans: "you", "human", "away", "free", "computer stands in"; computers: the level
  std::string detail;  // the standings line and score
  std::string score;
  int place = 0;
  bool human = false;
  bool acting = false;  // asked to decide now
  // A shared table's game clock: this seat's time left ("14:32"; "" none),
  // shown beside the name at every width.
  std::string clock;
};

// The seat panels of a game whose state and seats are in this process (a local
// game, a replay): `person` is what a person's seat is called ("you", "human").
std::vector<SeatPanel> seat_panels(const State& state, const SeatVector<Seat>& seats,
                                   const std::string& person);

struct ResultLine {
  int place = 0;
  std::string name;
  std::string detail;
};

class GameSession;
class LocalControls;
class RemoteLink;

class PlayTable {
 public:
  virtual ~PlayTable() = default;

  // The parts only one kind of table has; nullptr when it is not of that kind.
  virtual LocalControls* local() { return nullptr; }
  virtual RemoteLink* remote() { return nullptr; }

  virtual std::string game_id() const = 0;
  virtual std::string game_name() const = 0;
  // The right of the header: the seed (local) or the table's name (shared).
  virtual std::string header_right() const = 0;

  // Brings the table up to real time `real`; true when the screen changed.
  virtual bool update(Millis real) = 0;
  virtual Millis wake_at(Millis real) const = 0;

  virtual Phase phase() const = 0;
  // The seat asked (HumanTurn) or the one to pass the keyboard to.
  virtual PlayerId asked() const = 0;
  // The seats played at this keyboard.
  virtual const std::vector<PlayerId>& humans() const = 0;
  virtual int human_rank(PlayerId seat) const = 0;
  virtual std::vector<PlayerId> contest_humans() const = 0;
  // Changes whenever a question on screen may have changed.
  virtual std::uint64_t revision() const = 0;
  virtual Question question(PlayerId seat) const = 0;

  virtual bool choose(PlayerId seat, Action action, Millis real) = 0;
  // False only when the press came too late (the front end says so); a
  // press dropped while the seat's die is still rolling counts as heard.
  virtual bool contest_act(PlayerId seat, Action action, Millis real) = 0;

  virtual std::vector<SeatPanel> seats() const = 0;
  // What happens while nobody at this keyboard decides (a line), and the
  // header's short form of it.
  virtual std::string activity() const = 0;
  virtual std::string turn_status() const = 0;
  virtual std::string result_summary() const = 0;
  virtual std::vector<ResultLine> result() const = 0;
  // Who came first when no seat did (a Neutral Racer), else "".
  virtual std::string non_seat_winner() const = 0;

  // The board drawn for this screen's viewer on `board` (its size is the
  // room the layout gives); rows_used: how many rows it needs at that width.
  virtual int board_rows(int width, int max_rows, bool unicode, Millis now) = 0;
  virtual void draw_board(Canvas& board, Millis now) const = 0;

  virtual const std::vector<LogEntry>& log() const = 0;
  // Whether this screen's viewer may read `e` now.
  virtual bool visible(const LogEntry& e) const = 0;
  virtual std::size_t fresh_from() const = 0;
  // Who won the contest that just ended and why, a few lines, while the
  // table holds it on screen (a key goes on); empty otherwise.
  virtual std::vector<std::string> contest_result() const = 0;
  // What the person's own turn came to (the dice, the card drawn), a few
  // lines, while the table holds it on screen (a key goes on); empty
  // otherwise, and always at a table that does not hold it.
  virtual std::vector<std::string> turn_result() const { return {}; }
  // The picture of the last step being played back now (RC Racer's race
  // phase command by command, ViewContext::frame), or -1: the board is the
  // state as it is.
  virtual int picture() const = 0;

  // Hints (core/hint.h): asks the table for the hint for `seat`,
  // the seat asked now. "" when asked (the answer comes as hint(): at once
  // here, when the server answers at a shared table), else why not, one line.
  virtual std::string ask_hint(PlayerId /*seat*/, Millis /*real*/) { return "No hints at this table."; }
  // The hint for the question on screen ("Hint: MOVE. Why: ..."), or "" (none
  // asked, or the question has changed since).
  virtual std::string hint() const { return {}; }
  // The move that hint names, while it is on screen: the screen highlights
  // it once, so Enter plays the hinted move.
  virtual std::optional<Action> hint_action() const { return std::nullopt; }
  // Whether this table gives hints at all (the help line names h only then).
  virtual bool hints_allowed() const { return false; }

  // The program ends (a signal, quit): a line to print afterwards ("" for none).
  virtual std::string on_exit() = 0;
  virtual std::string stats_tag() const = 0;
};

// A game played in this process (the local table), beside its PlayTable:
// the computers' pace, the hot-seat hand-over, saving and the history. A
// table without it (a shared one, a replay) has no pace of its own and is
// not saved here: a shared table's host sets its pace, saves it and records
// its history.
class LocalControls {
 public:
  virtual ~LocalControls() = default;

  // The session behind it: what a failed save says, the watchers' copy.
  virtual GameSession& session() = 0;
  // Computers only: any key pauses, nothing is saved.
  virtual bool demo() const = 0;

  // Hot-seat: the person asked() is at the keyboard now (Phase::PassDevice ends).
  virtual void confirm_pass(Millis real) = 0;
  // Takes back the last decision of the person asked, when it showed them
  // nothing new (core/undo.h). "" when done, else why not, one line.
  virtual std::string undo(Millis real) = 0;

  virtual void pause(Millis real) = 0;
  virtual void resume(Millis real) = 0;
  virtual bool paused() const = 0;
  // The computers' speed, 1 to kSpeedCount.
  virtual int speed() const = 0;
  virtual void faster() = 0;
  virtual void slower() = 0;
  // Goes on now: the wait after a computer, a contest's result, a race's pictures.
  virtual void skip(Millis real) = 0;

  // "" when there is no usable state directory.
  virtual std::string save_path() const = 0;
  // "" or the error.
  virtual std::string save() = 0;
  // After PlayTable::on_exit(): something that had to be saved was not (the
  // program then ends with a non-zero status).
  virtual bool unsaved() const = 0;
  // The game just ended here: add it to the history in `state_dir`
  // (core/history.h). "" or why it failed (shown to the player).
  virtual std::string record_finish(const std::string& state_dir, std::time_t now) = 0;
  // The same players again ("n" after a game).
  virtual setup::TableRequest same_players() const = 0;
};

// A table played over a connection (a shared table), beside its PlayTable.
class RemoteLink {
 public:
  virtual ~RemoteLink() = default;

  // The descriptor whose data wakes the loop (the socket), or -1 once closed.
  virtual int wake_fd() const = 0;
  // A message from the table to show once ("Too late!"), or "".
  virtual std::string take_notice() = 0;
  // The table is gone (the connection was lost): why; "" while it is there.
  virtual std::string lost() const = 0;
  // Leaves the table (its seat is kept), and the command that comes back.
  virtual void leave() = 0;
  virtual std::string rejoin_hint() const = 0;
  // The host closed the table (lost() says why): the rejoin command works
  // only once they open it again.
  virtual bool closed_by_host() const = 0;
  // Talk: what a person typed at the talk line, said to the
  // table ("/mute NAME", "/unmute NAME", "/nudge", "/remove NAME" are
  // commands): "" or why it was not sent.
  virtual std::string say(const std::string& typed) = 0;
  // Another player nudged this one (their turn): who, once; "" when not.
  virtual std::string take_nudge() = 0;
  // A key was pressed here: the table counts this person as present.
  virtual void key_pressed(Millis now) = 0;
  // The finished game the table sent this player, kept in their own
  // Finished games and Stats: one line saying so, or that it is NOT SAVED
  // and why; "" when none came (the host keeps the host's own).
  virtual std::string kept_line() const = 0;
  // It came and could not be kept: shown, and the program's status says so.
  virtual bool keep_failed() const = 0;
};

// Rows of a drawn board that hold anything (blank rows at the bottom do not count).
int used_rows(const Canvas& board);

// The in-process table over a GameSession.
std::unique_ptr<PlayTable> make_local_table(std::unique_ptr<GameSession> session);

}  // namespace rt::shell
