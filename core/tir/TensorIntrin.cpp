#include "tir/TensorIntrin.h"

#include "tir/ScheduleError.h"

namespace tessera::tir {

Result<TensorIntrin> MakeTensorIntrin(std::string name, PrimFunc desc, PrimFunc impl) {
  if (desc.params.size() != impl.params.size()) {
    return ScheduleError("ValueError",
                         "The number of parameters of the description and the implementation of "
                         "the tensor intrinsic doesn't match.");
  }
  for (const PrimFunc* f : {&desc, &impl}) {
    if (!RootRealize(*f)) {
      return ScheduleError("ValueError",
                           std::string("the ") + (f == &desc ? "description" : "implementation") +
                               " of tensor intrinsic '" + name + "' has no root block");
    }
  }
  auto n = std::make_shared<TensorIntrinNode>();
  n->name = std::move(name);
  n->desc = std::move(desc);
  n->impl = std::move(impl);
  return TensorIntrin(std::move(n));
}

Status TensorIntrinRegistry::Register(const std::string& name, PrimFunc desc, PrimFunc impl,
                                      bool override) {
  auto intrin = MakeTensorIntrin(name, std::move(desc), std::move(impl));
  if (!intrin.ok()) return intrin.error();
  std::lock_guard<std::mutex> lock(mutex_);
  if (!override && intrins_.count(name)) {
    return ScheduleError("ValueError", "TensorIntrin '" + name + "' has already been registered");
  }
  intrins_[name] = *intrin;
  return Status::Ok();
}

Result<TensorIntrin> TensorIntrinRegistry::Get(const std::string& name) const {
  if (TensorIntrin found = Find(name)) return found;
  return ScheduleError("ValueError", "TensorIntrin '" + name + "' is not registered");
}

TensorIntrin TensorIntrinRegistry::Find(const std::string& name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = intrins_.find(name);
  return it == intrins_.end() ? nullptr : it->second;
}

std::vector<std::string> TensorIntrinRegistry::Names() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> names;
  for (const auto& [name, intrin] : intrins_) names.push_back(name);
  return names;
}

TensorIntrinRegistry& GlobalTensorIntrins() {
  static TensorIntrinRegistry* registry = new TensorIntrinRegistry();
  return *registry;
}

std::shared_ptr<const TensorIntrinRegistry> GlobalTensorIntrinsShared() {
  return std::shared_ptr<const TensorIntrinRegistry>(&GlobalTensorIntrins(),
                                                     [](const TensorIntrinRegistry*) {});
}

}  // namespace tessera::tir
