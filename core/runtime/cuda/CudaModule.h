// CudaModule: a program compiled for and loaded on the GPU (BuildCUDA), callable with
// host arrays (Call) and measurable with CUDA events (RunCUDA). Building checks that a
// GPU is there first, then lowers (codegen::LowerForCUDA, with the device's
// architecture and limits), generates CUDA C++, compiles it with NVRTC to a CUBIN for
// the device (PTX for the newest architecture NVRTC knows when that fails, which the
// driver compiles itself) and loads it. Every failure is an Error: no driver or no GPU,
// an illegal launch configuration, a compile error with NVRTC's log, a kernel fault.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "codegen/cuda/CudaLowering.h"
#include "runtime/IRInterpreter.h"
#include "runtime/NDArray.h"
#include "runtime/cuda/CudaDriver.h"
#include "transform/Pipeline.h"

namespace tessera::runtime {

struct CudaRunOptions {
  int warmup = 1;  // untimed runs first (the first launch loads the module's code)
  int repeat = 1;  // timed runs
};

struct CudaRunResult {
  std::vector<double> times_ms;  // per timed run: all kernel launches of one call
  double min_ms = 0.0;
  double median_ms = 0.0;
  int launches_per_run = 0;
};

class CudaModule {
 public:
  CudaModule() = default;
  bool defined() const { return loaded_ != nullptr; }

  const codegen::CudaProgram& program() const;
  const std::string& source() const;  // the CUDA C++ NVRTC compiled
  const std::string& ptx() const;     // when the module was loaded from PTX (else empty)
  const std::string& arch() const;    // what it was compiled for, e.g. "sm_90"
  const std::vector<transform::PassRecord>& timeline() const;
  double compile_ms() const;

  // Copies every buffer to the GPU, runs the host program (all kernels) once and copies
  // the buffers the kernels write back into `buffers` (arrays share memory, so the
  // caller's arrays hold the results). Scalars as for a CompiledFunction.
  Status Call(const std::vector<NDArray>& buffers, const ScalarArgs& scalars = {}) const;

  struct Loaded;  // the loaded module (CudaModule.cpp)

 private:
  std::shared_ptr<const Loaded> loaded_;
  friend Result<CudaModule> BuildCUDA(const transform::LoweredProgram&,
                                      const codegen::CudaOptions&);
  friend Result<CudaRunResult> RunCUDA(const CudaModule&, const std::vector<NDArray>&,
                                       const ScalarArgs&, const CudaRunOptions&);
};

// `options.arch` and the limits are replaced by the device's.
Result<CudaModule> BuildCUDA(const transform::LoweredProgram& lowered,
                             const codegen::CudaOptions& options = {});

// Like Call, timing each run with CUDA events (copies are not timed); the outputs of
// the last run are copied back.
Result<CudaRunResult> RunCUDA(const CudaModule& module, const std::vector<NDArray>& buffers,
                              const ScalarArgs& scalars = {}, const CudaRunOptions& options = {});

// The options of the GPU Tessera would run on (its architecture and limits), or the
// defaults (sm_90) when there is none.
codegen::CudaOptions CudaOptionsForDevice();

}  // namespace tessera::runtime
