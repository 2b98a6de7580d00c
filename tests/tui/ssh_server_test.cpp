// The SSH server's pure parts and its files (net/ssh_gateway.h,
// net/ssh_identity.h, net/ssh_limits.h): the listen address, player names,
// the registry of keys and names (also raced by processes), the host key,
// and the accounts that limit connections. The server with the real OpenSSH
// client: tests/e2e/ssh_tmux_test.sh.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/types.h"
#include "net/registry_db.h"
#include "net/repeated_lines.h"
#include "net/ssh_bans.h"
#include "net/ssh_gateway.h"
#include "net/ssh_identity.h"
#include "net/ssh_internal.h"
#include "net/ssh_key_sessions.h"
#include "net/ssh_limits.h"
#include "tests/harness/temp_dir.h"
#include "tests/tui/ssh_tables_util.h"

using namespace rt;
using namespace rt::net;
using rt::net::sshtest::mode_of;

namespace {

struct SshTempDir : rt::test::TempDir {
  SshTempDir() : TempDir("sshtest") {}
};

std::string slurp_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A key as the registry sees one (tests need no real key pair).
PlayerKey fake_key(int n) {
  PlayerKey k;
  k.type = "ssh-ed25519";
  k.base64 = fmt::format("AAAAC3NzaC1lZDI1NTE5AAAAI{:020d}", n);
  k.sha256_hex = fmt::format("{:064x}", 1000 + n);
  k.fingerprint = fmt::format("SHA256:fake{}", n);
  return k;
}

sockaddr_storage v4(const char* text) {
  sockaddr_storage s{};
  auto& a = reinterpret_cast<sockaddr_in&>(s);
  a.sin_family = AF_INET;
  ::inet_pton(AF_INET, text, &a.sin_addr);
  return s;
}

sockaddr_storage v6(const char* text) {
  sockaddr_storage s{};
  auto& a = reinterpret_cast<sockaddr_in6&>(s);
  a.sin6_family = AF_INET6;
  ::inet_pton(AF_INET6, text, &a.sin6_addr);
  return s;
}

}  // namespace

TEST_CASE("serve --ssh [ADDR:]PORT: loopback and 2222 unless given", "[ssh]") {
  CHECK(parse_ssh_listen("").address == "127.0.0.1");
  CHECK(parse_ssh_listen("").port == 2222);
  CHECK(parse_ssh_listen("2200").address == "127.0.0.1");
  CHECK(parse_ssh_listen("2200").port == 2200);
  CHECK(parse_ssh_listen("0.0.0.0:22").address == "0.0.0.0");
  CHECK(parse_ssh_listen("0.0.0.0:22").port == 22);
  CHECK(parse_ssh_listen("[::1]:2022").address == "::1");
  CHECK(parse_ssh_listen("[::]:2022").port == 2022);
  CHECK(parse_ssh_listen("192.0.2.1:").port == 2222);
  CHECK_THROWS_WITH(parse_ssh_listen("192.0.2.1"), Catch::Contains("write ADDRESS:PORT"));
  CHECK_THROWS_WITH(parse_ssh_listen("::1:22"), Catch::Contains("brackets"));
  CHECK_THROWS_WITH(parse_ssh_listen("host:70000"), Catch::Contains("not a port"));
  CHECK_THROWS_WITH(parse_ssh_listen(":22"), Catch::Contains("no address"));
  CHECK_THROWS_AS(parse_ssh_listen("[::1"), OptionError);
}

TEST_CASE("A player's name: letters, digits, - and _, 2 to 16, never a guest's", "[ssh]") {
  CHECK(player_name_problem("ana").empty());
  CHECK(player_name_problem("Ana_B-2").empty());
  CHECK(player_name_problem("abcdefghijklmnop").empty());
  CHECK_THAT(player_name_problem("a"), Catch::Contains("2 to 16"));
  CHECK_THAT(player_name_problem("abcdefghijklmnopq"), Catch::Contains("2 to 16"));
  CHECK_THAT(player_name_problem("an a"), Catch::Contains("letters, digits"));
  CHECK_THAT(player_name_problem("ana.b"), Catch::Contains("letters, digits"));
  CHECK_THAT(player_name_problem("Guest-1"), Catch::Contains("kept for guests"));
  CHECK_THAT(player_name_problem("guestly"), Catch::Contains("kept for guests"));
  // Terminal escapes in a typed name are quoted printably, never raw.
  const std::string problem = player_name_problem("\x1b]0;pwned\x07");
  CHECK(problem.find('\x1b') == std::string::npos);
  CHECK(problem.find('\x07') == std::string::npos);
  CHECK(player_id("AnA") == "ana");
}

TEST_CASE("The registry: a key's first login registers the name; later logins are that player",
          "[ssh][security]") {
  const SshTempDir d;
  const PlayerRegistry reg(d.path);
  const PlayerKey ana = fake_key(1), bob = fake_key(2);

  CHECK(reg.check(ana, "Ana").outcome == PlayerRegistry::Outcome::Free);
  const auto first = reg.login(ana, "Ana");
  CHECK(first.outcome == PlayerRegistry::Outcome::Registered);
  CHECK(first.name == "Ana");
  // Whatever name is typed later, the key is Ana.
  const auto again = reg.login(ana, "someone");
  CHECK(again.outcome == PlayerRegistry::Outcome::Known);
  CHECK(again.name == "Ana");
  CHECK(reg.login(ana, "x").name == "Ana");  // not even a valid name: still Ana
  // Another key can never take the name, in any case.
  for (const char* wanted : {"Ana", "ana", "ANA"}) {
    const auto r = reg.login(bob, wanted);
    CHECK(r.outcome == PlayerRegistry::Outcome::Taken);
    CHECK_THAT(r.reason, Catch::Contains("belongs to another key"));
  }
  CHECK(reg.login(bob, "b").outcome == PlayerRegistry::Outcome::Invalid);
  CHECK(reg.login(bob, "Bob").outcome == PlayerRegistry::Outcome::Registered);
  // Every file is private, every directory closed.
  CHECK(mode_of(d.path + "/players") == 0700);
  CHECK(mode_of(reg.player_dir("Ana")) == 0700);
  CHECK(mode_of(registry_db_path(d.path)) == 0600);
  // No temporary file is left behind.
  for (const auto& e : std::filesystem::recursive_directory_iterator(d.path))
    CHECK(e.path().filename().string().find(".tmp-") == std::string::npos);
}

TEST_CASE("The registry refuses a name that looks like a registered one, saying which", "[ssh][security]") {
  const SshTempDir d;
  const PlayerRegistry reg(d.path);
  REQUIRE(reg.login(fake_key(1), "alice").outcome == PlayerRegistry::Outcome::Registered);
  REQUIRE(reg.login(fake_key(2), "ana").outcome == PlayerRegistry::Outcome::Registered);
  const auto capital_i = reg.login(fake_key(3), "AIice");
  CHECK(capital_i.outcome == PlayerRegistry::Outcome::Taken);
  CHECK(capital_i.reason == "the name 'AIice' looks like 'alice', which is taken");
  for (const char* wanted : {"ana_", "ana-", "ANA_"}) {
    const auto r = reg.login(fake_key(4), wanted);
    CHECK(r.outcome == PlayerRegistry::Outcome::Taken);
    CHECK_THAT(r.reason, Catch::Contains("looks like 'ana'"));
  }
  // Cyrillic letters are no name at all, and look like ana besides.
  CHECK_FALSE(reg.login(fake_key(4), "\u0430na").ok());
  CHECK(reg.look_alike("\u0430na") == std::optional<std::string>("ana"));
  // A name that only shares letters is free, and its key keeps it.
  CHECK(reg.login(fake_key(4), "anna").outcome == PlayerRegistry::Outcome::Registered);
  CHECK(reg.login(fake_key(4), "ana_").outcome == PlayerRegistry::Outcome::Known);
}

TEST_CASE("Registering is atomic across processes: one name, one key", "[ssh][security]") {
  const SshTempDir d;
  { const PlayerRegistry make(d.path); }
  // Eight processes, eight keys, one name at once: exactly one gets it.
  auto race = [&](const std::vector<std::pair<int, std::string>>& tries) {
    std::vector<pid_t> pids;
    for (const auto& [key, name] : tries) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        int code = 3;
        try {
          const auto r = PlayerRegistry(d.path).login(fake_key(key), name);
          code = r.outcome == PlayerRegistry::Outcome::Registered ? 0 : r.ok() ? 1 : 2;
        } catch (...) {
        }
        ::_exit(code);
      }
      pids.push_back(pid);
    }
    std::vector<int> codes;
    for (const pid_t pid : pids) {
      int status = 0;
      ::waitpid(pid, &status, 0);
      codes.push_back(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return codes;
  };
  std::vector<std::pair<int, std::string>> tries;
  for (int k = 10; k < 18; ++k) tries.emplace_back(k, "Cleo");
  const std::vector<int> codes = race(tries);
  CHECK(std::count(codes.begin(), codes.end(), 0) == 1);
  CHECK(std::count(codes.begin(), codes.end(), 2) == 7);
  // Eight look-alike names at once: exactly one gets its look.
  tries.clear();
  int look_key = 30;
  for (const char* name : {"fi_", "f_i", "fi-", "f-i", "fi__", "f__i", "fi--", "f--i"})
    tries.emplace_back(look_key++, name);
  const std::vector<int> looks = race(tries);
  CHECK(std::count(looks.begin(), looks.end(), 0) == 1);
  // One key, eight names at once: it ends with exactly one of them.
  tries.clear();
  for (int n = 0; n < 8; ++n) tries.emplace_back(20, fmt::format("dee{}", n));
  race(tries);
  const PlayerRegistry reg(d.path);
  const auto r = reg.login(fake_key(20), "whatever");
  CHECK(r.outcome == PlayerRegistry::Outcome::Known);
  int dirs = 0;
  for (const auto& e : std::filesystem::directory_iterator(d.path + "/players"))
    dirs += e.path().filename().string().rfind("dee", 0) == 0 ? 1 : 0;
  CHECK(dirs == 1);
}

TEST_CASE("The host key: Ed25519, made once, private; a planted one is refused", "[ssh][security]") {
  const SshTempDir d;
  const std::string state = d.path + "/state";
  const HostKeyFile made = ensure_host_key(state);
  CHECK(made.created);
  CHECK(made.fingerprint.rfind("SHA256:", 0) == 0);
  CHECK(mode_of(made.path) == 0600);
  CHECK(mode_of(state) == 0700);
  CHECK_THAT(slurp_file(made.path), Catch::StartsWith("-----BEGIN OPENSSH PRIVATE KEY-----"));
  const HostKeyFile again = ensure_host_key(state);
  CHECK_FALSE(again.created);
  CHECK(again.fingerprint == made.fingerprint);
  CHECK(ssh_host_fingerprint(state) == made.fingerprint);
  SECTION("readable by others: refused") {
    ::chmod(made.path.c_str(), 0640);
    CHECK_THROWS_WITH(ensure_host_key(state), Catch::Contains("mode 0600"));
  }
  SECTION("a symlink: refused") {
    ::rename(made.path.c_str(), (made.path + ".real").c_str());
    REQUIRE(::symlink((made.path + ".real").c_str(), made.path.c_str()) == 0);
    CHECK_THROWS_WITH(ensure_host_key(state), Catch::Contains("not a link"));
  }
  SECTION("a state directory open to others: refused") {
    ::chmod(state.c_str(), 0755);
    CHECK_THROWS_WITH(ensure_host_key(state), Catch::Contains("mode 0700"));
  }
}

TEST_CASE("Addresses: limits count an IPv4 address, or an IPv6 /64; a flood weighs by /24 or /64", "[ssh]") {
  CHECK(address_text(v4("203.0.113.9")) == "203.0.113.9");
  CHECK(address_bucket(v4("203.0.113.9")) == "203.0.113.9");
  CHECK(address_text(v6("2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2:3:4:5:6");
  CHECK(address_bucket(v6("2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2::/64");
  CHECK(address_bucket(v6("2001:db8:1:2:ffff::1")) == "2001:db8:1:2::/64");
  CHECK(address_bucket(v6("::ffff:198.51.100.7")) == "198.51.100.7");
  CHECK(address_text(v6("::ffff:198.51.100.7")) == "198.51.100.7");
  CHECK(address_source(v4("203.0.113.9")) == "203.0.113.0/24");
  CHECK(address_source(v4("203.0.113.250")) == "203.0.113.0/24");
  CHECK(address_source(v4("203.0.114.9")) == "203.0.114.0/24");
  CHECK(address_source(v6("::ffff:198.51.100.7")) == "198.51.100.0/24");
  CHECK(address_source(v6("2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2::/64");
  const PeerAddress peer = peer_address(v4("127.0.0.5"));
  CHECK(peer.text == "127.0.0.5");
  CHECK(peer.bucket == "127.0.0.5");
  CHECK(peer.source == "127.0.0.0/24");
}

TEST_CASE("The connection accounts: per minute, crowding out, sessions, deadlines", "[ssh]") {
  SshLimits lim;
  lim.per_minute = 3;
  lim.max_pending = 4;
  lim.max_pending_per_address = 2;
  lim.max_sessions = 2;
  lim.max_per_address = 1;
  lim.login_seconds = 20;
  ConnectionBook book(lim);
  using Millis = ConnectionBook::Millis;
  Millis now = 1000;
  pid_t next = 100;
  // An address ("a") is its own source unless one is given ("net").
  auto connect = [&](const std::string& addr, const std::string& source = "") {
    const PeerAddress peer{addr, addr, source.empty() ? addr : source};
    const auto a = book.admit(peer, now);
    if (!a.rate_limited) book.started(next++, peer, now);
    return a;
  };

  SECTION("an address gets per_minute connections a minute, others are not held back") {
    CHECK_FALSE(connect("a").rate_limited);
    CHECK_FALSE(connect("a").rate_limited);
    CHECK_FALSE(connect("a").rate_limited);
    CHECK(connect("a").rate_limited);
    CHECK_FALSE(connect("b").rate_limited);
    now += 60000;
    CHECK_FALSE(connect("a").rate_limited);
  }
  SECTION("connections still logging in: a newcomer crowds out the oldest of its address") {
    connect("a");  // 100
    now += 10;
    connect("a");  // 101
    now += 10;
    const auto third = connect("a");
    REQUIRE(third.crowded_out.size() == 1);
    CHECK(third.crowded_out[0] == 100);
    CHECK(book.pending_from("a") == 2);
  }
  SECTION("when all are taken, the address holding the most gives one up") {
    connect("a");
    now += 10;
    connect("a");
    now += 10;
    connect("b");
    now += 10;
    connect("c");
    now += 10;
    const auto d = connect("d");
    REQUIRE(d.crowded_out.size() == 1);
    CHECK(d.crowded_out[0] == 100);  // a's oldest
  }
  SECTION("the addresses of one network weigh as one source") {
    connect("a");  // 100
    now += 10;
    connect("n1", "net");  // 101
    now += 10;
    connect("n2", "net");  // 102
    now += 10;
    connect("n3", "net");  // 103
    now += 10;
    const auto e = connect("e");
    REQUIRE(e.crowded_out.size() == 1);
    CHECK(e.crowded_out[0] == 101);  // the network's oldest, not a (older, but alone)
  }
  SECTION("sources holding as many: the one whose oldest came first gives way, whatever its address") {
    connect("z");  // 100
    now += 10;
    connect("b");  // 101
    now += 10;
    connect("z");  // 102
    now += 10;
    connect("b");  // 103
    now += 10;
    auto e = connect("m");
    REQUIRE(e.crowded_out.size() == 1);
    CHECK(e.crowded_out[0] == 100);  // z's, though b sorts first
    now += 10;
    e = connect("m");  // b holds two, z and m one each
    REQUIRE(e.crowded_out.size() == 1);
    CHECK(e.crowded_out[0] == 101);
    now += 10;
    e = connect("y");  // m holds two now
    REQUIRE(e.crowded_out.size() == 1);
    CHECK(e.crowded_out[0] == 104);
    now += 10;
    e = connect("x");  // all hold one: the oldest of all, z's 102
    REQUIRE(e.crowded_out.size() == 1);
    CHECK(e.crowded_out[0] == 102);
  }
  SECTION("sessions: the server full, an address at its limit, a race of logins") {
    connect("a");
    REQUIRE(book.logged_in(100, "ana", "SHA256:a"));
    CHECK_THAT(connect("a").full, Catch::Contains("your address has a session open already (at most 1)"));
    CHECK(connect("b").full.empty());
    REQUIRE(book.logged_in(102, "bob", "SHA256:b"));
    CHECK(book.sessions() == 2);
    CHECK_THAT(connect("c").full, Catch::Contains("the server is full (2 players)"));
    // Two logins that passed the check together: the second is refused.
    CHECK_FALSE(book.logged_in(101, "ana2", "SHA256:c"));
    CHECK(book.ended(100).name == "ana");
    CHECK(book.sessions() == 2);  // bob, and 101 counted until it ends
  }
  SECTION("the login deadline") {
    connect("a");
    now += 5000;
    connect("b");
    CHECK(book.next_deadline() == 1000 + 20000);
    CHECK(book.overdue(now).empty());
    now = 1000 + 20000;
    CHECK(book.overdue(now) == std::vector<pid_t>{100});
    book.closing(100);
    CHECK(book.overdue(now).empty());
    CHECK(book.next_deadline() == 6000 + 20000);
    book.logged_in(101, "bob", "");
    CHECK(book.next_deadline() == -1);
  }
}

// Simulated time, the listening process's accounts alone: connections
// are admitted, closed at the login deadline or crowded out, as the
// gateway does; nothing sleeps.
TEST_CASE("A flood of silent connections from 900 addresses at 20 a second keeps no player out", "[ssh]") {
  const SshLimits lim;  // the defaults: 64 logging in, 20 a minute from an address, 20 s to log in
  ConnectionBook book(lim);
  using Millis = ConnectionBook::Millis;
  std::function<std::string(int)> flooder;
  SECTION("the addresses in four /24s") {
    flooder = [](int i) { return fmt::format("127.1.{}.{}", i / 256, i % 256); };
  }
  SECTION("every address in a /24 of its own") {
    flooder = [](int i) { return fmt::format("127.{}.{}.1", 1 + i / 256, i % 256); };
  }
  pid_t next = 1000;
  const PeerAddress player_peer = peer_address(v4("127.0.0.5"));
  int flood_refused = 0, player_in = 0;
  constexpr Millis kStep = 50;  // 20 connections a second
  constexpr Millis kLoginMs = 400;
  pid_t player = -1;
  Millis player_at = -1;
  for (Millis now = 0, k = 0; now < 200000; now += kStep, ++k) {
    for (const pid_t pid : book.overdue(now)) {
      book.closing(pid);
      book.ended(pid);
    }
    const PeerAddress flood = peer_address(v4(flooder(static_cast<int>(k % 900)).c_str()));
    const auto a = book.admit(flood, now);
    for (const pid_t victim : a.crowded_out) {
      CHECK(victim != player);
      book.ended(victim);
    }
    if (a.rate_limited)
      ++flood_refused;
    else
      book.started(next++, flood, now);
    // The player connects every 30 s once the flood is at its height, and
    // logs in 400 ms later (key exchange and a key).
    if (player < 0 && now >= 30000 && now % 30000 == 0 && player_in < 5) {
      const auto p = book.admit(player_peer, now);
      REQUIRE_FALSE(p.rate_limited);
      CHECK(p.full.empty());
      for (const pid_t victim : p.crowded_out) book.ended(victim);
      player = next++;
      player_at = now;
      book.started(player, player_peer, now);
    } else if (player >= 0 && now >= player_at + kLoginMs) {
      REQUIRE(book.find(player) != nullptr);
      CHECK_FALSE(book.find(player)->closing);
      CHECK(book.logged_in(player, "ana", "SHA256:ana"));
      ++player_in;
      book.ended(player);
      player = -1;
    }
    CHECK(book.pending() <= lim.max_pending);
  }
  CHECK(player_in == 5);
  CHECK(flood_refused == 0);  // each address far under its limit a minute
}

TEST_CASE(
    "A key's sessions: at most --max-per-key at once, a slot free again when its process ends, by kill -9 "
    "too",
    "[ssh][security]") {
  const SshTempDir d;
  const std::string state = d.path;
  REQUIRE(::chmod(state.c_str(), 0700) == 0);
  const std::string ana = fake_key(1).sha256_hex, bob = fake_key(2).sha256_hex;
  auto first = KeySessionSlot::take(state, ana, 3);
  auto second = KeySessionSlot::take(state, ana, 3);
  auto third = KeySessionSlot::take(state, ana, 3);
  CHECK(first);
  CHECK(second);
  CHECK(third);
  CHECK_FALSE(KeySessionSlot::take(state, ana, 3));  // a fourth
  CHECK(KeySessionSlot::take(state, bob, 3));        // another key is not held back
  CHECK(mode_of(state + "/sessions") == 0700);
  second.reset();  // a session ended
  auto again = KeySessionSlot::take(state, ana, 3);
  CHECK(again);
  CHECK_FALSE(KeySessionSlot::take(state, ana, 3));

  // A session process killed with SIGKILL holds nothing: the kernel drops its lock.
  int ready[2];
  REQUIRE(::pipe(ready) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(ready[0]);
    auto held = KeySessionSlot::take(state, bob, 1);
    const char c = held ? 'y' : 'n';
    if (::write(ready[1], &c, 1) != 1) ::_exit(1);
    ::pause();
    ::_exit(0);
  }
  ::close(ready[1]);
  char c = 0;
  REQUIRE(::read(ready[0], &c, 1) == 1);
  ::close(ready[0]);
  CHECK(c == 'y');
  CHECK_FALSE(KeySessionSlot::take(state, bob, 1));
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  CHECK(KeySessionSlot::take(state, bob, 1));

  CHECK(key_sessions_full(3) == "this key has 3 sessions open already (at most 3): close one first");
  CHECK(key_sessions_full(1) == "this key has a session open already (at most 1): close one first");
  CHECK_THROWS_AS(KeySessionSlot::take(state, "../../etc/passwd", 3), UserError);
}

TEST_CASE("Repeated lines about an address are written a few times a minute, then counted", "[ssh]") {
  RepeatedLines lines;
  int written = 0;
  for (int i = 0; i < 100; ++i)
    written +=
        lines.admit("203.0.113.9", "connections closed at the login deadline", 1000 + i, "10:00:00") ? 1 : 0;
  CHECK(written == RepeatedLines::kPerMinute);
  CHECK(lines.admit("198.51.100.7", "connections closed at the login deadline", 1200, "10:00:00"));
  CHECK(lines.admit("203.0.113.9", "refused hellos", 1200, "10:00:00"));  // another kind
  CHECK(lines.due(2000).empty());
  const auto due = lines.due(1000 + RepeatedLines::kWindowMs);
  REQUIRE(due.size() == 1);
  CHECK(due[0] ==
        "95 more connections closed at the login deadline from 203.0.113.9 in the minute from 10:00:00");
  // The uid form keeps its words.
  for (int i = 0; i < 7; ++i) lines.admit(1002, PeerLine::WrongCode, "bob", 100000, "10:02:03");
  const auto uid = lines.due(100000 + RepeatedLines::kWindowMs);
  REQUIRE(uid.size() == 1);
  CHECK(uid[0] == "2 more wrong join codes from bob (uid 1002) in the minute from 10:02:03");
}

namespace {

// A real key pair's public half as the server sees it (libssh).
PlayerKey real_key() {
  ssh_key key = nullptr;
  REQUIRE(ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key) == SSH_OK);
  ssh_key pub = nullptr;
  REQUIRE(ssh_pki_export_privkey_to_pubkey(key, &pub) == SSH_OK);
  const PlayerKey out = player_key_of(pub);
  ssh_key_free(pub);
  ssh_key_free(key);
  return out;
}

}  // namespace

TEST_CASE("A key's fingerprint names the same key file as its hash", "[ssh]") {
  const PlayerKey k = real_key();
  REQUIRE(k.fingerprint.rfind("SHA256:", 0) == 0);
  CHECK(fingerprint_hex(k.fingerprint) == k.sha256_hex);
  CHECK(fingerprint_hex(k.fingerprint + "=") == k.sha256_hex);  // padded as some tools write it
  CHECK(fingerprint_hex(k.fingerprint.substr(7)).empty());      // no SHA256:
  CHECK(fingerprint_hex("SHA256:short").empty());
  CHECK(fingerprint_hex("MD5:" + k.fingerprint.substr(7)).empty());
  std::string odd = k.fingerprint;
  odd[10] = '*';
  CHECK(fingerprint_hex(odd).empty());
}

TEST_CASE("Bans: by name or fingerprint, one private file per key, lifted by either", "[ssh][security]") {
  const SshTempDir d;
  const PlayerRegistry reg(d.path);
  const PlayerKey ana = real_key(), stranger = real_key();
  REQUIRE(reg.login(ana, "Ana").outcome == PlayerRegistry::Outcome::Registered);
  const BanList bans(d.path);
  CHECK(mode_of(registry_db_path(d.path)) == 0600);
  CHECK(bans.list().empty());
  const std::int64_t empty_stamp = bans.stamp();

  const BanList::Banned b = bans.ban("ana");  // any case
  CHECK(b.fresh);
  CHECK(b.entry.name == "Ana");
  CHECK(b.entry.fingerprint == ana.fingerprint);
  REQUIRE(bans.find(ana.sha256_hex));
  CHECK(bans.find(ana.sha256_hex)->name == "Ana");
  CHECK_FALSE(bans.ban(ana.fingerprint).fresh);  // the same key, by its fingerprint
  CHECK(bans.stamp() != empty_stamp);
  // The name stays the banned key's: no other key takes it.
  CHECK(reg.login(stranger, "Ana").outcome == PlayerRegistry::Outcome::Taken);

  // A key that never registered, by its fingerprint (as the log shows it).
  const BanList::Banned s = bans.ban(stranger.fingerprint);
  CHECK(s.fresh);
  CHECK(s.entry.name.empty());
  CHECK(bans.list().size() == 2);

  CHECK_THROWS_WITH(bans.ban("nobody"), Catch::Contains("no player is named 'nobody'"));
  CHECK_THROWS_WITH(bans.ban("SHA256:abc"), Catch::Contains("not a key fingerprint"));
  CHECK_THROWS_WITH(bans.ban("\x1b[2Jx"), !Catch::Contains("\x1b"));
  CHECK(bans.unban(stranger.fingerprint).hex == stranger.sha256_hex);
  CHECK(bans.unban("Ana").name == "Ana");
  CHECK_FALSE(bans.find(ana.sha256_hex));
  CHECK_THROWS_WITH(bans.unban("Ana"), Catch::Contains("is not banned"));
  CHECK(bans.list().empty());
  CHECK_FALSE(bans.find("../keys/" + ana.sha256_hex));  // only a key's hash names a ban
}

TEST_CASE("What a client asks of its terminal: sides clamped, odd TERM replaced, UTF-8 or not", "[ssh]") {
  CHECK(terminal_side(80, 80, kMaxShellColumns) == 80);
  CHECK(terminal_side(0, 80, kMaxShellColumns) == 80);
  CHECK(terminal_side(-1, 24, kMaxShellRows) == 24);  // 2^32-1 as libssh passes it
  CHECK(terminal_side(kMaxShellColumns + 1, 80, kMaxShellColumns) == kMaxShellColumns);
  CHECK(terminal_side(kMaxShellRows, 24, kMaxShellRows) == kMaxShellRows);
  CHECK(terminal_side(1, 80, kMaxShellColumns) == 1);
  CHECK(terminal_name("xterm-256color") == "xterm-256color");
  CHECK(terminal_name("") == "xterm-256color");
  CHECK(terminal_name(std::string(kMaxTerminalName + 1, 'a')) == "xterm-256color");
  CHECK(terminal_name("xterm\x1b]0;pwned\x07") == "xterm-256color");
  CHECK(terminal_name("../../etc/x") == "xterm-256color");
  // Well formed but unknown to terminfo: ncurses could not draw for it, so
  // the session takes the common one (and logs it, as any TERM it changed).
  CHECK_FALSE(terminfo_known("no-such-terminal"));
  CHECK(terminal_name("no-such-terminal") == "xterm-256color");
  if (terminfo_known("vt100")) CHECK(terminal_name("vt100") == "vt100");
  CHECK(locale_says_utf8("en_US.UTF-8"));
  CHECK(locale_says_utf8("C.utf8"));
  CHECK_FALSE(locale_says_utf8("C"));
  CHECK_FALSE(locale_says_utf8("POSIX"));
}
