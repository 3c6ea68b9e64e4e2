// MachinePeak: cpuid + a measured clock -> the host's peak fp32 GFLOP/s (see the header
// for the formula and its assumptions).
#include "runtime/MachinePeak.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "codegen/CpuTarget.h"
#include "runtime/CpuCount.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#define TESSERA_X86 1
#endif

namespace tessera::runtime {

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

#ifdef TESSERA_X86
std::string BrandString() {
  unsigned regs[12] = {};
  unsigned max_ext = __get_cpuid_max(0x80000000u, nullptr);
  if (max_ext < 0x80000004u) return "unknown x86 CPU";
  for (unsigned i = 0; i < 3; ++i)
    __get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2],
                &regs[4 * i + 3]);
  char text[49] = {};
  std::memcpy(text, regs, 48);
  std::string s(text);
  s.erase(s.find_last_not_of(' ') + 1);
  s.erase(0, s.find_first_not_of(' '));
  return s;
}

std::string VendorString() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return "";
  char text[13] = {};
  std::memcpy(text, &b, 4);
  std::memcpy(text + 4, &d, 4);
  std::memcpy(text + 8, &c, 4);
  return text;
}

// The display family (base family + extended family when the base is 0xF).
int DisplayFamily() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  int base = static_cast<int>((a >> 8) & 0xF);
  int ext = static_cast<int>((a >> 20) & 0xFF);
  return base == 0xF ? base + ext : base;
}

// A chain of 16 dependent register-register adds per iteration: 16 cycles on any x86
// core (the loop counter runs beside it on another ALU). Not `add $imm, reg`: from
// Golden Cove on, Intel's renamer folds chains of immediate adds without executing them
// (a Xeon measured "19 GHz" with them), but it cannot fold an add of another register.
uint64_t AddChain(uint64_t iterations) {
  uint64_t x = 0;
  uint64_t one = 1;
  asm volatile(
      "1:\n\t"
      "add %[one], %[x]\n\tadd %[one], %[x]\n\tadd %[one], %[x]\n\tadd %[one], %[x]\n\t"
      "add %[one], %[x]\n\tadd %[one], %[x]\n\tadd %[one], %[x]\n\tadd %[one], %[x]\n\t"
      "add %[one], %[x]\n\tadd %[one], %[x]\n\tadd %[one], %[x]\n\tadd %[one], %[x]\n\t"
      "add %[one], %[x]\n\tadd %[one], %[x]\n\tadd %[one], %[x]\n\tadd %[one], %[x]\n\t"
      "dec %[n]\n\t"
      "jnz 1b\n\t"
      : [x] "+r"(x), [n] "+r"(iterations)
      : [one] "r"(one)
      : "cc");
  return x;
}

// 12 independent accumulators cover FMA latency (4-5 cycles) x 2 pipes. Named
// variables, not an array: GCC keeps an array of vectors in memory.
__attribute__((target("avx512f"))) float FmaLoop512(int64_t iterations) {
  const __m512 a = _mm512_set1_ps(0.999f), b = _mm512_set1_ps(0.001f);
  __m512 c0 = _mm512_set1_ps(1.0f), c1 = _mm512_add_ps(c0, a), c2 = _mm512_add_ps(c1, a),
         c3 = _mm512_add_ps(c2, a);
  __m512 c4 = _mm512_add_ps(c3, a), c5 = _mm512_add_ps(c4, a), c6 = _mm512_add_ps(c5, a),
         c7 = _mm512_add_ps(c6, a);
  __m512 c8 = _mm512_add_ps(c7, a), c9 = _mm512_add_ps(c8, a), c10 = _mm512_add_ps(c9, a),
         c11 = _mm512_add_ps(c10, a);
  for (int64_t n = 0; n < iterations; ++n) {
    c0 = _mm512_fmadd_ps(c0, a, b), c1 = _mm512_fmadd_ps(c1, a, b), c2 = _mm512_fmadd_ps(c2, a, b),
    c3 = _mm512_fmadd_ps(c3, a, b);
    c4 = _mm512_fmadd_ps(c4, a, b), c5 = _mm512_fmadd_ps(c5, a, b), c6 = _mm512_fmadd_ps(c6, a, b),
    c7 = _mm512_fmadd_ps(c7, a, b);
    c8 = _mm512_fmadd_ps(c8, a, b), c9 = _mm512_fmadd_ps(c9, a, b),
    c10 = _mm512_fmadd_ps(c10, a, b), c11 = _mm512_fmadd_ps(c11, a, b);
  }
  __m512 s0 = _mm512_add_ps(_mm512_add_ps(_mm512_add_ps(c0, c1), _mm512_add_ps(c2, c3)),
                            _mm512_add_ps(_mm512_add_ps(c4, c5), _mm512_add_ps(c6, c7)));
  __m512 sum = _mm512_add_ps(s0, _mm512_add_ps(_mm512_add_ps(c8, c9), _mm512_add_ps(c10, c11)));
  float lanes[16];
  _mm512_storeu_ps(lanes, sum);
  float total = 0;
  for (float v : lanes) total += v;
  return total;
}

__attribute__((target("avx2,fma"))) float FmaLoop256(int64_t iterations) {
  const __m256 a = _mm256_set1_ps(0.999f), b = _mm256_set1_ps(0.001f);
  __m256 c0 = _mm256_set1_ps(1.0f), c1 = _mm256_add_ps(c0, a), c2 = _mm256_add_ps(c1, a),
         c3 = _mm256_add_ps(c2, a);
  __m256 c4 = _mm256_add_ps(c3, a), c5 = _mm256_add_ps(c4, a), c6 = _mm256_add_ps(c5, a),
         c7 = _mm256_add_ps(c6, a);
  __m256 c8 = _mm256_add_ps(c7, a), c9 = _mm256_add_ps(c8, a), c10 = _mm256_add_ps(c9, a),
         c11 = _mm256_add_ps(c10, a);
  for (int64_t n = 0; n < iterations; ++n) {
    c0 = _mm256_fmadd_ps(c0, a, b), c1 = _mm256_fmadd_ps(c1, a, b), c2 = _mm256_fmadd_ps(c2, a, b),
    c3 = _mm256_fmadd_ps(c3, a, b);
    c4 = _mm256_fmadd_ps(c4, a, b), c5 = _mm256_fmadd_ps(c5, a, b), c6 = _mm256_fmadd_ps(c6, a, b),
    c7 = _mm256_fmadd_ps(c7, a, b);
    c8 = _mm256_fmadd_ps(c8, a, b), c9 = _mm256_fmadd_ps(c9, a, b),
    c10 = _mm256_fmadd_ps(c10, a, b), c11 = _mm256_fmadd_ps(c11, a, b);
  }
  __m256 s0 = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(c0, c1), _mm256_add_ps(c2, c3)),
                            _mm256_add_ps(_mm256_add_ps(c4, c5), _mm256_add_ps(c6, c7)));
  __m256 sum = _mm256_add_ps(s0, _mm256_add_ps(_mm256_add_ps(c8, c9), _mm256_add_ps(c10, c11)));
  float lanes[8];
  _mm256_storeu_ps(lanes, sum);
  float total = 0;
  for (float v : lanes) total += v;
  return total;
}
#endif

// Hardware threads per physical core (SMT), from sysfs; 1 when unknown.
int ThreadsPerCore() {
  std::ifstream in("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list");
  std::string list;
  if (!(in >> list)) return 1;
  int count = 0;
  std::stringstream ss(list);
  std::string part;
  while (std::getline(ss, part, ',')) {
    int lo = 0, hi = 0;
    if (std::sscanf(part.c_str(), "%d-%d", &lo, &hi) == 2)
      count += hi - lo + 1;
    else
      ++count;
  }
  return std::max(count, 1);
}

// Full-width FMA instructions per cycle per core (see the header).
int AssumedFmaPipes(const MachinePeak& p, std::string* why) {
  if (!p.fma) {
    *why = "no FMA: one multiply and one add per cycle";
    return 1;
  }
  bool amd = p.vendor == "AuthenticAMD";
  if (p.fp32_lanes == 16 && amd && p.family == 0x19) {
    *why = "Zen 4: 512-bit FMAs are double-pumped on 256-bit units, 1 per cycle";
    return 1;
  }
  if (p.fp32_lanes == 16 && amd) {
    *why = "Zen 5 (family 0x1A) or later: full 512-bit datapath, 2 FMA pipes";
    return 2;
  }
  if (p.fp32_lanes == 16) {
    *why = "Intel AVX-512 server core: 2 FMA ports assumed (1 on some low-end parts)";
    return 2;
  }
  *why = "AVX2: 2 FMA pipes";
  return 2;
}

}  // namespace

double MachinePeak::FlopsPerCycle() const { return 2.0 * fma_pipes * fp32_lanes; }

double MachinePeak::PeakGflopsPerCore() const { return clock_ghz * FlopsPerCycle(); }

double MachinePeak::PeakGflops(int threads) const {
  int used = threads <= 0 ? cores : std::min(threads, cores);
  return PeakGflopsPerCore() * std::max(used, 1);
}

std::string MachinePeak::Describe() const {
  char text[512];
  std::snprintf(text, sizeof text,
                "%s, %s, %d FMA pipe%s x %d fp32 lanes x 2, %d core%s @ %.2f GHz: "
                "%.1f GFLOP/s per core, %.1f GFLOP/s",
                cpu_name.c_str(), isa.c_str(), fma_pipes, fma_pipes == 1 ? "" : "s", fp32_lanes,
                cores, cores == 1 ? "" : "s", clock_ghz, PeakGflopsPerCore(), PeakGflops(0));
  return text;
}

double MeasureClockGHz() {
#ifdef TESSERA_X86
  // Many short repetitions (0.8M cycles, ~0.2 ms each), the fastest counts: on a
  // shared machine most repetitions lose time to other processes, the fastest does not.
  constexpr uint64_t kIterations = 50000;
  AddChain(kIterations * 80);  // ~20 ms: wake the core up to its sustained clock
  double best = 0.0;
  for (int rep = 0; rep < 40; ++rep) {
    auto start = Clock::now();
    AddChain(kIterations);
    double s = SecondsSince(start);
    if (s > 0) best = std::max(best, 16.0 * kIterations / s / 1e9);
  }
  return best;
#else
  return 0.0;
#endif
}

double MeasureFmaGflopsPerCore() {
#ifdef TESSERA_X86
  // The widest FMAs of the target: AVX2 ones under a narrower TESSERA_TARGET (CpuTarget.h).
  const auto& target = codegen::CpuTargetFromEnvironment();
  bool avx512 = __builtin_cpu_supports("avx512f") && !(target && target->fp32_lanes < 16);
  bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
              !(target && target->fp32_lanes < 8);
  if (!avx512 && !avx2) return 0.0;
  constexpr int64_t kIterations = 100000;  // 0.6M cycles with 2 pipes
  const double flops = 2.0 * 12 * (avx512 ? 16 : 8) * kIterations;
  volatile float sink = 0;
  double best = 0.0;
  for (int rep = 0; rep < 40; ++rep) {
    auto start = Clock::now();
    sink = sink + (avx512 ? FmaLoop512(kIterations) : FmaLoop256(kIterations));
    double s = SecondsSince(start);
    if (s > 0) best = std::max(best, flops / s / 1e9);
  }
  return best;
#else
  return 0.0;
#endif
}

MachinePeak DetectMachinePeak() {
  MachinePeak p;
#ifdef TESSERA_X86
  __builtin_cpu_init();
  p.cpu_name = BrandString();
  p.vendor = VendorString();
  p.family = DisplayFamily();
  bool avx512 = __builtin_cpu_supports("avx512f");
  bool avx2 = __builtin_cpu_supports("avx2");
  p.fma = __builtin_cpu_supports("fma");
  p.fp32_lanes = avx512 ? 16 : avx2 ? 8 : 4;
  p.isa = avx512 ? "AVX-512" : (avx2 && p.fma) ? "AVX2+FMA" : avx2 ? "AVX2" : "SSE";
  // A narrower target (TESSERA_TARGET, CpuTarget.h): the peak and the vector width the
  // schedules are sized for are that CPU's.
  if (const auto& target = codegen::CpuTargetFromEnvironment();
      target && target->fp32_lanes < p.fp32_lanes) {
    p.fp32_lanes = target->fp32_lanes;
    p.isa = target->isa + " (-mcpu=" + target->cpu + " on this " + p.isa + " CPU)";
  }
#else
  p.cpu_name = "unknown CPU";
  p.isa = "scalar";
  p.fp32_lanes = 1;
#endif
  std::string why;
  p.fma_pipes = AssumedFmaPipes(p, &why);
  std::string source;
  int threads = PoolThreadCount(&source);
  int per_core = ThreadsPerCore();
  p.cores = std::max(1, threads / per_core);
  p.assumptions = why + "; " + std::to_string(threads) + " threads (" + source + ") / " +
                  std::to_string(per_core) + " per core";
  p.clock_ghz = MeasureClockGHz();
  return p;
}

const MachinePeak& HostMachinePeak() {
  static const MachinePeak peak = DetectMachinePeak();
  return peak;
}

}  // namespace tessera::runtime
