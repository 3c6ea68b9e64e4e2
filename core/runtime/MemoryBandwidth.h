// MemoryBandwidth: the sustained read bandwidth of each memory level of this machine
// (L1, L2, L3, DRAM), the sloped ceilings of the roofline (issue #15).
//
// A streaming kernel sums a buffer with vector loads (the widest the CPU has, read
// at run time) on `threads` threads at once, each on its own buffer sized to sit in the
// level measured: half of L1 or L2 per thread, half of L3 split among the threads
// sharing it, and for DRAM four times the L3 (at least 64 MiB in all). The best of a
// few trials counts (the least disturbed). Measuring takes about a second, so the
// result is kept in a file under the user's cache directory, keyed by a signature of
// the machine (CPU name, cache sizes, threads): a different machine or a changed
// hierarchy measures again.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/CacheHierarchy.h"
#include "support/Result.h"

namespace tessera::runtime {

struct LevelBandwidth {
  std::string level;          // "L1", "L2", "L3", "DRAM"
  int64_t working_set = 0;    // bytes streamed by each thread
  double gbps = 0;            // all threads together, 1e9 bytes per second
};

struct MemoryBandwidth {
  std::string signature;  // what the measurement depends on
  int threads = 1;
  std::vector<LevelBandwidth> levels;  // innermost first
  bool from_cache = false;             // read back from `cache_file` rather than measured
  std::string cache_file;

  std::optional<double> gbps(const std::string& level) const;
  // "L1 410 GB/s, L2 160 GB/s, L3 80 GB/s, DRAM 25 GB/s (2 threads)"
  std::string Describe() const;
};

// "stream N; <cpu name>; <caches>; <threads> threads" (N: the kernel's version).
std::string BandwidthSignature(const analysis::CacheHierarchy& caches, int threads);

// Measures now (about a second); threads <= 0 means the cores the runtime uses.
MemoryBandwidth MeasureMemoryBandwidth(const analysis::CacheHierarchy& caches, int threads = 0);

// $XDG_CACHE_HOME/tessera, else $HOME/.cache/tessera, else the temporary directory.
std::string DefaultCacheDirectory();

// The bandwidth cached in `directory` for this machine's signature, or measured and
// saved there (a failure to save is not an error: the measurement is returned).
// An unreadable or foreign cache file is measured over.
MemoryBandwidth CachedMemoryBandwidth(const analysis::CacheHierarchy& caches,
                                      const std::string& directory = DefaultCacheDirectory(),
                                      int threads = 0);

// The host's bandwidth (cached as above), once per process (thread-safe).
const MemoryBandwidth& HostMemoryBandwidth();

}  // namespace tessera::runtime
