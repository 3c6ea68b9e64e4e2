#include "Cublas.h"

#include <dlfcn.h>

namespace tessera::bench {

Result<std::unique_ptr<Cublas>> Cublas::Load() {
  std::unique_ptr<Cublas> c(new Cublas());
  for (const char* name : {"libcublas.so", "libcublas.so.13", "libcublas.so.12",
                           "/usr/local/cuda/lib64/libcublas.so"}) {
    c->dl_ = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (c->dl_) {
      c->library_ = name;
      break;
    }
  }
  if (!c->dl_) return Error("cuBLAS (libcublas.so) cannot be loaded: " + std::string(dlerror()));
  c->create_ = reinterpret_cast<decltype(c->create_)>(dlsym(c->dl_, "cublasCreate_v2"));
  c->destroy_ = reinterpret_cast<decltype(c->destroy_)>(dlsym(c->dl_, "cublasDestroy_v2"));
  c->sgemm_ = reinterpret_cast<decltype(c->sgemm_)>(dlsym(c->dl_, "cublasSgemm_v2"));
  if (!c->create_ || !c->destroy_ || !c->sgemm_)
    return Error("cuBLAS lacks cublasCreate_v2 / cublasSgemm_v2");
  if (Status_t s = c->create_(&c->handle_); s != 0)
    return Error("cublasCreate failed with status " + std::to_string(s));
  return c;
}

Cublas::~Cublas() {
  if (handle_) destroy_(handle_);
  if (dl_) dlclose(dl_);
}

Status Cublas::Sgemm(int m, int n, int k, runtime::cu::DevicePtr a, runtime::cu::DevicePtr b,
                     runtime::cu::DevicePtr c) const {
  // cuBLAS is column-major: row-major C = A B is column-major C^T = B^T A^T.
  const float alpha = 1.0f, beta = 0.0f;
  constexpr int kNoTranspose = 0;
  Status_t s = sgemm_(handle_, kNoTranspose, kNoTranspose, n, m, k, &alpha,
                      reinterpret_cast<const float*>(b), n, reinterpret_cast<const float*>(a), k,
                      &beta, reinterpret_cast<float*>(c), n);
  if (s != 0) return Error("cublasSgemm failed with status " + std::to_string(s));
  return Status::Ok();
}

}  // namespace tessera::bench
