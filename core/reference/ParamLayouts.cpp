#include "reference/ParamLayouts.h"

#include <cstring>

#include "arith/Evaluate.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"

namespace tessera::reference {

namespace {

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

// For each element of the original array (row-major), its flat index in the array after
// the changes; `after` is the shape the last change leaves.
Result<std::vector<int64_t>> MappedFlatIndices(const std::vector<int64_t>& before,
                                               const std::vector<int64_t>& after,
                                               const LayoutChain& changes) {
  int64_t count = 1;
  for (int64_t d : before) count *= d;
  std::vector<int64_t> flat(size_t(count), 0);
  std::vector<int64_t> index(before.size(), 0);
  arith::VarValueMap values;
  for (int64_t e = 0; e < count; ++e) {
    std::vector<int64_t> x = index;
    for (const tir::ParamLayoutChange* c : changes) {
      const auto& vars = c->map->initial_indices;
      if (vars.size() != x.size()) return Error("a layout change of the wrong rank");
      values.clear();
      for (size_t k = 0; k < vars.size(); ++k) values[vars[k]] = x[k];
      std::vector<int64_t> y;
      for (const ir::Expr& f : c->map->final_indices) {
        auto v = arith::EvaluateConstant(f, values);
        if (!v) return Error("the layout map " + ir::to_string(f) + ": " + v.error().message);
        y.push_back(*v);
      }
      x = std::move(y);
    }
    if (x.size() != after.size()) return Error("a layout change of the wrong rank");
    int64_t f = 0;
    for (size_t k = 0; k < x.size(); ++k) {
      if (x[k] < 0 || x[k] >= after[k])
        return Error("the layout map sends an element outside " + ShapeText(after));
      f = f * after[k] + x[k];
    }
    flat[size_t(e)] = f;
    for (size_t k = index.size(); k-- > 0;) {
      if (++index[k] < before[k]) break;
      index[k] = 0;
    }
  }
  return flat;
}

// The first constant pad value of the changes, else 0.
double PadValue(const LayoutChain& changes) {
  std::optional<ir::Expr> v = FirstConstantPad(changes);
  if (!v) return 0.0;
  if (const auto* f = v->as<ir::FloatImmNode>()) return f->value;
  return double(*ir::as_const_int(*v));
}

}  // namespace

std::optional<ir::Expr> ConstantPad(const ir::IndexMap& pad_value) {
  if (!pad_value || pad_value->final_indices.size() != 1) return std::nullopt;
  const ir::Expr& v = pad_value->final_indices[0];
  if (v.as<ir::FloatImmNode>() || ir::as_const_int(v)) return v;
  return std::nullopt;
}

std::optional<ir::Expr> FirstConstantPad(const LayoutChain& changes) {
  for (const tir::ParamLayoutChange* c : changes)
    if (std::optional<ir::Expr> v = ConstantPad(c->pad_value)) return v;
  return std::nullopt;
}

LayoutChain ChangesOf(const std::vector<tir::ParamLayoutChange>& all, size_t position) {
  LayoutChain chain;
  for (const tir::ParamLayoutChange& c : all)
    if (c.position == position) chain.push_back(&c);
  return chain;
}

Result<std::vector<int64_t>> ShapeBefore(const LayoutChain& changes) {
  std::vector<int64_t> shape;
  if (changes.empty()) return Error("no layout change");
  for (const ir::Expr& d : changes.front()->shape_before) {
    const int64_t* v = ir::as_const_int(d);
    if (!v)
      return Error(
          "a parameter of symbolic shape changed its layout; the check needs constant "
          "shapes");
    shape.push_back(*v);
  }
  return shape;
}

Result<runtime::NDArray> ToOriginalLayout(const runtime::NDArray& transformed,
                                          const LayoutChain& changes) {
  auto before = ShapeBefore(changes);
  if (!before) return before.error();
  auto flat = MappedFlatIndices(*before, transformed.shape(), changes);
  if (!flat) return flat.error();
  auto original = runtime::NDArray::Empty(*before, transformed.dtype());
  if (!original) return original.error();
  const int64_t bytes = transformed.element_bytes();
  auto* to = static_cast<char*>(original->data());
  const auto* from = static_cast<const char*>(transformed.data());
  for (size_t e = 0; e < flat->size(); ++e)
    std::memcpy(to + int64_t(e) * bytes, from + (*flat)[e] * bytes, size_t(bytes));
  return original;
}

Result<runtime::NDArray> ToTransformedLayout(const runtime::NDArray& original,
                                             const std::vector<int64_t>& transformed_shape,
                                             const LayoutChain& changes) {
  auto flat = MappedFlatIndices(original.shape(), transformed_shape, changes);
  if (!flat) return flat.error();
  auto transformed = runtime::NDArray::Empty(transformed_shape, original.dtype());
  if (!transformed) return transformed.error();
  transformed->Fill(PadValue(changes));
  const int64_t bytes = original.element_bytes();
  auto* to = static_cast<char*>(transformed->data());
  const auto* from = static_cast<const char*>(original.data());
  for (size_t e = 0; e < flat->size(); ++e)
    std::memcpy(to + (*flat)[e] * bytes, from + int64_t(e) * bytes, size_t(bytes));
  return transformed;
}

}  // namespace tessera::reference
