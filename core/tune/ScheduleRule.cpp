#include "tune/ScheduleRule.h"

#include <algorithm>

#include "schedule/Primitives.h"
#include "tune/AttachRule.h"
#include "tune/InlineRule.h"
#include "tune/RfactorRule.h"
#include "tune/RootRule.h"
#include "tune/SpatialRule.h"
#include "tune/TileRule.h"

namespace tessera::tune {

const char* rule_kind_name(StageRule::Kind kind) {
  switch (kind) {
    case StageRule::Kind::Inline:
      return "inline";
    case StageRule::Kind::Tile:
      return "tile";
    case StageRule::Kind::Spatial:
      return "spatial";
    case StageRule::Kind::Attach:
      return "attach";
    case StageRule::Kind::Root:
      return "root";
  }
  return "?";
}

const std::vector<const ScheduleRule*>& ScheduleRules() {
  // The rules that give a stage its structure take mutually exclusive stages; rfactor adds
  // to the root rule and comes before it (it splits the reduction the root rule then
  // places); attach runs after the stages and takes over root reductions.
  static const std::vector<const ScheduleRule*> rules = {
      &TileRule(), &SpatialRule(), &InlineRule(), &RfactorRule(), &RootRule(), &AttachRule()};
  return rules;
}

Result<const ScheduleRule*> FindScheduleRule(std::string_view name) {
  for (const ScheduleRule* rule : ScheduleRules())
    if (name == rule->name()) return rule;
  return Error("tune: no schedule rule named " + std::string(name));
}

Result<ir::IterVar> RuleAxis(const schedule::Stage& stage, const std::string& name) {
  return stage->find_iter_var(name);
}

size_t SpatialAxisIndex(const StageRule& rule, const std::string& axis) {
  return static_cast<size_t>(std::find(rule.spatial_axes.begin(), rule.spatial_axes.end(), axis) -
                             rule.spatial_axes.begin());
}

Result<std::vector<ir::IterVar>> SplitLevels(schedule::Schedule& sch, const schedule::Stage& stage,
                                             ir::IterVar iv, const std::vector<int64_t>& factors) {
  std::vector<ir::IterVar> levels(factors.size());
  for (size_t level = factors.size() - 1; level >= 1; --level) {
    auto parts = schedule::Split(sch, stage, iv, factors[level]);
    if (!parts) return parts.error();
    levels[level] = parts->second;
    iv = parts->first;
  }
  levels[0] = iv;
  return levels;
}

Result<ir::IterVar> FuseAll(schedule::Schedule& sch, const schedule::Stage& stage,
                            const std::vector<ir::IterVar>& vars) {
  if (vars.size() == 1) return vars.front();
  return schedule::Fuse(sch, stage, vars);
}

}  // namespace tessera::tune
