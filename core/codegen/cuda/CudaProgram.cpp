#include "codegen/cuda/CudaProgram.h"

#include "ir/ExprOp.h"

namespace tessera::codegen {

namespace {
constexpr const char* kLaunchOp = "tessera_cuda_launch";
}

int64_t SharedAllocation::bytes() const {
  return elements * (dtype.is_bool() ? 1 : dtype.element_of().bytes()) * dtype.lanes();
}

int64_t CudaKernel::shared_bytes() const {
  int64_t total = 0;
  for (const SharedAllocation& a : shared) total += (a.bytes() + 15) / 16 * 16;
  return total;
}

std::optional<int64_t> CudaKernel::threads_per_block() const {
  int64_t n = 1;
  for (const ir::Expr& e : block) {
    const int64_t* c = ir::as_const_int(e);
    if (!c) return std::nullopt;
    n *= *c;
  }
  return n;
}

ir::Stmt MakeKernelLaunch(int index) {
  return ir::MakeEvaluate(ir::MakeCall(ir::DataType::Int(32), kLaunchOp,
                                       {ir::make_const(ir::DataType::Int(32), int64_t{index})},
                                       ir::CallKind::Intrinsic));
}

std::optional<int> IsKernelLaunch(const ir::Stmt& s) {
  auto* e = s.as<ir::EvaluateNode>();
  auto* call = e ? e->value.as<ir::CallNode>() : nullptr;
  if (!call || call->op != kLaunchOp || call->args.size() != 1) return std::nullopt;
  const int64_t* index = ir::as_const_int(call->args[0]);
  return index ? std::optional<int>(static_cast<int>(*index)) : std::nullopt;
}

}  // namespace tessera::codegen
