#include "runtime/KernelArguments.h"

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "runtime/ArgBinder.h"
#include "schedule/StageLayout.h"
#include "transform/LayoutArguments.h"

namespace tessera::runtime {

namespace {

ir::Expr SubstituteScalars(const ir::Expr& e, const ScalarArgs& scalars) {
  return ir::Substitute(e, [&](const ir::Var& v) -> ir::Expr {
    auto it = scalars.find(v.name());
    if (it == scalars.end()) return ir::Expr();
    if (v.dtype().is_float()) return ir::make_const(v.dtype(), it->second.as_float());
    return ir::make_const(v.dtype(), it->second.as_int());
  });
}

// Writes t's pad value into the padding cells of input `array` (RFC 0077 §1.3).
Status FillPadding(const layout::PhysicalTensor& t, const NDArray& array,
                   const ScalarArgs& scalars) {
  auto fill = transform::MakePaddingFill(t);
  if (!fill) return fill.error();
  ScalarArgs args;
  for (const ir::Var& v : fill->scalar_params())
    if (auto it = scalars.find(v.name()); it != scalars.end()) args[v.name()] = it->second;
  return Interpret(*fill, {array}, args);
}

}  // namespace

Result<std::vector<int64_t>> ConstantShape(const std::vector<ir::Expr>& shape,
                                           const ScalarArgs& scalars) {
  arith::Analyzer analyzer;
  std::vector<int64_t> out;
  for (const ir::Expr& dim : shape) {
    ir::Expr value = analyzer.Simplify(SubstituteScalars(dim, scalars));
    const int64_t* c = ir::as_const_int(value);
    if (!c)
      return Error("the extent " + ir::to_string(dim) +
                   " is not a constant; give its shape variables");
    out.push_back(*c);
  }
  return out;
}

bool IsShapeVariable(const transform::PrimFunc& func, const ir::Var& v) {
  bool found = false;
  for (const ir::Buffer& b : func.buffer_params())
    for (const ir::Expr& e : b->shape)
      ir::PostOrderVisit(e, [&](const ir::Expr& x) { found |= x.get() == v.get(); });
  return found;
}

ScalarValue DefaultScalarValue(const ir::Var& v) {
  if (v.dtype().is_float()) return 1.5;
  if (v.dtype().is_bool()) return int64_t{1};
  return int64_t{3};
}

Result<ScalarBinding> BindScalarParameters(const transform::PrimFunc& func, const ScalarArgs& given,
                                           int64_t default_shape) {
  ScalarBinding out;
  for (const ir::Var& v : func.scalar_params()) {
    bool shape = IsShapeVariable(func, v);
    if (!shape) out.plain.emplace_back(v.name(), v.dtype().str());
    auto it = given.find(v.name());
    if (it == given.end()) out.defaulted.push_back(v.name());
    ScalarValue value = it != given.end() ? it->second
                        : shape           ? ScalarValue(default_shape)
                                          : DefaultScalarValue(v);
    if (Status st = CheckScalarArgument(v, value); !st) return st.error();
    out.values[v.name()] = value;
  }
  return out;
}

layout::PhysicalTensor ArgumentLayout(const schedule::Schedule& sch, const te::Tensor& t) {
  for (const schedule::Stage& s : sch.stages)
    for (const layout::PhysicalTensor& p : schedule::PhysicalTensorsOf(*s))
      if (p->producer_name() == t.name()) return p;
  return nullptr;
}

bool IsScheduleOutput(const schedule::Schedule& sch, const te::Tensor& t) {
  for (const te::Operation& op : sch.outputs)
    if (op == t.op()) return true;
  return false;
}

Result<std::vector<NDArray>> MakeKernelArguments(const schedule::Schedule& sch,
                                                 const std::vector<te::Tensor>& args,
                                                 const transform::PrimFunc& func,
                                                 const ScalarArgs& scalars, uint64_t seed) {
  std::vector<ir::Buffer> params = func.buffer_params();
  if (params.size() != args.size())
    return Error("the function has " + std::to_string(params.size()) + " buffer parameters for " +
                 std::to_string(args.size()) + " arguments");
  std::vector<NDArray> out;
  for (size_t i = 0; i < params.size(); ++i) {
    auto shape = ConstantShape(params[i]->shape, scalars);
    if (!shape) return Error("argument '" + params[i]->name + "': " + shape.error().message);
    auto array = NDArray::Empty(*shape, params[i]->dtype);
    if (!array) return Error("cannot allocate '" + params[i]->name + "': " + array.error().message);
    if (!IsScheduleOutput(sch, args[i])) {
      array->FillRandom(seed + i);
      layout::PhysicalTensor p = ArgumentLayout(sch, args[i]);
      if (p && p->pad.has_value()) {
        if (Status st = FillPadding(p, *array, scalars); !st)
          return Error("cannot fill the padding of '" + params[i]->name +
                       "': " + st.error().message);
      }
    }
    out.push_back(*array);
  }
  return out;
}

}  // namespace tessera::runtime
