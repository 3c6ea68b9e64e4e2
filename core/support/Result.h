// Result<T>: a value or an Error. Core APIs return these instead of throwing, so
// that errors never cross a layer boundary as exceptions (see STYLE.md, "LLVM").
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace tessera {

// A source location in a script or an expression string (1-based; 0 = unknown).
struct SourceLoc {
  std::string file;
  int line = 0;
  int column = 0;
};

// An error with a human-readable message and, when it comes from text, a location.
struct Error {
  std::string message;
  SourceLoc loc;

  Error() = default;
  explicit Error(std::string msg) : message(std::move(msg)) {}
  Error(std::string msg, SourceLoc where) : message(std::move(msg)), loc(std::move(where)) {}

  // "FILE:LINE:COL: error: MESSAGE" when located, "error: MESSAGE" otherwise.
  std::string format() const {
    if (loc.line <= 0) return "error: " + message;
    std::string file = loc.file.empty() ? "<input>" : loc.file;
    return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column) +
           ": error: " + message;
  }
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : state_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<T>(state_); }
  T& value() & { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  const Error& error() const { return std::get<Error>(state_); }

 private:
  std::variant<T, Error> state_;
};

// Result<void>: success or an Error.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design
  static Status Ok() { return Status(); }

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return *error_; }

 private:
  std::optional<Error> error_;
};

}  // namespace tessera
