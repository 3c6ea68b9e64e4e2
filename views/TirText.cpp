#include "views/TirText.h"

#include "ir/ExprOp.h"
#include "tir/ScriptPrinter.h"
#include "tir/Stmt.h"

namespace tessera::views {

QString TirExprText(const ir::Expr& e) { return Q(tir::ExprToTVMScript(e)); }

QString TirLoopRangeText(const tir::ForNode& loop) {
  if (ir::is_zero(loop.min)) return "range(" + TirExprText(loop.extent) + ")";
  return "range(" + TirExprText(loop.min) + ", " + TirExprText(loop.min + loop.extent) + ")";
}

QString TirLoopKindText(const tir::ForNode& loop) {
  if (loop.for_kind == ir::ForKind::ThreadBinding) return Q(loop.thread_tag);
  return Q(ir::for_kind_name(loop.for_kind));
}

}  // namespace tessera::views
