#include "reference/Reference.h"

#include <algorithm>
#include <set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "reference/ReferenceExtern.h"
#include "reference/ReferenceScan.h"
#include "reference/ReferenceStage.h"
#include "runtime/KernelArguments.h"
#include "schedule/Schedule.h"
#include "schedule/StageLayout.h"
#include "te/Compute.h"
#include "te/Intrinsics.h"

namespace tessera::reference {

using namespace runtime;

using reference::TensorTable;

namespace {

std::string ShapeString(const std::vector<int64_t>& shape) {
  std::string s;
  for (size_t d = 0; d < shape.size(); ++d) s += (d ? ", " : "") + std::to_string(shape[d]);
  return "[" + s + "]";
}

// Every operation `outputs` depend on, producers first (a post-order walk).
std::vector<te::Operation> DataFlowOrder(const std::vector<te::Tensor>& outputs) {
  std::vector<te::Operation> order;
  std::set<const te::OperationNode*> seen;
  std::function<void(const te::Operation&)> visit = [&](const te::Operation& op) {
    if (!seen.insert(op.get()).second) return;
    if (auto* scan = dynamic_cast<const te::ScanOpNode*>(op.get()))
      for (const te::Operation& dep : reference::ScanDependencies(*scan)) visit(dep);
    else
      for (const te::Tensor& t : op->InputTensors()) visit(t.op());
    order.push_back(op);
  };
  for (const te::Tensor& t : outputs)
    if (t.defined()) visit(t.op());
  return order;
}

// The array given for placeholder `op`: by tensor node, else by operation.
const NDArray* FindInput(const te::Operation& op, const TensorArrays& inputs) {
  for (const auto& [node, array] : inputs)
    if (node && node->op == op && node->value_index == 0) return &array;
  return nullptr;
}

// Shape variables a placeholder dimension names directly take the input's extent when
// `vars` does not give them.
void InferShapeVars(const std::vector<te::Operation>& ops, const TensorArrays& inputs,
                    ScalarArgs* constants) {
  for (const te::Operation& op : ops) {
    if (op->kind() != te::OpKind::Placeholder) continue;
    const NDArray* a = FindInput(op, inputs);
    std::vector<ir::Expr> shape = op->output_shape(0);
    if (!a || a->shape().size() != shape.size()) continue;
    for (size_t d = 0; d < shape.size(); ++d)
      if (const auto* v = shape[d].as<ir::VarNode>(); v && !constants->count(v->name))
        (*constants)[v->name] = a->shape()[d];
  }
}

Status AddPlaceholder(const te::Operation& op, const TensorArrays& inputs,
                      const ScalarArgs& constants, TensorTable* table) {
  const NDArray* a = FindInput(op, inputs);
  if (!a || !a->defined()) return Error("missing input '" + op->name + "'");
  std::vector<int64_t> expected;
  for (const ir::Expr& e : op->output_shape(0)) {
    auto v = reference::EvalScalar(e, constants, op->name);
    if (!v) return Error("the shape of input '" + op->name + "': " + v.error().message);
    expected.push_back(*v);
  }
  if (a->dtype() != op->output_dtype(0))
    return Error("input '" + op->name + "' is " + a->dtype().str() + "; the program reads " +
                 op->output_dtype(0).str());
  if (a->shape() != expected)
    return Error("input '" + op->name + "' has shape " + ShapeString(a->shape()) +
                 "; the program expects " + ShapeString(expected));
  table->Add(te::output_of(op, 0), *a);
  return Status::Ok();
}

}  // namespace

Result<std::vector<NDArray>> EvaluateReference(const std::vector<te::Tensor>& outputs,
                                               const TensorArrays& inputs, const ScalarArgs& vars,
                                               const ReferenceOptions& options) {
  std::vector<te::Operation> order = DataFlowOrder(outputs);
  ScalarArgs constants(vars.begin(), vars.end());
  InferShapeVars(order, inputs, &constants);
  TensorTable table;
  for (const te::Operation& op : order) {
    if (op->kind() == te::OpKind::Placeholder) {
      if (Status st = AddPlaceholder(op, inputs, constants, &table); !st) return st.error();
      continue;
    }
    const auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    const auto* scan = dynamic_cast<const te::ScanOpNode*>(op.get());
    const auto* ext = dynamic_cast<const te::ExternOpNode*>(op.get());
    if (!compute && !scan && !ext)
      return Error("the oracle cannot evaluate operation '" + op->name + "'");
    auto arrays = scan  ? reference::EvaluateScanStage(*scan, table, constants, options)
                  : ext ? reference::EvaluateExternStage(*ext, table, constants)
                        : reference::EvaluateComputeStage(*compute, table, constants, options);
    if (!arrays) return arrays.error();
    for (size_t v = 0; v < arrays->size(); ++v)
      table.Add(te::output_of(op, static_cast<int>(v)), (*arrays)[v]);
  }
  std::vector<NDArray> result;
  for (const te::Tensor& t : outputs) {
    if (!t.defined()) return Error("an undefined output tensor");
    const reference::ReadableTensor* r = table.Find(t);
    if (!r) return Error("output '" + t.name() + "' was not evaluated");
    result.push_back(r->array);
  }
  return result;
}

namespace {

// The logical array of `t` stored in `physical` with layout `p`: logical[idx] =
// physical[map(idx)], evaluated by the oracle itself (so an index outside the physical
// array is reported, and padding cells are simply never read).
Result<NDArray> ReadLogical(const te::Tensor& t, const layout::PhysicalTensor& p,
                            const NDArray& physical, const ScalarArgs& vars) {
  auto holder = te::placeholder(p->layout.physical_shape, t->dtype, t.name());
  if (!holder) return holder.error();
  const ir::IndexMap& map = p->layout.map;
  auto logical = te::compute(
      t->shape,
      [&](const std::vector<ir::Var>& idx) {
        ir::VarMap sub;
        for (size_t d = 0; d < map->initial_indices.size() && d < idx.size(); ++d)
          sub[map->initial_indices[d]] = idx[d];
        std::vector<ir::Expr> at;
        for (const ir::Expr& e : map->final_indices) at.push_back(ir::Substitute(e, sub));
        return (*holder)(at);
      },
      t.name() + ".logical");
  if (!logical) return logical.error();
  TensorArrays in;
  in[holder->get()] = physical;
  auto r = EvaluateReference({*logical}, in, vars);
  if (!r)
    return Error("reading '" + t.name() + "' back from its physical layout: " + r.error().message);
  return (*r)[0];
}

// runtime::IsScheduleOutput, or a tensor of an op that replaced an output (same name).
bool IsOutputOrItsReplacement(const schedule::Schedule& sch, const te::Tensor& t) {
  if (IsScheduleOutput(sch, t)) return true;
  for (const te::Operation& op : sch.outputs)
    if (op->name == t.op()->name) return true;
  return false;
}

// A float sum reduction as CompareSum needs it: the same op summing |term| instead of the
// term (S per output element, evaluated by the oracle like the output) and the number of
// terms (the product of the reduce axes' extents); also for an elementwise epilogue of
// such a sum (EpilogueMagnitudeOf). Nothing (an undefined tensor) for other ops: another
// reducer (max, min: exact in any order), a tuple reducer, symbolic reduce extents.
struct SumMagnitudeOp {
  te::Tensor magnitude;
  int64_t terms = 0;
};

SumMagnitudeOp SumMagnitudeOf(const te::Tensor& t);

// How often `e` reads `sum`.
int ReadsOf(const ir::Expr& e, const te::Tensor& sum) {
  int reads = 0;
  te::ForEachTensorLoad({e}, [&](const te::Tensor& read, const std::vector<ir::Expr>&) {
    reads += read.same_as(sum) ? 1 : 0;
  });
  return reads;
}

// Whether a change of the one read of `sum` in `e` changes `e` by at most as much: `e` is
// built from that read by +, - (either side), min, max, the branches of a select or an
// if_then_else and float casts, the other operands not reading `sum` (a bias, a ReLU).
bool MovesAtMostAsMuch(const ir::Expr& e, const te::Tensor& sum) {
  if (ReadsOf(e, sum) == 0) return true;
  if (const auto* load = e.as<ir::ProducerLoadNode>())
    return te::Tensor::from(load->producer).same_as(sum);
  switch (e.kind()) {
    case ir::ExprKind::Add:
    case ir::ExprKind::Sub:
    case ir::ExprKind::Min:
    case ir::ExprKind::Max: {
      const auto* b = e.as<ir::BinaryNode>();
      return MovesAtMostAsMuch(b->a, sum) && MovesAtMostAsMuch(b->b, sum);
    }
    case ir::ExprKind::Select: {
      const auto* sel = e.as<ir::SelectNode>();
      return ReadsOf(sel->condition, sum) == 0 && MovesAtMostAsMuch(sel->true_value, sum) &&
             MovesAtMostAsMuch(sel->false_value, sum);
    }
    case ir::ExprKind::Cast: {
      const auto* cast = e.as<ir::CastNode>();
      return e.dtype().is_float() && cast->value.dtype().is_float() &&
             MovesAtMostAsMuch(cast->value, sum);
    }
    case ir::ExprKind::Call: {
      const auto* call = e.as<ir::CallNode>();
      return call->op == "if_then_else" && call->args.size() == 3 &&
             ReadsOf(call->args[0], sum) == 0 && MovesAtMostAsMuch(call->args[1], sum) &&
             MovesAtMostAsMuch(call->args[2], sum);
    }
    default:
      return false;
  }
}

// An elementwise epilogue of a float sum (bias + ReLU of a matmul or convolution): `t`
// reads one sum tensor once, at its own indices, and moves at most as much as that read
// (MovesAtMostAsMuch), so the sum's rounding allowance holds for `t`: the magnitude is the
// sum's at the same element.
SumMagnitudeOp EpilogueMagnitudeOf(const te::ComputeOpNode& op, const te::Tensor& t) {
  std::vector<te::Tensor> reads = te::TensorsReadBy(op.body);
  for (const te::Tensor& sum : reads) {
    if (ReadsOf(op.body[0], sum) != 1 || !MovesAtMostAsMuch(op.body[0], sum)) continue;
    bool own_indices = true;
    te::ForEachTensorLoad(op.body, [&](const te::Tensor& read, const std::vector<ir::Expr>& idx) {
      if (!read.same_as(sum)) return;
      own_indices = idx.size() == op.axis.size();
      for (size_t d = 0; own_indices && d < idx.size(); ++d)
        own_indices = idx[d].same_as(op.axis[d]->var);
    });
    if (!own_indices) continue;
    SumMagnitudeOp inner = SumMagnitudeOf(sum);
    if (!inner.magnitude.defined()) continue;
    auto magnitude = te::compute(
        t->shape,
        [&](const std::vector<ir::Var>& idx) {
          return inner.magnitude(std::vector<ir::Expr>(idx.begin(), idx.end()));
        },
        t.name() + ".sum_magnitude");
    if (!magnitude) continue;
    return {*magnitude, inner.terms};
  }
  return {};
}

SumMagnitudeOp SumMagnitudeOf(const te::Tensor& t) {
  const auto* op = dynamic_cast<const te::ComputeOpNode*>(t->op.get());
  if (!op || op->body.size() != 1 || !t->dtype.is_float()) return {};
  const auto* reduce = op->body[0].as<ir::ReduceNode>();
  if (!reduce) return EpilogueMagnitudeOf(*op, t);
  if (reduce->source.size() != 1 || !reduce->combiner || reduce->combiner->name != "sum") return {};
  int64_t terms = 1;
  for (const ir::IterVar& iv : reduce->axis) {
    const int64_t* extent = ir::as_const_int(iv->dom.extent);
    if (!extent) return {};
    terms *= std::max<int64_t>(*extent, 1);
  }
  ir::Expr body = ir::MakeReduce(reduce->combiner, {te::abs(reduce->source[0])}, reduce->axis,
                                 reduce->condition, 0);
  return {te::output_of(te::WithBody(t->op, {body}), 0), terms};
}

// A mismatch of a float sum may be the rounding of another summation order: compares
// again with CompareSum's allowance, which needs the sum of |term| per element (one more
// oracle evaluation, only for outputs that failed the plain comparison).
Result<CompareResult> CompareAllowingSumRounding(const te::Tensor& output, const NDArray& actual,
                                                 const NDArray& expected, CompareResult plain,
                                                 const TensorArrays& inputs, const ScalarArgs& vars,
                                                 const ReferenceOptions& options) {
  if (plain.ok() || !plain.shapes_match) return plain;
  SumMagnitudeOp sum = SumMagnitudeOf(output);
  if (!sum.magnitude.defined()) return plain;
  auto magnitude = EvaluateReference({sum.magnitude}, inputs, vars, options);
  if (!magnitude) return magnitude.error();
  return CompareSum(actual, expected, (*magnitude)[0], sum.terms, Tolerance::For(expected.dtype()));
}

}  // namespace

Result<std::vector<OutputCheck>> CheckAgainstReference(const schedule::Schedule& sch,
                                                       const std::vector<te::Tensor>& args,
                                                       const std::vector<NDArray>& buffers,
                                                       const ScalarArgs& vars,
                                                       const ReferenceOptions& options) {
  if (args.size() != buffers.size())
    return Error("the check got " + std::to_string(buffers.size()) + " arrays for " +
                 std::to_string(args.size()) + " arguments");
  TensorArrays inputs;
  std::vector<te::Tensor> outputs;
  std::vector<NDArray> actual;
  for (size_t i = 0; i < args.size(); ++i) {
    const te::Tensor& t = args[i];
    if (!t.defined()) return Error("argument " + std::to_string(i) + " is undefined");
    NDArray logical = buffers[i];
    if (layout::PhysicalTensor p = ArgumentLayout(sch, t)) {
      auto r = ReadLogical(t, p, buffers[i], vars);
      if (!r) return r.error();
      logical = *r;
    }
    if (t->op->kind() == te::OpKind::Placeholder) {
      inputs[t.get()] = logical;
    } else if (IsOutputOrItsReplacement(sch, t)) {
      outputs.push_back(t);
      actual.push_back(logical);
    }
  }
  auto expected = EvaluateReference(outputs, inputs, vars, options);
  if (!expected) return expected.error();
  std::vector<OutputCheck> checks;
  for (size_t k = 0; k < outputs.size(); ++k) {
    auto result =
        CompareAllowingSumRounding(outputs[k], actual[k], (*expected)[k],
                                   Compare(actual[k], (*expected)[k]), inputs, vars, options);
    if (!result) return result.error();
    checks.push_back(OutputCheck{outputs[k].name(), *result});
  }
  return checks;
}

}  // namespace tessera::reference
