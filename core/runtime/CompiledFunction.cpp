#include "runtime/CompiledFunction.h"

#include "runtime/RuntimeABI.h"

namespace tessera::runtime {

CompiledFunction::CompiledFunction(transform::PrimFunc signature, PackedEntry entry,
                                   std::shared_ptr<void> owner)
    : signature_(std::move(signature)), entry_(entry), owner_(std::move(owner)) {}

Status CompiledFunction::Call(const std::vector<NDArray>& buffers,
                              const ScalarArgs& scalars) const {
  auto bound = BindArguments(signature_, buffers, scalars);
  if (!bound.ok()) return bound.error();
  return CallBound(*bound);
}

Status CompiledFunction::CallBound(const BoundArguments& args) const {
  if (!entry_) return Error("function " + signature_.name + " is not compiled");
  ClearLastError();
  int32_t rc = entry_(args.packed.data());
  if (rc == 0) return Status::Ok();
  std::string message = LastError();
  if (message.empty())
    message = "kernel " + signature_.name + " failed with code " + std::to_string(rc);
  return Error(message);
}

}  // namespace tessera::runtime
