// MachinePeak: an estimate of the host's peak fp32 throughput, the yardstick of the
// benchmark command, the GUI's Profile view and `tessera-cli profile` ("% of peak").
//
//   peak GFLOP/s = clock (GHz, measured) x cores x vector FMA pipes x fp32 lanes x 2
//
// - lanes and FMA come from cpuid: AVX-512F -> 16 lanes, AVX2+FMA3 -> 8, otherwise SSE
//   (4 lanes, a separate multiply and add: counted as one "pipe" of 2 flops per lane).
// - pipes (vector FMA instructions of full width that one core starts per cycle) is not
//   visible in cpuid; it is taken from the CPU family: AMD Zen 5 (family 0x1A) has a
//   full 512-bit datapath with 2 FMA pipes; Zen 4 (family 0x19 with AVX-512) runs a
//   512-bit FMA as two 256-bit halves, 1 per cycle; Intel AVX-512 server cores have 2
//   (some low-end parts have 1: then the estimate is 2x too high); AVX2 cores have 2.
// - the clock is measured: a chain of dependent integer additions (latency 1 cycle on
//   every x86 core) timed against the steady clock, so turbo and a hypervisor's clock
//   are what counts, not the nominal frequency. The chain runs ~20 ms.
// - cores = the hardware threads the runtime's thread pool uses divided by the threads
//   per core (SMT siblings share the FMA pipes).
// - MeasureFmaThroughput() additionally times independent vector FMAs on one core, so
//   the pipes assumption can be checked (see the benchmark's header line).
#pragma once

#include <string>

namespace tessera::runtime {

struct MachinePeak {
  std::string cpu_name;  // cpuid brand string, e.g. "AMD EPYC 9B45"
  std::string vendor;    // "AuthenticAMD", "GenuineIntel", ...
  int family = 0;        // cpuid display family (0x19 = Zen 3/4, 0x1A = Zen 5)
  std::string isa;       // "AVX-512", "AVX2+FMA", "SSE"
  int fp32_lanes = 4;    // lanes of the widest fp32 vector
  bool fma = false;
  int fma_pipes = 1;        // assumed full-width vector FMA instructions per cycle per core
  int cores = 1;            // physical cores the runtime uses
  double clock_ghz = 0.0;   // measured sustained clock of the calling core
  std::string assumptions;  // one line: where fma_pipes and cores came from

  double FlopsPerCycle() const;          // per core: pipes x lanes x 2
  double PeakGflopsPerCore() const;      // clock x FlopsPerCycle
  double PeakGflops(int threads) const;  // threads capped at `cores`; <= 0 means all cores
  // "AMD EPYC ..., AVX-512, 2 FMA pipes x 16 lanes, 2 cores @ 3.10 GHz: 198.4 GFLOP/s/core, 396.8
  // GFLOP/s"
  std::string Describe() const;
};

// Detects the CPU and measures the clock (~20 ms). Never fails: unknown CPUs get SSE
// assumptions and a clock of 0 if the measurement is impossible (then the peak is 0).
MachinePeak DetectMachinePeak();

// The host's peak, detected once per process (thread-safe).
const MachinePeak& HostMachinePeak();

// The measured clock of the calling core in GHz (dependent integer-add chain).
double MeasureClockGHz();

// Measured fp32 GFLOP/s of one core running independent FMAs of the widest vector width
// the CPU has (0 when the CPU has no FMA). Runs ~20 ms.
double MeasureFmaGflopsPerCore();

}  // namespace tessera::runtime
