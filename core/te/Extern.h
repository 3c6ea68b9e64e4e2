// ExternOp (TVM's te.extern, src/te/operation/extern_op.cc): an operation whose outputs
// are written by a statement the user gives (built with tvm.tir.ir_builder, or a
// call_packed / call_extern of code outside the program) instead of by an expression
// per element. The statement sees each input and each output through a compact
// buffer (input_placeholders[i] stands for inputs[i], output_placeholders[k] for the
// op's k-th output). It has no IterVars of its own, so:
//   - it reads every input whole and writes every output whole (InferBound: whole
//     tensors; its realize covers each output's shape);
//   - it cannot be inlined (no element expression to substitute) and has no loops to
//     split, reorder or attach other stages to.
#pragma once

#include <string>
#include <vector>

#include "ir/Buffer.h"
#include "ir/Stmt.h"
#include "support/Result.h"
#include "te/Operation.h"

namespace tessera::te {

struct ExternOpNode : OperationNode {
  std::vector<Tensor> inputs;
  std::vector<ir::Buffer> input_placeholders;
  std::vector<ir::Buffer> output_placeholders;
  ir::Stmt body;

  ExternOpNode(std::string n, std::string t) : OperationNode(std::move(n), std::move(t)) {}
  OpKind kind() const override { return OpKind::Extern; }
  int num_outputs() const override { return static_cast<int>(output_placeholders.size()); }
  DataType output_dtype(int i) const override;
  std::vector<Expr> output_shape(int i) const override;
  std::vector<IterVar> root_iter_vars() const override { return {}; }
  std::vector<Tensor> InputTensors() const override;
};

// Checks and builds an ExternOp as TVM's constructor does: one input placeholder per
// input with the input's dtype and rank, at least one output, a defined body; and, a
// Tessera limit, compact buffers (no strides, no element offset). Errors start
// "te.extern: ".
Result<Operation> MakeExternOp(std::string name, std::string tag, std::vector<Tensor> inputs,
                               std::vector<ir::Buffer> input_placeholders,
                               std::vector<ir::Buffer> output_placeholders, ir::Stmt body);

// The same extern (same buffers and body) reading `inputs` instead: how data-flow
// rewrites (cache_read) replace an extern's inputs (TVM's ExternOpNode::ReplaceInputs).
Operation ExternWithInputs(const ExternOpNode& op, std::vector<Tensor> inputs);

// The body with every access through an input placeholder made a ProducerLoad of that
// input and every store through an output placeholder a ProducerStore of `self`'s
// output: what TVM's buffer_bind_scope + StorageFlatten do, so that the lowered extern
// reads and writes the realized tensors like a compute stage (accesses carry one index
// per dimension: ib.buffer_ptr unravels a flat one); a placeholder's data handle (a
// call_packed argument) becomes tir.address_of(tensor[0, ...]).
ir::Stmt ExternBodyOnTensors(const Operation& self);

}  // namespace tessera::te
