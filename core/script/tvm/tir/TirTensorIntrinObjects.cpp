#include "script/tvm/tir/TirTensorIntrinObjects.h"

#include "script/lang/Args.h"
#include "script/tvm/tir/TirPrimFuncValue.h"

namespace tessera::script {

namespace {

// The PrimFunc argument `param` (a @T.prim_func or te.create_prim_func value).
Result<tir::PrimFunc> PrimFuncArg(const Args& args, const std::string& param) {
  const TensorIRFunc* f = AsTensorIRFunc(args.get(param));
  if (!f) return args.TypeError(param, "a PrimFunc (@T.prim_func or te.create_prim_func)");
  return f->func;
}

Error At(const Error& e, const SourceLoc& loc) { return Error(e.message, loc); }

// tvm.tir.TensorIntrin: callable (TensorIntrin(desc, impl)) with the static methods
// register and get.
struct TirTensorIntrinClass : BuiltinFunction {
  Value register_fn, get_fn;
  TirTensorIntrinClass(BuiltinFn make, Value reg, Value get)
      : BuiltinFunction("TensorIntrin", std::move(make)),
        register_fn(std::move(reg)),
        get_fn(std::move(get)) {}
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "register") return register_fn;
    if (name == "get") return get_fn;
    return Object::GetAttr(interp, name, loc);
  }
};

}  // namespace

Result<Value> TirTensorIntrinObject::GetAttr(Interpreter& interp, const std::string& name,
                                             const SourceLoc& loc) const {
  if (name == "desc") return MakeTensorIRFuncValue(intrin->desc);
  if (name == "impl") return MakeTensorIRFuncValue(intrin->impl);
  return Object::GetAttr(interp, name, loc);
}

void RegisterTirTensorIntrinBuiltins(Interpreter& interp, TensorIntrinsOf intrins_of) {
  BuiltinFn make = [](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "TensorIntrin", {"desc", "impl"}, 2);
    if (!args.status()) return args.status().error();
    auto desc = PrimFuncArg(args, "desc");
    if (!desc) return desc.error();
    auto impl = PrimFuncArg(args, "impl");
    if (!impl) return impl.error();
    auto intrin = tir::MakeTensorIntrin("", *desc, *impl);
    if (!intrin.ok()) return At(intrin.error(), c.loc);
    return Value::FromObject(std::make_shared<TirTensorIntrinObject>(*intrin));
  };
  BuiltinFn reg = [intrins_of](Interpreter& in, const CallArgs& c) -> Result<Value> {
    Args args(c, "TensorIntrin.register", {"name", "desc", "impl", "override"}, 3);
    if (!args.status()) return args.status().error();
    auto name = args.String("name");
    if (!name) return name.error();
    auto desc = PrimFuncArg(args, "desc");
    if (!desc) return desc.error();
    auto impl = PrimFuncArg(args, "impl");
    if (!impl) return impl.error();
    bool override = false;
    if (args.has("override")) {
      auto b = args.Bool("override");
      if (!b) return b.error();
      override = *b;
    }
    Status s = intrins_of(in).Register(*name, *desc, *impl, override);
    if (!s.ok()) return At(s.error(), c.loc);
    return Value();
  };
  BuiltinFn get = [intrins_of](Interpreter& in, const CallArgs& c) -> Result<Value> {
    Args args(c, "TensorIntrin.get", {"name", "allow_missing"}, 1);
    if (!args.status()) return args.status().error();
    auto name = args.String("name");
    if (!name) return name.error();
    bool allow_missing = false;
    if (args.has("allow_missing")) {
      auto b = args.Bool("allow_missing");
      if (!b) return b.error();
      allow_missing = *b;
    }
    const tir::TensorIntrinRegistry& registry = intrins_of(in);
    if (tir::TensorIntrin found = registry.Find(*name))
      return Value::FromObject(std::make_shared<TirTensorIntrinObject>(found));
    if (allow_missing) return Value();
    return At(registry.Get(*name).error(), c.loc);
  };
  Value cls = Value::FromObject(std::make_shared<TirTensorIntrinClass>(
      make, MakeFunction("TensorIntrin.register", reg), MakeFunction("TensorIntrin.get", get)));
  interp.Register("tvm.tir.TensorIntrin", cls);
  interp.Register("tvm.tir.function.TensorIntrin", cls);
}

}  // namespace tessera::script
