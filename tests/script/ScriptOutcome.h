// What a user reads after evaluating a script: "ok", or its located error
// ("s.py:LINE:COL: error: ..."), for suites that check messages.
#pragma once

#include <string>

#include "script/Evaluator.h"

inline std::string ScriptOutcome(const std::string& script, const std::string& file = "s.py") {
  auto r = tessera::script::EvaluateScript(script, file);
  return r ? std::string("ok") : r.error().format();
}
