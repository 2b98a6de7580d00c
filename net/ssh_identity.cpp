#include "net/ssh_identity.h"

#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <random>

#include <fmt/format.h>
#include <libssh/libssh.h>

#include "core/types.h"
#include "net/protocol.h"
#include "net/ssh_internal.h"

namespace rt::net {

std::string errno_text() {
  return std::strerror(errno);
}

namespace {

constexpr const char* kHostKeyName = "host_ed25519_key";

struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
};

}  // namespace

void ensure_private_dir(const std::string& path) {
  if (path.empty()) throw UserError("no state directory");
  // Parents as `mkdir -p` makes them (0700 when new); the last one is checked.
  std::string partial;
  for (std::size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      if (!partial.empty() && ::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST)
        throw UserError(fmt::format("{}: cannot create directory: {}", partial, errno_text()));
    }
    if (i < path.size()) partial.push_back(path[i]);
  }
  Fd dir(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (dir.fd < 0)
    throw UserError(fmt::format("{}: not a directory (or a link to one): {}", path, errno_text()));
  struct stat st {};
  if (::fstat(dir.fd, &st) != 0 || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0)
    throw UserError(
        fmt::format("{}: must be a directory of this user's closed to everyone else (mode 0700)", path));
}

bool write_private_file(const std::string& path, std::string_view text, bool replace) {
  std::random_device rd;
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
    tmp = fmt::format("{}.tmp-{:08x}", path, rd());
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) throw UserError(fmt::format("{}: cannot write: {}", path, errno_text()));
  std::size_t done = 0;
  bool ok = true;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  ok = ok && ::fsync(fd) == 0;
  const int saved = errno;
  ::close(fd);
  if (!ok) {
    ::unlink(tmp.c_str());
    errno = saved;
    throw UserError(fmt::format("{}: cannot write: {}", path, errno_text()));
  }
  if (replace) {
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
      const int e = errno;
      ::unlink(tmp.c_str());
      errno = e;
      throw UserError(fmt::format("{}: cannot write: {}", path, errno_text()));
    }
    return true;
  }
  const int linked = ::link(tmp.c_str(), path.c_str());
  const int e = errno;
  ::unlink(tmp.c_str());
  if (linked == 0) return true;
  if (e == EEXIST) return false;
  errno = e;
  throw UserError(fmt::format("{}: cannot write: {}", path, errno_text()));
}

std::optional<std::string> read_private_file(const std::string& path, std::size_t max_bytes) {
  Fd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
  if (fd.fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw UserError(fmt::format("{}: cannot read (it must be a file, not a link): {}", path, errno_text()));
  }
  struct stat st {};
  if (::fstat(fd.fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0)
    throw UserError(
        fmt::format("{}: must be a file of this user's that nobody else may read (mode 0600)", path));
  if (static_cast<std::size_t>(st.st_size) > max_bytes)
    throw UserError(fmt::format("{}: {} bytes is too large (at most {})", path, st.st_size, max_bytes));
  std::string text(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::read(fd.fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  text.resize(done);
  return text;
}

void remove_tree(const std::string& path) {
  ::nftw(
      path.c_str(),
      [](const char* p, const struct stat*, int type, struct FTW*) {
        if (type == FTW_DP)
          ::rmdir(p);
        else
          ::unlink(p);
        return 0;
      },
      16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

// --- keys (libssh) ------------------------------------------------------------

PlayerKey player_key_of(ssh_key key) {
  PlayerKey out;
  if (const char* type = ssh_key_type_to_char(ssh_key_type(key))) out.type = type;
  char* b64 = nullptr;
  if (ssh_pki_export_pubkey_base64(key, &b64) == SSH_OK && b64) {
    out.base64 = b64;
    ssh_string_free_char(b64);
  }
  unsigned char* hash = nullptr;
  std::size_t len = 0;
  if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &len) == 0 && hash) {
    for (std::size_t i = 0; i < len; ++i) out.sha256_hex += fmt::format("{:02x}", hash[i]);
    if (char* fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, len)) {
      out.fingerprint = fp;
      ssh_string_free_char(fp);
    }
    ssh_clean_pubkey_hash(&hash);
  }
  return out;
}

ssh_key load_host_key(const std::string& state_dir, HostKeyFile* info) {
  ensure_private_dir(state_dir);
  const std::string path = state_dir + "/" + kHostKeyName;
  bool created = false;
  std::optional<std::string> text = read_private_file(path);
  if (!text) {
    ssh_key fresh = nullptr;
    if (ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &fresh) != SSH_OK || !fresh)
      throw UserError("cannot make an Ed25519 host key (libssh)");
    char* b64 = nullptr;
    const int rc = ssh_pki_export_privkey_base64(fresh, nullptr, nullptr, nullptr, &b64);
    ssh_key_free(fresh);
    if (rc != SSH_OK || !b64) throw UserError("cannot write the host key (libssh)");
    const std::string pem = b64;
    ssh_string_free_char(b64);
    created = write_private_file(path, pem, false);  // false: another start made one first
    text = read_private_file(path);
    if (!text) throw UserError(fmt::format("{}: the host key vanished", path));
  }
  ssh_key key = nullptr;
  if (ssh_pki_import_privkey_base64(text->c_str(), nullptr, nullptr, nullptr, &key) != SSH_OK || !key)
    throw UserError(fmt::format("{}: not a private key libssh can read", path));
  if (ssh_key_type(key) != SSH_KEYTYPE_ED25519) {
    ssh_key_free(key);
    throw UserError(fmt::format("{}: not an Ed25519 key", path));
  }
  if (info) {
    ssh_key pub = nullptr;
    info->path = path;
    info->created = created;
    if (ssh_pki_export_privkey_to_pubkey(key, &pub) == SSH_OK && pub) {
      info->fingerprint = player_key_of(pub).fingerprint;
      ssh_key_free(pub);
    }
  }
  return key;
}

HostKeyFile ensure_host_key(const std::string& state_dir) {
  HostKeyFile info;
  ssh_key_free(load_host_key(state_dir, &info));
  return info;
}

std::string key_file_field(const std::string& text, std::string_view key) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == ' ')
      return std::string(line.substr(key.size() + 1));
    start = end + 1;
  }
  return {};
}

std::string utc_stamp() {
  char buf[32] = "";
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  if (::gmtime_r(&t, &tm)) std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace rt::net
