#include "te/Compute.h"

#include <set>

#include "ir/ExprOp.h"

namespace tessera::te {

namespace {

Status CheckShape(const std::vector<Expr>& shape, const std::string& what) {
  for (size_t i = 0; i < shape.size(); ++i) {
    const Expr& e = shape[i];
    if (!e.defined()) return Error(what + ": dimension " + std::to_string(i) + " is undefined");
    if (!e.dtype().is_int() && !e.dtype().is_uint())
      return Error(what + ": dimension " + std::to_string(i) + " is not an integer");
    if (const int64_t* v = ir::as_const_int(e); v && *v < 0)
      return Error(what + ": dimension " + std::to_string(i) + " is negative (" +
                   std::to_string(*v) + ")");
  }
  return Status::Ok();
}

std::vector<IterVar> MakeAxes(const std::vector<Expr>& shape,
                              const std::vector<std::string>& names) {
  std::vector<IterVar> axes;
  for (size_t i = 0; i < shape.size(); ++i) {
    std::string name = i < names.size() ? names[i] : default_axis_name(i);
    Var v(name, shape[i].dtype());
    axes.push_back(ir::MakeIterVar(Range(ir::make_zero(shape[i].dtype()), shape[i]), v,
                                   ir::IterVarType::DataPar));
  }
  return axes;
}

std::vector<Var> AxisVars(const std::vector<IterVar>& axes) {
  std::vector<Var> vars;
  for (const IterVar& iv : axes) vars.push_back(iv->var);
  return vars;
}

Status CheckAxisNames(const std::vector<std::string>& names, size_t rank, const std::string& what) {
  if (!names.empty() && names.size() != rank)
    return Error(what + ": " + std::to_string(names.size()) + " axis names for a " +
                 std::to_string(rank) + "-dimensional shape");
  std::set<std::string> seen;
  for (const std::string& n : names)
    if (!seen.insert(n).second) return Error(what + ": axis name '" + n + "' is used twice");
  return Status::Ok();
}

Expr MakeReduction(ir::CommReducer reducer, Expr source, std::vector<IterVar> axes, Expr where) {
  return ir::MakeReduce(std::move(reducer), {std::move(source)}, std::move(axes), std::move(where),
                        0);
}

}  // namespace

std::string default_axis_name(size_t i) {
  static const char* kNames[] = {"i", "j", "k", "l"};
  if (i < 4) return kNames[i];
  return "ax" + std::to_string(i);
}

Result<Tensor> placeholder(std::vector<Expr> shape, DataType dtype, std::string name) {
  if (Status s = CheckShape(shape, "placeholder '" + name + "'"); !s) return s.error();
  Operation op = std::make_shared<const PlaceholderOpNode>(name, std::move(shape), dtype);
  return output_of(op, 0);
}

Result<std::vector<Tensor>> compute_multi(std::vector<Expr> shape, const MultiComputeFunction& f,
                                          std::string name, std::string tag,
                                          std::vector<std::string> axis_names) {
  std::string what = "compute '" + name + "'";
  if (Status s = CheckShape(shape, what); !s) return s.error();
  if (Status s = CheckAxisNames(axis_names, shape.size(), what); !s) return s.error();
  if (!f) return Error(what + " has no compute function");
  std::vector<IterVar> axes = MakeAxes(shape, axis_names);
  Result<Operation> op = MakeComputeOp(name, tag, axes, f(AxisVars(axes)));
  if (!op) return op.error();
  std::vector<Tensor> outputs;
  for (int i = 0; i < (*op)->num_outputs(); ++i) outputs.push_back(output_of(*op, i));
  return outputs;
}

Result<Tensor> compute(std::vector<Expr> shape, const ComputeFunction& f, std::string name,
                       std::string tag, std::vector<std::string> axis_names) {
  if (!f) return Error("compute '" + name + "' has no compute function");
  auto multi = [&](const std::vector<Var>& vars) { return std::vector<Expr>{f(vars)}; };
  Result<std::vector<Tensor>> outs = compute_multi(std::move(shape), multi, std::move(name),
                                                   std::move(tag), std::move(axis_names));
  if (!outs) return outs.error();
  return outs->front();
}

IterVar reduce_axis(Range dom, std::string name) {
  DataType t = dom.extent.defined() ? dom.extent.dtype() : DataType::Int(32);
  return ir::MakeIterVar(std::move(dom), Var(std::move(name), t), ir::IterVarType::CommReduce);
}

bool is_thread_tag(const std::string& tag) {
  static const std::set<std::string> kTags = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                              "blockIdx.x",  "blockIdx.y",  "blockIdx.z",
                                              "vthread",     "cthread"};
  return kTags.count(tag) != 0;
}

bool is_virtual_thread_tag(const std::string& tag) { return tag == "vthread" || tag == "cthread"; }

IterVar thread_axis(std::string tag, Range dom, std::string name) {
  Var v(name.empty() ? tag : std::move(name));
  return ir::MakeIterVar(std::move(dom), v, ir::IterVarType::ThreadIndex, tag);
}

Var size_var(std::string name, DataType dtype) { return ir::SizeVar(std::move(name), dtype); }
Var var(std::string name, DataType dtype) { return Var(std::move(name), dtype); }
Expr const_(double value, DataType dtype) { return ir::make_const(dtype, value); }
Expr const_(int64_t value, DataType dtype) { return ir::make_const(dtype, value); }

Expr sum(Expr source, std::vector<IterVar> axes, Expr where) {
  DataType t = source.dtype();
  return MakeReduction(ir::SumReducer(t), std::move(source), std::move(axes), std::move(where));
}
Expr max(Expr source, std::vector<IterVar> axes, Expr where) {
  DataType t = source.dtype();
  return MakeReduction(ir::MaxReducer(t), std::move(source), std::move(axes), std::move(where));
}
Expr min(Expr source, std::vector<IterVar> axes, Expr where) {
  DataType t = source.dtype();
  return MakeReduction(ir::MinReducer(t), std::move(source), std::move(axes), std::move(where));
}

Expr if_then_else(Expr cond, Expr t, Expr f) {
  DataType type = t.dtype();
  return ir::MakeCall(type, "if_then_else", {std::move(cond), std::move(t), std::move(f)});
}

}  // namespace tessera::te
