// Whether an exported program holds the lines a test expects, whole and in order: the
// check the TensorIR export suites share.
#pragma once

#include <QtTest>
#include <string>
#include <vector>

namespace tessera::testing {

// Whether every line of `lines` is in `text`, whole and in that order; else the first one
// missing (or out of order) in `missing`.
inline bool InOrder(const std::string& text, const std::vector<std::string>& lines,
                    std::string* missing) {
  size_t from = 0;
  std::string padded = "\n" + text;
  for (const std::string& line : lines) {
    size_t at = padded.find("\n" + line + "\n", from);
    if (at == std::string::npos) {
      *missing = line;
      return false;
    }
    from = at + 1;
  }
  return true;
}

}  // namespace tessera::testing

// Fails the test function, printing `text`, unless it holds the lines in order.
#define VERIFY_IN_ORDER(text, ...)                                             \
  do {                                                                         \
    std::string missing_;                                                      \
    bool ordered_ = ::tessera::testing::InOrder(text, __VA_ARGS__, &missing_); \
    if (!ordered_) qWarning("%s", (text).c_str());                             \
    QVERIFY2(ordered_, ("missing or out of order: " + missing_).c_str());      \
  } while (false)
