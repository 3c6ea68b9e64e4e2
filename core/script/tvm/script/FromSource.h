// tvm.script.from_source(text): TVMScript read from a string (a printed function or
// module, `print(mod.script())` saved by a user), as TVM's parser reads it: the text runs
// in an interpreter of its own with T, I, tir and tvm bound (and `extra_vars`), and the
// one @T.prim_func function or @I.ir_module class it defines is the result.
#pragma once

namespace tessera::script {

class Interpreter;

void RegisterFromSource(Interpreter& interp);

}  // namespace tessera::script
