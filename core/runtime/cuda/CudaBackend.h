// The CUDA backend in one include, for the command line and the GUI:
//
//   lowered = transform::LowerToPrimFunc(stmt, args, "main", ctx)      // the pipeline
//   codegen::LowerForCUDA(lowered)     -> CudaProgram + the timeline with the GPU passes
//                                         (`lower --target cuda [--after ThreadSync]`)
//   codegen::EmitCUDASource(lowered)   -> CUDA C++ (`export --format cuda`, no GPU needed)
//   codegen::CompileToPTX(source, arch)-> PTX (`export --format ptx`, no GPU needed)
//   runtime::CudaAvailable(&why)       -> false with a sentence when there is no GPU
//                                         (the CLI's exit code 4)
//   runtime::BuildCUDA(lowered)        -> CudaModule, for the device's architecture
//   module.Call(arrays, scalars)       -> runs once, outputs copied back (`run --target cuda`)
//   runtime::RunCUDA(module, arrays, scalars, {warmup, repeat})
//                                      -> min / median milliseconds (`profile --target cuda`)
#pragma once

#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"
#include "runtime/cuda/CudaModule.h"
