// libFuzzer target: the script lexer and parser on arbitrary bytes. Besides "no crash,
// no leak, no undefined behaviour" it checks the parser's promises:
//   - every error is located (line and column >= 1, the file name given);
//   - a module that parses prints (to_source) as source that parses to the same text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "script/lang/Ast.h"
#include "script/lang/Lexer.h"
#include "script/lang/Parser.h"

using namespace tessera;

namespace {

const std::string kFile = "fuzz.py";

void CheckLocated(const Error& error) {
  if (error.loc.line < 1 || error.loc.column < 1 || error.loc.file != kFile) std::abort();
}

// Statement by statement, printed source parses back to the same printed source (when
// the extra parentheses of to_source stay within the nesting limit).
void CheckReprint(const script::AstModule& module) {
  for (const script::AstStmt& stmt : module.body) {
    std::string printed = script::to_source(stmt);
    auto again = script::ParseModule(printed, kFile);
    if (!again) {
      CheckLocated(again.error());
      continue;
    }
    if (again->body.size() != 1 || script::to_source(again->body[0]) != printed) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto tokens = script::Tokenize(text, kFile); !tokens) CheckLocated(tokens.error());
  auto module = script::ParseModule(text, kFile);
  if (module)
    CheckReprint(*module);
  else
    CheckLocated(module.error());
  if (auto expr = script::ParseExpression(text, kFile); !expr) CheckLocated(expr.error());
  return 0;
}
