// LoopThroughput when Tessera is built without LLVM: there is no MCA to ask.
#include "codegen/LoopThroughput.h"

namespace tessera::codegen {

std::string ThroughputEstimate::Describe() const { return bottleneck; }

Result<ThroughputEstimate> EstimateThroughput(const std::string&, const std::string&, int) {
  return Error("MCA is not available (built with TESSERA_LLVM=OFF)");
}

std::vector<LoopThroughput> EstimateLoopThroughput(const std::string&, const LoopLines&,
                                                   const std::string&) {
  return {};
}

Result<std::vector<LoopThroughput>> EstimateLoopThroughput(const transform::PrimFunc&,
                                                           const LLVMOptions&) {
  return Error("MCA is not available (built with TESSERA_LLVM=OFF)");
}

}  // namespace tessera::codegen
