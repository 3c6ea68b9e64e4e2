// The baseline for the softmax benchmark: a plain hand-written CUDA kernel, the way one
// would write it without a compiler's help — one block of 128 threads per row, strided
// loops over the row, tree reductions in shared memory for the maximum and the sum.
// Compiled with NVRTC for the device and launched through the driver.
#pragma once

#include <memory>

#include "runtime/cuda/CudaDriver.h"

namespace tessera::bench {

class HandSoftmax {
 public:
  static Result<std::unique_ptr<HandSoftmax>> Build(std::shared_ptr<runtime::CudaDriver> driver);
  ~HandSoftmax();
  // out[r, :] = softmax(in[r, :]) for rows x cols row-major floats in GPU memory.
  Status Launch(runtime::cu::DevicePtr in, runtime::cu::DevicePtr out, int rows, int cols) const;

 private:
  HandSoftmax() = default;
  std::shared_ptr<runtime::CudaDriver> driver_;
  runtime::cu::Module module_ = nullptr;
  runtime::cu::Function kernel_ = nullptr;
};

}  // namespace tessera::bench
