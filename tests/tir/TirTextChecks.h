// Checks of printed TensorIR text (functions, traces, CUDA source, error messages) that
// the TensorIR suites share.
#pragma once

#include <string>

namespace tessera::tir::testing {

// Whether `text` contains `part`.
inline bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace tessera::tir::testing
