// The runtime half of a TVM program. TVM's tutorials build the kernel and then run and
// time it from Python: tvm.build's module, tvm.nd arrays on a tvm.device, numpy inputs,
// func.time_evaluator, tvm.testing.assert_allclose, timeit. Tessera runs and checks the
// kernel itself (`tessera-cli run --check`, `profile`, the GUI's Run), never runs Python
// and does no I/O, so a script keeps those lines but they are not executed: each such
// value is a RuntimeValueObject that absorbs attribute reads, calls, subscripts and
// arithmetic. Where one reaches the tensor program (a shape, an index, a factor) the
// message says which runtime expression it was. Targets are real values, so that
// `tvm.device(tgt.kind.name, 0)` and `if tgt.kind.name == "cuda":` work as in TVM.
#pragma once

#include <string>

#include "script/lang/Value.h"

namespace tessera::script {

struct RuntimeValueObject : Object {
  std::string what;  // the expression it stands for, e.g. "numpy.random.uniform(...)"
  explicit RuntimeValueObject(std::string w) : what(std::move(w)) {}
  std::string type_name() const override {
    return "'" + what + "' (runtime code Tessera does not run)";
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override;
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
  // a[i] = v, del a[i]: runtime code, nothing to do.
  Status SetItem(Interpreter& interp, const Value& index, const Value& value,
                 const SourceLoc& loc) const override;
  // Arithmetic and comparisons with it (a.numpy() + b.numpy()) are runtime code too.
  std::optional<Result<Value>> BinaryOperator(Interpreter& interp, BinaryOp op, const Value& self,
                                              const Value& other, bool self_on_left,
                                              const SourceLoc& loc) const override;
  std::optional<Result<Value>> UnaryOperator(Interpreter& interp, UnaryOp op, const Value& self,
                                             const SourceLoc& loc) const override;
  std::optional<Result<Value>> CompareOperator(Interpreter& interp, CompareOp op, const Value& self,
                                               const Value& other, bool self_on_left,
                                               const SourceLoc& loc) const override;
  bool deferred() const override { return true; }
};

Value MakeRuntimeValue(std::string what);
bool IsRuntimeValue(const Value& v);

// tvm.target.Target("llvm -mcpu=...", host="llvm"): kind.name, host, keys, attrs, str().
struct TargetObject : Object {
  std::string text;  // as given: "cuda -arch=sm_80"
  std::string host;  // empty when none
  std::string type_name() const override { return "Target"; }
  std::string kind() const { return text.substr(0, text.find(' ')); }
  // `with target:` makes it the current target (TVM's Target.__enter__) for topi's
  // target-specific schedules (Topi.h).
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// The innermost target a `with` block entered, or None.
Value CurrentTarget(const Interpreter& interp);

// Registers tvm.target.*, tvm.device / tvm.cpu / tvm.cuda ..., tvm.build (a runtime
// module value) and the runtime modules (tvm.nd, tvm.runtime, tvm.testing, tvm.contrib,
// tvm.rpc) whose every attribute is a runtime value; every module outside tvm (numpy,
// timeit, os, ...) and its names are runtime values too (Interpreter::SetForeignNames).
void RegisterRuntimeBuiltins(Interpreter& interp);

// The modules whose unknown attributes are runtime values: those above and every module
// outside tvm (numpy, timeit, os, ...).
bool IsRuntimeModule(const std::string& path);

}  // namespace tessera::script
