#include "views/TirText.h"

#include "tir/ScriptPrinter.h"
#include "tir/Stmt.h"

namespace tessera::views {

QString TirExprText(const ir::Expr& e) { return Q(tir::ExprToTVMScript(e)); }

QString TirLoopKindText(const tir::ForNode& loop) {
  if (loop.for_kind == ir::ForKind::ThreadBinding) return Q(loop.thread_tag);
  return Q(ir::for_kind_name(loop.for_kind));
}

}  // namespace tessera::views
