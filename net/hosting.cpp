// Opening a table to host (`racetable host`, `serve`): the game built or
// resumed, every setting checked, the socket listening.
#include "net/hosting.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/save.h"
#include "games/registry.h"
#include "net/codes.h"
#include "net/seat_names.h"
#include "net/server.h"
#include "net/sockets.h"
#include "net/table_files.h"
#include "net/table_log.h"

namespace rt::net {
namespace {

std::string fresh_save_path(const Table& table, const std::string& name) {
  const std::string dir = setup::state_dir();
  setup::ensure_dir(dir);
  for (int k = 1;; ++k) {
    // No seed in the name: a file name is visible to anyone who may list the directory.
    std::string path = fmt::format("{}/{}-table-{}{}.save", dir, table.game().info().id, name,
                                   k == 1 ? std::string() : fmt::format("-{}", k));
    if (!exists(path)) return path;
  }
}

// `table_name`: the name the table had when the game was saved ("" if the
// save has none); `owners`: whose each seat is, as the save says.
std::unique_ptr<Table> resume_table(const HostSettings& s, std::vector<Event>& earlier,
                                    std::string& table_name, SeatVector<SaveFile::Owner>& owners,
                                    std::optional<SaveFile::Clock>& clock) {
  const SaveFile save = parse_save(read_file(s.resume_file), s.resume_file);
  table_name = save.table;
  owners = save.owners;
  clock = save.clock;
  auto table = restore_with_events(save, s.spec.request.data_dir, earlier);
  if (table->over()) throw UserError(fmt::format("{}: that game is already over", s.resume_file));
  return table;
}

std::string seat_label(const SeatVector<Seat>& seats, PlayerId p) {
  return fmt::format("seat {} ({})", p + 1, seats[p].name);
}

// --free-seat's words: which seats the host frees (numbers from 1, or all).
std::set<PlayerId> freed_seats(const HostSettings& s, const SeatVector<Seat>& seats) {
  const int n = seats.seats();
  std::set<PlayerId> freed;
  for (const std::string& word : s.free_seats) {
    if (word == "all") {
      for (PlayerId p = 0; p < n; ++p)
        if (controller_of(seats[p]) != SeatController::Computer) freed.insert(p);
      continue;
    }
    int seat = 0;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), seat);
    if (ec != std::errc() || end != word.data() + word.size() || seat < 1 || seat > n)
      throw OptionError(fmt::format("--free-seat: '{}' is not a seat of this game (give 1 to {}, or all)",
                                    excerpt(word), n));
    const PlayerId p = seat - 1;
    if (controller_of(seats[p]) == SeatController::Computer)
      throw OptionError(fmt::format("--free-seat {}: {} is a computer's", seat, seat_label(seats, p)));
    freed.insert(p);
  }
  return freed;
}

// Whose each seat of a resumed game is (opt.owners): the save's owners, but
// for the seats the host frees. Seats the save records no owner for (it is
// older than seat owners, or a local game's) are open to anyone; at a table
// others can reach, only once the host says so (--open-seats, or yes to the
// question on its terminal). What was freed or opened goes in the log.
void resume_owners(const HostSettings& s, const Table& table, const SeatVector<SaveFile::Owner>& saved,
                   ServerOptions& opt) {
  const SeatVector<Seat> seats(table.seats());
  const std::set<PlayerId> freed = freed_seats(s, seats);
  opt.owners.resize(seats.seats());
  std::vector<PlayerId> unrecorded;
  for (PlayerId p = 0; p < seats.seats() && p < saved.seats(); ++p) {
    if (controller_of(seats[p]) == SeatController::Computer) continue;
    const SaveFile::Owner& o = saved[p];
    if (freed.count(p)) {
      if (o.owner)
        opt.notes.push_back(
            fmt::format("{} was {}'s; freed by the host at resume", seat_label(seats, p), o.owner->name));
      else if (!o.recorded)
        opt.notes.push_back(
            fmt::format("{} had no recorded owner; freed by the host at resume", seat_label(seats, p)));
    } else if (o.owner) {
      opt.owners[p] = o.owner;
    } else if (!o.recorded) {
      unrecorded.push_back(p);
    }
  }
  // A private table: nobody but the host's own account can sit anywhere.
  if (unrecorded.empty() || !opt.group_set) return;
  std::string list;
  for (std::size_t k = 0; k < unrecorded.size(); ++k)
    list += fmt::format("{}{} ({})",
                        k == 0                       ? ""
                        : k + 1 == unrecorded.size() ? " and "
                                                     : ", ",
                        unrecorded[k] + 1, seats[unrecorded[k]].name);
  const bool one = unrecorded.size() == 1;
  const std::string what = fmt::format("{} records no owner for seat{} {} (saved before seats had owners)",
                                       s.resume_file, one ? "" : "s", list);
  std::string how;
  if (s.open_seats) {
    how = "--open-seats";
  } else if (s.confirm) {
    if (!s.confirm(fmt::format("{}.\nOpen {} to anyone in group {}? [y/N] ", what, one ? "it" : "them",
                               opt.group_name)))
      throw UserError(fmt::format("{}: not resumed (give --open-seats to open {} seat{})", s.resume_file,
                                  one ? "that" : "those", one ? "" : "s"));
    how = "the host said yes at resume";
  } else {
    throw UserError(fmt::format(
        "{}: anyone in group {} could take {}; give --open-seats to resume with {} open to anyone", what,
        opt.group_name, one ? "it" : "them", one ? "it" : "them"));
  }
  for (PlayerId p : unrecorded)
    opt.notes.push_back(
        fmt::format("{} had no recorded owner: open to anyone ({})", seat_label(seats, p), how));
}

std::unique_ptr<Table> new_table(const HostSettings& s) {
  setup::TableRequest req = server_request(s.spec);
  if (req.seats.empty()) {
    // Two people and computers to the usual number of players.
    const GameEntry& e = builtin_registry().get(req.game);
    const int players = req.players > 0 ? req.players : std::min(4, e.info.max_players);
    for (int p = 0; p < players; ++p) req.seats.push_back(p < 2 ? "human" : setup::kDefaultComputer);
    req.players = players;
  }
  return make_shared_table(req);
}

// The seed from --seed-file or RACETABLE_SEED when --seed gave none. A seed
// typed on the command line is readable by every user (ps) until cli.cpp
// blanks it: at a table others play at, that instant deals them every hand.
void take_seed(HostSettings& s) {
  std::string& seed = s.spec.request.seed_text;
  const int given = (seed.empty() ? 0 : 1) + (s.seed_file.empty() ? 0 : 1);
  if (given > 1) throw OptionError("give --seed or --seed-file, not both");
  check_seed_is_private(s);
  if (!s.seed_file.empty()) {
    seed = read_secret_file(s.seed_file, "seed");
  } else if (const char* env = std::getenv(kSeedEnv); seed.empty() && env && *env) {
    if (std::strlen(env) > kMaxSpecTextBytes)
      throw UserError(fmt::format("{}: longer than {} characters", kSeedEnv, kMaxSpecTextBytes));
    seed = env;
  }
}

}  // namespace

std::unique_ptr<Table> make_shared_table(const setup::TableRequest& req) {
  const SharedSeed s = shared_table_seed(
      req.seed_text.empty() ? std::nullopt : std::optional(setup::parse_seed(req.seed_text)));
  auto table = setup::make_table(req, s.seed);
  table->set_deal(s.deal);
  std::vector<std::string> names;
  for (const Seat& seat : table->seats())
    names.push_back(seat.kind == SeatKind::Bot ? computer_name(seat.name) : seat.name);
  rename_table_seats(*table, names, req.data_dir);
  return table;
}

void take_host_flags(HostSettings& s, const std::string& game) {
  s.spec.request.game = game;
  for (std::string& seat : s.spec.request.seats)
    if (seat == kHostSeat) seat = kRemoteSeat;
  if (!s.spec.invited.empty() && s.spec.admission == Admission::Anyone) s.spec.admission = Admission::Named;
}

void check_seed_is_private(const HostSettings& s) {
  if (s.spec.group.empty() || s.seed_written == SeedWritten::Privately) return;
  const char* where = s.seed_written == SeedWritten::CommandLine
                          ? "every user of this machine can read a command line (ps)"
                          : "others may read a serve file";
  throw UserError(
      fmt::format("--seed: {}, and this table is played by others: give the seed as {}=N or "
                  "with --seed-file FILE (mode 0600)",
                  where, kSeedEnv));
}

void open_to_group(ServerOptions& opt, const std::string& group, std::string& dir, const std::string& what) {
  opt.group_set = true;
  opt.group = group_id(group);
  opt.group_name = group;
  if (!process_in_group(opt.group) && !user_in_group(::getuid(), opt.group))
    throw UserError(fmt::format("{}: you are not in that group", what));
  if (dir.empty()) dir = default_group_dir(group);
}

namespace {

// What a resumed table brings from its save besides the game.
struct ResumedFacts {
  std::vector<Event> earlier;
  std::string name;
  SeatVector<SaveFile::Owner> owners;
  std::optional<SaveFile::Clock> clock;
};

// The game: resumed from its save, or a new one from the spec.
std::unique_ptr<Table> hosted_game(HostSettings& s, ResumedFacts& resumed) {
  std::unique_ptr<Table> table;
  if (!s.resume_file.empty()) {
    if (!s.spec.request.game.empty())
      throw UserError("--resume continues a saved game: give no GAME with it");
    table = resume_table(s, resumed.earlier, resumed.name, resumed.owners, resumed.clock);
    if (s.save_path.empty()) s.save_path = s.resume_file;
  } else {
    if (s.spec.request.game.empty())
      throw UserError("host needs a GAME (see racetable list) or --resume FILE");
    take_seed(s);
    if (!s.free_seats.empty())
      throw OptionError("--free-seat frees seats of a resumed game: give it with --resume FILE");
    if (s.open_seats)
      throw OptionError("--open-seats opens seats of a resumed game: give it with --resume FILE");
    // No computer seat may pass for the host or a user invited to sit.
    std::vector<std::string> people = s.spec.invited;
    people.push_back(user_name(::getuid()));
    if (const std::string why =
            computer_seat_name_problem(server_request(s.spec).seats, s.spec.request.names, people);
        !why.empty())
      throw OptionError(fmt::format("--names: {}", why));
    table = new_table(s);
  }
  return table;
}

// `host`'s own settings outside the spec: stand-in, grace, idle and away.
void apply_host_flags(const HostSettings& s, ServerOptions& opt) {
  set_pace(opt, std::clamp(s.pace_ms, 0, 10000));
  if (!s.stand_in.empty()) {
    opt.stand_in = parse_bot_level(s.stand_in);
    if (!opt.stand_in)
      throw OptionError(fmt::format(
          "--stand-in: unknown level '{}' (use random, easy, normal, hard or expert)", s.stand_in));
  }
  if (s.grace_s < 0 || s.grace_s > 86400) throw OptionError("--grace: give seconds from 0 to 86400");
  opt.grace_ms = static_cast<int>(s.grace_s * 1000);
  if (s.idle_minutes < 0) throw OptionError("--idle: give minutes (0: never)");
  opt.idle_ms = static_cast<std::int64_t>(s.idle_minutes * 60000);
  if (!(s.away_minutes >= 0.1 && s.away_minutes <= 1440))
    throw OptionError("--away: give minutes from 0.1 to 1440");
  opt.away_ms = static_cast<int>(s.away_minutes * 60000);
}

// The join code: from --code-file, the environment, or made here. Returns
// whether it was made here (then the host is shown it).
bool settle_code(HostSettings& s) {
  bool generated_code = false;
  if (!s.code_file.empty()) {
    s.spec.admission = Admission::Code;
    s.spec.code = read_code_file(s.code_file);
  } else if (s.spec.admission == Admission::Code && s.spec.code.empty()) {
    const char* env = s.spec_fd >= 0 ? nullptr : std::getenv(kCodeEnv);
    generated_code = !env || !*env;
    s.spec.code = generated_code ? generate_code() : std::string(env);
  }
  if (const auto p = spec_problem(s.spec, InvitedNames::Users); p && p->field == SpecField::Code)
    throw UserError(p->why);
  return generated_code;
}

// What `host` prints: the table, its seats and deal, how to join, the code.
void describe_opened(OpenedTable& t, const HostSettings& s, bool group_set, bool generated_code) {
  const Table& dealt = t.server->table();
  std::string seats_text;
  for (PlayerId p = 0; p < dealt.seats().size(); ++p) {
    const Seat& seat = dealt.seats()[p];
    std::string what = " (a player)";
    if (controller_of(seat) != SeatController::Remote)
      // A name that says "(computer)" already is followed by the level alone.
      what = unmarked_name(seat.name) != seat.name ? fmt::format(" ({})", level_name(seat.level))
                                                   : fmt::format(" (computer, {})", level_name(seat.level));
    seats_text += fmt::format("  seat {}: {}{}\n", p + 1, seat.name, what);
  }
  if (const std::string deal = deal_words(dealt.seed(), dealt.deal(), false); !deal.empty())
    seats_text +=
        fmt::format("  {}{}\n", deal,
                    dealt.deal().kind == DealKind::Chosen ? " (every player is told before they sit)"
                                                          : " (the seed is revealed at the end)");
  t.how = fmt::format(
      "Table '{}' is open: {}{}\n{}Join it from any terminal on this machine{}:\n"
      "  racetable join {}{} --seat N     (or --watch to watch)\n"
      "Saved after every decision to {}\n",
      t.name, dealt.game().info().name, s.resume_file.empty() ? "" : " (resumed)", seats_text,
      group_set ? fmt::format(" (group {})", s.spec.group) : fmt::format(" (as {})", user_name(::getuid())),
      t.name, dir_flag(t.dir), t.save_path);
  // The code is shown here, to the host, and nowhere else (not in the log).
  t.code = s.spec.code;
  t.code_text =
      generated_code
          ? fmt::format("Join code: {}  (tell it to your players; they run join with --code)\n", t.code)
      : t.code.empty() ? std::string()
                       : "Players need the join code (join --code, RACETABLE_CODE or --code-file).\n";
}

}  // namespace

OpenedTable open_hosted_table(HostSettings& s, bool log_to_file, SaveWriter* writer) {
  ResumedFacts resumed;
  std::unique_ptr<Table> table = hosted_game(s, resumed);
  check_spec_flags(s.spec, InvitedNames::Users);
  ServerOptions opt;
  apply_spec(s.spec, opt);
  opt.writer = writer;
  opt.data_dir = s.spec.request.data_dir;
  apply_host_flags(s, opt);
  // A resumed table keeps its game clock: nobody's time is reset by a restart.
  if (resumed.clock) {
    if (opt.game_time_ms > 0 && opt.game_time_ms != resumed.clock->bank_ms)
      opt.notes.push_back("the game clock goes on as it was saved (--game-time applies to a new game)");
    opt.game_time_ms = resumed.clock->bank_ms;
    opt.overtime_ms = resumed.clock->overtime_ms;
    opt.clock_left = resumed.clock->left_ms;
  }
  if (!s.spec.group.empty()) open_to_group(opt, s.spec.group, s.dir, "--group " + s.spec.group);
  if (!s.resume_file.empty()) resume_owners(s, *table, resumed.owners, opt);
  const bool generated_code = settle_code(s);
  opt.code = s.spec.code;
  opt.dir = s.dir.empty() ? default_table_dir() : s.dir;
  // A resumed table keeps its name: its players were told to rejoin by it.
  if (s.spec.name.empty()) s.spec.name = resumed.name;
  const bool named = !s.spec.name.empty();
  opt.name = named ? s.spec.name : table->game().info().id;
  check_table_name(opt.name);
  prepare_table_dir(opt.dir, opt.group, opt.group_set);
  if (!named)
    opt.name = free_table_name(opt.name, [&opt](const std::string& name) {
      return exists(socket_path(opt.dir, name)) || exists(info_path(opt.dir, name));
    });
  opt.save_path = s.save_path.empty() ? fresh_save_path(*table, opt.name) : s.save_path;
  opt.history_dir = setup::state_dir();  // the game's end is recorded there (a failure is said at the table)

  OpenedTable t;
  t.name = opt.name;
  t.dir = opt.dir;
  t.save_path = opt.save_path;
  t.game_id = table->game().info().id;
  t.log = log_to_file ? TableLog::open_file(t.dir, t.name) : std::make_shared<TableLog>();
  opt.log = [log = t.log](std::string_view line) { log->write(line); };
  t.server = std::make_unique<Server>(std::move(table), opt, std::move(resumed.earlier));
  t.server->open();
  // The socket is ours: what a killed server of this table left half-written goes.
  remove_stale_temp_files(t.save_path);
  remove_stale_temp_files(info_path(t.dir, t.name));
  describe_opened(t, s, opt.group_set, generated_code);
  return t;
}

void write_table_info(const OpenedTable& t) {
  // `racetable tables` reads this; written again by a detached server, whose pid differs.
  write_file_atomically(info_path(t.dir, t.name), dump(json{{"table", t.name},
                                                            {"game", t.game_id},
                                                            {"save", t.save_path},
                                                            {"pid", static_cast<long>(::getpid())},
                                                            {"host", user_name(::getuid())}}) +
                                                      "\n");
}

std::unique_ptr<Table> restore_with_events(const SaveFile& save, const std::string& data_dir,
                                           std::vector<Event>& earlier) {
  EventSink sink;
  auto table = restore_save(save, builtin_registry(), setup::data_source(data_dir), [&](Table& t) {
    t.set_event_sink(&sink);
    t.set_step_observer([&](const Step&) {
      for (Event& e : sink) earlier.push_back(std::move(e));
      sink.clear();
    });
  });
  table->set_step_observer({});
  table->set_event_sink(nullptr);
  return table;
}

}  // namespace rt::net
