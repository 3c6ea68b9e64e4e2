// `from tvm.script import tir as T` (and TVM 0.24's `tirx`): the T module. Its typed
// constants T.int8 ... T.uint64, T.float16 / T.float32 / T.float64 and T.bool cast their
// argument to the type, as TVM's ir_builder does (a constant folds to a typed IntImm /
// FloatImm; "inf", "-inf" and "nan" are floats); without an argument they make a fresh
// variable of the type, as outside a TVMScript function in TVM (TVM's
// test_te_schedule_tensorize.py: `factor = T.int32(16)`). T.max, T.Cast, T.exp, ... are the
// tvm.tir functions. T.prim_func and I.ir_module (tvm.script.ir) read TVMScript functions
// (script/tvm/TVMScriptParser.h); any other name of the module is refused where it is named.
#pragma once

namespace tessera::script {

class Interpreter;

void RegisterTvmScriptModule(Interpreter& interp);

}  // namespace tessera::script
