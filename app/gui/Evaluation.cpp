#include "Evaluation.h"

#include "script/Parser.h"

namespace tessera::gui {

views::DocumentState Evaluate(const std::string& script, const std::string& file) {
  views::DocumentState state;
  state.file = file;
  state.script = script;
  auto module = script::ParseModule(script, file);
  if (!module.ok()) {
    state.errors.push_back(module.error());
    return state;
  }
  return state;
}

}  // namespace tessera::gui
