// ConstIntBoundAnalyzer: a constant interval [min, max] containing every value an
// integer expression can take, from the types of its variables, size vars (>= 0),
// range and value bindings and the constraints in the context. Interval arithmetic
// saturates at +/-infinity (ConstIntBound::kPosInf / kNegInf) instead of overflowing.
#pragma once

#include <unordered_map>
#include <unordered_set>

#include "arith/Analyzer.h"
#include "arith/CanonicalForm.h"

namespace tessera::arith {

class ConstIntBoundAnalyzer {
 public:
  explicit ConstIntBoundAnalyzer(Analyzer::Impl* parent) : parent_(parent) {}
  ConstIntBound Bound(const ir::Expr& e);
  // The whole range of a type ([0, 1] for bool, everything for non-integers).
  static ConstIntBound TypeBound(ir::DataType t);

 private:
  Analyzer::Impl* parent_;
  int depth_ = 0;
  std::unordered_set<const ir::VarNode*> resolving_;  // guards cyclic bindings
  std::unordered_map<const ir::VarNode*, ConstIntBound> let_bounds_;
  std::unordered_map<const ir::VarNode*, ConstIntBound> cache_;
  uint64_t cache_version_ = 0;

  ConstIntBound Visit(const ir::Expr& e);
  ConstIntBound VisitVar(const ir::Expr& e);
  ConstIntBound ComputeVarBound(const ir::Var& v);
  ConstIntBound BoundFromFact(const LinearFact& fact, const ir::Expr& var);
  ConstIntBound VisitBinary(const ir::BinaryNode* n, const ir::Expr& e);
  ConstIntBound VisitBitCall(const ir::CallNode* n, const ir::Expr& e);
  ConstIntBound VisitDivMod(ir::ExprKind kind, const ConstIntBound& a, const ConstIntBound& b);
  ConstIntBound VisitCast(const ir::Expr& e);
  ConstIntBound VisitLet(const ir::Expr& e);
};

}  // namespace tessera::arith
