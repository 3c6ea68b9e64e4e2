// OneDnnLayer: oneDNN's primitive for one layer of the tune benchmark's suite
// (bench/suite/*.py): a convolution (groups, strides, padding), a matmul (batch, the
// second operand transposed) or an inner product (bias, an eltwise post-op), f32,
// forward inference. The suite script names it in a comment line,
//
//   # onednn: conv mb=1 ic=256 ih=56 iw=56 oc=64 kh=1 kw=1 stride=1 pad=0 groups=1
//   # onednn: matmul batch=12 m=128 n=128 k=64 transb=1
//   # onednn: ip m=128 ic=768 oc=3072 bias=1 post=gelu_tanh
//
// with the te definition's own tensors as the "user" layouts (conv: NCHW, OIHW weights;
// matmul: row-major, B as [batch, n, k] when transposed; inner product: [m, ic] x
// [oc, ic] + [oc]). A Layer is timed on oneDNN's preferred (blocked) layouts, laid out
// once outside the timing, or on the user layouts with the source and destination
// reorders inside each timed call (the weights reordered once, as inference does).
// Check() runs the user-layout path once and compares it with a plain C++ loop.
// Built without oneDNN, Create fails with the reason.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace tessera::bench::onednn {

struct LayerSpec {
  std::string kind;  // "conv", "matmul", "ip"
  // conv
  int64_t mb = 1, ic = 0, ih = 0, iw = 0, oc = 0, kh = 1, kw = 1, stride = 1, pad = 0, groups = 1;
  // matmul (and ip's m)
  int64_t batch = 1, m = 0, n = 0, k = 0;
  bool transb = false;
  // ip
  bool bias = false;
  std::string post;  // "" / "none", "relu", "gelu_tanh"

  int64_t OutH() const { return (ih + 2 * pad - kh) / stride + 1; }
  int64_t OutW() const { return (iw + 2 * pad - kw) / stride + 1; }
  // Multiply-adds x 2.
  double Flops() const;
  // "conv 256->64 1x1 s1 56x56 g1"
  std::string Describe() const;
};

// "conv mb=1 ic=..." (the text after "# onednn:"); nullopt with *error naming the bad
// key or value.
std::optional<LayerSpec> ParseLayerSpec(const std::string& text, std::string* error);

enum class LayerLayouts { kPreferred, kUser };

class Layer {
 public:
  ~Layer();
  // nullptr with *error when oneDNN is missing or refuses the layer.
  static std::unique_ptr<Layer> Create(const LayerSpec& spec, LayerLayouts layouts,
                                       std::string* error);
  // Median milliseconds of `repeat` calls after a warm-up of one call and at least
  // `min_warmup_ms` (every core), as MeasureRequest::min_warmup_ms warms a tuned kernel.
  double TimeMs(int repeat, double min_warmup_ms = 0);
  // The user-layout path once on the layer's random inputs, compared with a C++ loop:
  // the largest error relative to the element's sum of |products| (fp32 rounding of a
  // K-term sum stays far below 1e-4 of it); negative with *error when it did not run.
  double Check(std::string* error);
  // oneDNN's implementation ("brgconv:avx512_core", "jit_1x1:avx2", ...).
  const std::string& implementation() const;

 private:
  struct Impl;
  explicit Layer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tessera::bench::onednn
