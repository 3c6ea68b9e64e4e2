// The operation kinds of a tensor-expression program: PlaceholderOp (an input) and
// ComputeOp (a[i, j] = body over its axes, optionally a reduction over reduce_axis).
// Cache stages created by cache_read / cache_write are ComputeOps too.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "support/Result.h"
#include "te/Tensor.h"

namespace tessera::te {

struct PlaceholderOpNode : OperationNode {
  std::vector<Expr> shape;
  DataType dtype;

  PlaceholderOpNode(std::string n, std::vector<Expr> s, DataType t)
      : OperationNode(std::move(n), "placeholder"), shape(std::move(s)), dtype(t) {}
  OpKind kind() const override { return OpKind::Placeholder; }
  int num_outputs() const override { return 1; }
  DataType output_dtype(int) const override { return dtype; }
  std::vector<Expr> output_shape(int) const override { return shape; }
  std::vector<IterVar> root_iter_vars() const override { return {}; }
  std::vector<Tensor> InputTensors() const override { return {}; }
};

// One output per body expression. When the body is a reduction every body element is
// a ReduceNode over the same reduce_axis (multi-value reductions); otherwise
// reduce_axis is empty.
struct ComputeOpNode : OperationNode {
  std::vector<IterVar> axis;
  std::vector<IterVar> reduce_axis;
  std::vector<Expr> body;

  ComputeOpNode(std::string n, std::string t, std::vector<IterVar> ax, std::vector<IterVar> rax,
                std::vector<Expr> b)
      : OperationNode(std::move(n), std::move(t)),
        axis(std::move(ax)),
        reduce_axis(std::move(rax)),
        body(std::move(b)) {}
  OpKind kind() const override { return OpKind::Compute; }
  int num_outputs() const override { return static_cast<int>(body.size()); }
  DataType output_dtype(int i) const override;
  std::vector<Expr> output_shape(int) const override;
  std::vector<IterVar> root_iter_vars() const override;
  std::vector<Tensor> InputTensors() const override;
  bool is_reduction() const { return !reduce_axis.empty(); }
};

// Checks and builds a ComputeOp: a Reduce may only be the whole body (not nested in
// another expression), all bodies must agree on being reductions, and the reduce
// axes are taken from the Reduce node.
Result<Operation> MakeComputeOp(std::string name, std::string tag, std::vector<IterVar> axis,
                                std::vector<Expr> body);

// The same operation with a new body (same axes, so the schedule's relations stay
// valid): how data-flow rewrites (cache_read, inlining) replace an op.
Operation WithBody(const Operation& op, std::vector<Expr> body);

// Tensors read by `e` (ProducerLoads), first-appearance order, no duplicates.
std::vector<Tensor> TensorsReadBy(const std::vector<Expr>& exprs);

// Calls `f(tensor, indices)` for every tensor read (ProducerLoad) in `exprs`, in post order,
// duplicates included — what the tuner's rules and the scan analyses inspect.
void ForEachTensorLoad(const std::vector<Expr>& exprs,
                       const std::function<void(const Tensor&, const std::vector<Expr>&)>& f);

}  // namespace tessera::te
