#include "runtime/cuda/CudaMemory.h"

#include <algorithm>

namespace tessera::runtime {

DeviceBuffer::State::~State() {
  if (ptr && driver && driver->MakeCurrent().ok()) driver->api().cuMemFree(ptr);
}

Result<DeviceBuffer> DeviceBuffer::Allocate(std::shared_ptr<CudaDriver> driver, size_t bytes) {
  if (!driver) return Error("no CUDA driver");
  auto state = std::make_shared<State>();
  state->driver = driver;
  state->bytes = bytes;
  if (Status s = driver->MakeCurrent(); !s) return s.error();
  if (Status s = driver->Check(driver->api().cuMemAlloc(&state->ptr, std::max<size_t>(bytes, 1)),
                               "allocating " + std::to_string(bytes) + " bytes of GPU memory");
      !s)
    return s.error();
  DeviceBuffer b;
  b.state_ = std::move(state);
  return b;
}

Status DeviceBuffer::Upload(const void* host, size_t bytes) const {
  if (!state_ || bytes > state_->bytes) return Error("copy to the GPU larger than the buffer");
  if (bytes == 0) return Status::Ok();
  return state_->driver->Check(state_->driver->api().cuMemcpyHtoD(state_->ptr, host, bytes),
                               "copying " + std::to_string(bytes) + " bytes to the GPU");
}

Status DeviceBuffer::Download(void* host, size_t bytes) const {
  if (!state_ || bytes > state_->bytes) return Error("copy from the GPU larger than the buffer");
  if (bytes == 0) return Status::Ok();
  return state_->driver->Check(state_->driver->api().cuMemcpyDtoH(host, state_->ptr, bytes),
                               "copying " + std::to_string(bytes) + " bytes from the GPU");
}

}  // namespace tessera::runtime
