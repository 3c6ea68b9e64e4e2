#include "tir/AffineBinding.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"

namespace tessera::tir {

using ir::DataType;
using ir::Expr;

namespace affine_binding_detail {

struct Term {
  Expr atom;
  int64_t coeff;
};

void Flatten(const Expr& e, int64_t scale, std::vector<Term>* terms, int64_t* base) {
  using K = ir::ExprKind;
  if (const int64_t* c = ir::as_const_int(e); c && e.dtype().is_int()) {
    *base += scale * *c;
    return;
  }
  if (e.kind() == K::Add || e.kind() == K::Sub) {
    const auto* n = e.as<ir::BinaryNode>();
    Flatten(n->a, scale, terms, base);
    Flatten(n->b, e.kind() == K::Add ? scale : -scale, terms, base);
    return;
  }
  if (e.kind() == K::Mul) {
    const auto* n = e.as<ir::BinaryNode>();
    if (const int64_t* c = ir::as_const_int(n->b)) return Flatten(n->a, scale * *c, terms, base);
    if (const int64_t* c = ir::as_const_int(n->a)) return Flatten(n->b, scale * *c, terms, base);
  }
  Expr atom = e;
  if (e.kind() == K::FloorDiv || e.kind() == K::FloorMod) {
    // A split of a sum has the sum in normal form too: ((i_0 * 4 + i_1) * 32 + j) // 128
    // becomes (i_0 * 128 + i_1 * 32 + j) // 128, as IterMapSimplify writes it.
    const auto* n = e.as<ir::BinaryNode>();
    Expr inner = NormalizeAffineBinding(n->a);
    if (!inner.same_as(n->a)) atom = ir::MakeBinary(e.kind(), inner, n->b);
  }
  for (Term& t : *terms) {
    if (ir::StructuralEqual(t.atom, atom)) {
      t.coeff += scale;
      return;
    }
  }
  terms->push_back({atom, scale});
}

// What is known of digit sizes: exact for constants, proved by the analyzer for symbolic
// ones (a loop over `n * 32` split by `n`, as dynamic-shape programs fuse and split).
class Sizes {
 public:
  bool Equal(const Expr& a, const Expr& b) {
    const int64_t *x = ir::as_const_int(a), *y = ir::as_const_int(b);
    if (x && y) return *x == *y;
    return ir::StructuralEqual(a, b) || analyzer().CanProveEqual(a, b);
  }
  bool GreaterEqual(const Expr& a, const Expr& b) {
    const int64_t *x = ir::as_const_int(a), *y = ir::as_const_int(b);
    if (x && y) return *x >= *y;
    return analyzer().CanProve(ir::ge(a, b));
  }
  // Whether d divides n.
  bool Divides(const Expr& d, const Expr& n) {
    const int64_t *x = ir::as_const_int(d), *y = ir::as_const_int(n);
    if (x && y) return *x != 0 && *y % *x == 0;
    return analyzer().CanProveEqual(ir::floormod(n, d), ir::make_zero(n.dtype()));
  }
  Expr Simplify(const Expr& e) { return ir::as_const_int(e) ? e : analyzer().Simplify(e); }

 private:
  arith::Analyzer& analyzer() {
    if (!analyzer_) analyzer_ = std::make_unique<arith::Analyzer>();
    return *analyzer_;
  }
  std::unique_ptr<arith::Analyzer> analyzer_;
};

// One part of a loop variable's iteration: `(v - min) // lower % extent`.
struct Digit {
  const ir::VarNode* var;
  Expr lower, extent;
};

// An affine iterator as TVM's IterMark fuses it: its digits, outermost first; its value
// is each digit times the product of the extents of the digits after it.
struct Mark {
  std::vector<Digit> digits;
  bool offset = false;  // a constant is added (a loop not starting at 0, a `+ c`)
  // Parts that overlap (`v0 * 2 + v1`, v1 in [0, 4)): surjective, not bijective; its value
  // is no longer each digit times the extents after it, so it is not split again.
  bool overlapped = false;
};

using LoopRanges = std::map<const ir::ExprNode*, Range>;

// The iterator's extent when it is a constant.
std::optional<int64_t> ConstMarkExtent(const Mark& m) {
  int64_t n = 1;
  for (const Digit& d : m.digits) {
    const int64_t* e = ir::as_const_int(d.extent);
    if (!e) return std::nullopt;
    n *= *e;
  }
  return n;
}

// `m // c`: the digits below c are dropped, a digit c cuts is split.
std::optional<Mark> DivMark(Mark m, Expr c, Sizes& sizes) {
  if (m.offset || m.overlapped) return std::nullopt;
  while (!ir::is_one(c) && !m.digits.empty()) {
    Digit& d = m.digits.back();
    if (sizes.Divides(d.extent, c)) {
      c = sizes.Simplify(ir::floordiv(c, d.extent));
      m.digits.pop_back();
    } else if (sizes.Divides(c, d.extent)) {
      d = {d.var, sizes.Simplify(ir::mul(d.lower, c)), sizes.Simplify(ir::floordiv(d.extent, c))};
      c = ir::make_const(c.dtype(), int64_t{1});
    } else if (m.digits.size() == 1) {  // the last part rounds up
      const Expr one = ir::make_const(c.dtype(), int64_t{1});
      d = {d.var, sizes.Simplify(ir::mul(d.lower, c)),
           sizes.Simplify(ir::floordiv(ir::sub(ir::add(d.extent, c), one), c))};
      c = one;
    } else {
      return std::nullopt;
    }
  }
  return m;
}

// `m % c`: the digits below c are kept, a digit c cuts keeps its lower part.
std::optional<Mark> ModMark(const Mark& m, Expr c, Sizes& sizes) {
  if (m.offset || m.overlapped) return std::nullopt;
  std::vector<Digit> kept;
  for (size_t i = m.digits.size(); i-- > 0 && !ir::is_one(c);) {
    const Digit& d = m.digits[i];
    if (sizes.Divides(d.extent, c)) {
      kept.push_back(d);
      c = sizes.Simplify(ir::floordiv(c, d.extent));
    } else if (sizes.Divides(c, d.extent)) {
      kept.push_back({d.var, d.lower, c});
      c = ir::make_const(c.dtype(), int64_t{1});
    } else {
      return std::nullopt;
    }
  }
  std::reverse(kept.begin(), kept.end());
  return Mark{kept, false};
}

bool UsesLoop(const Expr& e, const LoopRanges& loops) {
  return ir::UsesVar(e, [&](const ir::VarNode* v) { return loops.count(v) > 0; });
}

// The iterator `e` is, or nothing when it is not affine in the loops.
std::optional<Mark> DetectMark(const Expr& e, const LoopRanges& loops, Sizes& sizes) {
  std::vector<Term> terms;
  int64_t base = 0;
  Flatten(e, 1, &terms, &base);
  std::vector<std::pair<int64_t, Mark>> parts;
  bool offset = base != 0;
  for (const Term& t : terms) {
    if (t.coeff == 0) continue;
    if (!UsesLoop(t.atom, loops)) {  // a symbolic constant
      offset = true;
      continue;
    }
    if (t.coeff < 0) return std::nullopt;
    std::optional<Mark> m;
    if (const auto* v = t.atom.as<ir::VarNode>()) {
      const Range& r = loops.at(v);
      m = Mark{{{v, ir::make_const(r.extent.dtype(), int64_t{1}), r.extent}}, !ir::is_zero(r.min)};
    } else if (t.atom.kind() == ir::ExprKind::FloorDiv || t.atom.kind() == ir::ExprKind::FloorMod) {
      const auto* bin = t.atom.as<ir::BinaryNode>();
      // The divisor is a positive constant or a symbolic one (`fused // n`).
      const int64_t* c = ir::as_const_int(bin->b);
      if ((c && *c <= 0) || UsesLoop(bin->b, loops)) return std::nullopt;
      std::optional<Mark> inner = DetectMark(bin->a, loops, sizes);
      if (!inner) return std::nullopt;
      m = t.atom.kind() == ir::ExprKind::FloorDiv ? DivMark(*inner, bin->b, sizes)
                                                  : ModMark(*inner, bin->b, sizes);
    }
    if (!m) return std::nullopt;
    offset = offset || m->offset;
    parts.emplace_back(t.coeff, std::move(*m));
  }
  // The parts fuse into one iterator as TVM's TryFuseIters fuses them at the surjective
  // level: from the innermost (coefficient 1) out, each next part has the coefficient the
  // parts so far span (their extent), or else the largest coefficient below it (the parts
  // overlap: `v0 * 2 + v1`, v1 in [0, 4), still covers [0, 14)); a gap fails.
  Mark fused;
  fused.offset = offset;
  if (parts.empty()) return fused;
  std::stable_sort(parts.begin(), parts.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  if (parts.front().first != 1) return std::nullopt;
  std::vector<bool> used(parts.size(), false);
  std::vector<size_t> order{0};
  used[0] = true;
  for (size_t n = 1; n < parts.size(); ++n) {
    const auto& last = parts[order.back()];
    const std::optional<int64_t> span = ConstMarkExtent(last.second);
    if (!span) return std::nullopt;
    const int64_t expected = last.first * *span;
    int exact = -1, below = -1;
    for (size_t j = 0; j < parts.size(); ++j) {
      if (used[j]) continue;
      if (parts[j].first == expected && exact < 0) exact = static_cast<int>(j);
      if (parts[j].first < expected && (below < 0 || parts[j].first > parts[size_t(below)].first))
        below = static_cast<int>(j);
    }
    const int pick = exact >= 0 ? exact : below;
    if (pick < 0) return std::nullopt;
    fused.overlapped = fused.overlapped || exact < 0;
    used[size_t(pick)] = true;
    order.push_back(size_t(pick));
  }
  for (size_t k = order.size(); k-- > 0;)
    for (const Digit& d : parts[order[k]].second.digits) fused.digits.push_back(d);
  return fused;
}

// Whether two digits of one variable may cover a common part of it.
bool Overlap(const Digit& a, const Digit& b, Sizes& sizes) {
  auto end = [&](const Digit& d) { return sizes.Simplify(ir::mul(d.lower, d.extent)); };
  return !sizes.GreaterEqual(a.lower, end(b)) && !sizes.GreaterEqual(b.lower, end(a));
}

// TVM's DetectIterMap takes the block's predicate as a constraint: a bound on a sum of
// several loops (`i * 2097152 + j * 16384 + k * 128 + l < 100`) fuses those loops into
// one iterator of the bound's extent, and a binding may use them only through that sum
// (`vi = i_0 * 32 + i_1` under `i_0 * 32 + i_1 < 100`, a split's tail), never one of
// them alone. A conjunct with other terms (a split or fused index) constrains nothing
// here.
bool PredicateAllowsBindings(const Expr& predicate, const std::vector<Expr>& bindings,
                             const std::vector<std::pair<Var, Range>>& loops) {
  using K = ir::ExprKind;
  std::vector<Expr> conjuncts{predicate};
  for (size_t i = 0; i < conjuncts.size(); ++i) {
    if (conjuncts[i].kind() != K::And) continue;
    const auto* n = conjuncts[i].as<ir::BinaryNode>();
    conjuncts.push_back(n->a);
    conjuncts.push_back(n->b);
  }
  auto is_loop = [&](const Expr& atom) {
    return std::any_of(loops.begin(), loops.end(),
                       [&](const auto& l) { return atom.same_as(l.first); });
  };
  for (const Expr& c : conjuncts) {
    K k = c.kind();
    if (k != K::LT && k != K::LE && k != K::GT && k != K::GE) continue;
    const auto* cmp = c.as<ir::BinaryNode>();
    std::vector<Term> sum;
    int64_t base = 0;
    Flatten(ir::sub(cmp->a, cmp->b), 1, &sum, &base);
    std::erase_if(sum, [](const Term& t) { return t.coeff == 0; });
    if (sum.size() < 2 ||
        !std::all_of(sum.begin(), sum.end(), [&](const Term& t) { return is_loop(t.atom); })) {
      continue;
    }
    for (const Expr& b : bindings) {
      std::vector<Term> terms;
      int64_t b_base = 0;
      Flatten(b, 1, &terms, &b_base);
      // The binding's coefficient of each of the sum's loops, as a multiple of the sum's.
      std::optional<std::pair<int64_t, int64_t>> ratio;  // binding : sum
      bool uses = false, whole = true;
      for (const Term& t : sum) {
        int64_t coeff = 0;
        for (const Term& u : terms) {
          if (u.atom.same_as(t.atom)) coeff = u.coeff;
        }
        uses = uses || coeff != 0;
        if (!ratio) ratio = std::pair(coeff, t.coeff);
        whole = whole && coeff * ratio->second == ratio->first * t.coeff;
      }
      if (uses && !whole) return false;
    }
  }
  return true;
}

}  // namespace affine_binding_detail

bool IsAffineBinding(const std::vector<Expr>& bindings,
                     const std::vector<std::pair<Var, Range>>& loops) {
  using namespace affine_binding_detail;
  if (loops.empty()) return true;
  LoopRanges ranges;
  for (const auto& [v, r] : loops) ranges.emplace(v.get(), r);
  Sizes sizes;
  std::vector<Digit> used;
  for (const Expr& binding : bindings) {
    std::optional<Mark> m = DetectMark(binding, ranges, sizes);
    if (!m) return false;
    for (const Digit& d : m->digits) {
      if (ir::is_one(d.extent)) continue;
      for (const Digit& u : used) {
        if (u.var == d.var && Overlap(u, d, sizes)) return false;
      }
      used.push_back(d);
    }
  }
  return true;
}

std::optional<std::vector<Expr>> InverseBijectiveAffineMap(
    const std::vector<Expr>& indices, const std::vector<std::pair<Var, Range>>& iters,
    const std::vector<Expr>& outputs) {
  using namespace affine_binding_detail;
  LoopRanges ranges;
  for (const auto& [v, r] : iters) ranges.emplace(v.get(), r);
  // Each digit an index holds, with its value read back from that index's output.
  struct Part {
    Expr lower, extent;
    Expr value;
  };
  // A digit's size as a factor of an output (the output's type when it is a constant).
  auto factor = [](const Expr& size, const Expr& like) {
    const int64_t* c = ir::as_const_int(size);
    return c ? ir::make_const(like.dtype(), *c) : ir::cast(like.dtype(), size);
  };
  Sizes sizes;
  std::map<const ir::ExprNode*, std::vector<Part>> parts;
  for (size_t k = 0; k < indices.size(); ++k) {
    std::optional<Mark> m = DetectMark(indices[k], ranges, sizes);
    if (!m || m->offset || m->overlapped) return std::nullopt;
    std::vector<Digit> digits;
    for (const Digit& d : m->digits) {
      if (!ir::is_one(d.extent)) digits.push_back(d);
    }
    Expr inner = ir::make_const(outputs[k].dtype(), int64_t{1});
    for (size_t j = digits.size(); j-- > 0;) {
      const Digit& d = digits[j];
      Expr value = outputs[k];
      if (j + 1 < digits.size()) value = ir::floordiv(value, inner);
      if (j > 0) value = ir::floormod(value, factor(d.extent, value));
      parts[d.var].push_back({d.lower, d.extent, value});
      inner = sizes.Simplify(ir::mul(inner, factor(d.extent, inner)));
    }
  }
  std::vector<Expr> result;
  for (const auto& [v, r] : iters) {
    auto it = parts.find(v.get());
    if (it == parts.end()) {
      if (!ir::is_one(r.extent)) return std::nullopt;  // an unused iterator
      result.push_back(r.min);
      continue;
    }
    if (!ir::is_zero(r.min)) return std::nullopt;
    // The digits must tile the iterator's range: 1, then each starting where the last ends.
    std::vector<Part> ps = std::move(it->second);
    Expr next = ir::make_const(r.extent.dtype(), int64_t{1});
    Expr value;
    while (!ps.empty()) {
      auto p = std::find_if(ps.begin(), ps.end(),
                            [&](const Part& q) { return sizes.Equal(q.lower, next); });
      if (p == ps.end()) return std::nullopt;
      Expr term = ir::is_one(p->lower) ? p->value : ir::mul(p->value, factor(p->lower, p->value));
      value = value.defined() ? ir::add(value, term) : term;
      next = sizes.Simplify(ir::mul(p->lower, p->extent));
      ps.erase(p);
    }
    if (!sizes.Equal(next, r.extent)) return std::nullopt;
    result.push_back(value);
  }
  return result;
}

bool IsAffineBlockBinding(const ScheduleState& state, const BlockRealizeNode* realize,
                          const StmtNode* high_exclusive) {
  std::vector<const StmtNode*> path = state.PathTo(realize);
  std::vector<std::pair<Var, Range>> loops;
  for (size_t i = path.size() - 1; i-- > 0;) {
    if (path[i] == high_exclusive) break;
    if (const auto* loop = As<ForNode>(path[i])) {
      loops.emplace_back(loop->loop_var, Range(loop->min, loop->extent));
    } else if (path[i]->kind == StmtKind::BlockRealize) {
      break;
    }
  }
  return IsAffineBinding(realize->iter_values, loops) &&
         affine_binding_detail::PredicateAllowsBindings(realize->predicate, realize->iter_values,
                                                        loops);
}

Status CheckPartialAffineBinding(const ScheduleState& state, const BlockRealizeNode* realize,
                                 const StmtNode* high_exclusive) {
  if (IsAffineBlockBinding(state, realize)) return Status::Ok();
  if (high_exclusive && IsAffineBlockBinding(state, realize, high_exclusive)) return Status::Ok();
  const auto* loop = As<ForNode>(high_exclusive);
  return ScheduleError("NotAffineBindingError",
                       "The block " + realize->block->name + " is required to have an " +
                           (loop ? "partial affine binding under " + loop->loop_var.name()
                                 : std::string("affine binding")));
}

bool IsCompleteOrAffineReductionBlock(const ScheduleState& state, const BlockRealizeNode* realize) {
  const BlockNode& block = *realize->block;
  if (!IsCompleteOrReductionBlock(block)) return false;
  bool complete =
      std::all_of(block.iter_vars.begin(), block.iter_vars.end(),
                  [](const IterVar& iv) { return iv->iter_type == ir::IterVarType::DataPar; }) &&
      std::none_of(block.reads.begin(), block.reads.end(), [&](const BufferRegion& r) {
        return std::any_of(block.writes.begin(), block.writes.end(),
                           [&](const BufferRegion& w) { return w.buffer == r.buffer; });
      });
  return complete || IsAffineBlockBinding(state, realize);
}

Expr NormalizeAffineBinding(const Expr& e) {
  using namespace affine_binding_detail;
  if (!e.defined() || !e.dtype().is_int()) return e;
  std::vector<Term> terms;
  int64_t base = 0;
  Flatten(e, 1, &terms, &base);
  terms.erase(
      std::remove_if(terms.begin(), terms.end(), [](const Term& t) { return t.coeff == 0; }),
      terms.end());
  std::stable_sort(terms.begin(), terms.end(),
                   [](const Term& a, const Term& b) { return a.coeff > b.coeff; });
  DataType t = e.dtype();
  Expr result;
  for (const Term& term : terms) {
    int64_t magnitude = term.coeff < 0 ? -term.coeff : term.coeff;
    Expr part = magnitude == 1
                    ? term.atom
                    : ir::MakeBinary(ir::ExprKind::Mul, term.atom, ir::make_const(t, magnitude));
    if (!result.defined()) {
      result = term.coeff < 0 ? ir::MakeBinary(ir::ExprKind::Sub, ir::make_zero(t), part) : part;
    } else {
      result = ir::MakeBinary(term.coeff < 0 ? ir::ExprKind::Sub : ir::ExprKind::Add, result, part);
    }
  }
  if (!result.defined()) return ir::make_const(t, base);
  if (base > 0) result = ir::MakeBinary(ir::ExprKind::Add, result, ir::make_const(t, base));
  if (base < 0) result = ir::MakeBinary(ir::ExprKind::Sub, result, ir::make_const(t, -base));
  return result;
}

}  // namespace tessera::tir
