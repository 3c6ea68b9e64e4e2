#include "codegen/cuda/CodeGenCUDAWide.h"

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"

namespace tessera::codegen {

using namespace ir;

std::optional<WideAccess> AsWideAccess(const Expr& flat_index, DataType element) {
  const auto* ramp = flat_index.as<RampNode>();
  if (!ramp || !is_one(ramp->stride) || element.bits() != 32 || element.is_bool()) return {};
  if (!(element.is_float() || element.is_int() || element.is_uint())) return {};
  int lanes = ramp->lanes;
  if (lanes != 2 && lanes != 4) return {};
  arith::Analyzer analyzer;
  arith::ModularSet m = analyzer.modular_set(ramp->base);
  if (m.coeff % lanes != 0 || m.base % lanes != 0) return {};
  return WideAccess{ramp->base, lanes};
}

std::string WideType(DataType element, int lanes) {
  std::string scalar = element.is_float() ? "float" : element.is_uint() ? "uint" : "int";
  return scalar + std::to_string(lanes);
}

}  // namespace tessera::codegen
