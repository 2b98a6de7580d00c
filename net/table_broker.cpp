#include "net/table_broker.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "core/types.h"

namespace rt::net {

bool send_packet(int fd, const json& message, int pass_fd) {
  return send_encoded_packet(fd, dump(message), pass_fd);
}

bool send_encoded_packet(int fd, std::string_view body, int pass_fd) {
  if (body.size() > kMaxBrokerAnswer) return false;
  iovec iov{const_cast<char*>(body.data()), body.size()};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  if (pass_fd >= 0) {
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr* c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(c), &pass_fd, sizeof(int));
  }
  for (;;) {
    const ssize_t n = ::sendmsg(fd, &msg, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    return n == static_cast<ssize_t>(body.size());
  }
}

Packet receive_packet(int fd, std::size_t max_bytes) {
  Packet out;
  std::vector<char> buf(max_bytes + 1);
  iovec iov{buf.data(), buf.size()};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(4 * sizeof(int))] = {};
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  do {
    n = ::recvmsg(fd, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
  } while (n < 0 && errno == EINTR);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return out;  // nothing yet
  if (n <= 0) {
    out.gone = true;
    return out;
  }
  int fds = 0;
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    const std::size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (std::size_t i = 0; i < count; ++i) {
      int got = -1;
      std::memcpy(&got, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
      if (fds++ == 0)
        out.fd = got;
      else
        ::close(got);
    }
  }
  if (fds > 1 || (msg.msg_flags & MSG_CTRUNC)) {
    if (out.fd >= 0) ::close(out.fd);
    out.fd = -1;
    out.error = "more than one descriptor in a message";
    return out;
  }
  if (static_cast<std::size_t>(n) > max_bytes || (msg.msg_flags & MSG_TRUNC)) {
    if (out.fd >= 0) ::close(out.fd);
    out.fd = -1;
    out.error = fmt::format("a message longer than {} bytes", max_bytes);
    return out;
  }
  try {
    json j = json::parse(std::string_view(buf.data(), static_cast<std::size_t>(n)));
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
      throw std::runtime_error("not an object with a \"type\"");
    out.message = std::move(j);
  } catch (const std::exception&) {
    if (out.fd >= 0) ::close(out.fd);
    out.fd = -1;
    out.error = "a message that is not a JSON object with a \"type\"";
  }
  return out;
}

std::size_t make_room_for_answers(int fd) {
  // The kernel doubles what it is asked for, up to twice net.core.wmem_max.
  const int asked = static_cast<int>(kMaxBrokerAnswer);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &asked, sizeof asked);
  int room = 0;
  socklen_t len = sizeof room;
  if (::getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &room, &len) != 0 || room < 4096) return kMaxBrokerPacket;
  // A datagram may be the buffer less a little of the kernel's own.
  return std::min(kMaxBrokerAnswer, static_cast<std::size_t>(room) - 1024);
}

TablesLink::TablesLink(int fd) : fd_(fd) {}

TablesLink::~TablesLink() {
  if (fd_ >= 0) ::close(fd_);
}

json TablesLink::ask(json request, int* got_fd, int timeout_ms) {
  if (got_fd) *got_fd = -1;
  const std::uint64_t id = ++next_id_;
  request["id"] = id;
  if (fd_ < 0 || !send_packet(fd_, request)) throw UserError("the server's tables are not reachable now");
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now())
            .count();
    if (left <= 0) throw UserError("the server's tables did not answer in time: try again");
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    Packet packet = receive_packet(fd_, kMaxBrokerAnswer);
    if (packet.gone) throw UserError("the server's tables are not reachable now");
    if (!packet.message) {
      if (packet.fd >= 0) ::close(packet.fd);
      continue;
    }
    // An answer to an earlier question that timed out: not this one's.
    if (packet.message->value("id", std::uint64_t{0}) != id) {
      if (packet.fd >= 0) ::close(packet.fd);
      continue;
    }
    if (packet.message->value("type", "") == "error") {
      if (packet.fd >= 0) ::close(packet.fd);
      const json& text = (*packet.message)["text"];
      throw UserError(printable(text.is_string() ? text.get<std::string>() : "refused", 300));
    }
    if (got_fd)
      *got_fd = packet.fd;
    else if (packet.fd >= 0)
      ::close(packet.fd);
    return std::move(*packet.message);
  }
}

}  // namespace rt::net
