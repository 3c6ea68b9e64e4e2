// oneDNN's direct convolution (libdnnl-dev, the C API), the conv2d reference of the tune
// benchmark: forward inference, f32, NCHW shapes, the memory formats oneDNN prefers
// (format "any": blocked layouts; the inputs are laid out once, outside the timing, as a
// framework keeps them) or NCHW in and out with the reorders timed (ConvLayouts). Built
// without oneDNN, Available() is false.
#pragma once

#include <cstdint>
#include <string>

namespace tessera::bench::onednn {

struct ConvShape {
  int64_t batch, in_channels, out_channels, height, width, kernel, pad;
};

// Which tensors a timed call takes and gives.
enum class ConvLayouts {
  // oneDNN's preferred (blocked) layouts for source, weights and destination, laid out
  // once outside the timing: its best case, as a framework that keeps every activation
  // blocked sees it.
  kPreferred,
  // The tensors the te definition takes: NCHW source and destination as the user has
  // them, so a timed call is reorder in + convolution + reorder out (a reorder is skipped
  // where the preferred layout is NCHW); the weights reordered once outside the timing,
  // as inference does.
  kUserNchw,
};

bool ConvAvailable();
// Milliseconds (median of `repeat` runs after one warm-up) of one convolution of `shape`;
// negative with *error set when oneDNN refuses it.
double TimeConv(const ConvShape& shape, int repeat, std::string* error,
                ConvLayouts layouts = ConvLayouts::kPreferred);

}  // namespace tessera::bench::onednn
