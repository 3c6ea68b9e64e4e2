// Methods of Python strings that schedule scripts and tutorials use for names and
// messages: format, join, split, strip, replace, startswith, rjust, ... (str.format with
// `{}`, `{0}`, `{name}` and format specs such as `{:>10}`, `{:.3f}`).
#pragma once

#include <string>

#include "script/lang/Value.h"

namespace tessera::script {

// The bound method `name` of the string `self`, or a located "no attribute" error.
Result<Value> StringMethod(const std::string& self, const std::string& name, const SourceLoc& loc);

}  // namespace tessera::script
