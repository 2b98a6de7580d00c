// The shell's shared tables on this machine: the Tables page and hosting
// over the local backend (client/local_tables.h), and watchers of a local
// game served by net::WatchMirror.
#include "client/shared_tables.h"

#include <grp.h>
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "client/local_tables.h"
#include "client/tables_page.h"
#include "net/sockets.h"
#include "net/table_spec.h"
#include "net/watch_mirror.h"

namespace rt::client {
namespace {

// Groups this player may open a game to (as `host --group`): the process's
// supplementary groups but its own private one and root's, a few at most.
std::vector<std::string> shareable_groups() {
  std::vector<std::string> out;
  const std::string me = net::user_name(::getuid());
  for (gid_t g : net::process_groups()) {
    if (g == 0 || out.size() >= 2) continue;
    const group* gr = ::getgrgid(g);
    if (!gr || !gr->gr_name || me == gr->gr_name) continue;
    const std::string name = gr->gr_name;
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  return out;
}

class MirrorWatchers final : public shell::Watchers {
 public:
  MirrorWatchers(const Table& source, net::WatchSettings settings, std::function<Millis()> clock)
      : mirror_(source, std::move(settings), std::move(clock)) {}

  void follow(const Table& source, const MirrorPace& pace) override { mirror_.follow(source, pace); }
  void serve(Millis real) override { mirror_.serve(real); }
  Millis wake_at(Millis real) const override { return mirror_.wake_at(real); }
  int wake_fd() const override { return mirror_.wake_fd(); }
  int count() const override { return mirror_.watchers(); }
  std::string who() const override {
    return fmt::format("{}{}", mirror_.group().empty() ? "your account only" : "group " + mirror_.group(),
                       mirror_.code().empty() ? "" : ", with a join code");
  }
  std::string command() const override { return mirror_.command(); }
  std::string code() const override { return mirror_.code(); }

 private:
  net::WatchMirror mirror_;
};

class ServerTables final : public shell::SharedTables {
 public:
  std::unique_ptr<shell::Screen> tables_page(shell::AppContext& ctx) const override {
    return make_tables_page(ctx, local_tables(ctx.table_dir));
  }
  std::unique_ptr<shell::Screen> host_table(shell::AppContext& ctx, const setup::TableRequest& request,
                                            const shell::HostChoices& choices,
                                            std::string& error) const override {
    return host_and_sit(ctx, *local_tables(ctx.table_dir), request, choices, error);
  }
  shell::HostPlace host_place() const override {
    shell::HostPlace place;
    place.groups = shareable_groups();
    place.open_words = place.groups.empty()
                           ? fmt::format("your account ({}) only", net::user_name(::getuid()))
                           : std::string("anyone the table is open to");
    place.max_invited = net::kMaxInvited;
    return place;
  }
  std::string host_problem(const shell::HostChoices& choices) const override {
    return local_host_problem(nullptr, choices);
  }
  std::vector<shell::WatchOffer> watch_offers() const override {
    std::vector<shell::WatchOffer> offers;
    offers.push_back({fmt::format("Your account ({}) only", net::user_name(::getuid())), U'o', "", false});
    offers.push_back({"Your account, with a join code", U'c', "", true});
    char32_t key = U'1';
    for (const std::string& g : shareable_groups())
      offers.push_back({fmt::format("Group {}, with a join code", g), key++, g, true});
    return offers;
  }
  std::unique_ptr<shell::Watchers> open_watchers(const shell::AppContext& ctx, const Table& source,
                                                 const shell::WatchOffer& offer,
                                                 std::function<Millis()> clock) const override {
    net::WatchSettings settings;
    settings.group = offer.group;
    settings.code = offer.code;
    if (offer.group.empty()) settings.dir = ctx.table_dir;  // a group's table lives in its own directory
    return std::make_unique<MirrorWatchers>(source, std::move(settings), std::move(clock));
  }
};

}  // namespace

const shell::SharedTables& shared_tables() {
  static const ServerTables tables;
  return tables;
}

}  // namespace rt::client
