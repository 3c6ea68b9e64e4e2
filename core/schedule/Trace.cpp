#include "schedule/Trace.h"

namespace tessera::schedule {

std::string to_string(const TraceEntry& entry) {
  std::string s = entry.primitive + "(" + entry.stage.name;
  for (const StageRef& st : entry.stages) s += ", " + st.name;
  for (const IterVarRef& iv : entry.iter_vars) s += ", " + iv.name;
  for (const auto& [key, value] : entry.ints) s += ", " + key + "=" + std::to_string(value);
  for (const auto& [key, value] : entry.strings) s += ", " + key + "=\"" + value + "\"";
  s += ")";
  if (!entry.outputs.empty()) {
    s += " ->";
    for (size_t i = 0; i < entry.outputs.size(); ++i) s += (i ? ", " : " ") + entry.outputs[i];
  }
  return s;
}

}  // namespace tessera::schedule
