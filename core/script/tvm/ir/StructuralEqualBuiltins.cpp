#include "script/tvm/ir/StructuralEqualBuiltins.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "ir/Printer.h"
#include "ir/StructuralEqual.h"
#include "script/lang/Args.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "tir/StructuralEqual.h"

namespace tessera::script {

namespace {

bool ScriptValuesStructurallyEqual(const Value& a, const Value& b, bool map_free_vars) {
  if (a.is_sequence() || b.is_sequence()) {
    if (!a.is_sequence() || !b.is_sequence() || a.items().size() != b.items().size()) return false;
    for (size_t i = 0; i < a.items().size(); ++i)
      if (!ScriptValuesStructurallyEqual(a.items()[i], b.items()[i], map_free_vars)) return false;
    return true;
  }
  if (a.is_string() || b.is_string())
    return a.is_string() && b.is_string() && a.as_string() == b.as_string();
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  bool tensor_ir = false;
  auto difference = TensorIRDifference(a, b, &tensor_ir);
  if (tensor_ir) return !difference;
  auto* sa = a.as<StmtObject>();
  auto* sb = b.as<StmtObject>();
  if (sa || sb) return sa && sb && ir::StructuralEqual(sa->stmt, sb->stmt, map_free_vars);
  // Tensors, operations and the like compare by identity (an IterVar converts to its var).
  if (a.is_object() && b.is_object() && a.object() == b.object()) return true;
  auto ea = ToExpr(a), eb = ToExpr(b);
  if (!ea || !eb) return false;
  return ir::StructuralEqual(*ea, *eb, map_free_vars);
}

std::string ShownForStructuralEqual(const Value& v) {
  if (auto e = ToExpr(v); e && !v.is_sequence()) return ir::to_string(*e);
  if (auto* s = v.as<StmtObject>()) return ir::to_string(s->stmt);
  return repr(v);
}

// The optional map_free_vars argument of structural_equal and structural_hash.
Result<bool> MapFreeVars(const Args& args) {
  return args.has("map_free_vars") ? args.Bool("map_free_vars") : Result<bool>(false);
}

Result<Value> StructuralEqualCall(const CallArgs& c, const char* name, bool assert_equal) {
  Args args(c, name, {"lhs", "rhs", "map_free_vars"}, 2);
  if (!args.status()) return args.status().error();
  auto map_free_vars = MapFreeVars(args);
  if (!map_free_vars) return map_free_vars.error();
  bool tensor_ir = false;
  auto difference = TensorIRDifference(args.get("lhs"), args.get("rhs"), &tensor_ir);
  if (tensor_ir) {
    if (!assert_equal) return Value::Bool(!difference);
    if (!difference) return Value();
    return Error("ValueError: StructuralEqual check failed at " + *difference, c.loc);
  }
  bool equal = ScriptValuesStructurallyEqual(args.get("lhs"), args.get("rhs"), *map_free_vars);
  if (!assert_equal) return Value::Bool(equal);
  if (equal) return Value();
  return Error(std::string("ValueError: StructuralEqual check failed: ") +
                   ShownForStructuralEqual(args.get("lhs")) + " is not structurally equal to " +
                   ShownForStructuralEqual(args.get("rhs")),
               c.loc);
}

// tvm.ir.structural_hash: equal for values structural_equal calls equal. A module's
// functions are combined in name order (its insertion order does not count).
Result<Value> StructuralHashCall(const CallArgs& c) {
  Args args(c, "structural_hash", {"node", "map_free_vars"}, 1);
  if (!args.status()) return args.status().error();
  auto map_free_vars = MapFreeVars(args);
  if (!map_free_vars) return map_free_vars.error();
  const Value& node = args.get("node");
  // Python's hash() range: a non-negative 63-bit integer.
  auto as_int = [](size_t h) { return Value::Int(static_cast<int64_t>(h >> 1)); };
  if (const TensorIRFunc* f = AsTensorIRFunc(node)) return as_int(tir::StructuralHash(f->func));
  if (const TensorIRModule* m = AsTensorIRModule(node)) {
    std::map<std::string, size_t> by_name;
    for (const auto& [name, func] : m->functions) by_name[name] = tir::StructuralHash(func);
    size_t h = by_name.size();
    for (const auto& [name, fh] : by_name)
      h ^= std::hash<std::string>()(name) + fh + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return as_int(h);
  }
  if (const auto* s = node.as<StmtObject>())
    return as_int(ir::StructuralHash(s->stmt, *map_free_vars));
  if (auto e = ToExpr(node); e && !node.is_string())
    return as_int(ir::StructuralHash(*e, *map_free_vars));
  return args.TypeError("node", "a PrimFunc, IRModule, statement or expression");
}

}  // namespace

void RegisterStructuralEqualBuiltins(Interpreter& interp) {
  interp.RegisterFunction("tvm.ir.structural_hash",
                          [](Interpreter&, const CallArgs& c) { return StructuralHashCall(c); });
  interp.Alias("tvm.ir.base.structural_hash", "tvm.ir.structural_hash");
  interp.RegisterFunction("tvm.ir.structural_equal", [](Interpreter&, const CallArgs& c) {
    return StructuralEqualCall(c, "structural_equal", false);
  });
  interp.RegisterFunction("tvm.ir.assert_structural_equal", [](Interpreter&, const CallArgs& c) {
    return StructuralEqualCall(c, "assert_structural_equal", true);
  });
  interp.Alias("tvm.ir.base.structural_equal", "tvm.ir.structural_equal");
  interp.Alias("tvm.ir.base.assert_structural_equal", "tvm.ir.assert_structural_equal");
}

}  // namespace tessera::script
