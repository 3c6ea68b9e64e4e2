// Expressions of the Tessera IR. Nodes are immutable and shared
// (std::shared_ptr<const Node>); identity of variables is pointer identity, as in
// TVM, so two distinct Vars named "i" are different variables.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "ir/DataType.h"

namespace tessera::ir {

enum class ExprKind : uint8_t {
  IntImm,
  FloatImm,
  StringImm,
  Var,
  // binary arithmetic (Div/Mod truncate toward zero, as C; FloorDiv/FloorMod round down)
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  FloorDiv,
  FloorMod,
  Min,
  Max,
  // comparisons and logic (result dtype bool)
  EQ,
  NE,
  LT,
  LE,
  GT,
  GE,
  And,
  Or,
  Not,
  Select,
  Cast,
  Call,
  BufferLoad,
  ProducerLoad,
  Ramp,
  Broadcast,
  Let,
  Reduce,
};

const char* kind_name(ExprKind kind);
bool is_binary(ExprKind kind);      // Add..Max, EQ..Or
bool is_comparison(ExprKind kind);  // EQ..GE

struct ExprNode {
  const ExprKind kind;
  const DataType dtype;
  virtual ~ExprNode() = default;

 protected:
  ExprNode(ExprKind k, DataType t) : kind(k), dtype(t) {}
};

class Expr {
 public:
  Expr() = default;
  template <typename T, typename = std::enable_if_t<std::is_base_of_v<ExprNode, T>>>
  Expr(std::shared_ptr<const T> node) : node_(std::move(node)) {}  // NOLINT
  // Integer literals become int32 immediates, doubles float32 ones (TVM's convention
  // for Python literals).
  Expr(int value);      // NOLINT: implicit, so that `x + 1` reads naturally
  Expr(int64_t value);  // NOLINT
  Expr(double value);   // NOLINT

  bool defined() const { return node_ != nullptr; }
  const ExprNode* get() const { return node_.get(); }
  const ExprNode* operator->() const { return node_.get(); }
  ExprKind kind() const { return node_->kind; }
  DataType dtype() const { return node_->dtype; }
  bool same_as(const Expr& other) const { return node_ == other.node_; }
  const std::shared_ptr<const ExprNode>& ptr() const { return node_; }

  template <typename T>
  const T* as() const {
    return node_ && T::matches(node_->kind) ? static_cast<const T*>(node_.get()) : nullptr;
  }

 private:
  std::shared_ptr<const ExprNode> node_;
};

// Hash / equality by node identity (for maps keyed by expressions or Vars).
struct ExprPtrHash {
  size_t operator()(const Expr& e) const { return std::hash<const void*>()(e.get()); }
};
struct ExprPtrEqual {
  bool operator()(const Expr& a, const Expr& b) const { return a.same_as(b); }
};

// ---- forward declarations of non-expression objects referenced by expressions ----
struct IterVarNode;
using IterVar = std::shared_ptr<const IterVarNode>;
struct BufferNode;
using Buffer = std::shared_ptr<const BufferNode>;
struct CommReducerNode;
using CommReducer = std::shared_ptr<const CommReducerNode>;

// A producer of data that a ProducerLoad reads (te::Tensor implements it; the IR layer
// only needs its name, shape and element type).
struct DataProducerNode {
  virtual ~DataProducerNode() = default;
  virtual std::string producer_name() const = 0;
  virtual std::vector<Expr> producer_shape() const = 0;
  virtual DataType producer_dtype() const = 0;
};
using DataProducer = std::shared_ptr<const DataProducerNode>;

// ---- nodes ----
#define TESSERA_EXPR_MATCH(K) \
  static bool matches(ExprKind k) { return k == ExprKind::K; }

struct IntImmNode : ExprNode {
  TESSERA_EXPR_MATCH(IntImm)
  int64_t value;
  IntImmNode(DataType t, int64_t v) : ExprNode(ExprKind::IntImm, t), value(v) {}
};

struct FloatImmNode : ExprNode {
  TESSERA_EXPR_MATCH(FloatImm)
  double value;
  FloatImmNode(DataType t, double v) : ExprNode(ExprKind::FloatImm, t), value(v) {}
};

struct StringImmNode : ExprNode {
  TESSERA_EXPR_MATCH(StringImm)
  std::string value;
  explicit StringImmNode(std::string v)
      : ExprNode(ExprKind::StringImm, DataType::Handle()), value(std::move(v)) {}
};

// A variable. `is_size_var` marks a shape variable (te.size_var, placeholder shapes):
// it is known to be non-negative everywhere (bound-info RFC, proposal 3).
struct VarNode : ExprNode {
  TESSERA_EXPR_MATCH(Var)
  std::string name;
  bool is_size_var;
  VarNode(std::string n, DataType t, bool size_var)
      : ExprNode(ExprKind::Var, t), name(std::move(n)), is_size_var(size_var) {}
};

// Add, Sub, Mul, Div, Mod, FloorDiv, FloorMod, Min, Max, EQ..GE, And, Or.
struct BinaryNode : ExprNode {
  static bool matches(ExprKind k) { return is_binary(k); }
  Expr a, b;
  BinaryNode(ExprKind k, DataType t, Expr x, Expr y)
      : ExprNode(k, t), a(std::move(x)), b(std::move(y)) {}
};

struct NotNode : ExprNode {
  TESSERA_EXPR_MATCH(Not)
  Expr a;
  explicit NotNode(Expr x) : ExprNode(ExprKind::Not, x.dtype()), a(std::move(x)) {}
};

struct SelectNode : ExprNode {
  TESSERA_EXPR_MATCH(Select)
  Expr condition, true_value, false_value;
  SelectNode(Expr c, Expr t, Expr f)
      : ExprNode(ExprKind::Select, t.dtype()),
        condition(std::move(c)),
        true_value(std::move(t)),
        false_value(std::move(f)) {}
};

struct CastNode : ExprNode {
  TESSERA_EXPR_MATCH(Cast)
  Expr value;
  CastNode(DataType t, Expr v) : ExprNode(ExprKind::Cast, t), value(std::move(v)) {}
};

// A call to an intrinsic ("exp", "sqrt", "if_then_else", "likely", ...) or an
// external function (T.call_extern, or T.call_pure_extern: one without side effects).
// Pure calls have no side effects and may be simplified.
enum class CallKind : uint8_t { PureIntrinsic, Intrinsic, Extern, PureExtern };
struct CallNode : ExprNode {
  TESSERA_EXPR_MATCH(Call)
  std::string op;
  std::vector<Expr> args;
  CallKind call_kind;
  CallNode(DataType t, std::string o, std::vector<Expr> a, CallKind ck)
      : ExprNode(ExprKind::Call, t), op(std::move(o)), args(std::move(a)), call_kind(ck) {}
};
// A call of an external function by name (op), pure or not.
inline bool IsExternCall(const CallNode& c) {
  return c.call_kind == CallKind::Extern || c.call_kind == CallKind::PureExtern;
}

struct BufferLoadNode : ExprNode {
  TESSERA_EXPR_MATCH(BufferLoad)
  Buffer buffer;
  std::vector<Expr> indices;
  BufferLoadNode(DataType t, Buffer buf, std::vector<Expr> idx)
      : ExprNode(ExprKind::BufferLoad, t), buffer(std::move(buf)), indices(std::move(idx)) {}
};

// Read of a tensor element in a compute definition, before storage flattening.
struct ProducerLoadNode : ExprNode {
  TESSERA_EXPR_MATCH(ProducerLoad)
  DataProducer producer;
  std::vector<Expr> indices;
  ProducerLoadNode(DataType t, DataProducer p, std::vector<Expr> idx)
      : ExprNode(ExprKind::ProducerLoad, t), producer(std::move(p)), indices(std::move(idx)) {}
};

// base, base + stride, ..., base + (lanes-1)*stride
struct RampNode : ExprNode {
  TESSERA_EXPR_MATCH(Ramp)
  Expr base, stride;
  int lanes;
  RampNode(Expr b, Expr s, int l)
      : ExprNode(ExprKind::Ramp, b.dtype().with_lanes(l)),
        base(std::move(b)),
        stride(std::move(s)),
        lanes(l) {}
};

struct BroadcastNode : ExprNode {
  TESSERA_EXPR_MATCH(Broadcast)
  Expr value;
  int lanes;
  BroadcastNode(Expr v, int l)
      : ExprNode(ExprKind::Broadcast, v.dtype().with_lanes(l)), value(std::move(v)), lanes(l) {}
};

struct LetNode : ExprNode {
  TESSERA_EXPR_MATCH(Let)
  Expr var;  // a Var
  Expr value, body;
  LetNode(Expr v, Expr val, Expr b)
      : ExprNode(ExprKind::Let, b.dtype()),
        var(std::move(v)),
        value(std::move(val)),
        body(std::move(b)) {}
};

// A commutative reduction (te.sum / te.max / te.min / comm_reducer) over `axis`.
struct ReduceNode : ExprNode {
  TESSERA_EXPR_MATCH(Reduce)
  CommReducer combiner;
  std::vector<Expr> source;
  std::vector<IterVar> axis;
  Expr condition;
  int value_index;
  ReduceNode(DataType t, CommReducer c, std::vector<Expr> src, std::vector<IterVar> ax, Expr cond,
             int vi)
      : ExprNode(ExprKind::Reduce, t),
        combiner(std::move(c)),
        source(std::move(src)),
        axis(std::move(ax)),
        condition(std::move(cond)),
        value_index(vi) {}
};

#undef TESSERA_EXPR_MATCH

// ---- Var handle: an Expr known to hold a VarNode ----
class Var : public Expr {
 public:
  Var() = default;
  explicit Var(std::string name, DataType t = DataType::Int(32));
  // Wraps an Expr that holds a VarNode (checked: an undefined Var otherwise).
  static Var from(const Expr& e);
  const VarNode* operator->() const { return static_cast<const VarNode*>(get()); }
  const std::string& name() const { return (*this)->name; }

 private:
  explicit Var(std::shared_ptr<const ExprNode> node) : Expr(std::move(node)) {}
  friend Var SizeVar(std::string, DataType);
};

// A shape variable: non-negative by construction (te.size_var).
Var SizeVar(std::string name, DataType t = DataType::Int(32));

struct VarHash {
  size_t operator()(const Var& v) const { return std::hash<const void*>()(v.get()); }
};
struct VarEqual {
  bool operator()(const Var& a, const Var& b) const { return a.same_as(b); }
};

struct CommReducerNode {
  std::vector<Var> lhs, rhs;   // accumulator and incoming value
  std::vector<Expr> result;    // combine(lhs, rhs)
  std::vector<Expr> identity;  // identity element per value
  std::string name;            // "sum", "max", "min" or user name
};

}  // namespace tessera::ir
