// The packed functions TVM's tensorize tests fetch with tvm.get_global_func, on
// Tessera's own tensorize code (schedule/Tensorize.h), so that
// test_te_schedule_tensorize.py checks Tessera's regions and matching as it checks TVM's:
//   test.op.InferTensorizeRegion(stage, dom_map)   (out_dom, in_dom): {IterVar: Range}
//                                                   and {Tensor: [Range per dimension]}
//   test.op.MatchTensorizeBody(stage, out_dom, in_dom, intrin)
//                                                   [the stage's body in the intrinsic's terms]
// and what the tests do with the results: tvm.tir.stmt_functor.substitute(expr,
// {var: value}) and tvm.runtime.convert (Tessera's dicts and lists already are TVM's
// containers, so it returns its argument). tvm.get_global_func(name) gives these for
// their names; any other name stays a runtime value (ExternObjects.cpp).
#pragma once

#include <string>

namespace tessera::script {

class Interpreter;
class Value;

void RegisterTensorizeHooks(Interpreter& interp);

// The hook registered under `name` (a TVM global function name), or null.
const Value* FindGlobalFunc(const Interpreter& interp, const std::string& name);

}  // namespace tessera::script
