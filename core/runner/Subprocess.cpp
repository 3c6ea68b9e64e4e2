#include "runner/Subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

namespace tessera::runner {

namespace {

std::vector<char*> CArgv(const std::vector<std::string>& argv) {
  std::vector<char*> out;
  for (const std::string& a : argv) out.push_back(const_cast<char*>(a.c_str()));
  out.push_back(nullptr);
  return out;
}

}  // namespace

std::optional<std::string> FindExecutable(const std::string& name) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string::npos)
    return access(name.c_str(), X_OK) == 0 ? std::optional<std::string>(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    std::string candidate = dir + "/" + name;
    struct stat st {};
    if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        access(candidate.c_str(), X_OK) == 0)
      return candidate;
  }
  return std::nullopt;
}

Subprocess::~Subprocess() {
  if (running()) Kill();
}

bool Subprocess::Start(const std::vector<std::string>& argv, const std::string& log_path,
                       std::string* error) {
  if (argv.empty()) {
    if (error) *error = "no command";
    return false;
  }
  // Opened before fork: the child only calls async-signal-safe functions.
  int log = open(log_path.empty() ? "/dev/null" : log_path.c_str(),
                 O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log < 0) {
    if (error) *error = "cannot open '" + log_path + "': " + strerror(errno);
    return false;
  }
  int null_in = open("/dev/null", O_RDONLY | O_CLOEXEC);
  std::vector<char*> args = CArgv(argv);
  pid_t pid = fork();
  if (pid < 0) {
    if (error) *error = std::string("fork failed: ") + strerror(errno);
    close(log);
    if (null_in >= 0) close(null_in);
    return false;
  }
  if (pid == 0) {
    setpgid(0, 0);
    if (null_in >= 0) dup2(null_in, 0);
    dup2(log, 1);
    dup2(log, 2);
    execv(args[0], args.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also here: no race with a Kill right after Start
  close(log);
  if (null_in >= 0) close(null_in);
  pid_ = pid;
  ended_ = false;
  exit_code_ = -1;
  signal_ = 0;
  return true;
}

bool Subprocess::Poll() {
  if (pid_ <= 0 || ended_) return true;
  int status = 0;
  pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == 0) return false;
  if (r < 0 && errno == EINTR) return false;
  ended_ = true;
  if (r == pid_) {
    if (WIFEXITED(status)) exit_code_ = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) signal_ = WTERMSIG(status);
  }
  kill(-pid_, SIGKILL);  // anything it left behind in its group
  return true;
}

void Subprocess::Kill() {
  if (pid_ <= 0 || ended_) return;
  kill(-pid_, SIGKILL);
  kill(pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  ended_ = true;
  signal_ = SIGKILL;
  exit_code_ = -1;
}

std::string Subprocess::Describe() const {
  if (signal_ != 0) {
    const char* d = strsignal(signal_);
    return "was killed by signal " + std::to_string(signal_) +
           (d ? std::string(" (") + d + ")" : "");
  }
  if (exit_code_ == 127) return "could not be started (exit status 127: not executable?)";
  return "exited with status " + std::to_string(exit_code_);
}

CommandOutput RunCommand(const std::vector<std::string>& argv, double timeout_s) {
  CommandOutput out;
  if (argv.empty()) return out;
  auto exe = FindExecutable(argv[0]);
  if (!exe) {
    out.output = argv[0] + ": command not found";
    return out;
  }
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    out.output = std::string("pipe failed: ") + strerror(errno);
    return out;
  }
  int null_in = open("/dev/null", O_RDONLY | O_CLOEXEC);
  std::vector<std::string> full = argv;
  full[0] = *exe;
  std::vector<char*> args = CArgv(full);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    if (null_in >= 0) close(null_in);
    out.output = std::string("fork failed: ") + strerror(errno);
    return out;
  }
  if (pid == 0) {
    setpgid(0, 0);
    if (null_in >= 0) dup2(null_in, 0);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    execv(args[0], args.data());
    _exit(127);
  }
  setpgid(pid, pid);
  close(fds[1]);
  if (null_in >= 0) close(null_in);
  out.started = true;
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(static_cast<long>(timeout_s * 1000));
  char buf[4096];
  bool open_pipe = true;
  while (open_pipe) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      out.timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int ready = poll(&p, 1, static_cast<int>(std::min<long>(left.count(), 100)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0)
      out.output.append(buf, static_cast<size_t>(n));
    else if (n == 0 || errno != EINTR)
      open_pipe = false;
  }
  close(fds[0]);
  if (out.timed_out) kill(-pid, SIGKILL);
  int status = 0;
  // The pipe closed: the command is ending; wait for it, with the same deadline.
  for (;;) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid || (r < 0 && errno != EINTR)) break;
    if (std::chrono::steady_clock::now() > deadline) {
      out.timed_out = true;
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!out.timed_out && WIFEXITED(status)) out.exit_code = WEXITSTATUS(status);
  return out;
}

}  // namespace tessera::runner
