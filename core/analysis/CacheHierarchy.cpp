#include "analysis/CacheHierarchy.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace tessera::analysis {

namespace {

std::string ReadLine(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

// "32K", "512K", "32768K", "16M" (sysfs size format) -> bytes; 0 when malformed.
int64_t ParseSize(const std::string& text) {
  if (text.empty()) return 0;
  size_t used = 0;
  int64_t value = 0;
  try {
    value = std::stoll(text, &used);
  } catch (...) {
    return 0;
  }
  std::string unit = text.substr(used);
  if (unit == "K") return value * 1024;
  if (unit == "M") return value * 1024 * 1024;
  if (unit == "G") return value * 1024 * 1024 * 1024;
  return unit.empty() ? value : 0;
}

// "0-15", "0,8", "0-3,8-11" -> number of CPUs.
int CountCpus(const std::string& list) {
  int count = 0;
  size_t at = 0;
  while (at < list.size()) {
    size_t comma = list.find(',', at);
    std::string part = list.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    int a = 0, b = 0;
    if (std::sscanf(part.c_str(), "%d-%d", &a, &b) == 2)
      count += b - a + 1;
    else if (std::sscanf(part.c_str(), "%d", &a) == 1)
      count += 1;
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return std::max(count, 1);
}

}  // namespace

const CacheLevel* CacheHierarchy::find(const std::string& name) const {
  for (const CacheLevel& l : levels)
    if (l.name == name) return &l;
  return nullptr;
}

std::string CacheHierarchy::FittingLevel(int64_t bytes) const {
  for (const CacheLevel& l : levels)
    if (bytes <= l.size_bytes) return l.name;
  return "DRAM";
}

std::string FormatBytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (bytes >= 1024.0 && u < 4) {
    bytes /= 1024.0;
    ++u;
  }
  char buf[32];
  if (u == 0 || bytes == static_cast<double>(static_cast<int64_t>(bytes)))
    std::snprintf(buf, sizeof buf, "%lld %s", static_cast<long long>(bytes), units[u]);
  else
    std::snprintf(buf, sizeof buf, "%.1f %s", bytes, units[u]);
  return buf;
}

std::string CacheHierarchy::Describe() const {
  if (levels.empty()) return "caches unknown";
  std::string out;
  for (const CacheLevel& l : levels) {
    if (!out.empty()) out += ", ";
    out += l.name + " " + FormatBytes(static_cast<double>(l.size_bytes));
    if (l.shared_by > 1) out += " (shared by " + std::to_string(l.shared_by) + ")";
  }
  return out + ", line " + std::to_string(line_bytes) + " B";
}

CacheHierarchy ReadCacheHierarchy(const std::string& dir) {
  CacheHierarchy h;
  std::error_code ec;
  std::filesystem::directory_iterator it(dir, ec);
  if (ec) return h;
  for (const auto& entry : it) {
    std::string leaf = entry.path().filename().string();
    if (leaf.rfind("index", 0) != 0) continue;
    std::string type = ReadLine(entry.path() / "type");
    if (type != "Data" && type != "Unified") continue;
    CacheLevel l;
    l.level = std::atoi(ReadLine(entry.path() / "level").c_str());
    l.size_bytes = ParseSize(ReadLine(entry.path() / "size"));
    if (l.level <= 0 || l.size_bytes <= 0) continue;
    l.name = "L" + std::to_string(l.level);
    l.shared_by = CountCpus(ReadLine(entry.path() / "shared_cpu_list"));
    if (l.level == 1) {
      int64_t line = ParseSize(ReadLine(entry.path() / "coherency_line_size"));
      if (line > 0) h.line_bytes = line;
    }
    if (!h.find(l.name)) h.levels.push_back(l);
  }
  std::sort(h.levels.begin(), h.levels.end(),
            [](const CacheLevel& a, const CacheLevel& b) { return a.level < b.level; });
  return h;
}

CacheHierarchy CpuidCacheHierarchy() {
  CacheHierarchy h;
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(0x80000000, &a, &b, &c, &d) || a < 0x80000006) return h;
  // 0x80000005 ECX: L1d KiB in bits 31:24, line bytes in 7:0 (zero where the vendor
  // does not fill it).
  if (__get_cpuid(0x80000005, &a, &b, &c, &d) && (c >> 24) > 0) {
    h.levels.push_back({"L1", 1, int64_t(c >> 24) * 1024, 1});
    if ((c & 0xff) > 0) h.line_bytes = c & 0xff;
  }
  // 0x80000006 ECX: L2 KiB in bits 31:16.
  if (__get_cpuid(0x80000006, &a, &b, &c, &d) && (c >> 16) > 0)
    h.levels.push_back({"L2", 2, int64_t(c >> 16) * 1024, 1});
#endif
  return h;
}

const CacheHierarchy& HostCacheHierarchy() {
  // Some virtual machines list no caches in sysfs; CPUID's per-core levels then stand in.
  static const CacheHierarchy host = [] {
    CacheHierarchy h = ReadCacheHierarchy();
    return h.levels.empty() ? CpuidCacheHierarchy() : h;
  }();
  return host;
}

}  // namespace tessera::analysis
