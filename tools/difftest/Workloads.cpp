#include "Workloads.h"

#include <functional>
#include <sstream>

namespace tessera::difftest {

namespace {

constexpr const char* kImports = "import tvm\nfrom tvm import te\n\n";

// Extents that rarely divide the factors the generator splits by.
int64_t SmallExtent(std::mt19937_64& rng) {
  static const int64_t kChoices[] = {1, 3, 5, 7, 8, 12, 13, 16, 17, 20, 30};
  return kChoices[std::uniform_int_distribution<size_t>(0, std::size(kChoices) - 1)(rng)];
}

int64_t Between(std::mt19937_64& rng, int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}

// A dimension of the script: a literal, or (one time in four) a shape variable named
// `var` whose value goes into `w.vars`.
std::string Dim(Workload& w, std::ostringstream& defs, const std::string& var, int64_t value,
                std::mt19937_64& rng) {
  if (Between(rng, 0, 3) != 0) return std::to_string(value);
  defs << var << " = te.size_var(\"" << var << "\")\n";
  w.vars[var] = value;
  return var;
}

Workload Gemm(std::mt19937_64& rng) {
  Workload w{"gemm", "", {}};
  std::ostringstream d;
  std::string m = Dim(w, d, "m", SmallExtent(rng) + 1, rng);
  std::string n = Dim(w, d, "n", SmallExtent(rng) + 1, rng);
  std::string k = std::to_string(SmallExtent(rng) + 1);
  d << "A = te.placeholder((" << m << ", " << k << "), name=\"A\")\n"
    << "B = te.placeholder((" << k << ", " << n << "), name=\"B\")\n"
    << "k = te.reduce_axis((0, " << k << "), name=\"k\")\n"
    << "C = te.compute((" << m << ", " << n
    << "), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n\n"
    << "s = te.create_schedule(C.op)\n";
  w.script = kImports + d.str();
  return w;
}

Workload BatchGemm(std::mt19937_64& rng) {
  Workload w{"batch_gemm", "", {}};
  std::ostringstream d;
  std::string b = Dim(w, d, "b", Between(rng, 1, 3), rng);
  std::string m = std::to_string(SmallExtent(rng) + 1);
  std::string n = std::to_string(SmallExtent(rng) + 1);
  std::string k = std::to_string(SmallExtent(rng) + 1);
  d << "A = te.placeholder((" << b << ", " << m << ", " << k << "), name=\"A\")\n"
    << "B = te.placeholder((" << b << ", " << k << ", " << n << "), name=\"B\")\n"
    << "k = te.reduce_axis((0, " << k << "), name=\"k\")\n"
    << "C = te.compute((" << b << ", " << m << ", " << n
    << "), lambda bb, i, j: te.sum(A[bb, i, k] * B[bb, k, j], axis=k), name=\"C\")\n\n"
    << "s = te.create_schedule(C.op)\n";
  w.script = kImports + d.str();
  return w;
}

// conv2d and depthwise conv share the zero-padding stage.
void PadStage(std::ostringstream& d, int64_t h, int64_t w, int64_t p) {
  d << "pad = te.compute((1, C, " << h + 2 * p << ", " << w + 2 * p << "), lambda n, c, y, x: "
    << "te.if_then_else(tvm.tir.all(y >= " << p << ", y < " << h + p << ", x >= " << p << ", x < "
    << w + p << "), data[n, c, y - " << p << ", x - " << p
    << "], tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n";
}

Workload Conv2d(std::mt19937_64& rng) {
  Workload w{"conv2d", "", {}};
  std::ostringstream d;
  int64_t c = Between(rng, 1, 4), f = Between(rng, 1, 5), h = Between(rng, 3, 13),
          wd = Between(rng, 3, 13), r = Between(rng, 1, 3), p = Between(rng, 0, 1);
  int64_t oh = h + 2 * p - r + 1, ow = wd + 2 * p - r + 1;
  d << "C = " << c << "\n"
    << "data = te.placeholder((1, C, " << h << ", " << wd << "), name=\"data\")\n"
    << "kernel = te.placeholder((" << f << ", C, " << r << ", " << r << "), name=\"kernel\")\n";
  PadStage(d, h, wd, p);
  d << "rc = te.reduce_axis((0, C), name=\"rc\")\n"
    << "ry = te.reduce_axis((0, " << r << "), name=\"ry\")\n"
    << "rx = te.reduce_axis((0, " << r << "), name=\"rx\")\n"
    << "conv = te.compute((1, " << f << ", " << oh << ", " << ow << "), lambda n, ff, y, x: "
    << "te.sum(pad[n, rc, y + ry, x + rx] * kernel[ff, rc, ry, rx], axis=[rc, ry, rx]), "
    << "name=\"conv\")\n\n"
    << "s = te.create_schedule(conv.op)\n";
  w.script = kImports + d.str();
  return w;
}

Workload Depthwise(std::mt19937_64& rng) {
  Workload w{"depthwise", "", {}};
  std::ostringstream d;
  int64_t c = Between(rng, 1, 6), h = Between(rng, 3, 17), wd = Between(rng, 3, 17), p = 1;
  d << "C = " << c << "\n"
    << "data = te.placeholder((1, C, " << h << ", " << wd << "), name=\"data\")\n"
    << "kernel = te.placeholder((C, 3, 3), name=\"kernel\")\n";
  PadStage(d, h, wd, p);
  d << "ry = te.reduce_axis((0, 3), name=\"ry\")\n"
    << "rx = te.reduce_axis((0, 3), name=\"rx\")\n"
    << "dw = te.compute((1, C, " << h << ", " << wd << "), lambda n, c, y, x: "
    << "te.sum(pad[n, c, y + ry, x + rx] * kernel[c, ry, rx], axis=[ry, rx]), name=\"dw\")\n\n"
    << "s = te.create_schedule(dw.op)\n";
  w.script = kImports + d.str();
  return w;
}

Workload Softmax(std::mt19937_64& rng) {
  Workload w{"softmax", "", {}};
  std::ostringstream d;
  std::string m = Dim(w, d, "m", SmallExtent(rng), rng);
  std::string n = std::to_string(SmallExtent(rng) + 1);
  d << "A = te.placeholder((" << m << ", " << n << "), name=\"A\")\n"
    << "k = te.reduce_axis((0, " << n << "), name=\"k\")\n"
    << "maxelem = te.compute((" << m << ",), lambda i: te.max(A[i, k], axis=k), name=\"maxelem\")\n"
    << "k2 = te.reduce_axis((0, " << n << "), name=\"k2\")\n"
    << "expsum = te.compute((" << m << ",), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), "
    << "axis=k2), name=\"expsum\")\n"
    << "B = te.compute((" << m << ", " << n
    << "), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name=\"B\")\n\n"
    << "s = te.create_schedule(B.op)\n";
  w.script = kImports + d.str();
  return w;
}

// A separable 3x3 blur (two stages, each reading three neighbours).
Workload Stencil(std::mt19937_64& rng) {
  Workload w{"stencil", "", {}};
  std::ostringstream d;
  int64_t h = Between(rng, 3, 20), wd = Between(rng, 3, 20);
  d << "A = te.placeholder((" << h << ", " << wd << "), name=\"A\")\n"
    << "blurx = te.compute((" << h << ", " << wd - 2 << "), lambda i, j: "
    << "(A[i, j] + A[i, j + 1] + A[i, j + 2]) / 3.0, name=\"blurx\")\n"
    << "blury = te.compute((" << h - 2 << ", " << wd - 2 << "), lambda i, j: "
    << "(blurx[i, j] + blurx[i + 1, j] + blurx[i + 2, j]) / 3.0, name=\"blury\")\n\n"
    << "s = te.create_schedule(blury.op)\n";
  w.script = kImports + d.str();
  return w;
}

Workload Reduction(std::mt19937_64& rng) {
  Workload w{"reduction", "", {}};
  std::ostringstream d;
  std::string m = Dim(w, d, "m", SmallExtent(rng), rng);
  std::string n = std::to_string(SmallExtent(rng) + 1);
  const char* reducer = Between(rng, 0, 1) ? "te.sum" : "te.max";
  d << "A = te.placeholder((" << m << ", " << n << "), name=\"A\")\n"
    << "k = te.reduce_axis((0, " << n << "), name=\"k\")\n"
    << "B = te.compute((" << m << ",), lambda i: " << reducer
    << "(A[i, k], axis=k), name=\"B\")\n\n"
    << "s = te.create_schedule(B.op)\n";
  w.script = kImports + d.str();
  return w;
}

Workload Elementwise(std::mt19937_64& rng) {
  Workload w{"elementwise", "", {}};
  std::ostringstream d;
  std::string m = Dim(w, d, "m", SmallExtent(rng), rng);
  std::string n = Dim(w, d, "n", SmallExtent(rng), rng);
  d << "A = te.placeholder((" << m << ", " << n << "), name=\"A\")\n"
    << "B = te.compute((" << m << ", " << n << "), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
    << "C = te.compute((" << m << ", " << n << "), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
    << "D = te.compute((" << m << ", " << n
    << "), lambda i, j: te.exp(C[i, j]) * A[i, j], name=\"D\")\n\n"
    << "s = te.create_schedule(D.op)\n";
  w.script = kImports + d.str();
  return w;
}

using Maker = std::function<Workload(std::mt19937_64&)>;

const std::map<std::string, Maker>& Makers() {
  static const std::map<std::string, Maker> makers = {
      {"gemm", Gemm},           {"batch_gemm", BatchGemm},   {"conv2d", Conv2d},
      {"depthwise", Depthwise}, {"softmax", Softmax},        {"stencil", Stencil},
      {"reduction", Reduction}, {"elementwise", Elementwise}};
  return makers;
}

}  // namespace

const std::vector<std::string>& WorkloadNames() {
  static const std::vector<std::string> names = {"gemm",      "batch_gemm", "conv2d",
                                                 "depthwise", "softmax",    "stencil",
                                                 "reduction", "elementwise"};
  return names;
}

Workload MakeWorkload(const std::string& name, std::mt19937_64& rng) {
  auto it = Makers().find(name);
  if (it == Makers().end()) return Workload{};
  return it->second(rng);
}

}  // namespace tessera::difftest
