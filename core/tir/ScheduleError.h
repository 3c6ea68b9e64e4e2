// Errors of the TensorIR schedule. Each failure is an Error whose message starts with
// the name of TVM's error class for the broken rule ("WrongFactorProductError: ..."),
// then says what is wrong and where; ErrorKind() reads that name back, so scripts and
// tests can tell the kinds apart without parsing the sentence.
#pragma once

#include <string>

#include "support/Result.h"

namespace tessera::tir {

inline Error ScheduleError(const std::string& kind, const std::string& detail) {
  return Error(kind + ": " + detail);
}

// "WrongFactorProductError" for such an error; empty when the message has no kind.
inline std::string ErrorKind(const Error& e) {
  size_t colon = e.message.find(':');
  if (colon == std::string::npos) return "";
  std::string kind = e.message.substr(0, colon);
  return kind.find(' ') == std::string::npos ? kind : "";
}

// TVM's one-line FastErrorString for the error's class ("ScheduleError: Cannot find a
// block with the specified name"), what a schedule made with error_render_level="fast"
// raises (ScheduleErrorText.cpp).
std::string FastErrorString(const Error& e);

}  // namespace tessera::tir
