// TimingStats: what a set of timed calls says about a kernel's speed, and whether two
// kernels' speeds differ by more than the noise of their measurements. Every number the
// app compares (Profile, Compare, the run log, the tuner's claims) goes through here.
//
// A kernel's time is the median of its calls; its spread is a confidence interval of
// that median from the order statistics of the calls (the binomial interval: the true
// median lies below the k-th smallest of n calls with probability P(Binomial(n, 1/2) < k),
// whatever the distribution). It needs no model of the noise and one slow call moves it
// by at most one rank, so a single outlier cannot widen it to the slowest call. Two
// medians are "within noise" when their intervals overlap.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "support/Result.h"

namespace tessera::runner {

// The median of `samples`: the mean of the middle two for an even count; 0 when empty.
double MedianOf(std::vector<double> samples);

struct MedianInterval {
  double median = 0;
  double low = 0, high = 0;  // the interval of the median; low <= median <= high
  int samples = 0;           // timed calls it comes from (0: nothing known)
  // The interval's actual coverage (>= the confidence asked for, except with fewer than
  // six calls, where even [fastest, slowest] covers less than 95%).
  double coverage = 0;

  bool known() const { return samples > 0; }
  // Half the interval's width relative to the median (0 when unknown).
  double relativeHalfWidth() const;
};

// The median of `samples` and its order-statistic confidence interval at `confidence`
// (0 < confidence < 1). Non-positive and non-finite samples are ignored.
MedianInterval MedianConfidenceInterval(std::vector<double> samples, double confidence = 0.95);

enum class NoiseVerdict {
  kDiffers,      // the intervals are disjoint: the difference is real
  kWithinNoise,  // the intervals overlap: the measurements cannot tell the two apart
  kUnknown,      // a side has no samples (a run recorded before samples were kept)
};

const char* NoiseVerdictName(NoiseVerdict v);

// `candidate` against `baseline`: how many times faster it is (the baseline's median over
// the candidate's) and whether that is more than noise.
struct TimingComparison {
  MedianInterval baseline, candidate;
  double speedup = 0;  // 0 when a median is unknown
  NoiseVerdict verdict = NoiseVerdict::kUnknown;
  bool interleaved = false;  // both measured in the same interleaved rounds (set by callers)
  // Measured in several processes (CompareTimingsAcrossProcesses): how many, and the
  // lowest and highest of their own speed-ups (each process's medians). 0: one process.
  int processes = 0;
  double process_speedup_low = 0, process_speedup_high = 0;
  // The speed-ups of one process's baseline median over another's candidate median: what
  // timing each kernel in a process of its own (`tessera-cli profile`) may find.
  double unpaired_speedup_low = 0, unpaired_speedup_high = 0;

  bool withinNoise() const { return verdict == NoiseVerdict::kWithinNoise; }
  // The speed-ups the measurements allow: the baseline's interval over the candidate's,
  // widened to the processes' own and unpaired speed-ups where those lie outside it.
  // {0, 0} unknown.
  std::pair<double, double> speedupSpread() const;
};

TimingComparison CompareTimings(const std::vector<double>& baseline_ms,
                                const std::vector<double>& candidate_ms);

// The calls of one process that timed both kernels in the same interleaved rounds.
struct ProcessTimings {
  std::vector<double> baseline_ms, candidate_ms;
};
// The two kernels timed in several processes: medians and intervals of all the calls
// together (CompareTimings), and the between-process spread. A process's buffers, pages
// and threads are its own, so a kernel's time can move between processes by more than
// its calls vary within one; the calls of a few processes then give intervals too
// narrow for what another process (`tessera-cli profile`) measures. A process's state
// moves both kernels it times alike, so their ratio in one process (its own speed-up)
// varies less than the ratio of two processes' medians, one per kernel, as profiling
// each kernel on its own measures it. The spread is widened to both, and a spread that
// holds 1 is within noise. Processes without calls of both kernels are left out.
TimingComparison CompareTimingsAcrossProcesses(const std::vector<ProcessTimings>& processes);

// The interleaved measurement protocol: `count` kernels are timed in rounds, each round
// timing every kernel `calls_per_round` times, one kernel after another, and starting
// with the next kernel each round. A slow moment of the machine then falls on one round of
// every kernel instead of on all calls of one, and none is always timed first.
struct InterleavedPlan {
  int rounds = 1;
  int calls_per_round = 1;
};

// The plan for about `calls` timed calls per kernel: up to ten rounds (calls >= 1).
InterleavedPlan PlanInterleavedRounds(int calls);

// `time(kernel, calls)` times `calls` calls of kernel `kernel` (0-based) and returns each
// call's milliseconds. Returns every kernel's calls in measurement order; the first error
// stops it (named by the kernel's index). `cancelled` is asked between rounds.
Result<std::vector<std::vector<double>>> MeasureInterleaved(
    int count, const InterleavedPlan& plan,
    const std::function<Result<std::vector<double>>(int kernel, int calls)>& time,
    const std::function<bool()>& cancelled = {});

}  // namespace tessera::runner
