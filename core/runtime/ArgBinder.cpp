#include "runtime/ArgBinder.h"

#include <cstring>
#include <limits>

#include "ir/ExprOp.h"
#include "runtime/IRInterpreter.h"

namespace tessera::runtime {

using namespace ir;

namespace {

std::string dim_name(const Buffer& b, size_t d) {
  return "buffer " + b->name + ": dimension " + std::to_string(d);
}

// Checks that `value` fits the scalar parameter's type and, for a shape variable, is
// non-negative (the bound-info RFC's `assert n >= 0`).
Status CheckScalar(const Var& v, const ScalarValue& value, const std::string& origin) {
  DataType t = v.dtype();
  if (t.is_float()) return Status::Ok();
  std::string given = origin + v.name() + " = " + value.str();
  if (!value.is_integral())
    return Error(given + " is not a whole number; " + v.name() + " is " + t.str());
  int64_t n = value.as_int();
  if (v->is_size_var && n < 0)
    return Error(given + " violates " + v.name() + " >= 0 (" + v.name() + " is a shape variable)");
  if (t.is_bool() && n != 0 && n != 1) return Error(given + " is not a bool (0 or 1)");
  if (t.is_int() && t.bits() < 64) {
    int64_t hi = (int64_t{1} << (t.bits() - 1)) - 1, lo = -hi - 1;
    if (n < lo || n > hi) return Error(given + " does not fit " + t.str());
  }
  if (t.is_uint() && t.bits() < 64 && (n < 0 || n >= (int64_t{1} << t.bits())))
    return Error(given + " does not fit " + t.str());
  return Status::Ok();
}

// The value as the parameter's type holds it: a float for a float parameter.
ScalarValue AsParamType(const Var& v, const ScalarValue& value) {
  if (v.dtype().is_float()) return ScalarValue(value.as_float());
  return ScalarValue(value.as_int());
}

class Binder {
 public:
  Binder(const transform::PrimFunc& f, const std::vector<NDArray>& arrays)
      : f_(f), arrays_(arrays) {
    for (auto& p : f.params)
      if (p.is_buffer()) buffers_.push_back(p.buffer);
  }

  Result<BoundArguments> Run(const ScalarArgs& scalars) {
    if (Status s = CheckBufferCount(); !s.ok()) return s.error();
    if (Status s = BindExplicit(scalars); !s.ok()) return s.error();
    for (size_t i = 0; i < buffers_.size(); ++i)
      if (Status s = CheckTypeAndRank(i); !s.ok()) return s.error();
    for (size_t i = 0; i < buffers_.size(); ++i) BindWholeDimensions(i);
    for (auto& v : f_.scalar_params()) {
      if (!values_.count(v.get()))
        return Error("function " + f_.name + ": missing scalar argument '" + v.name() +
                     "' (no buffer dimension determines it)");
      if (Status s = CheckScalar(v, values_[v.get()], "scalar argument "); !s.ok())
        return s.error();
      values_[v.get()] = AsParamType(v, values_[v.get()]);
    }
    for (size_t i = 0; i < buffers_.size(); ++i)
      if (Status s = CheckDimensions(i); !s.ok()) return s.error();
    return Pack();
  }

 private:
  Status CheckBufferCount() const {
    if (arrays_.size() == buffers_.size()) return Status::Ok();
    std::string names;
    for (auto& b : buffers_) names += (names.empty() ? "" : ", ") + b->name;
    return Error("function " + f_.name + " expects " + std::to_string(buffers_.size()) +
                 " buffers (" + names + "), got " + std::to_string(arrays_.size()));
  }

  Status BindExplicit(const ScalarArgs& scalars) {
    for (auto& [name, value] : scalars) {
      const VarNode* found = nullptr;
      for (auto& v : f_.scalar_params())
        if (v.name() == name) found = v.operator->();
      if (!found) return Error("function " + f_.name + " has no scalar parameter '" + name + "'");
      values_[found] = value;
    }
    return Status::Ok();
  }

  Status CheckTypeAndRank(size_t i) const {
    const Buffer& b = buffers_[i];
    const NDArray& a = arrays_[i];
    if (!a.defined()) return Error("buffer " + b->name + ": no array given");
    if (a.dtype() != b->dtype.element_of())
      return Error("buffer " + b->name + ": expected element type " + b->dtype.str() + ", got " +
                   a.dtype().str());
    if (a.ndim() != static_cast<int>(b->shape.size()))
      return Error("buffer " + b->name + ": expected " + std::to_string(b->shape.size()) +
                   " dimensions, got " + std::to_string(a.ndim()) + " (" + a.TypeString() + ")");
    if (b->elem_offset.defined() && !is_zero(b->elem_offset))
      return Error("buffer " + b->name + ": a non-zero element offset cannot be bound to an array");
    return Status::Ok();
  }

  // A dimension whose shape is a plain, still unbound variable defines it.
  void BindWholeDimensions(size_t i) {
    const Buffer& b = buffers_[i];
    for (size_t d = 0; d < b->shape.size(); ++d) {
      if (auto* v = b->shape[d].as<VarNode>(); v && !values_.count(v))
        values_[v] = arrays_[i].shape()[d];
    }
  }

  Result<int64_t> Evaluate(const Expr& e) {
    IRInterpreter interp;
    for (auto& v : f_.scalar_params()) interp.BindScalar(v, values_[v.get()]);
    auto r = interp.Eval(e);
    if (!r.ok()) return r.error();
    return r->as_int(0);
  }

  // "n" or "n*2 with n = 4": how the expected extent came about.
  std::string Explain(const Expr& e, int64_t expected) const {
    if (auto* v = e.as<VarNode>()) return v->name + " = " + std::to_string(expected);
    return std::to_string(expected);
  }

  Status CheckDimensions(size_t i) {
    const Buffer& b = buffers_[i];
    const NDArray& a = arrays_[i];
    for (size_t d = 0; d < b->shape.size(); ++d) {
      auto expected = Evaluate(b->shape[d]);
      if (!expected.ok()) return Error(dim_name(b, d) + ": " + expected.error().message);
      if (*expected != a.shape()[d])
        return Error(dim_name(b, d) + " has extent " + std::to_string(a.shape()[d]) +
                     " but the function expects " + Explain(b->shape[d], *expected));
    }
    if (b->strides.empty()) return Status::Ok();
    int64_t compact = 1;
    for (size_t d = b->shape.size(); d-- > 0;) {
      auto stride = Evaluate(b->strides[d]);
      if (!stride.ok()) return Error(dim_name(b, d) + ": " + stride.error().message);
      if (*stride != compact)
        return Error(dim_name(b, d) + " has stride " + std::to_string(*stride) +
                     "; arrays are compact (stride " + std::to_string(compact) + ")");
      compact *= a.shape()[d];
    }
    return Status::Ok();
  }

  BoundArguments Pack() {
    BoundArguments out;
    size_t next = 0;
    for (auto& p : f_.params) {
      if (p.is_buffer()) {
        out.packed.push_back(reinterpret_cast<uint64_t>(arrays_[next++].data()));
        continue;
      }
      const ScalarValue& v = values_[p.var.get()];
      out.scalars.emplace_back(p.var, v);
      uint64_t word;
      if (p.var.dtype().is_float()) {
        double d = v.as_float();
        std::memcpy(&word, &d, sizeof word);
      } else {
        word = static_cast<uint64_t>(v.as_int());
      }
      out.packed.push_back(word);
    }
    return out;
  }

  const transform::PrimFunc& f_;
  const std::vector<NDArray>& arrays_;
  std::vector<Buffer> buffers_;
  std::map<const ExprNode*, ScalarValue> values_;
};

}  // namespace

Status CheckScalarArgument(const Var& v, const ScalarValue& value) {
  return CheckScalar(v, value, "scalar argument ");
}

Result<BoundArguments> BindArguments(const transform::PrimFunc& f,
                                     const std::vector<NDArray>& buffers,
                                     const ScalarArgs& scalars) {
  return Binder(f, buffers).Run(scalars);
}

}  // namespace tessera::runtime
