#include "tir/FunctionParams.h"

#include <unordered_set>

#include "ir/Functor.h"

namespace tessera::tir {

std::vector<FunctionParam> ParamsInOrder(const PrimFunc& f) {
  std::vector<FunctionParam> out;
  out.reserve(f.params.size() + f.scalar_params.size());
  size_t next_scalar = 0;
  auto scalars_up_to = [&](size_t position) {
    for (;
         next_scalar < f.scalar_params.size() && f.scalar_params[next_scalar].position <= position;
         ++next_scalar)
      out.push_back({nullptr, 0, &f.scalar_params[next_scalar]});
  };
  for (size_t i = 0; i < f.params.size(); ++i) {
    scalars_up_to(out.size());
    out.push_back({&f.params[i], i, nullptr});
  }
  scalars_up_to(SIZE_MAX);
  return out;
}

std::vector<Var> ShapeVariables(const PrimFunc& f) {
  std::vector<Var> out;
  std::unordered_set<const ir::ExprNode*> seen;
  for (const Buffer& b : f.params)
    for (const ir::Expr& d : b->shape)
      ir::PostOrderVisit(d, [&](const ir::Expr& x) {
        if (x.as<ir::VarNode>() && seen.insert(x.get()).second) out.push_back(Var::from(x));
      });
  return out;
}

}  // namespace tessera::tir
