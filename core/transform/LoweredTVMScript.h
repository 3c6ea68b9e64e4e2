// A lowered function (the pipeline's PrimFunc after any pass) as TVMScript, the way TVM
// prints a module after its lowering passes (`mod.script()` on what tvm.tir.transform's
// LowerOpaqueBlock, FlattenBuffer, ... return): `@I.ir_module class Module` holding one
// `@T.prim_func`, buffer parameters as `A: T.Buffer((64, 48), "float32")` (a symbolic
// shape as a `T.handle` and `T.match_buffer`), no blocks, loops as `T.grid` / `range` /
// `T.parallel` / `T.vectorized` / `T.unroll` / `T.thread_binding`, and:
//   - before flattening, an allocation is `X = T.decl_buffer((8, 8))` and accesses are
//     N-D;
//   - after it, an allocation is `X = T.allocate([64], "float32", "global")`, and each
//     flat view of a buffer is declared where TVM declares it (in the innermost body that
//     holds all its uses, before the first statement that uses it) as
//     `X_1 = T.Buffer((64,), data=X)` or `A_1 = T.Buffer((3072,), data=A.data)`;
//   - a contiguous vector access is a slice `C[i * 8:i * 8 + 8]`, a broadcast
//     `T.Broadcast(v, 8)`; a thread_extent attribute `T.launch_thread`.
// Names that would clash in a scope get TVM's `_1`, `_2` suffixes. No trailing newline.
#pragma once

#include <string>

#include "tir/ScriptPrinter.h"
#include "transform/PrimFunc.h"

namespace tessera::transform {

struct LoweredScriptOptions {
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  // The accesses are flat (the program after StorageFlatten): allocations print as
  // T.allocate with their flat views declared; before, as T.decl_buffer.
  bool flattened = true;
  // T.func_attr({"tir.noalias": ...}), as te.create_prim_func's functions carry it.
  bool noalias = true;
};

std::string LoweredAsTVMScript(const PrimFunc& func, const LoweredScriptOptions& options = {});

}  // namespace tessera::transform
