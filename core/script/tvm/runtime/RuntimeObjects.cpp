#include "script/tvm/runtime/RuntimeObjects.h"

#include <array>

#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"

namespace tessera::script {

namespace {

// tvm.transform / tvm.ir.transform: PassContext(opt_level=..., config=...) configures
// tvm.build, which Tessera does not run (its own pipeline lowers the schedule).
// tvm.topi.testing: TOPI's numpy reference implementations (conv2d_nhwc_python, ...).
constexpr std::array<const char*, 8> kRuntimeModules = {
    "tvm.nd",  "tvm.runtime",   "tvm.testing",      "tvm.contrib",
    "tvm.rpc", "tvm.transform", "tvm.ir.transform", "tvm.topi.testing"};

// The attribute a Target answers without being asked for its runtime (TVM's Target
// fields); a kind has a name.
struct TargetKindObject : Object {
  std::string name;
  std::string type_name() const override { return "TargetKind"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override {
    if (attr == "name") return Value::String(name);
    return Object::GetAttr(interp, attr, loc);
  }
};

// The targets of the enclosing `with` blocks, innermost last, in a global no script can
// name (as te.tag_scope keeps its tags).
constexpr const char* kTargetScopeGlobal = "<target_scope>";

std::vector<Value> TargetScopes(const Interpreter& interp) {
  const Value* stack = interp.GetGlobal(kTargetScopeGlobal);
  return stack && stack->kind() == Value::Kind::List ? stack->items() : std::vector<Value>{};
}

Value MakeTarget(std::string text, std::string host) {
  auto t = std::make_shared<TargetObject>();
  t->text = std::move(text);
  t->host = std::move(host);
  return Value::FromObject(t);
}

// The target text of `target` (a string or a Target) for Target(...) and the helpers.
Result<std::string> TargetText(const Args& args, const std::string& param) {
  const Value& v = args.get(param);
  if (v.is_string()) {
    if (v.as_string().empty()) return args.ErrorAt(param, "the target must not be empty");
    return v.as_string();
  }
  if (auto* t = v.as<TargetObject>()) return t->text;
  return args.TypeError(param, "a target string (\"llvm\", \"cuda\") or a Target");
}

// tvm.target.Target: called, a Target; `Target.current(allow_none=True)` is the target
// of the innermost `with` block (TVM's), as topi-style schedule code asks for it.
struct TargetClassObject : Object {
  std::string type_name() const override { return "type"; }
  Result<Value> Call(Interpreter&, const CallArgs& c) const override {
    Args args(c, "Target", {"target", "host"}, 1);
    if (!args.status()) return args.status().error();
    auto text = TargetText(args, "target");
    if (!text) return text.error();
    std::string host;
    if (args.has("host") && !args.get("host").is_none()) {
      auto h = TargetText(args, "host");
      if (!h) return h.error();
      host = *h;
    }
    return MakeTarget(*text, host);
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name != "current") return Object::GetAttr(interp, name, loc);
    return MakeFunction(name, [](Interpreter& in, const CallArgs& c) -> Result<Value> {
      Args args(c, "current", {"allow_none"}, 0);
      if (!args.status()) return args.status().error();
      bool allow_none = true;
      if (args.has("allow_none")) {
        auto b = args.Bool("allow_none");
        if (!b) return b.error();
        allow_none = *b;
      }
      Value current = CurrentTarget(in);
      if (current.is_none() && !allow_none)
        return Error(
            "TVMError: Target context required. Please set it by constructing a TargetContext",
            c.loc);
      return current;
    });
  }
};

}  // namespace

Value MakeRuntimeValue(std::string what) {
  return Value::FromObject(std::make_shared<RuntimeValueObject>(std::move(what)));
}

bool IsRuntimeValue(const Value& v) { return v.as<RuntimeValueObject>() != nullptr; }

bool IsRuntimeModule(const std::string& path) {
  if (path != "tvm" && path.rfind("tvm.", 0) != 0) return true;
  for (const char* m : kRuntimeModules) {
    std::string prefix = m;
    if (path == prefix || path.rfind(prefix + ".", 0) == 0) return true;
  }
  return false;
}

Result<Value> RuntimeValueObject::GetAttr(Interpreter&, const std::string& name,
                                          const SourceLoc&) const {
  return MakeRuntimeValue(what + "." + name);
}

Result<Value> RuntimeValueObject::Call(Interpreter&, const CallArgs&) const {
  return MakeRuntimeValue(what + "(...)");
}

Result<Value> RuntimeValueObject::Subscript(Interpreter&, const std::vector<Value>&,
                                            const std::vector<SourceLoc>&, const SourceLoc&) const {
  return MakeRuntimeValue(what + "[...]");
}

Status RuntimeValueObject::SetItem(Interpreter&, const Value&, const Value&,
                                   const SourceLoc&) const {
  return Status::Ok();
}

std::optional<Result<Value>> RuntimeValueObject::BinaryOperator(Interpreter&, BinaryOp op,
                                                                const Value&, const Value& other,
                                                                bool self_on_left,
                                                                const SourceLoc&) const {
  if (op == BinaryOp::Mod && !self_on_left && other.is_string())  // "%s" % (x, ...)
    return Result<Value>(MakeRuntimeValue("\"" + other.as_string() + "\" % (...)"));
  return Result<Value>(MakeRuntimeValue(std::string("(... ") + spelling(op) + " ...)"));
}

std::optional<Result<Value>> RuntimeValueObject::UnaryOperator(Interpreter&, UnaryOp op,
                                                               const Value&,
                                                               const SourceLoc&) const {
  return Result<Value>(MakeRuntimeValue(std::string(spelling(op)) + "(...)"));
}

std::optional<Result<Value>> RuntimeValueObject::CompareOperator(Interpreter&, CompareOp op,
                                                                 const Value&, const Value&, bool,
                                                                 const SourceLoc&) const {
  return Result<Value>(MakeRuntimeValue(std::string("(... ") + spelling(op) + " ...)"));
}

Value CurrentTarget(const Interpreter& interp) {
  std::vector<Value> scopes = TargetScopes(interp);
  return scopes.empty() ? Value() : scopes.back();
}

Result<Value> TargetObject::GetAttr(Interpreter& interp, const std::string& name,
                                    const SourceLoc& loc) const {
  if (name == "__enter__") {
    auto self = std::make_shared<TargetObject>(*this);
    return MakeFunction(name, [self](Interpreter& in, const CallArgs&) -> Result<Value> {
      std::vector<Value> scopes = TargetScopes(in);
      scopes.push_back(Value::FromObject(self));
      in.SetGlobal(kTargetScopeGlobal, Value::List(std::move(scopes)));
      return Value::FromObject(self);
    });
  }
  if (name == "__exit__")
    return MakeFunction(name, [](Interpreter& in, const CallArgs&) -> Result<Value> {
      std::vector<Value> scopes = TargetScopes(in);
      if (!scopes.empty()) scopes.pop_back();
      in.SetGlobal(kTargetScopeGlobal, Value::List(std::move(scopes)));
      return Value();
    });
  if (name == "kind") {
    auto k = std::make_shared<TargetKindObject>();
    k->name = kind();
    return Value::FromObject(k);
  }
  if (name == "host") return host.empty() ? Value() : MakeTarget(host, "");
  if (name == "keys") {
    std::string k = kind();
    std::vector<Value> keys;
    if (k == "cuda" || k == "rocm" || k == "vulkan" || k == "opencl" || k == "metal") {
      keys = {Value::String(k), Value::String("gpu")};
    } else {
      keys = {Value::String("cpu")};
    }
    return Value::List(std::move(keys));
  }
  (void)interp;
  (void)loc;
  return MakeRuntimeValue("Target(\"" + text + "\")." + name);
}

void RegisterRuntimeBuiltins(Interpreter& interp) {
  interp.SetForeignNames([](const std::string& name, bool as_module) -> std::optional<Value> {
    if (as_module) {
      if (!IsRuntimeModule(name)) return std::nullopt;
      auto module = std::make_shared<ModuleObject>();
      module->path = name;
      return Value::FromObject(module);
    }
    const std::string parent = name.substr(0, name.rfind('.'));
    if (!IsRuntimeModule(name) && !IsRuntimeModule(parent)) return std::nullopt;
    return MakeRuntimeValue(name);
  });
  for (const char* m : kRuntimeModules) {
    auto module = std::make_shared<ModuleObject>();
    module->path = m;
    interp.Register(m, Value::FromObject(module));
  }
  interp.Register("tvm.target.Target", Value::FromObject(std::make_shared<TargetClassObject>()));
  interp.Alias("tvm.target.create", "tvm.target.Target");  // before TVM 0.8
  // tvm.target.cuda(model=..., arch=...), tvm.target.rocm(), ...: the kind's Target.
  for (const char* kind : {"cuda", "rocm", "vulkan", "opencl", "metal"}) {
    std::string k = kind;
    interp.RegisterFunction("tvm.target." + k, [k](Interpreter&, const CallArgs&) -> Result<Value> {
      return MakeTarget(k, "");
    });
  }
  interp.RegisterFunction("tvm.target.arm_cpu", [](Interpreter&, const CallArgs&) -> Result<Value> {
    return MakeTarget("llvm -device=arm_cpu", "");
  });
  // Devices: tvm.device("llvm", 0), tvm.cpu(0), tvm.cuda(0), ... are runtime values.
  for (const char* device : {"device", "cpu", "cuda", "gpu", "rocm", "vulkan", "opencl", "metal"}) {
    std::string d = device;
    interp.RegisterFunction("tvm." + d, [d](Interpreter&, const CallArgs&) -> Result<Value> {
      return MakeRuntimeValue("tvm." + d + "(...)");
    });
  }
  // tvm.build compiles in TVM; Tessera builds with `run` / `profile`. The module it
  // returns is a runtime value, so calling it (fadd(a, b, c)) or timing it
  // (fadd.time_evaluator(...)) is accepted and not run.
  interp.RegisterFunction("tvm.build", [](Interpreter&, const CallArgs&) -> Result<Value> {
    return MakeRuntimeValue("tvm.build(...)");
  });
  interp.Alias("tvm.driver.build", "tvm.build");
  // TVM 0.20's spelling of building a TensorIR module or function: tvm.compile(mod,
  // target=...) and tvm.tir.build(mod); the same runtime value.
  for (const char* compile : {"tvm.compile", "tvm.tir.build"}) {
    std::string name = compile;
    interp.RegisterFunction(name, [name](Interpreter&, const CallArgs&) -> Result<Value> {
      return MakeRuntimeValue(name + "(...)");
    });
  }
}

}  // namespace tessera::script
