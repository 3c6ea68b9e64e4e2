#include "transform/RemoveNoOp.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"

namespace tessera::transform {

using namespace ir;

namespace {

Stmt NoOp() { return MakeEvaluate(0); }

// An expression whose evaluation has no effect (everything but non-pure calls).
bool IsPure(const Expr& e) {
  bool pure = true;
  PostOrderVisit(e, [&](const Expr& x) {
    if (auto* c = x.as<CallNode>();
        c && c->call_kind != CallKind::PureIntrinsic && c->call_kind != CallKind::PureExtern)
      pure = false;
  });
  return pure;
}

class NoOpRemover : public IRMutator {
 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (auto* ext = as_const_int(n->extent); ext && *ext <= 0) return NoOp();
    Stmt r = IRMutator::VisitFor(n, s);
    auto* f = r.as<ForNode>();
    return IsNoOp(f->body) ? NoOp() : r;
  }
  Stmt VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitIfThenElse(n, s);
    auto* op = r.as<IfThenElseNode>();
    Expr cond = op->condition;
    if (auto* c = cond.as<CallNode>(); c && c->op == "likely" && c->args.size() == 1)
      cond = c->args[0];
    // A vector condition of one constant for every lane (a guard vectorization decided
    // for the whole vector) is that constant.
    if (auto* b = cond.as<BroadcastNode>()) cond = b->value;
    if (auto* v = as_const_int(cond)) {
      if (*v) return op->then_case;
      return op->else_case.defined() ? op->else_case : NoOp();
    }
    bool else_empty = !op->else_case.defined() || IsNoOp(op->else_case);
    if (IsNoOp(op->then_case) && else_empty)
      return IsPure(op->condition) ? NoOp() : MakeEvaluate(op->condition);
    if (IsNoOp(op->then_case))  // if (c) {} else {S}  ->  if (!c) {S}
      return MakeIf(logical_not(op->condition), op->else_case);
    if (op->else_case.defined() && else_empty) return MakeIf(op->condition, op->then_case);
    return r;
  }
  Stmt VisitEvaluate(const EvaluateNode* n, const Stmt& s) override {
    return IsPure(n->value) ? NoOp() : s;
  }
  Stmt VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitBufferStore(n, s);
    auto* op = r.as<BufferStoreNode>();
    if (auto* load = op->value.as<BufferLoadNode>(); load &&
                                                     load->buffer->data.same_as(op->buffer->data) &&
                                                     load->indices.size() == op->indices.size()) {
      bool same = true;
      for (size_t d = 0; d < op->indices.size(); ++d)
        same = same && StructuralEqual(load->indices[d], op->indices[d]);
      if (same && IsPure(op->value)) return NoOp();
    }
    return r;
  }
  Stmt VisitLetStmt(const LetStmtNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitLetStmt(n, s);
    auto* op = r.as<LetStmtNode>();
    return IsNoOp(op->body) && IsPure(op->value) ? NoOp() : r;
  }
  Stmt VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitAttrStmt(n, s);
    return IsNoOp(r.as<AttrStmtNode>()->body) ? NoOp() : r;
  }
  Stmt VisitAllocate(const AllocateNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitAllocate(n, s);
    return IsNoOp(r.as<AllocateNode>()->body) ? NoOp() : r;
  }
  Stmt VisitSeqStmt(const SeqStmtNode* n, const Stmt& s) override {
    std::vector<Stmt> kept;
    bool changed = false;
    for (auto& child : n->seq) {
      Stmt c = VisitStmt(child);
      changed = changed || !c.same_as(child);
      if (IsNoOp(c)) {
        changed = true;
        continue;
      }
      kept.push_back(c);
    }
    if (!changed) return s;
    Stmt seq = MakeSeq(kept);
    return seq.defined() ? seq : NoOp();
  }
};

}  // namespace

bool IsNoOp(const Stmt& s) {
  if (!s.defined()) return true;
  auto* e = s.as<EvaluateNode>();
  return e && is_const(e->value);
}

Stmt RemoveNoOp(Stmt s, const PassContext&) {
  if (!s.defined()) return s;
  return NoOpRemover().VisitStmt(s);
}

}  // namespace tessera::transform
