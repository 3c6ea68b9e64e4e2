// TVMScript read into TensorIR: a `@T.prim_func` def becomes a tir::PrimFunc and an
// `@I.ir_module` class of them an IRModule, as TVM's parser (python/tvm/script/parser/tir)
// builds them from the decorated function's syntax tree. Both spellings are read:
// `from tvm.script import tir as T` with T.block (TVM 0.20 - 0.23) and
// `from tvm.script import tirx as T` with T.sblock (0.24+, `@T.prim_func(s_tir=True)`).
//
// What is read: buffer parameters (`A: T.Buffer((128, 128), "float32")`,
// `T.Buffer[(..), ".."]`, `a: T.handle` + `T.match_buffer`), T.func_attr, loops (range,
// T.grid, T.serial / parallel / vectorized / unroll, T.thread_binding, annotations=),
// blocks with T.axis.* iterators, T.reads / T.writes (inferred when left out, as TVM's
// ScriptComplete does), T.where, T.init, T.alloc_buffer, T.block_attr, buffer stores,
// `if` around stores, T.evaluate, and the expressions the T module makes. Anything else is
// an Error at the construct's line and column that names it; no input crashes.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "script/lang/Ast.h"
#include "support/Result.h"
#include "tir/ScriptPrinter.h"
#include "tir/Stmt.h"

namespace tessera::script {

class Interpreter;
struct Scope;

// The function `def` defines. Names it does not bind itself (global constants, the T
// module) are looked up in `enclosing` (null: the interpreter's globals). `dialect`, when
// given, receives the spelling the body used (T.block or T.sblock).
Result<tir::PrimFunc> ParsePrimFunc(const AstStmt& def, Interpreter& interp,
                                    const std::shared_ptr<const Scope>& enclosing,
                                    tir::TvmDialect* dialect = nullptr);

// The functions of `@I.ir_module class Module:` in order, by name: each member must be a
// `@T.prim_func` def (a docstring and `pass` are allowed too).
Result<std::vector<std::pair<std::string, tir::PrimFunc>>> ParseIRModule(
    const AstStmt& cls, Interpreter& interp, const std::shared_ptr<const Scope>& enclosing,
    tir::TvmDialect* dialect = nullptr);

// T.prim_func (tvm.script.tir and tvm.script.tirx), I.ir_module (tvm.script.ir) and
// tvm.script.ir_module: the decorators that bind the values of TirPrimFuncValue.h.
void RegisterTVMScriptDecorators(Interpreter& interp);

}  // namespace tessera::script
