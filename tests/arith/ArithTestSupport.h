// Helpers shared by the arith tests: a fixed set of variables, printing through the IR
// printer, and Qt metatypes so that expressions can be test data.
#pragma once

#include <QMetaType>
#include <QString>

#include "arith/Analyzer.h"
#include "ir/Expr.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"

namespace tessera::arith::test {

using namespace tessera::ir;

// Variables used across the tables (one instance each, so rows can share them).
struct Vars {
  Var x{"x"}, y{"y"}, z{"z"}, w{"w"};
  Var i{"i"}, j{"j"};
  Var n = SizeVar("n");
  Var m = SizeVar("m");
  Var plain_n{"n"};  // not a size var: nothing known about its sign
  Var io{"i.outer"}, ii{"i.inner"};
  Var b{"b", DataType::Bool()};
};

inline Vars& V() {
  static Vars vars;
  return vars;
}

inline QString Str(const Expr& e) { return QString::fromStdString(to_string(e)); }

inline Expr I64(int64_t v) { return IntImm(DataType::Int(64), v); }

}  // namespace tessera::arith::test

Q_DECLARE_METATYPE(tessera::ir::Expr)
