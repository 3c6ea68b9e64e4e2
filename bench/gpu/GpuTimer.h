// Timing on the GPU with CUDA events (driver API through runtime::CudaDriver): the
// median of `repeat` timed runs of `launch`, after `warmup` untimed ones.
#pragma once

#include <functional>

#include "runtime/cuda/CudaDriver.h"

namespace tessera::bench {

Result<double> MedianMs(const runtime::CudaDriver& driver, int warmup, int repeat,
                        const std::function<Status()>& launch);

}  // namespace tessera::bench
