#include "BenchOptions.h"

#include <charconv>
#include <sstream>

namespace tessera::bench {

const char* kBenchUsage =
    "Usage: tessera-bench-cpu [--sizes 512,1024,2048] [--threads 1|all|both] [--repeat N] "
    "[--quick]\n"
    "                         [--gemm-tutorial | --no-gemm-tutorial] [--tutorial-size N] [--isa "
    "native|avx2]\n"
    "\n"
    "GEMM (fp32, M = N = K = each size) with resources/examples/gemm_fast.py against OpenBLAS\n"
    "cblas_sgemm and Halide 14 (equivalent schedule); conv2d_fast.py and softmax_fast.py against "
    "Halide.\n"
    "Every result is checked against a reference before it is timed. Ratios are speed ratios:\n"
    "> 1 means Tessera is faster. Times: one warm-up call, then N timed calls.\n"
    "\n"
    "  --sizes LIST   GEMM sizes (default 512,1024,2048)\n"
    "  --threads T    1, all or both (default both)\n"
    "  --repeat N     timed calls per measurement (default 10)\n"
    "  --quick        sizes 512,1024, repeat 3, 3 compile-time runs\n"
    "  --gemm-tutorial     only the TVM GEMM-tutorial section: bench/gemm_tutorial/*.py "
    "(baseline,\n"
    "                      blocking, vectorization, loop permutation, array packing, write cache,\n"
    "                      parallel) against OpenBLAS and oneDNN dnnl_sgemm\n"
    "  --no-gemm-tutorial  skip that section (it runs last by default)\n"
    "  --tutorial-size N   M = N = K of the tutorial section (default 1024, the tutorial's)\n"
    "  --isa avx2     every contender AVX2-only on an AVX-512 machine (Tessera -mcpu=haswell, "
    "oneDNN,\n"
    "                 OpenBLAS and Halide limited to AVX2; bench/cpu/BenchIsa.h); default native\n";

namespace {

std::optional<int64_t> ParseInt(const std::string& s) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

std::optional<std::string> ParseBenchOptions(int argc, char** argv, BenchOptions* out) {
  std::optional<std::vector<int64_t>> sizes;
  std::optional<int> repeat;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    if (arg == "-h" || arg == "--help") {
      out->help = true;
    } else if (arg == "--quick") {
      out->quick = true;
    } else if (arg == "--gemm-tutorial") {
      out->tutorial_only = true;
    } else if (arg == "--no-gemm-tutorial") {
      out->skip_tutorial = true;
    } else if (arg == "--tutorial-size") {
      auto v = value();
      auto n = v ? ParseInt(*v) : std::nullopt;
      if (!n || *n < 32 || *n > 8192 || *n % 32 != 0)
        return "--tutorial-size expects a multiple of 32 in [32, 8192] (the tutorial's block is "
               "32)";
      out->tutorial_size = *n;
    } else if (arg == "--sizes") {
      auto v = value();
      if (!v) return "--sizes expects a list such as 512,1024";
      std::vector<int64_t> list;
      std::stringstream ss(*v);
      std::string item;
      while (std::getline(ss, item, ',')) {
        auto n = ParseInt(item);
        if (!n || *n < 32 || *n > 16384 || *n % 32 != 0)
          return "--sizes: '" + item + "' is not a multiple of 32 in [32, 16384]";
        list.push_back(*n);
      }
      if (list.empty()) return "--sizes expects at least one size";
      sizes = list;
    } else if (arg == "--isa") {
      out->isa = value().value_or("");
      if (out->isa != "native" && out->isa != "avx2") return "--isa expects native or avx2";
    } else if (arg == "--threads") {
      auto v = value();
      if (v == "1")
        out->threads = {1};
      else if (v == "all")
        out->threads = {0};
      else if (v == "both")
        out->threads = {1, 0};
      else
        return "--threads expects 1, all or both";
    } else if (arg == "--repeat") {
      auto v = value();
      auto n = v ? ParseInt(*v) : std::nullopt;
      if (!n || *n < 1 || *n > 10000) return "--repeat expects a count in [1, 10000]";
      repeat = static_cast<int>(*n);
    } else {
      return "unknown argument '" + arg + "'";
    }
  }
  if (out->quick) {
    out->sizes = {512, 1024};
    out->repeat = 3;
    out->compile_runs = 3;
  }
  if (out->tutorial_only && out->skip_tutorial)
    return "--gemm-tutorial and --no-gemm-tutorial exclude each other";
  if (sizes) out->sizes = *sizes;
  if (repeat) out->repeat = *repeat;
  return std::nullopt;
}

}  // namespace tessera::bench
