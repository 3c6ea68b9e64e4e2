#include "reference/ReferenceCompiler.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "ir/BitIntrinsics.h"
#include "ir/FixedPointMultiply.h"
#include "ir/MathIntrinsics.h"
#include "runtime/InterpreterValue.h"

namespace tessera::reference {

using namespace runtime;

using ir::DataType;
using ir::ExprKind;

int64_t WrapTo(DataType t, int64_t v) { return WrapInt(t, v); }
double RoundTo(DataType t, double v) { return RoundFloat(t, v); }

namespace {

template <int Bits>
inline double Rnd(double v) {
  if constexpr (Bits == 32)
    return static_cast<float>(v);
  else if constexpr (Bits == 16)
    return HalfToFloat(FloatToHalf(static_cast<float>(v)));
  else
    return v;
}

double* FOut(Frame& fr, int id) { return fr.fbuf[id].data(); }
int64_t* IOut(Frame& fr, int id) { return fr.ibuf[id].data(); }

bool AnyActive(const uint8_t* mask, int n) {
  if (!mask) return n > 0;
  for (int l = 0; l < n; ++l)
    if (mask[l]) return true;
  return false;
}

// Lane l of a value as double / int64 whatever its representation.
double AsDouble(const Lanes& v, DataType t, int l) {
  int k = v.scalar ? 0 : l;
  if (t.is_float()) return v.f[k];
  if (t.is_uint()) return static_cast<double>(static_cast<uint64_t>(v.i[k]));
  return static_cast<double>(v.i[k]);
}

int64_t FloatToInt(DataType to, double v) {
  if (std::isnan(v)) return 0;
  if (to.is_uint() && v >= 9.2233720368547758e18)
    return WrapInt(to, static_cast<int64_t>(static_cast<uint64_t>(v)));
  if (v >= 9.2233720368547758e18) return WrapInt(to, std::numeric_limits<int64_t>::max());
  if (v <= -9.2233720368547758e18) return WrapInt(to, std::numeric_limits<int64_t>::min());
  return WrapInt(to, static_cast<int64_t>(v));
}

// ---- leaves ----

class ConstNode : public LaneNode {
 public:
  ConstNode(DataType t, double f, int64_t i, int id) : LaneNode(t, true, id), f_(f), i_(i) {}
  Lanes Eval(Frame&, int, const uint8_t*) const override {
    Lanes r;
    r.f = &f_;
    r.i = &i_;
    r.scalar = true;
    return r;
  }

 private:
  double f_;
  int64_t i_;
};

class SlotNode : public LaneNode {
 public:
  SlotNode(DataType t, int slot, int id) : LaneNode(t, true, id), slot_(slot) {}
  Lanes Eval(Frame& fr, int, const uint8_t*) const override {
    int64_t* out = IOut(fr, id());
    out[0] = fr.slots[slot_];
    return Lanes{nullptr, out, true};
  }

 private:
  int slot_;
};

class BatchNode : public LaneNode {
 public:
  BatchNode(DataType t, int id) : LaneNode(t, false, id) {}
  Lanes Eval(Frame& fr, int n, const uint8_t*) const override {
    int64_t* out = IOut(fr, id());
    for (int l = 0; l < n; ++l) out[l] = fr.batch_base + l;
    return Lanes{nullptr, out, false};
  }
  bool unit_stride() const override { return true; }
};

class BoundNode : public LaneNode {
 public:
  BoundNode(DataType t, bool uniform, int index, int id)
      : LaneNode(t, uniform, id), index_(index) {}
  Lanes Eval(Frame& fr, int, const uint8_t*) const override { return fr.bound[index_]; }

 private:
  int index_;
};

// ---- arithmetic ----

template <typename F>
void Map2(int n, const double* a, bool as, const double* b, bool bs, double* out, F f) {
  if (as && bs) {
    out[0] = f(a[0], b[0]);
  } else if (as) {
    double x = a[0];
    for (int l = 0; l < n; ++l) out[l] = f(x, b[l]);
  } else if (bs) {
    double y = b[0];
    for (int l = 0; l < n; ++l) out[l] = f(a[l], y);
  } else {
    for (int l = 0; l < n; ++l) out[l] = f(a[l], b[l]);
  }
}

template <int Bits>
void FloatArith(ExprKind k, int n, const Lanes& a, const Lanes& b, double* out) {
  auto run = [&](auto f) { Map2(n, a.f, a.scalar, b.f, b.scalar, out, f); };
  switch (k) {
    case ExprKind::Add:
      run([](double x, double y) { return Rnd<Bits>(x + y); });
      break;
    case ExprKind::Sub:
      run([](double x, double y) { return Rnd<Bits>(x - y); });
      break;
    case ExprKind::Mul:
      run([](double x, double y) { return Rnd<Bits>(x * y); });
      break;
    case ExprKind::Div:
      run([](double x, double y) { return Rnd<Bits>(x / y); });
      break;
    case ExprKind::Mod:
      run([](double x, double y) { return Rnd<Bits>(std::fmod(x, y)); });
      break;
    case ExprKind::FloorDiv:
      run([](double x, double y) { return Rnd<Bits>(std::floor(x / y)); });
      break;
    case ExprKind::FloorMod:
      run([](double x, double y) { return Rnd<Bits>(x - std::floor(x / y) * y); });
      break;
    case ExprKind::Min:
      run([](double x, double y) { return y < x ? y : x; });
      break;
    case ExprKind::Max:
      run([](double x, double y) { return x < y ? y : x; });
      break;
    default:
      break;
  }
}

bool FloatCompare(ExprKind k, double x, double y) {
  switch (k) {
    case ExprKind::EQ:
      return x == y;
    case ExprKind::NE:
      return x != y;
    case ExprKind::LT:
      return x < y;
    case ExprKind::LE:
      return x <= y;
    case ExprKind::GT:
      return x > y;
    case ExprKind::GE:
      return x >= y;
    case ExprKind::And:
      return x != 0 && y != 0;
    case ExprKind::Or:
      return x != 0 || y != 0;
    default:
      return false;
  }
}

int64_t FloorDivInt(int64_t x, int64_t y) {
  int64_t q = x / y;
  return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
}

// One integer operation of operand type t (the result is wrapped by the caller).
// *div_by_zero is set instead of dividing by zero.
int64_t IntOp(ExprKind k, DataType t, int64_t x, int64_t y, bool* div_by_zero) {
  bool u = t.is_uint();
  uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
  switch (k) {
    case ExprKind::Add:
      return static_cast<int64_t>(ux + uy);
    case ExprKind::Sub:
      return static_cast<int64_t>(ux - uy);
    case ExprKind::Mul:
      return static_cast<int64_t>(ux * uy);
    case ExprKind::Div:
    case ExprKind::Mod:
    case ExprKind::FloorDiv:
    case ExprKind::FloorMod: {
      if (y == 0) {
        *div_by_zero = true;
        return 0;
      }
      if (u) {
        bool quotient = k == ExprKind::Div || k == ExprKind::FloorDiv;
        return static_cast<int64_t>(quotient ? ux / uy : ux % uy);
      }
      if (y == -1)
        return k == ExprKind::Div || k == ExprKind::FloorDiv ? static_cast<int64_t>(0 - ux)
                                                             : 0;  // no INT64_MIN / -1 trap
      if (k == ExprKind::Div) return x / y;
      if (k == ExprKind::Mod) return x % y;
      int64_t q = FloorDivInt(x, y);
      return k == ExprKind::FloorDiv ? q : x - q * y;
    }
    case ExprKind::Min:
      return u ? (uy < ux ? y : x) : (y < x ? y : x);
    case ExprKind::Max:
      return u ? (ux < uy ? y : x) : (x < y ? y : x);
    case ExprKind::EQ:
      return x == y;
    case ExprKind::NE:
      return x != y;
    case ExprKind::LT:
      return u ? ux < uy : x < y;
    case ExprKind::LE:
      return u ? ux <= uy : x <= y;
    case ExprKind::GT:
      return u ? ux > uy : x > y;
    case ExprKind::GE:
      return u ? ux >= uy : x >= y;
    case ExprKind::And:
      return x != 0 && y != 0;
    case ExprKind::Or:
      return x != 0 || y != 0;
    default:
      return 0;
  }
}

class BinaryLaneNode : public LaneNode {
 public:
  BinaryLaneNode(DataType t, ExprKind k, LaneNodePtr a, LaneNodePtr b, int id, std::string stage)
      : LaneNode(t, a->uniform() && b->uniform(), id),
        kind_(k),
        a_(std::move(a)),
        b_(std::move(b)),
        stage_(std::move(stage)) {}

  bool unit_stride() const override {
    // batch + c, c + batch, batch - c: still unit stride.
    if (kind_ == ExprKind::Add)
      return (a_->unit_stride() && b_->uniform()) || (b_->unit_stride() && a_->uniform());
    if (kind_ == ExprKind::Sub) return a_->unit_stride() && b_->uniform();
    return false;
  }

  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    Lanes a = EvalLanes(*a_, fr, n, mask);
    Lanes b = EvalLanes(*b_, fr, n, mask);
    bool scalar = a.scalar && b.scalar;
    int m = scalar ? 1 : n;
    DataType ot = a_->type();  // operand type
    if (ot.is_float() && !ir::is_comparison(kind_) && kind_ != ExprKind::And &&
        kind_ != ExprKind::Or) {
      double* out = FOut(fr, id());
      if (ot.bits() == 32)
        FloatArith<32>(kind_, m, a, b, out);
      else if (ot.bits() == 16)
        FloatArith<16>(kind_, m, a, b, out);
      else
        FloatArith<64>(kind_, m, a, b, out);
      return Lanes{out, nullptr, scalar};
    }
    int64_t* out = IOut(fr, id());
    if (ot.is_float()) {
      for (int l = 0; l < m; ++l)
        out[l] = FloatCompare(kind_, a.f[a.scalar ? 0 : l], b.f[b.scalar ? 0 : l]);
      return Lanes{nullptr, out, scalar};
    }
    DataType rt = type();
    bool div_by_zero = false;
    for (int l = 0; l < m; ++l) {
      if (mask && !scalar && !mask[l]) {
        out[l] = 0;
        continue;
      }
      out[l] =
          WrapInt(rt, IntOp(kind_, ot, a.i[a.scalar ? 0 : l], b.i[b.scalar ? 0 : l], &div_by_zero));
    }
    if (div_by_zero) fr.Fail("stage " + stage_ + ": integer division by zero");
    return Lanes{nullptr, out, scalar};
  }

 private:
  ExprKind kind_;
  LaneNodePtr a_, b_;
  std::string stage_;
};

class NotLaneNode : public LaneNode {
 public:
  NotLaneNode(LaneNodePtr a, int id) : LaneNode(a->type(), a->uniform(), id), a_(std::move(a)) {}
  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    Lanes a = EvalLanes(*a_, fr, n, mask);
    int m = a.scalar ? 1 : n;
    int64_t* out = IOut(fr, id());
    for (int l = 0; l < m; ++l) out[l] = a.i[l] == 0;
    return Lanes{nullptr, out, a.scalar};
  }

 private:
  LaneNodePtr a_;
};

class CastLaneNode : public LaneNode {
 public:
  CastLaneNode(DataType t, LaneNodePtr a, int id)
      : LaneNode(t, a->uniform(), id), a_(std::move(a)) {}
  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    Lanes a = EvalLanes(*a_, fr, n, mask);
    int m = a.scalar ? 1 : n;
    DataType from = a_->type(), to = type();
    if (to.is_float()) {
      double* out = FOut(fr, id());
      for (int l = 0; l < m; ++l) out[l] = RoundFloat(to, AsDouble(a, from, l));
      return Lanes{out, nullptr, a.scalar};
    }
    int64_t* out = IOut(fr, id());
    for (int l = 0; l < m; ++l) {
      if (to.is_bool())
        out[l] = from.is_float() ? a.f[l] != 0.0 : a.i[l] != 0;
      else if (from.is_float())
        out[l] = FloatToInt(to, a.f[l]);
      else
        out[l] = WrapInt(to, a.i[l]);
    }
    return Lanes{nullptr, out, a.scalar};
  }

 private:
  LaneNodePtr a_;
};

// Copies lane-wise: cond ? t : f (either side may be a scalar; a side that was not
// evaluated is never read).
Lanes Merge(Frame& fr, int id, DataType type, int n, const Lanes& c, const Lanes* t,
            const Lanes* f) {
  auto pick = [&](int l) -> const Lanes* { return c.i[c.scalar ? 0 : l] ? t : f; };
  if (type.is_float()) {
    double* out = FOut(fr, id);
    for (int l = 0; l < n; ++l) {
      const Lanes* s = pick(l);
      out[l] = s ? s->f[s->scalar ? 0 : l] : 0.0;
    }
    return Lanes{out, nullptr, false};
  }
  int64_t* out = IOut(fr, id);
  for (int l = 0; l < n; ++l) {
    const Lanes* s = pick(l);
    out[l] = s ? s->i[s->scalar ? 0 : l] : 0;
  }
  return Lanes{nullptr, out, false};
}

// tir.Select: both sides are evaluated (as in TVM).
class SelectLaneNode : public LaneNode {
 public:
  SelectLaneNode(LaneNodePtr c, LaneNodePtr t, LaneNodePtr f, int id)
      : LaneNode(t->type(), c->uniform() && t->uniform() && f->uniform(), id),
        c_(std::move(c)),
        t_(std::move(t)),
        f_(std::move(f)) {}
  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    Lanes c = EvalLanes(*c_, fr, n, mask);
    Lanes t = EvalLanes(*t_, fr, n, mask);
    Lanes f = EvalLanes(*f_, fr, n, mask);
    if (c.scalar) return c.i[0] ? t : f;
    return Merge(fr, id(), type(), n, c, &t, &f);
  }

 private:
  LaneNodePtr c_, t_, f_;
};

// if_then_else: each side only where it is taken.
class IfThenElseLaneNode : public LaneNode {
 public:
  IfThenElseLaneNode(LaneNodePtr c, LaneNodePtr t, LaneNodePtr f, int id)
      : LaneNode(t->type(), c->uniform() && t->uniform() && f->uniform(), id),
        c_(std::move(c)),
        t_(std::move(t)),
        f_(std::move(f)) {}
  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    Lanes c = EvalLanes(*c_, fr, n, mask);
    if (c.scalar) return EvalLanes(c.i[0] ? *t_ : *f_, fr, n, mask);
    std::vector<uint8_t>& mt = fr.masks[2 * id()];
    std::vector<uint8_t>& mf = fr.masks[2 * id() + 1];
    bool any_t = false, any_f = false;
    for (int l = 0; l < n; ++l) {
      bool active = !mask || mask[l];
      mt[l] = active && c.i[l] != 0;
      mf[l] = active && c.i[l] == 0;
      any_t |= mt[l] != 0;
      any_f |= mf[l] != 0;
    }
    Lanes t, f;
    if (any_t) t = EvalLanes(*t_, fr, n, mt.data());
    if (any_f) f = EvalLanes(*f_, fr, n, mf.data());
    return Merge(fr, id(), type(), n, c, any_t ? &t : nullptr, any_f ? &f : nullptr);
  }

 private:
  LaneNodePtr c_, t_, f_;
};

class MathLaneNode : public LaneNode {
 public:
  MathLaneNode(DataType t, ir::MathOp op, std::vector<LaneNodePtr> args, int id, bool uniform)
      : LaneNode(t, uniform, id), op_(op), args_(std::move(args)) {}
  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    Lanes a = EvalLanes(*args_[0], fr, n, mask);
    Lanes b = args_.size() > 1 ? EvalLanes(*args_[1], fr, n, mask) : a;
    bool scalar = a.scalar && b.scalar;
    int m = scalar ? 1 : n;
    DataType at = args_[0]->type(), bt = args_.size() > 1 ? args_[1]->type() : at;
    if (type().is_float()) {
      double* out = FOut(fr, id());
      for (int l = 0; l < m; ++l)
        out[l] = RoundFloat(type(), ir::EvalMathOp(op_, AsDouble(a, at, l), AsDouble(b, bt, l)));
      return Lanes{out, nullptr, scalar};
    }
    int64_t* out = IOut(fr, id());
    for (int l = 0; l < m; ++l)
      out[l] = FloatToInt(type(), ir::EvalMathOp(op_, AsDouble(a, at, l), AsDouble(b, bt, l)));
    return Lanes{nullptr, out, scalar};
  }

 private:
  ir::MathOp op_;
  std::vector<LaneNodePtr> args_;
};

// shift_left, bitwise_and, ...: exact integer results (ir::EvalBitOp).
class BitLaneNode : public LaneNode {
 public:
  BitLaneNode(DataType t, ir::BitOp op, std::vector<LaneNodePtr> args, int id, bool uniform)
      : LaneNode(t, uniform, id), op_(op), args_(std::move(args)) {}
  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    Lanes a = EvalLanes(*args_[0], fr, n, mask);
    Lanes b = args_.size() > 1 ? EvalLanes(*args_[1], fr, n, mask) : a;
    bool scalar = a.scalar && b.scalar;
    int m = scalar ? 1 : n;
    DataType elem = type().element_of();
    int64_t* out = IOut(fr, id());
    for (int l = 0; l < m; ++l)
      out[l] = ir::EvalBitOp(op_, elem, a.i[a.scalar ? 0 : l], b.i[b.scalar ? 0 : l]);
    return Lanes{nullptr, out, scalar};
  }

 private:
  ir::BitOp op_;
  std::vector<LaneNodePtr> args_;
};

class LetLaneNode : public LaneNode {
 public:
  LetLaneNode(int index, LaneNodePtr value, LaneNodePtr body, int id)
      : LaneNode(body->type(), value->uniform() && body->uniform(), id),
        index_(index),
        value_(std::move(value)),
        body_(std::move(body)) {}
  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    fr.bound[index_] = EvalLanes(*value_, fr, n, mask);
    return EvalLanes(*body_, fr, n, mask);
  }

 private:
  int index_;
  LaneNodePtr value_, body_;
};

// ---- loads ----

std::string IndexString(const std::vector<int64_t>& idx) {
  std::string s;
  for (size_t d = 0; d < idx.size(); ++d) s += (d ? ", " : "") + std::to_string(idx[d]);
  return s;
}

// Reads n elements at start + l*stride into doubles / int64.
void LoadRun(const NDArray& a, int64_t start, int64_t stride, int n, double* f, int64_t* i) {
  DataType t = a.dtype();
  if (t == DataType::Float(32)) {
    const float* p = a.data_as<float>() + start;
    if (stride == 1)
      for (int l = 0; l < n; ++l) f[l] = p[l];
    else
      for (int l = 0; l < n; ++l) f[l] = p[l * stride];
  } else if (t == DataType::Float(64)) {
    const double* p = a.data_as<double>() + start;
    for (int l = 0; l < n; ++l) f[l] = p[l * stride];
  } else if (t == DataType::Int(32)) {
    const int32_t* p = a.data_as<int32_t>() + start;
    for (int l = 0; l < n; ++l) i[l] = p[l * stride];
  } else if (t.is_float()) {
    for (int l = 0; l < n; ++l) f[l] = LoadElementDouble(a.data(), start + l * stride, t);
  } else {
    for (int l = 0; l < n; ++l) i[l] = LoadElementInt(a.data(), start + l * stride, t);
  }
}

class LoadLaneNode : public LaneNode {
 public:
  LoadLaneNode(DataType t, const ReadableTensor* tensor, std::vector<LaneNodePtr> idx, int id,
               bool uniform, std::string stage)
      : LaneNode(t, uniform, id), tensor_(tensor), idx_(std::move(idx)), stage_(std::move(stage)) {}

  Lanes Eval(Frame& fr, int n, const uint8_t* mask) const override {
    size_t rank = idx_.size();
    Lanes idx[8];
    std::vector<Lanes> big;
    Lanes* lanes = idx;
    if (rank > 8) {
      big.resize(rank);
      lanes = big.data();
    }
    int vector_dim = -1, vector_dims = 0;
    for (size_t d = 0; d < rank; ++d) {
      lanes[d] = EvalLanes(*idx_[d], fr, n, mask);
      if (!lanes[d].scalar) {
        vector_dim = static_cast<int>(d);
        ++vector_dims;
      }
    }
    const NDArray& a = tensor_->array;
    const std::vector<int64_t>& shape = a.shape();
    const std::vector<int64_t>& stride = tensor_->strides;
    bool is_float = a.dtype().is_float();
    double* fo = FOut(fr, id());
    int64_t* io = IOut(fr, id());
    bool scalar = vector_dims == 0;
    int m = scalar ? 1 : n;
    // Contiguous along one axis (the common case: the batch axis indexes one dimension).
    if (!mask && vector_dims == 1 && idx_[vector_dim]->unit_stride()) {
      int64_t start = 0;
      bool in_bounds = true;
      for (size_t d = 0; d < rank; ++d) {
        int64_t v = lanes[d].i[0];
        int64_t last = lanes[d].scalar ? v : v + n - 1;
        in_bounds &= v >= 0 && last < shape[d];
        start += v * stride[d];
      }
      if (in_bounds) {
        LoadRun(a, start, stride[vector_dim], n, fo, io);
        return is_float ? Lanes{fo, nullptr, false} : Lanes{nullptr, io, false};
      }
    }
    for (int l = 0; l < m; ++l) {
      if (mask && !scalar && !mask[l]) {
        fo[l] = 0.0;
        io[l] = 0;
        continue;
      }
      int64_t offset = 0;
      bool in_bounds = true;
      for (size_t d = 0; d < rank; ++d) {
        int64_t v = lanes[d].i[lanes[d].scalar ? 0 : l];
        in_bounds &= v >= 0 && v < shape[d];
        offset += v * stride[d];
      }
      if (!in_bounds) {
        ReportOutOfBounds(fr, lanes, l);
        fo[l] = 0.0;
        io[l] = 0;
        continue;
      }
      if (is_float)
        fo[l] = LoadElementDouble(a.data(), offset, a.dtype());
      else
        io[l] = LoadElementInt(a.data(), offset, a.dtype());
    }
    return is_float ? Lanes{fo, nullptr, scalar} : Lanes{nullptr, io, scalar};
  }

 private:
  void ReportOutOfBounds(Frame& fr, const Lanes* lanes, int l) const {
    if (!fr.error.empty()) return;
    std::vector<int64_t> at;
    for (size_t d = 0; d < idx_.size(); ++d) at.push_back(lanes[d].i[lanes[d].scalar ? 0 : l]);
    fr.Fail("stage " + stage_ + ": out-of-bounds read " + tensor_->name + "[" + IndexString(at) +
            "] (shape [" + IndexString(tensor_->array.shape()) + "])");
  }

  const ReadableTensor* tensor_;
  std::vector<LaneNodePtr> idx_;
  std::string stage_;
};

}  // namespace

Lanes EvalLanes(const LaneNode& node, Frame& fr, int n, const uint8_t* mask) {
  if (!node.uniform()) return node.Eval(fr, n, mask);
  if (mask && !AnyActive(mask, n)) {
    // No lane needs it: a zero, without evaluating (a guarded load is not performed).
    double* f = fr.fbuf[node.id()].data();
    int64_t* i = fr.ibuf[node.id()].data();
    f[0] = 0.0;
    i[0] = 0;
    return Lanes{f, i, true};
  }
  return node.Eval(fr, 1, nullptr);
}

// ---- the compiler ----

struct CompilerAccess {
  static Result<LaneNodePtr> Compile(LaneCompiler& c, const ir::Expr& e);
  static Result<LaneNodePtr> CompileCall(LaneCompiler& c, const ir::CallNode* n);
  static Result<LaneNodePtr> CompileLoad(LaneCompiler& c, const ir::ProducerLoadNode* n);
};

Result<LaneNodePtr> LaneCompiler::Compile(const ir::Expr& e) {
  return CompilerAccess::Compile(*this, e);
}

int LaneCompiler::Bind(const ir::Var& v, bool uniform) {
  int index = scope_.num_bound++;
  scope_.bound[v.get() ? static_cast<const ir::VarNode*>(v.get()) : nullptr] = index;
  bound_uniform_[static_cast<const ir::VarNode*>(v.get())] = uniform;
  return index;
}

Frame LaneCompiler::MakeFrame() const {
  Frame fr;
  fr.slots.assign(scope_.slots.size() + 1, 0);
  fr.bound.assign(static_cast<size_t>(scope_.num_bound) + 1, Lanes{});
  fr.fbuf.assign(static_cast<size_t>(next_id_), std::vector<double>(kChunk));
  fr.ibuf.assign(static_cast<size_t>(next_id_), std::vector<int64_t>(kChunk));
  fr.masks.assign(2 * static_cast<size_t>(next_id_), std::vector<uint8_t>(kChunk));
  return fr;
}

Result<LaneNodePtr> CompilerAccess::Compile(LaneCompiler& c, const ir::Expr& e) {
  CompileScope& s = c.scope_;
  if (!e.defined()) return Error("stage " + s.stage + ": an undefined expression");
  DataType t = e.dtype();
  if (t.lanes() != 1 && e.kind() != ExprKind::StringImm)
    return Error("stage " + s.stage + ": the oracle evaluates scalar expressions only (got " +
                 t.str() + ")");
  switch (e.kind()) {
    case ExprKind::IntImm: {
      int64_t v = WrapInt(t, e.as<ir::IntImmNode>()->value);
      return LaneNodePtr(std::make_unique<ConstNode>(t, static_cast<double>(v), v, c.NextId()));
    }
    case ExprKind::FloatImm: {
      double v = e.as<ir::FloatImmNode>()->value;
      if (!t.is_float())
        return LaneNodePtr(std::make_unique<ConstNode>(t, v, FloatToInt(t, v), c.NextId()));
      v = RoundFloat(t, v);
      return LaneNodePtr(std::make_unique<ConstNode>(t, v, 0, c.NextId()));
    }
    case ExprKind::Var: {
      const auto* v = e.as<ir::VarNode>();
      if (v == s.batch_var) return LaneNodePtr(std::make_unique<BatchNode>(t, c.NextId()));
      if (auto it = s.slots.find(v); it != s.slots.end())
        return LaneNodePtr(std::make_unique<SlotNode>(t, it->second, c.NextId()));
      if (auto it = s.bound.find(v); it != s.bound.end())
        return LaneNodePtr(
            std::make_unique<BoundNode>(t, c.bound_uniform_[v], it->second, c.NextId()));
      if (auto it = s.constants.find(v->name); it != s.constants.end()) {
        // A float scalar (alpha) is rounded to its type once, as the kernel's parameter is.
        if (t.is_float())
          return LaneNodePtr(
              std::make_unique<ConstNode>(t, RoundFloat(t, it->second.as_float()), 0, c.NextId()));
        int64_t value = WrapInt(t, it->second.as_int());
        return LaneNodePtr(
            std::make_unique<ConstNode>(t, static_cast<double>(value), value, c.NextId()));
      }
      return Error("stage " + s.stage + ": the variable '" + v->name +
                   "' has no value (not an axis of the stage and not a given scalar argument)");
    }
    case ExprKind::Not: {
      auto a = Compile(c, e.as<ir::NotNode>()->a);
      if (!a) return a.error();
      return LaneNodePtr(std::make_unique<NotLaneNode>(std::move(*a), c.NextId()));
    }
    case ExprKind::Select: {
      const auto* n = e.as<ir::SelectNode>();
      auto cond = Compile(c, n->condition);
      if (!cond) return cond.error();
      auto tv = Compile(c, n->true_value);
      if (!tv) return tv.error();
      auto fv = Compile(c, n->false_value);
      if (!fv) return fv.error();
      return LaneNodePtr(std::make_unique<SelectLaneNode>(std::move(*cond), std::move(*tv),
                                                          std::move(*fv), c.NextId()));
    }
    case ExprKind::Cast: {
      auto a = Compile(c, e.as<ir::CastNode>()->value);
      if (!a) return a.error();
      return LaneNodePtr(std::make_unique<CastLaneNode>(t, std::move(*a), c.NextId()));
    }
    case ExprKind::Call:
      return CompileCall(c, e.as<ir::CallNode>());
    case ExprKind::ProducerLoad:
      return CompileLoad(c, e.as<ir::ProducerLoadNode>());
    case ExprKind::Let: {
      const auto* n = e.as<ir::LetNode>();
      auto value = Compile(c, n->value);
      if (!value) return value.error();
      int index = c.Bind(ir::Var::from(n->var), (*value)->uniform());
      auto body = Compile(c, n->body);
      if (!body) return body.error();
      return LaneNodePtr(
          std::make_unique<LetLaneNode>(index, std::move(*value), std::move(*body), c.NextId()));
    }
    case ExprKind::Reduce:
      return Error("stage " + s.stage + ": a reduction may only be the whole body of a compute");
    default:
      break;
  }
  if (const auto* n = e.as<ir::BinaryNode>()) {
    auto a = Compile(c, n->a);
    if (!a) return a.error();
    auto b = Compile(c, n->b);
    if (!b) return b.error();
    if ((*a)->type().is_float() != (*b)->type().is_float())
      return Error("stage " + s.stage + ": operands of '" + ir::kind_name(e.kind()) +
                   "' have different types (" + (*a)->type().str() + ", " + (*b)->type().str() +
                   ")");
    return LaneNodePtr(std::make_unique<BinaryLaneNode>(t, e.kind(), std::move(*a), std::move(*b),
                                                        c.NextId(), s.stage));
  }
  return Error("stage " + s.stage + ": the oracle cannot evaluate a " + ir::kind_name(e.kind()) +
               " expression in a compute body");
}

Result<LaneNodePtr> CompilerAccess::CompileCall(LaneCompiler& c, const ir::CallNode* n) {
  const std::string& stage = c.scope_.stage;
  if (ir::IsFixedPointMultiply(*n)) {
    Result<ir::Expr> expanded = ir::LegalizeFixedPointMultiply(*n);
    if (!expanded) return Error("stage " + stage + ": " + expanded.error().message);
    return Compile(c, *expanded);
  }
  std::vector<LaneNodePtr> args;
  bool uniform = true;
  for (const ir::Expr& a : n->args) {
    auto compiled = Compile(c, a);
    if (!compiled) return compiled.error();
    uniform &= (*compiled)->uniform();
    args.push_back(std::move(*compiled));
  }
  if ((n->op == "likely" || n->op == "assume") && args.size() == 1) return std::move(args[0]);
  if (n->op == "if_then_else" && args.size() == 3)
    return LaneNodePtr(std::make_unique<IfThenElseLaneNode>(std::move(args[0]), std::move(args[1]),
                                                            std::move(args[2]), c.NextId()));
  if (auto bit = ir::LookupBitOp(n->op)) {
    bool integral =
        ir::BitOpTakes(bit->op, n->dtype) && static_cast<int>(args.size()) == bit->arity;
    for (const auto& a : args) integral = integral && ir::BitOpTakes(bit->op, a->type());
    if (!integral)
      return Error("stage " + stage + ": the oracle needs " + std::to_string(bit->arity) +
                   " integer arguments for '" + n->op + "'");
    return LaneNodePtr(
        std::make_unique<BitLaneNode>(n->dtype, bit->op, std::move(args), c.NextId(), uniform));
  }
  auto info = ir::LookupMathOp(n->op);
  if (!info || static_cast<int>(args.size()) != info->arity)
    return Error("stage " + stage + ": the oracle does not know the call '" + n->op + "' with " +
                 std::to_string(args.size()) + " arguments");
  return LaneNodePtr(
      std::make_unique<MathLaneNode>(n->dtype, info->op, std::move(args), c.NextId(), uniform));
}

Result<LaneNodePtr> CompilerAccess::CompileLoad(LaneCompiler& c, const ir::ProducerLoadNode* n) {
  const std::string& stage = c.scope_.stage;
  auto it = c.scope_.tensors.find(n->producer.get());
  if (it == c.scope_.tensors.end())
    return Error("stage " + stage + " reads '" +
                 (n->producer ? n->producer->producer_name() : "?") +
                 "', which is not an input or an earlier stage");
  const ReadableTensor* tensor = it->second;
  if (n->indices.size() != tensor->array.shape().size())
    return Error("stage " + stage + " reads " + tensor->name + " with " +
                 std::to_string(n->indices.size()) + " indices; it has " +
                 std::to_string(tensor->array.shape().size()) + " dimensions");
  std::vector<LaneNodePtr> idx;
  bool uniform = true;
  for (const ir::Expr& i : n->indices) {
    if (!i.dtype().is_integer() && !i.dtype().is_bool())
      return Error("stage " + stage + " reads " + tensor->name + " with a non-integer index");
    auto compiled = Compile(c, i);
    if (!compiled) return compiled.error();
    uniform &= (*compiled)->uniform();
    idx.push_back(std::move(*compiled));
  }
  return LaneNodePtr(std::make_unique<LoadLaneNode>(tensor->array.dtype(), tensor, std::move(idx),
                                                    c.NextId(), uniform, stage));
}

void StoreLanes(const NDArray& array, int64_t start, int64_t stride, int n, const Lanes& v) {
  DataType t = array.dtype();
  if (t == DataType::Float(32) && !v.scalar) {
    float* p = array.data_as<float>() + start;
    for (int l = 0; l < n; ++l) p[l * stride] = static_cast<float>(v.f[l]);
    return;
  }
  for (int l = 0; l < n; ++l) {
    int k = v.scalar ? 0 : l;
    if (t.is_float())
      StoreElementDouble(array.data(), start + l * stride, t, v.f[k]);
    else
      StoreElementInt(array.data(), start + l * stride, t, v.i[k]);
  }
}

}  // namespace tessera::reference
