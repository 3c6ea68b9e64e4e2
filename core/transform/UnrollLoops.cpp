#include "transform/UnrollLoops.h"

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "transform/AnalyzerMutator.h"

namespace tessera::transform {

using namespace ir;

namespace {

// Walks with the enclosing loops' ranges known (AnalyzerMutator), so that an unrolled
// loop whose extent is constant only there is still unrolled: a ragged register tile's
// loop, `for (x, o*3, max(min(55 - o*3, 2) + 1, 0))`, has extent 3 in the main loop that
// LoopPartition split off (o < 18) — left serial, its accumulators went through memory.
class Unroller : public AnalyzerMutator {
 public:
  Unroller(arith::Analyzer& analyzer, const PassContext& ctx)
      : AnalyzerMutator(analyzer), ctx_(ctx) {}

 protected:
  Expr Rewrite(const Expr& e) override { return e; }  // expressions stay as they are

  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (n->for_kind != ForKind::Unrolled) return AnalyzerMutator::VisitFor(n, s);
    Expr known = n->extent;
    if (!as_const_int(known) && known.dtype().is_int() && known.dtype().is_scalar()) {
      Expr simplified = analyzer_.Simplify(known);
      if (as_const_int(simplified)) known = simplified;
    }
    Stmt r = AnalyzerMutator::VisitFor(n, s);
    auto* f = r.as<ForNode>();
    const int64_t* extent = as_const_int(known);
    if (!extent || *extent > ctx_.max_unroll_extent) {
      return std::make_shared<const ForNode>(f->loop_var, f->min, f->extent, ForKind::Serial,
                                             f->body, nullptr, f->annotations);
    }
    std::vector<Stmt> copies;
    for (int64_t k = 0; k < *extent; ++k) {
      Expr value = add(f->min, make_const(f->loop_var.dtype(), k));
      copies.push_back(Substitute(f->body, VarMap{{f->loop_var, value}}));
    }
    Stmt seq = MakeSeq(copies);
    return seq.defined() ? seq : MakeEvaluate(0);
  }

 private:
  const PassContext& ctx_;
};

}  // namespace

Stmt UnrollLoops(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  arith::Analyzer analyzer;
  return Unroller(analyzer, ctx).VisitStmt(s);
}

}  // namespace tessera::transform
