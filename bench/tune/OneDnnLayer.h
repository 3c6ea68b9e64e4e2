// OneDnnLayer: oneDNN's primitive for one layer of the tune benchmark's suite
// (bench/suite/*.py): a convolution (groups, strides, padding), a matmul (batch, the
// second operand transposed) or an inner product (bias, an eltwise post-op), f32,
// forward inference, as the script's "# onednn: ..." line describes it (LayerSpec.h),
// with the te definition's own tensors as the "user" layouts (conv: NCHW, OIHW weights;
// matmul: row-major, B as [batch, n, k] when transposed; inner product: [m, ic] x
// [oc, ic] + [oc]). A Layer is timed on oneDNN's preferred (blocked) layouts, laid out
// once outside the timing, or on the user layouts with the source and destination
// reorders inside each timed call (the weights reordered once, as inference does).
// Check() runs the user-layout path once and compares it with a plain C++ loop.
// Built without oneDNN, Create fails with the reason.
#pragma once

#include <memory>
#include <string>

#include "LayerSpec.h"

namespace tessera::bench::onednn {

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
