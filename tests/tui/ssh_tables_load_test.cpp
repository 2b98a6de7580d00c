// A load, not a test (hidden: run by its tag): the SSH server's table process
// with N players' links, as ssh_bench.py's `seat_tables` drives it through
// real shells, without the ssh clients. Every fourth player hosts a table
// for four; then, one seat of every table at a time, the others open the
// Tables page (a list at once and every 2 s while there, as the page does)
// and sit down (connect, hello, welcome) after 0-6 s there, as a person or a
// loaded shell does. Reports each phase's time and its answers' latency, how
// many waited past the shell's 5 s, and how many tables' listings were read.
//
//   RACETABLE_LOAD_PLAYERS=1000 build/tests/tests_tui "[.table-load]"
//   RACETABLE_LOAD_SINCE=0 ...: every list asked whole (as before "since")
#include <catch2/catch.hpp>

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "net/ssh_identity.h"
#include "net/table_listing.h"
#include "tests/harness/temp_dir.h"
#include "tests/tui/ssh_tables_util.h"

using namespace rt::net;
using namespace rt::net::sshtest;

namespace {

double load_ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

struct LoadPlayer {
  std::string name, key;
  int link = -1;
  std::unique_ptr<Connection> conn;  // at the table
  std::string table;
  int seat = 1;
  std::uint64_t since = 0;  // the list's version last answered (0: none)
  bool asking = false;
  std::string asked;  // what
  std::chrono::steady_clock::time_point asked_at;
  double next_list_ms = 0;  // on the Tables page: the page's next refresh
  bool on_page = false;
  bool hello_sent = false;
  std::chrono::steady_clock::time_point sit_at;  // leaves the Tables page for the seat then
  bool done = false;
  bool failed = false;
};

struct Latencies {
  std::map<std::string, std::vector<double>> by_kind;
  int late = 0;              // past the shell's 5 s
  std::size_t listings = 0;  // tables' listings read from lists
  void add(const std::string& kind, double ms) {
    by_kind[kind].push_back(ms);
    if (ms > 5000) ++late;
  }
  std::string report() {
    std::string out;
    for (auto& kind : by_kind) {
      std::vector<double>& v = kind.second;
      std::sort(v.begin(), v.end());
      const auto at = [&v](double p) {
        return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
      };
      out += fmt::format(" {} n={} p50 {:.1f} p99 {:.1f} max {:.1f} ms;", kind.first, v.size(), at(0.5),
                         at(0.99), v.back());
    }
    return out + fmt::format(" past 5 s: {}; listings read: {}", late, listings);
  }
};

bool load_asks_since() {
  const char* env = std::getenv("RACETABLE_LOAD_SINCE");
  return !env || std::string(env) != "0";
}

void ask_async(LoadPlayer& p, json request, const std::string& kind) {
  if (kind == "list" && p.since > 0 && load_asks_since()) request["since"] = p.since;
  REQUIRE(send_packet(p.link, request));
  p.asking = true;
  p.asked = kind;
  p.asked_at = std::chrono::steady_clock::now();
}

// Drives `players` until each is done (or failed), at most `limit_ms`.
// `start` asks a player's first question; `answered` takes its answer.
template <class Start, class Answered>
void load_drive(std::vector<LoadPlayer*>& players, Latencies& lat, double limit_ms, Start start,
                Answered answered) {
  const auto t0 = std::chrono::steady_clock::now();
  for (LoadPlayer* p : players) start(*p);
  std::vector<pollfd> fds;
  std::vector<LoadPlayer*> whose;
  for (;;) {
    const double now = load_ms_since(t0);
    bool all = true;
    fds.clear();
    whose.clear();
    for (LoadPlayer* p : players) {
      if (p->done || p->failed) continue;
      all = false;
      if (p->on_page && !p->asking && now >= p->next_list_ms) {
        ask_async(*p, json{{"type", "list"}}, "list");
        p->next_list_ms = now + 2000;
      }
      fds.push_back(pollfd{p->conn ? p->conn->fd() : p->link, POLLIN, 0});
      whose.push_back(p);
    }
    if (all || now > limit_ms) return;
    if (::poll(fds.data(), fds.size(), 5) <= 0) continue;
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (!fds[i].revents) continue;
      LoadPlayer& p = *whose[i];
      if (p.conn) {
        std::vector<json> messages;
        std::string error;
        if (!p.conn->receive(messages, error)) {
          p.failed = true;
          continue;
        }
        for (const json& m : messages) {
          const std::string type = m.value("type", "");
          if (type == "welcome") {
            lat.add("sit (connect to welcome)", load_ms_since(p.asked_at));
            p.done = true;
            p.on_page = false;
          } else if (type == "refused" || type == "error") {
            p.failed = true;
          }
        }
        continue;
      }
      Packet got = receive_packet(p.link, kMaxBrokerAnswer);
      if (got.gone || !got.message) {
        p.failed = got.gone;
        continue;
      }
      p.asking = false;
      const json& m = *got.message;
      lat.add(p.asked, load_ms_since(p.asked_at));
      if (m.value("type", "") == "tables") {
        if (const auto t = m.find("tables"); t != m.end()) lat.listings += t->size();
        if (!m.value("unchanged", false)) read_tables_answer(m);  // what the shell reads, as it would
        p.since = m.value("version", std::uint64_t{0});
      }
      answered(p, m, got.fd);
    }
  }
}

}  // namespace

TEST_CASE("SSH tables under load: hosts and sitters of N/4 tables of four at once", "[.table-load]") {
  const char* env = std::getenv("RACETABLE_LOAD_PLAYERS");
  const int n = env ? std::atoi(env) : 1000;
  rt::test::TempDir dir("table-load");
  const std::string state = dir.path + "/state";
  std::vector<LoadPlayer> players(static_cast<std::size_t>(n));
  {
    PlayerRegistry reg(state);
    for (int i = 0; i < n; ++i) {
      PlayerKey k;
      k.type = "ssh-ed25519";
      k.base64 = fmt::format("AAAAC3NzaC1lZDI1NTE5AAAAI{:020d}", i);
      k.sha256_hex = fmt::format("{:064x}", 5000 + i);
      k.fingerprint = fmt::format("SHA256:load{}", i);
      players[static_cast<std::size_t>(i)].name = fmt::format("p{:03d}", i);
      players[static_cast<std::size_t>(i)].key = k.fingerprint;
      REQUIRE(reg.login(k, players[static_cast<std::size_t>(i)].name).ok());
    }
  }
  TableProcessChild tp(state);
  for (LoadPlayer& p : players) p.link = tp.link(p.name, p.key);
  Latencies all;

  const auto sit = [](LoadPlayer& p, const json& m, int fd) {
    if (m.value("type", "") == "connected" && fd >= 0) {
      p.conn = std::make_unique<Connection>(fd);
      p.conn->send(to_json(rt::client::shell_hello(Role::Play, p.seat, "", false)));
      p.asked_at = std::chrono::steady_clock::now();
      return;
    }
    if (fd >= 0) ::close(fd);
  };

  std::vector<LoadPlayer*> hosts;
  for (int i = 0; i < n; i += 4) hosts.push_back(&players[static_cast<std::size_t>(i)]);
  {
    Latencies lat;
    const auto t0 = std::chrono::steady_clock::now();
    load_drive(
        hosts, lat, 180000,
        [](LoadPlayer& p) {
          ask_async(p,
                    json{{"type", "host"},
                         {"game", "scrap-racer"},
                         {"seats", {"human", "remote", "remote", "remote"}},
                         {"access", "public"}},
                    "host");
        },
        [&](LoadPlayer& p, const json& m, int fd) {
          if (p.asked == "host") {
            if (m.value("type", "") != "hosted") {
              p.failed = true;
              return;
            }
            p.table = m.value("table", "");
            p.seat = m.value("seat", 1);
            ask_async(p, json{{"type", "connect"}, {"table", p.table}}, "connect");
            return;
          }
          sit(p, m, fd);
        });
    const auto hosted = std::count_if(hosts.begin(), hosts.end(), [](LoadPlayer* p) { return p->done; });
    std::printf("hosting: %ld of %zu in %.0f ms;%s\n", static_cast<long>(hosted), hosts.size(),
                load_ms_since(t0), lat.report().c_str());
    all.late += lat.late;
  }
  for (int seat = 2; seat <= 4; ++seat) {
    std::vector<LoadPlayer*> joiners;
    for (int i = 0; i + 3 < n; i += 4) {
      LoadPlayer& j = players[static_cast<std::size_t>(i + seat - 1)];
      j.table = players[static_cast<std::size_t>(i)].table;
      j.seat = seat;
      if (!j.table.empty()) joiners.push_back(&j);
    }
    Latencies lat;
    const auto t0 = std::chrono::steady_clock::now();
    load_drive(
        joiners, lat, 180000,
        [&](LoadPlayer& p) {
          p.on_page = true;
          p.sit_at = std::chrono::steady_clock::now() +
                     std::chrono::milliseconds((&p - players.data()) * 7919 % 6000);
        },
        [&](LoadPlayer& p, const json& m, int fd) {
          // The first list seen: the player picks the table (and seat) at once.
          if (p.asked == "list" && !p.hello_sent && std::chrono::steady_clock::now() >= p.sit_at) {
            p.hello_sent = true;
            p.on_page = false;
            ask_async(p, json{{"type", "connect"}, {"table", p.table}}, "connect");
            return;
          }
          if (p.asked == "connect") sit(p, m, fd);
        });
    const auto seated = std::count_if(joiners.begin(), joiners.end(), [](LoadPlayer* p) { return p->done; });
    std::printf("seat %d: %ld of %zu in %.0f ms;%s\n", seat, static_cast<long>(seated), joiners.size(),
                load_ms_since(t0), lat.report().c_str());
    all.late += lat.late;
  }
  std::fflush(stdout);
  // A measurement, not a check: how late answers are depends on the machine's load.
  if (all.late > 0) WARN(all.late << " answers came later than the shell's 5 s wait");
}
