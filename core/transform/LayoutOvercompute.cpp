#include "transform/LayoutOvercompute.h"

#include <map>
#include <set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"
#include "layout/PhysicalTensor.h"
#include "transform/AnalyzerMutator.h"

namespace tessera::transform {

using namespace ir;

namespace {

using layout::PhysicalTensorNode;

bool IsConstValue(const Expr& e, double v) {
  if (auto* f = e.as<FloatImmNode>()) return f->value == v;
  if (auto* i = e.as<IntImmNode>()) return static_cast<double>(i->value) == v;
  if (auto* b = e.as<BroadcastNode>()) return IsConstValue(b->value, v);
  return false;
}

bool IsLowest(const Expr& e) { return StructuralEqual(e, min_value(e.dtype())); }
bool IsHighest(const Expr& e) { return StructuralEqual(e, max_value(e.dtype())); }

// Removes combinations with an identity (x + 0, x * 1, max(x, lowest), min(x, highest)),
// which hold for floats too: what is left of an update once the padding it reads has
// been replaced by its value.
Expr FoldIdentity(const Expr& e) {
  if (auto* s = e.as<SelectNode>()) {
    Expr t = FoldIdentity(s->true_value), f = FoldIdentity(s->false_value);
    return StructuralEqual(t, f) ? t : e;
  }
  auto* b = e.as<BinaryNode>();
  if (!b) return e;
  Expr x = FoldIdentity(b->a), y = FoldIdentity(b->b);
  auto* fx = x.as<FloatImmNode>();
  auto* fy = y.as<FloatImmNode>();
  if (fx && fy && e.dtype().is_float()) {  // padding times padding: 0 * 0 in a padded GEMM
    auto rounded = [&](double v) {
      return FloatImm(e.dtype(),
                      e.dtype().bits() == 32 ? static_cast<double>(static_cast<float>(v)) : v);
    };
    if (e.kind() == ExprKind::Mul) return rounded(fx->value * fy->value);
    if (e.kind() == ExprKind::Add) return rounded(fx->value + fy->value);
  }
  switch (e.kind()) {
    case ExprKind::Add:
      if (IsConstValue(y, 0)) return x;
      if (IsConstValue(x, 0)) return y;
      break;
    case ExprKind::Sub:
      if (IsConstValue(y, 0)) return x;
      break;
    case ExprKind::Mul:
      if (IsConstValue(y, 1)) return x;
      if (IsConstValue(x, 1)) return y;
      break;
    case ExprKind::Max:
      if (IsLowest(y)) return x;
      if (IsLowest(x)) return y;
      break;
    case ExprKind::Min:
      if (IsHighest(y)) return x;
      if (IsHighest(x)) return y;
      break;
    default:
      break;
  }
  return x.same_as(b->a) && y.same_as(b->b) ? e : MakeBinary(e.kind(), x, y);
}

struct Access {
  DataProducer producer;
  std::vector<Expr> indices;
};

// The stores and loads of a guarded body; false when it holds anything else (loops,
// lets, allocations: not worth proving things about).
struct GuardedBody {
  std::vector<const ProducerStoreNode*> stores;
  std::vector<Access> loads;

  void AddLoads(const Expr& e) {
    PostOrderVisit(e, [&](const Expr& x) {
      if (auto* l = x.as<ProducerLoadNode>()) loads.push_back({l->producer, l->indices});
    });
  }
  bool Collect(const Stmt& s) {
    if (!s.defined()) return true;
    if (auto* seq = s.as<SeqStmtNode>()) {
      for (const Stmt& c : seq->seq)
        if (!Collect(c)) return false;
      return true;
    }
    if (auto* st = s.as<ProducerStoreNode>()) {
      stores.push_back(st);
      AddLoads(st->value);
      for (const Expr& i : st->indices) AddLoads(i);
      return true;
    }
    if (auto* i = s.as<IfThenElseNode>()) {
      AddLoads(i->condition);
      return Collect(i->then_case) && Collect(i->else_case);
    }
    if (auto* ev = s.as<EvaluateNode>()) return is_const(ev->value);
    return false;
  }
};

class Overcompute : public AnalyzerMutator {
 public:
  Overcompute(arith::Analyzer& analyzer, const PassContext& ctx)
      : AnalyzerMutator(analyzer), ctx_(ctx) {}

 protected:
  Expr Rewrite(const Expr& e) override { return e; }

  Stmt VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) override {
    if (n->key == "pragma_overcompute" || n->key == "pragma_branching") {
      bool saved = overcompute_;
      overcompute_ = n->key == "pragma_overcompute";
      Stmt body = VisitStmt(n->body);
      overcompute_ = saved;
      return body;
    }
    auto* p = std::get_if<DataProducer>(&n->node);
    if (n->key != "produce" || !p || !*p) return AnalyzerMutator::VisitAttrStmt(n, s);
    std::string name = (*p)->producer_name();
    bool inserted = producing_.insert(name).second;
    Stmt r = AnalyzerMutator::VisitAttrStmt(n, s);
    if (inserted) producing_.erase(name);
    return r;
  }

  Stmt VisitProducerRealize(const ProducerRealizeNode* n, const Stmt& s) override {
    std::string name = n->producer->producer_name();
    auto saved =
        realized_.find(name) != realized_.end() ? std::optional(realized_[name]) : std::nullopt;
    realized_[name] = n->bounds;
    Stmt r = IRMutator::VisitProducerRealize(n, s);
    if (saved)
      realized_[name] = *saved;
    else
      realized_.erase(name);
    return r;
  }

  Stmt VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    if (overcompute_ && !n->else_case.defined() && Droppable(n)) return VisitStmt(n->then_case);
    return AnalyzerMutator::VisitIfThenElse(n, s);
  }

  Expr VisitProducerLoad(const ProducerLoadNode* n, const Expr& e) override {
    CheckNoPaddingAccess(n->producer, n->indices, "reads");
    return IRMutator::VisitProducerLoad(n, e);
  }

  Stmt VisitProducerStore(const ProducerStoreNode* n, const Stmt& s) override {
    CheckNoPaddingAccess(n->producer, n->indices, "writes");
    return IRMutator::VisitProducerStore(n, s);
  }

 private:
  // Padding without a pad value must never be accessed (RFC 0077 §1.2).
  void CheckNoPaddingAccess(const DataProducer& p, const std::vector<Expr>& indices,
                            const char* verb) {
    auto* t = layout::AsPhysicalTensor(p);
    if (!t || t->pad.kind != layout::PadValue::Kind::None || !t->layout.padding_predicate.defined())
      return;
    if (!analyzer_.CanProve(t->IsPadding(indices))) return;
    std::string idx;
    for (size_t k = 0; k < indices.size(); ++k) idx += (k ? ", " : "") + to_string(indices[k]);
    ctx_.ReportError(
        "the program " + std::string(verb) + " " + t->producer_name() + "[" + idx +
        "], a padding cell of a buffer whose padding has no pad_value (give transform_layout a "
        "pad_value to make it readable)");
  }

  bool IsPaddingCell(const PhysicalTensorNode* t, const std::vector<Expr>& idx) {
    return t && t->layout.padding_predicate.defined() && analyzer_.CanProve(t->IsPadding(idx));
  }

  bool InBounds(const DataProducer& p, const std::vector<Expr>& idx) {
    std::vector<Expr> mins, extents;
    if (auto it = realized_.find(p->producer_name()); it != realized_.end()) {
      for (const Range& r : it->second) {
        mins.push_back(r.min);
        extents.push_back(r.extent);
      }
    } else {
      for (const Expr& e : p->producer_shape()) {
        mins.push_back(make_zero(e.dtype()));
        extents.push_back(e);
      }
    }
    if (mins.size() != idx.size()) return false;
    for (size_t k = 0; k < idx.size(); ++k) {
      if (!analyzer_.CanProve(ge(idx[k], mins[k])) ||
          !analyzer_.CanProve(lt(idx[k], add(mins[k], extents[k]))))
        return false;
    }
    return true;
  }

  // The pad value of a padding cell is known where the buffer's padding facts hold: from
  // the start for an input, after its producer (and padding write) otherwise.
  bool FactsHold(const PhysicalTensorNode* t) const {
    return t->pad.has_value() && (t->is_input || !producing_.count(t->producer_name()));
  }

  Expr ReplacePaddingLoads(const Expr& e) {
    class Replacer : public IRMutator {
     public:
      explicit Replacer(Overcompute* self) : self_(self) {}

     protected:
      Expr VisitProducerLoad(const ProducerLoadNode* n, const Expr& e) override {
        Expr r = IRMutator::VisitProducerLoad(n, e);
        auto* l = r.as<ProducerLoadNode>();
        auto* t = layout::AsPhysicalTensor(l->producer);
        if (!t || !self_->FactsHold(t) || !self_->IsPaddingCell(t, l->indices)) return r;
        auto shared = std::static_pointer_cast<const PhysicalTensorNode>(l->producer);
        return layout::PadValueAt(shared, l->indices);
      }

     private:
      Overcompute* self_;
    };
    return Replacer(this).VisitExpr(e);
  }

  // Where the guard fails, the store leaves memory as the program needs it.
  bool StoreIsNoOp(const ProducerStoreNode* st) {
    auto* t = layout::AsPhysicalTensor(st->producer);
    if (IsPaddingCell(t, st->indices)) {
      if (t->pad.kind == layout::PadValue::Kind::Undef) return true;
      return t->pad.has_value() && !t->is_input && producing_.count(t->producer_name());
    }
    Expr value = FoldIdentity(ReplacePaddingLoads(st->value));
    if (value.dtype().is_integer()) value = analyzer_.Simplify(value);
    return StructuralEqual(value, MakeProducerLoad(st->producer, st->indices));
  }

  bool Droppable(const IfThenElseNode* n) {
    GuardedBody body;
    if (!body.Collect(n->then_case)) return false;
    auto scope = analyzer_.EnterConstraint(logical_not(StripLikely(n->condition)));
    for (const Access& a : body.loads) {
      if (!InBounds(a.producer, a.indices)) return false;
      auto* t = layout::AsPhysicalTensor(a.producer);
      bool no_value =
          t && t->pad.kind == layout::PadValue::Kind::None && t->layout.padding_predicate.defined();
      if (no_value && !analyzer_.CanProve(logical_not(t->IsPadding(a.indices)))) return false;
    }
    for (const ProducerStoreNode* st : body.stores)
      if (!InBounds(st->producer, st->indices) || !StoreIsNoOp(st)) return false;
    return true;
  }

  const PassContext& ctx_;
  bool overcompute_ = false;
  std::set<std::string> producing_;
  std::map<std::string, Region> realized_;
};

}  // namespace

Stmt LayoutOvercompute(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  auto analyzer = ctx.MakeAnalyzer();
  return Overcompute(*analyzer, ctx).VisitStmt(s);
}

}  // namespace tessera::transform
