// Python's printf-style string formatting, `"%s: %f" % (name, t)`, which TVM's tutorials
// use for names and messages. Conversions d i o x X e E f F g G c s r %, with flags
// (- + space 0 #), width and precision (`*` takes them from the arguments); `%(key)s`
// with a dict. Errors carry Python's messages.
#pragma once

#include <string>

#include "script/lang/Value.h"

namespace tessera::script {

class Interpreter;

Result<Value> PercentFormat(const Interpreter& interp, const std::string& format, const Value& args,
                            const SourceLoc& loc);

}  // namespace tessera::script
