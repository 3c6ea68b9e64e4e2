#include "script/lang/ChildInterpreter.h"

namespace tessera::script {

std::unique_ptr<Interpreter> ChildInterpreter(
    Interpreter& parent, const std::vector<std::pair<const char*, const char*>>& globals,
    const SourceLoc& loc) {
  auto child = std::make_unique<Interpreter>(parent.Freeze());
  child->SetContext(parent.context());
  for (const auto& [name, path] : globals)
    if (auto v = child->Resolve(path, loc); v && *v) child->SetGlobal(name, **v);
  return child;
}

}  // namespace tessera::script
