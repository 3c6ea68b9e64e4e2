#include "runtime/CpuCount.h"

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace tessera::runtime {

namespace {

constexpr int kMaxThreads = 1024;

int AffinityCpus() {
  const size_t n = AffinityMaskCpus().size();
  if (n > 0) return static_cast<int>(n);
  unsigned online = std::thread::hardware_concurrency();
  return online > 0 ? static_cast<int>(online) : 1;
}

// This process's cgroup path in the hierarchy of `controller` (cgroup v1: the line whose
// controller list names it) or in the unified hierarchy (v2: "0::/path", controller "").
std::string OwnCgroupPath(const std::string& controller) {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    size_t a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    std::string controllers = "," + line.substr(a + 1, b - a - 1) + ",";
    if (controller.empty() ? controllers == ",,"
                           : controllers.find("," + controller + ",") != std::string::npos)
      return line.substr(b + 1);
  }
  return "";
}

std::string FirstLine(const std::string& file) {
  std::ifstream in(file);
  std::string text;
  std::getline(in, text);
  return text;
}

// The tightest CPU quota from this process's cgroup up to the root (a parent's quota binds
// its children too): v2's cpu.max, else v1's cpu.cfs_quota_us / cpu.cfs_period_us.
std::optional<int> CgroupCpuLimit() {
  std::optional<int> limit;
  auto walk = [&](std::string path, const auto& read) {
    if (path.empty()) return;
    for (;;) {
      if (auto n = CpuLimitFromCgroupMax(read(path))) limit = limit ? std::min(*limit, *n) : *n;
      if (path.empty() || path == "/") break;
      path = path.substr(0, path.find_last_of('/'));
    }
  };
  walk(OwnCgroupPath(""),
       [](const std::string& p) { return FirstLine("/sys/fs/cgroup" + p + "/cpu.max"); });
  for (const char* mount : {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"})
    walk(OwnCgroupPath("cpu"), [mount](const std::string& p) {
      std::string dir = mount + p;
      std::string quota = FirstLine(dir + "/cpu.cfs_quota_us"),
                  period = FirstLine(dir + "/cpu.cfs_period_us");
      if (quota.empty() || period.empty()) return std::string();
      return (quota == "-1" ? std::string("max") : quota) + " " + period;
    });
  return limit;
}

// A thread count from an environment variable: a whole number in [1, kMaxThreads].
std::optional<int> ThreadsFromEnv(const char* name, std::string* ignored) {
  const char* value = std::getenv(name);
  if (!value || !*value) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  long n = std::strtol(value, &end, 10);
  if (errno == 0 && end && *end == '\0' && n >= 1 && n <= kMaxThreads) return static_cast<int>(n);
  if (ignored && ignored->empty())
    *ignored = std::string(name) + "='" + value + "' ignored (not 1-1024)";
  return std::nullopt;
}

}  // namespace

std::optional<int> CpuLimitFromCgroupMax(const std::string& text) {
  std::istringstream in(text);
  std::string quota;
  long long period = 0;
  if (!(in >> quota >> period) || period <= 0) return std::nullopt;
  std::string rest;
  if (in >> rest) return std::nullopt;
  if (quota == "max") return std::nullopt;
  char* end = nullptr;
  long long q = std::strtoll(quota.c_str(), &end, 10);
  if (!end || *end != '\0' || q <= 0) return std::nullopt;
  long long cpus = (q + period - 1) / period;
  return static_cast<int>(std::clamp<long long>(cpus, 1, kMaxThreads));
}

std::vector<int> AffinityMaskCpus() {
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

int UsableCpus() {
  int n = AffinityCpus();
  if (auto limit = CgroupCpuLimit()) n = std::min(n, *limit);
  return std::max(n, 1);
}

int PoolThreadCount(std::string* source) {
  std::string ignored;
  for (const char* name : {"TESSERA_NUM_THREADS", "TVM_NUM_THREADS"})
    if (auto n = ThreadsFromEnv(name, &ignored)) {
      if (source) *source = name;
      return *n;
    }
  if (source) *source = ignored.empty() ? "usable CPUs" : "usable CPUs; " + ignored;
  return UsableCpus();
}

}  // namespace tessera::runtime
