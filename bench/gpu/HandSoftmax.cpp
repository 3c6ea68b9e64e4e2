#include "HandSoftmax.h"

#include "codegen/cuda/NVRTC.h"

namespace tessera::bench {

namespace {

constexpr int kThreads = 128;

const char* kSource = R"(
extern "C" __global__ void softmax_rows(const float* __restrict__ in, float* __restrict__ out, int cols) {
  __shared__ float scratch[128];
  const int t = threadIdx.x;
  const float* row = in + (long long)blockIdx.x * cols;
  float* dst = out + (long long)blockIdx.x * cols;
  float m = -__int_as_float(0x7f800000);
  for (int j = t; j < cols; j += blockDim.x) m = fmaxf(m, row[j]);
  scratch[t] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) scratch[t] = fmaxf(scratch[t], scratch[t + s]);
    __syncthreads();
  }
  m = scratch[0];
  __syncthreads();
  float sum = 0.0f;
  for (int j = t; j < cols; j += blockDim.x) sum += expf(row[j] - m);
  scratch[t] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) scratch[t] += scratch[t + s];
    __syncthreads();
  }
  const float total = scratch[0];
  for (int j = t; j < cols; j += blockDim.x) dst[j] = expf(row[j] - m) / total;
}
)";

}  // namespace

Result<std::unique_ptr<HandSoftmax>> HandSoftmax::Build(
    std::shared_ptr<runtime::CudaDriver> driver) {
  std::unique_ptr<HandSoftmax> h(new HandSoftmax());
  h->driver_ = driver;
  std::string arch = driver->device().arch();
  Result<std::string> image = codegen::CompileToCUBIN(kSource, arch);
  if (!image) image = codegen::CompileToPTX(kSource, arch);
  if (!image) return image.error();
  const runtime::CudaDriverApi& api = driver->api();
  if (Status s = driver->MakeCurrent(); !s) return s.error();
  if (Status s =
          driver->Check(api.cuModuleLoadDataEx(&h->module_, image->c_str(), 0, nullptr, nullptr),
                        "loading the hand-written softmax");
      !s)
    return s.error();
  if (Status s = driver->Check(api.cuModuleGetFunction(&h->kernel_, h->module_, "softmax_rows"),
                               "softmax_rows");
      !s)
    return s.error();
  return h;
}

HandSoftmax::~HandSoftmax() {
  if (module_) driver_->api().cuModuleUnload(module_);
}

Status HandSoftmax::Launch(runtime::cu::DevicePtr in, runtime::cu::DevicePtr out, int rows,
                           int cols) const {
  void* args[] = {&in, &out, &cols};
  return driver_->Check(driver_->api().cuLaunchKernel(kernel_, static_cast<unsigned>(rows), 1, 1,
                                                      kThreads, 1, 1, 0, nullptr, args, nullptr),
                        "launching the hand-written softmax");
}

}  // namespace tessera::bench
