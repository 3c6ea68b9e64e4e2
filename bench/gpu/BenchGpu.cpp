// tessera-bench-gpu: Tessera's GPU kernels against the references a kernel engineer
// would compare with — the tiled GEMM of resources/examples/gpu_gemm.py (4096^3 fp32 by
// default) against cuBLAS SGEMM, and the softmax of gpu_softmax.py against a plain
// hand-written CUDA kernel — printing times, throughput and the ratios. A command, not a
// test: without a GPU it says so and exits with code 4.
//
//   tessera-bench-gpu [--gemm N] [--softmax ROWSxCOLS] [--repeat R] [--examples DIR]
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "Cublas.h"
#include "GpuTimer.h"
#include "HandSoftmax.h"
#include "codegen/cuda/NVRTC.h"
#include "ir/ExprOp.h"
#include "reference/Compare.h"
#include "runtime/cuda/CudaMemory.h"
#include "runtime/cuda/CudaModule.h"
#include "schedule/ScheduleOps.h"
#include "script/Evaluator.h"

using namespace tessera;

namespace {

constexpr int kSuccess = 0, kFailure = 1, kUsage = 2, kUnavailable = 4;

struct Options {
  int64_t gemm = 4096;
  int64_t rows = 4096, cols = 4096;
  int repeat = 10;
  std::string examples;
};

const char* kUsageText =
    "Usage: tessera-bench-gpu [--gemm N] [--softmax ROWSxCOLS] [--repeat R] [--examples DIR]\n"
    "  --gemm N            GEMM size N x N x N (default 4096; a multiple of 128)\n"
    "  --softmax RxC       softmax rows x columns (default 4096x4096; columns a multiple of 128)\n"
    "  --repeat R          timed runs per kernel, the median is reported (default 10)\n"
    "  --examples DIR      where gpu_gemm.py and gpu_softmax.py are (default: the source tree's\n"
    "                      resources/examples, or $TESSERA_SOURCE_DIR/resources/examples)\n";

std::optional<Options> Parse(int argc, char** argv) {
  Options o;
  const char* env = std::getenv("TESSERA_SOURCE_DIR");
  o.examples = std::string(env && *env ? env : TESSERA_SOURCE_DIR) + "/resources/examples";
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool has_value = i + 1 < argc;
    if (a == "--gemm" && has_value)
      o.gemm = std::atoll(argv[++i]);
    else if (a == "--repeat" && has_value)
      o.repeat = std::atoi(argv[++i]);
    else if (a == "--examples" && has_value)
      o.examples = argv[++i];
    else if (a == "--softmax" && has_value &&
             std::sscanf(argv[++i], "%ldx%ld", &o.rows, &o.cols) == 2)
      continue;
    else
      return std::nullopt;
  }
  if (o.gemm < 128 || o.gemm % 128 || o.rows < 1 || o.cols < 128 || o.cols % 128 || o.repeat < 1)
    return std::nullopt;
  return o;
}

// The example script with its size constants replaced ("M = 1024" -> "M = 4096").
Result<std::string> SizedExample(const Options& o, const std::string& file,
                                 const std::vector<std::pair<std::string, int64_t>>& sizes) {
  std::ifstream in(o.examples + "/" + file);
  if (!in) return Error("cannot read " + o.examples + "/" + file + " (use --examples DIR)");
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  for (const auto& [name, value] : sizes) {
    std::string from = "\n" + name + " = 1024\n";
    size_t at = text.find(from);
    if (at == std::string::npos) return Error(file + " no longer defines `" + name + " = 1024`");
    text.replace(at, from.size(), "\n" + name + " = " + std::to_string(value) + "\n");
  }
  return text;
}

struct Workload {
  script::ScriptProgram program;
  runtime::CudaModule module;
  std::vector<runtime::NDArray> arrays;
};

Result<Workload> Build(const std::string& text, const std::string& file) {
  Result<script::ScriptProgram> p = script::EvaluateScript(text, file);
  if (!p) return Error(p.error().format());
  Result<ir::Stmt> stmt = schedule::Lower(*p->schedule);
  if (!stmt) return stmt.error();
  std::vector<ir::DataProducer> args;
  for (const te::Tensor& t : p->Arguments()) args.push_back(t.producer());
  transform::PassContext ctx;
  ctx.target = "cuda";
  Result<transform::LoweredProgram> lowered = transform::LowerToPrimFunc(*stmt, args, "main", ctx);
  if (!lowered) return lowered.error();
  Result<runtime::CudaModule> module = runtime::BuildCUDA(*lowered);
  if (!module) return module.error();
  Workload w{std::move(p.value()), std::move(module.value()), {}};
  uint64_t seed = 1;
  for (const ir::Buffer& b : lowered->func.buffer_params()) {
    std::vector<int64_t> shape;
    for (const ir::Expr& d : b->shape) {
      const int64_t* extent = ir::as_const_int(d);
      if (!extent) return Error(file + ": the shape of " + b->name + " is not constant");
      shape.push_back(*extent);
    }
    Result<runtime::NDArray> a = runtime::NDArray::Empty(shape, b->dtype);
    if (!a) return a.error();
    a->FillRandom(seed++);
    w.arrays.push_back(*a);
  }
  return w;
}

Result<runtime::DeviceBuffer> Upload(const std::shared_ptr<runtime::CudaDriver>& d,
                                     const runtime::NDArray& a) {
  Result<runtime::DeviceBuffer> b =
      runtime::DeviceBuffer::Allocate(d, static_cast<size_t>(a.bytes()));
  if (!b) return b.error();
  if (Status s = b->Upload(a.data(), static_cast<size_t>(a.bytes())); !s) return s.error();
  return b;
}

void Row(const std::string& what, double ms, double rate, const char* unit) {
  std::printf("  %-28s %10.3f ms %10.1f %s\n", what.c_str(), ms, rate, unit);
}

// The reference's result against Tessera's, as "max rel. difference X".
std::string Difference(const runtime::NDArray& tessera, const runtime::NDArray& reference) {
  reference::CompareResult r =
      reference::Compare(tessera, reference, reference::Tolerance{1e-3, 1e-3});
  char buf[96];
  std::snprintf(buf, sizeof buf, "max abs. difference %.2e%s", r.max_abs_error,
                r.ok() ? "" : " (MISMATCH)");
  return buf;
}

int BenchGemm(const Options& o, const std::shared_ptr<runtime::CudaDriver>& d) {
  int64_t n = o.gemm;
  std::printf("\nGEMM %ldx%ldx%ld fp32\n", n, n, n);
  Result<std::string> text = SizedExample(o, "gpu_gemm.py", {{"M", n}, {"N", n}, {"K", n}});
  if (!text) return std::cerr << "  error: " << text.error().message << "\n", kFailure;
  Result<Workload> w = Build(*text, "gpu_gemm.py");
  if (!w) return std::cerr << "  error: " << w.error().message << "\n", kFailure;
  Result<runtime::CudaRunResult> run = runtime::RunCUDA(w->module, w->arrays, {}, {2, o.repeat});
  if (!run) return std::cerr << "  error: " << run.error().message << "\n", kFailure;
  double flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
  Row("Tessera (gpu_gemm.py)", run->median_ms, flops / run->median_ms / 1e6, "GFLOP/s");
  Result<std::unique_ptr<bench::Cublas>> cublas = bench::Cublas::Load();
  if (!cublas)
    return std::printf("  cuBLAS: not available: %s\n", cublas.error().message.c_str()), kSuccess;
  // cuBLAS writes into a cleared C: a GEMM it did not run cannot pass for Tessera's result.
  runtime::NDArray cleared = w->arrays[2].Clone();
  cleared.Fill(0.0);
  auto a = Upload(d, w->arrays[0]), b = Upload(d, w->arrays[1]), c = Upload(d, cleared);
  for (auto* r : {&a, &b, &c})
    if (!*r) return std::cerr << "  error: " << r->error().message << "\n", kFailure;
  int size = static_cast<int>(n);
  Result<double> ms = bench::MedianMs(*d, 2, o.repeat, [&] {
    return (*cublas)->Sgemm(size, size, size, a->ptr(), b->ptr(), c->ptr());
  });
  if (!ms) return std::cerr << "  error: " << ms.error().message << "\n", kFailure;
  Row("cuBLAS SGEMM", *ms, flops / *ms / 1e6, "GFLOP/s");
  runtime::NDArray reference = w->arrays[2].Clone();
  if (Status s = c->Download(reference.data(), static_cast<size_t>(reference.bytes())); !s)
    return std::cerr << "  error: " << s.error().message << "\n", kFailure;
  std::printf("  Tessera / cuBLAS time: %.2fx (Tessera reaches %.1f%% of cuBLAS); %s\n",
              run->median_ms / *ms, 100.0 * *ms / run->median_ms,
              Difference(w->arrays[2], reference).c_str());
  return kSuccess;
}

int BenchSoftmax(const Options& o, const std::shared_ptr<runtime::CudaDriver>& d) {
  std::printf("\nSoftmax %ldx%ld fp32 (rows)\n", o.rows, o.cols);
  Result<std::string> text = SizedExample(o, "gpu_softmax.py", {{"m", o.rows}, {"n", o.cols}});
  if (!text) return std::cerr << "  error: " << text.error().message << "\n", kFailure;
  Result<Workload> w = Build(*text, "gpu_softmax.py");
  if (!w) return std::cerr << "  error: " << w.error().message << "\n", kFailure;
  Result<runtime::CudaRunResult> run = runtime::RunCUDA(w->module, w->arrays, {}, {2, o.repeat});
  if (!run) return std::cerr << "  error: " << run.error().message << "\n", kFailure;
  double bytes = 2.0 * static_cast<double>(o.rows) * static_cast<double>(o.cols) *
                 4.0;  // read once, write once
  Row("Tessera (gpu_softmax.py)", run->median_ms, bytes / run->median_ms / 1e6, "GB/s");
  Result<std::unique_ptr<bench::HandSoftmax>> hand = bench::HandSoftmax::Build(d);
  if (!hand) return std::cerr << "  error: " << hand.error().message << "\n", kFailure;
  auto in = Upload(d, w->arrays[0]), out = Upload(d, w->arrays[1]);
  for (auto* r : {&in, &out})
    if (!*r) return std::cerr << "  error: " << r->error().message << "\n", kFailure;
  int rows = static_cast<int>(o.rows), cols = static_cast<int>(o.cols);
  Result<double> ms = bench::MedianMs(
      *d, 2, o.repeat, [&] { return (*hand)->Launch(in->ptr(), out->ptr(), rows, cols); });
  if (!ms) return std::cerr << "  error: " << ms.error().message << "\n", kFailure;
  Row("hand-written CUDA kernel", *ms, bytes / *ms / 1e6, "GB/s");
  runtime::NDArray reference = w->arrays[1].Clone();
  if (Status s = out->Download(reference.data(), static_cast<size_t>(reference.bytes())); !s)
    return std::cerr << "  error: " << s.error().message << "\n", kFailure;
  std::printf("  Tessera / hand-written time: %.2fx; %s\n", run->median_ms / *ms,
              Difference(w->arrays[1], reference).c_str());
  return kSuccess;
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<Options> o = Parse(argc, argv);
  if (!o) return std::cerr << kUsageText, kUsage;
  std::string why;
  if (!runtime::CudaAvailable(&why)) {
    std::cerr << "tessera-bench-gpu: no GPU to measure on: " << why << "\n";
    return kUnavailable;
  }
  std::shared_ptr<runtime::CudaDriver> d = *runtime::CudaDriver::Get();
  const runtime::CudaDeviceInfo& info = d->device();
  std::printf(
      "Tessera GPU benchmarks on %s (%s, %d SMs), driver %d.%d, NVRTC %s; median of %d runs\n",
      info.name.c_str(), info.arch().c_str(), info.multiprocessors, info.driver_version / 1000,
      info.driver_version % 1000 / 10, codegen::NVRTCVersion().c_str(), o->repeat);
  int gemm = BenchGemm(*o, d);
  int softmax = BenchSoftmax(*o, d);
  return gemm != kSuccess ? gemm : softmax;
}
