// Helpers of the layout tests: index maps, lowering a schedule with its layouts, and
// moving logical values in and out of physical (padded) arrays.
#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "layout/PaddedLayout.h"
#include "runtime/IRInterpreter.h"
#include "runtime/NDArray.h"
#include "schedule/Primitives.h"
#include "schedule/Replay.h"
#include "schedule/ScheduleOps.h"
#include "te/Compute.h"
#include "transform/LayoutArguments.h"
#include "transform/Pipeline.h"

namespace tessera::testing {

using ir::DataType;
using ir::Expr;
using ir::Var;
using runtime::NDArray;

inline ir::IndexMap Map(std::vector<Var> in, std::vector<Expr> out) {
  return std::make_shared<const ir::IndexMapNode>(ir::IndexMapNode{std::move(in), std::move(out)});
}

// i -> [i // d, i % d]
inline ir::IndexMap SplitMap(int d) {
  Var i("i");
  return Map({i}, {ir::floordiv(i, Expr(d)), ir::floormod(i, Expr(d))});
}

inline te::Tensor Compute(std::vector<Expr> shape, const te::ComputeFunction& f,
                          const std::string& name, std::vector<std::string> axes) {
  return *te::compute(std::move(shape), f, name, "", std::move(axes));
}

inline std::vector<ir::DataProducer> Producers(const std::vector<te::Tensor>& tensors) {
  std::vector<ir::DataProducer> out;
  for (const te::Tensor& t : tensors) out.push_back(t.producer());
  return out;
}

// schedule::Lower + physical argument buffers + the pipeline.
inline Result<transform::LoweredProgram> LowerWithLayouts(const schedule::Schedule& sch,
                                                          const std::vector<te::Tensor>& args,
                                                          const std::string& name = "kernel") {
  auto stmt = schedule::Lower(sch);
  if (!stmt) return stmt.error();
  transform::PassContext ctx;
  std::vector<ir::DataProducer> producers = Producers(args);
  transform::AddLayoutArgBuffers(sch, producers, &ctx);
  return transform::LowerToPrimFunc(*stmt, producers, name, ctx);
}

inline std::vector<int64_t> ConstShape(const std::vector<Expr>& shape) {
  std::vector<int64_t> out;
  for (const Expr& e : shape) out.push_back(*ir::as_const_int(e));
  return out;
}

inline NDArray Array(const std::vector<int64_t>& shape, DataType t = DataType::Float(32)) {
  return *NDArray::Empty(shape, t);
}

// A physical array holding `logical` (row-major logical order), `padding` elsewhere.
inline NDArray Pack(const std::vector<double>& logical, const layout::PaddedLayout& l,
                    DataType t = DataType::Float(32), double padding = std::nan("")) {
  NDArray out = Array(ConstShape(l.physical_shape), t);
  auto cells = *layout::EnumerateElements(l);
  std::vector<int64_t> lext = ConstShape(l.logical_shape);
  for (size_t flat = 0; flat < cells.size(); ++flat) {
    if (!cells[flat].logical) {
      out.SetDouble(static_cast<int64_t>(flat), padding);
      continue;
    }
    int64_t lf = 0;
    for (size_t k = 0; k < lext.size(); ++k) lf = lf * lext[k] + (*cells[flat].logical)[k];
    out.SetDouble(static_cast<int64_t>(flat), logical[static_cast<size_t>(lf)]);
  }
  return out;
}

// The logical values (row-major) of a physical array.
inline std::vector<double> Unpack(const NDArray& a, const layout::PaddedLayout& l) {
  auto cells = *layout::EnumerateElements(l);
  std::vector<int64_t> lext = ConstShape(l.logical_shape);
  int64_t n = 1;
  for (int64_t e : lext) n *= e;
  std::vector<double> out(static_cast<size_t>(n));
  for (size_t flat = 0; flat < cells.size(); ++flat) {
    if (!cells[flat].logical) continue;
    int64_t lf = 0;
    for (size_t k = 0; k < lext.size(); ++k) lf = lf * lext[k] + (*cells[flat].logical)[k];
    out[static_cast<size_t>(lf)] = a.GetDouble(static_cast<int64_t>(flat));
  }
  return out;
}

// The values of a padding cell's array positions, in row-major physical order.
inline std::vector<double> PaddingValues(const NDArray& a, const layout::PaddedLayout& l) {
  auto cells = *layout::EnumerateElements(l);
  std::vector<double> out;
  for (size_t flat = 0; flat < cells.size(); ++flat)
    if (!cells[flat].logical) out.push_back(a.GetDouble(static_cast<int64_t>(flat)));
  return out;
}

inline std::vector<double> Values(const NDArray& a) {
  std::vector<double> out;
  for (int64_t k = 0; k < a.numel(); ++k) out.push_back(a.GetDouble(k));
  return out;
}

inline std::vector<double> Iota(int64_t n, double scale = 1.0, double offset = 0.0) {
  std::vector<double> out;
  for (int64_t k = 0; k < n; ++k) out.push_back(offset + scale * static_cast<double>(k));
  return out;
}

// Counts occurrences of `needle` in `text`.
inline int Count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (size_t p = text.find(needle); p != std::string::npos; p = text.find(needle, p + 1)) ++n;
  return n;
}

}  // namespace tessera::testing
