// A shared table's seat owners in the save: the `owner` lines written and read
// back, saves without them (older ones, local games) still read, and a
// malformed owner line refused with its line number.
#include <catch2/catch.hpp>

#include "core/save.h"
#include "core/table.h"
#include "tests/core/toy_game.h"

using namespace rt;

namespace {

// A save of the toy game with three seats: two people's and a computer's.
std::string toy_save() {
  std::vector<Seat> seats{Seat{"Ana", SeatKind::Human, BotLevel::Random},
                          Seat{"Ben", SeatKind::Human, BotLevel::Random},
                          Seat{"Cleo", SeatKind::Bot, BotLevel::Random}};
  Table t(toy::toy_game(3), seats, 5);
  t.advance();
  return save_text(t);
}

// The save with `lines` after its last seat line.
std::string with_lines(const std::string& save, const std::string& lines) {
  const std::size_t last_seat = save.rfind("\nseat ");
  const std::size_t after = save.find('\n', last_seat + 1) + 1;
  std::string text = save;
  text.insert(after, lines);
  return text;
}

}  // namespace

TEST_CASE("Save: owner lines say whose each person's seat is, and read back the same", "[core][save]") {
  const std::optional<SeatOwner> ana = SeatOwner::of_uid(1000, "ana");
  const std::optional<SeatOwner> key = SeatOwner::of_key("SHA256:qP3x0Fm+aZ", "ben@laptop two");
  CHECK(owner_line(0, ana) == "owner 1 uid 1000 ana\n");
  CHECK(owner_line(1, key) == "owner 2 key SHA256:qP3x0Fm+aZ ben@laptop two\n");
  CHECK(owner_line(1, std::nullopt) == "owner 2 none\n");
  // One line each, whatever a name holds.
  CHECK(owner_line(0, SeatOwner::of_uid(7, "ev\x1b]0;il\nx")) == "owner 1 uid 7 ev?]0;il?x\n");

  const std::string text = with_lines(toy_save(), owner_line(0, ana) + owner_line(1, std::nullopt));
  const SaveFile save = parse_save(text, "o.save");
  REQUIRE(save.owners.seats() == 3);
  CHECK(save.owners[0].recorded);
  CHECK(save.owners[0].owner == ana);
  CHECK(save.owners[1].recorded);
  CHECK_FALSE(save.owners[1].owner);
  CHECK_FALSE(save.owners[2].recorded);
  // A key's owner is a different person from any account, whatever the names.
  const SaveFile keyed = parse_save(with_lines(toy_save(), owner_line(1, key)), "k.save");
  CHECK(keyed.owners[1].owner == key);
  CHECK_FALSE(keyed.owners[1].owner->same_person(SeatOwner::of_uid(1000, "ben@laptop two")));
  CHECK(keyed.owners[1].owner->same_person(SeatOwner::of_key("SHA256:qP3x0Fm+aZ", "other name")));
  CHECK(ana->is_uid(1000));
  CHECK_FALSE(key->is_uid(0));

  // The local game a save holds is the same with or without its owners.
  Registry r;
  r.add(toy::ToyGame::entry());
  auto with = load_save(text, "o.save", r, DataSource::embedded());
  auto without = load_save(toy_save(), "p.save", r, DataSource::embedded());
  CHECK(with->state().debug_string() == without->state().debug_string());
  CHECK(with->history() == without->history());
}

TEST_CASE("Save: a save without owner lines (an older one, a local game) reads with no seat recorded",
          "[core][save]") {
  const SaveFile save = parse_save(toy_save(), "old.save");
  REQUIRE(save.owners.seats() == 3);
  for (const SaveFile::Owner& o : save.owners) {
    CHECK_FALSE(o.recorded);
    CHECK_FALSE(o.owner);
  }
}

TEST_CASE("Save: a malformed owner line is refused with its line number", "[core][save]") {
  const std::string good = toy_save();
  auto refuse = [&](const std::string& lines, const std::string& expect) {
    const std::string text = with_lines(good, lines);
    INFO(lines);
    try {
      parse_save(text, "b.save");
      FAIL("accepted");
    } catch (const SaveError& e) {
      CHECK_THAT(e.what(), Catch::StartsWith("b.save: line ") && Catch::Contains(expect));
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  };
  refuse("owner\n", "bad owner line");
  refuse("owner 1\n", "bad owner line");
  refuse("owner 0 none\n", "bad owner line");
  refuse("owner 4 none\n", "bad owner line");
  refuse("owner x none\n", "bad owner line");
  refuse("owner 1 none ana\n", "bad owner line");
  refuse("owner 1 nobody\n", "bad owner line");
  refuse("owner 1 pid 1000 ana\n", "bad owner line");
  refuse("owner 1 uid 1000\n", "bad owner line");
  refuse("owner 1 uid ana ana\n", "bad owner line");
  refuse("owner 1 uid -1 ana\n", "bad owner line");
  refuse("owner 1 uid 4294967295 ana\n", "bad owner line");
  refuse("owner 1 uid 99999999999999999999999 ana\n", "bad owner line");
  refuse("owner 1 uid 1000 an\ta\n", "bad owner line");
  refuse("owner 1 key SHA256:x\n", "bad owner line");
  refuse("owner 1 uid 1000 " + std::string(200, 'a') + "\n", "bad owner line");
  refuse("owner 1 none\nowner 1 uid 1000 ana\n", "a second owner line for seat 1");
  refuse("owner 3 uid 1000 ana\n", "an owner line for seat 3, a computer's");
}
