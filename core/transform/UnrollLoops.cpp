#include "transform/UnrollLoops.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::transform {

using namespace ir;

namespace {

class Unroller : public IRMutator {
 public:
  explicit Unroller(const PassContext& ctx) : ctx_(ctx) {}

 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitFor(n, s);
    if (n->for_kind != ForKind::Unrolled) return r;
    auto* f = r.as<ForNode>();
    const int64_t* extent = as_const_int(f->extent);
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
  return Unroller(ctx).VisitStmt(s);
}

}  // namespace tessera::transform
