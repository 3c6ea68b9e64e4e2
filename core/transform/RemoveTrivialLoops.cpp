#include "transform/RemoveTrivialLoops.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::transform {

using namespace ir;

namespace {

class TrivialLoopRemover : public IRMutator {
 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitFor(n, s);
    auto* f = r.as<ForNode>();
    if (f->for_kind == ForKind::ThreadBinding || !is_one(f->extent)) return r;
    return Substitute(f->body, VarMap{{f->loop_var, f->min}});
  }
};

}  // namespace

Stmt RemoveTrivialLoops(Stmt s, const PassContext& ctx) {
  if (!s.defined() || ctx.debug_keep_trivial_loop) return s;
  return TrivialLoopRemover().VisitStmt(s);
}

}  // namespace tessera::transform
