#include "script/tvm/script/TvmScriptModule.h"

#include <cmath>
#include <limits>
#include <set>

#include "ir/ExprOp.h"
#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/script/FromSource.h"
#include "script/tvm/script/TVMScriptParser.h"
#include "script/tvm/script/TvmScriptIntrinsics.h"

namespace tessera::script {

namespace {

constexpr const char* kTvmScriptPath = "tvm.script.tir";
constexpr const char* kTvmScriptXPath = "tvm.script.tirx";  // TVM 0.24+

// The T.* functions that make expressions, each the tvm.tir function of the same meaning.
constexpr const char* kExpressionFunctions[] = {"max",
                                                "min",
                                                "Cast",
                                                "if_then_else",
                                                "Select",
                                                "floordiv",
                                                "floormod",
                                                "truncdiv",
                                                "truncmod",
                                                "ceildiv",
                                                "exp",
                                                "exp2",
                                                "log",
                                                "log2",
                                                "sqrt",
                                                "rsqrt",
                                                "tanh",
                                                "sigmoid",
                                                "sin",
                                                "cos",
                                                "erf",
                                                "abs",
                                                "floor",
                                                "ceil",
                                                "round",
                                                "trunc",
                                                "pow",
                                                "Not",
                                                "And",
                                                "Or",
                                                "max_value",
                                                "min_value",
                                                "shift_left",
                                                "shift_right",
                                                "bitwise_and",
                                                "bitwise_or",
                                                "bitwise_xor",
                                                "bitwise_not",
                                                "call_extern",
                                                "call_pure_extern",
                                                "call_intrin",
                                                "likely",
                                                "Ramp",
                                                "Broadcast",
                                                "reinterpret",
                                                "vectorlow",
                                                "vectorhigh",
                                                "vectorcombine",
                                                "q_multiply_shift",
                                                "q_multiply_shift_per_axis",
                                                "vscale"};
// The calls of LLVM intrinsics (ir/TargetCalls.h): expression functions as well.
constexpr const char* kLLVMCallFunctions[] = {"call_llvm_pure_intrin", "call_llvm_intrin"};

// The expression functions TVM's ir_builder wraps with _op_wrapper, which drops a
// `dtype=` keyword (TVM's own tests write T.if_then_else(c, a, b, dtype="float32")).
bool DropsDtype(const std::string& name) {
  static const std::set<std::string> kWrapped = {"if_then_else",
                                                 "floordiv",
                                                 "floormod",
                                                 "truncdiv",
                                                 "truncmod",
                                                 "ceildiv",
                                                 "exp",
                                                 "exp2",
                                                 "log",
                                                 "log2",
                                                 "sqrt",
                                                 "rsqrt",
                                                 "tanh",
                                                 "sigmoid",
                                                 "sin",
                                                 "cos",
                                                 "erf",
                                                 "abs",
                                                 "floor",
                                                 "ceil",
                                                 "round",
                                                 "trunc",
                                                 "pow",
                                                 "max_value",
                                                 "min_value",
                                                 "shift_left",
                                                 "shift_right",
                                                 "bitwise_and",
                                                 "bitwise_or",
                                                 "bitwise_xor",
                                                 "bitwise_not",
                                                 "likely",
                                                 "q_multiply_shift",
                                                 "q_multiply_shift_per_axis"};
  return kWrapped.count(name) > 0;
}

CallArgs WithoutDtype(const CallArgs& call) {
  CallArgs out = call;
  out.keywords.clear();
  out.keyword_locs.clear();
  for (size_t i = 0; i < call.keywords.size(); ++i) {
    if (call.keywords[i].first == "dtype") continue;
    out.keywords.push_back(call.keywords[i]);
    out.keyword_locs.push_back(call.keyword_locs[i]);
  }
  return out;
}

// The functions TVM's ir_builder wraps with _dtype_forward, which makes a `dtype=` keyword
// the first argument (T.call_extern("f", x, dtype="float32")).
bool ForwardsDtype(const std::string& name) {
  return name == "call_extern" || name == "call_pure_extern" || name == "call_intrin" ||
         name == "reinterpret" || name == "vectorlow" || name == "vectorhigh" ||
         name == "vectorcombine" || name == "call_llvm_pure_intrin" || name == "call_llvm_intrin";
}

CallArgs WithDtypeFirst(const CallArgs& call) {
  CallArgs out = WithoutDtype(call);
  for (size_t i = 0; i < call.keywords.size(); ++i) {
    if (call.keywords[i].first != "dtype") continue;
    out.positional.insert(out.positional.begin(), call.keywords[i].second);
    out.positional_locs.insert(out.positional_locs.begin(), call.keyword_locs[i]);
  }
  return out;
}

// tvm.script.tir (and tirx) as a module: its functions are registered under it; any other
// attribute is a TVMScript construct Tessera does not read, refused where it is named.
// (The statements of a @T.prim_func — T.grid, T.block, T.axis.remap, ... — are read by
// the TVMScript parser from the syntax tree, never looked up here.)
struct TvmScriptTirModule : ModuleObject {
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (const Value* v = interp.Lookup(path + "." + name)) return *v;
    return Error("T." + name +
                     " is not supported in TVMScript here (T.grid, T.block, T.Buffer ... are read "
                     "inside a @T.prim_func function; elsewhere T gives typed constants such as "
                     "T.int32(16) and expression functions such as T.max)",
                 loc);
  }
};

// "inf", "-inf" and "nan", as TVM's ir_builder converts them with float().
std::optional<double> SpecialFloat(const std::string& s) {
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf") return -std::numeric_limits<double>::infinity();
  if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
  return std::nullopt;
}

// T.<dtype>(expr=None, *, is_size_var=False): tvm::cast(dtype, expr), or a new variable.
Result<Value> TypedConstant(const CallArgs& call, const std::string& name, ir::DataType t) {
  Args args(call, name, {"expr", "is_size_var"}, 0);
  if (!args.status()) return args.status().error();
  bool size_var = false;
  if (args.has("is_size_var")) {
    auto b = args.Bool("is_size_var");
    if (!b) return b.error();
    size_var = *b;
  }
  if (!args.has("expr") || args.get("expr").is_none())
    return Value::FromExpr(size_var ? ir::SizeVar("", t) : ir::Var("", t));
  const Value& v = args.get("expr");
  ir::Expr e;
  if (v.is_string()) {
    std::optional<double> f = SpecialFloat(v.as_string());
    if (!f)
      return args.ErrorAt("expr", "could not convert string to float: '" + v.as_string() + "'");
    e = ir::FloatImm(ir::DataType::Float(64), *f);
  } else if (std::optional<ir::Expr> x = ToExpr(v)) {
    e = *x;
  } else {
    return args.TypeError("expr", "a number or an expression");
  }
  // A vector type of a scalar: the scalar in every lane (tvm::cast broadcasts).
  if (t.lanes() > 1 && e.dtype().lanes() == 1)
    return Value::FromExpr(ir::MakeBroadcast(ir::cast(t.element_of(), e), t.lanes()));
  if (t.lanes() != e.dtype().lanes())
    return args.ErrorAt("expr", "cannot cast " + e.dtype().str() + " to " + t.str());
  return Value::FromExpr(ir::cast(t, e));
}

}  // namespace

void RegisterTvmScriptModule(Interpreter& interp) {
  std::vector<std::pair<std::string, ir::DataType>> types = {{"bool", ir::DataType::Bool()}};
  for (int bits : {8, 16, 32, 64}) {
    types.emplace_back("int" + std::to_string(bits), ir::DataType::Int(bits));
    types.emplace_back("uint" + std::to_string(bits), ir::DataType::UInt(bits));
  }
  for (int bits : {16, 32, 64})
    types.emplace_back("float" + std::to_string(bits), ir::DataType::Float(bits));
  // T.int8x4 ... T.float64x64: TVM's vector types of 4 to 64 lanes.
  const size_t scalars = types.size();
  for (size_t k = 1; k < scalars; ++k)
    for (int lanes : {4, 8, 16, 32, 64})
      types.emplace_back(types[k].first + "x" + std::to_string(lanes),
                         types[k].second.with_lanes(lanes));
  for (const char* path : {kTvmScriptPath, kTvmScriptXPath}) {
    auto module = std::make_shared<TvmScriptTirModule>();
    module->path = path;
    interp.Register(path, Value::FromObject(module));
    for (const auto& [name, t] : types)
      interp.RegisterFunction(
          std::string(path) + "." + name,
          [name, t](Interpreter&, const CallArgs& c) { return TypedConstant(c, name, t); });
    std::vector<const char*> names(std::begin(kExpressionFunctions),
                                   std::end(kExpressionFunctions));
    names.insert(names.end(), std::begin(kLLVMCallFunctions), std::end(kLLVMCallFunctions));
    for (const char* name : names) {
      const std::string target = std::string("tvm.tir.") + name;
      const bool forwards = ForwardsDtype(name);
      if (!DropsDtype(name) && !forwards) {
        interp.Alias(std::string(path) + "." + name, target);
        continue;
      }
      interp.RegisterFunction(
          std::string(path) + "." + name,
          [target, forwards](Interpreter& in, const CallArgs& c) -> Result<Value> {
            const Value* f = in.Lookup(target);
            if (!f) return Error(target + " is not registered", c.loc);
            return in.CallValue(*f, forwards ? WithDtypeFirst(c) : WithoutDtype(c));
          });
    }
    RegisterTvmScriptIntrinsics(interp, path);
    interp.Alias(std::string(path) + ".Div", "tvm.tir.truncdiv");
    interp.Alias(std::string(path) + ".broadcast", "tvm.tir.Broadcast");
    interp.Alias(std::string(path) + ".ramp", "tvm.tir.Ramp");
    interp.Alias(std::string(path) + ".cast", "tvm.tir.generic.cast");
    interp.Alias(std::string(path) + ".llvm_lookup_intrinsic_id",
                 "tvm.target.codegen.llvm_lookup_intrinsic_id");
  }
  RegisterTVMScriptDecorators(interp);
  RegisterFromSource(interp);
}

}  // namespace tessera::script
