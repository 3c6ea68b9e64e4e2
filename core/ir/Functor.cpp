#include "ir/Functor.h"

#include "ir/ExprOp.h"

namespace tessera::ir {

// ------------------------------ IRVisitor -----------------------------------
void IRVisitor::VisitBinary(const BinaryNode* n, const Expr&) {
  VisitExpr(n->a);
  VisitExpr(n->b);
}
void IRVisitor::VisitNot(const NotNode* n, const Expr&) { VisitExpr(n->a); }
void IRVisitor::VisitSelect(const SelectNode* n, const Expr&) {
  VisitExpr(n->condition);
  VisitExpr(n->true_value);
  VisitExpr(n->false_value);
}
void IRVisitor::VisitCast(const CastNode* n, const Expr&) { VisitExpr(n->value); }
void IRVisitor::VisitCall(const CallNode* n, const Expr&) {
  for (auto& a : n->args) VisitExpr(a);
}
void IRVisitor::VisitBufferLoad(const BufferLoadNode* n, const Expr&) {
  for (auto& i : n->indices) VisitExpr(i);
}
void IRVisitor::VisitProducerLoad(const ProducerLoadNode* n, const Expr&) {
  for (auto& i : n->indices) VisitExpr(i);
}
void IRVisitor::VisitRamp(const RampNode* n, const Expr&) {
  VisitExpr(n->base);
  VisitExpr(n->stride);
}
void IRVisitor::VisitBroadcast(const BroadcastNode* n, const Expr&) { VisitExpr(n->value); }
// Declarations (Let/LetStmt vars, loop vars) are not uses: they are not visited.
void IRVisitor::VisitLet(const LetNode* n, const Expr&) {
  VisitExpr(n->value);
  VisitExpr(n->body);
}
void IRVisitor::VisitReduce(const ReduceNode* n, const Expr&) {
  for (auto& iv : n->axis) {
    VisitExpr(iv->dom.min);
    VisitExpr(iv->dom.extent);
  }
  for (auto& s : n->source) VisitExpr(s);
  if (n->condition.defined()) VisitExpr(n->condition);
}

void IRVisitor::VisitFor(const ForNode* n, const Stmt&) {
  VisitExpr(n->min);
  VisitExpr(n->extent);
  VisitStmt(n->body);
}
void IRVisitor::VisitLetStmt(const LetStmtNode* n, const Stmt&) {
  VisitExpr(n->value);
  VisitStmt(n->body);
}
void IRVisitor::VisitIfThenElse(const IfThenElseNode* n, const Stmt&) {
  VisitExpr(n->condition);
  VisitStmt(n->then_case);
  if (n->else_case.defined()) VisitStmt(n->else_case);
}
void IRVisitor::VisitBufferStore(const BufferStoreNode* n, const Stmt&) {
  VisitExpr(n->value);
  for (auto& i : n->indices) VisitExpr(i);
}
void IRVisitor::VisitProducerStore(const ProducerStoreNode* n, const Stmt&) {
  VisitExpr(n->value);
  for (auto& i : n->indices) VisitExpr(i);
}
void IRVisitor::VisitAllocate(const AllocateNode* n, const Stmt&) {
  for (auto& e : n->extents) VisitExpr(e);
  if (n->condition.defined()) VisitExpr(n->condition);
  VisitStmt(n->body);
}
void IRVisitor::VisitAttrStmt(const AttrStmtNode* n, const Stmt&) {
  if (auto* e = std::get_if<Expr>(&n->node)) VisitExpr(*e);
  if (n->value.defined()) VisitExpr(n->value);
  VisitStmt(n->body);
}
void IRVisitor::VisitAssertStmt(const AssertStmtNode* n, const Stmt&) {
  VisitExpr(n->condition);
  VisitExpr(n->message);
  VisitStmt(n->body);
}
void IRVisitor::VisitSeqStmt(const SeqStmtNode* n, const Stmt&) {
  for (auto& s : n->seq) VisitStmt(s);
}
void IRVisitor::VisitEvaluate(const EvaluateNode* n, const Stmt&) { VisitExpr(n->value); }
void IRVisitor::VisitProducerRealize(const ProducerRealizeNode* n, const Stmt&) {
  for (auto& r : n->bounds) {
    VisitExpr(r.min);
    VisitExpr(r.extent);
  }
  if (n->condition.defined()) VisitExpr(n->condition);
  VisitStmt(n->body);
}

// ------------------------------ IRMutator -----------------------------------
bool IRMutator::MutateArray(const std::vector<Expr>& in, std::vector<Expr>* out) {
  bool changed = false;
  out->clear();
  out->reserve(in.size());
  for (auto& e : in) {
    Expr m = VisitExpr(e);
    changed |= !m.same_as(e);
    out->push_back(std::move(m));
  }
  return changed;
}

Expr IRMutator::VisitBinary(const BinaryNode* n, const Expr& e) {
  Expr a = VisitExpr(n->a), b = VisitExpr(n->b);
  if (a.same_as(n->a) && b.same_as(n->b)) return e;
  return MakeBinary(n->kind, a, b);
}
Expr IRMutator::VisitNot(const NotNode* n, const Expr& e) {
  Expr a = VisitExpr(n->a);
  return a.same_as(n->a) ? e : MakeNot(a);
}
Expr IRMutator::VisitSelect(const SelectNode* n, const Expr& e) {
  Expr c = VisitExpr(n->condition), t = VisitExpr(n->true_value), f = VisitExpr(n->false_value);
  if (c.same_as(n->condition) && t.same_as(n->true_value) && f.same_as(n->false_value)) return e;
  return MakeSelect(c, t, f);
}
Expr IRMutator::VisitCast(const CastNode* n, const Expr& e) {
  Expr v = VisitExpr(n->value);
  return v.same_as(n->value) ? e : MakeCast(n->dtype, v);
}
Expr IRMutator::VisitCall(const CallNode* n, const Expr& e) {
  std::vector<Expr> args;
  if (!MutateArray(n->args, &args)) return e;
  return MakeCall(n->dtype, n->op, std::move(args), n->call_kind);
}
Expr IRMutator::VisitBufferLoad(const BufferLoadNode* n, const Expr& e) {
  std::vector<Expr> idx;
  if (!MutateArray(n->indices, &idx)) return e;
  return MakeBufferLoad(n->buffer, std::move(idx));
}
Expr IRMutator::VisitProducerLoad(const ProducerLoadNode* n, const Expr& e) {
  std::vector<Expr> idx;
  if (!MutateArray(n->indices, &idx)) return e;
  return MakeProducerLoad(n->producer, std::move(idx));
}
Expr IRMutator::VisitRamp(const RampNode* n, const Expr& e) {
  Expr b = VisitExpr(n->base), s = VisitExpr(n->stride);
  if (b.same_as(n->base) && s.same_as(n->stride)) return e;
  return MakeRamp(b, s, n->lanes);
}
Expr IRMutator::VisitBroadcast(const BroadcastNode* n, const Expr& e) {
  Expr v = VisitExpr(n->value);
  return v.same_as(n->value) ? e : MakeBroadcast(v, n->lanes);
}
Expr IRMutator::VisitLet(const LetNode* n, const Expr& e) {
  Expr v = VisitExpr(n->value), b = VisitExpr(n->body);
  if (v.same_as(n->value) && b.same_as(n->body)) return e;
  return MakeLet(Var::from(n->var), v, b);
}
Expr IRMutator::VisitReduce(const ReduceNode* n, const Expr& e) {
  std::vector<Expr> src;
  bool changed = MutateArray(n->source, &src);
  Expr cond = n->condition.defined() ? VisitExpr(n->condition) : n->condition;
  changed |= !cond.same_as(n->condition);
  CommReducer combiner = MutateReducer(n->combiner);
  changed |= combiner != n->combiner;
  if (!changed) return e;
  return MakeReduce(std::move(combiner), std::move(src), n->axis, cond, n->value_index);
}

// The reducer's combine and identity may read the enclosing compute's variables (TVM's
// test_loop_dep_reduce_cache_write: max(x + y, i)); a mutation of the Reduce (a renaming
// by cache_write, rfactor, the loop nest's substitution) must reach them, or they keep
// variables no loop defines. Its lhs/rhs are its own: no substitution maps them.
CommReducer IRMutator::MutateReducer(const CommReducer& r) {
  if (!r) return r;
  std::vector<Expr> result, identity;
  bool changed = MutateArray(r->result, &result);
  changed |= MutateArray(r->identity, &identity);
  if (!changed) return r;
  auto out = std::make_shared<CommReducerNode>(*r);
  out->result = std::move(result);
  out->identity = std::move(identity);
  return out;
}

Stmt IRMutator::VisitFor(const ForNode* n, const Stmt& s) {
  Expr m = VisitExpr(n->min), ext = VisitExpr(n->extent);
  Stmt body = VisitStmt(n->body);
  if (m.same_as(n->min) && ext.same_as(n->extent) && body.same_as(n->body)) return s;
  return std::make_shared<const ForNode>(n->loop_var, m, ext, n->for_kind, body, n->thread_binding,
                                         n->annotations);
}
Stmt IRMutator::VisitLetStmt(const LetStmtNode* n, const Stmt& s) {
  Expr v = VisitExpr(n->value);
  Stmt b = VisitStmt(n->body);
  if (v.same_as(n->value) && b.same_as(n->body)) return s;
  return MakeLetStmt(n->var, v, b);
}
Stmt IRMutator::VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) {
  Expr c = VisitExpr(n->condition);
  Stmt t = VisitStmt(n->then_case);
  Stmt f = n->else_case.defined() ? VisitStmt(n->else_case) : n->else_case;
  if (c.same_as(n->condition) && t.same_as(n->then_case) && f.same_as(n->else_case)) return s;
  return MakeIf(c, t, f);
}
Stmt IRMutator::VisitBufferStore(const BufferStoreNode* n, const Stmt& s) {
  Expr v = VisitExpr(n->value);
  std::vector<Expr> idx;
  bool changed = MutateArray(n->indices, &idx);
  if (!changed && v.same_as(n->value)) return s;
  return MakeBufferStore(n->buffer, v, std::move(idx));
}
Stmt IRMutator::VisitProducerStore(const ProducerStoreNode* n, const Stmt& s) {
  Expr v = VisitExpr(n->value);
  std::vector<Expr> idx;
  bool changed = MutateArray(n->indices, &idx);
  if (!changed && v.same_as(n->value)) return s;
  return MakeProducerStore(n->producer, v, std::move(idx));
}
Stmt IRMutator::VisitAllocate(const AllocateNode* n, const Stmt& s) {
  std::vector<Expr> ext;
  bool changed = MutateArray(n->extents, &ext);
  Expr c = n->condition.defined() ? VisitExpr(n->condition) : n->condition;
  Stmt b = VisitStmt(n->body);
  if (!changed && c.same_as(n->condition) && b.same_as(n->body)) return s;
  return MakeAllocate(n->buffer_var, n->dtype, std::move(ext), c, b, n->scope);
}
Stmt IRMutator::VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) {
  Expr v = n->value.defined() ? VisitExpr(n->value) : n->value;
  Stmt b = VisitStmt(n->body);
  if (v.same_as(n->value) && b.same_as(n->body)) return s;
  return MakeAttr(n->node, n->key, v, b);
}
Stmt IRMutator::VisitAssertStmt(const AssertStmtNode* n, const Stmt& s) {
  Expr c = VisitExpr(n->condition);
  Stmt b = VisitStmt(n->body);
  if (c.same_as(n->condition) && b.same_as(n->body)) return s;
  return std::make_shared<const AssertStmtNode>(c, n->message, b);
}
Stmt IRMutator::VisitSeqStmt(const SeqStmtNode* n, const Stmt& s) {
  std::vector<Stmt> out;
  bool changed = false;
  for (auto& st : n->seq) {
    Stmt m = VisitStmt(st);
    changed |= !m.same_as(st);
    out.push_back(std::move(m));
  }
  return changed ? MakeSeq(std::move(out)) : s;
}
Stmt IRMutator::VisitEvaluate(const EvaluateNode* n, const Stmt& s) {
  Expr v = VisitExpr(n->value);
  return v.same_as(n->value) ? s : MakeEvaluate(v);
}
Stmt IRMutator::VisitProducerRealize(const ProducerRealizeNode* n, const Stmt& s) {
  Region bounds;
  bool changed = false;
  for (auto& r : n->bounds) {
    Expr m = VisitExpr(r.min), e = VisitExpr(r.extent);
    changed |= !m.same_as(r.min) || !e.same_as(r.extent);
    bounds.emplace_back(m, e);
  }
  Expr c = n->condition.defined() ? VisitExpr(n->condition) : n->condition;
  Stmt b = VisitStmt(n->body);
  if (!changed && c.same_as(n->condition) && b.same_as(n->body)) return s;
  return MakeProducerRealize(n->producer, std::move(bounds), c, b, n->storage_scope);
}

// ------------------------------ helpers -------------------------------------
namespace {
class VarSubstituter : public IRMutator {
 public:
  explicit VarSubstituter(std::function<Expr(const Var&)> f) : f_(std::move(f)) {}
  CommReducer Reducer(const CommReducer& r) { return MutateReducer(r); }

 protected:
  Expr VisitVar(const VarNode*, const Expr& e) override {
    Expr r = f_(Var::from(e));
    return r.defined() ? r : e;
  }

 private:
  std::function<Expr(const Var&)> f_;
};

class PostOrderVisitor : public IRVisitor {
 public:
  explicit PostOrderVisitor(const std::function<void(const Expr&)>& f) : f_(f) {}
  using IRVisitor::VisitExpr;
  void Run(const Expr& e) {
    // Visit children through the base, then the node itself.
    VisitExpr(e);
  }

 protected:
  void VisitExprDefault(const Expr& e) override { f_(e); }
  void VisitBinary(const BinaryNode* n, const Expr& e) override {
    IRVisitor::VisitBinary(n, e);
    f_(e);
  }
  void VisitNot(const NotNode* n, const Expr& e) override {
    IRVisitor::VisitNot(n, e);
    f_(e);
  }
  void VisitSelect(const SelectNode* n, const Expr& e) override {
    IRVisitor::VisitSelect(n, e);
    f_(e);
  }
  void VisitCast(const CastNode* n, const Expr& e) override {
    IRVisitor::VisitCast(n, e);
    f_(e);
  }
  void VisitCall(const CallNode* n, const Expr& e) override {
    IRVisitor::VisitCall(n, e);
    f_(e);
  }
  void VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    IRVisitor::VisitBufferLoad(n, e);
    f_(e);
  }
  void VisitProducerLoad(const ProducerLoadNode* n, const Expr& e) override {
    IRVisitor::VisitProducerLoad(n, e);
    f_(e);
  }
  void VisitRamp(const RampNode* n, const Expr& e) override {
    IRVisitor::VisitRamp(n, e);
    f_(e);
  }
  void VisitBroadcast(const BroadcastNode* n, const Expr& e) override {
    IRVisitor::VisitBroadcast(n, e);
    f_(e);
  }
  void VisitLet(const LetNode* n, const Expr& e) override {
    IRVisitor::VisitLet(n, e);
    f_(e);
  }
  void VisitReduce(const ReduceNode* n, const Expr& e) override {
    IRVisitor::VisitReduce(n, e);
    f_(e);
  }

 private:
  const std::function<void(const Expr&)>& f_;
};

class VarUseFinder : public IRVisitor {
 public:
  explicit VarUseFinder(const std::function<bool(const VarNode*)>& p) : pred_(p) {}
  bool found = false;

 protected:
  void VisitVar(const VarNode* n, const Expr&) override { found = found || pred_(n); }

 private:
  const std::function<bool(const VarNode*)>& pred_;
};
}  // namespace

Expr Substitute(const Expr& e, const std::function<Expr(const Var&)>& f) {
  return VarSubstituter(f).VisitExpr(e);
}
Expr Substitute(const Expr& e, const VarMap& vmap) {
  if (vmap.empty()) return e;
  return Substitute(e, [&](const Var& v) {
    auto it = vmap.find(v);
    return it == vmap.end() ? Expr() : it->second;
  });
}
CommReducer Substitute(const CommReducer& r, const VarMap& vmap) {
  if (vmap.empty()) return r;
  return VarSubstituter([&](const Var& v) {
           auto it = vmap.find(v);
           return it == vmap.end() ? Expr() : it->second;
         })
      .Reducer(r);
}
Stmt Substitute(const Stmt& s, const VarMap& vmap) {
  if (vmap.empty()) return s;
  VarSubstituter sub([&](const Var& v) {
    auto it = vmap.find(v);
    return it == vmap.end() ? Expr() : it->second;
  });
  return sub.VisitStmt(s);
}

void PostOrderVisit(const Expr& e, const std::function<void(const Expr&)>& f) {
  PostOrderVisitor(f).Run(e);
}
bool UsesVar(const Expr& e, const std::function<bool(const VarNode*)>& pred) {
  VarUseFinder finder(pred);
  finder.VisitExpr(e);
  return finder.found;
}
bool UsesVar(const Stmt& s, const std::function<bool(const VarNode*)>& pred) {
  VarUseFinder finder(pred);
  finder.VisitStmt(s);
  return finder.found;
}
bool UsesVar(const Expr& e, const Var& v) {
  const VarNode* target = static_cast<const VarNode*>(v.get());
  return UsesVar(e, [target](const VarNode* n) { return n == target; });
}

}  // namespace tessera::ir
