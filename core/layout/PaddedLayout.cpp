#include "layout/PaddedLayout.h"

#include <map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "layout/ConstEval.h"

namespace tessera::layout {

using namespace ir;

namespace {

std::optional<int64_t> ConstProduct(const std::vector<Expr>& shape) {
  int64_t p = 1;
  for (auto& e : shape) {
    auto* v = as_const_int(e);
    if (!v || *v < 0) return std::nullopt;
    if (*v != 0 && p > (int64_t{1} << 40) / *v) return std::nullopt;  // absurdly large
    p *= *v;
  }
  return p;
}

std::string IndexText(const std::vector<int64_t>& idx) {
  std::string s = "(";
  for (size_t k = 0; k < idx.size(); ++k) s += (k ? ", " : "") + std::to_string(idx[k]);
  return s + ")";
}

void BindLogicalDomain(const IndexMap& map, const std::vector<Expr>& shape, arith::Analyzer& an) {
  for (size_t k = 0; k < shape.size(); ++k)
    an.Bind(map->initial_indices[k], Range(make_zero(shape[k].dtype()), shape[k]), true);
}

}  // namespace

Result<PaddedLayout> AnalyzePaddedLayout(const IndexMap& map,
                                         const std::vector<Expr>& logical_shape) {
  return AnalyzePaddedLayoutIn(map, logical_shape, {});
}

Result<PaddedLayout> AnalyzePaddedLayoutIn(const IndexMap& map,
                                           const std::vector<Expr>& logical_shape,
                                           const std::vector<Expr>& allocated) {
  if (!map) return Error("transform_layout needs an index map");
  if (map->initial_indices.size() != logical_shape.size()) {
    return Error("the index map takes " + std::to_string(map->initial_indices.size()) +
                 " indices but the buffer has rank " + std::to_string(logical_shape.size()));
  }
  if (map->final_indices.empty()) return Error("the index map returns no indices");

  PaddedLayout out;
  out.map = map;
  out.logical_shape = logical_shape;

  arith::Analyzer analyzer;
  BindLogicalDomain(map, logical_shape, analyzer);
  arith::IntSetMap dom;
  for (size_t k = 0; k < logical_shape.size(); ++k) {
    dom[map->initial_indices[k]] =
        arith::IntSet::FromMinExtent(make_zero(logical_shape[k].dtype()), logical_shape[k]);
  }
  for (size_t k = 0; k < map->final_indices.size(); ++k) {
    arith::IntSet s = arith::EvalSet(map->final_indices[k], dom, &analyzer);
    if (!s.has_upper_bound() || !s.has_lower_bound()) {
      return Error("physical index " + std::to_string(k) +
                   " of the index map is unbounded over the buffer");
    }
    if (!analyzer.CanProveGreaterEqual(s.min(), 0)) {
      return Error("physical index " + std::to_string(k) +
                   " of the index map can be negative (its minimum is " + s.str() + ")");
    }
    out.physical_shape.push_back(
        analyzer.Simplify(add(s.max(), make_const(s.max().dtype(), int64_t{1}))));
  }
  // An allocation larger than the map's range (storage_align's padded strides): the
  // extra cells are padding too.
  if (!allocated.empty()) {
    if (allocated.size() != out.physical_shape.size())
      return Error("the allocation has rank " + std::to_string(allocated.size()) +
                   " but the index map returns " + std::to_string(out.physical_shape.size()) +
                   " indices");
    for (size_t k = 0; k < allocated.size(); ++k) {
      if (!analyzer.CanProve(le(out.physical_shape[k], allocated[k])))
        return Error("physical index " + std::to_string(k) + " of the index map reaches " +
                     ir::to_string(out.physical_shape[k]) + ", beyond the allocation's extent " +
                     ir::to_string(allocated[k]));
      out.physical_shape[k] = allocated[k];
    }
  }

  if (auto lp = ConstProduct(logical_shape), pp = ConstProduct(out.physical_shape); lp && pp)
    out.padding_count = *pp - *lp;

  arith::Analyzer inv_analyzer;
  out.inverse = InvertIndexMap(map, logical_shape, inv_analyzer);
  if (out.inverse) {
    out.physical_vars = out.inverse->physical_vars;
    // Padding: the inverse lands outside the logical domain, or no integer point maps here.
    Expr pred = logical_not(out.inverse->exact_condition);
    for (size_t k = 0; k < logical_shape.size(); ++k) {
      const Expr& L = out.inverse->logical_of[k];
      Expr outside = logical_or(lt(L, make_zero(L.dtype())), ge(L, logical_shape[k]));
      pred = logical_or(pred, outside);
    }
    arith::Analyzer pa;
    for (size_t k = 0; k < out.physical_vars.size(); ++k) {
      pa.Bind(out.physical_vars[k],
              Range(make_zero(out.physical_shape[k].dtype()), out.physical_shape[k]));
    }
    for (auto& e : logical_shape)
      if (auto* v = e.as<VarNode>()) pa.AddAssumption(ge(e, make_zero(e.dtype()))), (void)v;
    out.padding_predicate = pa.Simplify(pred);
  } else {
    for (auto& name : PhysicalIndexNames(map)) out.physical_vars.emplace_back(name);
  }

  // Small constant layouts: enumerate to prove injectivity (and the count exactly).
  if (out.padding_count && *out.padding_count + *ConstProduct(logical_shape) <= (1 << 20)) {
    auto elems = EnumerateElements(out, 1 << 20);
    if (!elems.ok()) return elems.error();
  }
  return out;
}

Result<std::vector<LayoutElement>> EnumerateElements(const PaddedLayout& layout, int64_t limit) {
  auto phys_total = ConstProduct(layout.physical_shape);
  auto log_total = ConstProduct(layout.logical_shape);
  if (!phys_total || !log_total)
    return Error("the element map needs constant shapes; this layout has a symbolic shape");
  if (*phys_total > limit) {
    return Error("the buffer has " + std::to_string(*phys_total) +
                 " physical elements; the element map is listed up to " + std::to_string(limit));
  }
  const size_t prank = layout.physical_shape.size(), lrank = layout.logical_shape.size();
  std::vector<int64_t> pext(prank), lext(lrank);
  for (size_t k = 0; k < prank; ++k) pext[k] = *as_const_int(layout.physical_shape[k]);
  for (size_t k = 0; k < lrank; ++k) lext[k] = *as_const_int(layout.logical_shape[k]);

  std::vector<LayoutElement> cells(static_cast<size_t>(*phys_total));
  for (int64_t flat = 0; flat < *phys_total; ++flat) {
    std::vector<int64_t> idx(prank);
    for (int64_t r = flat, k = static_cast<int64_t>(prank) - 1; k >= 0; --k) {
      idx[k] = r % pext[k];
      r /= pext[k];
    }
    cells[flat].physical = std::move(idx);
  }
  std::vector<int64_t> logical(lrank, 0);
  ConstEnv env;
  for (int64_t n = 0; n < *log_total; ++n) {
    for (size_t k = 0; k < lrank; ++k)
      env[static_cast<const VarNode*>(layout.map->initial_indices[k].get())] = logical[k];
    int64_t flat = 0;
    for (size_t k = 0; k < prank; ++k) {
      auto v = EvalConstInt(layout.map->final_indices[k], env);
      if (!v)
        return Error("the index map cannot be evaluated at logical index " + IndexText(logical));
      if (*v < 0 || *v >= pext[k]) {
        return Error("the index map sends logical index " + IndexText(logical) +
                     " outside the physical shape");
      }
      flat = flat * pext[k] + *v;
    }
    auto& cell = cells[static_cast<size_t>(flat)];
    if (cell.logical) {
      return Error("the index map is not injective: logical indices " + IndexText(*cell.logical) +
                   " and " + IndexText(logical) + " both map to physical index " +
                   IndexText(cell.physical));
    }
    cell.logical = logical;
    for (int64_t k = static_cast<int64_t>(lrank) - 1; k >= 0; --k) {
      if (++logical[k] < lext[k]) break;
      logical[k] = 0;
    }
  }
  return cells;
}

Result<bool> IsPaddingCell(const PaddedLayout& layout, const std::vector<int64_t>& physical) {
  if (physical.size() != layout.physical_shape.size())
    return Error("wrong number of physical indices");
  for (size_t k = 0; k < physical.size(); ++k) {
    auto* e = as_const_int(layout.physical_shape[k]);
    if (physical[k] < 0 || (e && physical[k] >= *e)) return Error("physical index out of range");
  }
  if (layout.padding_predicate.defined()) {
    ConstEnv env;
    for (size_t k = 0; k < physical.size(); ++k)
      env[static_cast<const VarNode*>(layout.physical_vars[k].get())] = physical[k];
    if (auto v = EvalConstInt(layout.padding_predicate, env)) return *v != 0;
  }
  auto cells = EnumerateElements(layout, int64_t{1} << 24);
  if (!cells.ok()) return cells.error();
  for (auto& c : *cells)
    if (c.physical == physical) return !c.logical.has_value();
  return Error("physical index out of range");
}

}  // namespace tessera::layout
