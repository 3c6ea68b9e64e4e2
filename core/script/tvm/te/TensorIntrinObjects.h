// Script objects and built-ins for tensor intrinsics (TVM's tensorize tutorial):
//   tvm.tir.decl_buffer(shape, dtype, name, offset_factor=, strides=[te.var("s1"), 1])
//   tvm.tir.ir_builder.create()  -> IRBuilderObject.h (emit, get, with-scopes, let, allocate)
//   tvm.tir.call_extern(dtype, "func", args...), tvm.tir.call_intrin(dtype, "tir.op", args...)
//   buffer.access_ptr("r" | "w" | "rw"), buffer.vload(index), buffer.vstore(index, value),
//   buffer.strides / shape / elem_offset / data / dtype / name
//   te.decl_tensor_intrin(op, intrin_func, name=, binds={t: buffer}, default_buffer_params=)
//   s[C].tensorize(axis, intrin)
// intrin_func(ins, outs) gets one buffer per input and output of `op` and returns the
// body, or (body, reduce_reset, reduce_update) with None for a part it does not give.
#pragma once

#include "script/lang/Interpreter.h"
#include "te/TensorIntrin.h"

namespace tessera::script {

struct BufferObject : Object {
  ir::Buffer buffer;
  explicit BufferObject(ir::Buffer b) : buffer(std::move(b)) {}
  std::string type_name() const override { return "Buffer"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  // buffer[i, j]: a load (TVM's Buffer.__getitem__).
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
};

// A statement built by the ir_builder or Buffer.vstore.
struct StmtObject : Object {
  ir::Stmt stmt;
  explicit StmtObject(ir::Stmt s) : stmt(std::move(s)) {}
  std::string type_name() const override { return "Stmt"; }
  std::optional<std::string> Str() const override;  // the statement's program text
};

struct TensorIntrinObject : Object {
  te::TensorIntrin intrin;
  explicit TensorIntrinObject(te::TensorIntrin i) : intrin(std::move(i)) {}
  std::string type_name() const override { return "TensorIntrin"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// Registers decl_buffer, ir_builder.create, call_extern, call_intrin and decl_tensor_intrin.
// buffer.access_ptr(access_mask, ptr_type="handle", content_lanes=1, offset=0, extent=None):
// TVM's tvm_access_ptr(type_annotation(dtype), data, elem_offset + offset, extent, mask).
Result<Value> BufferAccessPtr(const ir::Buffer& b, const CallArgs& call);
// buffer.vload(begin, dtype=None): the load at `begin`; a dtype of more lanes than the
// buffer's loads a vector along the last index (TVM's Buffer::vload).
Result<Value> BufferVLoad(const ir::Buffer& b, const CallArgs& call);

// The positional arguments of an intrinsic call from `first` on, as expressions (a str is a
// StringImm: a layout, a function name); an error names `what` and the argument.
Result<std::vector<ir::Expr>> IntrinsicArgs(const CallArgs& call, size_t first,
                                            const std::string& what);

void RegisterTensorIntrinBuiltins(Interpreter& interp);

// s[C].tensorize(var, intrin), bound to a stage (ScheduleObjects.cpp).
struct StageObject;
Result<Value> StageTensorize(Interpreter& interp, const StageObject& stage, const CallArgs& call);

}  // namespace tessera::script
