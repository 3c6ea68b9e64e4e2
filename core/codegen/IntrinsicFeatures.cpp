#include "codegen/IntrinsicFeatures.h"

#include <llvm/IR/Module.h>
#include <llvm/MC/MCSubtargetInfo.h>

namespace tessera::codegen {

namespace {

std::string Joined(const std::vector<std::string>& features) {
  std::string s;
  for (const std::string& f : features) s += (s.empty() ? "" : " + ") + f;
  return s;
}

}  // namespace

Status CheckIntrinsicFeatures(const llvm::Module& module, const llvm::MCSubtargetInfo& sti) {
  for (const llvm::Function& f : module) {
    if (!f.isIntrinsic()) continue;
    const std::string name = f.getName().str();
    auto sets = IntrinsicFeatureSets(name);
    if (!sets) return sets.error();
    std::vector<std::string> missing_first;
    bool runs = false;
    for (const std::vector<std::string>& set : *sets) {
      std::vector<std::string> missing;
      for (const std::string& feature : set)
        if (!sti.checkFeatures("+" + feature)) missing.push_back(feature);
      if (missing.empty()) runs = true;
      if (missing_first.empty()) missing_first = missing;
    }
    if (!runs) {
      std::string alternatives;
      for (size_t i = 1; i < sets->size(); ++i) alternatives += " or " + Joined((*sets)[i]);
      return Error("the LLVM intrinsic " + name + " needs " + Joined((*sets)[0]) + alternatives +
                   "; the CPU compiled for (" + sti.getCPU().str() + ") lacks " +
                   Joined(missing_first));
    }
  }
  return Status::Ok();
}

}  // namespace tessera::codegen
