#include "core/save.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/printable.h"

namespace rt {
namespace {

std::string player_token(PlayerId p) {
  if (p == kChance) return "chance";
  if (p == kClock) return "clock";
  return std::to_string(p + 1);
}

std::vector<std::string> split_words(const std::string& line, std::size_t max_words) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size() && out.size() + 1 < max_words) {
    while (i < line.size() && line[i] == ' ') ++i;
    if (i >= line.size()) break;
    std::size_t j = line.find(' ', i);
    if (j == std::string::npos) j = line.size();
    out.push_back(line.substr(i, j - i));
    i = j;
  }
  while (i < line.size() && line[i] == ' ') ++i;
  if (i < line.size()) out.push_back(line.substr(i));
  return out;
}

bool parse_u64(const std::string& s, std::uint64_t& out) {
  if (s.empty() || s.size() > 20) return false;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (v > (~0ull - d) / 10) return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

// A name or key as a save line holds it: one line, no control characters, bounded.
constexpr std::size_t kMaxOwnerWordBytes = 128;

bool owner_text_ok(const std::string& s, bool spaces) {
  if (s.empty() || s.size() > kMaxOwnerWordBytes) return false;
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f || (!spaces && c == ' ')) return false;
  }
  return true;
}

std::string owner_text(const std::string& s, bool spaces) {
  std::string out = s.substr(0, kMaxOwnerWordBytes);
  for (char& ch : out) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f || (!spaces && c == ' ')) ch = '?';
  }
  return out.empty() ? std::string("?") : out;
}

// Reads a save one line at a time: each kind of line has its reader, and
// finish() checks what the lines say together (seats, owners, hints).
class SaveParser {
 public:
  SaveParser(const std::string& text, const std::string& where) : in_(text) { save_.where = where; }

  SaveFile parse() {
    if (!next_line()) throw SaveError(fmt::format("{}: empty file", save_.where));
    read_version();
    while (next_line()) {
      if (line_.empty()) continue;
      if (ended_) throw fail("text after 'end'");
      read_line();
    }
    return finish();
  }

 private:
  struct OwnerLine {
    int line;
    PlayerId seat;
    SaveFile::Owner owner;
  };

  SaveError fail(const std::string& what) const {
    return SaveError(fmt::format("{}: line {}: {}", save_.where, line_no_, what));
  }

  // One line at a time, bounded, and with a CRLF line end read as LF (a save
  // that went through a Windows editor or mail is still the same save).
  bool next_line() {
    if (!std::getline(in_, line_)) return false;
    ++line_no_;
    if (!line_.empty() && line_.back() == '\r') line_.pop_back();
    if (line_.size() > kMaxSaveLineBytes)
      throw fail(fmt::format("a line of {} bytes is too long (at most {})", line_.size(), kMaxSaveLineBytes));
    return true;
  }

  // A seat's number as a line writes it (1 for the first seat), or none.
  std::optional<PlayerId> seat_number(const std::string& word) const {
    std::uint64_t n = 0;
    if (!parse_u64(word, n) || n < 1 || n > static_cast<std::uint64_t>(save_.options.players))
      return std::nullopt;
    return static_cast<PlayerId>(n - 1);
  }

  void read_version() {
    auto w = split_words(line_, 2);
    if (w.size() != 2 || w[0] != "racetable-save") throw fail("not a racetable save file");
    std::uint64_t v = 0;
    if (!parse_u64(w[1], v)) throw fail("bad version number");
    if (v != static_cast<std::uint64_t>(kSaveVersion))
      throw fail(fmt::format("save file version {} cannot be read by this racetable (it reads version {})",
                             w[1], kSaveVersion));
  }

  void read_line() {
    auto w = split_words(line_, 2);
    const std::string& key = w[0];
    const std::string rest = w.size() > 1 ? w[1] : "";
    if (key == "table") {
      if (rest.empty() || rest.size() > 64 || rest.find(' ') != std::string::npos)
        throw fail("bad table line");
      save_.table = printable(rest);
    } else if (key == "game") {
      save_.game = rest;
    } else if (key == "seed") {
      if (!parse_u64(rest, save_.seed)) throw fail("bad seed");
      have_seed_ = true;
    } else if (key == "deal") {
      read_deal(rest);
    } else if (key == "players") {
      std::uint64_t n = 0;
      if (!parse_u64(rest, n) || n > 16) throw fail("bad player count");
      save_.options.players = static_cast<int>(n);
    } else if (key == "seat") {
      read_seat(rest);
    } else if (key == "owner") {
      read_owner(rest);
    } else if (key == "clock") {
      read_clock(rest);
    } else if (key == "variant") {
      save_.options.variants.insert(rest);
    } else if (key == "param") {
      auto pw = split_words(rest, 2);
      if (pw.size() != 2) throw fail("bad param line");
      save_.options.params[pw[0]] = pw[1];
    } else if (key == "pace") {
      const std::optional<ContestPace> pace = parse_contest_pace(rest);
      if (!pace) throw fail(fmt::format("unknown pace '{}'", excerpt(rest)));
      save_.pace = *pace;
    } else if (key == "hints") {
      read_hints(rest);
    } else if (key == "think") {
      const std::optional<unsigned> percent = parse_think_percent(rest);
      if (!percent)
        throw fail(fmt::format("bad think line '{}' (a percent from {} to {})", excerpt(rest),
                               kMinThinkPercent, kMaxThinkPercent));
      save_.think_percent = *percent;
    } else if (key == "rng") {
      auto rw = split_words(rest, 2);
      if (rw.size() != 2) throw fail("bad rng line");
      save_.rng_states.emplace_back(rw[0], rw[1]);
    } else if (key == "step") {
      read_step(rest);
    } else if (key == "end") {
      ended_ = true;
    } else {
      throw fail(fmt::format("unknown line '{}'", excerpt(key)));
    }
  }

  // deal drawn COMMITMENT SALT | deal chosen
  void read_deal(const std::string& rest) {
    auto dw = split_words(rest, 3);
    if (save_.deal_line != 0) throw fail("a second deal line");
    if (dw.size() == 1 && dw[0] == "chosen") {
      save_.deal.kind = DealKind::Chosen;
    } else if (dw.size() == 3 && dw[0] == "drawn" && is_lower_hex(dw[1], kCommitmentHexDigits) &&
               is_lower_hex(dw[2], 2 * kDealSaltBytes)) {
      save_.deal = Deal{DealKind::Drawn, dw[2], dw[1]};
    } else {
      throw fail("bad deal line (deal drawn COMMITMENT SALT, or deal chosen)");
    }
    save_.deal_line = line_no_;
  }

  void read_seat(const std::string& rest) {
    auto sw = split_words(rest, 3);
    if (sw.size() != 3 || (sw[0] != "human" && sw[0] != "bot")) throw fail("bad seat line");
    // A person's seat is written "human human"; its level word is not read
    // beyond being one of the seat words. A computer's is its level.
    const bool human = sw[0] == "human";
    const std::optional<BotLevel> level = parse_bot_level(sw[1]);
    if (!level && !(human && sw[1] == "human")) throw fail("bad seat line");
    // Whoever wrote the file chose the name: it is shown as printable() makes it.
    save_.seats.push_back(
        Seat{printable(sw[2]), human ? SeatKind::Human : SeatKind::Bot, level.value_or(BotLevel::Random)});
  }

  // owner SEAT none | owner SEAT uid UID NAME | owner SEAT key FINGERPRINT NAME
  void read_owner(const std::string& rest) {
    auto ow = split_words(rest, 3);
    const std::optional<PlayerId> seat = ow.size() < 2 ? std::nullopt : seat_number(ow[0]);
    if (!seat) throw fail("bad owner line");
    for (const OwnerLine& o : owner_lines_)
      if (o.seat == *seat) throw fail(fmt::format("a second owner line for seat {}", *seat + 1));
    SaveFile::Owner owner{true, std::nullopt};  // "none": nobody has sat there yet
    if (ow[1] != "none" || ow.size() != 2) {
      if ((ow[1] != "uid" && ow[1] != "key") || ow.size() != 3) throw fail("bad owner line");
      auto who = split_words(ow[2], 2);
      if (who.size() != 2 || !owner_text_ok(who[1], true)) throw fail("bad owner line");
      if (ow[1] == "uid") {
        std::uint64_t uid = 0;
        // A uid_t of all ones is no account (it means "unchanged" to the kernel).
        if (!parse_u64(who[0], uid) || uid >= 0xffffffffull) throw fail("bad owner line");
        owner.owner = SeatOwner::of_uid(static_cast<std::uint32_t>(uid), printable(who[1]));
      } else {
        if (!owner_text_ok(who[0], false)) throw fail("bad owner line");
        owner.owner = SeatOwner::of_key(who[0], printable(who[1]));
      }
    }
    owner_lines_.push_back(OwnerLine{line_no_, *seat, std::move(owner)});
  }

  // clock BANK_MS OVERTIME_MS LEFT_MS... (one per seat; a week at most each)
  void read_clock(const std::string& rest) {
    static constexpr std::uint64_t kMaxClockMs = 7ull * 24 * 3600 * 1000;
    std::vector<std::uint64_t> n;
    for (const std::string& word : split_words(rest, 64)) {
      std::uint64_t v = 0;
      if (!parse_u64(word, v) || v > kMaxClockMs) throw fail("bad clock line");
      n.push_back(v);
    }
    if (save_.clock || std::ssize(n) != save_.options.players + 2 || n[0] == 0) throw fail("bad clock line");
    SaveFile::Clock clock;
    clock.bank_ms = static_cast<std::int64_t>(n[0]);
    clock.overtime_ms = static_cast<std::int64_t>(n[1]);
    clock.left_ms.resize(save_.options.players);
    PlayerId p = 0;
    for (auto left = n.begin() + 2; left != n.end(); ++left)
      clock.left_ms[p++] = static_cast<std::int64_t>(std::min(*left, n[0]));
    save_.clock = std::move(clock);
  }

  // hints SEAT COUNT: how many hints that seat asked for (core/hint.h).
  void read_hints(const std::string& rest) {
    auto hw = split_words(rest, 2);
    std::uint64_t count = 0;
    const std::optional<PlayerId> seat = hw.size() != 2 ? std::nullopt : seat_number(hw[0]);
    if (!seat || !parse_u64(hw[1], count) || count < 1 || count > kMaxSavedHints)
      throw fail("bad hints line");
    for (const auto& h : hint_lines_)
      if (h.first == *seat) throw fail(fmt::format("a second hints line for seat {}", *seat + 1));
    hint_lines_.emplace_back(*seat, static_cast<int>(count));
  }

  void read_step(const std::string& rest) {
    auto sw = split_words(rest, 3);
    if (sw.size() != 3) throw fail("bad step line");
    PlayerId p;
    if (sw[0] == "chance") {
      p = kChance;
    } else if (sw[0] == "clock") {
      p = kClock;
    } else {
      const std::optional<PlayerId> seat = seat_number(sw[0]);
      if (!seat) throw fail("bad player in step");
      p = *seat;
    }
    std::uint64_t tick = 0;
    if (!parse_u64(sw[1], tick) || tick >= kNoDeadline) throw fail("bad tick in step");
    save_.steps.push_back(SaveFile::StepLine{line_no_, p, static_cast<Tick>(tick), sw[2]});
  }

  SaveFile finish() {
    const std::string& where = save_.where;
    if (!ended_) throw SaveError(fmt::format("{}: truncated (no 'end' line)", where));
    if (save_.game.empty()) throw SaveError(fmt::format("{}: no 'game' line", where));
    if (!have_seed_) throw SaveError(fmt::format("{}: no 'seed' line", where));
    if (std::ssize(save_.seats) != save_.options.players)
      throw SaveError(
          fmt::format("{}: {} seats for {} players", where, save_.seats.size(), save_.options.players));
    save_.owners.resize(save_.options.players);
    save_.hints.assign(save_.options.players, 0);
    for (const auto& [seat, count] : hint_lines_) save_.hints[seat] = count;
    PlayerId p = 0;
    for (const Seat& seat : save_.seats) {
      for (OwnerLine& o : owner_lines_) {
        if (o.seat != p) continue;
        if (seat.kind != SeatKind::Human)
          throw SaveError(
              fmt::format("{}: line {}: an owner line for seat {}, a computer's", where, o.line, p + 1));
        save_.owners[p] = std::move(o.owner);
      }
      ++p;
    }
    for (const auto& s : save_.seats) save_.options.names.push_back(s.name);
    return std::move(save_);
  }

  SaveFile save_;
  std::istringstream in_;
  std::string line_;
  int line_no_ = 0;
  bool have_seed_ = false;
  bool ended_ = false;
  std::vector<OwnerLine> owner_lines_;
  std::vector<std::pair<PlayerId, int>> hint_lines_;
};

}  // namespace

std::string owner_line(PlayerId seat, const std::optional<SeatOwner>& owner) {
  if (!owner) return fmt::format("owner {} none\n", seat + 1);
  if (owner->kind == SeatOwner::Kind::Key)
    return fmt::format("owner {} key {} {}\n", seat + 1, owner_text(owner->key, false),
                       owner_text(owner->name, true));
  return fmt::format("owner {} uid {} {}\n", seat + 1, owner->uid, owner_text(owner->name, true));
}

std::string clock_line(const SaveFile::Clock& clock) {
  std::string out = fmt::format("clock {} {}", clock.bank_ms, clock.overtime_ms);
  for (PlayerId p = 0; p < clock.left_ms.seats(); ++p) out += fmt::format(" {}", clock.left_ms[p]);
  return out + "\n";
}

std::string save_text(const Table& table) {
  const Game& game = table.game();
  const Options& opt = game.options();
  std::string out = fmt::format("racetable-save {}\ngame {}\nseed {}\nplayers {}\n", kSaveVersion,
                                game.info().id, table.seed(), opt.players);
  // Only a shared table's game says how its seed came to be: other saves are as they were.
  const Deal& deal = table.deal();
  if (deal.kind == DealKind::Drawn) out += fmt::format("deal drawn {} {}\n", deal.commitment, deal.salt);
  if (deal.kind == DealKind::Chosen) out += "deal chosen\n";
  for (const Seat& s : table.seats())
    out += s.kind == SeatKind::Human ? fmt::format("seat human human {}\n", s.name)
                                     : fmt::format("seat bot {} {}\n", level_name(s.level), s.name);
  for (const auto& v : opt.variants) out += fmt::format("variant {}\n", v);
  for (const auto& [k, v] : opt.params) out += fmt::format("param {} {}\n", k, v);
  if (table.contest_pace() != ContestPace::Normal)
    out += fmt::format("pace {}\n", contest_pace_name(table.contest_pace()));
  // Written only for a seat that asked (core/hint.h), so a game without
  // hints saves as it always did.
  for (PlayerId p = 0; p < table.seats().size(); ++p)
    if (table.hints(p) > 0) out += fmt::format("hints {} {}\n", p + 1, table.hints(p));
  if (table.think_percent() != 100) out += fmt::format("think {}\n", table.think_percent());
  for (const auto& [name, st] : table.rng_states()) out += fmt::format("rng {} {}\n", name, st);
  // Text forms depend on the state they were made in: replay to produce them.
  auto state = game.new_initial_state();
  for (const Step& s : table.history()) {
    out += fmt::format("step {} {} {}\n", player_token(s.player), s.tick,
                       s.player == kClock ? std::string("time") : state->action_text(s.player, s.action));
    state->apply(s.player, s.action, s.tick);
  }
  out += "end\n";
  return out;
}

SaveFile parse_save(const std::string& text, const std::string& where) {
  return SaveParser(text, where).parse();
}

std::unique_ptr<Table> restore_save(const SaveFile& save, const Registry& registry, const DataSource& data,
                                    const std::function<void(Table&)>& before_replay,
                                    const BeforeStep& before_step) {
  std::shared_ptr<const Game> game;
  try {
    game = registry.create(save.game, save.options, data);
  } catch (const OptionError& e) {
    throw SaveError(fmt::format("{}: {}", save.where, e.what()));
  }
  auto table = std::make_unique<Table>(game, save.seats, save.seed);
  table->set_deal(save.deal);
  table->set_contest_pace(save.pace);
  for (PlayerId p = 0; p < save.hints.seats(); ++p)
    if (save.hints[p] > 0) table->note_hint(p, save.hints[p]);
  table->set_think_percent(save.think_percent);
  if (before_replay) before_replay(*table);
  for (const auto& step : save.steps) {
    std::optional<Action> a = table->state().parse_action(step.player, step.action);
    if (!a)
      throw SaveError(fmt::format("{}: line {}: '{}' is not a legal action at this point", save.where,
                                  step.line, excerpt(step.action)));
    if (before_step) before_step(*table, step, *a);
    try {
      table->replay_step(Step{step.player, *a, step.tick});
    } catch (const RuleError& e) {
      throw SaveError(fmt::format("{}: line {}: {}", save.where, step.line, e.what()));
    }
  }
  for (const auto& [name, st] : save.rng_states)
    if (!table->restore_rng_state(name, st))
      throw SaveError(fmt::format("{}: bad random stream state for '{}'", save.where, excerpt(name)));
  return table;
}

std::unique_ptr<Table> load_save(const std::string& text, const std::string& where, const Registry& registry,
                                 const DataSource& data) {
  return restore_save(parse_save(text, where), registry, data);
}

void write_file_atomically(const std::string& path, const std::string& content) {
  // A fresh name made here (mkostemp: O_CREAT|O_EXCL, mode 0600): a file or
  // symlink another user planted at a name we would use is never opened.
  std::string tmp = path + ".tmp-XXXXXX";
  const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
  if (fd < 0) throw UserError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      throw UserError(fmt::format("{}: cannot write: {}", path, std::strerror(err)));
    }
    done += static_cast<std::size_t>(n);
  }
  const bool synced = ::fsync(fd) == 0;
  const int sync_err = errno;
  if (::close(fd) != 0 || !synced) {
    const int err = synced ? errno : sync_err;
    ::unlink(tmp.c_str());
    throw UserError(fmt::format("{}: cannot write: {}", path, std::strerror(err)));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw UserError(fmt::format("{}: cannot write: {}", path, std::strerror(err)));
  }
}

std::string read_file(const std::string& path) {
  return read_bounded_file(path, path, kMaxInputFileBytes, false);
}

ReplaySight replay_sight(const SaveFile& save, bool over, std::uint32_t uid) {
  ReplaySight sight;
  if (save.table.empty() || over) return sight;
  sight.limited = true;
  for (PlayerId p = 0; p < save.owners.seats(); ++p) {
    const auto& o = save.owners[p].owner;
    if (o && o->is_uid(uid) && sight.own == kEveryone) sight.own = p;
  }
  return sight;
}

}  // namespace rt
