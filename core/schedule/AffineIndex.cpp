#include "schedule/AffineIndex.h"

#include <cstdlib>

#include "ir/ExprOp.h"

namespace tessera::schedule {

namespace {

constexpr int64_t kLimit = int64_t{1} << 31;

bool InRange(const AffineIndex& a) {
  if (std::llabs(a.base) >= kLimit) return false;
  for (int64_t c : a.coeffs)
    if (std::llabs(c) >= kLimit) return false;
  return true;
}

std::optional<AffineIndex> Combine(AffineIndex a, const AffineIndex& b, int64_t sign) {
  a.base += sign * b.base;
  for (size_t i = 0; i < a.coeffs.size(); ++i) a.coeffs[i] += sign * b.coeffs[i];
  return InRange(a) ? std::optional<AffineIndex>(a) : std::nullopt;
}

std::optional<AffineIndex> Scale(AffineIndex a, int64_t factor) {
  if (std::llabs(factor) >= kLimit) return std::nullopt;
  a.base *= factor;
  for (int64_t& c : a.coeffs) c *= factor;
  return InRange(a) ? std::optional<AffineIndex>(a) : std::nullopt;
}

bool IsConstant(const AffineIndex& a) {
  for (int64_t c : a.coeffs)
    if (c != 0) return false;
  return true;
}

}  // namespace

std::optional<AffineIndex> MakeAffineIndex(const ir::Expr& e, const std::vector<ir::Var>& vars) {
  if (!e.defined() || !e.dtype().is_int() || e.dtype().lanes() != 1) return std::nullopt;
  AffineIndex out;
  out.coeffs.assign(vars.size(), 0);
  if (const int64_t* c = ir::as_const_int(e)) {
    out.base = *c;
    return InRange(out) ? std::optional<AffineIndex>(out) : std::nullopt;
  }
  if (e.kind() == ir::ExprKind::Var) {
    for (size_t i = 0; i < vars.size(); ++i)
      if (e.same_as(vars[i])) {
        out.coeffs[i] = 1;
        return out;
      }
    return std::nullopt;  // a variable the caller does not give
  }
  const auto* bin = e.as<ir::BinaryNode>();
  if (!bin) return std::nullopt;
  auto a = MakeAffineIndex(bin->a, vars);
  auto b = MakeAffineIndex(bin->b, vars);
  if (!a || !b) return std::nullopt;
  switch (e.kind()) {
    case ir::ExprKind::Add:
      return Combine(*a, *b, 1);
    case ir::ExprKind::Sub:
      return Combine(*a, *b, -1);
    case ir::ExprKind::Mul:
      if (IsConstant(*b)) return Scale(*a, b->base);
      if (IsConstant(*a)) return Scale(*b, a->base);
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace tessera::schedule
