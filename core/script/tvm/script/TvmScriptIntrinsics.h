// TVM's builtins a TVMScript body calls by name (T.tvm_mma_sync, T.tvm_access_ptr, ...).
#pragma once

#include <string>

namespace tessera::script {

class Interpreter;

// Registers them under `path` ("tvm.script.tir" or "tvm.script.tirx").
void RegisterTvmScriptIntrinsics(Interpreter& interp, const std::string& path);

}  // namespace tessera::script
