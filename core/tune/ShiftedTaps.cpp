#include "tune/ShiftedTaps.h"

#include "ir/ExprOp.h"
#include "schedule/AffineIndex.h"
#include "te/Tensor.h"

namespace tessera::tune {

namespace {

// The widest stride the code generator reads as a span (CodeGenLLVMMemory.cpp).
constexpr int64_t kMostStride = 4;

// Whether `index` is s * column + (reduction terms), s in [2, kMostStride], with a
// reduction axis whose steps reach s: two taps s apart.
bool ShiftableIndex(const ir::Expr& index, const ir::Var& column,
                    const std::vector<ir::IterVar>& reduce) {
  std::vector<ir::Var> vars{column};
  for (const ir::IterVar& iv : reduce) vars.push_back(iv->var);
  auto affine = schedule::MakeAffineIndex(index, vars);
  if (!affine) return false;
  const int64_t s = affine->coeffs[0];
  if (s < 2 || s > kMostStride) return false;
  for (size_t r = 0; r < reduce.size(); ++r) {
    const int64_t a = affine->coeffs[r + 1];
    const int64_t* extent =
        reduce[r]->dom.extent.defined() ? ir::as_const_int(reduce[r]->dom.extent) : nullptr;
    if (a > 0 && extent && s % a == 0 && s / a < *extent) return true;
  }
  return false;
}

}  // namespace

bool ReadsShiftableTaps(const te::ComputeOpNode& op) {
  if (op.axis.empty() || !op.is_reduction()) return false;
  const ir::Var column = op.axis.back()->var;
  bool found = false;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor&, const std::vector<ir::Expr>& indices) {
    found = found || (!indices.empty() && ShiftableIndex(indices.back(), column, op.reduce_axis));
  });
  return found;
}

}  // namespace tessera::tune
