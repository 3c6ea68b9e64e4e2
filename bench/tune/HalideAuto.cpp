#include "HalideAuto.h"

#ifdef TESSERA_BENCH_HALIDE
#include <Halide.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "../cpu/NaiveReference.h"
#include "runtime/CpuCount.h"
#endif

namespace tessera::bench::halide_auto {

namespace {
const char* const kNames[] = {"Adams2019", "Mullapudi2016", "Li2018", nullptr};
}

const char* const* SchedulerNames() { return kNames; }

#ifdef TESSERA_BENCH_HALIDE
namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Loads libautoschedule_<name>.so once (the plugin registers the autoscheduler).
bool LoadPlugin(const std::string& scheduler, std::string* error) {
  static std::mutex mutex;
  static std::map<std::string, std::string> loaded;  // name -> "" or the error
  std::lock_guard<std::mutex> lock(mutex);
  auto it = loaded.find(scheduler);
  if (it == loaded.end()) {
    std::string lower;
    for (char c : scheduler)
      lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string why;
    try {
      Halide::load_plugin(std::string(TESSERA_HALIDE_PLUGIN_DIR) + "/libautoschedule_" + lower +
                          ".so");
    } catch (const Halide::Error& e) {
      why = e.what();
    }
    it = loaded.emplace(scheduler, why).first;
  }
  *error = it->second;
  return it->second.empty();
}

// The last-level cache in bytes (sysfs), 16 MiB when unknown.
uint64_t LastLevelCache() {
  for (int index = 4; index >= 0; --index) {
    std::ifstream in("/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/size");
    std::string text;
    if (!(in >> text) || text.empty()) continue;
    uint64_t value = std::stoull(text);
    char unit = text.back();
    return unit == 'K' ? value << 10 : unit == 'M' ? value << 20 : value;
  }
  return 16ull << 20;
}

void Fill(Halide::Buffer<float>& b, int seed) {
  float* p = b.data();
  for (size_t i = 0; i < b.number_of_elements(); ++i)
    p[i] = static_cast<float>((i * 7 + seed * 13) % 17) / 17.0f - 0.5f;
}

// Schedules `out` with `scheduler` for this machine, compiles it, and returns a kernel
// realizing it into `result`; `check` compares one result with the reference.
AutoKernel Build(const std::string& scheduler, Halide::Func out, Halide::Buffer<float> result,
                 const std::function<double()>& check) {
  AutoKernel k;
  if (!LoadPlugin(scheduler, &k.error)) return k;
  try {
    auto pipeline = std::make_shared<Halide::Pipeline>(out);
    Halide::Target target = Halide::get_jit_target_from_environment();
    const int cores = runtime::PoolThreadCount();
    Halide::MachineParams params(cores, LastLevelCache(), 40);
    auto start = Clock::now();
    pipeline->auto_schedule(scheduler, target, params);
    k.schedule_ms = MsSince(start);
    start = Clock::now();
    pipeline->compile_jit(target);
    k.compile_ms = MsSince(start);
    pipeline->realize(result, target);
    k.max_error = check();
    k.run = [pipeline, result, target]() mutable { pipeline->realize(result, target); };
  } catch (const Halide::Error& e) {
    k.error = e.what();
  }
  return k;
}

}  // namespace

bool Available() { return true; }

AutoKernel MakeGemm(const std::string& scheduler, int64_t m, int64_t n, int64_t k) {
  using namespace Halide;
  const int M = static_cast<int>(m), N = static_cast<int>(n), K = static_cast<int>(k);
  Buffer<float> a(K, M), b(N, K), c(N, M);  // a(k, i), b(j, k), c(j, i)
  Fill(a, 1);
  Fill(b, 2);
  Var j("j"), i("i");
  RDom r(0, K, "k");
  Func prod("C");
  prod(j, i) = 0.0f;
  prod(j, i) += a(r, i) * b(j, r);
  prod.set_estimate(j, 0, N).set_estimate(i, 0, M);
  auto check = [=]() mutable {
    std::vector<float> expect(size_t(m * n));
    GemmReference(m, n, k, a.data(), b.data(), expect.data());
    return RelativeMaxError(c.data(), expect.data(), m * n);
  };
  return Build(scheduler, prod, c, check);
}

AutoKernel MakeConv2d(const std::string& scheduler, int64_t channels, int64_t size) {
  using namespace Halide;
  const int s = int(size), ch = int(channels);
  Buffer<float> d(s, s, ch, 1), w(3, 3, ch, ch), res(s, s, ch, 1);
  Fill(d, 3);
  Fill(w, 4);
  Var x("x"), y("y"), f("f"), n("n");
  Func padded("pad"), conv("conv");
  Expr inside = x >= 1 && x < s + 1 && y >= 1 && y < s + 1;
  padded(x, y, f, n) =
      select(inside, d(clamp(x - 1, 0, s - 1), clamp(y - 1, 0, s - 1), f, n), 0.0f);
  RDom r(0, ch, 0, 3, 0, 3, "r");  // r.x = rc, r.y = ry, r.z = rx
  conv(x, y, f, n) = 0.0f;
  conv(x, y, f, n) += padded(x + r.z, y + r.y, r.x, n) * w(r.z, r.y, r.x, f);
  conv.set_estimate(x, 0, s).set_estimate(y, 0, s).set_estimate(f, 0, ch).set_estimate(n, 0, 1);
  auto check = [=]() mutable {
    Conv2dShape shape;
    shape.in_channel = shape.out_channel = channels;
    shape.size = size;
    std::vector<float> expect(size_t(channels * size * size));
    Conv2dReference(shape, d.data(), w.data(), expect.data());
    return RelativeMaxError(res.data(), expect.data(), channels * size * size);
  };
  return Build(scheduler, conv, res, check);
}

AutoKernel MakeSoftmax(const std::string& scheduler, int64_t m, int64_t n) {
  using namespace Halide;
  const int M = static_cast<int>(m), N = static_cast<int>(n);
  Buffer<float> a(N, M), b(N, M);
  Fill(a, 5);
  Var i("i"), j("j");
  RDom r(0, N, "k"), r2(0, N, "k2");
  Func maxelem("maxelem"), expsum("expsum"), out("B");
  maxelem(i) = Float(32).min();
  maxelem(i) = max(maxelem(i), a(r, i));
  expsum(i) = 0.0f;
  expsum(i) += exp(a(r2, i) - maxelem(i));
  out(j, i) = exp(a(j, i) - maxelem(i)) / expsum(i);
  out.set_estimate(j, 0, N).set_estimate(i, 0, M);
  auto check = [=]() mutable {
    std::vector<float> expect(size_t(m * n));
    SoftmaxReference(m, n, a.data(), expect.data());
    return RelativeMaxError(b.data(), expect.data(), m * n);
  };
  return Build(scheduler, out, b, check);
}

#else
bool Available() { return false; }
namespace {
AutoKernel Unavailable() {
  AutoKernel k;
  k.error = "Halide: not available (built without libhalide14-0-dev)";
  return k;
}
}  // namespace
AutoKernel MakeGemm(const std::string&, int64_t, int64_t, int64_t) { return Unavailable(); }
AutoKernel MakeConv2d(const std::string&, int64_t, int64_t) { return Unavailable(); }
AutoKernel MakeSoftmax(const std::string&, int64_t, int64_t) { return Unavailable(); }
#endif

}  // namespace tessera::bench::halide_auto
