// DeviceBuffer: one allocation of GPU memory (freed when the last copy goes), with
// copies from and to host memory.
#pragma once

#include <cstddef>
#include <memory>

#include "runtime/cuda/CudaDriver.h"

namespace tessera::runtime {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  // At least one byte is allocated (a zero-size tensor still needs an address).
  static Result<DeviceBuffer> Allocate(std::shared_ptr<CudaDriver> driver, size_t bytes);

  cu::DevicePtr ptr() const { return state_ ? state_->ptr : 0; }
  size_t bytes() const { return state_ ? state_->bytes : 0; }
  Status Upload(const void* host, size_t bytes) const;
  Status Download(void* host, size_t bytes) const;

 private:
  struct State {
    std::shared_ptr<CudaDriver> driver;
    cu::DevicePtr ptr = 0;
    size_t bytes = 0;
    ~State();
  };
  std::shared_ptr<State> state_;
};

}  // namespace tessera::runtime
