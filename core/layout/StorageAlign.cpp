#include "layout/StorageAlign.h"

#include <string>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"

namespace tessera::layout {

using namespace ir;

std::vector<Expr> AlignedStrides(const std::vector<Expr>& extents,
                                 const std::vector<DimAlign>& aligns) {
  std::vector<Expr> strides(extents.size());
  arith::Analyzer analyzer;
  Expr stride = extents.empty() ? Expr(1) : make_const(extents.back().dtype(), int64_t{1});
  for (size_t d = extents.size(); d-- > 0;) {
    if (d < aligns.size() && aligns[d].factor != 0) {
      const Expr factor = make_const(stride.dtype(), aligns[d].factor);
      const Expr offset = make_const(stride.dtype(), aligns[d].offset);
      stride = analyzer.Simplify(
          add(stride, floormod(sub(add(factor, offset), floormod(stride, factor)), factor)));
    }
    strides[d] = stride;
    stride = analyzer.Simplify(mul(stride, cast(stride.dtype(), extents[d])));
  }
  return strides;
}

Result<PaddedLayout> AlignedLayout(const std::vector<Expr>& shape,
                                   const std::vector<DimAlign>& aligns) {
  if (shape.empty()) return Error("storage_align needs a tensor with at least one dimension");
  const std::vector<Expr> strides = AlignedStrides(shape, aligns);
  auto map = std::make_shared<IndexMapNode>();
  for (size_t d = 0; d < shape.size(); ++d)
    map->initial_indices.emplace_back("i" + std::to_string(d), shape[d].dtype());
  std::vector<Expr> allocated;
  if (shape.size() == 1) {
    map->final_indices = {mul(map->initial_indices[0], strides[0])};
    allocated = {arith::Analyzer().Simplify(mul(shape[0], strides[0]))};
  } else {
    Expr rest = make_const(shape[0].dtype(), int64_t{0});
    for (size_t d = 1; d < shape.size(); ++d)
      rest = add(rest, mul(map->initial_indices[d], strides[d]));
    map->final_indices = {map->initial_indices[0], arith::Analyzer().Simplify(rest)};
    allocated = {shape[0], strides[0]};
  }
  return AnalyzePaddedLayoutIn(map, shape, allocated);
}

}  // namespace tessera::layout
