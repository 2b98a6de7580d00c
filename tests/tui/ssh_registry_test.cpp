// The SSH server's player registry on disk (net/registry_db.h): taking over
// the files of before, processes killed while they register or take over,
// damaged records and a damaged database.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <libssh/libssh.h>
#include <catch2/catch.hpp>

#include "core/name_skeleton.h"
#include "core/types.h"
#include "net/registry_db.h"
#include "net/ssh_bans.h"
#include "net/ssh_identity.h"
#include "net/ssh_internal.h"
#include "tests/harness/temp_dir.h"

using namespace rt;
using namespace rt::net;

namespace {

struct RegistryTempDir : rt::test::TempDir {
  RegistryTempDir() : TempDir("registry") {}
};

std::string registry_file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

PlayerKey registry_key(int n) {
  PlayerKey k;
  k.type = "ssh-ed25519";
  k.base64 = fmt::format("AAAAC3NzaC1lZDI1NTE5AAAAI{:020d}", n);
  k.sha256_hex = fmt::format("{:064x}", 5000 + n);
  k.fingerprint = fmt::format("SHA256:registry{}", n);
  return k;
}

// A key libssh made, so that its fingerprint and hash agree as the files
// of before recorded them.
PlayerKey generated_key() {
  ssh_key key = nullptr;
  REQUIRE(ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key) == SSH_OK);
  ssh_key pub = nullptr;
  REQUIRE(ssh_pki_export_privkey_to_pubkey(key, &pub) == SSH_OK);
  const PlayerKey out = player_key_of(pub);
  ssh_key_free(pub);
  ssh_key_free(key);
  return out;
}

// A player as the files of before registered one: identity, key index, look.
void old_player(const std::string& state, const std::string& name, const PlayerKey& key) {
  const std::string id = player_id(name);
  for (const char* sub : {"/players/", "/keys/", "/skeletons/"}) ensure_private_dir(state + sub);
  ensure_private_dir(state + "/players/" + id);
  REQUIRE(
      write_private_file(state + "/players/" + id + "/identity",
                         fmt::format("name {}\nkey {} {}\nfingerprint {}\nregistered 2026-11-01T10:00:00Z\n",
                                     name, key.type, key.base64, key.fingerprint),
                         true));
  REQUIRE(write_private_file(state + "/keys/" + key.sha256_hex, id + "\n", false));
  REQUIRE(write_private_file(state + "/skeletons/s-" + name_skeleton(name), id + "\n", false));
}

void old_ban(const std::string& state, const PlayerKey& key, const std::string& name) {
  ensure_private_dir(state + "/banned");
  REQUIRE(write_private_file(
      state + "/banned/" + key.sha256_hex,
      fmt::format("fingerprint {}\nname {}\nbanned 2026-11-02T10:00:00Z\n", key.fingerprint, name), false));
}

bool has_line(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& line : lines)
    if (line.find(part) != std::string::npos) return true;
  return false;
}

// Files SQLite or the files of before would leave half-written.
std::vector<std::string> leftovers(const std::string& state) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(state)) {
    const std::string name = e.path().filename().string();
    if (name.find(".tmp-") != std::string::npos || name.find("-journal") != std::string::npos)
      out.push_back(e.path().string());
  }
  return out;
}

// Forks `body` and kills the child (SIGKILL) after `delay`, or reaps it if it ended first.
template <class F>
void kill_after(std::chrono::microseconds delay, F&& body) {
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    try {
      body();
    } catch (...) {
    }
    ::_exit(0);
  }
  std::this_thread::sleep_for(delay);
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
}

}  // namespace

TEST_CASE("The registry is one private SQLite database in WAL mode", "[ssh][security]") {
  const RegistryTempDir d;
  const PlayerRegistry reg(d.path);
  REQUIRE(reg.login(registry_key(1), "Ana").outcome == PlayerRegistry::Outcome::Registered);
  struct stat st {};
  REQUIRE(::lstat(registry_db_path(d.path).c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  const RegistryDb db(d.path);
  RegistryQuery mode(db, "PRAGMA journal_mode");
  REQUIRE(mode.step());
  CHECK(mode.text(0) == "wal");
  // Names, keys and looks are unique by the database's own constraints.
  RegistryQuery again(db,
                      "INSERT INTO players(id, name, key, key_hex, skeleton, registered) "
                      "VALUES ('ana', 'ANA', 'k', 'h', 's', 'now')");
  CHECK_THROWS_AS(again.step(), RegistryConflict);
  for (const char* sql : {"INSERT INTO players(id, name, key, key_hex, skeleton, registered) "
                          "VALUES ('bo', 'bo', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI00000000000000000001', "
                          "'h2', 's2', 'now')",
                          "INSERT INTO players(id, name, key, key_hex, skeleton, registered) "
                          "VALUES ('cy', 'cy', 'k3', 'h3', 'ana', 'now')"}) {
    RegistryQuery q(db, sql);
    CHECK_THROWS_AS(q.step(), RegistryConflict);
  }
}

namespace {

// The frames of a SQLite write-ahead log that an opening would read back
// (its recovery): from the start, while a frame carries the header's salt.
int live_log_frames(const std::string& wal_path) {
  const std::string wal = registry_file_text(wal_path);
  constexpr std::size_t kHeader = 32;
  constexpr std::size_t kFrameHeader = 24;
  if (wal.size() < kHeader) return 0;
  const auto word = [&](std::size_t at) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(wal[at])) << 24 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(wal[at + 1])) << 16 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(wal[at + 2])) << 8 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(wal[at + 3]));
  };
  const std::size_t page = word(8);
  int frames = 0;
  for (std::size_t at = kHeader; at + kFrameHeader + page <= wal.size(); at += kFrameHeader + page) {
    if (word(at + 8) != word(16) || word(at + 12) != word(20)) break;
    ++frames;
  }
  return frames;
}

}  // namespace

TEST_CASE("After many registrations the registry's log holds only the last few, so an opening reads little",
          "[ssh]") {
  // Every session process opens the database at login; one opening while
  // nobody else has it open reads back the whole write-ahead log.
  const RegistryTempDir d;
  const PlayerRegistry reg(d.path);
  for (int n = 0; n < 300; ++n)
    REQUIRE(reg.login(registry_key(n), fmt::format("p{:03d}", n)).outcome ==
            PlayerRegistry::Outcome::Registered);
  // Emptied once it reaches 64 pages: never the 1000 of SQLite's own checkpoint.
  CHECK(live_log_frames(registry_db_path(d.path) + "-wal") <= 80);
  CHECK(reg.names().size() == 300);
}

TEST_CASE("The registry's database is refused when it is a link or open to others", "[ssh][security]") {
  const RegistryTempDir d;
  { const PlayerRegistry make(d.path); }
  const std::string db = registry_db_path(d.path);
  SECTION("a link") {
    const std::string elsewhere = d.path + "/elsewhere.db";
    REQUIRE(::rename(db.c_str(), elsewhere.c_str()) == 0);
    REQUIRE(::symlink(elsewhere.c_str(), db.c_str()) == 0);
    CHECK_THROWS_WITH(PlayerRegistry(d.path), Catch::Contains("not a link"));
  }
  SECTION("open to others") {
    REQUIRE(::chmod(db.c_str(), 0644) == 0);
    CHECK_THROWS_WITH(PlayerRegistry(d.path), Catch::Contains("mode 0600"));
  }
}

TEST_CASE("The registry takes over the files of before with every name, key and ban intact",
          "[ssh][security]") {
  const RegistryTempDir d;
  std::vector<std::pair<std::string, PlayerKey>> players;
  for (const char* name : {"Ana", "bob", "Cleo_2", "dee-dee", "Eve"})
    players.emplace_back(name, generated_key());
  for (const auto& [name, key] : players) old_player(d.path, name, key);
  const PlayerKey stranger = generated_key();
  old_ban(d.path, players[4].second, "Eve");
  old_ban(d.path, stranger, "");
  // A registration of before that was killed after its identity was
  // written but before its key was indexed: the identity is the record.
  const PlayerKey fay = generated_key();
  old_player(d.path, "fay", fay);
  REQUIRE(::unlink((d.path + "/keys/" + fay.sha256_hex).c_str()) == 0);

  const PlayerRegistry reg(d.path);
  CHECK(has_line(reg.startup_report(), "took over 6 players and 2 bans from the files of before"));
  for (const auto& [name, key] : players) {
    const auto r = reg.login(key, "someone");
    CHECK(r.outcome == PlayerRegistry::Outcome::Known);
    CHECK(r.name == name);
  }
  CHECK(reg.login(fay, "fay").outcome == PlayerRegistry::Outcome::Known);
  // Names and looks stay taken for every other key.
  CHECK_THAT(reg.login(registry_key(1), "ANA").reason, Catch::Contains("belongs to another key"));
  CHECK_THAT(reg.login(registry_key(1), "cleo2").reason, Catch::Contains("looks like 'Cleo_2'"));
  CHECK(reg.names() == std::vector<std::string>{"Ana", "bob", "Cleo_2", "dee-dee", "Eve", "fay"});
  // The bans hold, with whose key each is.
  const BanList bans(d.path);
  REQUIRE(bans.list().size() == 2);
  REQUIRE(bans.find(players[4].second.sha256_hex));
  CHECK(bans.find(players[4].second.sha256_hex)->name == "Eve");
  CHECK(bans.find(players[4].second.sha256_hex)->since == "2026-11-02T10:00:00Z");
  CHECK(bans.find(stranger.sha256_hex)->fingerprint == stranger.fingerprint);
  // Once only: a later opening takes nothing over again, and a later ban is kept.
  REQUIRE(bans.unban("Eve").name == "Eve");
  const PlayerRegistry later(d.path);
  CHECK(later.startup_report().empty());
  CHECK(bans.list().size() == 1);
  // The files of before are left as they were.
  CHECK(registry_file_text(d.path + "/players/ana/identity").find("name Ana") == 0);
}

TEST_CASE("Taking over the files of before, killed half-way, is done whole at the next start",
          "[ssh][security][faults]") {
  const RegistryTempDir d;
  std::vector<std::pair<std::string, PlayerKey>> players;
  for (int i = 0; i < 40; ++i) players.emplace_back(fmt::format("p{}x", i), generated_key());
  for (const auto& [name, key] : players) old_player(d.path, name, key);
  for (int i = 0; i < 5; ++i) old_ban(d.path, players[static_cast<std::size_t>(i)].second, players[0].first);
  std::mt19937 rng(std::random_device{}());
  std::uniform_int_distribution<int> delay_us(0, 3000);
  for (int kill = 0; kill < 30; ++kill)
    kill_after(std::chrono::microseconds(delay_us(rng)), [&] { const PlayerRegistry reg(d.path); });
  const PlayerRegistry reg(d.path);
  for (const auto& [name, key] : players) CHECK(reg.login(key, "x").name == name);
  CHECK(BanList(d.path).list().size() == 5);
  CHECK(leftovers(d.path).empty());
}

namespace {

// Kills `kills` children (SIGKILL), each registering `per_child` names
// through the registry, at random instants of their run; then each name is
// registered to its key or free, and nothing half-written is left.
void kill_registrations(int kills, int per_child) {
  const RegistryTempDir d;
  { const PlayerRegistry make(d.path); }
  const int kKills = kills, kPerChild = per_child;
  const auto name_of = [](int i) { return fmt::format("reg{}", i); };
  // One child's run, from fork to its last registration, unkilled: the kills
  // fall anywhere in such a run, its start and end included.
  const auto register_from = [&](int first) {
    const PlayerRegistry reg(d.path);
    for (int j = first; j < first + kPerChild; ++j) reg.login(registry_key(j), name_of(j));
  };
  const auto started = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    register_from(kKills * kPerChild);
    ::_exit(0);
  }
  ::waitpid(pid, nullptr, 0);
  const auto run =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
  const unsigned seed = std::random_device{}();
  INFO("seed " << seed << ", a child's run " << run.count() << " us");
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::int64_t> delay_us(0, run.count() * 5 / 4);
  for (int kill = 0; kill < kKills; ++kill)
    kill_after(std::chrono::microseconds(delay_us(rng)), [&] { register_from(kill * kPerChild); });
  const PlayerRegistry reg(d.path);
  const RegistryDb db(d.path);
  int registered = 0;
  for (int i = 0; i < kKills * kPerChild; ++i) {
    RegistryQuery q(db, "SELECT key, key_hex FROM players WHERE id = ?");
    q.bind(1, name_of(i));
    if (q.step()) {
      ++registered;
      CHECK(q.text(0) == "ssh-ed25519 " + registry_key(i).base64);
      CHECK(q.text(1) == registry_key(i).sha256_hex);
    }
    // Never claimed by nobody: its own key gets it, now or again.
    const auto r = reg.login(registry_key(i), name_of(i));
    CHECK(r.ok());
    CHECK(r.name == name_of(i));
  }
  WARN(fmt::format("{} kills within a child's run of {} us: {} of {} names registered before the kill",
                   kKills, run.count(), registered, kKills * kPerChild));
  CHECK(leftovers(d.path).empty());
  for (const auto& e : std::filesystem::directory_iterator(d.path)) {
    const std::string name = e.path().filename().string();
    CHECK((name == "players" || name == "registry"));
  }
  for (const auto& e : std::filesystem::directory_iterator(registry_dir(d.path)))
    CHECK(e.path().filename().string().rfind("registry.db", 0) == 0);
}

}  // namespace

TEST_CASE("A registration killed at any instant leaves each name registered to its key or free",
          "[ssh][security][faults]") {
  kill_registrations(200, 1);
}

TEST_CASE("A damaged record is said at start, and its player is told to ask the operator",
          "[ssh][security]") {
  const RegistryTempDir d;
  const PlayerKey ana = generated_key(), bob = generated_key();
  old_player(d.path, "ana", ana);
  old_player(d.path, "bob", bob);
  // ana's identity cut short after its name; cy's directory holds saves
  // but no identity; dee's claim was cut short before anything was written.
  REQUIRE(write_private_file(d.path + "/players/ana/identity", "name ana\nke", true));
  ensure_private_dir(d.path + "/players/cy");
  REQUIRE(write_private_file(d.path + "/players/cy/history.jsonl", "{}\n", true));
  ensure_private_dir(d.path + "/players/dee");

  const PlayerRegistry reg(d.path);
  const std::vector<std::string> report = reg.startup_report();
  CHECK(has_line(report, "cannot use the record of 'ana' (players/ana/identity: no key line)"));
  CHECK(has_line(report, "cannot use the record of 'cy' (players/cy/identity: missing)"));
  CHECK(has_line(report, "players/dee/identity: none (a registration cut short): the name is free"));
  for (const PlayerKey& key : {ana, registry_key(9)}) {
    const auto r = reg.login(key, "Ana");
    CHECK(r.outcome == PlayerRegistry::Outcome::Damaged);
    CHECK(r.reason == "the record of the name 'ana' on this server is damaged: ask the server's operator");
  }
  CHECK(reg.login(registry_key(10), "cy").outcome == PlayerRegistry::Outcome::Damaged);
  CHECK(reg.login(registry_key(11), "dee").outcome == PlayerRegistry::Outcome::Registered);
  CHECK(reg.login(bob, "bob").outcome == PlayerRegistry::Outcome::Known);

  SECTION("a row damaged in the database itself") {
    {
      const RegistryDb db(d.path);
      db.exec("UPDATE players SET key = 'garbage' WHERE id = 'bob'");
    }
    CHECK(has_line(reg.startup_report(), "cannot use the record of 'bob'"));
    const auto r = reg.login(bob, "bob");
    CHECK(r.outcome == PlayerRegistry::Outcome::Damaged);
    CHECK_THAT(r.reason, !Catch::Contains("belongs to another key"));
  }
}

TEST_CASE("A damaged database is named in one line, and nothing is overwritten", "[ssh][security]") {
  const RegistryTempDir d;
  const std::string db = registry_db_path(d.path);
  const std::string garbage(8192, 'x');
  REQUIRE(::mkdir(registry_dir(d.path).c_str(), 0700) == 0);
  {
    const int fd = ::open(db.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    REQUIRE(fd >= 0);
    REQUIRE(::write(fd, garbage.data(), garbage.size()) == static_cast<ssize_t>(garbage.size()));
    ::close(fd);
  }
  try {
    const PlayerRegistry reg(d.path);
    FAIL("a damaged database was opened");
  } catch (const UserError& e) {
    const std::string what = e.what();
    CHECK(what.find(db + ": damaged") == 0);
    CHECK_THAT(what, Catch::Contains("restore it from a backup"));
    CHECK(what.find('\n') == std::string::npos);
  }
  CHECK_THROWS_WITH(BanList(d.path), Catch::Contains("damaged"));
  CHECK(registry_file_text(db) == garbage);
}
