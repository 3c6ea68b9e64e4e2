// SaveJsonGraph: indexes the objects reachable from the root in TVM's order (an object
// gets its index when first reached, before its fields, which are visited in the order
// TVM's VisitAttrs declares them), then writes the nodes as dmlc's JSONWriter does, so
// the text matches TVM's layout line for line.
#include <map>
#include <sstream>
#include <unordered_map>

#include "ir/ExprOp.h"
#include "script/tvm/ir/JsonGraph.h"
#include "script/tvm/te/OperationAttrs.h"
#include "script/tvm/te/TeObjects.h"
#include "support/Json.h"
#include "te/Scan.h"

namespace tessera::script {

namespace {

struct JsonOutNode {
  std::string type_key;
  std::map<std::string, std::string> attrs;  // written sorted, as TVM's std::map
  std::vector<std::string> keys;             // a Map with string keys
  std::vector<size_t> data;                  // Array items, Map values (or key/value pairs)
  std::optional<std::string> repr_str;       // runtime.String, Box*, Op
};

// 17 significant digits, as TVM writes a double, so a float survives the round trip.
std::string DoubleText(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

class TeJsonSaver {
 public:
  TeJsonSaver(const Interpreter& interp, SourceLoc loc) : interp_(interp), loc_(std::move(loc)) {
    nodes_.push_back(JsonOutNode{});  // node 0: null
  }

  Result<size_t> SaveValue(const Value& v) {
    DepthGuard guard(this);
    if (guard.too_deep()) return DepthError();
    switch (v.kind()) {
      case Value::Kind::None:
        return size_t{0};
      case Value::Kind::Bool:
        return Boxed("runtime.BoxBool", v.as_bool() ? "1" : "0");
      case Value::Kind::Int:
        return Boxed("runtime.BoxInt", std::to_string(v.as_int()));
      case Value::Kind::Float:
        return Boxed("runtime.BoxFloat", DoubleText(v.as_float()));
      case Value::Kind::String:
        return Boxed("runtime.String", v.as_string());
      case Value::Kind::Expr:
        return SaveExpr(v.as_expr());
      case Value::Kind::Tuple:
      case Value::Kind::List: {
        size_t self = NewNode(nullptr, "Array");
        std::vector<size_t> items;
        for (const Value& item : v.items()) {
          auto i = SaveValue(item);
          if (!i) return i;
          items.push_back(*i);
        }
        nodes_[self].data = std::move(items);
        return self;
      }
      case Value::Kind::Object:
        break;
    }
    if (te::Tensor t = AsTensor(v); t.defined()) return SaveTensor(t);
    if (auto* op = v.as<OperationObject>()) return SaveOperation(op->op);
    if (ir::IterVar iv = AsIterVar(v)) return SaveIterVar(iv);
    if (auto* dict = v.as<DictObject>()) return SaveDict(*dict);
    return Error("save_json: cannot serialize a " + v.type_name(), loc_);
  }

  std::string Text(size_t root) const {
    std::string out = "{\n  \"root\": " + std::to_string(root) + ", \n  \"nodes\": [";
    for (size_t i = 0; i < nodes_.size(); ++i) {
      out += i ? ", \n    " : "\n    ";
      WriteNode(out, nodes_[i]);
    }
    out += "\n  ], \n  \"b64ndarrays\": [], \n  \"attrs\": {\"tvm_version\": \"0.19.0\"}\n}";
    return out;
  }

 private:
  // Nesting is bounded so that a list holding itself or a pathologically deep expression
  // is an error, not a stack overflow.
  static constexpr int kMaxSaveDepth = 1000;
  struct DepthGuard {
    TeJsonSaver* saver;
    explicit DepthGuard(TeJsonSaver* s) : saver(s) { ++saver->depth_; }
    ~DepthGuard() { --saver->depth_; }
    bool too_deep() const { return saver->depth_ > kMaxSaveDepth; }
  };
  Error DepthError() const {
    return Error("save_json: the object is nested deeper than " + std::to_string(kMaxSaveDepth) +
                     " levels (a list or dict that contains itself?)",
                 loc_);
  }

  // A node for `key` (nullptr: never shared) at the next index.
  size_t NewNode(const void* key, std::string type_key) {
    size_t self = nodes_.size();
    nodes_.push_back(JsonOutNode{std::move(type_key), {}, {}, {}, std::nullopt});
    if (key) index_[key] = self;
    return self;
  }
  std::optional<size_t> Seen(const void* key) const {
    auto it = index_.find(key);
    return it == index_.end() ? std::nullopt : std::optional<size_t>(it->second);
  }
  size_t Boxed(const char* type_key, std::string repr) {
    size_t self = NewNode(nullptr, type_key);
    // TVM writes no repr_str for an empty string (dmlc skips the empty field).
    if (!repr.empty()) nodes_[self].repr_str = std::move(repr);
    return self;
  }
  size_t PrimType(ir::DataType t) {
    size_t self = NewNode(nullptr, "PrimType");
    nodes_[self].attrs["dtype"] = t.str();
    return self;
  }
  // TVM shares one Array between fields (a tensor's shape and its op's, a compute's
  // reduce_axis and its Reduce's axis) where Tessera copies vectors; an Array with the
  // same (non-empty) items as one already written is written as that node, so the graph
  // has TVM's shape.
  template <typename T, typename F>
  Result<size_t> ArrayOf(const std::vector<T>& items, F save) {
    size_t self = NewNode(nullptr, "Array");
    std::vector<size_t> data;
    for (const T& item : items) {
      auto i = save(item);
      if (!i) return i;
      data.push_back(*i);
    }
    if (!data.empty() && self + 1 == nodes_.size()) {
      // No node was added for the items (all seen before): an earlier Array may match.
      if (auto it = arrays_.find(data); it != arrays_.end()) {
        nodes_.pop_back();
        return it->second;
      }
    }
    if (!data.empty()) arrays_.emplace(data, self);
    nodes_[self].data = std::move(data);
    return self;
  }
  Result<size_t> ExprArray(const std::vector<ir::Expr>& exprs) {
    return ArrayOf(exprs, [this](const ir::Expr& e) { return SaveExpr(e); });
  }
  Result<size_t> IterVarArray(const std::vector<ir::IterVar>& ivs) {
    return ArrayOf(ivs, [this](const ir::IterVar& iv) { return SaveIterVar(iv); });
  }
  Result<size_t> TensorArray(const std::vector<te::Tensor>& ts) {
    return ArrayOf(ts, [this](const te::Tensor& t) { return SaveTensor(t); });
  }
  // Sets attrs[name] to the index of a saved child; false on error (kept in `error_`).
  bool Field(size_t self, const char* name, Result<size_t> child) {
    if (!child) {
      error_ = child.error();
      return false;
    }
    nodes_[self].attrs[name] = std::to_string(*child);
    return true;
  }

  Result<size_t> SaveDict(const DictObject& dict) {
    size_t self = NewNode(nullptr, "Map");
    bool string_keys = true;
    for (const auto& entry : *dict.entries) string_keys = string_keys && entry.first.is_string();
    std::vector<std::string> keys;
    std::vector<size_t> data;
    for (const auto& [key, value] : *dict.entries) {
      if (string_keys) {
        keys.push_back(key.as_string());
      } else {
        auto k = SaveValue(key);
        if (!k) return k;
        data.push_back(*k);
      }
      auto v = SaveValue(value);
      if (!v) return v;
      data.push_back(*v);
    }
    nodes_[self].keys = std::move(keys);
    nodes_[self].data = std::move(data);
    return self;
  }

  Result<size_t> SaveTensor(const te::Tensor& t) {
    if (auto seen = Seen(t.get())) return *seen;
    DepthGuard guard(this);
    if (guard.too_deep()) return DepthError();
    size_t self = NewNode(t.get(), "Tensor");
    if (!Field(self, "shape", ExprArray(t->shape))) return error_;
    nodes_[self].attrs["dtype"] = t->dtype.str();
    if (!Field(self, "op", SaveOperation(t.op()))) return error_;
    nodes_[self].attrs["value_index"] = std::to_string(t->value_index);
    return self;
  }

  Result<size_t> SaveOperation(const te::Operation& op) {
    if (auto seen = Seen(op.get())) return *seen;
    static const char* kTypeKeys[] = {"PlaceholderOp", "ComputeOp", "ScanOp", "ExternOp"};
    if (op->kind() == te::OpKind::Extern)
      return Error("save_json: cannot serialize the extern operation '" + op->name +
                       "' (its body is a statement; Tessera serializes te expressions only)",
                   loc_);
    size_t self = NewNode(op.get(), kTypeKeys[static_cast<int>(op->kind())]);
    nodes_[self].attrs["name"] = op->name;
    // Tessera tags a placeholder "placeholder"; TVM leaves its tag empty.
    bool placeholder = op->kind() == te::OpKind::Placeholder && op->tag == "placeholder";
    nodes_[self].attrs["tag"] = placeholder ? "" : op->tag;
    if (!Field(self, "attrs", SaveValue(OperationAttrs(interp_, op)))) return error_;
    if (auto* p = dynamic_cast<const te::PlaceholderOpNode*>(op.get())) {
      if (!Field(self, "shape", ExprArray(p->shape))) return error_;
      nodes_[self].attrs["dtype"] = p->dtype.str();
    } else if (auto* c = dynamic_cast<const te::ComputeOpNode*>(op.get())) {
      if (!Field(self, "axis", IterVarArray(c->axis)) ||
          !Field(self, "reduce_axis", IterVarArray(c->reduce_axis)) ||
          !Field(self, "body", ExprArray(c->body)))
        return error_;
    } else if (auto* s = dynamic_cast<const te::ScanOpNode*>(op.get())) {
      if (!Field(self, "scan_axis", SaveIterVar(s->scan_axis)) ||
          !Field(self, "init", TensorArray(s->init)) ||
          !Field(self, "update", TensorArray(s->update)) ||
          !Field(self, "state_placeholder", TensorArray(s->state_placeholder)) ||
          !Field(self, "inputs", TensorArray(s->inputs)) ||
          !Field(self, "spatial_axis_", IterVarArray(s->spatial_axis)))
        return error_;
    }
    return self;
  }

  Result<size_t> SaveRange(const ir::Range& r) {
    if (!r.defined()) return size_t{0};
    size_t self = NewNode(nullptr, "Range");
    if (!Field(self, "min", SaveExpr(r.min)) || !Field(self, "extent", SaveExpr(r.extent)))
      return error_;
    nodes_[self].attrs["span"] = "0";
    return self;
  }

  Result<size_t> SaveIterVar(const ir::IterVar& iv) {
    if (!iv) return size_t{0};
    if (auto seen = Seen(iv.get())) return *seen;
    size_t self = NewNode(iv.get(), "tir.IterVar");
    if (!Field(self, "dom", SaveRange(iv->dom)) || !Field(self, "var", SaveExpr(iv->var)))
      return error_;
    // Tessera's IterVarType lists TVM's kinds in TVM's order (kDataPar = 0, ...).
    nodes_[self].attrs["iter_type"] = std::to_string(static_cast<int>(iv->iter_type));
    nodes_[self].attrs["thread_tag"] = std::to_string(Boxed("runtime.String", iv->thread_tag));
    nodes_[self].attrs["span"] = "0";
    return self;
  }

  Result<size_t> SaveReducer(const ir::CommReducer& r) {
    if (!r) return size_t{0};
    if (auto seen = Seen(r.get())) return *seen;
    size_t self = NewNode(r.get(), "tir.CommReducer");
    std::vector<ir::Expr> lhs(r->lhs.begin(), r->lhs.end()), rhs(r->rhs.begin(), r->rhs.end());
    if (!Field(self, "lhs", ExprArray(lhs)) || !Field(self, "rhs", ExprArray(rhs)) ||
        !Field(self, "result", ExprArray(r->result)) ||
        !Field(self, "identity_element", ExprArray(r->identity)))
      return error_;
    nodes_[self].attrs["span"] = "0";
    return self;
  }

  Result<size_t> SaveExpr(const ir::Expr& e);
  Result<size_t> SaveExprFields(size_t self, const ir::Expr& e);

  void WriteNode(std::string& out, const JsonOutNode& n) const {
    out += "{\n      \"type_key\": " + JsonQuote(n.type_key);
    if (n.repr_str) out += ", \n      \"repr_str\": " + JsonQuote(*n.repr_str);
    if (!n.attrs.empty()) {
      out += ", \n      \"attrs\": {";
      // dmlc writes a one-member object on one line.
      const bool multi = n.attrs.size() > 1;
      bool first = true;
      for (const auto& [k, v] : n.attrs) {
        out += first ? "" : ", ";
        if (multi) out += "\n        ";
        out += JsonQuote(k) + ": " + JsonQuote(v);
        first = false;
      }
      out += multi ? "\n      }" : "}";
    }
    if (!n.keys.empty()) {
      out += ", \n      \"keys\": [";
      for (size_t i = 0; i < n.keys.size(); ++i)
        out += (i ? ", \n        " : "\n        ") + JsonQuote(n.keys[i]);
      out += "\n      ]";
    }
    if (!n.data.empty()) {
      out += ", \n      \"data\": [";
      for (size_t i = 0; i < n.data.size(); ++i) out += (i ? ", " : "") + std::to_string(n.data[i]);
      out += "]";
    }
    out += "\n    }";
  }

  const Interpreter& interp_;
  SourceLoc loc_;
  std::vector<JsonOutNode> nodes_;
  std::unordered_map<const void*, size_t> index_;
  std::map<std::vector<size_t>, size_t> arrays_;  // items -> the Array node holding them
  Error error_;
  int depth_ = 0;
};

// TVM's type keys of the binary nodes, by Tessera's ExprKind.
const char* BinaryTypeKey(ir::ExprKind k) {
  switch (k) {
    case ir::ExprKind::Add:
      return "tir.Add";
    case ir::ExprKind::Sub:
      return "tir.Sub";
    case ir::ExprKind::Mul:
      return "tir.Mul";
    case ir::ExprKind::Div:
      return "tir.Div";
    case ir::ExprKind::Mod:
      return "tir.Mod";
    case ir::ExprKind::FloorDiv:
      return "tir.FloorDiv";
    case ir::ExprKind::FloorMod:
      return "tir.FloorMod";
    case ir::ExprKind::Min:
      return "tir.Min";
    case ir::ExprKind::Max:
      return "tir.Max";
    case ir::ExprKind::EQ:
      return "tir.EQ";
    case ir::ExprKind::NE:
      return "tir.NE";
    case ir::ExprKind::LT:
      return "tir.LT";
    case ir::ExprKind::LE:
      return "tir.LE";
    case ir::ExprKind::GT:
      return "tir.GT";
    case ir::ExprKind::GE:
      return "tir.GE";
    case ir::ExprKind::And:
      return "tir.And";
    case ir::ExprKind::Or:
      return "tir.Or";
    default:
      return nullptr;
  }
}

const char* ExprTypeKey(const ir::Expr& e) {
  if (const char* binary = BinaryTypeKey(e.kind())) return binary;
  switch (e.kind()) {
    case ir::ExprKind::IntImm:
      return "IntImm";
    case ir::ExprKind::FloatImm:
      return "FloatImm";
    case ir::ExprKind::StringImm:
      return "tir.StringImm";
    case ir::ExprKind::Var:
      return e.as<ir::VarNode>()->is_size_var ? "tir.SizeVar" : "tir.Var";
    case ir::ExprKind::Not:
      return "tir.Not";
    case ir::ExprKind::Select:
      return "tir.Select";
    case ir::ExprKind::Cast:
      return "tir.Cast";
    case ir::ExprKind::Call:
      return "tir.Call";
    case ir::ExprKind::ProducerLoad:
      return "tir.ProducerLoad";
    case ir::ExprKind::Ramp:
      return "tir.Ramp";
    case ir::ExprKind::Broadcast:
      return "tir.Broadcast";
    case ir::ExprKind::Let:
      return "tir.Let";
    case ir::ExprKind::Reduce:
      return "tir.Reduce";
    default:
      return nullptr;  // BufferLoad: buffers are not serialized
  }
}

Result<size_t> TeJsonSaver::SaveExpr(const ir::Expr& e) {
  if (!e.defined()) return size_t{0};
  if (auto seen = Seen(e.get())) return *seen;
  DepthGuard guard(this);
  if (guard.too_deep()) return DepthError();
  const char* type_key = ExprTypeKey(e);
  if (!type_key)
    return Error(std::string("save_json: cannot serialize a ") + ir::kind_name(e.kind()) +
                     " expression (buffers are not serialized)",
                 loc_);
  size_t self = NewNode(e.get(), type_key);
  nodes_[self].attrs["dtype"] = e.dtype().str();
  nodes_[self].attrs["span"] = "0";
  return SaveExprFields(self, e);
}

Result<size_t> TeJsonSaver::SaveExprFields(size_t self, const ir::Expr& e) {
  auto attrs = [this, self]() -> std::map<std::string, std::string>& { return nodes_[self].attrs; };
  if (auto* b = e.as<ir::BinaryNode>()) {
    if (!Field(self, "a", SaveExpr(b->a)) || !Field(self, "b", SaveExpr(b->b))) return error_;
    return self;
  }
  switch (e.kind()) {
    case ir::ExprKind::IntImm:
      attrs()["value"] = std::to_string(e.as<ir::IntImmNode>()->value);
      break;
    case ir::ExprKind::FloatImm:
      attrs()["value"] = DoubleText(e.as<ir::FloatImmNode>()->value);
      break;
    case ir::ExprKind::StringImm:
      attrs()["value"] = e.as<ir::StringImmNode>()->value;
      break;
    case ir::ExprKind::Var: {
      auto* v = e.as<ir::VarNode>();
      attrs()["name"] = std::to_string(Boxed("runtime.String", v->name));
      attrs()["type_annotation"] = std::to_string(PrimType(e.dtype()));
      break;
    }
    case ir::ExprKind::Not:
      if (!Field(self, "a", SaveExpr(e.as<ir::NotNode>()->a))) return error_;
      break;
    case ir::ExprKind::Select: {
      auto* s = e.as<ir::SelectNode>();
      if (!Field(self, "condition", SaveExpr(s->condition)) ||
          !Field(self, "true_value", SaveExpr(s->true_value)) ||
          !Field(self, "false_value", SaveExpr(s->false_value)))
        return error_;
      break;
    }
    case ir::ExprKind::Cast:
      if (!Field(self, "value", SaveExpr(e.as<ir::CastNode>()->value))) return error_;
      break;
    case ir::ExprKind::Call: {
      auto* c = e.as<ir::CallNode>();
      // TVM names intrinsics "tir.<name>" (an Op node); an extern function is
      // tir.call_extern with the function's name as its first argument.
      std::vector<ir::Expr> args = c->args;
      std::string op = c->op.rfind("tir.", 0) == 0 ? c->op : "tir." + c->op;
      if (ir::IsExternCall(*c)) {
        op = c->call_kind == ir::CallKind::PureExtern ? "tir.call_pure_extern" : "tir.call_extern";
        args.insert(args.begin(), ir::StringImm(c->op));
      }
      size_t op_node = NewNode(nullptr, "Op");
      nodes_[op_node].repr_str = op;
      attrs()["op"] = std::to_string(op_node);
      if (!Field(self, "args", ExprArray(args))) return error_;
      break;
    }
    case ir::ExprKind::ProducerLoad: {
      auto* p = e.as<ir::ProducerLoadNode>();
      te::Tensor t = te::Tensor::from(p->producer);
      if (!t.defined())
        return Error("save_json: a load of a producer that is not a te tensor", loc_);
      if (!Field(self, "producer", SaveTensor(t)) || !Field(self, "indices", ExprArray(p->indices)))
        return error_;
      break;
    }
    case ir::ExprKind::Ramp: {
      auto* r = e.as<ir::RampNode>();
      if (!Field(self, "base", SaveExpr(r->base)) || !Field(self, "stride", SaveExpr(r->stride)) ||
          !Field(self, "lanes", SaveExpr(ir::IntImm(ir::DataType::Int(32), r->lanes))))
        return error_;
      break;
    }
    case ir::ExprKind::Broadcast: {
      auto* b = e.as<ir::BroadcastNode>();
      if (!Field(self, "value", SaveExpr(b->value)) ||
          !Field(self, "lanes", SaveExpr(ir::IntImm(ir::DataType::Int(32), b->lanes))))
        return error_;
      break;
    }
    case ir::ExprKind::Let: {
      auto* l = e.as<ir::LetNode>();
      if (!Field(self, "var", SaveExpr(l->var)) || !Field(self, "value", SaveExpr(l->value)) ||
          !Field(self, "body", SaveExpr(l->body)))
        return error_;
      break;
    }
    case ir::ExprKind::Reduce: {
      auto* r = e.as<ir::ReduceNode>();
      if (!Field(self, "combiner", SaveReducer(r->combiner)) ||
          !Field(self, "source", ExprArray(r->source)) || !Field(self, "init", ExprArray({})) ||
          !Field(self, "axis", IterVarArray(r->axis)) ||
          !Field(self, "condition", SaveExpr(r->condition)))
        return error_;
      attrs()["value_index"] = std::to_string(r->value_index);
      break;
    }
    default:
      break;
  }
  return self;
}

}  // namespace

Result<std::string> SaveJsonGraph(const Interpreter& interp, const Value& root,
                                  const SourceLoc& loc) {
  TeJsonSaver saver(interp, loc);
  auto index = saver.SaveValue(root);
  if (!index) return index.error();
  return saver.Text(*index);
}

}  // namespace tessera::script
