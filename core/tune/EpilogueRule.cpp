#include "tune/EpilogueRule.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/Graph.h"
#include "schedule/Primitives.h"
#include "te/Tensor.h"
#include "tune/AttachRule.h"
#include "tune/ScheduleRule.h"

namespace tessera::tune {

namespace {

bool EpilogueSameShape(const te::Operation& a, const te::Operation& b) {
  std::vector<ir::Expr> sa = a->output_shape(0), sb = b->output_shape(0);
  if (sa.size() != sb.size()) return false;
  for (size_t d = 0; d < sa.size(); ++d) {
    const int64_t *x = ir::as_const_int(sa[d]), *y = ir::as_const_int(sb[d]);
    if (!x || !y || *x != *y) return false;
  }
  return true;
}

}  // namespace

std::optional<Epilogue> FindEpilogue(const schedule::Schedule& sch, const te::Operation& reduction,
                                     const te::Operation& output,
                                     const std::set<std::string>& inlinable) {
  auto* out = dynamic_cast<const te::ComputeOpNode*>(output.get());
  if (!out || out->is_reduction() || out->num_outputs() != 1 || reduction->num_outputs() != 1)
    return std::nullopt;
  if (!EpilogueSameShape(reduction, output)) return std::nullopt;
  Epilogue ep;
  ep.output = output->name;
  for (const ir::IterVar& iv : out->axis) ep.output_axes.push_back(iv->var.name());
  // Walk the readers from the reduction: each must be the output or an inlinable relay of
  // the same shape, and read its producer element for element.
  std::vector<std::string> frontier{reduction->name};
  std::set<std::string> visited{reduction->name};
  bool reaches_output = false;
  while (!frontier.empty()) {
    const std::string producer = frontier.back();
    frontier.pop_back();
    for (const schedule::Stage& consumer : schedule::ConsumerStages(sch, sch.find(producer))) {
      const te::Operation& reader = consumer->op;
      auto* compute = dynamic_cast<const te::ComputeOpNode*>(reader.get());
      if (!compute || !ReadsAtLeadingAxes(*compute, producer, true)) return std::nullopt;
      if (reader->name == output->name) {
        reaches_output = true;
        continue;
      }
      if (!inlinable.count(reader->name) || !EpilogueSameShape(reader, output)) return std::nullopt;
      if (visited.insert(reader->name).second) {
        ep.relays.push_back(reader->name);
        frontier.push_back(reader->name);
      }
    }
  }
  if (!reaches_output) return std::nullopt;
  return ep;
}

Result<Accumulator> MakeAccumulator(schedule::Schedule& sch, const StageRule& rule,
                                    bool epilogue_own_stage) {
  schedule::Stage stage = sch.find(rule.stage);
  if (!stage) return Error("tune: no stage " + rule.stage);
  auto local = schedule::CacheWrite(sch, stage, "local");
  if (!local) return local.error();
  if (rule.epilogue.output.empty()) return Accumulator{sch.find(rule.stage), *local, {}};
  // The copy out of the accumulator goes into the epilogue, which reads the tile directly.
  if (Status st = schedule::ComputeInline(sch, sch.find(rule.stage)); !st) return st.error();
  schedule::Stage output = sch.find(rule.epilogue.output);
  if (!output) return Error("tune: no stage " + rule.epilogue.output);
  if (!epilogue_own_stage) return Accumulator{output, *local, {}};
  auto epilogue = schedule::CacheWrite(sch, output, "local");
  if (!epilogue) return epilogue.error();
  return Accumulator{sch.find(rule.epilogue.output), *local, *epilogue};
}

Status LayOutAsAccumulator(schedule::Schedule& sch, const schedule::Stage& stage,
                           const schedule::Stage& outer, const ir::IterVar& at,
                           const ir::IndexMap& layout, int64_t lanes) {
  if (Status st = schedule::ComputeAt(sch, stage, outer, at); !st) return st;
  auto axes = schedule::TransformLayout(sch, stage, layout);
  if (!axes) return axes.error();
  auto vectors = schedule::Split(sch, stage, axes->back(), lanes);
  if (!vectors) return vectors.error();
  return schedule::Vectorize(sch, stage, vectors->second);
}

std::string OuterAxisName(const StageRule& rule, const std::string& axis) {
  if (rule.epilogue.output.empty()) return axis;
  const size_t k = SpatialAxisIndex(rule, axis);
  return k < rule.epilogue.output_axes.size() ? rule.epilogue.output_axes[k] : axis;
}

}  // namespace tessera::tune
