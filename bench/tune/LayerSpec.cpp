#include "LayerSpec.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace tessera::bench::onednn {

double LayerSpec::Flops() const {
  if (kind == "conv") return 2.0 * mb * oc * OutH() * OutW() * (ic / groups) * kh * kw;
  if (kind == "matmul") return 2.0 * batch * m * n * k;
  return 2.0 * m * ic * oc;
}

double LayerSpec::Bytes() const {
  double elements = 0;
  if (kind == "conv") {
    // The source rows some output row reads (with the padding, rows outside [0, ih) are
    // none); a row's bytes are read whole.
    int64_t rows = 0;
    for (int64_t y = 0; y < ih; ++y) {
      bool read = false;
      for (int64_t ky = 0; ky < kh && !read; ++ky) {
        const int64_t from = y + pad - ky;  // oy * stride
        read = from >= 0 && from % stride == 0 && from / stride < OutH();
      }
      rows += read;
    }
    elements = static_cast<double>(mb) * ic * rows * iw +
               static_cast<double>(oc) * (ic / groups) * kh * kw +
               static_cast<double>(mb) * oc * OutH() * OutW();
  } else if (kind == "matmul") {
    elements = static_cast<double>(batch) * (m * k + k * n + m * n);
  } else {
    elements = static_cast<double>(m) * ic + static_cast<double>(oc) * ic + (bias ? oc : 0) +
               static_cast<double>(m) * oc;
  }
  return 4.0 * elements;
}

std::string LayerSpec::Describe() const {
  char text[160];
  if (kind == "conv")
    std::snprintf(text, sizeof text, "conv %lld->%lld %lldx%lld s%lld %lldx%lld g%lld",
                  static_cast<long long>(ic), static_cast<long long>(oc),
                  static_cast<long long>(kh), static_cast<long long>(kw),
                  static_cast<long long>(stride), static_cast<long long>(ih),
                  static_cast<long long>(iw), static_cast<long long>(groups));
  else if (kind == "matmul")
    std::snprintf(text, sizeof text, "matmul %lldx%lldx%lld x%lld%s", static_cast<long long>(m),
                  static_cast<long long>(n), static_cast<long long>(k),
                  static_cast<long long>(batch), transb ? " B^T" : "");
  else
    std::snprintf(text, sizeof text, "inner product %lld: %lld->%lld%s%s%s",
                  static_cast<long long>(m), static_cast<long long>(ic), static_cast<long long>(oc),
                  bias ? " +bias" : "", post.empty() || post == "none" ? "" : " +",
                  post == "none" ? "" : post.c_str());
  return text;
}

std::optional<LayerSpec> ParseLayerSpec(const std::string& text, std::string* error) {
  std::istringstream in(text);
  LayerSpec s;
  in >> s.kind;
  if (s.kind != "conv" && s.kind != "matmul" && s.kind != "ip") {
    if (error) *error = "unknown oneDNN layer kind '" + s.kind + "' (conv, matmul, ip)";
    return std::nullopt;
  }
  for (std::string field; in >> field;) {
    const size_t eq = field.find('=');
    const std::string key = field.substr(0, eq == std::string::npos ? field.size() : eq);
    const std::string value = eq == std::string::npos ? "" : field.substr(eq + 1);
    if (value.empty()) {
      if (error) *error = "'" + field + "' has no value (key=value)";
      return std::nullopt;
    }
    if (key == "post") {
      if (value != "none" && value != "relu" && value != "gelu_tanh") {
        if (error) *error = "post=" + value + " is not none, relu or gelu_tanh";
        return std::nullopt;
      }
      s.post = value;
      continue;
    }
    char* end = nullptr;
    const long long number = std::strtoll(value.c_str(), &end, 10);
    if (!end || *end != '\0' || number < 0) {
      if (error) *error = key + "=" + value + " is not a non-negative integer";
      return std::nullopt;
    }
    int64_t* slot = key == "mb"       ? &s.mb
                    : key == "ic"     ? &s.ic
                    : key == "ih"     ? &s.ih
                    : key == "iw"     ? &s.iw
                    : key == "oc"     ? &s.oc
                    : key == "kh"     ? &s.kh
                    : key == "kw"     ? &s.kw
                    : key == "stride" ? &s.stride
                    : key == "pad"    ? &s.pad
                    : key == "groups" ? &s.groups
                    : key == "batch"  ? &s.batch
                    : key == "m"      ? &s.m
                    : key == "n"      ? &s.n
                    : key == "k"      ? &s.k
                                      : nullptr;
    if (key == "transb")
      s.transb = number != 0;
    else if (key == "bias")
      s.bias = number != 0;
    else if (slot)
      *slot = number;
    else {
      if (error) *error = "unknown key '" + key + "'";
      return std::nullopt;
    }
  }
  const bool ok = s.kind == "conv"
                      ? s.mb > 0 && s.ic > 0 && s.ih > 0 && s.iw > 0 && s.oc > 0 && s.kh > 0 &&
                            s.kw > 0 && s.stride > 0 && s.groups > 0 && s.ic % s.groups == 0 &&
                            s.oc % s.groups == 0 && s.OutH() > 0 && s.OutW() > 0
                  : s.kind == "matmul" ? s.batch > 0 && s.m > 0 && s.n > 0 && s.k > 0
                                       : s.m > 0 && s.ic > 0 && s.oc > 0;
  if (!ok) {
    if (error) *error = "incomplete or inconsistent " + s.kind + " shape: " + text;
    return std::nullopt;
  }
  return s;
}

}  // namespace tessera::bench::onednn
