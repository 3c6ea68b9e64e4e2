// LayerSpec: the layer a suite script (bench/suite/*.py) is compared with, as its
// "# onednn: ..." comment line names it,
//
//   # onednn: conv mb=1 ic=256 ih=56 iw=56 oc=64 kh=1 kw=1 stride=1 pad=0 groups=1
//   # onednn: matmul batch=12 m=128 n=128 k=64 transb=1
//   # onednn: ip m=128 ic=768 oc=3072 bias=1 post=gelu_tanh
//
// its shape, the work it does and the bytes it cannot avoid moving (the roofline's two
// terms, Roofline.h). oneDNN's primitive for it: OneDnnLayer.h.
#pragma once

#include <cstdint>
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
  // The fp32 bytes any implementation moves at least: each operand read once, the
  // destination written once. Source rows no output reads are left out (a strided 1x1
  // skips every other row; the columns between its reads share their cache lines).
  double Bytes() const;
  // "conv 256->64 1x1 s1 56x56 g1"
  std::string Describe() const;
};

// "conv mb=1 ic=..." (the text after "# onednn:"); nullopt with *error naming the bad
// key or value.
std::optional<LayerSpec> ParseLayerSpec(const std::string& text, std::string* error);

}  // namespace tessera::bench::onednn
