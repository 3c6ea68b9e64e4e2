// CacheHierarchy: the data caches of the host (L1d, L2, L3) as the OS reports them in
// /sys/devices/system/cpu/cpu0/cache/index*/ (level, type, size, coherency_line_size).
// The cache-fit marks of the loop nest, the traffic model and the bandwidth kernel are
// sized from it, so nothing about the machine is hard-coded. Instruction caches are
// skipped; where that directory lists none (some virtual machines) the host's levels come
// from CPUID (CpuidCacheHierarchy), and without either callers report "unknown" rather
// than guess.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::analysis {

struct CacheLevel {
  std::string name;        // "L1", "L2", "L3"
  int level = 0;           // 1, 2, 3
  int64_t size_bytes = 0;  // capacity of one instance (what one core sees)
  int shared_by = 1;       // logical CPUs sharing one instance
};

struct CacheHierarchy {
  std::vector<CacheLevel> levels;  // data/unified caches, innermost first
  int64_t line_bytes = 64;         // coherency line size of L1d (64 when unknown)

  // The level called `name`, or nullptr.
  const CacheLevel* find(const std::string& name) const;
  // The innermost level holding `bytes` ("L1", "L2", "L3"), "DRAM" when none does.
  std::string FittingLevel(int64_t bytes) const;
  // "L1 32 KiB, L2 512 KiB, L3 32 MiB (shared by 16), line 64 B"
  std::string Describe() const;
};

// Reads `dir` (default: cpu0's cache directory). Never fails: unreadable entries are
// skipped.
CacheHierarchy ReadCacheHierarchy(const std::string& dir = "/sys/devices/system/cpu/cpu0/cache");

// The per-core levels x86 CPUID reports in its extended leaves (L1d from 0x80000005, L2
// from 0x80000006; the shared L3 is left out, as virtual machines report it unreliably);
// none elsewhere or where the leaves are empty.
CacheHierarchy CpuidCacheHierarchy();

// The host's hierarchy, read once per process (thread-safe): sysfs, or CPUID's levels
// where sysfs lists none.
const CacheHierarchy& HostCacheHierarchy();

// "32 KiB", "1.5 MiB", "100 B".
std::string FormatBytes(double bytes);

}  // namespace tessera::analysis
