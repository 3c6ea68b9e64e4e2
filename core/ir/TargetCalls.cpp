#include "ir/TargetCalls.h"

#include "ir/ExprOp.h"
#include "ir/Printer.h"

namespace tessera::ir {

namespace {

const std::string* StringValue(const Expr& e) {
  const auto* s = e.as<StringImmNode>();
  return s ? &s->value : nullptr;
}

}  // namespace

Result<Expr> MakeReinterpret(DataType t, Expr value) {
  if (!value.defined()) return Error("reinterpret: no value");
  DataType from = value.dtype();
  if (from.is_handle() || t.is_handle())
    return Error("cannot reinterpret " + from.str() + " as " + t.str());
  if (int64_t(from.bits()) * from.lanes() != int64_t(t.bits()) * t.lanes())
    return Error("cannot reinterpret " + from.str() + " (" +
                 std::to_string(from.bits() * from.lanes()) + " bits) as " + t.str() + " (" +
                 std::to_string(t.bits() * t.lanes()) + " bits): the sizes differ");
  return MakeCall(t, kReinterpret, {std::move(value)}, CallKind::PureIntrinsic);
}

Result<Expr> MakeVectorHalf(DataType t, Expr value, bool high) {
  const char* what = high ? "vectorhigh" : "vectorlow";
  if (!value.defined()) return Error(std::string(what) + ": no value");
  DataType from = value.dtype();
  if (from.lanes() < 2 || from.lanes() % 2 != 0 || t.lanes() * 2 != from.lanes() ||
      t.element_of() != from.element_of())
    return Error(std::string(what) + ": " + t.str() + " is not half of " + from.str() +
                 " (the same element type, half the lanes)");
  return MakeCall(t, high ? kVectorHigh : kVectorLow, {std::move(value)}, CallKind::PureIntrinsic);
}

Result<Expr> MakeVectorCombine(DataType t, Expr a, Expr b) {
  if (!a.defined() || !b.defined()) return Error("vectorcombine: a missing operand");
  if (a.dtype().element_of() != t.element_of() || b.dtype().element_of() != t.element_of() ||
      a.dtype().lanes() + b.dtype().lanes() != t.lanes())
    return Error("vectorcombine: " + a.dtype().str() + " and " + b.dtype().str() + " do not make " +
                 t.str());
  return MakeCall(t, kVectorCombine, {std::move(a), std::move(b)}, CallKind::PureIntrinsic);
}

std::optional<std::vector<LaneSource>> VectorLaneSources(const CallNode& call) {
  int lanes = call.dtype.lanes();
  std::vector<LaneSource> out;
  if ((call.op == kVectorLow || call.op == kVectorHigh) && call.args.size() == 1) {
    int first = call.op == kVectorHigh ? lanes : 0;
    for (int l = 0; l < lanes; ++l) out.push_back({0, first + l});
    return out;
  }
  if (call.op == kVectorCombine && call.args.size() == 2) {
    int split = call.args[0].dtype().lanes();
    for (int l = 0; l < lanes; ++l)
      out.push_back(l < split ? LaneSource{0, l} : LaneSource{1, l - split});
    return out;
  }
  return std::nullopt;
}

Expr MakeLLVMLookupIntrinsicId(std::string name) {
  return MakeCall(DataType::UInt(32), kLLVMLookupIntrinsicId, {StringImm(std::move(name))},
                  CallKind::PureIntrinsic);
}

Result<Expr> MakeCallLLVMIntrin(DataType t, const Expr& intrinsic, const Expr& num_signature,
                                std::vector<Expr> args, bool pure) {
  const char* what = pure ? "call_llvm_pure_intrin" : "call_llvm_intrin";
  const std::string* name = StringValue(intrinsic);
  if (const auto* lookup = intrinsic.as<CallNode>();
      lookup && lookup->op == kLLVMLookupIntrinsicId && lookup->args.size() == 1)
    name = StringValue(lookup->args[0]);
  if (!name)
    return Error(std::string(what) +
                 ": the intrinsic must be named by a string (\"llvm.x86...\") or "
                 "T.llvm_lookup_intrinsic_id(name), not " +
                 (intrinsic.defined() ? intrinsic.dtype().str() + " " + to_string(intrinsic)
                                      : std::string("nothing")));
  if (name->rfind("llvm.", 0) != 0 || name->size() == 5)
    return Error(std::string(what) + ": \"" + *name +
                 "\" is not an LLVM intrinsic name (they begin with \"llvm.\")");
  const int64_t* n = num_signature.defined() ? as_const_int(num_signature) : nullptr;
  if (!n || *n < 0 || *n > int64_t(args.size()))
    return Error(std::string(what) + "(\"" + *name +
                 "\"): the signature count must be a constant from 0 to the number of "
                 "arguments (" +
                 std::to_string(args.size()) + ")");
  for (const Expr& a : args)
    if (!a.defined()) return Error(std::string(what) + "(\"" + *name + "\"): a missing argument");
  std::vector<Expr> all{StringImm(*name), make_const(DataType::UInt(32), *n)};
  for (Expr& a : args) all.push_back(std::move(a));
  return MakeCall(t, pure ? kCallLLVMPureIntrin : kCallLLVMIntrin, std::move(all),
                  pure ? CallKind::PureIntrinsic : CallKind::Intrinsic);
}

std::optional<LLVMIntrinCall> AsLLVMIntrinCall(const CallNode& call) {
  bool pure = call.op == kCallLLVMPureIntrin;
  if ((!pure && call.op != kCallLLVMIntrin) || call.args.size() < 2) return std::nullopt;
  const std::string* name = StringValue(call.args[0]);
  const int64_t* n = as_const_int(call.args[1]);
  if (!name || !n) return std::nullopt;
  return LLVMIntrinCall{*name, *n, std::span<const Expr>(call.args).subspan(2), pure};
}

bool PrintsDtypeFirst(const std::string& op) {
  return op == kReinterpret || op == kCallLLVMPureIntrin || op == kCallLLVMIntrin ||
         op == kVectorLow || op == kVectorHigh || op == kVectorCombine;
}

}  // namespace tessera::ir
