// A PrimFunc as TVMScript, exactly as TVM prints `func.script()`:
//  - TvmDialect::Tir: TVM 0.20-0.23 (`# from tvm.script import tir as T`, `T.block`,
//    `T.alloc_buffer`, `T.func_attr({"tir.noalias": T.bool(True)})`);
//  - TvmDialect::STir: TVM 0.24+ (`# from tvm.script import tirx as T`, `T.sblock`,
//    `T.sblock_alloc_buffer`, `T.sblock_attr`, `T.func_attr({"tirx.noalias": True})`).
// The printer follows TVM's sugar: `T.grid` for nests of plain serial loops from zero,
// `T.axis.remap("SSR", [i, j, k])` for iterators bound directly to enclosing loops of the
// same domain, an implicit root block (`# with T.block("root"):`), parameters inlined as
// `A: T.Buffer((128, 128), "float32")` when their shape is constant, Python operators for
// + - * // % and comparisons, `T.float32(0.0)` for float constants. Names that would
// clash within a scope get TVM's `_1`, `_2` suffixes. No trailing newline, as script().
#pragma once

#include <string>

#include "tir/Stmt.h"

namespace tessera::tir {

enum class TvmDialect {
  Tir,   // TVM 0.20 - 0.23: tvm.tir, T.block, tir.Schedule
  STir,  // TVM 0.24+: tvm.tirx / s_tir, T.sblock, s_tir.Schedule
};

std::string AsTVMScript(const PrimFunc& func, TvmDialect dialect = TvmDialect::Tir);

// One expression in TVMScript syntax, with variables printed by their own names.
std::string ExprToTVMScript(const Expr& e);

}  // namespace tessera::tir
