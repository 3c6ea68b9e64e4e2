// Tensor and Operation: the nodes of a tensor-expression program (TVM's te).
// A Tensor is one output of an Operation; it is the DataProducer that ProducerLoad /
// ProducerStore / ProducerRealize refer to. Operations are immutable; schedule
// primitives that change the data flow (cache_read, cache_write, rfactor, inlining)
// build new operations and keep the old IterVars, so relations stay valid.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "ir/IterVar.h"

namespace tessera::te {

using ir::DataType;
using ir::Expr;
using ir::IterVar;
using ir::Var;

class Tensor;
struct OperationNode;
using Operation = std::shared_ptr<const OperationNode>;

enum class OpKind : uint8_t { Placeholder, Compute, Scan, Extern };
const char* op_kind_name(OpKind kind);  // "placeholder", "compute", "scan", "extern"

struct OperationNode {
  std::string name;
  std::string tag;

  virtual ~OperationNode() = default;
  virtual OpKind kind() const = 0;
  virtual int num_outputs() const = 0;
  virtual DataType output_dtype(int i) const = 0;
  virtual std::vector<Expr> output_shape(int i) const = 0;
  // The IterVars the stage's loops start from (axes, then reduce axes).
  virtual std::vector<IterVar> root_iter_vars() const = 0;
  // Tensors this operation reads, in order of first appearance, without duplicates.
  virtual std::vector<Tensor> InputTensors() const = 0;

 protected:
  OperationNode(std::string n, std::string t) : name(std::move(n)), tag(std::move(t)) {}

 private:
  // output_of() hands out one TensorNode per output while any handle is alive, so that
  // loads, stores and realizes of a tensor share one DataProducer pointer.
  friend Tensor output_of(const Operation& op, int value_index);
  mutable std::mutex outputs_mutex_;
  mutable std::vector<std::weak_ptr<const struct TensorNode>> outputs_;
};

// The i-th output of `op`: the same TensorNode as every live handle of that output.
Tensor output_of(const Operation& op, int value_index = 0);

struct TensorNode : ir::DataProducerNode {
  Operation op;
  int value_index = 0;
  std::string name;
  std::vector<Expr> shape;
  DataType dtype;

  TensorNode(Operation o, int vi, std::string n, std::vector<Expr> s, DataType t)
      : op(std::move(o)), value_index(vi), name(std::move(n)), shape(std::move(s)), dtype(t) {}
  std::string producer_name() const override { return name; }
  std::vector<Expr> producer_shape() const override { return shape; }
  DataType producer_dtype() const override { return dtype; }
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<const TensorNode> node) : node_(std::move(node)) {}
  // Recovers a Tensor from a ProducerLoad's producer; undefined when it is not one.
  static Tensor from(const ir::DataProducer& producer);

  bool defined() const { return node_ != nullptr; }
  const TensorNode* operator->() const { return node_.get(); }
  const TensorNode* get() const { return node_.get(); }
  const std::shared_ptr<const TensorNode>& ptr() const { return node_; }
  ir::DataProducer producer() const { return node_; }
  size_t ndim() const { return node_->shape.size(); }
  const Operation& op() const { return node_->op; }
  const std::string& name() const { return node_->name; }

  // Same output of the same operation.
  bool same_as(const Tensor& other) const {
    return node_ && other.node_ && node_->op == other.node_->op &&
           node_->value_index == other.node_->value_index;
  }

  // A[i, j]: a ProducerLoad of this tensor.
  Expr operator()(std::vector<Expr> indices) const;
  template <typename... Args>
  Expr operator()(Args... indices) const {
    return (*this)(std::vector<Expr>{Expr(indices)...});
  }

 private:
  std::shared_ptr<const TensorNode> node_;
};

// Hash / equality of tensors by (op, value_index), for maps keyed by Tensor.
struct TensorHash {
  size_t operator()(const Tensor& t) const {
    return std::hash<const void*>()(t->op.get()) * 31 + static_cast<size_t>(t->value_index);
  }
};
struct TensorEqual {
  bool operator()(const Tensor& a, const Tensor& b) const { return a.same_as(b); }
};

}  // namespace tessera::te
