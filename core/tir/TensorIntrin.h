// TVM's tir.TensorIntrin: a computation pattern (`desc`) and the code that replaces it
// (`impl`), two PrimFuncs over the same number of buffers, registered under a name that
// tensorize looks up:
//   tir.TensorIntrin.register("dot4", dot4_desc, dot4_impl)
//   sch.tensorize(ki, "dot4")
// Each function's body is its root block, whose reads and writes say which region of
// each parameter the pattern covers. The registry is TVM's global one for C++ callers;
// the script layer keeps one per interpreter so that running a script twice does not
// register its intrinsics twice.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "support/Result.h"
#include "tir/Stmt.h"

namespace tessera::tir {

struct TensorIntrinNode {
  std::string name;
  PrimFunc desc, impl;
};
using TensorIntrin = std::shared_ptr<const TensorIntrinNode>;

// The checks of TVM's TensorIntrin constructor: as many parameters in desc as in impl,
// and (what tensorize relies on) each body a realize of its root block.
Result<TensorIntrin> MakeTensorIntrin(std::string name, PrimFunc desc, PrimFunc impl);

class TensorIntrinRegistry {
 public:
  // "ValueError: TensorIntrin 'x' has already been registered" unless `override`.
  Status Register(const std::string& name, PrimFunc desc, PrimFunc impl, bool override = false);
  // "ValueError: TensorIntrin 'x' is not registered".
  Result<TensorIntrin> Get(const std::string& name) const;
  // Null when there is none (TVM's allow_missing=True).
  TensorIntrin Find(const std::string& name) const;
  std::vector<std::string> Names() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, TensorIntrin> intrins_;
};

// The process's registry (TVM's TensorIntrinManager::Global()); the shared form does not
// own it (schedules hold their registry by shared pointer).
TensorIntrinRegistry& GlobalTensorIntrins();
std::shared_ptr<const TensorIntrinRegistry> GlobalTensorIntrinsShared();

}  // namespace tessera::tir
