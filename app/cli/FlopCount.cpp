#include "FlopCount.h"

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::cli {

namespace {

bool IsArithmetic(ir::ExprKind k) {
  switch (k) {
    case ir::ExprKind::Add: case ir::ExprKind::Sub: case ir::ExprKind::Mul:
    case ir::ExprKind::Div: case ir::ExprKind::Min: case ir::ExprKind::Max:
    case ir::ExprKind::Call:
      return true;
    default:
      return false;
  }
}

double ExprFlops(const ir::Expr& e) {
  double flops = 0;
  ir::PostOrderVisit(e, [&](const ir::Expr& x) {
    if (IsArithmetic(x.kind()) && x.dtype().is_float()) flops += x.dtype().lanes();
  });
  return flops;
}

class Counter {
 public:
  explicit Counter(const std::map<std::string, int64_t>& scalars) : scalars_(scalars) {}

  double Count(const ir::Stmt& s) {
    if (!s.defined()) return 0;
    if (auto* n = s.as<ir::ForNode>()) return TripCount(n->extent) * Count(n->body);
    if (auto* n = s.as<ir::SeqStmtNode>()) {
      double total = 0;
      for (const ir::Stmt& child : n->seq) total += Count(child);
      return total;
    }
    if (auto* n = s.as<ir::IfThenElseNode>()) return Count(n->then_case) + Count(n->else_case);
    if (auto* n = s.as<ir::BufferStoreNode>()) return ExprFlops(n->value);
    if (auto* n = s.as<ir::ProducerStoreNode>()) return ExprFlops(n->value);
    if (auto* n = s.as<ir::LetStmtNode>()) return Count(n->body);
    if (auto* n = s.as<ir::AllocateNode>()) return Count(n->body);
    if (auto* n = s.as<ir::AttrStmtNode>()) return Count(n->body);
    if (auto* n = s.as<ir::AssertStmtNode>()) return Count(n->body);
    if (auto* n = s.as<ir::ProducerRealizeNode>()) return Count(n->body);
    return 0;
  }

 private:
  const std::map<std::string, int64_t>& scalars_;
  arith::Analyzer analyzer_;

  double TripCount(const ir::Expr& extent) {
    ir::Expr known = ir::Substitute(extent, [&](const ir::Var& v) -> ir::Expr {
      auto it = scalars_.find(v.name());
      return it == scalars_.end() ? ir::Expr() : ir::make_const(v.dtype(), it->second);
    });
    const int64_t* c = ir::as_const_int(analyzer_.Simplify(known));
    return c && *c > 0 ? static_cast<double>(*c) : 1.0;
  }
};

}  // namespace

double CountFlops(const ir::Stmt& body, const std::map<std::string, int64_t>& scalars) {
  return Counter(scalars).Count(body);
}

}  // namespace tessera::cli
