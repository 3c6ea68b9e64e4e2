#include "layout/PadValue.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"

namespace tessera::layout {

using namespace ir;

PadValue PadValue::Constant(Expr value) {
  PadValue p;
  p.kind = Kind::Constant;
  p.value = std::move(value);
  return p;
}

PadValue PadValue::Function(std::vector<Var> params, Expr body) {
  PadValue p;
  p.kind = Kind::Function;
  p.params = std::move(params);
  p.value = std::move(body);
  return p;
}

PadValue PadValue::Undef() {
  PadValue p;
  p.kind = Kind::Undef;
  return p;
}

Expr PadValue::At(const std::vector<Expr>& indices, DataType dtype) const {
  if (!has_value()) return Expr();
  Expr v = value;
  if (kind == Kind::Function) {
    VarMap vmap;
    for (size_t k = 0; k < params.size() && k < indices.size(); ++k) vmap[params[k]] = indices[k];
    v = Substitute(v, vmap);
  }
  return v.dtype() == dtype ? v : cast(dtype, v);
}

std::string PadValue::str() const {
  switch (kind) {
    case Kind::None:
      return "none";
    case Kind::Undef:
      return "undef";
    case Kind::Constant:
      return to_string(value);
    case Kind::Function: {
      std::string s = "lambda";
      for (size_t k = 0; k < params.size(); ++k) s += (k ? ", " : " ") + params[k].name();
      return s + ": " + to_string(value);
    }
  }
  return "?";
}

bool PadValue::operator==(const PadValue& other) const {
  if (kind != other.kind || params.size() != other.params.size()) return false;
  if (!has_value()) return true;
  VarMap rename;
  for (size_t k = 0; k < params.size(); ++k) rename[other.params[k]] = params[k];
  return StructuralEqual(value, Substitute(other.value, rename));
}

namespace {

bool IsParam(const PadValue& pad, const VarNode* v) {
  for (const Var& p : pad.params)
    if (p.get() == v) return true;
  return false;
}

}  // namespace

Status CheckPadValue(const PadValue& pad, DataType dtype, size_t physical_rank,
                     const std::string& self) {
  if (!pad.has_value()) return Status::Ok();
  if (!pad.value.defined()) return Error("pad_value has no value");
  if (pad.kind == PadValue::Kind::Function && pad.params.size() != physical_rank) {
    return Error("pad_value takes " + std::to_string(pad.params.size()) +
                 " indices but the transformed buffer has " + std::to_string(physical_rank) +
                 " physical dimensions");
  }
  DataType t = pad.value.dtype();
  if (!(t.is_int() || t.is_uint() || t.is_float() || t.is_bool()) || !t.is_scalar())
    return Error("pad_value must be a number, not a " + t.str() + " value");
  if (auto* f = pad.value.as<FloatImmNode>();
      f && dtype.is_integer() && f->value != static_cast<double>(static_cast<int64_t>(f->value)))
    return Error("pad_value " + to_string(pad.value) + " is not a " + dtype.str() + " value");
  std::string problem;
  PostOrderVisit(pad.value, [&](const Expr& e) {
    if (!problem.empty()) return;
    if (auto* l = e.as<ProducerLoadNode>()) {
      std::string name = l->producer->producer_name();
      if (name != self) {
        problem = "pad_value may use only constants, its indices and " + self +
                  " itself (RFC 0077), but it reads " + name;
      } else if (l->indices.size() != physical_rank) {
        problem = "pad_value reads " + self + " with " + std::to_string(l->indices.size()) +
                  " indices; it reads the transformed buffer, which has " +
                  std::to_string(physical_rank) + " physical dimensions";
      }
    } else if (auto* b = e.as<BufferLoadNode>()) {
      problem = "pad_value may use only constants, its indices and " + self +
                " itself (RFC 0077), but it reads buffer " + b->buffer->name;
    } else if (auto* v = e.as<VarNode>()) {
      if (!v->is_size_var && !IsParam(pad, v))
        problem = "pad_value uses '" + v->name +
                  "', which is neither one of its indices nor a shape variable";
    } else if (e.kind() == ExprKind::Reduce) {
      problem = "pad_value cannot be a reduction";
    }
  });
  if (!problem.empty()) return Error(problem);
  return Status::Ok();
}

std::vector<Expr> SelfLoads(const PadValue& pad, const std::string& self) {
  std::vector<Expr> loads;
  if (!pad.has_value()) return loads;
  PostOrderVisit(pad.value, [&](const Expr& e) {
    if (auto* l = e.as<ProducerLoadNode>(); l && l->producer->producer_name() == self)
      loads.push_back(e);
  });
  return loads;
}

}  // namespace tessera::layout
