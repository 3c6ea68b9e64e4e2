// Binding a call's arguments to a built-in's parameters, Python style (positional
// first, then keywords), with Python's messages: "split() missing required argument
// 'parent'", "split() got an unexpected keyword argument 'facter'", and typed getters
// whose errors point at the offending argument.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "script/lang/Value.h"

namespace tessera::script {

class Args {
 public:
  // `params` in positional order; the first `required` of them must be given.
  Args(const CallArgs& call, std::string function, std::vector<std::string> params,
       size_t required);

  // The binding's error (too many arguments, unknown or repeated keyword, missing one).
  const Status& status() const { return status_; }

  bool has(const std::string& param) const;
  const Value& get(const std::string& param) const;  // None when not given
  SourceLoc loc(const std::string& param) const;     // the argument, or the call

  // Typed access; an absent optional argument gives `fallback` (or nullopt).
  Result<int64_t> Int(const std::string& param) const;
  Result<std::string> String(const std::string& param) const;
  Result<ir::Expr> Expr(const std::string& param) const;
  Result<bool> Bool(const std::string& param) const;

  // "split(): argument 'factor' must be an integer, not str", at the argument.
  Error TypeError(const std::string& param, const std::string& expected) const;
  Error ErrorAt(const std::string& param, const std::string& message) const;
  const std::string& function() const { return function_; }
  const CallArgs& call() const { return call_; }

 private:
  const CallArgs& call_;
  std::string function_;
  std::vector<std::string> params_;
  std::vector<std::optional<size_t>> positional_;  // per param: index into call positional
  std::vector<std::optional<size_t>> keyword_;     // per param: index into call keywords
  Status status_;
  int index_of(const std::string& param) const;
};

// For variadic built-ins: rejects keyword arguments, reporting the first one.
Status NoKeywords(const CallArgs& call, const std::string& function);

}  // namespace tessera::script
