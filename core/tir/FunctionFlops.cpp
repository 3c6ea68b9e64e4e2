#include "tir/FunctionFlops.h"

#include <algorithm>
#include <optional>

#include "arith/Evaluate.h"
#include "ir/Functor.h"
#include "te/WorkloadFlops.h"

namespace tessera::tir {

namespace {

struct Counter {
  const std::map<std::string, int64_t>& vars;

  std::optional<double> Extent(const ir::Expr& e) const {
    arith::VarValueMap values;
    ir::PostOrderVisit(e, [&](const ir::Expr& x) {
      if (const auto* v = x.as<ir::VarNode>())
        if (auto it = vars.find(v->name); it != vars.end()) values[ir::Var::from(x)] = it->second;
    });
    auto c = arith::EvaluateConstant(e, values);
    if (!c.ok()) return std::nullopt;
    return double(std::max<int64_t>(*c, 0));
  }

  // A core/ir leaf statement (stores, and what holds them).
  double Leaf(const ir::Stmt& s) const {
    if (!s.defined()) return 0;
    if (const auto* store = s.as<ir::BufferStoreNode>()) return te::CountExprFlops(store->value);
    if (const auto* seq = s.as<ir::SeqStmtNode>()) {
      double sum = 0;
      for (const ir::Stmt& x : seq->seq) sum += Leaf(x);
      return sum;
    }
    if (const auto* branch = s.as<ir::IfThenElseNode>())
      return std::max(Leaf(branch->then_case), Leaf(branch->else_case));
    if (const auto* let = s.as<ir::LetStmtNode>())
      return te::CountExprFlops(let->value) + Leaf(let->body);
    if (const auto* loop = s.as<ir::ForNode>()) {
      auto n = Extent(loop->extent);
      return n ? *n * Leaf(loop->body) : 0;
    }
    if (const auto* eval = s.as<ir::EvaluateNode>()) return te::CountExprFlops(eval->value);
    if (const auto* alloc = s.as<ir::AllocateNode>()) return Leaf(alloc->body);
    if (const auto* attr = s.as<ir::AttrStmtNode>()) return Leaf(attr->body);
    return 0;
  }

  double Visit(const Stmt& s) const {
    if (!s) return 0;
    switch (s->kind) {
      case StmtKind::Compute:
        return Leaf(static_cast<const ComputeNode&>(*s).stmt);
      case StmtKind::Seq: {
        double sum = 0;
        for (const Stmt& x : static_cast<const SeqNode&>(*s).seq) sum += Visit(x);
        return sum;
      }
      case StmtKind::For: {
        const auto& loop = static_cast<const ForNode&>(*s);
        auto n = Extent(loop.extent);
        return n ? *n * Visit(loop.body) : 0;
      }
      case StmtKind::BlockRealize:
        return Visit(static_cast<const BlockRealizeNode&>(*s).block->body);
    }
    return 0;
  }
};

}  // namespace

double CountFunctionFlops(const PrimFunc& f, const std::map<std::string, int64_t>& vars) {
  return Counter{vars}.Visit(f.body);
}

}  // namespace tessera::tir
