// The tests' handle on the product's CUDA emulator (runtime/cuda/Emulator.h, where its
// behaviour is documented): the same module, built into a QTemporaryDir's path.
#pragma once

#include <QString>
#include <functional>
#include <memory>
#include <string>

#include "codegen/cuda/CodeGenCUDA.h"
#include "runtime/ArgBinder.h"
#include "runtime/IRInterpreter.h"
#include "runtime/cuda/CudaHostProgram.h"
#include "runtime/cuda/Emulator.h"

namespace tessera::testing {

struct EmulatedModule {
  static Result<std::unique_ptr<runtime::EmulatedCudaModule>> Build(
      const codegen::CudaProgram& program, const QString& dir,
      const std::function<std::string(std::string)>& edit = {}) {
    return runtime::EmulatedCudaModule::Build(program, dir.toStdString(), edit);
  }
  static QString Compiler() {
    return QString::fromStdString(runtime::EmulatedCudaModule::Compiler());
  }
};

}  // namespace tessera::testing
