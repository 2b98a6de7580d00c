// The SSH server's table process (net/table_process.h): a Hub of tables,
// the players' links to it, and their requests (net/table_broker.h).
#include "net/table_process.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/save.h"
#include "games/registry.h"
#include "games/setup.h"
#include "net/codes.h"
#include "net/hosting.h"
#include "net/hub.h"
#include "net/registry_names.h"
#include "net/seat_names.h"
#include "net/server.h"
#include "net/sockets.h"
#include "net/ssh_identity.h"
#include "net/table_broker.h"
#include "net/table_files.h"
#include "net/table_list_cache.h"
#include "net/table_spec.h"

namespace rt::net {
namespace {

// Who is at the other end of a link, as the listening process logged them in.
struct Link {
  int fd = -1;
  std::string name;
  std::string key;  // fingerprint; a guest: "guest:N", this link's own
  bool guest = false;
  std::size_t room = kMaxBrokerPacket;  // the longest answer it takes (make_room_for_answers)
  SeatOwner who() const { return SeatOwner::of_key(key, name); }
};

// What a table's save does not say: who hosts it, and the rest of its
// TableSpec (who may come, watchers, clocks, hints). Its file is the spec's
// JSON form with the host's name and key.
struct Access {
  std::string host_name, host_key;
  TableSpec spec;
  std::uint64_t serial = 0;  // this opening's number (TableListCache)
  json to_json() const {
    json j = net::to_json(spec);
    j["host_name"] = host_name;
    j["host_key"] = host_key;
    return j;
  }
  // A table saved before some choices existed: as it was then (the spec's defaults).
  static Access of(const json& j) {
    Access a;
    a.host_name = j.at("host_name").get<std::string>();
    a.host_key = j.at("host_key").get<std::string>();
    a.spec = spec_from_json(j);
    return a;
  }
};

// A list version a restarted table process does not repeat to a shell that
// asks with the version it had (kept below 2^53: any JSON reader's integer).
std::uint64_t first_list_version() {
  std::random_device random;
  return ((std::uint64_t{random()} << 16) ^ std::uint64_t{random()}) + 1;
}

class TableProcess {
 public:
  TableProcess(int control_fd, TableProcessSettings s)
      : control_(control_fd), s_(std::move(s)), dir_(s_.state_dir + "/tables") {}

  int run() {
    ensure_private_dir(dir_);
    // A log line the listening process has no room for is lost, never waited for.
    ::fcntl(control_, F_SETFL, ::fcntl(control_, F_GETFL) | O_NONBLOCK);
    Server::install_signal_handlers();
    std::signal(SIGHUP, SIG_IGN);  // as the listening process: a detached server outlives its terminal
    reopen_saved();
    hub_.stay_open(true);
    hub_.watch(control_, [this] { on_control(); });
    hub_.run([this](Server& server) { closed(server); });
    for (auto& [fd, link] : links_) ::close(fd);
    log("tables: every table saved; the table process ends");
    return 0;
  }

 private:
  void log(const std::string& line) {
    send_packet(control_, json{{"type", "log"}, {"line", line}});  // nobody listening: lost
  }

  std::string save_path(const std::string& name) const { return dir_ + "/" + name + ".save"; }
  std::string access_path(const std::string& name) const { return dir_ + "/" + name + ".table"; }

  std::string history_dir(const SeatOwner& owner) const {
    if (Server::is_guest_owner(owner) || !player_name_problem(owner.name).empty()) return {};
    const std::string dir = s_.state_dir + "/players/" + player_id(owner.name) + "/state/racetable";
    try {
      ensure_private_dir(dir);
    } catch (const UserError&) {
      return {};
    }
    return dir;
  }

  // Opens a table (made now or resumed) and adds it to the hub.
  void open_table(std::unique_ptr<Table> table, const std::string& name, const Access& access,
                  SeatVector<std::optional<SeatOwner>> owners, std::vector<Event> earlier,
                  const std::optional<SaveFile::Clock>& clock = std::nullopt) {
    ServerOptions opt;
    opt.no_socket = true;
    opt.name = name;
    opt.save_path = save_path(name);
    opt.host_key = SeatOwner::of_key(access.host_key, access.host_name);
    apply_spec(access.spec, opt);
    set_pace(opt, s_.pace_ms);
    opt.stand_in = BotLevel::Normal;
    opt.grace_ms = s_.grace_ms;
    opt.owners = std::move(owners);
    // A new table's game clock is the host's choice; one back after a
    // restart keeps its clock as it was saved (nobody's time is reset).
    if (clock) {
      opt.game_time_ms = clock->bank_ms;
      opt.overtime_ms = clock->overtime_ms;
      opt.clock_left = clock->left_ms;
    }
    opt.history_dir_of = [this](const SeatOwner& o) { return history_dir(o); };
    opt.log = [this, name](std::string_view line) {
      // The listening process stamps every line with the time itself.
      if (line.size() > 9 && line[2] == ':' && line[5] == ':' && line[8] == ' ') line.remove_prefix(9);
      log(fmt::format("table {}: {}", name, line));
    };
    auto server = std::make_unique<Server>(std::move(table), std::move(opt), std::move(earlier));
    server->open();
    access_[name] = access;
    access_[name].serial = ++serials_;
    hub_.add(std::move(server));
  }

  void reopen_saved() {
    DIR* d = ::opendir(dir_.c_str());
    if (!d) return;
    std::vector<std::string> names;
    while (const dirent* e = ::readdir(d)) {
      const std::string file = e->d_name;
      if (file.size() > 6 && file.compare(file.size() - 6, 6, ".table") == 0)
        names.push_back(file.substr(0, file.size() - 6));
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
      if (!table_name_problem(name).empty() || name.empty()) continue;
      try {
        const Access access = Access::of(json::parse(read_file(access_path(name))));
        const SaveFile save = parse_save(read_file(save_path(name)), save_path(name));
        std::vector<Event> earlier;
        auto table = restore_with_events(save, "", earlier);
        if (table->over()) {
          remove_files(name);
          continue;
        }
        std::vector<std::optional<SeatOwner>> owners;
        for (PlayerId p = 0; p < save.owners.seats(); ++p) owners.push_back(save.owners[p].owner);
        open_table(std::move(table), name, access, SeatVector(std::move(owners)), std::move(earlier),
                   save.clock);
        log(fmt::format("tables: table {} is back ({})", name, save.game));
      } catch (const std::exception& e) {
        log(fmt::format("tables: table {} cannot be opened again: {}", name, e.what()));
      }
    }
  }

  void remove_files(const std::string& name) {
    ::unlink(save_path(name).c_str());
    ::unlink(access_path(name).c_str());
  }

  void closed(Server& server) {
    const std::string name = server.options().name;
    // A finished game is in its players' histories; an unfinished one stays
    // for the next start of the server.
    if (server.table().over()) remove_files(name);
    access_.erase(name);
  }

  void on_control() {
    for (int k = 0; k < 64; ++k) {
      Packet p = receive_packet(control_, kMaxBrokerPacket);
      if (p.gone) {
        // The listening process is gone: save everything and end.
        hub_.unwatch(control_);
        std::raise(SIGTERM);
        return;
      }
      if (!p.message) {
        if (p.fd >= 0) ::close(p.fd);
        if (p.error.empty()) return;
        continue;
      }
      const json& m = *p.message;
      if (m.value("type", "") != "player" || p.fd < 0) {
        if (p.fd >= 0) ::close(p.fd);
        continue;
      }
      Link link;
      link.fd = p.fd;
      link.guest = m.value("guest", false);
      link.name = m.value("name", "");
      link.key = link.guest ? fmt::format("guest:{}", ++guests_) : m.value("key", "");
      if (link.name.empty() || link.key.empty()) {
        ::close(p.fd);
        continue;
      }
      if (const auto old = links_.find(link.fd); old != links_.end()) links_.erase(old);
      const int fd = link.fd;
      // Never blocked by a shell that does not read its answers: it loses its link instead.
      ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
      link.room = make_room_for_answers(fd);
      links_[fd] = std::move(link);
      hub_.watch(fd, [this, fd] { on_link(fd); });
    }
  }

  void drop_link(int fd) {
    hub_.unwatch(fd);
    ::close(fd);
    links_.erase(fd);
  }

  void on_link(int fd) {
    for (int k = 0; k < 16; ++k) {
      const auto it = links_.find(fd);
      if (it == links_.end()) return;
      const Link& link = it->second;
      Packet p = receive_packet(fd, kMaxBrokerPacket);
      if (p.gone) return drop_link(fd);
      if (p.fd >= 0) ::close(p.fd);  // a player hands nothing in
      if (!p.message) {
        if (p.error.empty()) return;
        if (!send_packet(fd, json{{"type", "error"}, {"text", p.error}})) return drop_link(fd);
        continue;
      }
      int pass = -1;
      json reply;
      std::string encoded;
      // The asker's number for the question, so a late answer is never taken for the next one's.
      const auto id = p.message->find("id");
      const bool has_id = id != p.message->end() && id->is_number_unsigned();
      try {
        if ((*p.message)["type"] == "list")
          encoded =
              list(link, *p.message, has_id ? fmt::format(R"(,"id":{})", id->get<std::uint64_t>()) : "");
        else
          reply = answer(link, *p.message, pass);
      } catch (const std::exception& e) {
        reply = json{{"type", "error"}, {"text", printable(e.what(), 300)}};
      }
      if (has_id) reply["id"] = *id;
      const bool sent = encoded.empty() ? send_packet(fd, reply, pass) : send_encoded_packet(fd, encoded);
      if (pass >= 0) ::close(pass);
      if (!sent) return drop_link(fd);
    }
  }

  json answer(const Link& link, const json& m, int& pass) {
    const std::string type = m["type"].get<std::string>();
    if (type == "host") return host(link, m);
    if (type == "connect") return connect(link, m, pass);
    if (type == "free") return free_seat(link, m);
    return json{{"type", "error"}, {"text", fmt::format("unknown request \"{}\"", printable(type, 40))}};
  }

  bool may_see(const Link& link, const Access& a) const {
    if (a.spec.admission != Admission::Named || link.key == a.host_key) return true;
    const std::vector<std::string>& named = a.spec.invited;
    return !link.guest && std::find(named.begin(), named.end(), link.name) != named.end();
  }

  Server* find(const std::string& name) const {
    for (Server* s : hub_.servers())
      if (s->options().name == name) return s;
    return nullptr;
  }

  // What everyone may be shown of a table: its listing, who may come, no seat
  // anyone's and nobody its host (list() marks the asker's own).
  json public_listing(const Server& s) const {
    json t = s.listing();
    t.erase("pid");
    t.erase("type");
    if (const auto it = access_.find(s.options().name); it != access_.end())
      t["access"] = admission_word(it->second.spec.admission);
    for (json& seat : t["seats"]) seat["mine"] = false;
    t["you_host"] = false;
    return t;
  }

  void refresh_list() {
    std::vector<std::pair<const Server*, std::uint64_t>> open;
    for (Server* s : hub_.servers())
      if (const auto it = access_.find(s->options().name); it != access_.end())
        open.emplace_back(s, it->second.serial);
    list_.refresh(open, [this](const Server& s) { return public_listing(s); });
  }

  // The tables `link` may see, encoded, from the list kept encoded (only a
  // table the asker hosts or sits at is encoded for them). Asked `since` the
  // version it has: "unchanged" when nothing changed, else only the tables
  // changed since, with every listed table's name in "order".
  std::string list(const Link& link, const json& m, const std::string& id_member) {
    refresh_list();
    const std::uint64_t version = list_.version();
    const auto asked = m.find("since");
    const std::uint64_t since =
        asked != m.end() && asked->is_number_unsigned() ? asked->get<std::uint64_t>() : 0;
    if (since == version)
      return fmt::format(R"({{"type":"tables","unchanged":true,"version":{}{}}})", version, id_member);
    const bool changes = list_.earlier(since);
    std::string body =
        changes ? fmt::format(R"({{"type":"tables","version":{},"since":{},"tables":[)", version, since)
                : fmt::format(R"({{"type":"tables","version":{},"tables":[)", version);
    std::string order;
    const SeatOwner asker = link.who();
    std::size_t bytes = 0;
    int more = 0;
    for (const ListedTable& t : list_.tables()) {
      const auto it = access_.find(t.server->options().name);
      if (it == access_.end() || !may_see(link, it->second)) continue;
      const Access& a = it->second;
      const bool host = link.key == a.host_key;
      std::vector<std::size_t> mine;
      for (std::size_t p = 0; p < t.state.seats.size(); ++p)
        if (const auto& owner = t.state.seats[p].owner; owner && owner->same_person(asker)) mine.push_back(p);
      std::string own;  // the asker's own view, when it differs from everyone's
      if (host || !mine.empty()) {
        json j = t.listing;
        for (const std::size_t p : mine) j["seats"][p]["mine"] = true;
        j["you_host"] = host;
        // The code goes to its host and to whoever already has a seat there.
        if (a.spec.admission == Admission::Code) j["join_code"] = a.spec.code;
        own = dump(j);
      }
      const std::string& text = own.empty() ? t.encoded : own;
      // As many as one answer holds (the link's room, with some for the
      // rest of it); the others are counted. Past it the answer was never
      // sent and the player lost the link.
      // Changes only: the name in "order" too, the listing if it changed.
      const std::string name = changes ? dump(json(t.server->options().name)) : std::string();
      const std::size_t size = text.size() + 1 + (changes ? name.size() + 1 : 0);
      if (more > 0 || bytes + size > link.room - 1024) {
        ++more;
        continue;
      }
      bytes += size;
      if (changes) {
        order += order.empty() ? name : "," + name;
        if (t.changed <= since) continue;
      }
      body += body.back() == '[' ? "" : ",";
      body += text;
    }
    body += ']';
    if (changes) body += fmt::format(R"(,"order":[{}])", order);
    if (more > 0) body += fmt::format(R"(,"more":{})", more);
    return body + id_member + "}";
  }

  bool name_taken(const std::string& name) const {
    return find(name) || exists(save_path(name)) || exists(access_path(name));
  }

  json host(const Link& link, const json& m) {
    if (link.guest) throw UserError("guests may play and watch: log in with a key to host a table");
    const int mine = static_cast<int>(std::count_if(
        access_.begin(), access_.end(), [&](const auto& a) { return a.second.host_key == link.key; }));
    if (mine >= kMaxTablesPerPlayer)
      throw UserError(fmt::format("you host {} tables already: finish one first", kMaxTablesPerPlayer));
    if (hub_.tables() >= static_cast<std::size_t>(kMaxTables))
      throw UserError("the server has as many tables as it takes: try again later");
    Access access;
    access.host_name = link.name;
    access.host_key = link.key;
    access.spec = spec_from_json(m);
    TableSpec& spec = access.spec;
    if (const auto p = spec_problem(spec, InvitedNames::Players))
      throw UserError(problem_text(*p, json_key_of(p->field)));
    // No Unix group here, and the server makes the join code.
    spec.group.clear();
    spec.code = spec.admission == Admission::Code ? generate_code() : std::string();
    if (spec.admission != Admission::Named) spec.invited.clear();
    setup::TableRequest req = server_request(spec);
    const int host_seat = host_seat_of(spec);
    if (!builtin_registry().find(req.game))
      throw UserError(fmt::format("no game '{}'", printable(req.game, 40)));
    // The host's seat is called by the host's login name, and no computer's
    // may pass for the host or any registered player.
    if (host_seat) {
      for (std::size_t k = req.names.size(); k < static_cast<std::size_t>(host_seat); ++k)
        req.names.push_back(fmt::format("P{}", k + 1));
      req.names[static_cast<std::size_t>(host_seat - 1)] = link.name;
    }
    std::vector<std::string> people = registered_.names();
    people.push_back(link.name);
    if (const std::string why = computer_seat_name_problem(req.seats, req.names, people); !why.empty())
      throw UserError(why);
    std::string name = spec.name;
    auto table = make_shared_table(req);
    if (name.empty()) {
      name = free_table_name(table->game().info().id, [this](const std::string& n) { return name_taken(n); });
      spec.name = name;
    } else if (name_taken(name)) {
      throw UserError(fmt::format("there is a table named {} already: pick another name", name));
    }
    write_file_atomically(access_path(name), dump(access.to_json()) + "\n");
    try {
      open_table(std::move(table), name, access, {}, {});
    } catch (...) {
      remove_files(name);
      throw;
    }
    log(fmt::format("tables: {} (key {}) hosts table {} ({}, {})", link.name, link.key, name, req.game,
                    admission_word(spec.admission)));
    json reply{{"type", "hosted"}, {"table", name}, {"seat", host_seat}};
    if (!spec.code.empty()) reply["join_code"] = spec.code;
    return reply;
  }

  // The table a request names ("" none).
  static std::string table_named(const json& m) {
    const auto field = m.find("table");
    return field != m.end() && field->is_string() ? field->get<std::string>() : "";
  }

  json connect(const Link& link, const json& m, int& pass) {
    const std::string name = table_named(m);
    Server* server = find(name);
    const auto it = access_.find(name);
    if (!server || it == access_.end() || !may_see(link, it->second))
      throw UserError(fmt::format("there is no table {} (it may have ended)", printable(name, 40)));
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, pair) != 0)
      throw UserError("cannot connect to the table now (socketpair)");
    std::string why;
    if (!server->add_client(pair[0], link.who(), link.guest, why)) {
      ::close(pair[1]);
      throw UserError(why);
    }
    hub_.poke(*server);
    pass = pair[1];
    return json{{"type", "connected"}, {"table", name}};
  }

  // The host frees the seat of a player who is away (as `host --resume
  // --free-seat` does at a local table).
  json free_seat(const Link& link, const json& m) {
    const std::string name = table_named(m);
    Server* server = find(name);
    const auto it = access_.find(name);
    if (!server || it == access_.end() || !may_see(link, it->second))
      throw UserError(fmt::format("there is no table {} (it may have ended)", printable(name, 40)));
    if (link.guest || link.key != it->second.host_key) throw UserError("only the table's host frees a seat");
    const auto seat = m.find("seat");
    if (seat == m.end() || !seat->is_number_integer() || seat->get<long long>() < 1 ||
        seat->get<long long>() > 64)
      throw UserError("\"seat\": a seat's number, from 1");
    const int number = seat->get<int>();
    if (const std::string why = server->free_seat(static_cast<PlayerId>(number - 1)); !why.empty())
      throw UserError(why);
    hub_.poke(*server);
    log(fmt::format("tables: {} (key {}) frees seat {} of table {}", link.name, link.key, number, name));
    return json{{"type", "freed"}, {"table", name}, {"seat", number}};
  }

  int control_;
  TableProcessSettings s_;
  std::string dir_;
  Hub hub_{2};
  std::map<int, Link> links_;
  std::map<std::string, Access> access_;
  std::uint64_t guests_ = 0;
  std::uint64_t serials_ = 0;
  RegistryNames registered_{s_.state_dir};
  TableListCache list_{first_list_version()};
};

}  // namespace

int run_table_process(int control_fd, const TableProcessSettings& settings) {
  TableProcess process(control_fd, settings);
  return process.run();
}

}  // namespace rt::net
