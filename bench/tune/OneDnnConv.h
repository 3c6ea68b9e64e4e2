// oneDNN's direct convolution (libdnnl-dev, the C API), the conv2d reference of the tune
// benchmark: forward inference, f32, NCHW shapes, the memory formats oneDNN prefers
// (format "any": blocked layouts; the inputs are laid out once, outside the timing, as a
// framework keeps them). Built without oneDNN, Available() is false.
#pragma once

#include <cstdint>
#include <string>

namespace tessera::bench::onednn {

struct ConvShape {
  int64_t batch, in_channels, out_channels, height, width, kernel, pad;
};

bool ConvAvailable();
// Milliseconds (median of `repeat` runs after one warm-up) of one convolution of `shape`;
// negative with *error set when oneDNN refuses it.
double TimeConv(const ConvShape& shape, int repeat, std::string* error);

}  // namespace tessera::bench::onednn
