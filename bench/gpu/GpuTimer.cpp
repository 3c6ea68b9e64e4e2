#include "GpuTimer.h"

#include <algorithm>
#include <vector>

namespace tessera::bench {

Result<double> MedianMs(const runtime::CudaDriver& d, int warmup, int repeat,
                        const std::function<Status()>& launch) {
  const runtime::CudaDriverApi& api = d.api();
  runtime::cu::Event start = nullptr, stop = nullptr;
  if (Status s = d.Check(api.cuEventCreate(&start, 0), "cuEventCreate"); !s) return s.error();
  if (Status s = d.Check(api.cuEventCreate(&stop, 0), "cuEventCreate"); !s) return s.error();
  auto release = [&] {
    api.cuEventDestroy(start);
    api.cuEventDestroy(stop);
  };
  for (int i = 0; i < warmup; ++i)
    if (Status s = launch(); !s) return release(), s.error();
  std::vector<double> times;
  for (int i = 0; i < std::max(repeat, 1); ++i) {
    Status s = d.Check(api.cuEventRecord(start, nullptr), "cuEventRecord");
    if (s) s = launch();
    if (s) s = d.Check(api.cuEventRecord(stop, nullptr), "cuEventRecord");
    if (s) s = d.Check(api.cuEventSynchronize(stop), "running the kernels");
    float ms = 0.0f;
    if (s) s = d.Check(api.cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime");
    if (!s) return release(), s.error();
    times.push_back(ms);
  }
  release();
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace tessera::bench
