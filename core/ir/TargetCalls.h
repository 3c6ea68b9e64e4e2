// Calls whose meaning is a code generator's rather than Tessera's IR, as TVM spells them:
//
//   tir.reinterpret(x)                       the bits of x read as the call's type, which
//                                            has as many bits in all (int8x4 <-> int32)
//   tir.call_llvm_pure_intrin(name, n, args...) / tir.call_llvm_intrin(...)
//                                            the LLVM intrinsic `name` ("llvm.x86.avx512.
//                                            vpdpbusd.512") on args; the types of the first
//                                            n args pick an overloaded intrinsic's variant
//
// TVM keeps the intrinsic as LLVM's numeric id, which changes between LLVM versions;
// Tessera keeps its name (a StringImm first argument), which is also what TVM prints.
// Only the LLVM backend emits these calls; every other consumer (the interpreter, the
// CUDA printer, the emulator) refuses them by name.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "support/Result.h"

namespace tessera::ir {

inline constexpr const char* kReinterpret = "tir.reinterpret";
inline constexpr const char* kCallLLVMPureIntrin = "tir.call_llvm_pure_intrin";
inline constexpr const char* kCallLLVMIntrin = "tir.call_llvm_intrin";
// T.llvm_lookup_intrinsic_id("llvm.x86..."): stands for the intrinsic until a
// call_llvm_*_intrin takes it (TVM gives LLVM's id there).
inline constexpr const char* kLLVMLookupIntrinsicId = "tir.llvm_lookup_intrinsic_id";

// Refused when the bit widths differ (TVM's message names both types).
Result<Expr> MakeReinterpret(DataType t, Expr value);

// `intrinsic`: a string (StringImm) or T.llvm_lookup_intrinsic_id(...) naming an LLVM
// intrinsic ("llvm." ...); `num_signature`: a constant, at most the number of `args`.
Result<Expr> MakeCallLLVMIntrin(DataType t, const Expr& intrinsic, const Expr& num_signature,
                                std::vector<Expr> args, bool pure);
Expr MakeLLVMLookupIntrinsicId(std::string name);

struct LLVMIntrinCall {
  std::string name;
  int64_t num_signature = 0;
  std::span<const Expr> args;
  bool pure = true;
};
// The parts of a call_llvm_*_intrin; nullopt for any other call.
std::optional<LLVMIntrinCall> AsLLVMIntrinCall(const CallNode& call);

// Whether TVMScript prints the call's type as its first argument (T.reinterpret("int32",
// x), T.call_llvm_pure_intrin("int32x16", "llvm...", ...)), TVM's ScriptDtypePrintLocation.
bool PrintsDtypeFirst(const std::string& op);

}  // namespace tessera::ir
