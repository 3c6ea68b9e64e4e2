#include "reference/ReferenceExtern.h"

#include <set>

#include "ir/Functor.h"
#include "runtime/IRInterpreter.h"

namespace tessera::reference {

using namespace runtime;

namespace {

// The shape variables the body and its buffers mention (they are bound by name from
// `constants`, as the compute oracle binds them).
std::vector<ir::Var> ExternShapeVars(const te::ExternOpNode& op) {
  std::vector<ir::Var> vars;
  std::set<const void*> seen;
  auto add = [&](const ir::Expr& e) {
    ir::PostOrderVisit(e, [&](const ir::Expr& x) {
      if (x.as<ir::VarNode>() && !x.dtype().is_handle() && seen.insert(x.get()).second)
        vars.push_back(ir::Var::from(x));
    });
  };
  for (const auto* list : {&op.input_placeholders, &op.output_placeholders})
    for (const ir::Buffer& b : *list)
      for (const ir::Expr& d : b->shape) add(d);
  return vars;
}

}  // namespace

Result<std::vector<NDArray>> EvaluateExternStage(const te::ExternOpNode& op,
                                                 const TensorTable& table,
                                                 const ScalarArgs& constants) {
  IRInterpreter interp;
  for (const ir::Var& v : ExternShapeVars(op))
    if (auto it = constants.find(v.name()); it != constants.end()) interp.BindScalar(v, it->second);
  for (size_t i = 0; i < op.inputs.size(); ++i) {
    const ReadableTensor* in = table.Find(op.inputs[i]);
    if (!in)
      return Error("te.extern " + op.name + ": its input " + op.inputs[i].name() +
                   " was not evaluated");
    interp.BindBuffer(op.input_placeholders[i]->data, in->array);
  }
  std::vector<NDArray> outputs;
  for (const ir::Buffer& b : op.output_placeholders) {
    std::vector<int64_t> shape;
    for (const ir::Expr& d : b->shape) {
      auto v = EvalScalar(d, constants, op.name);
      if (!v) return v.error();
      shape.push_back(*v);
    }
    auto array = NDArray::Empty(shape, b->dtype);
    if (!array) return array.error();
    interp.BindBuffer(b->data, *array);
    outputs.push_back(*array);
  }
  if (Status st = interp.Run(op.body); !st)
    return Error("te.extern " + op.name + " (run by the oracle): " + st.error().message);
  return outputs;
}

}  // namespace tessera::reference
