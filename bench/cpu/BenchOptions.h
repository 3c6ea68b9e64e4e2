// Command-line options of tessera-bench-cpu.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::bench {

struct BenchOptions {
  std::vector<int64_t> sizes = {512, 1024, 2048};  // GEMM M = N = K
  std::vector<int> threads = {1, 0};               // 0: every core
  int repeat = 10;
  int compile_runs = 5;
  bool quick = false;
  bool help = false;
  // The TVM GEMM-tutorial section (GemmTutorial.h): its size, and whether it runs
  // alone (--gemm-tutorial) or not at all (--no-gemm-tutorial).
  int64_t tutorial_size = 1024;
  bool tutorial_only = false;
  bool skip_tutorial = false;
  std::string isa = "native";  // --isa (BenchIsa.h)
};

// Parses argv; an error message on bad input.
std::optional<std::string> ParseBenchOptions(int argc, char** argv, BenchOptions* out);

extern const char* kBenchUsage;

}  // namespace tessera::bench
