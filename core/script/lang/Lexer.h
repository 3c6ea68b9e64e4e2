// Lexer for the script language (DESIGN.md, "The script language"): the tokens of the
// Python subset that TVM tensor-expression programs are written in. It never throws and
// never reads past its input; anything it cannot tokenise becomes a located Error, so
// that opening a binary file or someone else's script is always safe.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/Result.h"

namespace tessera::script {

enum class TokenKind : uint8_t {
  Name,     // identifier (ASCII letters, digits, '_')
  Keyword,  // a Python keyword: lambda, and, or, not, import, from, as, True, ...
  Int,      // integer literal (int_value)
  Float,    // floating-point literal (float_value)
  String,   // string literal (text holds the decoded value)
  Op,       // operator or delimiter (text: "+", "//", "(", ",", "=", ...)
  Newline,  // end of a logical line
  Indent,   // the next line is indented deeper (opens a block after ':')
  Dedent,   // the indentation returned to an enclosing block's (one per closed block)
  End,      // end of input
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;  // spelling (Name/Keyword/Op), decoded value (String)
  int64_t int_value = 0;
  double float_value = 0.0;
  SourceLoc loc;      // where the token starts (1-based line and column)
  size_t offset = 0;  // byte offsets of the token's text in the source: [offset, end)
  size_t end = 0;

  bool is_op(std::string_view op) const { return kind == TokenKind::Op && text == op; }
  bool is_keyword(std::string_view kw) const { return kind == TokenKind::Keyword && text == kw; }
};

// A short human description of a token for error messages: "name 'x'", "'('",
// "end of line", "end of input", "integer 42", "string \"abc\"".
std::string describe(const Token& token);

bool is_python_keyword(std::string_view word);

// Splits `source` into tokens. Columns count Unicode code points (a tab is one column);
// lines end at "\n", "\r\n" or "\r". Newlines inside (), [] and {} and after a
// backslash continue the logical line. Indentation is Python's: a line indented deeper
// than the previous one (allowed only after a line ending in ':') gives Indent, one
// indented less gives a Dedent per block it closes (a tab advances to the next multiple
// of 8 columns). Always ends with a Newline (if any code), the open blocks' Dedents, End.
Result<std::vector<Token>> Tokenize(std::string_view source, const std::string& file = "");

}  // namespace tessera::script
