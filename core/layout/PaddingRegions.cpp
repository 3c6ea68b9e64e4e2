#include "layout/PaddingRegions.h"

#include <optional>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"

namespace tessera::layout {

using namespace ir;

namespace {

void SplitOr(const Expr& e, std::vector<Expr>* out) {
  if (e.kind() == ExprKind::Or) {
    auto* b = e.as<BinaryNode>();
    SplitOr(b->a, out);
    SplitOr(b->b, out);
    return;
  }
  out->push_back(e);
}

// Half-open constant ranges [lo, hi) per physical dimension.
struct Box {
  std::vector<int64_t> lo, hi;
  bool empty() const {
    for (size_t k = 0; k < lo.size(); ++k)
      if (lo[k] >= hi[k]) return true;
    return false;
  }
};

void BindBox(arith::Analyzer& a, const std::vector<Var>& vars, const Box& box) {
  for (size_t k = 0; k < vars.size(); ++k) {
    DataType t = vars[k].dtype();
    a.Bind(vars[k], Range(make_const(t, box.lo[k]), make_const(t, box.hi[k] - box.lo[k])), true);
  }
}

// `cond` provably fails on every cell of `box` (an empty box included).
bool Impossible(const Expr& cond, const std::vector<Var>& vars, const Box& box) {
  if (box.empty()) return true;
  arith::Analyzer a;
  BindBox(a, vars, box);
  return a.CanProve(logical_not(cond));
}

// The largest L in [lo, hi] such that cond is impossible with dimension k in [lo, L).
int64_t RaiseLow(const Expr& cond, const std::vector<Var>& vars, Box box, size_t k) {
  int64_t lo = box.lo[k], hi = box.hi[k], best = lo;
  int64_t l = lo, h = hi;
  while (l < h) {
    int64_t mid = l + (h - l + 1) / 2;
    box.lo[k] = lo;
    box.hi[k] = mid;
    if (Impossible(cond, vars, box))
      l = best = mid;
    else
      h = mid - 1;
  }
  return best;
}

// The smallest H in [lo, hi] such that cond is impossible with dimension k in [H, hi).
int64_t LowerHigh(const Expr& cond, const std::vector<Var>& vars, Box box, size_t k) {
  int64_t lo = box.lo[k], hi = box.hi[k], best = hi;
  int64_t l = lo, h = hi;
  while (l < h) {
    int64_t mid = l + (h - l) / 2;
    box.lo[k] = mid;
    box.hi[k] = hi;
    if (Impossible(cond, vars, box))
      h = best = mid;
    else
      l = mid + 1;
  }
  return best;
}

// Shrinks `box` to the cells where `cond` may hold, one dimension at a time; a second
// round catches dimensions that only shrink once another one has.
void Shrink(const Expr& cond, const std::vector<Var>& vars, Box* box) {
  for (int round = 0; round < 2; ++round) {
    for (size_t k = 0; k < vars.size(); ++k) {
      if (box->empty()) return;
      box->lo[k] = RaiseLow(cond, vars, *box, k);
      if (box->empty()) return;
      box->hi[k] = LowerHigh(cond, vars, *box, k);
    }
  }
}

std::vector<Range> ToRanges(const Box& box, const std::vector<Var>& vars) {
  std::vector<Range> out;
  for (size_t k = 0; k < vars.size(); ++k) {
    DataType t = vars[k].dtype();
    out.emplace_back(make_const(t, box.lo[k]), make_const(t, box.hi[k] - box.lo[k]));
  }
  return out;
}

std::optional<Box> ConstantBox(const PaddedLayout& layout) {
  Box box;
  for (const Expr& e : layout.physical_shape) {
    auto* v = as_const_int(e);
    if (!v) return std::nullopt;
    box.lo.push_back(0);
    box.hi.push_back(*v);
  }
  return box;
}

}  // namespace

std::vector<PaddingRegion> PaddingRegions(const PaddedLayout& layout) {
  std::vector<PaddingRegion> regions;
  const Expr& pred = layout.padding_predicate;
  if (!pred.defined() || is_zero(pred)) return regions;
  const std::vector<Var>& vars = layout.physical_vars;
  std::optional<Box> whole = ConstantBox(layout);
  if (!whole) {
    std::vector<Range> box;
    for (const Expr& e : layout.physical_shape) box.emplace_back(make_zero(e.dtype()), e);
    regions.push_back({box, pred});
    return regions;
  }
  std::vector<Expr> disjuncts;
  SplitOr(pred, &disjuncts);
  for (size_t d = 0; d < disjuncts.size(); ++d) {
    Box box = *whole;
    Shrink(disjuncts[d], vars, &box);
    if (box.empty()) continue;
    Expr cond = disjuncts[d];
    for (size_t e = 0; e < d; ++e) cond = logical_and(cond, logical_not(disjuncts[e]));
    arith::Analyzer a;
    BindBox(a, vars, box);
    if (a.CanProve(logical_not(cond))) continue;
    cond = a.CanProve(cond) ? make_bool(true) : a.Simplify(cond);
    regions.push_back({ToRanges(box, vars), cond});
  }
  return regions;
}

}  // namespace tessera::layout
