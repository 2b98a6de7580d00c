#include "net/table_broker.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "core/types.h"

namespace rt::net {

bool send_packet(int fd, const json& message, int pass_fd) {
  const std::string body = dump(message);
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

std::string table_name_problem(const std::string& name) {
  bool ok = name.size() <= 32;
  for (char c : name)
    ok = ok &&
         ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
  if (ok) return {};
  return fmt::format("bad table name '{}': use 1 to 32 letters, digits, '-' or '_'", printable(name, 40));
}

}  // namespace rt::net
