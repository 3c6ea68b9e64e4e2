#include "runtime/MemoryBandwidth.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include "runtime/MachinePeak.h"
#include "support/Json.h"
#include "support/JsonReader.h"

namespace tessera::runtime {

namespace {

using Clock = std::chrono::steady_clock;

// Sums `n` floats (n a multiple of 64) with eight independent vector accumulators, so
// that loads, not the additions' latency, limit the speed. Compiled once per vector
// width; the widest version the CPU supports runs (no ISA is assumed at build time).
// (GCC keeps a vector wider than the target's registers in memory: each version uses
// its own register width.)
typedef float Vec8 __attribute__((vector_size(32)));
typedef float Vec4 __attribute__((vector_size(16)));

// clang-format off (it reflows the unrolled loads differently on every run)
#define TESSERA_STREAM_LOAD(V, L, u, acc)             \
  {                                                   \
    V x;                                              \
    std::memcpy(&x, data + i + (u) * (L), sizeof(V)); \
    acc += x;                                         \
  }
#define TESSERA_STREAM_BODY(V, L)                                           \
  V a0 = {}, a1 = {}, a2 = {}, a3 = {}, a4 = {}, a5 = {}, a6 = {}, a7 = {}; \
  for (size_t i = 0; i < n; i += 8 * (L)) {                                 \
    TESSERA_STREAM_LOAD(V, L, 0, a0)                                        \
    TESSERA_STREAM_LOAD(V, L, 1, a1)                                        \
    TESSERA_STREAM_LOAD(V, L, 2, a2)                                        \
    TESSERA_STREAM_LOAD(V, L, 3, a3)                                        \
    TESSERA_STREAM_LOAD(V, L, 4, a4)                                        \
    TESSERA_STREAM_LOAD(V, L, 5, a5)                                        \
    TESSERA_STREAM_LOAD(V, L, 6, a6)                                        \
    TESSERA_STREAM_LOAD(V, L, 7, a7)                                        \
  }                                                                         \
  V s = ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7));                  \
  float total = 0;                                                          \
  for (int l = 0; l < (L); ++l) total += s[l];                              \
  return total;
// clang-format on

// The kernels measure the memory, not a sanitizer's checks of each load nor a build's
// optimisation level: the test build (instrumented, -O1) would otherwise read L1 slower
// than L2 and never trust a result.
#if defined(__x86_64__)
__attribute__((target("avx2"), optimize("O2"), no_sanitize("address", "undefined"))) float
StreamAvx2(const float* data, size_t n) {
  TESSERA_STREAM_BODY(Vec8, 8)
}
#endif
__attribute__((optimize("O2"), no_sanitize("address", "undefined"))) float StreamBaseline(
    const float* data, size_t n) {
  TESSERA_STREAM_BODY(Vec4, 4)
}
#undef TESSERA_STREAM_BODY
#undef TESSERA_STREAM_LOAD

using StreamFn = float (*)(const float*, size_t);

StreamFn PickStream() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) return &StreamAvx2;
#endif
  return &StreamBaseline;
}

struct AlignedFree {
  void operator()(float* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<float, AlignedFree>;

__attribute__((no_sanitize("address", "undefined"))) Buffer MakeBuffer(size_t floats) {
  void* p = std::aligned_alloc(64, floats * sizeof(float));
  auto* f = static_cast<float*>(p);
  for (size_t i = 0; i < floats; ++i) f[i] = static_cast<float>(i % 7) * 0.25f;
  return Buffer(f);
}

// GB/s of `threads` threads each summing its `bytes`-byte buffer `passes` times; the
// best of `trials`.
double Stream(StreamFn fn, int threads, int64_t bytes, int trials) {
  size_t floats = std::max<size_t>(64, static_cast<size_t>(bytes) / sizeof(float) / 64 * 64);
  std::vector<Buffer> buffers;
  for (int t = 0; t < threads; ++t) buffers.push_back(MakeBuffer(floats));
  // Passes for ~10 ms per trial, from one timed pass.
  volatile float sink = fn(buffers[0].get(), floats);
  auto start = Clock::now();
  sink = sink + fn(buffers[0].get(), floats);
  double one = std::chrono::duration<double>(Clock::now() - start).count();
  int64_t passes =
      std::clamp<int64_t>(static_cast<int64_t>(0.01 / std::max(one, 1e-9)), 1, 1 << 20);
  double best = 0;
  for (int trial = 0; trial < trials; ++trial) {
    std::vector<std::thread> pool;
    std::vector<float> sums(static_cast<size_t>(threads));
    auto t0 = Clock::now();
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        float s = 0;
        for (int64_t p = 0; p < passes; ++p) s += fn(buffers[static_cast<size_t>(t)].get(), floats);
        sums[static_cast<size_t>(t)] = s;
      });
    for (std::thread& th : pool) th.join();
    double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    for (float s : sums) sink = sink + s;
    double moved =
        static_cast<double>(floats * sizeof(float)) * static_cast<double>(passes) * threads;
    if (seconds > 0) best = std::max(best, moved / seconds / 1e9);
  }
  (void)sink;
  return best;
}

int DefaultThreads(int threads) {
  return threads > 0 ? threads : std::max(1, HostMachinePeak().cores);
}

std::string Hex(uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

uint64_t Fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::optional<MemoryBandwidth> ReadCache(const std::string& file, const std::string& signature) {
  std::ifstream in(file);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  auto json = ParseJson(text.str(), file);
  if (!json || !json->is_object()) return std::nullopt;
  const JsonValue* sig = json->find("signature");
  const JsonValue* threads = json->find("threads");
  const JsonValue* levels = json->find("levels");
  if (!sig || !sig->is_string() || sig->string != signature || !threads || !threads->is_number() ||
      !levels || !levels->is_array())
    return std::nullopt;
  const JsonValue* when = json->find("measured_at");
  const JsonValue* load = json->find("load");
  if (!when || !when->is_string() || !load || !load->is_number()) return std::nullopt;
  MemoryBandwidth m;
  m.signature = signature;
  m.threads = static_cast<int>(threads->number);
  m.measured_at = when->string;
  m.load = load->number;
  for (const JsonValue& l : levels->items) {
    const JsonValue* name = l.find("level");
    const JsonValue* set = l.find("working_set");
    const JsonValue* gbps = l.find("gbps");
    if (!name || !name->is_string() || !set || !set->is_number() || !gbps || !gbps->is_number() ||
        !std::isfinite(gbps->number) || gbps->number <= 0)
      return std::nullopt;
    m.levels.push_back({name->string, static_cast<int64_t>(set->number), gbps->number});
  }
  if (m.levels.empty()) return std::nullopt;
  m.from_cache = true;
  m.cache_file = file;
  return m;
}

void WriteCache(const std::string& file, const MemoryBandwidth& m) {
  JsonWriter w(2);
  w.begin_object().key("signature").value(m.signature).key("threads").value(m.threads);
  w.key("measured_at").value(m.measured_at).key("load").value(m.load);
  w.key("levels").begin_array();
  for (const LevelBandwidth& l : m.levels)
    w.begin_object()
        .key("level")
        .value(l.level)
        .key("working_set")
        .value(l.working_set)
        .key("gbps")
        .value(l.gbps)
        .end_object();
  w.end_array().end_object();
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(file).parent_path(), ec);
  // Written aside and renamed, so that a concurrent reader never sees half a file.
  std::string temporary = file + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::trunc);
    if (!out) return;
    out << w.str() << "\n";
    if (!out) return;
  }
  std::filesystem::rename(temporary, file, ec);
  if (ec) std::filesystem::remove(temporary, ec);
}

std::string UtcNow() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &utc);
  return buf;
}

}  // namespace

std::string BandwidthProblem(const MemoryBandwidth& m) {
  if (m.levels.empty()) return "no memory level was measured";
  for (const LevelBandwidth& l : m.levels)
    if (!std::isfinite(l.gbps) || l.gbps <= 0) return l.level + " has no bandwidth";
  for (size_t i = 0; i + 1 < m.levels.size(); ++i) {
    const LevelBandwidth &in = m.levels[i], &out = m.levels[i + 1];
    if (in.gbps < out.gbps) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s %.0f GB/s is slower than %s %.0f GB/s", in.level.c_str(),
                    in.gbps, out.level.c_str(), out.gbps);
      return buf;
    }
  }
  return "";
}

bool SameLoad(double measured, double now) {
  return measured >= 0 && now >= 0 && std::abs(measured - now) <= 0.25;
}

double HostLoadPerCore() {
  double average[1];
  if (getloadavg(average, 1) != 1) return -1;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  return average[0] / static_cast<double>(std::max(1L, cpus));
}

std::string MemoryBandwidth::Provenance() const {
  std::string out = "measured " + (measured_at.empty() ? std::string("at an unknown time")
                                                       : measured_at + " UTC");
  if (load < 0) return out + " at an unknown load";
  char buf[48];
  std::snprintf(buf, sizeof buf, " at load %.2f per core", load);
  return out + buf;
}

std::optional<double> MemoryBandwidth::gbps(const std::string& level) const {
  for (const LevelBandwidth& l : levels)
    if (l.level == level) return l.gbps;
  return std::nullopt;
}

std::string MemoryBandwidth::Describe() const {
  std::string out;
  for (const LevelBandwidth& l : levels) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%s %.0f GB/s", out.empty() ? "" : ", ", l.level.c_str(),
                  l.gbps);
    out += buf;
  }
  return out + " (" + std::to_string(threads) + (threads == 1 ? " thread)" : " threads)");
}

std::string BandwidthSignature(const analysis::CacheHierarchy& caches, int threads) {
  // "stream 3": the kernel's version; a changed kernel or working set measures again.
  return "stream 3; " + HostMachinePeak().cpu_name + "; " + caches.Describe() + "; " +
         std::to_string(DefaultThreads(threads)) + " threads";
}

std::vector<LevelBandwidth> StreamWorkingSets(const analysis::CacheHierarchy& caches, int threads) {
  threads = std::max(1, threads);
  // DRAM is streamed from four times the last level (at least 64 MiB), but never from
  // more than kMaxStreamedBytes in all: some machines (virtual ones) report caches of
  // hundreds of MiB, and a measurement must not take gigabytes or seconds.
  const int64_t last = caches.levels.empty() ? 0 : caches.levels.back().size_bytes;
  const int64_t dram =
      std::min(std::max<int64_t>(4 * last, int64_t{64} << 20), kMaxStreamedBytes) / threads;
  std::vector<LevelBandwidth> sets;
  for (const analysis::CacheLevel& level : caches.levels) {
    const int sharing = std::max(1, std::min(level.shared_by, threads));
    sets.push_back({level.name, std::min(level.size_bytes / 2 / sharing, dram / 2), 0});
  }
  sets.push_back({"DRAM", dram, 0});
  return sets;
}

MemoryBandwidth MeasureMemoryBandwidth(const analysis::CacheHierarchy& caches, int threads) {
  MemoryBandwidth m;
  m.threads = DefaultThreads(threads);
  m.signature = BandwidthSignature(caches, m.threads);
  StreamFn fn = PickStream();
  for (LevelBandwidth& level : StreamWorkingSets(caches, m.threads)) {
    level.gbps = Stream(fn, m.threads, level.working_set, level.level == "DRAM" ? 3 : 5);
    m.levels.push_back(level);
  }
  return m;
}

double MeasureStreamGbps(int64_t bytes_per_thread, int threads) {
  threads = std::max(1, threads);
  if (bytes_per_thread <= 0) return 0;
  const int64_t bytes = std::min(bytes_per_thread, kMaxStreamedBytes / threads);
  return Stream(PickStream(), threads, bytes, 5);
}

std::string DefaultCacheDirectory() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/tessera";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/tessera";
  std::error_code ec;
  return (std::filesystem::temp_directory_path(ec) / "tessera-cache").string();
}

MemoryBandwidth CachedMemoryBandwidth(const analysis::CacheHierarchy& caches,
                                      const BandwidthCacheOptions& options) {
  std::string signature = BandwidthSignature(caches, options.threads);
  std::string file = options.directory + "/bandwidth-" + Hex(Fnv1a(signature)) + ".json";
  double load = options.load ? options.load() : -1;
  if (auto cached = ReadCache(file, signature);
      cached && BandwidthProblem(*cached).empty() && SameLoad(cached->load, load))
    return *cached;
  MemoryBandwidth m;
  for (int attempt = 0; attempt < std::max(1, options.attempts); ++attempt) {
    m = options.measure(caches, options.threads);
    m.signature = signature;
    m.cache_file = file;
    m.from_cache = false;
    m.measured_at = UtcNow();
    m.load = load;
    m.problem = BandwidthProblem(m);
    if (m.problem.empty()) break;
  }
  WriteCache(file, m);  // an insane one too: reading it back refuses it again
  return m;
}

MemoryBandwidth CachedMemoryBandwidth(const analysis::CacheHierarchy& caches,
                                      const std::string& directory, int threads) {
  BandwidthCacheOptions options;
  options.directory = directory;
  options.threads = threads;
  return CachedMemoryBandwidth(caches, options);
}

const MemoryBandwidth& HostMemoryBandwidth() {
  static const MemoryBandwidth host = CachedMemoryBandwidth(analysis::HostCacheHierarchy());
  return host;
}

}  // namespace tessera::runtime
