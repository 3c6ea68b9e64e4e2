#include "script/tvm/arith/ArithAnalyzerObject.h"

#include <memory>

#include "arith/Analyzer.h"
#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/te/BoundObjects.h"
#include "script/tvm/te/TeObjects.h"

namespace tessera::script {

namespace {

// const_int_bound's result: .min_value / .max_value (TVM prints +-inf as the int64 ends).
struct ConstIntBoundObject : Object {
  arith::ConstIntBound bound;
  std::string type_name() const override { return "ConstIntBound"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "min_value") return Value::Int(bound.min_value);
    if (name == "max_value") return Value::Int(bound.max_value);
    return Object::GetAttr(interp, name, loc);
  }
};

struct ArithAnalyzerObject : Object {
  // Shared with the bound methods, which outlive an attribute lookup.
  std::shared_ptr<arith::Analyzer> analyzer = std::make_shared<arith::Analyzer>();
  std::string type_name() const override { return "Analyzer"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

using ExprMethod = ir::Expr (*)(arith::Analyzer&, const ir::Expr&);

Value SimplifyMethod(const std::shared_ptr<arith::Analyzer>& a, const std::string& name,
                     ExprMethod run) {
  return MakeFunction(name, [a, name, run](Interpreter&, const CallArgs& call) -> Result<Value> {
    Args args(call, name, {"expr", "steps"}, 1);
    if (!args.status()) return args.status().error();
    auto e = args.Expr("expr");
    if (!e) return e.error();
    return Value::FromExpr(run(*a, *e));
  });
}

Result<Value> ArithAnalyzerObject::GetAttr(Interpreter& interp, const std::string& name,
                                           const SourceLoc& loc) const {
  std::shared_ptr<arith::Analyzer> a = analyzer;
  if (name == "simplify")
    return SimplifyMethod(a, name,
                          [](arith::Analyzer& an, const ir::Expr& e) { return an.Simplify(e); });
  if (name == "canonical_simplify")
    return SimplifyMethod(
        a, name, [](arith::Analyzer& an, const ir::Expr& e) { return an.canonical_simplify(e); });
  if (name == "rewrite_simplify")
    return SimplifyMethod(
        a, name, [](arith::Analyzer& an, const ir::Expr& e) { return an.rewrite_simplify(e); });
  if (name == "can_prove")
    return MakeFunction(name, [a](Interpreter&, const CallArgs& call) -> Result<Value> {
      Args args(call, "can_prove", {"expr", "strength"}, 1);
      if (!args.status()) return args.status().error();
      auto e = args.Expr("expr");
      if (!e) return e.error();
      if (!e->dtype().is_bool()) return args.TypeError("expr", "a boolean condition");
      return Value::Bool(a->CanProve(*e));
    });
  if (name == "const_int_bound")
    return MakeFunction(name, [a](Interpreter&, const CallArgs& call) -> Result<Value> {
      Args args(call, "const_int_bound", {"expr"}, 1);
      if (!args.status()) return args.status().error();
      auto e = args.Expr("expr");
      if (!e) return e.error();
      auto b = std::make_shared<ConstIntBoundObject>();
      b->bound = a->const_int_bound(*e);
      return Value::FromObject(b);
    });
  if (name == "bind")
    return MakeFunction(name, [a](Interpreter&, const CallArgs& call) -> Result<Value> {
      Args args(call, "bind", {"var", "expr"}, 2);
      if (!args.status()) return args.status().error();
      ir::Var var;
      if (ir::IterVar iv = AsIterVar(args.get("var")))
        var = iv->var;
      else if (args.get("var").is_expr())
        var = ir::Var::from(args.get("var").as_expr());
      if (!var.defined()) return args.TypeError("var", "a variable");
      if (auto* range = args.get("expr").as<BoundRangeObject>()) {
        a->Bind(var, range->range, true);
        return Value();
      }
      auto e = args.Expr("expr");
      if (!e) return e.error();
      a->Bind(var, *e, true);
      return Value();
    });
  return Object::GetAttr(interp, name, loc);
}

}  // namespace

void RegisterArithAnalyzer(Interpreter& interp) {
  interp.RegisterFunction("tvm.arith.Analyzer",
                          [](Interpreter&, const CallArgs& call) -> Result<Value> {
                            Args args(call, "Analyzer", {}, 0);
                            if (!args.status()) return args.status().error();
                            return Value::FromObject(std::make_shared<ArithAnalyzerObject>());
                          });
  interp.Alias("tvm.arith.analyzer.Analyzer", "tvm.arith.Analyzer");
}

}  // namespace tessera::script
