#include "net/watch_mirror.h"

#include <poll.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "net/codes.h"
#include "net/hosting.h"
#include "net/server.h"
#include "net/sockets.h"
#include "net/table_files.h"

namespace rt::net {
namespace {

constexpr Millis kMaxSleepMs = 60000;

}  // namespace

WatchMirror::WatchMirror(const Table& source, WatchSettings settings, std::function<Millis()> clock) {
  ServerOptions opt;
  opt.watch_only = true;
  opt.clock = std::move(clock);
  // The same rules as `host --group`: a group the player is in, its own directory.
  if (!settings.group.empty()) open_to_group(opt, settings.group, settings.dir, "group " + settings.group);
  opt.dir = settings.dir.empty() ? default_table_dir() : settings.dir;
  const std::string game = source.game().info().id;
  const bool named = !settings.name.empty();
  opt.name = named ? settings.name : game;
  check_table_name(opt.name);
  prepare_table_dir(opt.dir, opt.group, opt.group_set);
  if (!named)
    for (int k = 2; exists(socket_path(opt.dir, opt.name)) || exists(info_path(opt.dir, opt.name)); ++k)
      opt.name = fmt::format("{}-{}", game, k);
  if (settings.code) opt.code = generate_code();
  name_ = opt.name;
  dir_ = opt.dir;
  group_ = settings.group;
  code_ = opt.code;

  // The copy starts where the game started and replays its history: the
  // watchers' log holds the game's public lines from the first step.
  auto copy = std::make_unique<Table>(source.game_ptr(), source.seats(), source.seed());
  server_ = std::make_unique<Server>(std::move(copy), std::move(opt));
  for (const Step& step : source.history()) server_->mirror_step(step);
  server_->open();  // the directory checks, the socket, its mode and group

  epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  if (epoll_fd_ < 0) {
    const std::string why = std::strerror(errno);
    server_.reset();  // closes and removes the socket
    throw UserError(fmt::format("cannot open the game to watchers: epoll: {}", why));
  }
  OpenedTable info;  // `racetable tables` lists it as any table
  info.name = name_;
  info.dir = dir_;
  info.game_id = game;
  try {
    write_table_info(info);
  } catch (const std::exception&) {
    // Only the listing misses it: watchers join by the name they are told.
  }
  sync_fds();
}

WatchMirror::~WatchMirror() {
  if (server_) server_->close_table();
  ::unlink(info_path(dir_, name_).c_str());
  server_.reset();  // closes every connection and removes the socket
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
}

void WatchMirror::follow(const Table& source, const MirrorPace& pace) {
  const auto& steps = source.history();
  for (std::size_t i = server_->table().history().size(); i < steps.size(); ++i)
    server_->mirror_step(steps[i]);
  server_->mirror_pace(pace);
}

void WatchMirror::serve(Millis real) {
  server_->prepare(real);
  epoll_event events[64];
  const int n = ::epoll_wait(epoll_fd_, events, 64, 0);
  for (int i = 0; i < n; ++i)
    server_->ready(static_cast<int>(events[i].data.u64), poll_events_of(events[i].events), real);
  server_->finish(real);
  sync_fds();
}

Millis WatchMirror::wake_at(Millis real) const {
  return real + server_->wait_ms(real, kMaxSleepMs);
}

int WatchMirror::watchers() const {
  return server_->watchers();
}

std::string WatchMirror::command() const {
  return fmt::format("racetable join {} --dir {} --watch{}", name_, dir_, code_.empty() ? "" : " --code");
}

void WatchMirror::sync_fds() {
  std::vector<pollfd> now;
  server_->watched_fds(now);
  sync_epoll_set(epoll_fd_, registered_, std::move(now), 0);  // data.u64 is the fd
}

}  // namespace rt::net
