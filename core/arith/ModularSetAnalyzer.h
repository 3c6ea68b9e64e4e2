// ModularSetAnalyzer: the set { coeff * k + base } an integer expression belongs to
// (e.g. 4*x + 2 is "2 mod 4"), from constants, bindings, constraints of the form
// floormod(x, c) == b, and the arithmetic of its operands. Used to prove divisibility
// (x*8 + 4 is never 0 mod 8) and exact divisions.
#pragma once

#include <unordered_map>

#include "arith/Analyzer.h"

namespace tessera::arith {

class ModularSetAnalyzer {
 public:
  explicit ModularSetAnalyzer(Analyzer::Impl* parent) : parent_(parent) {}
  ModularSet Modular(const ir::Expr& e);

 private:
  Analyzer::Impl* parent_;
  int depth_ = 0;
  std::unordered_map<const ir::VarNode*, bool> resolving_;

  ModularSet Visit(const ir::Expr& e);
  ModularSet VisitVar(const ir::Expr& e);
  ModularSet VisitBinary(const ir::BinaryNode* n, const ir::Expr& e);
  ModularSet VisitDivMod(const ir::BinaryNode* n, const ModularSet& a);
};

}  // namespace tessera::arith
