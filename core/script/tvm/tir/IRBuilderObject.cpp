#include "script/tvm/tir/IRBuilderObject.h"

#include <functional>
#include <optional>

#include "ir/Buffer.h"
#include "ir/ExprOp.h"
#include "script/lang/Args.h"
#include "script/tvm/te/TensorIntrinObjects.h"

namespace tessera::script {

namespace {

using ir::Expr;
using ir::Stmt;

// One block being built: statements, and wrappers (let, allocate) that enclose what
// is emitted after them.
struct Item {
  Stmt stmt;
  std::function<Stmt(Stmt)> wrap;
};
using Frame = std::vector<Item>;

Stmt Fold(const Frame& frame) {
  std::vector<Stmt> tail;
  for (auto it = frame.rbegin(); it != frame.rend(); ++it) {
    if (!it->wrap) {
      tail.insert(tail.begin(), it->stmt);
      continue;
    }
    Stmt body = tail.empty() ? ir::MakeEvaluate(0) : tail.size() == 1 ? tail[0] : ir::MakeSeq(tail);
    tail = {it->wrap(body)};
  }
  if (tail.empty()) return ir::MakeEvaluate(0);
  return tail.size() == 1 ? tail[0] : ir::MakeSeq(tail);
}

// The builder's blocks: the outermost first, the scope being written last.
struct BuilderState {
  std::vector<Frame> frames{Frame{}};
};
using State = std::shared_ptr<BuilderState>;

Value BuiltStmtValue(const Stmt& s) { return Value::FromObject(std::make_shared<StmtObject>(s)); }

// A `with` scope of the builder: __enter__ opens a block, __exit__ closes it into a
// statement appended to the enclosing block.
struct ScopeObject : Object {
  State state;
  std::string kind;                 // for_range, if_scope, else_scope, new_scope
  Value entered;                    // what `as` binds (the loop variable)
  std::function<Stmt(Stmt)> close;  // the block -> the statement
  SourceLoc loc;
  std::string type_name() const override { return "IRBuilder." + kind; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& at) const override {
    State s = state;
    if (name == "__enter__") {
      std::string what = kind;
      Value v = entered;
      SourceLoc where = loc;
      return MakeFunction(
          name, [s, what, v, where](Interpreter&, const CallArgs&) -> Result<Value> {
            if (what == "else_scope") {
              Frame& current = s->frames.back();
              auto* last = current.empty() || current.back().wrap
                               ? nullptr
                               : current.back().stmt.as<ir::IfThenElseNode>();
              if (!last || last->else_case.defined())
                return Error(
                    "ir_builder.else_scope() must come right after the block of an if_scope()",
                    where);
            }
            s->frames.emplace_back();
            return v;
          });
    }
    if (name == "__exit__") {
      auto make = close;
      return MakeFunction(name, [s, make](Interpreter&, const CallArgs&) -> Result<Value> {
        Stmt body = Fold(s->frames.back());
        s->frames.pop_back();
        s->frames.back().push_back(Item{make(body), nullptr});
        return Value();
      });
    }
    return Object::GetAttr(interp, name, at);
  }
};

Value MakeScope(const State& s, std::string kind, Value entered, std::function<Stmt(Stmt)> close,
                SourceLoc loc) {
  auto o = std::make_shared<ScopeObject>();
  o->state = s;
  o->kind = std::move(kind);
  o->entered = std::move(entered);
  o->close = std::move(close);
  o->loc = std::move(loc);
  return Value::FromObject(o);
}

Result<ir::DataType> DType(const Args& args, const std::string& param, ir::DataType fallback) {
  if (!args.has(param)) return fallback;
  auto name = args.String(param);
  if (!name) return name.error();
  auto t = ir::DataType::parse(*name);
  if (!t) return args.ErrorAt(param, "unknown dtype \"" + *name + "\"");
  return *t;
}

Result<std::string> Name(const Args& args, const std::string& param, const std::string& fallback) {
  if (!args.has(param)) return fallback;
  return args.String(param);
}

Result<Value> ForRange(const State& s, const CallArgs& call) {
  Args args(call, "for_range", {"begin", "end", "name", "dtype", "kind"}, 2);
  if (!args.status()) return args.status().error();
  auto begin = args.Expr("begin");
  if (!begin) return begin.error();
  auto end = args.Expr("end");
  if (!end) return end.error();
  auto name = Name(args, "name", "i");
  if (!name) return name.error();
  auto dtype = DType(args, "dtype", ir::DataType::Int(32));
  if (!dtype) return dtype.error();
  auto kind_name = Name(args, "kind", "serial");
  if (!kind_name) return kind_name.error();
  ir::ForKind kind;
  if (*kind_name == "serial")
    kind = ir::ForKind::Serial;
  else if (*kind_name == "parallel")
    kind = ir::ForKind::Parallel;
  else if (*kind_name == "vectorize")
    kind = ir::ForKind::Vectorized;
  else if (*kind_name == "unroll")
    kind = ir::ForKind::Unrolled;
  else
    return args.ErrorAt("kind", "for_range(): unknown kind \"" + *kind_name +
                                    "\" (serial, parallel, vectorize or unroll)");
  ir::Var v(*name, *dtype);
  Expr b = ir::cast(*dtype, *begin), e = ir::cast(*dtype, *end);
  Expr extent = ir::is_zero(b) ? e : e - b;
  return MakeScope(
      s, "for_range", Value::FromExpr(v),
      [v, b, extent, kind](Stmt body) { return ir::MakeFor(v, b, extent, kind, body); }, call.loc);
}

Result<Value> Let(const State& s, const CallArgs& call) {
  Args args(call, "let", {"var_name", "value"}, 2);
  if (!args.status()) return args.status().error();
  auto name = args.String("var_name");
  if (!name) return name.error();
  auto value = args.Expr("value");
  if (!value) return value.error();
  ir::Var v(*name, value->dtype());
  Expr bound = *value;
  s->frames.back().push_back(
      Item{Stmt(), [v, bound](Stmt body) { return ir::MakeLetStmt(v, bound, body); }});
  return Value::FromExpr(v);
}

// What ib.allocate returns (TVM's BufferVar): buf[i] reads, buf[i] = v emits a store
// into the builder's current block; a tuple index is flattened row-major over the shape.
struct BufferVarObject : Object {
  State state;
  ir::Buffer buffer;  // flat: one dimension, the allocation's size
  std::vector<Expr> shape;
  std::string type_name() const override { return "BufferVar"; }

  Result<Expr> FlatIndex(const std::vector<Value>& indices, const SourceLoc& loc) const {
    if (indices.size() != 1 && indices.size() != shape.size())
      return Error("BufferVar[...]: " + std::to_string(indices.size()) + " indices for " +
                       std::to_string(shape.size()) + " dimensions",
                   loc);
    Expr flat;
    for (size_t d = 0; d < indices.size(); ++d) {
      auto e = indices[d].is_string() ? std::nullopt : ToExpr(indices[d]);
      if (!e || !e->dtype().is_integer()) return Error("BufferVar indices must be integers", loc);
      flat = flat.defined() ? flat * shape[d] + *e : *e;
    }
    return flat;
  }
  Result<Value> Subscript(Interpreter&, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>&, const SourceLoc& loc) const override {
    auto at = FlatIndex(indices, loc);
    if (!at) return at.error();
    return Value::FromExpr(ir::MakeBufferLoad(buffer, {*at}));
  }
  Status SetItem(Interpreter&, const Value& index, const Value& value,
                 const SourceLoc& loc) const override {
    auto at = FlatIndex(
        index.kind() == Value::Kind::Tuple ? index.items() : std::vector<Value>{index}, loc);
    if (!at) return at.error();
    auto v = value.is_string() ? std::nullopt : ToExpr(value);
    if (!v)
      return Error(
          "BufferVar[...] = value: the value must be an expression, not " + value.type_name(), loc);
    Expr stored = v->dtype() == buffer->dtype ? *v : ir::cast(buffer->dtype, *v);
    state->frames.back().push_back(Item{ir::MakeBufferStore(buffer, stored, {*at}), nullptr});
    return Status::Ok();
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "dtype") return Value::String(buffer->dtype.str());
    return Object::GetAttr(interp, name, loc);
  }
};

Result<Value> Allocate(const State& s, const CallArgs& call) {
  Args args(call, "allocate", {"dtype", "shape", "name", "scope"}, 2);
  if (!args.status()) return args.status().error();
  auto dtype = DType(args, "dtype", ir::DataType::Float(32));
  if (!dtype) return dtype.error();
  const Value& shape_value = args.get("shape");
  std::vector<Value> dims =
      shape_value.is_sequence() ? shape_value.items() : std::vector<Value>{shape_value};
  std::vector<Expr> shape;
  for (const Value& d : dims) {
    auto e = d.is_string() ? std::nullopt : ToExpr(d);
    if (!e || !e->dtype().is_integer())
      return args.TypeError("shape", "an integer or a list of integers");
    shape.push_back(*e);
  }
  auto name = Name(args, "name", "buf");
  if (!name) return name.error();
  auto scope = Name(args, "scope", "local");
  if (!scope) return scope.error();
  Expr size = 1;
  for (const Expr& d : shape) size = size * d;
  ir::Buffer b = ir::MakeBuffer(*name, *dtype, {size}, scope->empty() ? "local" : *scope);
  ir::DataType t = *dtype;
  std::string sc = b->scope;
  s->frames.back().push_back(Item{Stmt(), [b, t, size, sc](Stmt body) {
                                    return ir::MakeAllocate(b->data, t, {size}, ir::make_bool(true),
                                                            body, sc);
                                  }});
  auto var = std::make_shared<BufferVarObject>();
  var->state = s;
  var->buffer = b;
  var->shape = shape;
  return Value::FromObject(var);
}

// What ib.buffer_ptr(buf) returns (TVM's BufferVar over a declared buffer, a te.extern's
// ins / outs): p[i, j] reads, p[i, j] = v emits a store. One index into an N-d buffer
// is a row-major flat index, unravelled as TVM's BufferVar does.
struct BufferPtrObject : Object {
  State state;
  ir::Buffer buffer;
  std::string type_name() const override { return "BufferVar"; }

  Result<std::vector<Expr>> Indices(const std::vector<Value>& given, const SourceLoc& loc) const {
    size_t rank = buffer->shape.size();
    if (given.size() != 1 && given.size() != rank)
      return Error("BufferVar[...]: " + std::to_string(given.size()) + " indices for buffer " +
                       buffer->name + " of " + std::to_string(rank) + " dimensions",
                   loc);
    std::vector<Expr> indices;
    for (const Value& v : given) {
      auto e = v.is_string() ? std::nullopt : ToExpr(v);
      if (!e || !e->dtype().is_integer()) return Error("BufferVar indices must be integers", loc);
      indices.push_back(*e);
    }
    if (indices.size() == rank || rank == 0) return indices;
    std::vector<Expr> unravelled(rank);
    Expr rest = indices[0];
    for (size_t d = rank; d-- > 0;) {
      Expr extent = ir::cast(rest.dtype(), buffer->shape[d]);
      unravelled[d] = d == 0 ? rest : ir::floormod(rest, extent);
      rest = ir::floordiv(rest, extent);
    }
    return unravelled;
  }
  Result<Value> Subscript(Interpreter&, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>&, const SourceLoc& loc) const override {
    auto at = Indices(indices, loc);
    if (!at) return at.error();
    return Value::FromExpr(ir::MakeBufferLoad(buffer, *at));
  }
  Status SetItem(Interpreter&, const Value& index, const Value& value,
                 const SourceLoc& loc) const override {
    auto at = Indices(
        index.kind() == Value::Kind::Tuple ? index.items() : std::vector<Value>{index}, loc);
    if (!at) return at.error();
    if (value.is_number()) {
      Expr c = value.is_float() ? ir::make_const(buffer->dtype, value.as_float())
                                : ir::make_const(buffer->dtype, value.as_int());
      state->frames.back().push_back(Item{ir::MakeBufferStore(buffer, c, *at), nullptr});
      return Status::Ok();
    }
    auto v = value.is_string() ? std::nullopt : ToExpr(value);
    if (!v)
      return Error(
          "BufferVar[...] = value: the value must be an expression, not " + value.type_name(), loc);
    if (v->dtype() != buffer->dtype)
      return Error("BufferVar[...] = value: the value has dtype " + v->dtype().str() +
                       " but buffer " + buffer->name + " holds " + buffer->dtype.str(),
                   loc);
    state->frames.back().push_back(Item{ir::MakeBufferStore(buffer, *v, *at), nullptr});
    return Status::Ok();
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "dtype") return Value::String(buffer->dtype.str());
    return Object::GetAttr(interp, name, loc);
  }
};

Result<Value> BufferPtr(const State& s, const CallArgs& call) {
  Args args(call, "buffer_ptr", {"buf", "shape"}, 1);
  if (!args.status()) return args.status().error();
  auto* b = args.get("buf").as<BufferObject>();
  if (!b) return args.TypeError("buf", "a Buffer (a te.extern's ins / outs, tvm.tir.decl_buffer)");
  if (args.has("shape") && !args.get("shape").is_none())
    return args.ErrorAt("shape", "buffer_ptr(): a shape of its own is not supported in Tessera");
  auto ptr = std::make_shared<BufferPtrObject>();
  ptr->state = s;
  ptr->buffer = b->buffer;
  return Value::FromObject(ptr);
}

// The statements an ir_builder collected (shared with its bound methods).
struct IRBuilderObject : Object {
  State state = std::make_shared<BuilderState>();
  std::string type_name() const override { return "IRBuilder"; }
  Result<Value> GetAttr(Interpreter&, const std::string& name,
                        const SourceLoc& loc) const override {
    State s = state;
    if (name == "emit")
      return MakeFunction("emit", [s](Interpreter&, const CallArgs& call) -> Result<Value> {
        Args args(call, "emit", {"stmt"}, 1);
        if (!args.status()) return args.status().error();
        const Value& v = args.get("stmt");
        if (auto* st = v.as<StmtObject>()) {
          s->frames.back().push_back(Item{st->stmt, nullptr});
          return Value();
        }
        auto e = v.is_string() ? std::nullopt : ToExpr(v);
        if (!e) return args.TypeError("stmt", "a statement or an expression");
        s->frames.back().push_back(Item{ir::MakeEvaluate(*e), nullptr});
        return Value();
      });
    if (name == "get")
      return MakeFunction("get", [s](Interpreter&, const CallArgs& call) -> Result<Value> {
        if (call.size() != 0) return Error("get() takes no arguments", call.loc);
        if (s->frames.size() != 1)
          return Error("ir_builder.get() inside a 'with' scope of the builder", call.loc);
        return BuiltStmtValue(Fold(s->frames.back()));
      });
    if (name == "for_range")
      return MakeFunction(name, [s](Interpreter&, const CallArgs& c) { return ForRange(s, c); });
    if (name == "if_scope")
      return MakeFunction(name, [s](Interpreter&, const CallArgs& call) -> Result<Value> {
        Args args(call, "if_scope", {"cond"}, 1);
        if (!args.status()) return args.status().error();
        auto cond = args.Expr("cond");
        if (!cond) return cond.error();
        Expr c = *cond;
        return MakeScope(
            s, "if_scope", Value(), [c](Stmt body) { return ir::MakeIf(c, body); }, call.loc);
      });
    if (name == "else_scope")
      return MakeFunction(name, [s](Interpreter&, const CallArgs& call) -> Result<Value> {
        if (call.size() != 0) return Error("else_scope() takes no arguments", call.loc);
        // The if is taken out of the enclosing block when the else block closes.
        return MakeScope(
            s, "else_scope", Value(),
            [s](Stmt body) {
              Frame& current = s->frames.back();
              Stmt ite = current.back().stmt;
              current.pop_back();
              auto* n = ite.as<ir::IfThenElseNode>();
              return ir::MakeIf(n->condition, n->then_case, body);
            },
            call.loc);
      });
    if (name == "new_scope")
      return MakeFunction(name, [s](Interpreter&, const CallArgs& call) -> Result<Value> {
        if (call.size() != 0) return Error("new_scope() takes no arguments", call.loc);
        return MakeScope(
            s, "new_scope", Value(), [](Stmt body) { return body; }, call.loc);
      });
    if (name == "let")
      return MakeFunction(name, [s](Interpreter&, const CallArgs& c) { return Let(s, c); });
    if (name == "allocate")
      return MakeFunction(name, [s](Interpreter&, const CallArgs& c) { return Allocate(s, c); });
    if (name == "likely")  // TVM's IRBuilder.likely: a condition marked as usually true
      return MakeFunction(name, [](Interpreter&, const CallArgs& call) -> Result<Value> {
        Args args(call, "likely", {"expr"}, 1);
        if (!args.status()) return args.status().error();
        auto e = args.Expr("expr");
        if (!e) return e.error();
        return Value::FromExpr(ir::MakeCall(ir::DataType::Bool(), "likely", {*e}));
      });
    if (name == "buffer_ptr")
      return MakeFunction(name, [s](Interpreter&, const CallArgs& c) { return BufferPtr(s, c); });
    if (name == "pointer" || name == "assume" || name == "while_loop")
      return Error("ir_builder." + name +
                       " is not supported in Tessera (emit, for_range, if_scope, else_scope, "
                       "new_scope, let, allocate, buffer_ptr, likely and get are)",
                   loc);
    return Error("'IRBuilder' object has no attribute '" + name + "' in Tessera", loc);
  }
};

}  // namespace

Value MakeIRBuilder() { return Value::FromObject(std::make_shared<IRBuilderObject>()); }

}  // namespace tessera::script
