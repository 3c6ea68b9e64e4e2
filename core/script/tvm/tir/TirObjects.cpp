#include "script/tvm/tir/TirObjects.h"

#include "ir/Printer.h"
#include "script/lang/Interpreter.h"
#include "script/lang/Operators.h"
#include "script/tvm/driver/TirModule.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "script/tvm/tir/schedule/TirTraceObjects.h"
#include "te/Tensor.h"

namespace tessera::script {

namespace {

Value TirExprList(const std::vector<ir::Expr>& exprs) {
  std::vector<Value> items;
  for (const ir::Expr& e : exprs) items.push_back(Value::FromExpr(e));
  return Value::List(std::move(items));
}

Value TirOptionalExpr(const ir::Expr& e) { return e.defined() ? Value::FromExpr(e) : Value(); }

// A tensor a statement produces or reads: the script's Tensor when it is a te tensor
// (TVM's ProducerStore.producer is a te.Tensor), else a buffer with its name and shape.
Value TirProducerValue(const ir::DataProducer& p) {
  if (!p) return Value();
  if (auto t = std::dynamic_pointer_cast<const te::TensorNode>(p))
    return MakeTensorValue(te::Tensor(t));
  return Value::FromObject(std::make_shared<BufferObject>(
      ir::MakeBuffer(p->producer_name(), p->producer_dtype(), p->producer_shape())));
}

Value TirBufferValue(const ir::Buffer& b) {
  return b ? Value::FromObject(std::make_shared<BufferObject>(b)) : Value();
}

// A [min, extent) range of a ProducerRealize's bounds.
struct TirRangeObject : Object {
  ir::Range range;
  explicit TirRangeObject(ir::Range r) : range(std::move(r)) {}
  std::string type_name() const override { return "Range"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "min") return Value::FromExpr(range.min);
    if (name == "extent") return Value::FromExpr(range.extent);
    return Object::GetAttr(interp, name, loc);
  }
};

// TVM's ForKind enum values (python/tvm/tir/stmt.py).
int64_t TirForKindValue(ir::ForKind k) {
  switch (k) {
    case ir::ForKind::Serial:
      return 0;
    case ir::ForKind::Parallel:
      return 1;
    case ir::ForKind::Vectorized:
      return 2;
    case ir::ForKind::Unrolled:
      return 3;
    case ir::ForKind::ThreadBinding:
      return 4;
  }
  return 0;
}

Value TirAttrNodeValue(const ir::AttrTarget& node) {
  if (auto* e = std::get_if<ir::Expr>(&node)) return TirOptionalExpr(*e);
  if (auto* iv = std::get_if<ir::IterVar>(&node)) return *iv ? MakeIterVarValue(*iv) : Value();
  if (auto* b = std::get_if<ir::Buffer>(&node)) return TirBufferValue(*b);
  if (auto* p = std::get_if<ir::DataProducer>(&node)) return TirProducerValue(*p);
  if (auto* s = std::get_if<std::string>(&node)) return Value::String(*s);
  return Value();
}

// The attributes every statement kind has, by TVM's names; nullopt when it has none.
std::optional<Value> TirStmtAttribute(const ir::Stmt& s, const std::string& name) {
  if (auto* n = s.as<ir::ForNode>()) {
    if (name == "loop_var") return Value::FromExpr(n->loop_var);
    if (name == "min") return Value::FromExpr(n->min);
    if (name == "extent") return Value::FromExpr(n->extent);
    if (name == "kind") return Value::Int(TirForKindValue(n->for_kind));
    if (name == "body") return MakeTirStmtValue(n->body);
    if (name == "thread_binding")
      return n->thread_binding ? MakeIterVarValue(n->thread_binding) : Value();
  } else if (auto* n = s.as<ir::LetStmtNode>()) {
    if (name == "var") return Value::FromExpr(n->var);
    if (name == "value") return Value::FromExpr(n->value);
    if (name == "body") return MakeTirStmtValue(n->body);
  } else if (auto* n = s.as<ir::IfThenElseNode>()) {
    if (name == "condition") return Value::FromExpr(n->condition);
    if (name == "then_case") return MakeTirStmtValue(n->then_case);
    if (name == "else_case") return MakeTirStmtValue(n->else_case);
  } else if (auto* n = s.as<ir::BufferStoreNode>()) {
    if (name == "buffer") return TirBufferValue(n->buffer);
    if (name == "value") return Value::FromExpr(n->value);
    if (name == "indices") return TirExprList(n->indices);
  } else if (auto* n = s.as<ir::ProducerStoreNode>()) {
    if (name == "producer") return TirProducerValue(n->producer);
    if (name == "value") return Value::FromExpr(n->value);
    if (name == "indices") return TirExprList(n->indices);
  } else if (auto* n = s.as<ir::AllocateNode>()) {
    if (name == "buffer_var") return Value::FromExpr(n->buffer_var);
    if (name == "dtype") return Value::String(n->dtype.str());
    if (name == "extents") return TirExprList(n->extents);
    if (name == "condition") return TirOptionalExpr(n->condition);
    if (name == "body") return MakeTirStmtValue(n->body);
  } else if (auto* n = s.as<ir::AttrStmtNode>()) {
    if (name == "node") return TirAttrNodeValue(n->node);
    if (name == "attr_key") return Value::String(n->key);
    if (name == "value") return TirOptionalExpr(n->value);
    if (name == "body") return MakeTirStmtValue(n->body);
  } else if (auto* n = s.as<ir::AssertStmtNode>()) {
    if (name == "condition") return Value::FromExpr(n->condition);
    if (name == "message") return Value::FromExpr(n->message);
    if (name == "body") return MakeTirStmtValue(n->body);
  } else if (auto* n = s.as<ir::SeqStmtNode>()) {
    if (name == "seq") {
      std::vector<Value> items;
      for (const ir::Stmt& c : n->seq) items.push_back(MakeTirStmtValue(c));
      return Value::List(std::move(items));
    }
  } else if (auto* n = s.as<ir::EvaluateNode>()) {
    if (name == "value") return Value::FromExpr(n->value);
  } else if (auto* n = s.as<ir::ProducerRealizeNode>()) {
    if (name == "producer") return TirProducerValue(n->producer);
    if (name == "bounds") {
      std::vector<Value> items;
      for (const ir::Range& r : n->bounds)
        items.push_back(Value::FromObject(std::make_shared<TirRangeObject>(r)));
      return Value::List(std::move(items));
    }
    if (name == "condition") return TirOptionalExpr(n->condition);
    if (name == "body") return MakeTirStmtValue(n->body);
    if (name == "storage_scope") return Value::String(n->storage_scope);
  }
  return std::nullopt;
}

bool TirIsExprKindName(const std::string& type, ir::ExprKind* kind) {
  for (int k = 0; k <= static_cast<int>(ir::ExprKind::Reduce); ++k)
    if (type == ir::kind_name(static_cast<ir::ExprKind>(k))) {
      *kind = static_cast<ir::ExprKind>(k);
      return true;
    }
  return false;
}

bool TirIsStmtKindName(const std::string& type, ir::StmtKind* kind) {
  for (int k = 0; k <= static_cast<int>(ir::StmtKind::ProducerRealize); ++k)
    if (type == ir::kind_name(static_cast<ir::StmtKind>(k))) {
      *kind = static_cast<ir::StmtKind>(k);
      return true;
    }
  return false;
}

// A class usable with isinstance (the same protocol as BoundObjects' types: its name).
struct TirTypeObject : Object {
  std::string name;
  explicit TirTypeObject(std::string n) : name(std::move(n)) {}
  std::string type_name() const override { return "type"; }
};

}  // namespace

std::string TirStmtObject::type_name() const { return ir::kind_name(stmt.kind()); }

Result<Value> TirStmtObject::GetAttr(Interpreter& interp, const std::string& name,
                                     const SourceLoc& loc) const {
  if (auto v = TirStmtAttribute(stmt, name)) return *v;
  if (name == "same_as") {
    ir::Stmt self = stmt;
    return MakeFunction("same_as", [self](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (a.positional.size() != 1 || !a.keywords.empty())
        return Error("same_as() takes one argument", a.loc);
      auto* other = a.positional[0].as<StmtObject>();
      return Value::Bool(other && other->stmt.same_as(self));
    });
  }
  return Object::GetAttr(interp, name, loc);
}

Result<Value> TirStmtObject::Subscript(Interpreter& interp, const std::vector<Value>& indices,
                                       const std::vector<SourceLoc>& index_locs,
                                       const SourceLoc& loc) const {
  auto* seq = stmt.as<ir::SeqStmtNode>();
  if (!seq) return Object::Subscript(interp, indices, index_locs, loc);
  if (indices.size() != 1 || !indices[0].is_integer())
    return Error("SeqStmt indices must be integers", index_locs.empty() ? loc : index_locs[0]);
  int64_t i = indices[0].as_int();
  int64_t size = static_cast<int64_t>(seq->seq.size());
  if (i < 0) i += size;
  if (i < 0 || i >= size) return Error("IndexError: SeqStmt index out of range", index_locs[0]);
  return MakeTirStmtValue(seq->seq[static_cast<size_t>(i)]);
}

Value MakeTirStmtValue(const ir::Stmt& s) {
  return s.defined() ? Value::FromObject(std::make_shared<TirStmtObject>(s)) : Value();
}

std::optional<Value> TirExprAttribute(const ir::Expr& e, const std::string& name) {
  if (!e.defined()) return std::nullopt;
  if (ir::is_binary(e.kind())) {
    auto* n = e.as<ir::BinaryNode>();
    if (name == "a") return Value::FromExpr(n->a);
    if (name == "b") return Value::FromExpr(n->b);
  } else if (auto* n = e.as<ir::NotNode>()) {
    if (name == "a") return Value::FromExpr(n->a);
  } else if (auto* n = e.as<ir::SelectNode>()) {
    if (name == "condition") return Value::FromExpr(n->condition);
    if (name == "true_value") return Value::FromExpr(n->true_value);
    if (name == "false_value") return Value::FromExpr(n->false_value);
  } else if (auto* n = e.as<ir::CastNode>()) {
    if (name == "value") return Value::FromExpr(n->value);
  } else if (auto* n = e.as<ir::CallNode>()) {
    if (name == "args") return TirExprList(n->args);
  } else if (auto* n = e.as<ir::StringImmNode>()) {
    if (name == "value") return Value::String(n->value);
  } else if (auto* n = e.as<ir::BufferLoadNode>()) {
    if (name == "buffer") return TirBufferValue(n->buffer);
    if (name == "indices") return TirExprList(n->indices);
  } else if (auto* n = e.as<ir::ProducerLoadNode>()) {
    if (name == "producer") return TirProducerValue(n->producer);
    if (name == "indices") return TirExprList(n->indices);
  } else if (auto* n = e.as<ir::RampNode>()) {
    if (name == "base") return Value::FromExpr(n->base);
    if (name == "stride") return Value::FromExpr(n->stride);
    if (name == "lanes") return Value::Int(n->lanes);
  } else if (auto* n = e.as<ir::BroadcastNode>()) {
    if (name == "value") return Value::FromExpr(n->value);
    if (name == "lanes") return Value::Int(n->lanes);
  } else if (auto* n = e.as<ir::LetNode>()) {
    if (name == "var") return Value::FromExpr(n->var);
    if (name == "value") return Value::FromExpr(n->value);
    if (name == "body") return Value::FromExpr(n->body);
  } else if (auto* n = e.as<ir::ReduceNode>()) {
    if (name == "source") return TirExprList(n->source);
    if (name == "condition") return TirOptionalExpr(n->condition);
    if (name == "value_index") return Value::Int(n->value_index);
    if (name == "axis") {
      std::vector<Value> items;
      for (const ir::IterVar& iv : n->axis) items.push_back(MakeIterVarValue(iv));
      return Value::List(std::move(items));
    }
  }
  return std::nullopt;
}

std::optional<bool> TirInstanceOf(const Value& v, const std::string& type) {
  if (auto is = TensorIRInstanceOf(v, type)) return is;  // tir.Schedule and its RVs
  ir::StmtKind stmt_kind;
  ir::ExprKind expr_kind;
  auto* stmt = v.as<StmtObject>();
  if (type == "Stmt") return stmt != nullptr;
  if (TirIsStmtKindName(type, &stmt_kind))
    return stmt && stmt->stmt.defined() && stmt->stmt.kind() == stmt_kind;
  // Var, IntImm and FloatImm are BoundObjects' already; the other expression classes.
  if (TirIsExprKindName(type, &expr_kind)) return v.is_expr() && v.as_expr().kind() == expr_kind;
  if (type == "PrimFunc") return v.as<TirPrimFuncObject>() || AsTensorIRFunc(v);
  if (type == "IRModule") return v.as<TirModuleObject>() || AsTensorIRModule(v);
  return std::nullopt;
}

std::optional<std::string> TirTypeName(const Value& v) {
  if (auto* t = v.as<TirTypeObject>()) return t->name;
  return std::nullopt;
}

const void* TirIdentity(const Value& v) {
  if (auto* s = v.as<TirStmtObject>()) return s->stmt.get();
  return TirTraceIdentity(v);
}

void RegisterTirTypes(Interpreter& interp) {
  // TVM's node fields (.a, .b, .args, ...) and ExprOp.equal: the EQ expression
  // (tx.var.equal(0)).
  interp.SetExprAttributes(
      [](const ir::Expr& expr, const std::string& name) -> std::optional<Value> {
        if (name != "equal") return TirExprAttribute(expr, name);
        return MakeFunction("equal", [expr](Interpreter&, const CallArgs& a) -> Result<Value> {
          if (a.positional.size() != 1 || !a.keywords.empty())
            return Error("equal() takes one argument", a.loc);
          auto other = ToExpr(a.positional[0]);
          if (!other || a.positional[0].is_string())
            return Error("equal() needs an expression, not " + a.positional[0].type_name(),
                         a.positional_locs[0]);
          return ApplyCompare(CompareOp::EQ, Value::FromExpr(expr), a.positional[0], a.loc);
        });
      });
  auto register_type = [&interp](const std::string& path, const std::string& name) {
    if (!interp.Lookup(path))
      interp.Register(path, Value::FromObject(std::make_shared<TirTypeObject>(name)));
  };
  for (int k = 0; k <= static_cast<int>(ir::StmtKind::ProducerRealize); ++k) {
    std::string name = ir::kind_name(static_cast<ir::StmtKind>(k));
    register_type("tvm.tir." + name, name);
    register_type("tvm.tir.stmt." + name, name);
  }
  for (int k = 0; k <= static_cast<int>(ir::ExprKind::Reduce); ++k) {
    std::string name = ir::kind_name(static_cast<ir::ExprKind>(k));
    register_type("tvm.tir." + name, name);
    register_type("tvm.tir.expr." + name, name);
  }
  register_type("tvm.tir.Stmt", "Stmt");
  register_type("tvm.tir.stmt.Stmt", "Stmt");
  register_type("tvm.tir.PrimFunc", "PrimFunc");
  register_type("tvm.tir.function.PrimFunc", "PrimFunc");
  register_type("tvm.IRModule", "IRModule");
  register_type("tvm.ir.IRModule", "IRModule");
  const char* kinds[] = {"SERIAL", "PARALLEL", "VECTORIZED", "UNROLLED", "THREAD_BINDING"};
  for (int k = 0; k < 5; ++k)
    interp.Register(std::string("tvm.tir.ForKind.") + kinds[k], Value::Int(k));
}

}  // namespace tessera::script
