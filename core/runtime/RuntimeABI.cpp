#include "runtime/RuntimeABI.h"

#include <cstdlib>
#include <mutex>

#include "runtime/NDArray.h"
#include "runtime/ThreadPool.h"

namespace {
thread_local std::string t_last_error;
}

extern "C" {

int32_t tessera_parallel_for(int64_t n, int32_t (*body)(int64_t, int64_t, void*), void* env) {
  std::mutex error_mutex;
  std::string first_error;
  int rc =
      tessera::runtime::ThreadPool::Global().ParallelFor(n, [&](int64_t begin, int64_t end) -> int {
        int32_t code = body(begin, end, env);
        if (code != 0) {
          std::lock_guard<std::mutex> lock(error_mutex);
          if (first_error.empty()) first_error = t_last_error;
        }
        return code;
      });
  if (rc != 0) t_last_error = first_error;
  return rc;
}

void* tessera_alloc(int64_t bytes) {
  if (bytes < 0) return nullptr;
  size_t align = tessera::runtime::kAllocAlignment;
  size_t rounded = (static_cast<size_t>(bytes) + align - 1) / align * align;
  return std::aligned_alloc(align, rounded == 0 ? align : rounded);
}

void tessera_free(void* ptr) { std::free(ptr); }

void tessera_set_error(const char* message) { t_last_error = message ? message : ""; }

}  // extern "C"

namespace tessera::runtime {

std::string LastError() { return t_last_error; }
void ClearLastError() { t_last_error.clear(); }

std::vector<std::pair<const char*, void*>> RuntimeSymbols() {
  return {
      {"tessera_parallel_for", reinterpret_cast<void*>(&tessera_parallel_for)},
      {"tessera_alloc", reinterpret_cast<void*>(&tessera_alloc)},
      {"tessera_free", reinterpret_cast<void*>(&tessera_free)},
      {"tessera_set_error", reinterpret_cast<void*>(&tessera_set_error)},
  };
}

}  // namespace tessera::runtime
