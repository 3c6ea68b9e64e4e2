#include "tune/DesignSpace.h"

#include "tune/GeneratedSpace.h"
#include "tune/ScriptKnobSpace.h"

namespace tessera::tune {

Result<DesignSpace> DesignSpace::Generate(const std::vector<te::Operation>& outputs,
                                          const TargetInfo& target) {
  auto space = GeneratedSpace::Generate(outputs, target);
  if (!space) return space.error();
  return DesignSpace(std::make_shared<const GeneratedSpace>(std::move(space.value())));
}

Result<DesignSpace> DesignSpace::FromScriptKnobs(const std::string& source, const std::string& file,
                                                 const TargetInfo& target) {
  auto space = ScriptKnobSpace::FromScript(source, file, target);
  if (!space) return space.error();
  return DesignSpace(std::make_shared<const ScriptKnobSpace>(std::move(space.value())));
}

}  // namespace tessera::tune
