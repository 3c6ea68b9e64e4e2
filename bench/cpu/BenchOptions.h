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
};

// Parses argv; an error message on bad input.
std::optional<std::string> ParseBenchOptions(int argc, char** argv, BenchOptions* out);

extern const char* kBenchUsage;

}  // namespace tessera::bench
