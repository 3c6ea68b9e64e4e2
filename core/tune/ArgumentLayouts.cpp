#include "tune/ArgumentLayouts.h"

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "schedule/Schedule.h"
#include "schedule/StageLayout.h"
#include "script/Evaluator.h"
#include "script/export/PythonExpr.h"
#include "te/Operation.h"
#include "tune/Record.h"

namespace tessera::tune {

namespace {

bool IsArgument(const schedule::Stage& stage) {
  return stage->op->kind() == te::OpKind::Placeholder || stage->is_output;
}

std::string Joined(const std::vector<std::string>& parts) {
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : ", ") + p;
  return s;
}

// As the script writes it (the IR's own text where Python has no spelling).
std::string MapText(const ir::IndexMap& map) {
  std::vector<std::string> vars, indices;
  for (const ir::Var& v : map->initial_indices) vars.push_back(v->name);
  for (const ir::Expr& e : map->final_indices) {
    auto text = script::ToPython(e);
    indices.push_back(text ? *text : ir::to_string(e));
  }
  return "lambda " + Joined(vars) + ": [" + Joined(indices) + "]";
}

std::string PhysicalShape(const te::Tensor& tensor, const layout::PaddedLayout& layout) {
  std::vector<std::string> extents;
  for (const ir::Expr& e : layout.physical_shape) extents.push_back(ir::to_string(e));
  return tensor->dtype.str() + "[" + Joined(extents) + "]";
}

}  // namespace

std::vector<ArgumentLayout> LaidOutArguments(const schedule::Schedule& sch) {
  std::vector<ArgumentLayout> out;
  for (const schedule::Stage& stage : sch.stages) {
    if (!stage->layout || !IsArgument(stage)) continue;
    const te::Tensor tensor = te::output_of(stage->op, 0);
    out.push_back({stage->name(), stage->is_output, MapText(stage->layout->index_map),
                   PhysicalShape(tensor, stage->layout->padded)});
  }
  return out;
}

std::vector<ArgumentLayout> LaidOutArguments(const TuningRecord& record) {
  auto program = script::EvaluateScript(record.script, "record.py");
  if (!program || !program->schedule) return {};
  return LaidOutArguments(*program->schedule);
}

std::string ArgumentLaidOutBeyond(const schedule::Schedule& sch, BlockedArguments blocked) {
  for (const schedule::Stage& stage : sch.stages) {
    if (!stage->layout || !IsArgument(stage)) continue;
    if (!blocked.inputs && stage->op->kind() == te::OpKind::Placeholder) return stage->name();
    if (!blocked.outputs && stage->is_output) return stage->name();
    // In blocks of the run's own: its elements last, that many of them.
    const std::vector<ir::Expr>& physical = stage->layout->padded.physical_shape;
    const int64_t* last = physical.empty() ? nullptr : ir::as_const_int(physical.back());
    if (blocked.block > 0 && (!last || *last != blocked.block)) return stage->name();
  }
  return "";
}

std::string DescribeLaidOutArguments(const std::vector<ArgumentLayout>& layouts) {
  std::vector<std::string> inputs, outputs;
  for (const ArgumentLayout& a : layouts) {
    std::string text = a.name + " as " + a.shape + " (" + a.map + ")";
    (a.output ? outputs : inputs).push_back(std::move(text));
  }
  std::string s;
  if (!inputs.empty()) s = "takes " + Joined(inputs);
  if (!outputs.empty()) s += (s.empty() ? "writes " : "; writes ") + Joined(outputs);
  return s;
}

}  // namespace tessera::tune
