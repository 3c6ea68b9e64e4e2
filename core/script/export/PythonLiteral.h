// Python source for values an exported program writes.
#pragma once

#include <string>

namespace tessera::script {

// `text` as a double-quoted Python string literal (a pragma's value may hold quotes,
// backslashes and newlines: LLVM IR; a message may hold quotes).
std::string PythonStringLiteral(const std::string& text);

}  // namespace tessera::script
