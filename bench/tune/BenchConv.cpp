// tessera-bench-conv: conv2d schedules (scripts of the tune benchmark's ResNet-50 layer,
// 1x64x56x56, 64 3x3 filters, pad 1) against oneDNN's convolution, on ONE thread, in
// interleaved rounds. On a machine that other processes share, a 2-thread time measures
// the scheduler (oneDNN's OpenMP barriers most); one thread on one core is what the
// kernels themselves do. Each round times oneDNN (both figures of OneDnnConv.h), then
// every script (median of 10 calls after a warm-up); it prints the minimum over rounds
// and the median of the per-round ratios (oneDNN blocked / script: > 1, Tessera faster).
// --threads all: every contender on all cores instead (oneDNN's OpenMP team, Tessera's
// pool), to see what the parallel regions and their barriers cost.
// --shape C,K,H[,KERNEL[,PAD]]: another layer (batch 1, H x H input, stride 1; default
// 64,64,56,3,1); every script's three tensors must be that layer's data [1, C, H, H],
// weights [K, C, KERNEL, KERNEL] and NCHW output, else it is refused with what differs.
//
// --contenders: only the machine and the ISA each contender runs with (BenchIsa.h), then exit.
//
//   tessera-bench-conv [--rounds N] [--isa native|avx2] [--threads 1|all] [--shape ...] SCRIPT...
//   tessera-bench-conv [--isa native|avx2] --contenders
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../cpu/BenchIsa.h"
#include "../cpu/OneDnnGemm.h"
#include "../cpu/Timing.h"
#include "OneDnnConv.h"
#include "codegen/LoweringContext.h"
#include "ir/ExprOp.h"
#include "runtime/LLVMModule.h"
#include "runtime/MachinePeak.h"
#include "runtime/NDArray.h"
#include "runtime/ThreadPool.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace tessera::bench {
namespace {

struct ConvScript {
  std::string file;
  runtime::CompiledFunction kernel;
  std::vector<runtime::NDArray> buffers;
  std::vector<double> ms;  // one per round
};

const char* kConvUsage =
    "usage: tessera-bench-conv [--rounds N] [--isa native|avx2] [--threads 1|all] [--shape "
    "C,K,H[,KERNEL[,PAD]]] "
    "SCRIPT...\n"
    "       tessera-bench-conv [--isa native|avx2] --contenders\n";

// "C,K,H[,KERNEL[,PAD]]" as a batch-1, square, stride-1 layer; nullopt when malformed.
std::optional<onednn::ConvShape> ParseConvShape(const std::string& text) {
  std::vector<int64_t> v;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) {
    char* end = nullptr;
    const long long x = std::strtoll(part.c_str(), &end, 10);
    if (part.empty() || *end != '\0' || x < 0) return std::nullopt;
    v.push_back(x);
  }
  if (v.size() < 3 || v.size() > 5) return std::nullopt;
  const int64_t kernel = v.size() > 3 ? v[3] : 3, pad = v.size() > 4 ? v[4] : 1;
  if (v[0] < 1 || v[1] < 1 || kernel < 1 || v[2] + 2 * pad < kernel) return std::nullopt;
  return onednn::ConvShape{1, v[0], v[1], v[2], v[2], kernel, pad};
}

std::string ShapeText(const std::vector<int64_t>& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

// Compiles `file` for this process's target and allocates its (physical) arguments, which
// must be `layer`'s data, weights and output (the tensors oneDNN is timed with).
std::optional<ConvScript> LoadConvScript(const std::string& file, const onednn::ConvShape& layer) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  auto program = script::EvaluateScript(text.str(), file);
  if (!program) return std::fprintf(stderr, "%s\n", program.error().format().c_str()), std::nullopt;
  auto lowered = transform::LowerSchedule(*program->schedule, program->Arguments(),
                                          codegen::LoweringContext("llvm"), "conv");
  if (!lowered)
    return std::fprintf(stderr, "%s: %s\n", file.c_str(), lowered.error().message.c_str()),
           std::nullopt;
  auto kernel = runtime::BuildLLVM(lowered->func);
  if (!kernel)
    return std::fprintf(stderr, "%s: %s\n", file.c_str(), kernel.error().message.c_str()),
           std::nullopt;
  const std::vector<te::Tensor> args = program->Arguments();
  const int64_t out_h = layer.height + 2 * layer.pad - layer.kernel + 1;
  const int64_t out_w = layer.width + 2 * layer.pad - layer.kernel + 1;
  const std::vector<std::vector<int64_t>> expected = {
      {layer.batch, layer.in_channels, layer.height, layer.width},
      {layer.out_channels, layer.in_channels, layer.kernel, layer.kernel},
      {layer.batch, layer.out_channels, out_h, out_w}};
  if (args.size() != expected.size())
    return std::fprintf(stderr,
                        "%s: expected 3 tensors (data, weights, output), the script lowers %zu\n",
                        file.c_str(), args.size()),
           std::nullopt;
  for (size_t i = 0; i < args.size(); ++i) {
    std::vector<int64_t> shape;
    for (const ir::Expr& e : args[i]->shape) {
      const int64_t* v = ir::as_const_int(e);
      shape.push_back(v ? *v : -1);
    }
    if (shape != expected[i])
      return std::fprintf(stderr, "%s: tensor %s is %s, the layer's (--shape) is %s\n",
                          file.c_str(), args[i]->op->name.c_str(), ShapeText(shape).c_str(),
                          ShapeText(expected[i]).c_str()),
             std::nullopt;
  }
  ConvScript s{file, std::move(*kernel), {}, {}};
  for (const auto& param : lowered->func.params) {
    if (!param.is_buffer()) continue;
    std::vector<int64_t> shape;
    for (const ir::Expr& e : param.buffer->shape) {
      const int64_t* v = ir::as_const_int(e);
      if (!v) return std::fprintf(stderr, "%s: symbolic shape\n", file.c_str()), std::nullopt;
      shape.push_back(*v);
    }
    s.buffers.push_back(*runtime::NDArray::Empty(shape, param.buffer->dtype));
    s.buffers.back().FillRandom(s.buffers.size());
  }
  if (Status st = s.kernel.Call(s.buffers); !st)
    return std::fprintf(stderr, "%s: %s\n", file.c_str(), st.error().message.c_str()), std::nullopt;
  return s;
}

double MinOf(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
double MedianOf(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace
}  // namespace tessera::bench

int main(int argc, char** argv) {
  using namespace tessera;
  using namespace tessera::bench;
  int rounds = 5;
  std::string isa_mode = "native";
  bool all_threads = false;
  bool contenders_only = false;
  onednn::ConvShape shape{1, 64, 64, 56, 56, 3, 1};
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--rounds" && i + 1 < argc)
      rounds = std::atoi(argv[++i]);
    else if (a == "--isa" && i + 1 < argc)
      isa_mode = argv[++i];
    else if (a == "--contenders")
      contenders_only = true;
    else if (a == "--threads" && i + 1 < argc &&
             (std::string(argv[i + 1]) == "1" || std::string(argv[i + 1]) == "all"))
      all_threads = std::string(argv[++i]) == "all";
    else if (a == "--shape" && i + 1 < argc) {
      auto parsed = ParseConvShape(argv[++i]);
      if (!parsed)
        return std::fprintf(stderr,
                            "tessera-bench-conv: --shape '%s': expected C,K,H[,KERNEL[,PAD]]\n%s",
                            argv[i], kConvUsage),
               2;
      shape = *parsed;
    } else if (!a.empty() && a[0] == '-')
      return std::fprintf(stderr, "%s", kConvUsage), 2;
    else
      files.push_back(a);
  }
  if ((files.empty() && !contenders_only) || rounds < 1)
    return std::fprintf(stderr, "%s", kConvUsage), 2;
  if (std::string problem = isa::Apply(isa_mode, argv); !problem.empty())
    return std::fprintf(stderr, "tessera-bench-conv: %s\n", problem.c_str()), 2;
  if (contenders_only) {
    std::printf("machine: %s\n", runtime::HostMachinePeak().Describe().c_str());
    isa::PrintContenders();
    return 0;
  }
  if (!onednn::ConvAvailable())
    return std::printf("tessera-bench-conv: not available: built without oneDNN\n"), 4;
  std::printf("machine: %s\n", runtime::HostMachinePeak().Describe().c_str());
  isa::PrintContenders();
  const int threads = all_threads ? runtime::ThreadPool::Global().num_threads() : 1;
  onednn::SetThreads(threads);
  std::vector<ConvScript> scripts;
  for (const std::string& f : files) {
    auto s = LoadConvScript(f, shape);
    if (!s) return 1;
    scripts.push_back(std::move(*s));
  }
  std::printf("layer: 1x%lldx%lldx%lld, %lld %lldx%lld filters, pad %lld, stride 1\n",
              static_cast<long long>(shape.in_channels), static_cast<long long>(shape.height),
              static_cast<long long>(shape.width), static_cast<long long>(shape.out_channels),
              static_cast<long long>(shape.kernel), static_cast<long long>(shape.kernel),
              static_cast<long long>(shape.pad));
  std::vector<double> blocked, nchw;
  for (int r = 0; r < rounds; ++r) {
    std::string why;
    blocked.push_back(onednn::TimeConv(shape, 10, &why));
    nchw.push_back(onednn::TimeConv(shape, 10, &why, onednn::ConvLayouts::kUserNchw));
    if (blocked.back() < 0 || nchw.back() < 0)
      return std::printf("oneDNN failed: %s\n", why.c_str()), 1;
    for (ConvScript& s : scripts) {
      auto time_script = [&] {
        s.ms.push_back(TimeRuns([&] { (void)s.kernel.Call(s.buffers); }, 10).median_ms);
      };
      if (all_threads)
        time_script();
      else
        RunOnOneThread(time_script);
    }
  }
  std::printf("%d thread%s, %d rounds (median of 10 calls each); load average: %s\n", threads,
              threads == 1 ? "" : "s", rounds, LoadAverage().c_str());
  std::printf("  %-40s min %7.3f ms  median %7.3f ms\n", "oneDNN convolution (direct, blocked)",
              MinOf(blocked), MedianOf(blocked));
  std::printf("  %-40s min %7.3f ms  median %7.3f ms\n", "oneDNN conv NCHW (reorders timed)",
              MinOf(nchw), MedianOf(nchw));
  for (const ConvScript& s : scripts) {
    std::vector<double> vs_blocked, vs_nchw;
    for (int r = 0; r < rounds; ++r) {
      vs_blocked.push_back(blocked[r] / s.ms[r]);
      vs_nchw.push_back(nchw[r] / s.ms[r]);
    }
    std::printf("  %-40s min %7.3f ms  median %7.3f ms   %.2fx oneDNN blocked, %.2fx oneDNN NCHW\n",
                s.file.c_str(), MinOf(s.ms), MedianOf(s.ms), MedianOf(vs_blocked),
                MedianOf(vs_nchw));
  }
  return 0;
}
