#include "codegen/LoweringContext.h"

#include "codegen/CpuTarget.h"

namespace tessera::codegen {

int TargetFp32Lanes() {
  const auto& target = CpuTargetFromEnvironment();
  return target ? target->fp32_lanes : HostFp32Lanes();
}

transform::PassContext LoweringContext(const std::string& target) {
  transform::PassContext ctx;
  ctx.target = target;
  if (target == "llvm") ctx.vector_lanes = TargetFp32Lanes();
  return ctx;
}

}  // namespace tessera::codegen
