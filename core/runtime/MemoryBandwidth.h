// MemoryBandwidth: the sustained read bandwidth of each memory level of this machine
// (L1, L2, L3, DRAM), the sloped ceilings of the roofline.
//
// A streaming kernel sums a buffer with vector loads (the widest the CPU has, read
// at run time) on `threads` threads at once, each on its own buffer sized to sit in the
// level measured: half of L1 or L2 per thread, half of L3 split among the threads
// sharing it, and for DRAM four times the L3 (at least 64 MiB in all). The best of a
// few trials counts (the least disturbed). Measuring takes about a second, so the
// result is kept in a file under the user's cache directory, keyed by a signature of
// the machine (CPU name, cache sizes, threads), with the date and the load it was
// measured at. A cached or fresh measurement is only trusted when each level is at
// least as fast as the next one out (a busy machine can make L1 read slower than L2);
// otherwise it is measured again. A different machine, a changed hierarchy or a load
// that differs from the cached one's measures again too.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/CacheHierarchy.h"
#include "support/Result.h"

namespace tessera::runtime {

struct LevelBandwidth {
  std::string level;        // "L1", "L2", "L3", "DRAM"
  int64_t working_set = 0;  // bytes streamed by each thread
  double gbps = 0;          // all threads together, 1e9 bytes per second
};

struct MemoryBandwidth {
  std::string signature;  // what the measurement depends on
  int threads = 1;
  std::vector<LevelBandwidth> levels;  // innermost first
  bool from_cache = false;             // read back from `cache_file` rather than measured
  std::string cache_file;
  std::string measured_at;  // UTC, "2026-11-29 06:20"
  double load = -1;         // 1-minute load average per core before measuring; < 0 unknown
  std::string problem;      // why these ceilings are not trusted (BandwidthProblem); empty if sane

  std::optional<double> gbps(const std::string& level) const;
  // "L1 410 GB/s, L2 160 GB/s, L3 80 GB/s, DRAM 25 GB/s (2 threads)"
  std::string Describe() const;
  // "measured 2026-11-29 06:20 UTC at load 0.10 per core"
  std::string Provenance() const;
};

// Why `m` cannot serve as ceilings: no level, a bandwidth that is not positive, or a
// level slower than the next one out ("L1 11 GB/s is slower than L2 17 GB/s"); empty
// when sane.
std::string BandwidthProblem(const MemoryBandwidth& m);

// Whether a measurement made at load `measured` (per core) stands at load `now`: both
// known and within a quarter of a core of each other.
bool SameLoad(double measured, double now);

// The 1-minute load average divided by the cores; -1 when the system does not say.
double HostLoadPerCore();

// "stream N; <cpu name>; <caches>; <threads> threads" (N: the kernel's version).
std::string BandwidthSignature(const analysis::CacheHierarchy& caches, int threads);

// The most memory a measurement streams, all threads together.
inline constexpr int64_t kMaxStreamedBytes = int64_t{256} << 20;

// What each thread streams per level (working_set; gbps 0): half of each cache level's
// share, then DRAM from four times the last level; all within kMaxStreamedBytes.
std::vector<LevelBandwidth> StreamWorkingSets(const analysis::CacheHierarchy& caches, int threads);

// GB/s of `threads` threads each reading its own `bytes_per_thread`-byte buffer, the
// best of a few trials: the bandwidth at one working-set size, wherever the hierarchy
// keeps it (a machine may not report its caches). The sets together are capped at
// kMaxStreamedBytes; 0 when there is nothing to stream.
double MeasureStreamGbps(int64_t bytes_per_thread, int threads);

// Measures now (about a second); threads <= 0 means the cores the runtime uses.
MemoryBandwidth MeasureMemoryBandwidth(const analysis::CacheHierarchy& caches, int threads = 0);

// $XDG_CACHE_HOME/tessera, else $HOME/.cache/tessera, else the temporary directory.
std::string DefaultCacheDirectory();

struct BandwidthCacheOptions {
  std::string directory = DefaultCacheDirectory();
  int threads = 0;
  // The measurement and the current load (tests give fakes).
  std::function<MemoryBandwidth(const analysis::CacheHierarchy&, int threads)> measure =
      [](const analysis::CacheHierarchy& c, int t) { return MeasureMemoryBandwidth(c, t); };
  std::function<double()> load = HostLoadPerCore;
  int attempts = 3;  // measurements tried until one is sane
};

// The bandwidth cached for this machine's signature when it is sane and was measured
// at about the current load; otherwise measured (up to `attempts` times, until sane)
// and saved (a failure to save is not an error). An unreadable, foreign or insane
// cache file is measured over. When no attempt is sane the last one is returned (and
// saved) with its `problem` set.
MemoryBandwidth CachedMemoryBandwidth(const analysis::CacheHierarchy& caches,
                                      const BandwidthCacheOptions& options);
MemoryBandwidth CachedMemoryBandwidth(const analysis::CacheHierarchy& caches,
                                      const std::string& directory = DefaultCacheDirectory(),
                                      int threads = 0);

// The host's bandwidth (cached as above), once per process (thread-safe).
const MemoryBandwidth& HostMemoryBandwidth();

}  // namespace tessera::runtime
