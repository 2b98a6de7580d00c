// A table server: one game shared by several terminals over a Unix socket.
// Single-threaded with poll(). It owns the Table, paces chance, computers and
// timed contests with the shell's own Pacer (core/pacer.h), takes decisions
// from the seated clients, and sends each client only what its seat (or a
// spectator) may see: a screen model rendered for that viewer and the log
// lines meant for it. The game is saved after every decision.
#pragma once

#include <poll.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/contest_report.h"
#include "core/event.h"
#include "core/pacer.h"
#include "core/per_player.h"
#include "core/seat.h"
#include "core/seat_owner.h"
#include "core/table.h"
#include "net/protocol.h"
#include "net/repeated_lines.h"

namespace rt::net {

using Millis = std::int64_t;
// Milliseconds of the monotonic clock: what every deadline of the server and the hub counts in.
Millis steady_ms();

class Server;

// Writes saves off the serving loop, for a host of many tables (net/hub.h):
// submit() takes the text; the host hands the result back with Server::saved(),
// with the `mark` it was given (how far the text goes: steps and seats taken).
class SaveWriter {
 public:
  virtual ~SaveWriter() = default;
  virtual void submit(Server* server, std::string path, std::string text, std::size_t mark) = 0;
  // Writes `text` to `path` on the caller's thread before returning ("" or
  // the error), after the save of `server` being written finishes and instead
  // of any still queued (older texts, never renamed over this one). Nothing
  // of `server`'s is queued, written or waiting to be handed back afterwards.
  virtual std::string write_now(Server* server, const std::string& path, const std::string& text) = 0;
};

struct ServerOptions {
  std::string dir;         // socket directory (default_table_dir())
  std::string name;        // table name
  bool group_set = false;  // open to a Unix group
  gid_t group = 0;
  std::string group_name;
  std::string code;       // join code ("" none)
  std::string save_path;  // "" not saved
  std::string
      history_dir;      // the host's state directory: a finished game is added to its history.jsonl ("" not)
  int pace_ms = 800;    // after each computer decision
  int ready_ms = 1500;  // "Get ready!" before a contest with people in it
  int after_contest_ms = 1500;
  int frame_ms = 50;  // screens of a live contest at most this often
  // A computer of this level plays for a person away longer than grace_ms (none: never).
  std::optional<BotLevel> stand_in;
  int grace_ms = 30000;
  int hello_timeout_ms = 10000;
  int max_connections = 48;
  // Per user (per key at a no_socket table) other than the host: one user cannot fill the table's
  // connections (a seated player or the host still gets in when it is full).
  int max_connections_per_uid = 8;
  // Per user (per key), the host exempt: watchers are anyone's, and may
  // never fill the connections the players need.
  int max_watchers_per_user = 2;
  // After a wrong join code a user's next code is not even checked for this
  // long, doubling with each wrong one up to code_delay_max_ms.
  int code_delay_ms = 500;
  int code_delay_max_ms = 60000;
  std::size_t max_output = 1024 * 1024;  // per client: a slower reader is dropped
  int flood_rate = 60;                   // messages per second a client may send
  int flood_burst = 240;
  // After the game is over and everyone left (or nobody came back for
  // this long), the server stops.
  int linger_ms = 10 * 60 * 1000;
  // Stops after this long with nobody connected (0: never).
  std::int64_t idle_ms = 0;
  // Talk (net/talk.h): whether watchers' lines reach the players (by
  // default watchers talk among themselves: nobody tips a player off).
  bool watchers_talk = false;
  // Whether anyone may watch (false: a watch hello is refused, code
  // "no-watchers"; the host chose a table for its players only).
  bool watchers = true;
  // Invited players (empty: whoever may connect): only the host and these
  // names (a user's name, or an SSH player's registered one) are let in, to
  // play or to watch; anyone else is refused, code "not-invited".
  std::vector<std::string> invited;
  // A connected player who pressed no key for this long shows as away.
  int away_ms = 3 * 60 * 1000;
  // A clock per move (0: none): a person who has not answered an untimed
  // question after this long has the move played for them by the stand-in's
  // level (else BotLevel::Normal), and keeps the seat. Timed contests keep
  // their own rules.
  int move_time_ms = 0;
  // A game clock per person (0: none): each person's seat has this much
  // time for all its untimed decisions together, running only while that
  // seat is asked. Once it is used up, each move has overtime_ms (byo-yomi,
  // as in Go: the player keeps playing, each move quickly); past that the
  // move is played for them as the move clock does. A resumed table's
  // clock_left: what each seat had left when it was saved (empty: a full bank).
  std::int64_t game_time_ms = 0;
  std::int64_t overtime_ms = 15000;
  SeatVector<std::int64_t> clock_left;
  // host --hints: a player may ask for a hint on their move (core/hint.h),
  // answered to them alone; the save and history record it.
  bool hints = false;
  // Watch-only mirror (net/watch_mirror.h): a game played elsewhere in
  // this process feeds every step in with mirror_step(). The server never
  // moves the table itself, seats nobody and saves nothing: people may
  // only watch (the same directory, socket, peer and code checks).
  bool watch_only = false;
  // A resumed table: each seat's owner as its save recorded it (none: free
  // to whoever sits first). Only its owner may sit at an owned seat.
  SeatVector<std::optional<SeatOwner>> owners;
  // Said in the log once the table is open (seats the host freed at a resume).
  std::vector<std::string> notes;
  // No directory and no socket: clients are handed in by add_client() (the
  // SSH server's table process, net/table_process.h), who they are with them.
  bool no_socket = false;
  // Such a table's host, by key (else the host is this process's account).
  std::optional<SeatOwner> host_key;
  // Each person's own history (set: instead of history_dir): where a finished
  // game goes for a seat's owner ("" nowhere: a guest).
  std::function<std::string(const SeatOwner&)> history_dir_of;
  // Where the game's data came from ("" built in): a seat's name is the
  // sitter's, and the game is made again with it (net/seat_names.h).
  std::string data_dir;
  SaveWriter* writer = nullptr;               // none: saved in the loop, before the next message is read
  std::function<Millis()> clock;              // default: steady clock
  std::function<void(std::string_view)> log;  // one line per event, no newline
};

struct ServerStats {
  std::uint64_t connections = 0;
  std::uint64_t refused = 0;
  std::uint64_t dropped_protocol = 0;  // bad frames or messages
  std::uint64_t dropped_flood = 0;
  std::uint64_t dropped_slow = 0;
  std::uint64_t decisions = 0;  // accepted from clients
  std::uint64_t rejected = 0;   // illegal or too late
  std::uint64_t screens = 0;
  std::uint64_t screen_bytes = 0;
  std::uint64_t bytes_out = 0;
  std::uint64_t saves = 0;
  std::uint64_t talk_lines = 0;    // said and passed on
  std::uint64_t talk_refused = 0;  // too fast, empty, or from someone removed
  std::uint64_t nudges = 0;
};

class Server {
 public:
  // `earlier`: events of the steps already in a resumed table's history.
  Server(std::unique_ptr<Table> table, ServerOptions options, std::vector<Event> earlier = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Creates the directory and the socket; throws UserError.
  void open();
  // Waits at most `max_wait_ms` for a client or the game, handles it all.
  // Returns false once the server should stop.
  bool poll_once(int max_wait_ms);
  // Until the game is over and everyone has left, or stop().
  void run();

  // poll_once() in pieces, for a loop that serves many tables (net/hub.h):
  // prepare() acts on what is due; wait_ms() says how long the table may
  // sleep; watched_fds() appends the descriptors and events to wait for;
  // ready() handles one that is ready; finish() acts on what came in and
  // returns false once the table should close.
  void prepare(Millis real);
  Millis wait_ms(Millis real, Millis max_wait_ms) const;
  void watched_fds(std::vector<pollfd>& fds) const;
  void ready(int fd, short revents, Millis real);
  bool finish(Millis real);
  Millis now() const;
  // A save handed to the SaveWriter came back ("" it worked), with the
  // mark it was submitted with.
  void saved(std::size_t mark, const std::string& problem);
  bool save_in_flight() const { return save_in_flight_; }
  // Whether SIGINT, SIGTERM or SIGHUP arrived (install_signal_handlers()).
  static bool stop_signal_received();
  static int stop_signal();
  void stop() { stopping_ = true; }
  // stop(), saying why in the log.
  void stop_by_signal(int sig);
  // Another process serves this table now (a forked worker of `serve`):
  // the destructor only closes this process's descriptors (no save, the
  // socket stays).
  void hand_over() { handed_over_ = true; }
  // Saves go through `writer` from now on (Hub::add).
  void use_writer(SaveWriter* writer) { opt_.writer = writer; }
  // After the last poll: saves what is unsaved, sends what is pending, logs
  // that the table closed (run() ends with it).
  void close_table();
  // Ends the process's stop signals (SIGINT, SIGTERM, SIGHUP) into stop().
  static void install_signal_handlers();
  // A descriptor that turns readable when a stop signal arrives (this
  // process's own; -1 if it could not be made), for a loop's poll or epoll
  // set; drain_stop_wake() empties it.
  static int stop_wake_fd();
  static void drain_stop_wake();

  // A connection the caller vouches for (ServerOptions::no_socket): `who`
  // is the person (SeatOwner::of_key), a guest keeps no seat across a drop.
  // False with `why` (and `fd` closed) when that key has too many open here.
  bool add_client(int fd, const SeatOwner& who, bool guest, std::string& why);
  // The host frees seat `seat` of a person who is away: it is nobody's from
  // now on (a stand-in plays it until someone sits there, as for an absent
  // player), logged with whose it was. "" done, else why not.
  std::string free_seat(PlayerId seat);
  // The public description (what "info" answers), and whose each seat is.
  json listing() const;
  // What of the listing may change while the table runs (the rest is its
  // options): equal states, equal listings, so a list may be kept encoded.
  struct ListedSeatState {
    std::string name;
    bool person = false;
    BotLevel level = BotLevel::Random;
    std::optional<SeatOwner> owner;
    bool connected = false;
    bool stand_in = false;
    bool operator==(const ListedSeatState&) const = default;
  };
  struct ListingState {
    std::string phase;
    std::vector<ListedSeatState> seats;
    int watchers = 0;
    bool over = false;
    bool operator==(const ListingState&) const = default;
  };
  ListingState listing_state() const;
  const std::optional<SeatOwner>& seat_owner(PlayerId p) const { return seats_[p].owner; }
  const ServerOptions& options() const { return opt_; }
  // A guest's identity at a no_socket table: never saved as a seat's owner.
  static SeatOwner guest_owner(const std::string& session, const std::string& name) {
    return SeatOwner::of_key("guest:" + session, name);
  }
  static bool is_guest_owner(const SeatOwner& o) {
    return o.kind == SeatOwner::Kind::Key && o.key.rfind("guest:", 0) == 0;
  }

  const Table& table() const { return *table_; }
  const std::string& socket_path() const { return socket_path_; }
  const ServerStats& stats() const { return stats_; }
  int connected() const;
  bool started() const { return started_; }
  // Writes the save file now (if any). Returns "" or the error.
  std::string save();
  // What save() writes: the game, the table's name, whose each person's seat is.
  std::string save_text() const;
  // Why the last save failed ("" it worked): every client's status line
  // starts with it until a save works again.
  const std::string& save_problem() const { return save_problem_; }
  // Called with every frame sent, by client id (tests assert on the bytes).
  std::function<void(int client, std::string_view bytes)> on_send;

  // Watch-only: a step the game's own table applied (RuleError if it does
  // not fit this copy), and the game's pace: its phase, the tick to draw at,
  // the race picture it shows and the contest result it holds (public lines).
  void mirror_step(const Step& step);
  void mirror_pace(const MirrorPace& pace);
  int watchers() const;

  // The screen model for a viewer (a seat, or kEveryone for a spectator).
  ScreenModel screen_for(PlayerId viewer, int board_w, int board_h, bool unicode);

 private:
  struct Client;
  struct TalkRoom;  // what was said, who muted whom (net/server_talk.h)
  struct SeatState {
    SeatController controller = SeatController::Computer;
    // Whose the seat is: its first sitter's, for the whole game (kept in
    // the save, so across a restart of the server too).
    std::optional<SeatOwner> owner;
    bool sat = false;  // someone sat here since this server opened the table
    int client = -1;   // id of the connected client, -1: away
    // Since when its person is away: when they left, or for a seat nobody
    // took since the table opened, since the first person came back.
    Millis away_since = 0;
    bool stand_in = false;
    std::uint32_t ask = 0;  // the current question's number
    std::string asked;      // what was asked (prompt and options)
    bool answered = true;   // the seat decided since it was asked
    Millis asked_at = 0;    // when the current question was first shown (the move clock)
    std::size_t asked_step = static_cast<std::size_t>(-1);  // the history's length then
    bool clock_bot = false;  // the move clock ran out: a computer plays this one move
    std::int64_t bank = 0;   // the game clock: time left, not counting the question being asked
    // The bank was charged up to here, or a stand-in played until here: the
    // clock runs again from no earlier (nothing is charged twice, nor for a stand-in's time).
    Millis clock_from = 0;
    // The hint given for question `hint_ask` (server_hint.cpp): asked again,
    // it is sent again, not searched again.
    std::uint32_t hint_ask = 0;
    std::string hint;
    Action hint_action = 0;  // the move it names: the player's screen highlights it
  };
  struct LogEntry {
    std::string text;
    std::string rule;
    PlayerId audience = kEveryone;
    std::uint64_t step = 0;  // the table's history length after its step
    int picture = 0;         // Event::picture
  };
  // A line of a race being played back picture by picture waits for its picture.
  bool line_waits(const LogEntry& e, Millis real) const;

  void save_if_changed();
  // Saved before this returns, with a SaveWriter too (what a player is
  // about to be told must be on disk first: a seat taken).
  void save_now();
  void record_history();
  // A copy of the finished game in a player's own directory (`dir`): their
  // Finished games list it, their Stats replay it. "" when it could not be written.
  std::string keep_copy(const std::string& dir, const SeatOwner& owner);
  void note_save_result(const std::string& problem);
  // A local table's finished game sent to a person who sat there (once per
  // person): the host's process cannot write another user's state
  // directory, so each player's own client keeps it (docs/PROTOCOL.md "finished").
  void send_finished_game(Client& c);
  void say(std::string_view line);
  // A line about something a peer may do again and again: a few a minute
  // per peer and kind are written, the rest counted (net/repeated_lines.h).
  void say_peer(const Client& c, PeerLine kind, std::string_view line);
  void say_counts(Millis real, bool everything);
  void on_step(const Step& step);
  bool live_contest() const;
  Tick view_tick(Millis real) const;
  bool update(Millis real);
  Millis wake_at(Millis real) const;
  // When a computer stands in for seat p's absent person (kNever: not now):
  // the grace period after they left, or, at a resumed table, after the
  // first person came back while they did not.
  Millis stand_in_at(PlayerId p) const;
  bool anyone_seated() const;  // a person is connected at one of the seats
  void check_stand_ins(Millis real);
  void refresh_asks();
  void push_all(Millis real);
  void push(Client& c, Millis real, bool force);
  // A client on `fd` as it starts: its id, time, and a full flood allowance.
  std::unique_ptr<Client> new_client(int fd, Millis real);
  void accept_all(Millis real);
  void read_client(Client& c, Millis real);
  void handle(Client& c, const json& msg, Millis real);
  void handle_hello(Client& c, const json& msg, Millis real);
  // A hello answered without a seat or a watcher's place: refused (version,
  // code, invitation, watchers...) or the listing sent. True: done with it.
  bool answered_without_joining(Client& c, const Hello& h, Millis real);
  // The seat a player's hello gets (its own, or the first free), or -1 refused.
  int seat_for(Client& c, const Hello& h);
  // Seats the client; true when the seat was nobody's before (a claim to save).
  bool sit_down(Client& c, PlayerId seat, Millis real);
  // The welcome, the log it may read and the talk it may hear.
  void send_welcome(Client& c, Millis real);
  // Who a client is, as a seat's owner is recorded.
  static SeatOwner identity(const Client& c);
  // Talk, mute, nudge, remove and key presses (server_talk.cpp); false: not such a message.
  bool handle_talk_message(Client& c, const std::string& type, const json& msg, Millis real);
  void handle_talk(Client& c, const json& msg, Millis real);
  void handle_mute(Client& c, const json& msg, bool mute);
  void handle_nudge(Client& c, Millis real);
  void handle_remove(Client& c, const json& msg);
  // The recent talk a (re)joining client may hear.
  void send_talk_backlog(Client& c);
  // The host removed this watcher's person from the table.
  bool removed_watcher(const Client& c) const;
  TalkRoom& room();
  // The seats' presence for a screen: minutes without a key, minutes gone.
  void presence(PlayerId p, SeatView& v, Millis real) const;
  // Whether any seat's presence changed since the screens last showed it; when it next will.
  bool presence_moved(Millis real);
  Millis presence_due(Millis real) const;
  // The move clock (server_clock.cpp): a computer plays the moves whose time ran out.
  bool check_move_clock(Millis real);
  void clock_step_done(const Step& step);
  // The line every seat's log shows before a move the clock played.
  std::string clock_played_line(PlayerId seat) const;
  Millis move_deadline(PlayerId p) const;
  // The game clock: whether it runs for seat p now, its time left at `real`,
  // and charging a seat's decision against it.
  bool game_clock_runs(PlayerId p) const;
  std::int64_t bank_left(PlayerId p, Millis real) const;
  void charge_game_clock(PlayerId p, Millis real);
  // The save's clock line (none without a game clock), charged up to `real`.
  std::string clock_save_line(Millis real) const;
  void handle_act(Client& c, const json& msg, Millis real);
  void handle_hint(Client& c, Millis real);
  void send(Client& c, const json& msg);
  void send_raw(Client& c, const std::string& bytes);
  void flush(Client& c);
  void drop(Client& c, std::string_view why);
  // Refuses with a reason for people and a code for programs (PROTOCOL.md).
  void refuse(Client& c, const std::string& reason, std::string_view code);
  void leave_seat(Client& c, Millis real);
  json table_info(const Client& c) const;
  std::string seat_label(PlayerId p) const;
  SeatVector<SeatController> controllers() const;
  bool person_seat(PlayerId p) const { return seats_[p].controller != SeatController::Computer; }
  std::string status_line(PlayerId viewer) const;
  std::string phase_name() const;
  // The system's words of save_problem_ ("No space left on device").
  std::string save_problem_reason() const;

  std::unique_ptr<Table> table_;
  ServerOptions opt_;
  Pacer pacer_;
  ContestReport contest_report_;  // who won the last contest and why (public lines only)
  std::string socket_path_;
  int listen_fd_ = -1;
  uid_t host_uid_ = 0;
  std::vector<SeatOwner> finished_sent_;  // the people sent the finished game
  EventSink events_;
  std::vector<LogEntry> log_;
  RepeatedLines repeated_;  // peers' repeated doings, counted past a few a minute
  std::unique_ptr<TalkRoom> talk_;
  SeatVector<SeatState> seats_;
  std::vector<std::unique_ptr<Client>> clients_;
  struct WrongCodes {
    int count = 0;
    Millis next_try = 0;
  };
  std::map<std::string, WrongCodes> wrong_codes_;  // by peer_of(): who guessed, how often
  // Checks a join code `c` gave, unless its user is still waiting after a
  // wrong one; logs every wrong or early one with the peer's uid.
  enum class CodeCheck : std::uint8_t { Right, Wrong, Throttled };
  CodeCheck check_code(const Client& c, const std::string& code, Millis real);
  // Room for one more connection from `peer` (peer_of()); may close a hello-less one of a peer with more.
  bool make_room(const Client& newcomer);
  int per_peer(const std::string& peer) const;  // live connections of a user or key
  int watching(const std::string& peer) const;  // its live watchers' connections
  // The host, or a person whose seat it is: the last connection slots are
  // kept for them (by the kernel's uid, or the key the SSH server gave).
  bool host_or_seated(const Client& c) const;
  int reserved_connections() const;  // one for the host, one for each person's seat
  // Why `c` found no room ("you have 8 connections open...", "the table is full...").
  std::string no_room_reason(const Client& c) const;
  // Who a connection is for counting: "uid N", or the key.
  static std::string peer_of(const Client& c);
  // A connection as the log names it: "ana (uid 1000, pid 42)", "ana (key SHA256:...)".
  static std::string who(const Client& c);
  bool is_host(const Client& c) const;
  std::string host_name() const;
  // A seat's first sitter gives it their name (a computer named like them is renamed).
  void seat_takes_name(PlayerId seat, const std::string& person);
  bool open_ = false;
  int next_client_id_ = 1;
  ServerStats stats_;
  bool stopping_ = false;
  bool handed_over_ = false;

  // The pacer's phase, and Waiting until every person's seat is taken.
  // The pacer's phase (core/pacer.h: one lifecycle for the shell and the
  // server), once every person's seat is taken; before that (!started_)
  // the table waits for players.
  PacePhase phase_ = PacePhase::Computers;
  bool started_ = false;
  bool someone_back_ = false;  // a person sat down since the table opened
  // When people were last asked (the phase turned People, or the game
  // started): a game clock charges no time from before it.
  Millis people_since_ = 0;
  Millis clock_start(PlayerId p) const;
  Millis last_frame_ = 0;
  // What a save must keep: every step, and every seat taken for the first
  // time. save_mark() grows with both; a save is due when it passed saved_mark_.
  std::size_t claims_ = 0;
  std::size_t hints_given_ = 0;  // hints asked (host --hints): each one is saved
  std::size_t seats_freed_ = 0;  // by the host (free_seat): each one is saved
  std::size_t save_mark() const { return table_->history().size() + claims_ + hints_given_ + seats_freed_; }
  std::size_t saved_mark_ = static_cast<std::size_t>(-1);
  std::string save_problem_;
  bool save_in_flight_ = false;
  Millis over_since_ = -1;
  Millis empty_since_ = 0;
  bool ever_joined_ = false;
  bool changed_ = true;
  // What the screens showed at the last update: a picture of a race played
  // back, a contest's result held (a change sends every screen again).
  int picture_shown_ = -1;
  // The picture and Result lines every screen shows now: the pacer's, or
  // for a watch-only table the game's own.
  int shown_picture(Millis real) const;
  std::vector<std::string> shown_result(Millis real) const;
  bool result_showing(Millis real) const;  // without copying the lines
  bool result_shown_ = false;
  std::vector<PlayerId> waiting_;
  std::vector<Action> legal_;
  MirrorPace mirror_;                // watch-only: the game's own pace
  std::uint64_t pictured_step_ = 0;  // LogEntry::step of the last step that left pictures
};

// The save file text of a table whose person seats may be played by a
// stand-in computer for now: those seats are written as human seats.
// `name`: the table's name, kept in the save so `host --resume` reopens the
// same table. `controllers`: each seat's (default: controller_of each seat).
// `owners`: whose each seat is, written as an `owner` line for every person's
// seat after the seat lines (core/save.h owner_line(); empty: no lines).
std::string save_text_keeping_people(const Table& table, const std::string& name = {},
                                     const SeatVector<SeatController>& controllers = {},
                                     const SeatVector<std::optional<SeatOwner>>& owners = {});
// A seat's controller as a table made by the set-up (or a save) has it.
SeatController controller_of(const Seat& seat);

}  // namespace rt::net
