#include "script/tvm/tir/TirPrimFuncValue.h"

#include <algorithm>
#include <functional>
#include <map>

#include "script/lang/Args.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/tir/TirAnnotationValue.h"
#include "tir/CreatePrimFunc.h"

namespace tessera::script {

namespace {

Value TirValueConstantMethod(const std::string& name, Value v) {
  return MakeFunction(name, [v](Interpreter&, const CallArgs&) -> Result<Value> { return v; });
}

// script() takes TVM's printing keywords (show_meta, verbose_expr, ...); none changes
// what Tessera prints, so they are accepted and ignored. Positional arguments are not.
Result<Value> TirValueScriptMethodResult(const CallArgs& call, const std::string& text) {
  if (!call.positional.empty())
    return Error("script() takes keyword arguments only", call.positional_locs[0]);
  return Value::String(text);
}

std::string TirValueIndented(const std::string& text, const std::string& pad) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    out += (line.empty() ? "" : pad) + line;
    if (end == text.size()) break;
    out += "\n";
    start = end + 1;
  }
  return out;
}

// A function as it appears inside `@I.ir_module class Module:` (its import line dropped).
std::string TirValueFunctionInModule(const tir::PrimFunc& f, tir::TvmDialect dialect) {
  std::string text = tir::AsTVMScript(f, dialect);
  size_t body = text.find("@T.prim_func");
  return TirValueIndented(body == std::string::npos ? text : text.substr(body), "    ");
}

// One attribute of with_attr; errors point at `param` of the call.
Result<tir::PrimFunc> WithOneAttr(tir::PrimFunc f, const Value& key, const Value& value,
                                  const Args& args, const std::string& param) {
  if (!key.is_string()) return args.TypeError(param, "a str key");
  const std::string& name = key.as_string();
  if (name == "global_symbol") {
    if (!value.is_string()) return args.ErrorAt(param, "\"global_symbol\" takes a str");
    f.name = value.as_string();
    return f;
  }
  if (name == "tir.noalias" || name == "tirx.noalias") {
    if (!value.is_integer()) return args.ErrorAt(param, "\"" + name + "\" takes a bool");
    f.noalias = value.as_bool();
    return f;
  }
  std::optional<ir::Expr> kept = TirAnnotationValue(value);
  if (!kept)
    return args.ErrorAt(param, "the value of \"" + name +
                                   "\" must be a number, a string, an expression, a list or a "
                                   "dict of them, not " +
                                   value.type_name());
  f.attrs[name] = *kept;
  return f;
}

// PrimFunc.with_attr(key, value) or with_attr({key: value, ...}), as TVM's.
Result<tir::PrimFunc> TirValueWithAttr(tir::PrimFunc f, const Args& args) {
  const Value& key = args.get("attr_key");
  if (const auto* dict = key.as<DictObject>()) {
    if (args.has("attr_value") && !args.get("attr_value").is_none())
      return args.ErrorAt("attr_value", "a dict of attributes takes no attr_value");
    for (const auto& [k, v] : *dict->entries) {
      auto changed = WithOneAttr(std::move(f), k, v, args, "attr_key");
      if (!changed) return changed.error();
      f = std::move(*changed);
    }
    return f;
  }
  if (!args.has("attr_value"))
    return args.ErrorAt("attr_key", "missing required argument 'attr_value'");
  return WithOneAttr(std::move(f), key, args.get("attr_value"), args, "attr_key");
}

using TirValueFuncAttr = std::function<Result<Value>(const TensorIRFunc&, const SourceLoc&)>;

const std::map<std::string, TirValueFuncAttr>& TirValuePrimFuncAttributes() {
  static const std::map<std::string, TirValueFuncAttr> attrs = {
      {"script",
       [](const TensorIRFunc& f, const SourceLoc&) -> Result<Value> {
         std::string text = tir::AsTVMScript(f.func, f.dialect);
         return MakeFunction("script", [text](Interpreter&, const CallArgs& c) {
           return TirValueScriptMethodResult(c, text);
         });
       }},
      {"show",
       [](const TensorIRFunc&, const SourceLoc&) -> Result<Value> {
         return TirValueConstantMethod("show", Value());  // scripts have no output (print)
       }},
      {"params",
       [](const TensorIRFunc& f, const SourceLoc&) -> Result<Value> {
         std::vector<Value> names;
         for (const tir::Buffer& b : f.func.params) names.push_back(Value::String(b->name));
         return Value::List(std::move(names));
       }},
      // The parameters' buffers by parameter (`f.buffer_map[f.params[0]].shape`).
      {"buffer_map",
       [](const TensorIRFunc& f, const SourceLoc&) -> Result<Value> {
         auto d = std::make_shared<DictObject>();
         for (const tir::Buffer& b : f.func.params)
           d->entries->emplace_back(Value::String(b->name),
                                    Value::FromObject(std::make_shared<BufferObject>(b)));
         return Value::FromObject(d);
       }},
      {"attrs",
       [](const TensorIRFunc& f, const SourceLoc&) -> Result<Value> {
         auto d = std::make_shared<DictObject>();
         d->entries->emplace_back(Value::String("global_symbol"), Value::String(f.func.name));
         d->entries->emplace_back(
             Value::String(f.dialect == tir::TvmDialect::STir ? "tirx.noalias" : "tir.noalias"),
             Value::Bool(f.func.noalias));
         return Value::FromObject(d);
       }},
      {"with_attr",
       [](const TensorIRFunc& f, const SourceLoc&) -> Result<Value> {
         tir::PrimFunc func = f.func;
         tir::TvmDialect dialect = f.dialect;
         std::vector<te::Tensor> te_args = f.te_args;
         return MakeFunction(
             "with_attr", [func, dialect, te_args](Interpreter&, const CallArgs& c) {
               Args args(c, "with_attr", {"attr_key", "attr_value"}, 1);
               if (!args.status()) return Result<Value>(args.status().error());
               auto changed = TirValueWithAttr(func, args);
               if (!changed) return Result<Value>(changed.error());
               return Result<Value>(MakeTensorIRFuncValue(std::move(*changed), dialect, te_args));
             });
       }},
  };
  return attrs;
}

using TirValueModuleAttr = std::function<Result<Value>(const TensorIRModule&, const SourceLoc&)>;

const std::map<std::string, TirValueModuleAttr>& TirValueModuleAttributes() {
  static const std::map<std::string, TirValueModuleAttr> attrs = {
      {"script",
       [](const TensorIRModule& m, const SourceLoc&) -> Result<Value> {
         std::string text = m.Script();
         return MakeFunction("script", [text](Interpreter&, const CallArgs& c) {
           return TirValueScriptMethodResult(c, text);
         });
       }},
      {"show",
       [](const TensorIRModule&, const SourceLoc&) -> Result<Value> {
         return TirValueConstantMethod("show", Value());
       }},
      {"functions",
       [](const TensorIRModule& m, const SourceLoc&) -> Result<Value> {
         auto d = std::make_shared<DictObject>();
         for (const auto& [name, f] : m.functions)
           d->entries->emplace_back(Value::String(name), m.FunctionValue(name, f));
         return Value::FromObject(d);
       }},
      {"get_global_vars",
       [](const TensorIRModule& m, const SourceLoc&) -> Result<Value> {
         std::vector<Value> names;
         for (const auto& entry : m.functions) names.push_back(Value::String(entry.first));
         return TirValueConstantMethod("get_global_vars", Value::List(std::move(names)));
       }},
  };
  return attrs;
}

// The (name, function) pairs of tvm.IRModule's argument: a dict of names (or GlobalVar
// names) to PrimFuncs, or one PrimFunc (IRModule.from_expr).
Result<std::vector<std::pair<std::string, tir::PrimFunc>>> TirValueModuleFunctions(
    const Value& arg, const SourceLoc& loc, tir::TvmDialect* dialect,
    std::map<std::string, std::vector<te::Tensor>>* te_args) {
  std::vector<std::pair<std::string, tir::PrimFunc>> functions;
  if (auto* f = AsTensorIRFunc(arg)) {
    *dialect = f->dialect;
    functions.emplace_back("main", f->func);
    functions.back().second.name = "main";
    (*te_args)["main"] = f->te_args;
    return functions;
  }
  auto* d = arg.as<DictObject>();
  if (!d) return Error("IRModule() expects a dict of function names to PrimFuncs", loc);
  for (const auto& [key, value] : *d->entries) {
    if (!key.is_string()) return Error("IRModule(): a function's name must be a str", loc);
    auto* f = AsTensorIRFunc(value);
    if (!f)
      return Error("IRModule(): the function '" + key.as_string() +
                       "' must be a TensorIR PrimFunc, not " + value.type_name(),
                   loc);
    *dialect = f->dialect;
    (*te_args)[key.as_string()] = f->te_args;
    tir::PrimFunc func = f->func;
    func.name = key.as_string();
    functions.emplace_back(key.as_string(), std::move(func));
  }
  return functions;
}

// tvm.IRModule: callable, a class for isinstance (a BuiltinFunction named "IRModule"),
// with the static method from_expr.
struct TirValueIRModuleClass : BuiltinFunction {
  Value from_expr;
  TirValueIRModuleClass(BuiltinFn make, Value from_expr_fn)
      : BuiltinFunction("IRModule", std::move(make)), from_expr(std::move(from_expr_fn)) {}
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "from_expr") return from_expr;
    return Object::GetAttr(interp, name, loc);
  }
};

}  // namespace

Result<Value> TensorIRFunc::GetAttr(Interpreter& interp, const std::string& name,
                                    const SourceLoc& loc) const {
  auto it = TirValuePrimFuncAttributes().find(name);
  if (it != TirValuePrimFuncAttributes().end()) return it->second(*this, loc);
  return Object::GetAttr(interp, name, loc);
}

Value TensorIRModule::FunctionValue(const std::string& name, tir::PrimFunc f) const {
  auto args = te_args.find(name);
  return MakeTensorIRFuncValue(std::move(f), dialect,
                               args == te_args.end() ? std::vector<te::Tensor>{} : args->second);
}

const tir::PrimFunc* TensorIRModule::Find(const std::string& name) const {
  for (const auto& entry : functions)
    if (entry.first == name) return &entry.second;
  return nullptr;
}

std::string TensorIRModule::Script() const {
  bool stir = dialect == tir::TvmDialect::STir;
  std::string out = std::string("# from tvm.script import ir as I\n# from tvm.script import ") +
                    (stir ? "tirx" : "tir") + " as T\n\n@I.ir_module\nclass Module:";
  // TVM prints a module's functions by name, "main" last.
  std::vector<std::pair<std::string, tir::PrimFunc>> sorted = functions;
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return std::make_pair(a.first == "main", a.first) < std::make_pair(b.first == "main", b.first);
  });
  for (size_t i = 0; i < sorted.size(); ++i) {
    tir::PrimFunc f = sorted[i].second;
    f.name = sorted[i].first;
    out += std::string(i ? "\n\n" : "\n") + TirValueFunctionInModule(f, dialect);
  }
  return out;
}

Result<Value> TensorIRModule::GetAttr(Interpreter& interp, const std::string& name,
                                      const SourceLoc& loc) const {
  auto it = TirValueModuleAttributes().find(name);
  if (it != TirValueModuleAttributes().end()) return it->second(*this, loc);
  return Object::GetAttr(interp, name, loc);
}

Result<Value> TensorIRModule::Subscript(Interpreter&, const std::vector<Value>& indices,
                                        const std::vector<SourceLoc>& index_locs,
                                        const SourceLoc& loc) const {
  SourceLoc at = index_locs.empty() ? loc : index_locs[0];
  if (indices.size() != 1 || !indices[0].is_string())
    return Error("an IRModule is indexed by a function name", at);
  if (const tir::PrimFunc* f = Find(indices[0].as_string()))
    return FunctionValue(indices[0].as_string(), *f);
  std::string names;
  for (const auto& entry : functions) names += (names.empty() ? "'" : ", '") + entry.first + "'";
  return Error("KeyError: the IRModule has no function '" + indices[0].as_string() + "' (it has " +
                   (names.empty() ? std::string("none") : names) + ")",
               at);
}

Value MakeTensorIRFuncValue(tir::PrimFunc func, tir::TvmDialect dialect,
                            std::vector<te::Tensor> te_args) {
  auto f = std::make_shared<TensorIRFunc>();
  f->func = std::move(func);
  f->dialect = dialect;
  f->te_args = std::move(te_args);
  return Value::FromObject(f);
}

Value MakeTensorIRModuleValue(std::vector<std::pair<std::string, tir::PrimFunc>> functions,
                              tir::TvmDialect dialect) {
  auto m = std::make_shared<TensorIRModule>();
  m->functions = std::move(functions);
  m->dialect = dialect;
  return Value::FromObject(m);
}

std::optional<std::string> TensorIRFunc::Str() const { return tir::AsTVMScript(func, dialect); }

const TensorIRFunc* AsTensorIRFunc(const Value& v) { return v.as<TensorIRFunc>(); }
const TensorIRModule* AsTensorIRModule(const Value& v) { return v.as<TensorIRModule>(); }

void RegisterTirFunctionBuiltins(Interpreter& interp) {
  BuiltinFn make = [](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "IRModule", {"functions", "attrs", "global_infos"}, 0);
    if (!args.status()) return args.status().error();
    if (!args.get("attrs").is_none() || !args.get("global_infos").is_none())
      return Error("IRModule(): Tessera's modules take no attrs or global_infos", c.loc);
    tir::TvmDialect dialect = tir::TvmDialect::Tir;
    std::vector<std::pair<std::string, tir::PrimFunc>> functions;
    std::map<std::string, std::vector<te::Tensor>> te_args;
    if (args.has("functions") && !args.get("functions").is_none()) {
      auto fs =
          TirValueModuleFunctions(args.get("functions"), args.loc("functions"), &dialect, &te_args);
      if (!fs) return fs.error();
      functions = std::move(*fs);
    }
    auto mod = std::make_shared<TensorIRModule>();
    mod->functions = std::move(functions);
    mod->dialect = dialect;
    mod->te_args = std::move(te_args);
    return Value::FromObject(mod);
  };
  BuiltinFn from_expr = [](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "from_expr", {"expr"}, 1);
    if (!args.status()) return args.status().error();
    auto* f = AsTensorIRFunc(args.get("expr"));
    if (!f) return args.TypeError("expr", "a TensorIR PrimFunc");
    tir::PrimFunc func = f->func;
    func.name = "main";
    auto mod = std::make_shared<TensorIRModule>();
    mod->functions = {{"main", std::move(func)}};
    mod->dialect = f->dialect;
    mod->te_args["main"] = f->te_args;
    return Value::FromObject(mod);
  };
  auto cls = std::make_shared<TirValueIRModuleClass>(make, MakeFunction("from_expr", from_expr));
  for (const char* path : {"tvm.IRModule", "tvm.ir.IRModule", "tvm.ir.module.IRModule"})
    interp.Register(path, Value::FromObject(cls));
  // te.create_prim_func([A, B, C]): the TensorIR function of a tensor-expression program.
  interp.RegisterFunction("tvm.te.create_prim_func", [](Interpreter&, const CallArgs& c) {
    Args args(c, "create_prim_func", {"ops", "index_dtype_override"}, 1);
    if (!args.status()) return Result<Value>(args.status().error());
    if (!args.get("index_dtype_override").is_none())
      return Result<Value>(args.ErrorAt("index_dtype_override",
                                        "create_prim_func(): index_dtype_override is not "
                                        "supported by Tessera"));
    const Value& ops = args.get("ops");
    if (!ops.is_sequence()) return Result<Value>(args.TypeError("ops", "a list of tensors"));
    std::vector<te::Tensor> tensors;
    for (const Value& item : ops.items()) {
      te::Tensor t = AsTensor(item);
      if (!t.defined())
        return Result<Value>(args.ErrorAt(
            "ops",
            "create_prim_func(): every argument must be a te.Tensor, not " + item.type_name()));
      tensors.push_back(t);
    }
    auto func = tir::CreatePrimFunc(tensors);
    if (!func) return Result<Value>(Error(func.error().message, c.loc));
    return Result<Value>(
        MakeTensorIRFuncValue(std::move(*func), tir::TvmDialect::Tir, std::move(tensors)));
  });
}

std::optional<std::string> TensorIRDifference(const Value& a, const Value& b, bool* handled,
                                              tir::FunctionComparison how) {
  const TensorIRFunc* fa = AsTensorIRFunc(a);
  const TensorIRFunc* fb = AsTensorIRFunc(b);
  const TensorIRModule* ma = fa ? nullptr : AsTensorIRModule(a);
  const TensorIRModule* mb = fb ? nullptr : AsTensorIRModule(b);
  *handled = fa || fb || ma || mb;
  if (!*handled) return std::nullopt;
  if (fa && fb) return tir::FirstDifference(fa->func, fb->func, how);
  if (!ma || !mb) return a.type_name() + " against " + b.type_name();
  if (ma->functions.size() != mb->functions.size())
    return "modules of " + std::to_string(ma->functions.size()) + " and " +
           std::to_string(mb->functions.size()) + " functions";
  for (const auto& [name, func] : ma->functions) {
    const tir::PrimFunc* other = mb->Find(name);
    if (!other) return "the function " + name + " is only on the left";
    if (auto d = tir::FirstDifference(func, *other, how)) return "function " + name + " > " + *d;
  }
  return std::nullopt;
}

}  // namespace tessera::script
