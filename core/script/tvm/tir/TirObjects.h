// Read-only script views of a lowered loop program, named and shaped like TVM's tvm.tir
// Python classes so that TVM's tests can walk what tvm.lower / schedule_to_module return:
//   stmt.body, for_.loop_var / min / extent / kind, if_.condition / then_case / else_case,
//   attr.attr_key / node / value, seq.seq, store.buffer / value / indices, ...
//   isinstance(stmt, tvm.tir.For), isinstance(e, tvm.tir.Add), str(stmt), a == b
// A statement view is a StmtObject (TensorIntrinObjects.h), so it can be given back to
// the ir_builder; expressions stay plain PrimExpr values (TirExprAttribute adds TVM's
// node attributes .a / .b / .args / ... to them). Nothing here changes a program: the
// views wrap the shared immutable core/ir nodes.
#pragma once

#include <optional>
#include <string>

#include "ir/Stmt.h"
#include "script/tvm/te/TensorIntrinObjects.h"

namespace tessera::script {

// A statement with TVM's class name (For, IfThenElse, AttrStmt, ...) and attributes.
struct TirStmtObject : StmtObject {
  explicit TirStmtObject(ir::Stmt s) : StmtObject(std::move(s)) {}
  std::string type_name() const override;
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  // seq[i] of a SeqStmt (TVM's SeqStmt.__getitem__).
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
};

// The view of a statement (None for an undefined one).
Value MakeTirStmtValue(const ir::Stmt& s);

// TVM's attribute `name` of a PrimExpr node (.a/.b of a binary node, .args of a Call,
// .condition/.true_value/.false_value of a Select, ...); nullopt when the node has none,
// so that the caller reports the usual "has no attribute" error.
std::optional<Value> TirExprAttribute(const ir::Expr& e, const std::string& name);

// Whether `v` is an instance of the tvm.tir class `type` (a statement kind, an expression
// kind, "Stmt", "PrimFunc", "IRModule"); nullopt when `type` is none of those.
std::optional<bool> TirInstanceOf(const Value& v, const std::string& type);

// The class name of a type registered by RegisterTirTypes; nullopt for other values.
std::optional<std::string> TirTypeName(const Value& v);

// The node a statement view stands for (two views of one statement are the same object
// for `==` and `is`); nullptr for other values (a PrimFunc is itself: mod["main"] returns
// the same object each time).
const void* TirIdentity(const Value& v);

// Registers the tvm.tir class names for isinstance (tvm.tir.For, tvm.tir.stmt.For,
// tvm.tir.expr.Add, ...) that are not already constructors, and tvm.tir.ForKind.
void RegisterTirTypes(Interpreter& interp);

}  // namespace tessera::script
