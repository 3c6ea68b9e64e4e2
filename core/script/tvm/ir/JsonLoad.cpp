// LoadJsonGraph: parses the JSON (support/JsonReader: located syntax errors), checks the
// graph's shape (root, nodes, each node's type_key / attrs / keys / data), then builds
// the root's object depth first from its node, each node once (shared nodes stay
// shared: one Var for every use of a variable, one IterVar for an axis and the Reduce
// that sums over it). Operations are rebuilt through the same checked constructors the
// script uses (te.placeholder, MakeComputeOp, MakeScanOp), so a loaded graph is as
// valid as one written by hand.
#include <cstdlib>
#include <set>
#include <unordered_map>

#include "ir/BitOps.h"
#include "ir/ExprOp.h"
#include "script/tvm/ir/JsonGraph.h"
#include "script/tvm/te/OperationAttrs.h"
#include "script/tvm/te/TeObjects.h"
#include "support/JsonReader.h"
#include "te/Compute.h"
#include "te/Intrinsics.h"
#include "te/Scan.h"

namespace tessera::script {

namespace {

// Nesting a JSON graph may have (a deeper one is refused, not a stack overflow: a level
// costs several frames, large ones in the sanitizer build). A te body of a 150-term sum
// nests about as deep.
constexpr int kMaxJsonGraphDepth = 200;

// What a node was rebuilt into: a script value, or one of the IR objects that only
// appear inside others (a Range, a CommReducer, a PrimType, an Op name).
struct JsonLoaded {
  enum class Kind : uint8_t {
    Null,
    Value,
    Expr,
    IterVar,
    Range,
    Reducer,
    Operation,
    Tensor,
    PrimType,
    Op,
    Array
  };
  Kind kind = Kind::Null;
  Value value;  // Value; a Map as a dict
  ir::Expr expr;
  ir::IterVar iter_var;
  ir::Range range;
  ir::CommReducer reducer;
  te::Operation op;
  te::Tensor tensor;
  ir::DataType prim;
  std::string op_name;
  std::vector<size_t> items;  // Array: node indices
};

const char* LoadedKindName(JsonLoaded::Kind k) {
  static const char* names[] = {"null",     "value",       "expression", "IterVar",
                                "Range",    "CommReducer", "operation",  "Tensor",
                                "PrimType", "Op",          "Array"};
  return names[static_cast<int>(k)];
}

std::optional<ir::ExprKind> BinaryKindOf(const std::string& type_key) {
  static const std::unordered_map<std::string, ir::ExprKind> kinds = {
      {"tir.Add", ir::ExprKind::Add},
      {"tir.Sub", ir::ExprKind::Sub},
      {"tir.Mul", ir::ExprKind::Mul},
      {"tir.Div", ir::ExprKind::Div},
      {"tir.Mod", ir::ExprKind::Mod},
      {"tir.FloorDiv", ir::ExprKind::FloorDiv},
      {"tir.FloorMod", ir::ExprKind::FloorMod},
      {"tir.Min", ir::ExprKind::Min},
      {"tir.Max", ir::ExprKind::Max},
      {"tir.EQ", ir::ExprKind::EQ},
      {"tir.NE", ir::ExprKind::NE},
      {"tir.LT", ir::ExprKind::LT},
      {"tir.LE", ir::ExprKind::LE},
      {"tir.GT", ir::ExprKind::GT},
      {"tir.GE", ir::ExprKind::GE},
      {"tir.And", ir::ExprKind::And},
      {"tir.Or", ir::ExprKind::Or}};
  auto it = kinds.find(type_key);
  return it == kinds.end() ? std::nullopt : std::optional<ir::ExprKind>(it->second);
}

// A reducer's name as Tessera's te.sum / te.max / te.min give it (the lowering and the
// reference interpreter recognise a sum by name); other reducers are "reduce", the name
// comm_reducer gives when none is passed.
std::string ReducerNameOf(const ir::CommReducerNode& r) {
  if (r.lhs.size() != 1 || r.result.size() != 1) return "reduce";
  auto* b = r.result[0].as<ir::BinaryNode>();
  if (!b) return "reduce";
  bool operands = (b->a.same_as(r.lhs[0]) && b->b.same_as(r.rhs[0])) ||
                  (b->a.same_as(r.rhs[0]) && b->b.same_as(r.lhs[0]));
  if (!operands) return "reduce";
  if (b->kind == ir::ExprKind::Add) return "sum";
  if (b->kind == ir::ExprKind::Max) return "max";
  if (b->kind == ir::ExprKind::Min) return "min";
  return "reduce";
}

class TeJsonLoader {
 public:
  TeJsonLoader(Interpreter& interp, const JsonValue& nodes, SourceLoc loc)
      : interp_(interp),
        nodes_(nodes.items),
        loc_(std::move(loc)),
        memo_(nodes.items.size()),
        busy_(nodes.items.size(), false) {}

  Result<Value> RootValue(size_t root) {
    auto loaded = Load(root);
    if (!loaded) return loaded.error();
    return ToValue(root, *loaded);
  }

 private:
  // ---------------------------------------------------------------- plumbing
  Error NodeError(size_t i, const std::string& what) const {
    const JsonValue& n = nodes_[i];
    const JsonValue* type_key = n.find("type_key");
    std::string where = "node " + std::to_string(i);
    if (type_key && type_key->is_string()) where += " (" + type_key->string + ")";
    where += " at line " + std::to_string(n.loc.line) + ", column " + std::to_string(n.loc.column);
    return Error("load_json: " + where + ": " + what, loc_);
  }

  // A plain attribute (TVM writes every attribute value as a string).
  Result<std::string> Attr(size_t i, const std::string& name) const {
    const JsonValue* attrs = nodes_[i].find("attrs");
    const JsonValue* v = attrs ? attrs->find(name) : nullptr;
    if (!v) return NodeError(i, "missing attribute '" + name + "'");
    if (!v->is_string()) return NodeError(i, "attribute '" + name + "' must be a string");
    return v->string;
  }
  bool HasAttr(size_t i, const std::string& name) const {
    const JsonValue* attrs = nodes_[i].find("attrs");
    return attrs && attrs->find(name);
  }
  Result<int64_t> IntAttr(size_t i, const std::string& name) const {
    auto s = Attr(i, name);
    if (!s) return s.error();
    char* end = nullptr;
    long long v = std::strtoll(s->c_str(), &end, 10);
    if (s->empty() || *end != '\0')
      return NodeError(i, "attribute '" + name + "' is not an integer: '" + *s + "'");
    return static_cast<int64_t>(v);
  }
  Result<ir::DataType> DtypeAttr(size_t i) const {
    auto s = Attr(i, "dtype");
    if (!s) return s.error();
    auto t = ir::DataType::parse(*s);
    if (!t) return NodeError(i, "unknown dtype '" + *s + "'");
    return *t;
  }
  // The node an attribute refers to (its index, checked).
  Result<size_t> RefAttr(size_t i, const std::string& name) const {
    auto v = IntAttr(i, name);
    if (!v) return v.error();
    if (*v < 0 || static_cast<size_t>(*v) >= nodes_.size())
      return NodeError(i, "attribute '" + name + "' refers to node " + std::to_string(*v) +
                              ", but there are " + std::to_string(nodes_.size()) + " nodes");
    return static_cast<size_t>(*v);
  }
  // The object an attribute refers to, which must be of `kind` (null allowed when `optional`).
  Result<JsonLoaded> Child(size_t i, const std::string& name, JsonLoaded::Kind kind,
                           bool optional = false) {
    auto ref = RefAttr(i, name);
    if (!ref) return ref.error();
    auto child = Load(*ref);
    if (!child) return child;
    if (child->kind == kind || (optional && child->kind == JsonLoaded::Kind::Null)) return child;
    return NodeError(i, "attribute '" + name + "' must be " + LoadedKindName(kind) + ", but node " +
                            std::to_string(*ref) + " is " + LoadedKindName(child->kind));
  }
  Result<ir::Expr> ExprField(size_t i, const std::string& name, bool optional = false) {
    auto c = Child(i, name, JsonLoaded::Kind::Expr, optional);
    if (!c) return c.error();
    return c->expr;
  }
  // A string field: a runtime.String node (TVM 0.19) or a plain string (older TVM).
  Result<std::string> StringField(size_t i, const std::string& name) {
    auto ref = RefAttr(i, name);
    if (!ref) return Attr(i, name);
    auto c = Load(*ref);
    if (!c) return c.error();
    if (c->kind == JsonLoaded::Kind::Value && c->value.is_string()) return c->value.as_string();
    return NodeError(i, "attribute '" + name + "' must be a string");
  }
  // The items of the Array an attribute refers to, each of `kind`.
  Result<std::vector<JsonLoaded>> ArrayField(size_t i, const std::string& name,
                                             JsonLoaded::Kind kind) {
    auto a = Child(i, name, JsonLoaded::Kind::Array);
    if (!a) return a.error();
    std::vector<JsonLoaded> out;
    for (size_t item : a->items) {
      auto c = Load(item);
      if (!c) return c.error();
      if (c->kind != kind)
        return NodeError(i, "'" + name + "' must hold " + LoadedKindName(kind) + "s, but node " +
                                std::to_string(item) + " is " + LoadedKindName(c->kind));
      out.push_back(std::move(*c));
    }
    return out;
  }
  // One member of each item of an Array field of `kind` items.
  template <typename T>
  Result<std::vector<T>> MembersOf(size_t i, const std::string& name, JsonLoaded::Kind kind,
                                   T JsonLoaded::*member) {
    auto items = ArrayField(i, name, kind);
    if (!items) return items.error();
    std::vector<T> out;
    for (auto& c : *items) out.push_back(c.*member);
    return out;
  }
  Result<std::vector<ir::Expr>> ExprsField(size_t i, const std::string& name) {
    return MembersOf(i, name, JsonLoaded::Kind::Expr, &JsonLoaded::expr);
  }
  Result<std::vector<ir::IterVar>> IterVarsField(size_t i, const std::string& name) {
    return MembersOf(i, name, JsonLoaded::Kind::IterVar, &JsonLoaded::iter_var);
  }
  Result<std::vector<te::Tensor>> TensorsField(size_t i, const std::string& name) {
    return MembersOf(i, name, JsonLoaded::Kind::Tensor, &JsonLoaded::tensor);
  }
  Result<std::vector<ir::Var>> VarsField(size_t i, const std::string& name) {
    auto exprs = ExprsField(i, name);
    if (!exprs) return exprs.error();
    std::vector<ir::Var> out;
    for (const ir::Expr& e : *exprs) {
      ir::Var v = ir::Var::from(e);
      if (!v.defined()) return NodeError(i, "'" + name + "' must hold variables");
      out.push_back(v);
    }
    return out;
  }

  static JsonLoaded OfExpr(ir::Expr e) {
    JsonLoaded l;
    l.kind = JsonLoaded::Kind::Expr;
    l.expr = std::move(e);
    return l;
  }
  static JsonLoaded OfValue(Value v) {
    JsonLoaded l;
    l.kind = JsonLoaded::Kind::Value;
    l.value = std::move(v);
    return l;
  }

  // ---------------------------------------------------------------- nodes
  Result<JsonLoaded> Load(size_t i) {
    if (memo_[i]) return *memo_[i];
    if (busy_[i])
      return NodeError(i, "a cyclic reference (the node refers to itself through its fields)");
    if (depth_ >= kMaxJsonGraphDepth)
      return NodeError(i, "nested deeper than " + std::to_string(kMaxJsonGraphDepth) + " nodes");
    busy_[i] = true;
    ++depth_;
    auto built = Build(i);
    --depth_;
    busy_[i] = false;
    if (built) memo_[i] = *built;
    return built;
  }

  Result<JsonLoaded> Build(size_t i) {
    const std::string& type_key = nodes_[i].find("type_key")->string;
    if (type_key.empty()) return JsonLoaded{};
    if (auto kind = BinaryKindOf(type_key)) return BuildBinary(i, *kind);
    if (type_key == "runtime.String" || type_key == "runtime.BoxInt" ||
        type_key == "runtime.BoxFloat" || type_key == "runtime.BoxBool")
      return BuildBoxed(i, type_key);
    if (type_key == "Array") {
      JsonLoaded l;
      l.kind = JsonLoaded::Kind::Array;
      if (const JsonValue* data = nodes_[i].find("data"))
        for (const JsonValue& d : data->items) l.items.push_back(static_cast<size_t>(d.integer));
      return l;
    }
    if (type_key == "Map") return BuildMap(i);
    if (type_key == "PrimType") {
      auto t = DtypeAttr(i);
      if (!t) return t.error();
      JsonLoaded l;
      l.kind = JsonLoaded::Kind::PrimType;
      l.prim = *t;
      return l;
    }
    if (type_key == "Op") {
      const JsonValue* repr = nodes_[i].find("repr_str");
      if (!repr || !repr->is_string()) return NodeError(i, "an Op needs its name in \"repr_str\"");
      JsonLoaded l;
      l.kind = JsonLoaded::Kind::Op;
      l.op_name = repr->string;
      return l;
    }
    if (type_key == "IntImm" || type_key == "FloatImm" || type_key == "tir.StringImm")
      return BuildImm(i, type_key);
    if (type_key == "tir.Var" || type_key == "tir.SizeVar")
      return BuildVar(i, type_key == "tir.SizeVar");
    if (type_key == "tir.Not" || type_key == "tir.Select" || type_key == "tir.Cast" ||
        type_key == "tir.Let" || type_key == "tir.Ramp" || type_key == "tir.Broadcast")
      return BuildOther(i, type_key);
    if (type_key == "tir.Call") return BuildCall(i);
    if (type_key == "tir.ProducerLoad") return BuildProducerLoad(i);
    if (type_key == "tir.Reduce") return BuildReduce(i);
    if (type_key == "tir.CommReducer") return BuildReducer(i);
    if (type_key == "Range") return BuildRange(i);
    if (type_key == "tir.IterVar") return BuildIterVar(i);
    if (type_key == "Tensor") return BuildTensor(i);
    if (type_key == "PlaceholderOp" || type_key == "ComputeOp" || type_key == "ScanOp")
      return BuildOperation(i, type_key);
    if (type_key == "ExternOp")
      return NodeError(
          i,
          "extern operations are not loaded (Tessera serializes te expressions, not statements)");
    return NodeError(i, "unsupported type_key '" + type_key + "'");
  }

  Result<JsonLoaded> BuildBoxed(size_t i, const std::string& type_key) {
    const JsonValue* repr = nodes_[i].find("repr_str");
    if (nodes_[i].find("repr_b64"))
      return NodeError(i, "base64 (\"repr_b64\") values are not supported");
    std::string text = repr && repr->is_string() ? repr->string : "";
    if (type_key == "runtime.String") return OfValue(Value::String(text));
    char* end = nullptr;
    if (type_key == "runtime.BoxFloat") {
      double v = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0') return NodeError(i, "not a number: '" + text + "'");
      return OfValue(Value::Float(v));
    }
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0') return NodeError(i, "not an integer: '" + text + "'");
    return OfValue(type_key == "runtime.BoxBool" ? Value::Bool(v != 0) : Value::Int(v));
  }

  Result<JsonLoaded> BuildMap(size_t i) {
    std::vector<size_t> data;
    if (const JsonValue* d = nodes_[i].find("data"))
      for (const JsonValue& x : d->items) data.push_back(static_cast<size_t>(x.integer));
    auto dict = std::make_shared<DictObject>();
    const JsonValue* keys = nodes_[i].find("keys");
    if (keys && !keys->items.empty()) {
      if (keys->items.size() != data.size())
        return NodeError(i, "a Map needs as many \"keys\" as \"data\"");
      for (size_t k = 0; k < data.size(); ++k) {
        auto v = LoadValue(data[k]);
        if (!v) return v.error();
        dict->entries->emplace_back(Value::String(keys->items[k].string), *v);
      }
    } else {
      if (data.size() % 2)
        return NodeError(i, "a Map without \"keys\" needs key / value pairs in \"data\"");
      for (size_t k = 0; k < data.size(); k += 2) {
        auto key = LoadValue(data[k]);
        auto v = key ? LoadValue(data[k + 1]) : key;
        if (!v) return v.error();
        dict->entries->emplace_back(*key, *v);
      }
    }
    return OfValue(Value::FromObject(dict));
  }

  Result<JsonLoaded> BuildImm(size_t i, const std::string& type_key) {
    if (type_key == "tir.StringImm") {
      auto v = Attr(i, "value");
      if (!v) return v.error();
      return OfExpr(ir::StringImm(*v));
    }
    auto t = DtypeAttr(i);
    if (!t) return t.error();
    auto text = Attr(i, "value");
    if (!text) return text.error();
    char* end = nullptr;
    if (type_key == "FloatImm") {
      double v = std::strtod(text->c_str(), &end);
      if (text->empty() || *end != '\0')
        return NodeError(i, "value is not a number: '" + *text + "'");
      if (!t->is_float()) return NodeError(i, "a FloatImm needs a float dtype, not " + t->str());
      return OfExpr(ir::FloatImm(*t, v));
    }
    long long v = std::strtoll(text->c_str(), &end, 10);
    if (text->empty() || *end != '\0')
      return NodeError(i, "value is not an integer: '" + *text + "'");
    if (t->is_float())
      return NodeError(i, "an IntImm needs an integer or bool dtype, not " + t->str());
    return OfExpr(ir::IntImm(*t, v));
  }

  Result<JsonLoaded> BuildVar(size_t i, bool size_var) {
    auto t = DtypeAttr(i);
    if (!t) return t.error();
    auto name = HasAttr(i, "name_hint") ? Attr(i, "name_hint") : StringField(i, "name");
    if (!name) return name.error();
    return OfExpr(size_var ? ir::SizeVar(*name, *t) : ir::Var(*name, *t));
  }

  Result<JsonLoaded> BuildBinary(size_t i, ir::ExprKind kind) {
    auto a = ExprField(i, "a");
    if (!a) return a.error();
    auto b = ExprField(i, "b");
    if (!b) return b.error();
    if (a->dtype() != b->dtype())
      return NodeError(
          i, "operands of different types (" + a->dtype().str() + " and " + b->dtype().str() + ")");
    if ((kind == ir::ExprKind::And || kind == ir::ExprKind::Or) && !a->dtype().is_bool())
      return NodeError(i, "operands must be bool, not " + a->dtype().str());
    return OfExpr(ir::MakeBinary(kind, *a, *b));
  }

  Result<JsonLoaded> BuildOther(size_t i, const std::string& type_key) {
    if (type_key == "tir.Not") {
      auto a = ExprField(i, "a");
      if (!a) return a.error();
      return OfExpr(ir::MakeNot(*a));
    }
    if (type_key == "tir.Select") {
      auto c = ExprField(i, "condition");
      auto t = c ? ExprField(i, "true_value") : c;
      auto f = t ? ExprField(i, "false_value") : t;
      if (!f) return f.error();
      if (c->dtype() != ir::DataType::Bool(c->dtype().lanes()))
        return NodeError(i, "the condition must be bool");
      if (t->dtype() != f->dtype()) return NodeError(i, "the two values have different types");
      return OfExpr(ir::MakeSelect(*c, *t, *f));
    }
    if (type_key == "tir.Cast") {
      auto t = DtypeAttr(i);
      if (!t) return t.error();
      auto v = ExprField(i, "value");
      if (!v) return v.error();
      if (t->lanes() != v->dtype().lanes())
        return NodeError(i, "a cast cannot change the number of lanes");
      return OfExpr(ir::MakeCast(*t, *v));
    }
    if (type_key == "tir.Let") {
      auto var = ExprField(i, "var");
      auto value = var ? ExprField(i, "value") : var;
      auto body = value ? ExprField(i, "body") : value;
      if (!body) return body.error();
      ir::Var v = ir::Var::from(*var);
      if (!v.defined()) return NodeError(i, "'var' must be a variable");
      if (v.dtype() != value->dtype())
        return NodeError(i, "the variable and its value have different types");
      return OfExpr(ir::MakeLet(v, *value, *body));
    }
    // Ramp / Broadcast: lanes is an IntImm node in TVM 0.19 (a plain integer before).
    auto lanes = LanesField(i);
    if (!lanes) return lanes.error();
    if (type_key == "tir.Broadcast") {
      auto v = ExprField(i, "value");
      if (!v) return v.error();
      if (!v->dtype().is_scalar()) return NodeError(i, "a broadcast value must be a scalar");
      return OfExpr(ir::MakeBroadcast(*v, *lanes));
    }
    auto base = ExprField(i, "base");
    auto stride = base ? ExprField(i, "stride") : base;
    if (!stride) return stride.error();
    if (!base->dtype().is_scalar() || base->dtype() != stride->dtype() ||
        !base->dtype().is_integer())
      return NodeError(i, "a ramp needs a scalar integer base and a stride of its type");
    return OfExpr(ir::MakeRamp(*base, *stride, *lanes));
  }

  // lanes: an IntImm node in TVM 0.19 (lanes became a PrimExpr for scalable vectors), a
  // plain integer in older files; an attribute naming an IntImm node is the former.
  Result<int> LanesField(size_t i) {
    int64_t lanes = 0;
    auto ref = RefAttr(i, "lanes");
    const JsonValue* key = ref ? nodes_[*ref].find("type_key") : nullptr;
    if (key && key->string == "IntImm") {
      auto e = ExprField(i, "lanes");
      if (!e) return e.error();
      lanes = *ir::as_const_int(*e);
    } else if (key && !key->string.empty()) {
      return NodeError(i, "lanes must be a constant (scalable vectors are not supported)");
    } else {
      auto v = IntAttr(i, "lanes");
      if (!v) return v.error();
      lanes = *v;
    }
    if (lanes < 1 || lanes > 65535)
      return NodeError(i, "lanes out of range: " + std::to_string(lanes));
    return static_cast<int>(lanes);
  }

  Result<JsonLoaded> BuildCall(size_t i) {
    auto t = DtypeAttr(i);
    if (!t) return t.error();
    auto op = Child(i, "op", JsonLoaded::Kind::Op);
    if (!op) return op.error();
    auto args = ExprsField(i, "args");
    if (!args) return args.error();
    std::string name = op->op_name;
    if (name == "tir.call_extern" || name == "tir.call_pure_extern") {
      auto* fn = args->empty() ? nullptr : args->front().as<ir::StringImmNode>();
      if (!fn) return NodeError(i, name + " needs the function's name as its first argument");
      std::string callee = fn->value;
      args->erase(args->begin());
      return OfExpr(ir::MakeCall(
          *t, callee, *args,
          name == "tir.call_pure_extern" ? ir::CallKind::PureExtern : ir::CallKind::Extern));
    }
    std::string bare = name.rfind("tir.", 0) == 0 ? name.substr(4) : name;
    auto call = KnownIntrinsicCall(i, bare, *args);
    if (!call) return call.error();
    if (call->defined()) {
      if (call->dtype() != *t)
        return NodeError(
            i, bare + " of these arguments is " + call->dtype().str() + ", not " + t->str());
      return OfExpr(*call);
    }
    // Any other TVM builtin keeps its name; code generation refuses it by name
    // (codegen/ExternCalls), lowering and export show it.
    return OfExpr(ir::MakeCall(*t, name, *args, ir::CallKind::Intrinsic));
  }

  // The intrinsics Tessera computes, built by the builders the script uses (so the
  // arguments are checked as there); undefined for other names.
  Result<ir::Expr> KnownIntrinsicCall(size_t i, const std::string& bare,
                                      const std::vector<ir::Expr>& args) {
    auto arity = [&](size_t n) -> Status {
      if (args.size() == n) return Status::Ok();
      return NodeError(i, bare + " takes " + std::to_string(n) + " arguments, not " +
                              std::to_string(args.size()));
    };
    if (te::is_intrinsic_name(bare)) {
      ir::Expr e = te::call_intrinsic(bare, args);
      if (!e.defined()) return NodeError(i, "wrong arguments for " + bare);
      return e;
    }
    if (auto bit = ir::LookupBitOp(bare)) {
      if (Status st = arity(static_cast<size_t>(bit->arity)); !st) return st.error();
      ir::BitOpBuild built =
          ir::MakeBitOp(bit->op, args[0], bit->arity == 2 ? args[1] : ir::Expr());
      if (!built.expr.defined()) return NodeError(i, built.error);
      return built.expr;
    }
    if (bare == "if_then_else") {
      if (Status st = arity(3); !st) return st.error();
      if (!args[0].dtype().is_bool() || args[1].dtype() != args[2].dtype())
        return NodeError(i, "if_then_else needs a bool condition and two values of one type");
      return ir::MakeCall(args[1].dtype(), "if_then_else", args);
    }
    if (bare == "likely") {
      if (Status st = arity(1); !st) return st.error();
      if (!args[0].dtype().is_bool()) return NodeError(i, "likely needs a bool condition");
      return ir::MakeCall(ir::DataType::Bool(), "likely", args);
    }
    if (bare == "vscale") {
      if (Status st = arity(0); !st) return st.error();
      return ir::MakeCall(ir::DataType::Int(32), "vscale", {});
    }
    return ir::Expr();
  }

  Result<JsonLoaded> BuildProducerLoad(size_t i) {
    auto producer = Child(i, "producer", JsonLoaded::Kind::Tensor);
    if (!producer) return producer.error();
    auto indices = ExprsField(i, "indices");
    if (!indices) return indices.error();
    if (indices->size() != producer->tensor.ndim())
      return NodeError(i, "a load of the " + std::to_string(producer->tensor.ndim()) +
                              "-d tensor '" + producer->tensor.name() + "' with " +
                              std::to_string(indices->size()) + " indices");
    for (const ir::Expr& index : *indices)
      if (!index.dtype().is_integer() || !index.dtype().is_scalar())
        return NodeError(i, "an index must be a scalar integer, not " + index.dtype().str());
    return OfExpr(producer->tensor(*indices));
  }

  Result<JsonLoaded> BuildReducer(size_t i) {
    auto lhs = VarsField(i, "lhs");
    if (!lhs) return lhs.error();
    auto rhs = VarsField(i, "rhs");
    if (!rhs) return rhs.error();
    auto result = ExprsField(i, "result");
    if (!result) return result.error();
    auto identity = ExprsField(i, "identity_element");
    if (!identity) return identity.error();
    size_t n = lhs->size();
    if (n == 0 || rhs->size() != n || result->size() != n || identity->size() != n)
      return NodeError(
          i, "lhs, rhs, result and identity_element must have the same (non-zero) length");
    for (size_t k = 0; k < n; ++k)
      if ((*lhs)[k].dtype() != (*rhs)[k].dtype() || (*lhs)[k].dtype() != (*result)[k].dtype() ||
          (*lhs)[k].dtype() != (*identity)[k].dtype())
        return NodeError(i, "value " + std::to_string(k) +
                                " has different types in lhs, rhs, result and identity_element");
    auto r = std::make_shared<ir::CommReducerNode>();
    r->lhs = std::move(*lhs);
    r->rhs = std::move(*rhs);
    r->result = std::move(*result);
    r->identity = std::move(*identity);
    r->name = ReducerNameOf(*r);
    JsonLoaded l;
    l.kind = JsonLoaded::Kind::Reducer;
    l.reducer = r;
    return l;
  }

  Result<JsonLoaded> BuildReduce(size_t i) {
    auto combiner = Child(i, "combiner", JsonLoaded::Kind::Reducer);
    if (!combiner) return combiner.error();
    auto source = ExprsField(i, "source");
    if (!source) return source.error();
    auto axis = IterVarsField(i, "axis");
    if (!axis) return axis.error();
    auto condition =
        HasAttr(i, "condition") ? ExprField(i, "condition", true) : Result<ir::Expr>(ir::Expr());
    if (!condition) return condition.error();
    auto value_index = IntAttr(i, "value_index");
    if (!value_index) return value_index.error();
    if (source->size() != combiner->reducer->lhs.size())
      return NodeError(i, "the combiner takes " + std::to_string(combiner->reducer->lhs.size()) +
                              " values, the source has " + std::to_string(source->size()));
    if (*value_index < 0 || static_cast<size_t>(*value_index) >= source->size())
      return NodeError(i, "value_index out of range: " + std::to_string(*value_index));
    for (size_t k = 0; k < source->size(); ++k)
      if ((*source)[k].dtype() != combiner->reducer->lhs[k].dtype())
        return NodeError(i, "source " + std::to_string(k) + " is " + (*source)[k].dtype().str() +
                                " but the combiner takes " +
                                combiner->reducer->lhs[k].dtype().str());
    for (const ir::IterVar& iv : *axis)
      if (!iv->dom.defined()) return NodeError(i, "a reduce axis needs a range");
    if (condition->defined() && !condition->dtype().is_bool())
      return NodeError(i, "the condition must be bool");
    ir::Expr cond = condition->defined() ? *condition : ir::make_bool(true);
    return OfExpr(
        ir::MakeReduce(combiner->reducer, *source, *axis, cond, static_cast<int>(*value_index)));
  }

  Result<JsonLoaded> BuildRange(size_t i) {
    auto min = ExprField(i, "min");
    if (!min) return min.error();
    auto extent = ExprField(i, "extent");
    if (!extent) return extent.error();
    if (!min->dtype().is_integer() || !extent->dtype().is_integer() || !min->dtype().is_scalar() ||
        !extent->dtype().is_scalar())
      return NodeError(i, "a range needs scalar integer bounds");
    JsonLoaded l;
    l.kind = JsonLoaded::Kind::Range;
    l.range = ir::Range(*min, *extent);
    return l;
  }

  Result<JsonLoaded> BuildIterVar(size_t i) {
    auto dom = Child(i, "dom", JsonLoaded::Kind::Range, true);
    if (!dom) return dom.error();
    auto var = ExprField(i, "var");
    if (!var) return var.error();
    ir::Var v = ir::Var::from(*var);
    if (!v.defined()) return NodeError(i, "'var' must be a variable");
    if (!v.dtype().is_integer() || !v.dtype().is_scalar())
      return NodeError(i, "an IterVar's variable must be an integer");
    auto type = IntAttr(i, "iter_type");
    if (!type) return type.error();
    if (*type < 0 || *type > static_cast<int>(ir::IterVarType::Tensorized))
      return NodeError(i, "unknown iter_type " + std::to_string(*type));
    auto tag = StringField(i, "thread_tag");
    if (!tag) return tag.error();
    JsonLoaded l;
    l.kind = JsonLoaded::Kind::IterVar;
    l.iter_var = ir::MakeIterVar(dom->range, v, static_cast<ir::IterVarType>(*type), *tag);
    return l;
  }

  Result<JsonLoaded> BuildTensor(size_t i) {
    auto op = Child(i, "op", JsonLoaded::Kind::Operation);
    if (!op) return op.error();
    auto value_index = IntAttr(i, "value_index");
    if (!value_index) return value_index.error();
    if (*value_index < 0 || *value_index >= op->op->num_outputs())
      return NodeError(i, "value_index " + std::to_string(*value_index) + " but the operation '" +
                              op->op->name + "' has " + std::to_string(op->op->num_outputs()) +
                              " outputs");
    JsonLoaded l;
    l.kind = JsonLoaded::Kind::Tensor;
    l.tensor = te::output_of(op->op, static_cast<int>(*value_index));
    return l;
  }

  Result<JsonLoaded> BuildOperation(size_t i, const std::string& type_key) {
    auto name = Attr(i, "name");
    if (!name) return name.error();
    *name = DistinctOpName(*name);
    Result<std::string> tag =
        HasAttr(i, "tag") ? Attr(i, "tag") : Result<std::string>(std::string());
    if (!tag) return tag.error();
    Result<te::Operation> op = BuildOperationOf(i, type_key, *name, *tag);
    if (!op) return NodeError(i, op.error().message);
    if (HasAttr(i, "attrs")) {
      auto ref = RefAttr(i, "attrs");
      if (!ref) return ref.error();
      auto attrs = LoadValue(*ref);
      if (!attrs) return attrs.error();
      if (!attrs->is_none() && !attrs->as<DictObject>())
        return NodeError(i, "'attrs' must be a Map");
      if (Status st = SetOperationAttrs(interp_, *op, *attrs, loc_); !st)
        return NodeError(i, st.error().message);
    }
    JsonLoaded l;
    l.kind = JsonLoaded::Kind::Operation;
    l.op = *op;
    return l;
  }

  Result<te::Operation> BuildOperationOf(size_t i, const std::string& type_key,
                                         const std::string& name, const std::string& tag) {
    if (type_key == "PlaceholderOp") {
      auto shape = ExprsField(i, "shape");
      if (!shape) return shape.error();
      auto t = DtypeAttr(i);
      if (!t) return t.error();
      auto tensor = te::placeholder(*shape, *t, name);
      if (!tensor) return tensor.error();
      return tensor->op();
    }
    if (type_key == "ComputeOp") {
      auto axis = IterVarsField(i, "axis");
      if (!axis) return axis.error();
      auto body = ExprsField(i, "body");
      if (!body) return body.error();
      if (body->empty()) return Error("a compute needs a body");
      return te::MakeComputeOp(name, tag, *axis, *body);
    }
    auto init = TensorsField(i, "init");
    if (!init) return init.error();
    auto update = TensorsField(i, "update");
    if (!update) return update.error();
    auto states = TensorsField(i, "state_placeholder");
    if (!states) return states.error();
    std::vector<te::Tensor> inputs;
    if (HasAttr(i, "inputs")) {
      auto in = TensorsField(i, "inputs");
      if (!in) return in.error();
      inputs = *in;
    }
    return te::MakeScanOp(name, tag, *init, *update, *states, inputs);
  }

  // TVM gives every unnamed placeholder the name "placeholder" (and every unnamed
  // compute "compute"); Tessera's schedule addresses stages by name, so a repeated name
  // in one graph becomes "placeholder_1", ... as the script's own defaults do.
  std::string DistinctOpName(const std::string& name) {
    std::string out = name;
    for (int n = 1; !op_names_.insert(out).second; ++n) out = name + "_" + std::to_string(n);
    return out;
  }

  // ---------------------------------------------------------------- script values
  Result<Value> LoadValue(size_t i) {
    auto l = Load(i);
    if (!l) return l.error();
    return ToValue(i, *l);
  }

  Result<Value> ToValue(size_t i, const JsonLoaded& l) {
    switch (l.kind) {
      case JsonLoaded::Kind::Null:
        return Value();
      case JsonLoaded::Kind::Value:
        return l.value;
      case JsonLoaded::Kind::Expr:
        return Value::FromExpr(l.expr);
      case JsonLoaded::Kind::IterVar:
        return MakeIterVarValue(l.iter_var);
      case JsonLoaded::Kind::Operation:
        return MakeOperationValue(l.op);
      case JsonLoaded::Kind::Tensor:
        return MakeTensorValue(l.tensor);
      case JsonLoaded::Kind::Array: {
        std::vector<Value> items;
        for (size_t item : l.items) {
          auto v = LoadValue(item);
          if (!v) return v;
          items.push_back(*v);
        }
        return Value::List(std::move(items));
      }
      default:
        return NodeError(
            i, std::string("a ") + LoadedKindName(l.kind) + " is not a value a script can hold");
    }
  }

  Interpreter& interp_;
  const std::vector<JsonValue>& nodes_;
  SourceLoc loc_;
  std::vector<std::optional<JsonLoaded>> memo_;
  std::vector<bool> busy_;
  std::set<std::string> op_names_;
  int depth_ = 0;
};

// Checks the graph's shape before anything is built, so that later steps can read the
// fields without checking their JSON kinds again.
Status CheckJsonGraphShape(const JsonValue& doc, size_t* root, const SourceLoc& loc) {
  auto at = [&loc](const JsonValue& v, const std::string& what) {
    return Error("load_json: line " + std::to_string(v.loc.line) + ", column " +
                     std::to_string(v.loc.column) + " of the JSON: " + what,
                 loc);
  };
  if (!doc.is_object()) return at(doc, "expected a JSON object with \"root\" and \"nodes\"");
  const JsonValue* nodes = doc.find("nodes");
  const JsonValue* r = doc.find("root");
  if (!nodes || !nodes->is_array()) return at(doc, "missing \"nodes\" (an array)");
  if (!r || !r->is_number() || !r->is_integer) return at(doc, "missing \"root\" (a node index)");
  auto index_ok = [nodes](const JsonValue& v) {
    return v.is_number() && v.is_integer && v.integer >= 0 &&
           static_cast<size_t>(v.integer) < nodes->items.size();
  };
  if (!index_ok(*r)) return at(*r, "\"root\" is not the index of a node");
  for (const JsonValue& n : nodes->items) {
    if (!n.is_object()) return at(n, "a node must be an object");
    const JsonValue* type_key = n.find("type_key");
    if (!type_key || !type_key->is_string()) return at(n, "a node needs a \"type_key\" string");
    if (const JsonValue* attrs = n.find("attrs"); attrs && !attrs->is_object())
      return at(*attrs, "\"attrs\" must be an object");
    if (const JsonValue* data = n.find("data")) {
      if (!data->is_array()) return at(*data, "\"data\" must be an array of node indices");
      for (const JsonValue& d : data->items)
        if (!index_ok(d)) return at(d, "\"data\" holds something that is not the index of a node");
    }
    if (const JsonValue* keys = n.find("keys")) {
      if (!keys->is_array()) return at(*keys, "\"keys\" must be an array of strings");
      for (const JsonValue& k : keys->items)
        if (!k.is_string()) return at(k, "\"keys\" must be an array of strings");
    }
  }
  *root = static_cast<size_t>(r->integer);
  return Status::Ok();
}

}  // namespace

Result<Value> LoadJsonGraph(Interpreter& interp, std::string_view text, const SourceLoc& loc) {
  // The JSON's own position goes into the message; the error is located at the call.
  auto doc = ParseJson(text, "json");
  if (!doc) {
    const SourceLoc& at = doc.error().loc;
    return Error("load_json: malformed JSON at line " + std::to_string(at.line) + ", column " +
                     std::to_string(at.column) + ": " + doc.error().message,
                 loc);
  }
  size_t root = 0;
  if (Status st = CheckJsonGraphShape(*doc, &root, loc); !st) return st.error();
  TeJsonLoader loader(interp, *doc->find("nodes"), loc);
  return loader.RootValue(root);
}

}  // namespace tessera::script
