// tvm.arith.Analyzer() as TVM's tests use it: ana.simplify(e), ana.canonical_simplify(e),
// ana.rewrite_simplify(e), ana.can_prove(cond), ana.bind(var, value_or_range) and
// ana.const_int_bound(e) (.min_value / .max_value), on Tessera's arith::Analyzer. Each
// Analyzer object keeps its own bindings, as TVM's does.
#pragma once

namespace tessera::script {

class Interpreter;

void RegisterArithAnalyzer(Interpreter& interp);

}  // namespace tessera::script
