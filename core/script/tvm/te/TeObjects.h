// Script objects for tensor-expression values: tensors (and partial subscripts of
// them), operations and iter vars, with the attributes TVM's Python objects have
// (A.shape, A.dtype, A.op, B.op.axis[0], B.op.reduce_axis, iv.var, ...).
#pragma once

#include "script/lang/Interpreter.h"
#include "te/Operation.h"

namespace tessera::script {

struct TensorObject : Object {
  te::Tensor tensor;
  explicit TensorObject(te::Tensor t) : tensor(std::move(t)) {}
  std::string type_name() const override { return "Tensor"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  // A[i, j] loads an element; A[i] of a 2-D tensor is a slice to index further (A[i][j]).
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
  // A(i, j), A(*indices), A() of a rank-0 tensor: TVM's Tensor.__call__, one index per
  // dimension.
  Result<Value> Call(Interpreter& interp, const CallArgs& call) const override;
  // `+ - * /` with a tensor on either side is topi's broadcast operator (tvm.topi.add,
  // ...), as importing topi makes it in TVM (topi/generic_op_impl.py).
  std::optional<Result<Value>> BinaryOperator(Interpreter& interp, BinaryOp op, const Value& self,
                                              const Value& other, bool self_on_left,
                                              const SourceLoc& loc) const override;
};

// A[i] of a tensor with more dimensions than indices (TVM's TensorSlice).
struct TensorSliceObject : Object {
  te::Tensor tensor;
  std::vector<ir::Expr> indices;
  std::string type_name() const override { return "TensorSlice"; }
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
};

struct OperationObject : Object {
  te::Operation op;
  explicit OperationObject(te::Operation o) : op(std::move(o)) {}
  std::string type_name() const override { return "Operation"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

struct IterVarObject : Object {
  ir::IterVar iter_var;
  explicit IterVarObject(ir::IterVar iv) : iter_var(std::move(iv)) {}
  std::string type_name() const override { return "IterVar"; }
  std::optional<ir::Expr> to_expr() const override { return ir::Expr(iter_var->var); }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

Value MakeTensorValue(const te::Tensor& t);
Value MakeIterVarValue(const ir::IterVar& iv);
Value MakeOperationValue(const te::Operation& op);

// The operation a value stands for: an Operation, or a Tensor (its op). nullptr else.
te::Operation AsOperation(const Value& v);
// The tensor a value stands for; undefined when it is not a Tensor.
te::Tensor AsTensor(const Value& v);
// The IterVar a value stands for; null when it is not one.
ir::IterVar AsIterVar(const Value& v);

}  // namespace tessera::script
