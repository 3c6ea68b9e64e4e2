#include "script/tvm/te/BoundObjects.h"

#include "ir/Printer.h"
#include "schedule/Bound.h"
#include "schedule/Normalize.h"
#include "script/lang/Args.h"
#include "script/lang/ClassObject.h"
#include "script/lang/Exceptions.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/te/GraphObjects.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/tir/TirObjects.h"

namespace tessera::script {

namespace {

// A type usable with isinstance that is not already a callable built-in.
struct TypeObject : Object {
  std::string name;
  // The function that makes an instance when the type is called (tvm.tir.expr.IntImm(dtype,
  // value) is tvm.tir.IntImm's); empty for a type that is only checked against.
  std::string constructor;
  std::string type_name() const override { return "type"; }
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override {
    if (const Value* make = constructor.empty() ? nullptr : interp.Lookup(constructor))
      return interp.CallValue(*make, args);
    return Object::Call(interp, args);
  }
};

bool IsExprOfKind(const Value& v, ir::ExprKind kind) {
  return v.is_expr() && v.as_expr().kind() == kind;
}

// Whether `v` is an instance of the type called `type` (a TypeObject's or a built-in
// function's name); nullopt when the name is not a type Tessera knows.
std::optional<bool> InstanceOf(const Value& v, const std::string& type) {
  if (type == "int") return v.is_integer();
  if (type == "bool") return v.is_bool();
  if (type == "float") return v.is_float();
  if (type == "str") return v.is_string();
  if (type == "list") return v.kind() == Value::Kind::List;
  if (type == "tuple") return v.kind() == Value::Kind::Tuple;
  if (type == "dict") return v.as<DictObject>() != nullptr;
  if (type == "Map") return v.as<BoundsObject>() != nullptr || v.as<DictObject>() != nullptr;
  if (type == "IntImm") return IsExprOfKind(v, ir::ExprKind::IntImm);
  if (type == "FloatImm") return IsExprOfKind(v, ir::ExprKind::FloatImm);
  if (type == "Var") return IsExprOfKind(v, ir::ExprKind::Var);
  if (type == "PrimExpr") return v.is_expr() || v.as<IterVarObject>() != nullptr;
  if (type == "IterVar") return v.as<IterVarObject>() != nullptr;
  if (type == "Tensor") return v.as<TensorObject>() != nullptr;
  if (type == "Schedule") return v.as<ScheduleObject>() != nullptr;
  if (type == "Stage") return v.as<StageObject>() != nullptr;
  if (type == "Buffer") return v.as<BufferObject>() != nullptr;
  // te's operation classes (isinstance(A.op, tvm.te.PlaceholderOp)).
  if (type == "Operation" || type == "PlaceholderOp" || type == "ComputeOp" || type == "ScanOp" ||
      type == "ExternOp") {
    auto* op = v.as<OperationObject>();
    if (!op) return false;
    if (type == "PlaceholderOp") return op->op->kind() == te::OpKind::Placeholder;
    if (type == "ComputeOp") return op->op->kind() == te::OpKind::Compute;
    if (type == "ScanOp") return op->op->kind() == te::OpKind::Scan;
    if (type == "ExternOp") return op->op->kind() == te::OpKind::Extern;
    return true;
  }
  return TirInstanceOf(v, type);  // tvm.tir's statement and expression classes
}

void RegisterType(Interpreter& interp, const std::string& qualified, const std::string& name,
                  const std::string& constructor = "") {
  auto t = std::make_shared<TypeObject>();
  t->name = name;
  t->constructor = constructor;
  interp.Register(qualified, Value::FromObject(t));
}

}  // namespace

Result<Value> BoundRangeObject::GetAttr(Interpreter& interp, const std::string& name,
                                        const SourceLoc& loc) const {
  if (name == "min") return Value::FromExpr(range.min);
  if (name == "extent") return Value::FromExpr(range.extent);
  return Object::GetAttr(interp, name, loc);
}

Value MakeRangeValue(const ir::Range& range) {
  auto r = std::make_shared<BoundRangeObject>();
  r->range = range;
  return Value::FromObject(r);
}

Result<Value> BoundsObject::Subscript(Interpreter&, const std::vector<Value>& indices,
                                      const std::vector<SourceLoc>& index_locs,
                                      const SourceLoc& loc) const {
  ir::IterVar iv = indices.size() == 1 ? AsIterVar(indices[0]) : ir::IterVar();
  if (!iv)
    return Error("the bounds are indexed by an IterVar", index_locs.empty() ? loc : index_locs[0]);
  auto it = ranges.find(iv);
  if (it == ranges.end())
    return Error("KeyError: IterVar " + iv->var.name() + " has no range in this schedule",
                 index_locs[0]);
  return MakeRangeValue(it->second);
}

Result<Value> BoundsObject::GetAttr(Interpreter& interp, const std::string& name,
                                    const SourceLoc& loc) const {
  return Object::GetAttr(interp, name, loc);
}

void RegisterBoundBuiltins(Interpreter& interp) {
  interp.RegisterFunction(
      "tvm.te.schedule.InferBound", [](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "InferBound", {"sch"}, 1);
        if (!args.status()) return args.status().error();
        auto* s = args.get("sch").as<ScheduleObject>();
        if (!s) return args.TypeError("sch", "a schedule");
        auto ranges =
            schedule::InferBound(schedule::Normalize(*s->sch), schedule::InferBoundOptions::TVM());
        if (!ranges) return Error("InferBound: " + ranges.error().message, c.loc);
        auto bounds = std::make_shared<BoundsObject>();
        bounds->ranges = std::move(ranges.value());
        return Value::FromObject(bounds);
      });
  interp.Alias("tvm.schedule.InferBound", "tvm.te.schedule.InferBound");
  RegisterGraphBuiltins(interp);  // the other tvm.te.schedule analyses
}

void RegisterTypeBuiltins(Interpreter& interp) {
  for (const char* path :
       {"tvm.container.Map", "tvm.ir.container.Map", "tvm.ir.Map", "tvm.runtime.container.Map"})
    RegisterType(interp, path, "Map");
  RegisterType(interp, "tvm.tir.PrimExpr", "PrimExpr");
  RegisterType(interp, "tvm.ir.PrimExpr", "PrimExpr");
  RegisterType(interp, "tvm.tir.IterVar", "IterVar");
  RegisterType(interp, "tvm.te.Tensor", "Tensor");
  RegisterType(interp, "tvm.te.tensor.Tensor", "Tensor");
  RegisterType(interp, "tvm.te.Schedule", "Schedule");
  RegisterType(interp, "tvm.te.schedule.Schedule", "Schedule");
  RegisterType(interp, "tvm.te.Stage", "Stage");
  RegisterType(interp, "tvm.te.schedule.Stage", "Stage");
  // te.extern hands its body Buffers (test_te_tensor.py: isinstance(ins[0],
  // tvm.te.schedule.Buffer)).
  for (const char* path : {"tvm.tir.Buffer", "tvm.tir.buffer.Buffer", "tvm.te.schedule.Buffer"})
    RegisterType(interp, path, "Buffer");
  RegisterType(interp, "tvm.tir.expr.IntImm", "IntImm", "tvm.tir.IntImm");
  RegisterType(interp, "tvm.tir.expr.FloatImm", "FloatImm", "tvm.tir.FloatImm");
  RegisterType(interp, "tvm.tir.expr.Var", "Var");
  for (const char* op : {"Operation", "PlaceholderOp", "ComputeOp", "ScanOp", "ExternOp"}) {
    RegisterType(interp, std::string("tvm.te.") + op, op);
    RegisterType(interp, std::string("tvm.te.tensor.") + op, op);
  }
  interp.RegisterFunction("isinstance", [](Interpreter&, const CallArgs& c) -> Result<Value> {
    if (c.positional.size() != 2 || !c.keywords.empty())
      return Error("isinstance expected 2 arguments, got " + std::to_string(c.size()), c.loc);
    const Value& types = c.positional[1];
    std::vector<Value> list =
        types.kind() == Value::Kind::Tuple ? types.items() : std::vector<Value>{types};
    for (const Value& t : list) {
      if (auto* cls = t.as<ClassObject>()) {
        auto* instance = c.positional[0].as<InstanceObject>();
        if (instance && instance->cls->DerivesFrom(cls)) return Value::Bool(true);
        continue;
      }
      if (auto* cls = t.as<ExceptionClassObject>()) {
        auto* raised = c.positional[0].as<ExceptionObject>();
        if (raised && ExceptionIsSubclass(raised->cls, cls->name)) return Value::Bool(true);
        continue;
      }
      std::string name;
      if (auto* type = t.as<TypeObject>())
        name = type->name;
      else if (auto* fn = t.as<BuiltinFunction>())
        name = fn->name;
      else if (auto tir = TirTypeName(t))
        name = *tir;
      auto is = name.empty() ? std::nullopt : InstanceOf(c.positional[0], name);
      if (!is)
        return Error("isinstance() arg 2 must be a type Tessera knows, not " + t.type_name(),
                     c.positional_locs[1]);
      if (*is) return Value::Bool(true);
    }
    return Value::Bool(false);
  });
}

}  // namespace tessera::script
