#include "transform/InjectPrefetch.h"

#include <unordered_set>
#include <vector>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"

namespace tessera::transform {

using namespace ir;

namespace {

// The attribute names the tensor the schedule held; a data-flow rewrite after the
// prefetch may have given the body another handle of the same output.
bool SameProducer(const DataProducer& a, const DataProducer& b) {
  return a == b || (a && b && a->producer_name() == b->producer_name());
}

// The body's reads of one tensor, its loops (outer first) and the variables it defines.
class ReadCollector : public IRVisitor {
 public:
  explicit ReadCollector(DataProducer tensor) : tensor_(std::move(tensor)) {}
  std::vector<const ProducerLoadNode*> reads;
  std::vector<const ForNode*> loops;
  std::unordered_set<const ExprNode*> defined;

 protected:
  void VisitProducerLoad(const ProducerLoadNode* n, const Expr& e) override {
    if (SameProducer(n->producer, tensor_)) reads.push_back(n);
    IRVisitor::VisitProducerLoad(n, e);
  }
  void VisitFor(const ForNode* n, const Stmt& s) override {
    loops.push_back(n);
    defined.insert(n->loop_var.get());
    IRVisitor::VisitFor(n, s);
  }
  void VisitLetStmt(const LetStmtNode* n, const Stmt& s) override {
    defined.insert(n->var.get());
    IRVisitor::VisitLetStmt(n, s);
  }
  void VisitLet(const LetNode* n, const Expr& e) override {
    defined.insert(n->var.get());
    IRVisitor::VisitLet(n, e);
  }

 private:
  DataProducer tensor_;
};

// A dimension of the prefetched box: one of the tensor's, or two adjacent ones that
// every read indexes as floordiv(e, B) and floormod(e, B) with B the inner one's extent
// (a fused axis, FusedAxes.h), whose elements lie contiguous along e: the box bounds e,
// where the two dimensions apart would take whole rows of the inner one.
struct BoxDim {
  size_t first = 0;   // the tensor's dimension (the outer one of a pair)
  int64_t inner = 0;  // B for a pair, else 0
  Expr extent;        // the tensor's extent along it
  Expr min, max;      // the box, inclusive
};

// e where `outer` is floordiv(e, B) and `inner` floormod(e, B).
std::optional<Expr> FusedIndex(const Expr& outer, const Expr& inner, int64_t b) {
  const auto* div = outer.as<BinaryNode>();
  const auto* mod = inner.as<BinaryNode>();
  if (!div || !mod || outer.kind() != ExprKind::FloorDiv || inner.kind() != ExprKind::FloorMod)
    return std::nullopt;
  const int64_t* db = as_const_int(div->b);
  const int64_t* mb = as_const_int(mod->b);
  if (!db || !mb || *db != b || *mb != b || !StructuralEqual(div->a, mod->a)) return std::nullopt;
  return div->a;
}

// The box's dimensions for `reads` of a tensor of `shape`, outer first, and each read's
// index along them.
std::vector<BoxDim> BoxDims(const std::vector<Expr>& shape,
                            const std::vector<const ProducerLoadNode*>& reads,
                            std::vector<std::vector<Expr>>* indices) {
  std::vector<BoxDim> dims;
  indices->assign(reads.size(), {});
  for (size_t d = 0; d < shape.size(); ++d) {
    const int64_t* b = d + 1 < shape.size() ? as_const_int(shape[d + 1]) : nullptr;
    std::vector<Expr> fused;
    for (const ProducerLoadNode* read : reads) {
      auto e = b ? FusedIndex(read->indices[d], read->indices[d + 1], *b) : std::nullopt;
      if (!e) break;
      fused.push_back(*e);
    }
    if (b && fused.size() == reads.size()) {
      const DataType t = shape[d].dtype();
      dims.push_back({d, *b, shape[d] * make_const(t, *b), Expr(), Expr()});
      for (size_t r = 0; r < reads.size(); ++r) (*indices)[r].push_back(fused[r]);
      ++d;
      continue;
    }
    dims.push_back({d, 0, shape[d], Expr(), Expr()});
    for (size_t r = 0; r < reads.size(); ++r) (*indices)[r].push_back(reads[r]->indices[d]);
  }
  return dims;
}

class PrefetchInjector : public IRMutator {
 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    loops_.push_back(n);
    Stmt r = IRMutator::VisitFor(n, s);
    loops_.pop_back();
    return r;
  }

  Stmt VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) override {
    if (n->key != "prefetch_scope") return IRMutator::VisitAttrStmt(n, s);
    Stmt body = VisitStmt(n->body);
    const DataProducer* tensor = std::get_if<DataProducer>(&n->node);
    const auto* offset = n->value.as<IntImmNode>();
    if (!tensor || !*tensor || !offset || loops_.empty()) return body;
    auto box = ReadBox(*tensor, body, loops_.back(), offset->value);
    if (!box) return body;
    return MakeSeq({Prefetches(*tensor, *box), body});
  }

 private:
  // The box of `tensor` that `body` reads in the iteration `offset` after the current one
  // of `loop`, clamped to the tensor's shape; nullopt where it cannot be bounded.
  std::optional<std::vector<BoxDim>> ReadBox(const DataProducer& tensor, const Stmt& body,
                                             const ForNode* loop, int64_t offset) {
    ReadCollector reads(tensor);
    reads.VisitStmt(body);
    const std::vector<Expr> shape = tensor->producer_shape();
    if (reads.reads.empty() || shape.empty()) return std::nullopt;
    for (const ProducerLoadNode* read : reads.reads)
      if (read->indices.size() != shape.size()) return std::nullopt;
    arith::Analyzer analyzer;
    for (const ForNode* outer : loops_)
      analyzer.Bind(outer->loop_var, Range(outer->min, outer->extent), true);
    // The loop's variable `offset` iterations on, through a stand-in: EvalSet would
    // substitute the loop's own variable into its point again.
    arith::IntSetMap dom;
    Var v = loop->loop_var;
    Var ahead(v.name() + ".ahead", v.dtype());
    dom[v] = arith::IntSet::SinglePoint(ahead + make_const(v.dtype(), offset));
    for (const ForNode* inner : reads.loops)
      dom[inner->loop_var] = arith::EvalSet(Range(inner->min, inner->extent), dom, &analyzer);
    std::vector<std::vector<Expr>> indices;
    std::vector<BoxDim> dims = BoxDims(shape, reads.reads, &indices);
    const VarMap back{{ahead, v}};
    for (size_t k = 0; k < dims.size(); ++k) {
      std::vector<arith::IntSet> sets;
      for (const std::vector<Expr>& read : indices)
        sets.push_back(arith::EvalSet(read[k], dom, &analyzer));
      arith::IntSet all = arith::Union(sets, &analyzer);
      if (!all.is_bounded()) return std::nullopt;
      const DataType t = all.min().dtype();
      Expr lo = max(Substitute(all.min(), back), make_zero(t));
      Expr hi =
          min(Substitute(all.max(), back), cast(t, dims[k].extent) - make_const(t, int64_t{1}));
      for (const Expr& end : {lo, hi})
        if (UsesVar(end, [&](const VarNode* var) { return reads.defined.count(var) > 0; }))
          return std::nullopt;
      dims[k].min = analyzer.Simplify(lo);
      dims[k].max = analyzer.Simplify(hi);
    }
    return dims;
  }

  // Loops over the box's outer dimensions, one prefetch per cache line along the inner.
  static Stmt Prefetches(const DataProducer& tensor, const std::vector<BoxDim>& box) {
    const int bytes = std::max(1, tensor->producer_dtype().bytes());
    const int64_t per_line = std::max(1, kPrefetchLineBytes / bytes);
    // Innermost dimensions that fit in a line together step as one (TVM's block).
    size_t line_dim = box.size() - 1;
    int64_t block = 1;
    while (line_dim > 0) {
      const int64_t* extent = as_const_int(box[line_dim].extent);
      if (!extent || block * *extent > per_line) break;
      block *= *extent;
      --line_dim;
    }
    const int64_t stride = std::max<int64_t>(1, per_line / block);
    std::vector<Var> vars;
    std::vector<Expr> indices;
    for (size_t k = 0; k < box.size(); ++k) {
      const DataType t = box[k].min.dtype();
      Expr index = box[k].min;
      if (k <= line_dim) {
        vars.emplace_back("prefetch.i" + std::to_string(k), t);
        index = index + (k == line_dim ? vars.back() * make_const(t, stride) : Expr(vars.back()));
      }
      if (box[k].inner == 0) {
        indices.push_back(index);
      } else {
        const Expr b = make_const(t, box[k].inner);
        indices.push_back(floordiv(index, b));
        indices.push_back(floormod(index, b));
      }
    }
    Stmt stmt = MakeEvaluate(MakeCall(DataType::Int(32), kPrefetch,
                                      {MakeProducerLoad(tensor, indices)}, CallKind::Intrinsic));
    for (size_t k = line_dim + 1; k-- > 0;) {
      const DataType t = box[k].min.dtype();
      Expr extent = max(box[k].max - box[k].min + make_const(t, int64_t{1}), make_zero(t));
      if (k == line_dim)
        extent = floordiv(extent + make_const(t, stride - 1), make_const(t, stride));
      stmt =
          MakeFor(vars[k], make_zero(t), arith::Analyzer().Simplify(extent), ForKind::Serial, stmt);
    }
    return stmt;
  }

  std::vector<const ForNode*> loops_;  // the loops around the statement being visited
};

}  // namespace

bool IsPrefetch(const Expr& e) {
  const auto* call = e.as<CallNode>();
  return call && call->op == kPrefetch && call->args.size() == 1;
}

Stmt InjectPrefetch(Stmt s, const PassContext&) {
  if (!s.defined()) return s;
  return PrefetchInjector().VisitStmt(s);
}

}  // namespace tessera::transform
