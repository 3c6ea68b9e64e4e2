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

// Row-major position of `index` in a shape of extents `extents`.
int64_t Flat(const std::vector<int64_t>& index, const std::vector<int64_t>& extents) {
  int64_t flat = 0;
  for (size_t k = 0; k < extents.size(); ++k) flat = flat * extents[k] + index[k];
  return flat;
}

std::vector<int64_t> Unflat(int64_t flat, const std::vector<int64_t>& extents) {
  std::vector<int64_t> index(extents.size());
  for (int64_t k = static_cast<int64_t>(extents.size()) - 1; k >= 0; --k) {
    index[k] = flat % extents[k];
    flat /= extents[k];
  }
  return index;
}

std::vector<int64_t> ConstExtents(const std::vector<Expr>& shape) {
  std::vector<int64_t> extents;
  for (const Expr& e : shape) extents.push_back(*as_const_int(e));
  return extents;
}

// For every physical cell (row-major) the row-major position of the logical element
// stored there, -1 for padding: one pass over the logical elements. Errors as
// EnumerateElements's.
Result<std::vector<int64_t>> LogicalOfCells(const PaddedLayout& layout, int64_t limit) {
  auto phys_total = ConstProduct(layout.physical_shape);
  auto log_total = ConstProduct(layout.logical_shape);
  if (!phys_total || !log_total)
    return Error("the element map needs constant shapes; this layout has a symbolic shape");
  if (*phys_total > limit) {
    return Error("the buffer has " + std::to_string(*phys_total) +
                 " physical elements; the element map is listed up to " + std::to_string(limit));
  }
  const std::vector<int64_t> pext = ConstExtents(layout.physical_shape);
  const std::vector<int64_t> lext = ConstExtents(layout.logical_shape);
  std::vector<int64_t> logical_of(static_cast<size_t>(*phys_total), -1);
  std::vector<int64_t> logical(lext.size(), 0), physical(pext.size());
  ConstEnv env;
  for (int64_t n = 0; n < *log_total; ++n) {
    for (size_t k = 0; k < lext.size(); ++k)
      env[static_cast<const VarNode*>(layout.map->initial_indices[k].get())] = logical[k];
    for (size_t k = 0; k < pext.size(); ++k) {
      auto v = EvalConstInt(layout.map->final_indices[k], env);
      if (!v)
        return Error("the index map cannot be evaluated at logical index " + IndexText(logical));
      if (*v < 0 || *v >= pext[k]) {
        return Error("the index map sends logical index " + IndexText(logical) +
                     " outside the physical shape");
      }
      physical[k] = *v;
    }
    int64_t& cell = logical_of[static_cast<size_t>(Flat(physical, pext))];
    if (cell >= 0) {
      return Error("the index map is not injective: logical indices " +
                   IndexText(Unflat(cell, lext)) + " and " + IndexText(logical) +
                   " both map to physical index " + IndexText(physical));
    }
    cell = n;
    for (int64_t k = static_cast<int64_t>(lext.size()) - 1; k >= 0; --k) {
      if (++logical[k] < lext[k]) break;
      logical[k] = 0;
    }
  }
  return logical_of;
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

  // Injective when the inverse undoes the map on every logical index; otherwise small
  // constant layouts are enumerated to find out.
  if (!ProvenInjective(out) && out.padding_count &&
      *out.padding_count + *ConstProduct(logical_shape) <= (1 << 20)) {
    auto cells = LogicalOfCells(out, 1 << 20);
    if (!cells.ok()) return cells.error();
  }
  return out;
}

bool ProvenInjective(const PaddedLayout& layout) {
  if (!layout.inverse) return false;
  arith::Analyzer analyzer;
  BindLogicalDomain(layout.map, layout.logical_shape, analyzer);
  VarMap physical;
  for (size_t k = 0; k < layout.physical_vars.size(); ++k)
    physical[layout.physical_vars[k]] = layout.map->final_indices[k];
  for (size_t k = 0; k < layout.logical_shape.size(); ++k) {
    const Expr back = Substitute(layout.inverse->logical_of[k], physical);
    if (!analyzer.CanProve(eq(back, layout.map->initial_indices[k]))) return false;
  }
  return true;
}

Result<std::vector<LayoutElement>> EnumerateElements(const PaddedLayout& layout, int64_t limit) {
  auto logical_of = LogicalOfCells(layout, limit);
  if (!logical_of.ok()) return logical_of.error();
  const std::vector<int64_t> pext = ConstExtents(layout.physical_shape);
  const std::vector<int64_t> lext = ConstExtents(layout.logical_shape);
  std::vector<LayoutElement> cells(logical_of->size());
  for (size_t flat = 0; flat < cells.size(); ++flat) {
    cells[flat].physical = Unflat(static_cast<int64_t>(flat), pext);
    if ((*logical_of)[flat] >= 0) cells[flat].logical = Unflat((*logical_of)[flat], lext);
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
  auto logical_of = LogicalOfCells(layout, int64_t{1} << 24);
  if (!logical_of.ok()) return logical_of.error();
  return (*logical_of)[static_cast<size_t>(Flat(physical, ConstExtents(layout.physical_shape)))] <
         0;
}

}  // namespace tessera::layout
