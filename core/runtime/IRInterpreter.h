// IRInterpreter: executes a lowered, flattened statement (BufferLoad/BufferStore on flat or
// N-D row-major buffers, loops of every kind run serially, vectors lane by lane) on
// NDArrays. It is the unoptimised reference that each pass and each backend is checked
// against: every buffer access is bounds-checked, division by zero and failed asserts
// become errors, and memory from Allocate starts filled with a poison pattern (NaN /
// all-ones) so that reading it before writing shows up in a comparison.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "ir/Stmt.h"
#include "runtime/InterpreterValue.h"
#include "runtime/NDArray.h"
#include "runtime/ScalarValue.h"
#include "support/Result.h"
#include "transform/PrimFunc.h"

namespace tessera::runtime {

struct InterpreterOptions {
  // Statements executed before the run is stopped with an error (guards tests against
  // runaway loops).
  int64_t max_steps = 4'000'000'000;
};

class IRInterpreter {
 public:
  explicit IRInterpreter(InterpreterOptions options = {});
  ~IRInterpreter();
  IRInterpreter(const IRInterpreter&) = delete;
  IRInterpreter& operator=(const IRInterpreter&) = delete;

  // `data` is a buffer's data handle; every buffer with that handle reads `array`.
  void BindBuffer(const ir::Var& data, const NDArray& array);
  void BindScalar(const ir::Var& v, int64_t value);
  void BindScalar(const ir::Var& v, double value);
  // As the variable's type: a float variable takes the number as a float.
  void BindScalar(const ir::Var& v, const ScalarValue& value);

  Status Run(const ir::Stmt& s);
  Result<Value> Eval(const ir::Expr& e);

  int64_t steps() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Binds the arguments as a call would (checking shapes, see ArgBinder.h) and runs f.
Status Interpret(const transform::PrimFunc& f, const std::vector<NDArray>& buffers,
                 const ScalarArgs& scalars = {}, InterpreterOptions options = {});

}  // namespace tessera::runtime
