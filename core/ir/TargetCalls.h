// Calls whose meaning is a code generator's rather than Tessera's IR, as TVM spells them:
//
//   tir.reinterpret(x)                       the bits of x read as the call's type, which
//                                            has as many bits in all (int8x4 <-> int32)
//   tir.vectorlow(v) / tir.vectorhigh(v)    the lower / upper half of v's lanes
//   tir.vectorcombine(a, b)                  a's lanes, then b's
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
inline constexpr const char* kVectorLow = "tir.vectorlow";
inline constexpr const char* kVectorHigh = "tir.vectorhigh";
inline constexpr const char* kVectorCombine = "tir.vectorcombine";
// T.llvm_lookup_intrinsic_id("llvm.x86..."): stands for the intrinsic until a
// call_llvm_*_intrin takes it (TVM gives LLVM's id there).
inline constexpr const char* kLLVMLookupIntrinsicId = "tir.llvm_lookup_intrinsic_id";

// Refused when the bit widths differ (TVM's message names both types).
Result<Expr> MakeReinterpret(DataType t, Expr value);

// vectorlow / vectorhigh: `t` has half of `value`'s lanes (an even count) and its element
// type; vectorcombine: `t` has the lanes of `a` and `b` together, all three one element type.
Result<Expr> MakeVectorHalf(DataType t, Expr value, bool high);
Result<Expr> MakeVectorCombine(DataType t, Expr a, Expr b);

// For each lane of a vectorlow / vectorhigh / vectorcombine call, the operand it comes from
// and the lane there; nullopt for any other call.
struct LaneSource {
  int operand = 0;
  int lane = 0;
};
std::optional<std::vector<LaneSource>> VectorLaneSources(const CallNode& call);

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
