// `from tvm.script import tir as T` for TE programs that use TVMScript's dtype functions as
// typed constants (TVM's test_te_schedule_tensorize.py: `factor = T.int32(16)`,
// `assert_structural_equal(extent, T.int32(1))`). T.int8 ... T.int64, T.uint8 ... T.uint64,
// T.float16 / T.float32 / T.float64 and T.bool cast their argument to the type, as TVM's
// ir_builder does (a constant folds to a typed IntImm / FloatImm; "inf", "-inf" and "nan"
// are floats). Without an argument they make a fresh variable of the type, as outside a
// TVMScript function in TVM. Any other name of the module (T.prim_func, T.Buffer, T.block
// ...) is TVMScript, which Tessera does not read: the error says so where it is named.
#pragma once

namespace tessera::script {

class Interpreter;

void RegisterTvmScriptModule(Interpreter& interp);

}  // namespace tessera::script
