#include "runner/HostLocks.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace tessera::runner {

HostLocks::HostLocks(const std::string& dir, const std::string& host) {
  if (dir.empty()) return;
  gate_path_ = dir + "/.timing-" + host + ".lock";
  busy_path_ = dir + "/.busy-" + host + ".lock";
}

HostLocks::~HostLocks() {
  if (gate_ >= 0) close(gate_);
  if (busy_ >= 0) close(busy_);
}

bool HostLocks::Open() {
  if (gate_ >= 0) return true;
  gate_ = open(gate_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (gate_ < 0) {
    error_ = "cannot open the timing lock " + gate_path_ + ": " + strerror(errno);
    return false;
  }
  busy_ = open(busy_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (busy_ < 0) {
    error_ = "cannot open the build lock " + busy_path_ + ": " + strerror(errno);
    close(gate_);
    gate_ = -1;
    return false;
  }
  return true;
}

bool HostLocks::Lock(int fd, int operation, double limit_s, const char* what) {
  const auto start = std::chrono::steady_clock::now();
  while (flock(fd, operation | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR) {
      error_ = std::string("cannot take ") + what + ": " + strerror(errno);
      return false;
    }
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > limit_s) {
      error_ = std::string(what) + " stayed busy for " + std::to_string(static_cast<int>(limit_s)) +
               " s";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

bool HostLocks::BeginBusy(double limit_s) {
  if (gate_path_.empty()) return true;
  if (!Open()) return false;
  if (!Lock(gate_, LOCK_SH, limit_s, ("the timing lock " + gate_path_).c_str())) return false;
  // No timing holds the busy lock while the gate is shared: this returns at once.
  const bool ok = Lock(busy_, LOCK_SH, limit_s, ("the build lock " + busy_path_).c_str());
  flock(gate_, LOCK_UN);
  return ok;
}

void HostLocks::EndBusy() {
  if (busy_ >= 0) flock(busy_, LOCK_UN);
}

bool HostLocks::BeginQuiet(double limit_s) {
  if (gate_path_.empty()) return true;
  if (!Open()) return false;
  const auto start = std::chrono::steady_clock::now();
  if (!Lock(gate_, LOCK_EX, limit_s, ("the timing lock " + gate_path_).c_str())) return false;
  const double left =
      limit_s - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!Lock(busy_, LOCK_EX, left, ("the build lock " + busy_path_).c_str())) {
    flock(gate_, LOCK_UN);
    return false;
  }
  return true;
}

void HostLocks::EndQuiet() {
  if (busy_ >= 0) flock(busy_, LOCK_UN);
  if (gate_ >= 0) flock(gate_, LOCK_UN);
}

}  // namespace tessera::runner
