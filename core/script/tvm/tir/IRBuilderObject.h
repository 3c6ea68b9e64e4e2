// TVM's tvm.tir.ir_builder in scripts (python/tvm/tir/ir_builder.py): the builder an
// intrinsic's body is written with.
//   ib = tvm.tir.ir_builder.create()
//   ib.emit(stmt | expr)                 append a statement (an expression is evaluated)
//   with ib.for_range(begin, end, name="i", dtype="int32", kind="serial") as i:
//                                        a loop (kind: serial, parallel, vectorize, unroll)
//   with ib.if_scope(cond): / with ib.else_scope():   a condition; else_scope must come
//                                        right after an if_scope's block
//   with ib.new_scope():                 a block of its own
//   x = ib.let(name, value)              a variable bound around what follows
//   p = ib.buffer_ptr(buffer)            a declared buffer (te.extern's ins / outs): p[i, j]
//                                        reads, p[i, j] = v stores; one index into an N-d
//                                        buffer is a flat row-major index
//   buf = ib.allocate(dtype, shape, name="buf", scope="local")
//                                        a buffer allocated around what follows (TVM's
//                                        BufferVar): buf[i] reads, buf[i] = v stores
//   ib.likely(cond)                      cond, marked as usually true
//   ib.get()                             the statements (outside every scope)
// Like TVM, let and allocate wrap the statements emitted after them in their scope.
// Not supported, with a located error: ib.pointer, buffer_ptr's own shape, BufferVar's vload /
// vstore (TVM's BufferVar has neither).
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

// A new ir_builder (tvm.tir.ir_builder.create()).
Value MakeIRBuilder();

}  // namespace tessera::script
