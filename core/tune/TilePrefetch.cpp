#include "tune/TilePrefetch.h"

#include <optional>

#include "schedule/Primitives.h"
#include "tune/ChannelTile.h"
#include "tune/KnobNames.h"
#include "tune/ScheduleRule.h"

namespace tessera::tune {

namespace {

// The innermost reduction axis whose outer loop runs more than once (-1: none).
int PrefetchAxis(const std::vector<std::vector<int64_t>>& reduce) {
  for (size_t r = reduce.size(); r-- > 0;)
    if (!reduce[r].empty() && reduce[r][0] > 1) return static_cast<int>(r);
  return -1;
}

// The tensor `stage` reads for `operand`: the operand, or a copy that reads it.
std::optional<te::Tensor> ReadFor(const schedule::Stage& stage, const std::string& operand) {
  const std::vector<te::Tensor> inputs = stage->op->InputTensors();
  for (const te::Tensor& t : inputs)
    if (t->op->name == operand) return t;
  for (const te::Tensor& t : inputs)
    for (const te::Tensor& source : t->op->InputTensors())
      if (source->op->name == operand) return t;
  return std::nullopt;
}

}  // namespace

std::vector<int64_t> PrefetchChoices() { return {0, 2, 4, 8}; }

bool PrefetchFits(const StageRule& rule, const Decisions& d,
                  const std::vector<std::vector<int64_t>>& reduce) {
  if (KnobChoiceOr(d, PrefetchKnobName(rule.stage), 0) == 0) return true;
  if (rule.streamed.empty() || ChannelTileOn(d, rule)) return false;
  if (KnobChoiceOr(d, PackKnobName(rule.stage, rule.streamed), 0) != 0) return false;
  return PrefetchAxis(reduce) >= 0;
}

Status ApplyPrefetch(schedule::Schedule& sch, const schedule::Stage& stage, const StageRule& rule,
                     const Decisions& d, const std::vector<ir::IterVar>& r0,
                     const std::vector<std::vector<int64_t>>& reduce) {
  const int64_t ahead = KnobChoiceOr(d, PrefetchKnobName(rule.stage), 0);
  if (ahead == 0) return Status::Ok();
  const int r = PrefetchAxis(reduce);
  if (r < 0 || static_cast<size_t>(r) >= r0.size())
    return Error("tune: " + PrefetchKnobName(rule.stage) + " = " + std::to_string(ahead) +
                 ", but no outer reduction loop of " + stage->name() + " runs more than once");
  auto tensor = ReadFor(stage, rule.streamed);
  if (!tensor)
    return Error("tune: " + stage->name() + " reads no tensor for its streamed operand " +
                 rule.streamed);
  return schedule::Prefetch(sch, stage, r0[static_cast<size_t>(r)], *tensor, ahead);
}

}  // namespace tessera::tune
