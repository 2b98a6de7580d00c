// Confinement of the SSH server's processes (net/confine.h): Landlock by
// raw system calls (the headers may predate the kernel's newer fields, so
// they are spelled here), and a seccomp filter written as classic BPF.
#include "net/confine.h"

#include <fcntl.h>
#include <link.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "core/types.h"
#include "net/registry_db.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RT_HAS_ASAN 1
#endif
#endif
#ifndef RT_HAS_ASAN
#define RT_HAS_ASAN 0
#endif

namespace rt::net {
namespace {

// --- Landlock ------------------------------------------------------------------

// The ruleset's fields up to ABI 6; a kernel that knows fewer takes a
// shorter size (the rest must be zero anyway).
struct RulesetAttr {
  std::uint64_t handled_access_fs = 0;
  std::uint64_t handled_access_net = 0;  // ABI 4
  std::uint64_t scoped = 0;              // ABI 6
};
constexpr std::uint64_t kFsTruncate = 1ull << 14;  // ABI 3
// ABI 5's LANDLOCK_ACCESS_FS_IOCTL_DEV stays unhandled: a terminal needs its ioctls.
constexpr std::uint64_t kNetBindTcp = 1ull << 0;         // ABI 4
constexpr std::uint64_t kNetConnectTcp = 1ull << 1;      // ABI 4
constexpr std::uint64_t kScopeAbstractUnix = 1ull << 0;  // ABI 6
constexpr std::uint64_t kScopeSignal = 1ull << 1;        // ABI 6

constexpr std::uint64_t kRead = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
constexpr std::uint64_t kFileRights =
    LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | kFsTruncate;

std::uint64_t handled_fs(int abi) {
  std::uint64_t all = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;  // ABI 1: execute to make_sym
  if (abi >= 2) all |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3) all |= kFsTruncate;
  return all;
}

std::uint64_t write_tree(int abi) {
  return handled_fs(abi) & (kRead | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                            LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_DIR |
                            LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_REFER | kFsTruncate);
}

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

// A path the machine lacks (no /lib64, no registry journal now) is no rule.
void add_rule(int ruleset, const std::string& path, std::uint64_t rights, int abi) {
  const Fd fd(::open(path.c_str(), O_PATH | O_CLOEXEC));
  if (fd.get() < 0) return;
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return;
  // A file takes only the rights a file has.
  if (!S_ISDIR(st.st_mode)) rights &= kFileRights;
  rights &= handled_fs(abi);
  if (rights == 0) return;
  landlock_path_beneath_attr rule{};
  rule.allowed_access = rights;
  rule.parent_fd = fd.get();
  if (::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
    throw UserError(
        fmt::format("confinement: Landlock refused a rule for {}: {}", path, std::strerror(errno)));
}

void apply_landlock(const ConfinePaths& paths, int abi) {
  RulesetAttr attr;
  attr.handled_access_fs = handled_fs(abi);
  std::size_t size = sizeof attr.handled_access_fs;
  if (abi >= 4) {
    attr.handled_access_net = kNetBindTcp | kNetConnectTcp;  // no TCP at all: no rule grants a port
    size = offsetof(RulesetAttr, scoped);
  }
  if (abi >= 6) {
    // No signal to a process outside this domain, no abstract socket outside it.
    attr.scoped = kScopeAbstractUnix | kScopeSignal;
    size = sizeof attr;
  }
  const Fd ruleset(static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attr, size, 0)));
  if (ruleset.get() < 0)
    throw UserError(fmt::format("confinement: Landlock refused the ruleset: {}", std::strerror(errno)));
  for (const std::string& p : paths.read) add_rule(ruleset.get(), p, kRead, abi);
  for (const std::string& p : paths.write) add_rule(ruleset.get(), p, write_tree(abi), abi);
  for (const std::string& p : paths.files)
    add_rule(ruleset.get(), p, LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | kFsTruncate,
             abi);
  for (const std::string& p : paths.devices)
    add_rule(ruleset.get(), p, LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE, abi);
  for (const std::string& p : paths.execute)
    add_rule(ruleset.get(), p, LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE, abi);
  if (::syscall(SYS_landlock_restrict_self, ruleset.get(), 0) != 0)
    throw UserError(fmt::format("confinement: Landlock refused to apply: {}", std::strerror(errno)));
}

int landlock_abi() {
  const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi < 0 ? 0 : static_cast<int>(abi);
}

// --- seccomp -------------------------------------------------------------------

#if defined(__x86_64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_AARCH64;
#else
constexpr std::uint32_t kArch = 0;  // not written for this architecture: no filter
#endif

constexpr std::uint32_t kAllow = SECCOMP_RET_ALLOW;
constexpr std::uint32_t kKill = SECCOMP_RET_KILL_PROCESS;
// EPERM where a library may ask and go on without (exec, sockets, keyrings,
// namespaces); ENOSYS for clone3, whose flags a filter cannot read: glibc
// then falls back to clone, whose flags it can.
constexpr std::uint32_t kDeny = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
constexpr std::uint32_t kNoSys = SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA);

struct SyscallRule {
  long nr;
  std::uint32_t action;
};

// What no game, shell or session ever does.
std::vector<SyscallRule> common_rules() {
  std::vector<SyscallRule> r = {
      {SYS_process_vm_readv, kKill},
      {SYS_process_vm_writev, kKill},
      {SYS_kexec_load, kKill},
      {SYS_kexec_file_load, kKill},
      {SYS_init_module, kKill},
      {SYS_finit_module, kKill},
      {SYS_delete_module, kKill},
      {SYS_bpf, kKill},
      {SYS_perf_event_open, kKill},
      {SYS_mount, kKill},
      {SYS_umount2, kKill},
      {SYS_pivot_root, kKill},
      {SYS_chroot, kKill},
      {SYS_fsopen, kKill},
      {SYS_fsconfig, kKill},
      {SYS_fsmount, kKill},
      {SYS_fspick, kKill},
      {SYS_move_mount, kKill},
      {SYS_open_tree, kKill},
      {SYS_mount_setattr, kKill},
      {SYS_swapon, kKill},
      {SYS_swapoff, kKill},
      {SYS_reboot, kKill},
      {SYS_open_by_handle_at, kKill},
      {SYS_name_to_handle_at, kKill},
      {SYS_acct, kKill},
      {SYS_settimeofday, kKill},
      {SYS_clock_settime, kKill},
      {SYS_clock_adjtime, kKill},
      {SYS_adjtimex, kKill},
      {SYS_quotactl, kKill},
      {SYS_syslog, kKill},
      {SYS_vhangup, kKill},
      {SYS_pidfd_getfd, kKill},
      {SYS_kcmp, kKill},
      {SYS_lookup_dcookie, kKill},
      {SYS_keyctl, kDeny},
      {SYS_add_key, kDeny},
      {SYS_request_key, kDeny},
      {SYS_unshare, kDeny},
      {SYS_setns, kDeny},
      {SYS_personality, kDeny},
      {SYS_userfaultfd, kDeny},
      // io_uring runs its work outside any filter.
      {SYS_io_uring_setup, kDeny},
      {SYS_io_uring_enter, kDeny},
      {SYS_io_uring_register, kDeny},
      {SYS_socket, kDeny},
      {SYS_clone3, kNoSys},
  };
#if defined(__SANITIZE_ADDRESS__) || RT_HAS_ASAN
  // LeakSanitizer stops the process's threads with ptrace at exit.
#else
  r.push_back({SYS_ptrace, kKill});
#endif
#if defined(__x86_64__)
  for (const long nr : {SYS_iopl, SYS_ioperm, SYS_uselib}) r.push_back({nr, kKill});
#endif
  return r;
}

sock_filter stmt(std::uint16_t code, std::uint32_t k) {
  return BPF_STMT(code, k);
}
sock_filter jump(std::uint16_t code, std::uint32_t k, std::uint8_t jt, std::uint8_t jf) {
  return BPF_JUMP(code, k, jt, jf);
}

void install_filter(const std::vector<SyscallRule>& rules) {
  constexpr std::uint32_t kNamespaces = CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET |
                                        CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
  std::vector<sock_filter> f;
  // Another architecture's numbers mean other calls: killed.
  f.push_back(stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
  f.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0));
  f.push_back(stmt(BPF_RET | BPF_K, kKill));
  f.push_back(stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
#if defined(__x86_64__)
  // x32's numbers are x86-64's with a bit set: none is needed.
  f.push_back(jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
  f.push_back(stmt(BPF_RET | BPF_K, kKill));
#endif
  for (const SyscallRule& r : rules) {
    f.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(r.nr), 0, 1));
    f.push_back(stmt(BPF_RET | BPF_K, r.action));
  }
  // clone: threads and processes, never a new namespace (its flags' low word).
  f.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 3));
  f.push_back(stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args)));
  f.push_back(jump(BPF_JMP | BPF_JSET | BPF_K, kNamespaces, 0, 1));
  f.push_back(stmt(BPF_RET | BPF_K, kDeny));
  f.push_back(stmt(BPF_RET | BPF_K, kAllow));
  sock_fprog prog{};
  prog.len = static_cast<unsigned short>(f.size());
  prog.filter = f.data();
  if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
    throw UserError(
        fmt::format("confinement: the kernel refused the seccomp filter: {}", std::strerror(errno)));
}

bool seccomp_supported() {
  if (kArch == 0) return false;
  std::uint32_t action = SECCOMP_RET_KILL_PROCESS;
  return ::syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action) == 0;
}

// --- paths ---------------------------------------------------------------------

// What the program reads wherever it runs: its libraries (the loader
// reads them when the shell starts), terminfo, locales, gconv, and the
// /etc files glibc and ncurses open (ld.so.cache, localtime, nsswitch).
const std::vector<std::string>& system_read_paths() {
  static const std::vector<std::string> paths = {
    "/usr",
    "/lib",
    "/lib64",
    "/etc",
    "/sys/devices/system/cpu",
#if defined(__SANITIZE_ADDRESS__) || RT_HAS_ASAN
    "/proc",  // AddressSanitizer reads the process's maps when the shell starts
#endif
  };
  return paths;
}

// A terminal and the few devices everyone opens.
const std::vector<std::string>& terminal_devices() {
  static const std::vector<std::string> paths = {"/dev/null", "/dev/zero", "/dev/urandom", "/dev/tty",
                                                 "/dev/pts"};
  return paths;
}

// The dynamic loader this program names (PT_INTERP): the kernel opens it
// for execution when the shell starts, so it needs Landlock's execute right
// as the program does.
std::string program_interpreter() {
  std::string found;
  ::dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i)
          if (info->dlpi_phdr[i].p_type == PT_INTERP)
            *static_cast<std::string*>(out) =
                reinterpret_cast<const char*>(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
        return 1;  // the program is the first object listed
      },
      &found);
  return found;
}

void append(std::vector<std::string>& to, const std::vector<std::string>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

ConfineSupport confine_support() {
  ConfineSupport s;
  s.landlock_abi = landlock_abi();
  s.seccomp = seccomp_supported();
  return s;
}

std::string confine_support_line(const ConfineSupport& s) {
  if (s.landlock_abi > 0 && s.seccomp) return "";
  std::string lacks = s.landlock_abi == 0 && !s.seccomp ? "Landlock and seccomp"
                      : s.landlock_abi == 0             ? "Landlock"
                                                        : "seccomp";
  return fmt::format(
      "ssh: this kernel lacks {}: sessions, shells and the table process run without {} (no new "
      "privileges still)",
      lacks, s.landlock_abi == 0 && !s.seccomp ? "that confinement" : "it");
}

ConfinePaths registry_paths(const std::string& state_dir) {
  ConfinePaths p;
  for (const char* dir : {"players", "keys", "skeletons", "sessions", "guests"})
    p.write.push_back(state_dir + "/" + dir);
  p.read.push_back(state_dir + "/banned");
  // The registry's database: its directory whole, since SQLite makes and
  // removes the -wal and -shm files as connections come and go.
  p.write.push_back(registry_dir(state_dir));
  return p;
}

// The one program a session execs (its shell's) and the loader the kernel
// opens for it: the file behind the descriptor (its inode, whatever its
// path says now), or this program.
void add_shell_program(ConfinePaths& p, int shell_program_fd) {
  p.execute.push_back(shell_program_fd >= 0 ? fmt::format("/proc/self/fd/{}", shell_program_fd)
                                            : std::string("/proc/self/exe"));
  if (std::string loader = program_interpreter(); !loader.empty()) p.execute.push_back(std::move(loader));
}

ConfinePaths session_paths(const std::string& state_dir, int shell_program_fd) {
  ConfinePaths p = registry_paths(state_dir);
  append(p.read, system_read_paths());
  append(p.devices, terminal_devices());
  p.devices.push_back("/dev/ptmx");
  add_shell_program(p, shell_program_fd);
  return p;
}

ConfinePaths player_session_paths(const std::string& home, int shell_program_fd) {
  ConfinePaths p;
  append(p.read, system_read_paths());
  append(p.devices, terminal_devices());
  p.devices.push_back("/dev/ptmx");
  add_shell_program(p, shell_program_fd);
  p.write.push_back(home);
  return p;
}

ConfinePaths shell_paths(const std::string& home) {
  ConfinePaths p;
  append(p.read, system_read_paths());
  append(p.devices, terminal_devices());
  p.write.push_back(home);
  return p;
}

ConfinePaths table_paths(const std::string& state_dir) {
  ConfinePaths p = registry_paths(state_dir);
  append(p.read, system_read_paths());
  p.devices.push_back("/dev/null");
  p.devices.push_back("/dev/urandom");
  p.write.push_back(state_dir + "/tables");
  return p;
}

Confined confine(const ConfinePaths& paths, SyscallProfile profile) {
  Confined done;
  // Landlock and an unprivileged filter both need it; exec then never gains a privilege.
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    throw UserError(fmt::format("confinement: no_new_privs refused: {}", std::strerror(errno)));
  done.no_new_privs = true;
  if (const int abi = landlock_abi(); abi > 0) {
    apply_landlock(paths, abi);
    done.landlock = true;
  }
  if (seccomp_supported()) {
    std::vector<SyscallRule> rules = common_rules();
    if (profile != SyscallProfile::Session)
      for (const long nr : {SYS_execve, SYS_execveat}) rules.push_back({nr, kDeny});
    install_filter(rules);
    done.seccomp = true;
  }
  return done;
}

void narrow(const ConfinePaths& paths) {
  if (const int abi = landlock_abi(); abi > 0) apply_landlock(paths, abi);
}

void forbid_exec() {
  if (!seccomp_supported()) return;
  install_filter({{SYS_execve, kDeny}, {SYS_execveat, kDeny}});
}

std::string confined_attempts(const std::string& secret, const std::string& other_dir,
                              const std::string& program) {
  std::string got;
  if (const int fd = ::open(secret.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
    got += "opened " + secret + "; ";
    ::close(fd);
  }
  if (const int fd = ::open(other_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); fd >= 0) {
    got += "opened " + other_dir + "; ";
    ::close(fd);
  }
  const std::string inside = other_dir + "/identity";
  if (const int fd = ::open(inside.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
    got += "opened " + inside + "; ";
    ::close(fd);
  }
  // exec in a child: a success replaces that child only.
  if (const pid_t pid = ::fork(); pid == 0) {
    char* argv[] = {const_cast<char*>(program.c_str()), nullptr};
    char* envp[] = {nullptr};
    ::execve(program.c_str(), argv, envp);
    ::_exit(127);
  } else if (pid > 0) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 127) got += "ran " + program + "; ";
  }
  if (const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0); fd >= 0) {
    got += "opened a TCP socket; ";
    ::close(fd);
  }
  return got;
}

}  // namespace rt::net
