#include "Isolated.h"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace tessera::bench {

namespace {

using Clock = std::chrono::steady_clock;

void WriteAll(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

}  // namespace

IsolatedResult RunIsolated(const std::function<std::string()>& work, double timeout_s,
                           uint64_t memory_limit_bytes) {
  IsolatedResult result;
  int fds[2];
  if (pipe(fds) != 0) {
    result.failure = "no pipe for the child";
    return result;
  }
  std::fflush(stdout);
  const Clock::time_point start = Clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    result.failure = "fork failed";
    return result;
  }
  if (pid == 0) {
    close(fds[0]);
    rlimit limit{memory_limit_bytes, memory_limit_bytes};
    setrlimit(RLIMIT_AS, &limit);
    WriteAll(fds[1], work());
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  bool timed_out = false;
  for (;;) {
    const double left = timeout_s - std::chrono::duration<double>(Clock::now() - start).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int ready = poll(&p, 1, static_cast<int>(left * 1000) + 1);
    if (ready < 0) continue;
    if (ready == 0) continue;  // the loop checks the time
    char buffer[4096];
    ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n <= 0) break;  // the child closed its end (done or dead)
    text.append(buffer, static_cast<size_t>(n));
  }
  close(fds[0]);
  if (timed_out) kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (timed_out) {
    char why[96];
    std::snprintf(why, sizeof why, "did not finish within %.0f s (stopped)", timeout_s);
    result.failure = why;
  } else if (WIFSIGNALED(status)) {
    result.failure =
        "the child was killed by signal " + std::to_string(WTERMSIG(status)) +
        (WTERMSIG(status) == SIGABRT ? " (abort; out of memory under the limit?)" : "");
  } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    result.failure = "the child exited with status " + std::to_string(WEXITSTATUS(status));
  } else {
    result.ok = true;
    result.text = std::move(text);
  }
  return result;
}

}  // namespace tessera::bench
