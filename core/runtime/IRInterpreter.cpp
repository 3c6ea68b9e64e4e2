#include "runtime/IRInterpreter.h"

#include <cstring>
#include <unordered_map>

#include "ir/BitIntrinsics.h"
#include "ir/Functor.h"
#include "ir/MathIntrinsics.h"
#include "ir/TargetCalls.h"
#include "runtime/ArgBinder.h"
#include "transform/InjectPrefetch.h"

namespace tessera::runtime {

using namespace ir;

struct IRInterpreter::Impl : public ExprFunctor<Value>, public StmtFunctor<void> {
  // Memory a buffer handle points to.
  struct Memory {
    void* base = nullptr;
    int64_t bytes = 0;
    std::shared_ptr<void> owner;  // keeps NDArray or Allocate memory alive
  };

  InterpreterOptions options;
  std::unordered_map<const ExprNode*, Value> vars;
  std::unordered_map<const ExprNode*, Memory> memory;
  std::optional<Error> error;
  int64_t steps = 0;
  // Active lanes inside a vector if_then_else (empty: all lanes active).
  std::vector<char> mask;

  bool failed() const { return error.has_value(); }
  Value Fail(const std::string& message) {
    if (!error) error = Error(message);
    return Value::Zero(DataType::Int(32));
  }

  // ---- helpers ----
  // Binds a name for the lifetime of the returned guard, restoring what it shadowed.
  template <typename Map, typename V>
  struct Scoped {
    Map& map;
    const ExprNode* key;
    std::optional<V> saved;
    Scoped(Map& m, const ExprNode* k, V value) : map(m), key(k) {
      if (auto it = map.find(k); it != map.end()) saved = it->second;
      map[k] = std::move(value);
    }
    ~Scoped() {
      if (saved)
        map[key] = std::move(*saved);
      else
        map.erase(key);
    }
  };
  using ScopedVar = Scoped<std::unordered_map<const ExprNode*, Value>, Value>;
  using ScopedMemory = Scoped<std::unordered_map<const ExprNode*, Memory>, Memory>;

  bool Step() {
    if (++steps > options.max_steps) {
      Fail("interpreter step limit (" + std::to_string(options.max_steps) + ") exceeded");
      return false;
    }
    return !failed();
  }

  // A scalar integer (loop bounds, extents, conditions).
  std::optional<int64_t> EvalScalarInt(const Expr& e, const char* what) {
    Value v = VisitExpr(e);
    if (failed()) return std::nullopt;
    if (v.lanes() != 1) {
      Fail(std::string(what) + " must be a scalar, got " + v.type.str());
      return std::nullopt;
    }
    return v.as_int(0);
  }

  bool LaneActive(int lane, int lanes) const {
    if (mask.empty()) return true;
    if (static_cast<int>(mask.size()) == lanes) return mask[lane] != 0;
    for (char m : mask)
      if (m) return true;
    return false;
  }

  // Element index (possibly a vector) of an access to `buffer` at `indices`.
  Value LinearIndex(const Buffer& buffer, const std::vector<Expr>& indices) {
    if (indices.empty()) return Fail("access to buffer " + buffer->name + " without indices");
    std::string err;
    auto combine = [&](ExprKind k, const Value& a, const Value& b) {
      auto r = ApplyBinary(k, a, b, &err);
      return r ? std::move(*r) : Fail(err);
    };
    auto as64 = [&](const Expr& e) {
      Value v = VisitExpr(e);
      return ApplyCast(DataType::Int(64, v.lanes()), v);
    };
    Value index;
    if (!buffer->strides.empty()) {
      if (buffer->strides.size() != indices.size())
        return Fail("buffer " + buffer->name + " has " + std::to_string(buffer->strides.size()) +
                    " strides but is accessed with " + std::to_string(indices.size()) + " indices");
      index = Value::Int(DataType::Int(64), 0);
      for (size_t d = 0; d < indices.size(); ++d)
        index = combine(ExprKind::Add, index,
                        combine(ExprKind::Mul, as64(indices[d]), as64(buffer->strides[d])));
    } else if (indices.size() == 1) {
      index = as64(indices[0]);
    } else {
      if (buffer->shape.size() != indices.size())
        return Fail("buffer " + buffer->name + " has " + std::to_string(buffer->shape.size()) +
                    " dimensions but is accessed with " + std::to_string(indices.size()) +
                    " indices");
      index = as64(indices[0]);
      for (size_t d = 1; d < indices.size(); ++d)
        index = combine(ExprKind::Add, combine(ExprKind::Mul, index, as64(buffer->shape[d])),
                        as64(indices[d]));
    }
    if (buffer->elem_offset.defined())
      index = combine(ExprKind::Add, index, as64(buffer->elem_offset));
    return index;
  }

  Memory* FindMemory(const Buffer& buffer) {
    auto it = memory.find(buffer->data.get());
    if (it == memory.end()) {
      Fail("buffer " + buffer->name + " is not bound to memory");
      return nullptr;
    }
    return &it->second;
  }

  bool CheckInBounds(const Buffer& buffer, const Memory& m, int64_t k, const char* access) {
    int64_t count = m.bytes / StorageBytes(buffer->dtype.element_of());
    if (k >= 0 && k < count) return true;
    Fail(std::string("out-of-bounds ") + access + " of buffer " + buffer->name + ": index " +
         std::to_string(k) + " is outside [0, " + std::to_string(count) + ")");
    return false;
  }

  // ---- expressions ----
  Value VisitExprDefault(const Expr& e) override {
    return Fail(std::string("the interpreter cannot evaluate ") + kind_name(e.kind()) +
                " (run StorageFlatten first)");
  }
  Value VisitIntImm(const IntImmNode* n, const Expr&) override {
    return Value::Int(n->dtype, n->value);
  }
  Value VisitFloatImm(const FloatImmNode* n, const Expr&) override {
    return Value::Float(n->dtype, n->value);
  }
  Value VisitVar(const VarNode* n, const Expr& e) override {
    auto it = vars.find(e.get());
    if (it == vars.end()) return Fail("variable '" + n->name + "' is not bound");
    return it->second;
  }
  Value VisitBinary(const BinaryNode* n, const Expr&) override {
    Value a = VisitExpr(n->a);
    Value b = VisitExpr(n->b);
    if (failed()) return a;
    std::string err;
    auto r = ApplyBinary(n->kind, a, b, &err);
    return r ? std::move(*r) : Fail(err + " in " + std::string(kind_name(n->kind)));
  }
  Value VisitNot(const NotNode* n, const Expr&) override { return ApplyNot(VisitExpr(n->a)); }
  Value VisitSelect(const SelectNode* n, const Expr&) override {
    Value c = VisitExpr(n->condition);
    Value t = VisitExpr(n->true_value);
    Value f = VisitExpr(n->false_value);
    return failed() ? c : ApplySelect(c, t, f);
  }
  Value VisitCast(const CastNode* n, const Expr&) override {
    Value v = VisitExpr(n->value);
    return failed() ? v : ApplyCast(n->dtype, v);
  }
  Value VisitRamp(const RampNode* n, const Expr&) override {
    Value base = VisitExpr(n->base), stride = VisitExpr(n->stride);
    if (failed()) return base;
    Value r;
    r.type = n->dtype;
    for (int l = 0; l < n->lanes; ++l) {
      if (r.is_float())
        r.f.push_back(RoundFloat(r.type, base.as_double(0) + l * stride.as_double(0)));
      else
        r.i.push_back(WrapInt(r.type, base.as_int(0) + l * stride.as_int(0)));
    }
    return r;
  }
  Value VisitBroadcast(const BroadcastNode* n, const Expr&) override {
    Value v = VisitExpr(n->value);
    if (failed()) return v;
    Value r;
    r.type = n->dtype;
    for (int l = 0; l < n->lanes; ++l) {
      if (r.is_float())
        r.f.push_back(v.as_double(0));
      else
        r.i.push_back(v.as_int(0));
    }
    return r;
  }
  Value VisitLet(const LetNode* n, const Expr&) override {
    Value v = VisitExpr(n->value);
    if (failed()) return v;
    ScopedVar bind(vars, n->var.get(), v);
    return VisitExpr(n->body);
  }
  Value VisitBufferLoad(const BufferLoadNode* n, const Expr&) override {
    Value index = LinearIndex(n->buffer, n->indices);
    Memory* m = failed() ? nullptr : FindMemory(n->buffer);
    if (!m) return index;
    DataType elem = n->buffer->dtype.element_of();
    Value r = Value::Zero(elem.with_lanes(index.lanes()));
    for (int l = 0; l < index.lanes(); ++l) {
      if (!LaneActive(l, index.lanes())) continue;
      int64_t k = index.as_int(l);
      if (!CheckInBounds(n->buffer, *m, k, "read")) return r;
      if (elem.is_float())
        r.f[l] = LoadElementDouble(m->base, k, elem);
      else
        r.i[l] = LoadElementInt(m->base, k, elem);
    }
    return r;
  }
  Value VisitCall(const CallNode* n, const Expr& e) override {
    if ((n->op == "likely" || n->op == "assume") && n->args.size() == 1)
      return VisitExpr(n->args[0]);
    // A cache hint: nothing to compute, and its address is not read.
    if (transform::IsPrefetch(e)) return Value::Int(n->dtype, 0);
    if (n->op == "if_then_else" && n->args.size() == 3) return IfThenElse(n);
    if (auto bit = ir::LookupBitOp(n->op)) return BitCall(n, *bit);
    if (n->op == ir::kReinterpret && n->args.size() == 1) {
      Value v = VisitExpr(n->args[0]);
      if (failed()) return v;
      std::string err;
      auto r = ApplyReinterpret(n->dtype, v, &err);
      return r ? std::move(*r) : Fail(err);
    }
    if (auto sources = ir::VectorLaneSources(*n)) {
      std::vector<Value> operands;
      for (const Expr& a : n->args) operands.push_back(VisitExpr(a));
      if (failed()) return operands[0];
      Value r;
      r.type = n->dtype;
      for (const ir::LaneSource& s : *sources) {
        const Value& from = operands[size_t(s.operand)];
        if (r.is_float())
          r.f.push_back(from.f[s.lane]);
        else
          r.i.push_back(from.i[s.lane]);
      }
      return r;
    }
    if (auto llvm = ir::AsLLVMIntrinCall(*n))
      return Fail("the interpreter does not run LLVM intrinsics (" + llvm->name +
                  "); only the LLVM backend compiles them");
    auto info = ir::LookupMathOp(n->op);
    if (!info || static_cast<int>(n->args.size()) != info->arity)
      return Fail("the interpreter does not know the call '" + n->op + "' with " +
                  std::to_string(n->args.size()) + " arguments");
    std::vector<Value> args;
    for (auto& a : n->args) args.push_back(VisitExpr(a));
    if (failed()) return args[0];
    Value r;
    r.type = n->dtype;
    for (int l = 0; l < n->dtype.lanes(); ++l) {
      double a = args[0].as_double(args[0].lanes() == 1 ? 0 : l);
      double b = info->arity == 2 ? args[1].as_double(args[1].lanes() == 1 ? 0 : l) : 0.0;
      double v = ir::EvalMathOp(info->op, a, b);
      if (r.is_float())
        r.f.push_back(RoundFloat(r.type, v));
      else
        r.i.push_back(WrapInt(r.type, static_cast<int64_t>(v)));
    }
    return r;
  }
  // Exact integer semantics, lane by lane (ir::EvalBitOp).
  Value BitCall(const CallNode* n, const ir::BitOpInfo& bit) {
    if (static_cast<int>(n->args.size()) != bit.arity || !ir::BitOpTakes(bit.op, n->dtype))
      return Fail("the interpreter does not know the call '" + n->op + "' with " +
                  std::to_string(n->args.size()) + " arguments of type " + n->dtype.str());
    std::vector<Value> args;
    for (auto& a : n->args) args.push_back(VisitExpr(a));
    if (failed()) return args[0];
    Value r;
    r.type = n->dtype;
    DataType elem = n->dtype.element_of();
    for (int l = 0; l < n->dtype.lanes(); ++l) {
      int64_t a = args[0].as_int(args[0].lanes() == 1 ? 0 : l);
      int64_t b = bit.arity == 2 ? args[1].as_int(args[1].lanes() == 1 ? 0 : l) : 0;
      r.i.push_back(ir::EvalBitOp(bit.op, elem, a, b));
    }
    return r;
  }
  // Evaluates only the selected branch (per lane for vectors: loads in inactive lanes
  // are skipped), so a guarded out-of-bounds read is not an error.
  Value IfThenElse(const CallNode* n) {
    Value c = VisitExpr(n->args[0]);
    if (failed()) return c;
    if (c.lanes() == 1) return VisitExpr(c.as_bool(0) ? n->args[1] : n->args[2]);
    std::vector<char> saved = mask;
    auto branch = [&](bool want) {
      mask.assign(static_cast<size_t>(c.lanes()), 0);
      bool any = false;
      for (int l = 0; l < c.lanes(); ++l) {
        mask[l] = (c.as_bool(l) == want) && (saved.empty() || saved[l]);
        any = any || mask[l];
      }
      return any ? VisitExpr(want ? n->args[1] : n->args[2]) : Value::Zero(n->dtype);
    };
    Value t = branch(true);
    Value f = branch(false);
    mask = saved;
    return ApplySelect(c, t, f);
  }

  // ---- statements ----
  void VisitStmtDefault(const Stmt& s) override {
    Fail(std::string("the interpreter cannot execute ") + kind_name(s.kind()) +
         " (run StorageFlatten first)");
  }
  void VisitFor(const ForNode* n, const Stmt&) override {
    auto min = EvalScalarInt(n->min, "loop min");
    auto extent = min ? EvalScalarInt(n->extent, "loop extent") : std::nullopt;
    if (!extent) return;
    ScopedVar bind(vars, n->loop_var.get(), Value::Int(n->loop_var.dtype(), *min));
    for (int64_t k = 0; k < *extent && Step(); ++k) {
      vars[n->loop_var.get()] = Value::Int(n->loop_var.dtype(), *min + k);
      VisitStmt(n->body);
    }
  }
  void VisitLetStmt(const LetStmtNode* n, const Stmt&) override {
    Value v = VisitExpr(n->value);
    if (failed()) return;
    ScopedVar bind(vars, n->var.get(), v);
    VisitStmt(n->body);
  }
  void VisitIfThenElse(const IfThenElseNode* n, const Stmt&) override {
    if (n->condition.dtype().lanes() > 1) {
      MaskedIf(n);
      return;
    }
    auto c = EvalScalarInt(n->condition, "if condition");
    if (!c || !Step()) return;
    if (*c)
      VisitStmt(n->then_case);
    else if (n->else_case.defined())
      VisitStmt(n->else_case);
  }
  // An `if` on a vector of lanes (a vectorized loop's guard): each branch runs with only
  // the lanes that take it active; the others neither read nor write.
  void MaskedIf(const IfThenElseNode* n) {
    Value c = VisitExpr(n->condition);
    if (failed() || !Step()) return;
    if (!mask.empty() && static_cast<int>(mask.size()) != c.lanes()) {
      Fail("a vector if of " + std::to_string(c.lanes()) + " lanes inside one of " +
           std::to_string(mask.size()));
      return;
    }
    std::vector<char> saved = mask;
    auto branch = [&](bool want, const Stmt& body) {
      mask.assign(static_cast<size_t>(c.lanes()), 0);
      bool any = false;
      for (int l = 0; l < c.lanes(); ++l) {
        mask[l] = (c.as_bool(l) == want) && (saved.empty() || saved[l]);
        any = any || mask[l];
      }
      if (any) VisitStmt(body);
    };
    branch(true, n->then_case);
    if (n->else_case.defined() && !failed()) branch(false, n->else_case);
    mask = saved;
  }
  void VisitBufferStore(const BufferStoreNode* n, const Stmt&) override {
    if (!Step()) return;
    Value value = VisitExpr(n->value);
    Value index = LinearIndex(n->buffer, n->indices);
    Memory* m = failed() ? nullptr : FindMemory(n->buffer);
    if (!m) return;
    DataType elem = n->buffer->dtype.element_of();
    for (int l = 0; l < index.lanes(); ++l) {
      if (!LaneActive(l, index.lanes())) continue;
      int64_t k = index.as_int(l);
      if (!CheckInBounds(n->buffer, *m, k, "write")) return;
      int vl = value.lanes() == 1 ? 0 : l;
      if (value.is_float())
        StoreElementDouble(m->base, k, elem, value.f[vl]);
      else
        StoreElementInt(m->base, k, elem, value.i[vl]);
    }
  }
  void VisitAllocate(const AllocateNode* n, const Stmt&) override {
    int64_t count = n->dtype.lanes();
    for (auto& e : n->extents) {
      auto v = EvalScalarInt(e, "allocation extent");
      if (!v) return;
      if (*v < 0) {
        Fail("allocation " + n->buffer_var.name() + " has negative extent " + std::to_string(*v));
        return;
      }
      count *= *v;
    }
    int64_t bytes = count * StorageBytes(n->dtype.element_of());
    if (bytes > (int64_t{1} << 34)) {
      Fail("allocation " + n->buffer_var.name() + " is too large (" + std::to_string(bytes) +
           " bytes)");
      return;
    }
    std::shared_ptr<char[]> data(new char[static_cast<size_t>(bytes) + 1]);
    std::memset(data.get(), 0xff, static_cast<size_t>(bytes) + 1);  // poison: NaN / -1
    ScopedMemory bind(memory, n->buffer_var.get(), Memory{data.get(), bytes, data});
    VisitStmt(n->body);
  }
  void VisitAttrStmt(const AttrStmtNode* n, const Stmt&) override { VisitStmt(n->body); }
  void VisitAssertStmt(const AssertStmtNode* n, const Stmt&) override {
    auto c = EvalScalarInt(n->condition, "assert condition");
    if (!c || !Step()) return;
    if (!*c) {
      auto* msg = n->message.as<StringImmNode>();
      Fail(msg ? msg->value : "assertion failed");
      return;
    }
    VisitStmt(n->body);
  }
  void VisitSeqStmt(const SeqStmtNode* n, const Stmt&) override {
    for (auto& s : n->seq) {
      if (failed()) return;
      VisitStmt(s);
    }
  }
  void VisitEvaluate(const EvaluateNode* n, const Stmt&) override {
    if (Step()) VisitExpr(n->value);
  }
};

IRInterpreter::IRInterpreter(InterpreterOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
}
IRInterpreter::~IRInterpreter() = default;

void IRInterpreter::BindBuffer(const Var& data, const NDArray& array) {
  impl_->memory[data.get()] = Impl::Memory{
      array.data(), array.numel() * StorageBytes(array.dtype()), std::shared_ptr<void>()};
}
void IRInterpreter::BindScalar(const Var& v, int64_t value) {
  impl_->vars[v.get()] = Value::Int(v.dtype(), value);
}
void IRInterpreter::BindScalar(const Var& v, double value) {
  impl_->vars[v.get()] = Value::Float(v.dtype(), value);
}
void IRInterpreter::BindScalar(const Var& v, const ScalarValue& value) {
  if (v.dtype().is_float())
    BindScalar(v, value.as_float());
  else
    BindScalar(v, value.as_int());
}

Status IRInterpreter::Run(const Stmt& s) {
  impl_->error.reset();
  if (!s.defined()) return Error("the interpreter was given an undefined statement");
  impl_->VisitStmt(s);
  if (impl_->error) return *impl_->error;
  return Status::Ok();
}

Result<Value> IRInterpreter::Eval(const Expr& e) {
  impl_->error.reset();
  if (!e.defined()) return Error("the interpreter was given an undefined expression");
  Value v = impl_->VisitExpr(e);
  if (impl_->error) return *impl_->error;
  return v;
}

int64_t IRInterpreter::steps() const { return impl_->steps; }

Status Interpret(const transform::PrimFunc& f, const std::vector<NDArray>& buffers,
                 const ScalarArgs& scalars, InterpreterOptions options) {
  auto bound = BindArguments(f, buffers, scalars);
  if (!bound.ok()) return bound.error();
  IRInterpreter interp(options);
  size_t next_buffer = 0;
  for (auto& p : f.params) {
    if (p.is_buffer()) interp.BindBuffer(p.var, buffers[next_buffer++]);
  }
  for (auto& [var, value] : bound->scalars) interp.BindScalar(var, value);
  return interp.Run(f.body);
}

}  // namespace tessera::runtime
