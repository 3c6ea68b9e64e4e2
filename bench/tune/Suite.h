// The real-layer suite of tessera-bench-tune (`--suite`): every bench/suite/*.py — a bare
// te definition of a layer from ResNet-50, MobileNetV2, BERT-base, an awkward GEMM, a
// layer norm and a softmax — tuned from scratch with the same budget, then timed in
// interleaved rounds against oneDNN's matching primitive (OneDnnLayer.h: on its blocked
// layouts and on the te definition's own layouts with the reorders timed) or, for the
// memory-bound ones (a "# roof: bytes=N" line), against the machine's measured bandwidth.
// Prints per workload the ratio with its spread, % of the FMA peak, the roofline with
// the highest ratio it allows (Roofline.h) and the time the search took to reach 90 % of
// its final best; then the summary: the ratios' and the ceilings' geometric means.
#pragma once

#include <string>
#include <vector>

#include "tune/BlockedArguments.h"

namespace tessera::bench {

struct SuiteOptions {
  double budget_s = 300;          // tuning time per workload
  int rounds = 15;                // interleaved closing rounds
  double round_ms = 0;            // each round's timed calls last at least this (0: the search's)
  std::vector<std::string> only;  // workload names (file stems); empty: all
  std::string dir;                // the suite's scripts (default: <source>/bench/suite)
  uint64_t seed = 1;
  int threads = 0;  // oneDNN's threads (0: every core); Tessera's pool: TESSERA_NUM_THREADS
  // Tuned with TuneOptions::blocked: the kernel may take its inputs, or write its output,
  // in the blocked layouts oneDNN's blocked primitive is handed, so it is compared with
  // that one alone (on the te layouts oneDNN's reorders would be timed and the kernel's not).
  tune::BlockedArguments blocked;
};

// Runs the suite and prints its table. Returns the process's exit code: 0, or 1 when a
// result was wrong or a workload failed to tune.
int RunSuite(const SuiteOptions& options);

}  // namespace tessera::bench
