#include "script/tvm/tir/TargetCallBuiltins.h"

#include "codegen/LLVMBackend.h"
#include "ir/ExprOp.h"
#include "ir/TargetCalls.h"
#include "script/lang/Args.h"
#include "script/tvm/te/TensorIntrinObjects.h"

namespace tessera::script {

namespace {

Result<ir::DataType> DtypeArgument(const CallArgs& call, const std::string& what) {
  if (call.positional.empty() || !call.positional[0].is_string())
    return Error(what + "(): the first argument must be the result's dtype (a str)",
                 call.positional.empty() ? call.loc : call.positional_locs[0]);
  auto t = ir::DataType::parse(call.positional[0].as_string());
  if (!t)
    return Error(what + "(): unknown dtype \"" + call.positional[0].as_string() + "\"",
                 call.positional_locs[0]);
  return *t;
}

Result<Value> Reinterpret(const CallArgs& call) {
  Args args(call, "reinterpret", {"dtype", "value", "span"}, 2);
  if (!args.status()) return args.status().error();
  auto t = DtypeArgument(call, "reinterpret");
  if (!t) return t.error();
  auto value = args.Expr("value");
  if (!value) return value.error();
  auto e = ir::MakeReinterpret(*t, *value);
  if (!e) return args.ErrorAt("value", e.error().message);
  return Value::FromExpr(*e);
}

// vectorlow(dtype, vec) / vectorhigh(dtype, vec) / vectorcombine(dtype, vec1, vec2).
Result<Value> VectorLanes(const CallArgs& call, const std::string& what) {
  bool combine = what == "vectorcombine";
  Args args(call, what,
            combine ? std::vector<std::string>{"dtype", "vec1", "vec2"}
                    : std::vector<std::string>{"dtype", "vec"},
            combine ? 3 : 2);
  if (!args.status()) return args.status().error();
  auto t = DtypeArgument(call, what);
  if (!t) return t.error();
  auto first = args.Expr(combine ? "vec1" : "vec");
  if (!first) return first.error();
  auto second = combine ? args.Expr("vec2") : Result<ir::Expr>(ir::Expr());
  if (!second) return second.error();
  auto e = combine ? ir::MakeVectorCombine(*t, *first, *second)
                   : ir::MakeVectorHalf(*t, *first, what == "vectorhigh");
  if (!e) return Error(e.error().message, call.loc);
  return Value::FromExpr(*e);
}

// (dtype, name, num_signature, *args): TVM passes the signature count as the first of
// the intrinsic's arguments.
Result<Value> CallLLVMIntrin(const CallArgs& call, bool pure) {
  const std::string what = pure ? "call_llvm_pure_intrin" : "call_llvm_intrin";
  if (Status s = NoKeywords(call, what); !s) return s.error();
  auto t = DtypeArgument(call, what);
  if (!t) return t.error();
  if (call.positional.size() < 3)
    return Error(what + "(dtype, name, num_signature, *args) needs at least three arguments",
                 call.loc);
  auto operands = IntrinsicArgs(call, 1, what);
  if (!operands) return operands.error();
  ir::Expr intrinsic = (*operands)[0], signature = (*operands)[1];
  if (const auto* s = intrinsic.as<ir::StringImmNode>())
    intrinsic = ir::StringImm(codegen::LLVMIntrinsicBaseName(s->value));
  std::vector<ir::Expr> rest(operands->begin() + 2, operands->end());
  auto e = ir::MakeCallLLVMIntrin(*t, intrinsic, signature, std::move(rest), pure);
  if (!e) return Error(e.error().message, call.positional_locs[1]);
  return Value::FromExpr(*e);
}

}  // namespace

void RegisterTargetCallBuiltins(Interpreter& interp) {
  interp.RegisterFunction("tvm.tir.reinterpret",
                          [](Interpreter&, const CallArgs& c) { return Reinterpret(c); });
  interp.RegisterFunction("tvm.tir.call_llvm_pure_intrin",
                          [](Interpreter&, const CallArgs& c) { return CallLLVMIntrin(c, true); });
  interp.RegisterFunction("tvm.tir.call_llvm_intrin",
                          [](Interpreter&, const CallArgs& c) { return CallLLVMIntrin(c, false); });
  for (std::string name : {"vectorlow", "vectorhigh", "vectorcombine"})
    interp.RegisterFunction("tvm.tir." + name, [name](Interpreter&, const CallArgs& c) {
      return VectorLanes(c, name);
    });
  interp.RegisterFunction(
      "tvm.target.codegen.llvm_lookup_intrinsic_id",
      [](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "llvm_lookup_intrinsic_id", {"name"}, 1);
        if (!args.status()) return args.status().error();
        auto name = args.String("name");
        if (!name) return name.error();
        if (name->rfind("llvm.", 0) != 0)
          return args.ErrorAt("name", "\"" + *name + "\" is not an LLVM intrinsic name");
        return Value::FromExpr(
            ir::MakeLLVMLookupIntrinsicId(codegen::LLVMIntrinsicBaseName(*name)));
      });
}

}  // namespace tessera::script
