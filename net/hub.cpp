#include "net/hub.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "core/save.h"
#include "net/sockets.h"

namespace rt::net {

// Saves on a few threads: one table has at most one save in flight (Server
// waits for saved() before it submits again), so two threads never write the
// same file, and a slow fsync holds up only its own table's next save.
class ThreadedSaveWriter final : public SaveWriter {
 public:
  struct Result {
    Server* server;
    std::size_t mark;
    std::string problem;
  };

  explicit ThreadedSaveWriter(int threads)
      : event_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)), thread_count_(std::max(1, threads)) {
    if (event_fd_ < 0) throw UserError(fmt::format("cannot serve tables: eventfd: {}", std::strerror(errno)));
  }

  // Threads do not survive fork(): they start with the serving (after a
  // --detach), and saves submitted before wait for them.
  void start() {
    if (threads_.empty())
      for (int i = 0; i < thread_count_; ++i) threads_.emplace_back([this] { work(); });
  }
  ~ThreadedSaveWriter() override {
    stop();
    ::close(event_fd_);
  }

  // Writes what is queued, then ends the threads.
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_)
      if (t.joinable()) t.join();
  }

  void submit(Server* server, std::string path, std::string text, std::size_t mark) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(Job{server, std::move(path), std::move(text), mark});
    }
    wake_.notify_one();
  }

  std::string write_now(Server* server, const std::string& path, const std::string& text) override {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      jobs_.erase(
          std::remove_if(jobs_.begin(), jobs_.end(), [&](const Job& j) { return j.server == server; }),
          jobs_.end());
      written_.wait(lock, [&] { return writing_.count(server) == 0; });
      results_.erase(std::remove_if(results_.begin(), results_.end(),
                                    [&](const Result& r) { return r.server == server; }),
                     results_.end());
    }
    try {
      write_file_atomically(path, text);
    } catch (const std::exception& e) {
      return e.what();
    }
    return {};
  }

  int event_fd() const { return event_fd_; }

  std::vector<Result> take() {
    std::uint64_t count = 0;
    const ssize_t r = ::read(event_fd_, &count, sizeof count);
    (void)r;
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<Result> out;
    out.swap(results_);
    return out;
  }

 private:
  struct Job {
    Server* server;
    std::string path;
    std::string text;
    std::size_t mark;
  };

  void work() {
    for (;;) {
      Job job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping, and everything queued is written
        job = std::move(jobs_.front());
        jobs_.pop_front();
        writing_.insert(job.server);
      }
      std::string problem;
      try {
        write_file_atomically(job.path, job.text);
      } catch (const std::exception& e) {
        problem = e.what();
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        results_.push_back(Result{job.server, job.mark, std::move(problem)});
        writing_.erase(job.server);
      }
      written_.notify_all();
      const std::uint64_t one = 1;
      const ssize_t r = ::write(event_fd_, &one, sizeof one);
      (void)r;
    }
  }

  int event_fd_;
  int thread_count_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable written_;  // a save left writing_
  std::deque<Job> jobs_;
  std::set<Server*> writing_;  // whose save a thread is writing now
  std::vector<Result> results_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

namespace {

constexpr std::uint64_t kWriterTag = ~std::uint64_t{0};
constexpr std::uint64_t kStopTag = kWriterTag - 1;
// Other descriptors (Hub::watch): this slot number, the descriptor below.
constexpr std::uint64_t kWatchSlot = 0xfffffff0u;
constexpr Millis kMaxSleepMs = 60000;

}  // namespace

struct Hub::Entry {
  std::unique_ptr<Server> server;
  std::vector<pollfd> registered;  // fd and the poll events epoll waits for
  Millis wake = -1;                // in wakes_ when >= 0
  bool closing = false;
};

Hub::Hub(int writer_threads)
    : epoll_fd_(::epoll_create1(EPOLL_CLOEXEC)),
      writer_(std::make_unique<ThreadedSaveWriter>(writer_threads)) {
  if (epoll_fd_ < 0) throw UserError(fmt::format("cannot serve tables: epoll: {}", std::strerror(errno)));
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.u64 = kWriterTag;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, writer_->event_fd(), &ev);
}

Hub::~Hub() {
  // Every queued save is written before a table (and its Server) goes.
  writer_->stop();
  for (const auto& r : writer_->take())
    if (slot_of_.count(r.server)) r.server->saved(r.mark, r.problem);
  entries_.clear();  // each Server saves what is still unsaved as it goes
  ::close(epoll_fd_);
}

SaveWriter* Hub::writer() {
  return writer_.get();
}

void Hub::add(std::unique_ptr<Server> server) {
  auto e = std::make_unique<Entry>();
  e->server = std::move(server);
  e->server->use_writer(writer_.get());
  // A closed table's slot is taken again: a long-lived process does not grow.
  std::size_t slot = 0;
  while (slot < entries_.size() && entries_[slot]) ++slot;
  slot_of_[e->server.get()] = slot;
  if (slot == entries_.size())
    entries_.push_back(std::move(e));
  else
    entries_[slot] = std::move(e);
  ++live_;
  if (running_) service(slot, {}, steady_ms());
}

void Hub::watch(int fd, std::function<void()> on_ready) {
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.u64 = (kWatchSlot << 32) | static_cast<std::uint32_t>(fd);
  if (::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &ev) != 0)
    throw UserError(fmt::format("cannot wait on a descriptor: {}", std::strerror(errno)));
  watched_[fd] = std::move(on_ready);
}

void Hub::unwatch(int fd) {
  if (watched_.erase(fd)) ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, fd, nullptr);
}

std::vector<Server*> Hub::servers() const {
  std::vector<Server*> out;
  for (const auto& e : entries_)
    if (e && !e->closing) out.push_back(e->server.get());
  return out;
}

void Hub::poke(Server& server) {
  const auto it = slot_of_.find(&server);
  if (it != slot_of_.end()) service(it->second, {}, steady_ms());
}

void Hub::sync_fds(std::size_t slot) {
  Entry& e = *entries_[slot];
  std::vector<pollfd> now;
  now.reserve(e.registered.size() + 4);
  if (!e.closing) e.server->watched_fds(now);
  if (e.closing)
    for (const pollfd& r : e.registered) ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, r.fd, nullptr);
  sync_epoll_set(epoll_fd_, e.registered, std::move(now), static_cast<std::uint64_t>(slot) << 32);
}

void Hub::unschedule(std::size_t slot) {
  Entry& e = *entries_[slot];
  if (e.wake >= 0) wakes_.erase({e.wake, slot});
  e.wake = -1;
}

void Hub::schedule(std::size_t slot, Millis hub_now) {
  Entry& e = *entries_[slot];
  unschedule(slot);
  if (e.closing) return;
  const Server& s = *e.server;
  e.wake = hub_now + s.wait_ms(s.now(), kMaxSleepMs);
  wakes_.insert({e.wake, slot});
}

void Hub::service(std::size_t slot, const std::vector<pollfd>& ready, Millis hub_now) {
  Entry& e = *entries_[slot];
  if (e.closing) return;
  Server& s = *e.server;
  s.prepare(s.now());
  const Millis real = s.now();
  for (const pollfd& p : ready) s.ready(p.fd, p.revents, real);
  if (!s.finish(s.now())) {
    e.closing = true;
    unschedule(slot);
  }
  sync_fds(slot);
  if (!e.closing) schedule(slot, hub_now);
}

void Hub::close_table(std::size_t slot, const std::function<void(Server&)>& closed) {
  Entry& e = *entries_[slot];
  e.server->close_table();
  if (closed) closed(*e.server);
  slot_of_.erase(e.server.get());
  entries_[slot].reset();  // closes its sockets (they leave the epoll set)
  --live_;
}

void Hub::run(const std::function<void(Server&)>& closed) {
  writer_->start();
  if (const int stop_wake = Server::stop_wake_fd(); stop_wake >= 0) {
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = kStopTag;
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, stop_wake, &ev);
  }
  Millis hub_now = steady_ms();
  for (std::size_t slot = 0; slot < entries_.size(); ++slot)
    if (entries_[slot]) service(slot, {}, hub_now);
  std::vector<epoll_event> events(1024);
  std::vector<std::pair<std::size_t, pollfd>> ready;
  std::vector<pollfd> mine;
  std::vector<std::size_t> due;
  std::vector<int> others;
  bool stopping = false;
  running_ = true;
  struct NotRunning {
    bool& running;
    ~NotRunning() { running = false; }
  } not_running{running_};
  while (live_ > 0 || (stay_open_ && !stopping)) {
    // Tables that finished close once their last save came back.
    for (std::size_t slot = 0; slot < entries_.size(); ++slot)
      if (entries_[slot] && entries_[slot]->closing && !entries_[slot]->server->save_in_flight())
        close_table(slot, closed);
    if (live_ == 0 && (!stay_open_ || stopping)) break;
    if (!stopping && Server::stop_signal_received()) {
      stopping = true;
      for (auto& e : entries_)
        if (e && !e->closing) e->server->stop_by_signal(Server::stop_signal());
      for (std::size_t slot = 0; slot < entries_.size(); ++slot)
        if (entries_[slot] && !entries_[slot]->closing) service(slot, {}, steady_ms());
      continue;
    }
    hub_now = steady_ms();
    Millis timeout = kMaxSleepMs;
    if (!wakes_.empty()) timeout = std::clamp<Millis>(wakes_.begin()->first - hub_now, 0, kMaxSleepMs);
    if (stopping) timeout = std::min<Millis>(timeout, 10);
    const int n = ::epoll_wait(epoll_fd_, events.data(), std::ssize(events), static_cast<int>(timeout));
    hub_now = steady_ms();
    ready.clear();
    due.clear();
    others.clear();
    for (int i = 0; i < n; ++i) {
      const std::uint64_t tag = events[static_cast<std::size_t>(i)].data.u64;
      if ((tag >> 32) == kWatchSlot) {
        others.push_back(static_cast<int>(tag & 0xffffffffu));
        continue;
      }
      if (tag == kStopTag) {
        Server::drain_stop_wake();  // the loop's top looks at the signal
        continue;
      }
      if (tag == kWriterTag) {
        for (const auto& r : writer_->take()) {
          const auto it = slot_of_.find(r.server);
          if (it == slot_of_.end()) continue;
          r.server->saved(r.mark, r.problem);
          due.push_back(it->second);
        }
        continue;
      }
      const auto slot = static_cast<std::size_t>(tag >> 32);
      if (slot >= entries_.size() || !entries_[slot]) continue;
      ready.push_back({slot, pollfd{static_cast<int>(tag & 0xffffffffu), 0,
                                    poll_events_of(events[static_cast<std::size_t>(i)].events)}});
      due.push_back(slot);
    }
    while (!wakes_.empty() && wakes_.begin()->first <= hub_now) {
      const std::size_t slot = wakes_.begin()->second;
      unschedule(slot);
      due.push_back(slot);
    }
    std::sort(due.begin(), due.end());
    due.erase(std::unique(due.begin(), due.end()), due.end());
    std::stable_sort(ready.begin(), ready.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t r = 0;
    for (const std::size_t slot : due) {
      mine.clear();
      while (r < ready.size() && ready[r].first < slot) ++r;
      while (r < ready.size() && ready[r].first == slot) mine.push_back(ready[r++].second);
      if (entries_[slot]) service(slot, mine, hub_now);
    }
    // Other descriptors last: what they do (a table added, a client handed
    // in) serves the tables it touches itself.
    for (const int fd : others)
      if (const auto it = watched_.find(fd); it != watched_.end()) {
        const std::function<void()> on_ready = it->second;  // it may unwatch itself
        on_ready();
      }
  }
}

}  // namespace rt::net
