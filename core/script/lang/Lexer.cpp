#include "script/lang/Lexer.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <limits>

#include "support/Utf8.h"

namespace tessera::script {

namespace {

constexpr std::string_view kKeywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

// Longest operators first so that "//=" wins over "//" over "/".
constexpr std::string_view kOperators[] = {
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "==", "!=", "<=", ">=", "<<",
    ">>",  "->",  "+=",  "-=",  "*=",  "/=", "%=", "&=", "|=", "^=", "@=", ":=",
    "+",   "-",   "*",   "/",   "%",   "@",  "&",  "|",  "^",  "~",  "<",  ">",
    "(",   ")",   "[",   "]",   "{",   "}",  ",",  ":",  ".",  ";",  "="};

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }

std::string hex_byte(unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", c);
  return buf;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The tokenizer state: a cursor over the source with its line and column.
class Lexer {
 public:
  Lexer(std::string_view src, std::string file) : src_(src), file_(std::move(file)) {}

  Result<std::vector<Token>> Run() {
    if (auto st = CheckEncoding(); !st) return st.error();
    if (src_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // UTF-8 byte order mark
    bool line_start = true;
    while (pos_ < src_.size()) {
      if (line_start) {
        // Inside brackets a line's indentation means nothing; it must not be checked
        // later either, once a ')' early on the line closes them (`    ):` ending a
        // multi-line `if (` condition used to close the enclosing blocks there).
        line_start = false;
        if (depth_ == 0) {
          if (auto st = CheckIndentation(); !st) return st.error();
          continue;
        }
      }
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\f') {
        Advance();
      } else if (c == '#') {
        while (pos_ < src_.size() && src_[pos_] != '\n' && src_[pos_] != '\r') Advance();
      } else if (c == '\n' || c == '\r') {
        if (depth_ == 0) EmitNewline();
        ConsumeLineBreak();
        line_start = true;
      } else if (c == '\\') {
        if (auto st = LexContinuation(); !st) return st.error();
      } else if (auto st = LexToken(); !st) {
        return st.error();
      }
    }
    if (depth_ == 0) EmitNewline();  // inside an open bracket the parser reports it unclosed
    while (indents_.size() > 1) {
      indents_.pop_back();
      EmitMarker(TokenKind::Dedent);
    }
    Token end;
    end.kind = TokenKind::End;
    end.loc = Here();
    end.offset = end.end = pos_;
    tokens_.push_back(end);
    return std::move(tokens_);
  }

 private:
  std::string_view src_;
  std::string file_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
  int depth_ = 0;                // open brackets: newlines inside them do not end the line
  std::vector<int> indents_{0};  // indentation widths of the open blocks (Python's stack)
  std::vector<Token> tokens_;

  SourceLoc Here() const { return SourceLoc{file_, line_, column_}; }
  Error ErrorHere(std::string message) const { return Error(std::move(message), Here()); }

  char Peek(size_t ahead = 0) const {
    return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0';
  }

  // Moves past one byte; columns advance once per code point (not per continuation byte).
  void Advance() {
    if ((static_cast<unsigned char>(src_[pos_]) & 0xC0) != 0x80) ++column_;
    ++pos_;
  }
  void ConsumeLineBreak() {
    if (src_[pos_] == '\r' && Peek(1) == '\n') ++pos_;
    ++pos_;
    ++line_;
    column_ = 1;
  }

  // Binary garbage is reported once, at the first byte that is not UTF-8 text.
  Status CheckEncoding() {
    int line = 1, column = 1;
    for (size_t i = 0; i < src_.size();) {
      unsigned char c = static_cast<unsigned char>(src_[i]);
      SourceLoc at{file_, line, column};
      if (c == 0) return Error("unexpected NUL byte (scripts are UTF-8 text)", at);
      size_t n = Utf8SequenceLength(src_, i);
      if (n == 0)
        return Error("invalid UTF-8 byte " + hex_byte(c) + " (scripts are UTF-8 text)", at);
      if (c == '\n' || (c == '\r' && (i + 1 >= src_.size() || src_[i + 1] != '\n'))) {
        ++line;
        column = 1;
      } else if (c != '\r') {
        ++column;
      }
      i += n;
    }
    return Status::Ok();
  }

  // Python's indentation rule: a line indented deeper than the enclosing block opens a
  // block (only after a line that ends in ':'); one indented less closes blocks and must
  // return exactly to an enclosing block's indentation. Blank and comment lines do not
  // count.
  Status CheckIndentation() {
    int width = 0;
    while (Peek() == ' ' || Peek() == '\t' || Peek() == '\f') {
      width = Peek() == '\t' ? (width / 8 + 1) * 8 : Peek() == ' ' ? width + 1 : 0;
      Advance();
    }
    char c = Peek();
    bool blank = pos_ >= src_.size() || c == '\n' || c == '\r' || c == '#' || c == '\\';
    if (blank) return Status::Ok();
    if (width > indents_.back()) {
      bool after_colon = !tokens_.empty() && tokens_.back().kind == TokenKind::Newline &&
                         tokens_.size() >= 2 && tokens_[tokens_.size() - 2].is_op(":");
      if (!after_colon)
        return ErrorHere(
            "unexpected indentation (only the block after a line ending in ':' "
            "is indented)");
      indents_.push_back(width);
      EmitMarker(TokenKind::Indent);
      return Status::Ok();
    }
    while (width < indents_.back()) {
      indents_.pop_back();
      EmitMarker(TokenKind::Dedent);
    }
    if (width != indents_.back())
      return ErrorHere("unindent does not match any outer indentation level");
    return Status::Ok();
  }

  void EmitMarker(TokenKind kind) {
    Token t;
    t.kind = kind;
    t.loc = Here();
    t.offset = t.end = pos_;
    tokens_.push_back(t);
  }

  void EmitNewline() {
    if (tokens_.empty() || tokens_.back().kind == TokenKind::Newline) return;
    Token t;
    t.kind = TokenKind::Newline;
    t.loc = Here();
    t.offset = t.end = pos_;
    tokens_.push_back(t);
  }

  Status LexContinuation() {
    SourceLoc at = Here();
    Advance();
    if (Peek() == '\n' || Peek() == '\r') {
      ConsumeLineBreak();
      return Status::Ok();
    }
    return Error("unexpected character '\\' (a line continuation must end the line)", at);
  }

  // Lexes one token and records its byte range (statements keep their source text).
  Status LexToken() {
    size_t start = pos_, count = tokens_.size();
    Status st = LexOneToken();
    if (st && tokens_.size() > count) tokens_.back().offset = start;
    if (st && !tokens_.empty()) tokens_.back().end = pos_;  // also extends a concatenated string
    return st;
  }

  Status LexOneToken() {
    char c = Peek();
    if (is_ident_start(c)) return LexName();
    if (is_digit(c) || (c == '.' && is_digit(Peek(1)))) return LexNumber();
    if (c == '"' || c == '\'') return LexString(Here(), false);
    return LexOperator();
  }

  Status LexName() {
    Token t;
    t.loc = Here();
    size_t start = pos_;
    while (is_ident_char(Peek())) Advance();
    t.text = std::string(src_.substr(start, pos_ - start));
    // String prefixes: r"..." is raw, u"..." plain; b"" and f"" are not supported.
    if ((Peek() == '"' || Peek() == '\'') && t.text.size() <= 2) {
      std::string p;
      for (char ch : t.text) p += static_cast<char>(ch | 0x20);
      if (p == "r" || p == "u") return LexString(t.loc, p == "r");
      if (p == "f" || p == "rf" || p == "fr") return LexFString(t.loc, start, p != "f");
      if (p == "b" || p == "rb" || p == "br")
        return Error("byte strings are not supported in scripts", t.loc);
    }
    if (static_cast<unsigned char>(Peek()) >= 0x80)
      return ErrorHere("non-ASCII characters are not allowed in names");
    t.kind = is_python_keyword(t.text) ? TokenKind::Keyword : TokenKind::Name;
    tokens_.push_back(std::move(t));
    return Status::Ok();
  }

  // f"..{expr!c:spec}..": a formatted string literal, lexed as the call it means —
  // ("..{!c:spec}..".format((expr), ...)), one field per expression, `{{` and `}}` literal
  // braces — so the parser and the interpreter need nothing new (str.format does the
  // specs). Every token made here spans the whole literal in the source (a statement's
  // text stays the user's); errors point at the literal.
  Status LexFString(SourceLoc at, size_t begin, bool raw) {
    if (!tokens_.empty() && tokens_.back().kind == TokenKind::String)
      return Error(
          "an f-string next to another string literal is not supported in scripts (join them with "
          "+)",
          at);
    if (auto st = LexString(at, raw); !st) return st;
    const std::string text = tokens_.back().text;
    tokens_.pop_back();
    std::string pattern;
    std::vector<std::string> fields;
    for (size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
        pattern += c;
        pattern += c;
        ++i;
        continue;
      }
      if (c == '}') return Error("f-string: single '}' is not allowed", at);
      if (c != '{') {
        pattern += c;
        continue;
      }
      // The expression ends at a '!', ':' or '}' outside brackets and quotes.
      size_t j = i + 1;
      int depth = 0;
      char quote = 0;
      for (; j < text.size(); ++j) {
        const char d = text[j];
        if (quote) {
          if (d == quote) quote = 0;
        } else if (d == '\'' || d == '"') {
          quote = d;
        } else if (d == '(' || d == '[' || d == '{') {
          ++depth;
        } else if ((d == ')' || d == ']' || d == '}') && depth > 0) {
          --depth;
        } else if (depth == 0 && (d == '}' || d == ':' ||
                                  (d == '!' && (j + 1 >= text.size() || text[j + 1] != '=')))) {
          break;
        }
      }
      if (j >= text.size()) return Error("f-string: expecting '}'", at);
      std::string expr = text.substr(i + 1, j - i - 1);
      const size_t first = expr.find_first_not_of(" \t\n");
      if (first == std::string::npos) return Error("f-string: empty expression not allowed", at);
      expr = expr.substr(first, expr.find_last_not_of(" \t\n") - first + 1);
      if (expr.back() == '=' &&
          (expr.size() < 2 || std::string("=!<>").find(expr[expr.size() - 2]) == std::string::npos))
        return Error("f-string: the '=' (self-documenting) specifier is not supported in scripts",
                     at);
      size_t close = j;
      while (close < text.size() && text[close] != '}') {
        if (text[close] == '{')
          return Error(
              "f-string: nested replacement fields in a format spec are not supported in scripts",
              at);
        ++close;
      }
      if (close >= text.size()) return Error("f-string: expecting '}'", at);
      pattern += "{" + text.substr(j, close - j) + "}";
      fields.push_back(std::move(expr));
      i = close;
    }
    auto push = [&](TokenKind kind, std::string spelling) {
      Token k;
      k.kind = kind;
      k.text = std::move(spelling);
      k.loc = at;
      k.offset = begin;
      k.end = pos_;
      tokens_.push_back(std::move(k));
    };
    push(TokenKind::Op, "(");
    push(TokenKind::String, pattern);
    push(TokenKind::Op, ".");
    push(TokenKind::Name, "format");
    push(TokenKind::Op, "(");
    for (size_t f = 0; f < fields.size(); ++f) {
      if (f > 0) push(TokenKind::Op, ",");
      auto sub = Lexer(fields[f], file_).Run();
      if (!sub) return Error("f-string expression '" + fields[f] + "': " + sub.error().message, at);
      push(TokenKind::Op, "(");
      for (Token& k : *sub) {
        if (k.kind == TokenKind::Newline || k.kind == TokenKind::Indent ||
            k.kind == TokenKind::Dedent || k.kind == TokenKind::End)
          continue;
        k.loc = at;
        k.offset = begin;
        k.end = pos_;
        tokens_.push_back(std::move(k));
      }
      push(TokenKind::Op, ")");
    }
    push(TokenKind::Op, ")");
    push(TokenKind::Op, ")");
    return Status::Ok();
  }

  Status LexNumber() {
    Token t;
    t.loc = Here();
    size_t start = pos_;
    char c1 = static_cast<char>(Peek(1) | 0x20);
    if (Peek() == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b')) return LexRadixInt(t);
    bool is_float = false;
    auto digits = [&] {
      while (is_digit(Peek()) || (Peek() == '_' && is_digit(Peek(1)))) Advance();
    };
    digits();
    if (Peek() == '.' && Peek(1) != '.') {
      is_float = true;
      Advance();
      digits();
    }
    if (Peek() == 'e' || Peek() == 'E') {
      size_t sign = (Peek(1) == '+' || Peek(1) == '-') ? 1 : 0;
      if (is_digit(Peek(1 + sign))) {
        is_float = true;
        for (size_t k = 0; k <= sign; ++k) Advance();
        digits();
      }
    }
    if (Peek() == 'j' || Peek() == 'J')
      return Error("complex numbers are not supported in scripts", t.loc);
    if (is_ident_char(Peek()) || Peek() == '.')
      return ErrorHere("invalid number literal (unexpected '" + std::string(1, Peek()) + "')");
    std::string text;
    for (char ch : src_.substr(start, pos_ - start))
      if (ch != '_') text += ch;
    if (is_float) {
      t.kind = TokenKind::Float;
      // from_chars is locale-independent (strtod would read "1.5" as 1 under a German locale).
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), t.float_value);
      if (ec == std::errc::result_out_of_range) {
        // As in Python: 1e999 is inf, 1e-999 is 0.0.
        size_t e = text.find_first_of("eE");
        bool tiny = e != std::string::npos && e + 1 < text.size() && text[e + 1] == '-';
        t.float_value = tiny ? 0.0 : std::numeric_limits<double>::infinity();
      } else if (ec != std::errc() || end != text.data() + text.size()) {
        return Error("invalid floating-point literal", t.loc);
      }
    } else {
      if (text.size() > 1 && text[0] == '0' && text.find_first_not_of('0') != std::string::npos)
        return Error("leading zeros are not allowed in integer literals (use 0o for octal)", t.loc);
      if (auto st = ParseDigits(text, 10, t); !st) return st;
    }
    tokens_.push_back(std::move(t));
    return Status::Ok();
  }

  Status LexRadixInt(Token& t) {
    char r = static_cast<char>(Peek(1) | 0x20);
    int radix = r == 'x' ? 16 : r == 'o' ? 8 : 2;
    Advance();
    Advance();
    std::string text;
    while (is_ident_char(Peek())) {
      if (Peek() != '_') text += Peek();
      Advance();
    }
    if (text.empty()) return Error("invalid number literal (no digits after the prefix)", t.loc);
    if (auto st = ParseDigits(text, radix, t); !st) return st;
    tokens_.push_back(std::move(t));
    return Status::Ok();
  }

  // Accumulates digits with an overflow check: literals are at most 64-bit (TVM uses
  // int64 for literals that do not fit in int32).
  Status ParseDigits(const std::string& text, int radix, Token& t) {
    uint64_t value = 0;
    for (char ch : text) {
      int d = hex_value(ch);
      if (d < 0 || d >= radix)
        return Error("invalid digit '" + std::string(1, ch) + "' in number literal", t.loc);
      if (value > (static_cast<uint64_t>(INT64_MAX) - static_cast<uint64_t>(d)) /
                      static_cast<uint64_t>(radix))
        return Error("integer literal is too large (more than 64 bits)", t.loc);
      value = value * static_cast<uint64_t>(radix) + static_cast<uint64_t>(d);
    }
    t.kind = TokenKind::Int;
    t.int_value = static_cast<int64_t>(value);
    return Status::Ok();
  }

  Status LexString(SourceLoc start, bool raw) {
    char quote = Peek();
    bool triple = Peek(1) == quote && Peek(2) == quote;
    for (int k = 0; k < (triple ? 3 : 1); ++k) Advance();
    std::string value;
    while (true) {
      if (pos_ >= src_.size() || (!triple && (Peek() == '\n' || Peek() == '\r')))
        return Error("unterminated string literal", start);
      char c = Peek();
      if (c == quote && (!triple || (Peek(1) == quote && Peek(2) == quote))) {
        for (int k = 0; k < (triple ? 3 : 1); ++k) Advance();
        break;
      }
      if (c == '\n' || c == '\r') {
        value += '\n';
        ConsumeLineBreak();
      } else if (c == '\\' && !raw) {
        if (auto st = LexEscape(value); !st) return st;
      } else if (c == '\\' && raw && (Peek(1) == quote || Peek(1) == '\\')) {
        value += c;
        value += Peek(1);
        Advance();
        Advance();
      } else {
        value += c;
        Advance();
      }
    }
    Token t;
    t.kind = TokenKind::String;
    t.loc = start;
    t.text = std::move(value);
    // Adjacent literals concatenate, as in Python ("a" "b" == "ab").
    if (!tokens_.empty() && tokens_.back().kind == TokenKind::String) {
      tokens_.back().text += t.text;
      return Status::Ok();
    }
    tokens_.push_back(std::move(t));
    return Status::Ok();
  }

  Status LexEscape(std::string& value) {
    SourceLoc at = Here();
    Advance();  // the backslash
    if (pos_ >= src_.size()) return Error("unterminated string literal", at);
    char e = Peek();
    switch (e) {
      case '\n':
      case '\r':
        ConsumeLineBreak();
        return Status::Ok();
      case 'n':
        value += '\n';
        break;
      case 't':
        value += '\t';
        break;
      case 'r':
        value += '\r';
        break;
      case '0':
        value += '\0';
        break;
      case '\\':
      case '\'':
      case '"':
        value += e;
        break;
      case 'x':
      case 'u': {
        int n = e == 'x' ? 2 : 4;
        uint32_t cp = 0;
        for (int k = 1; k <= n; ++k) {
          int d = hex_value(Peek(static_cast<size_t>(k)));
          if (d < 0) return Error("invalid \\" + std::string(1, e) + " escape in string", at);
          cp = cp * 16 + static_cast<uint32_t>(d);
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) return Error("invalid \\u escape (surrogate)", at);
        AppendUtf8(value, cp);
        for (int k = 0; k < n; ++k) Advance();
        break;
      }
      default:
        value += '\\';
        value += e;
        break;  // Python keeps unknown escapes as written
    }
    Advance();
    return Status::Ok();
  }

  Status LexOperator() {
    for (std::string_view op : kOperators) {
      if (src_.substr(pos_, op.size()) != op) continue;
      Token t;
      t.kind = TokenKind::Op;
      t.text = std::string(op);
      t.loc = Here();
      if (op == "(" || op == "[" || op == "{") ++depth_;
      if ((op == ")" || op == "]" || op == "}") && depth_ > 0) --depth_;
      for (size_t k = 0; k < op.size(); ++k) Advance();
      tokens_.push_back(std::move(t));
      return Status::Ok();
    }
    unsigned char c = static_cast<unsigned char>(Peek());
    if (c >= 0x80) {
      size_t n = Utf8SequenceLength(src_, pos_);
      return ErrorHere("unexpected character '" + std::string(src_.substr(pos_, n)) +
                       "' (only ASCII is allowed outside strings and comments)");
    }
    if (c < 0x20 || c == 0x7F) return ErrorHere("unexpected control character " + hex_byte(c));
    return ErrorHere("unexpected character '" + std::string(1, static_cast<char>(c)) + "'");
  }
};

}  // namespace

bool is_python_keyword(std::string_view word) {
  for (std::string_view k : kKeywords)
    if (k == word) return true;
  return false;
}

std::string describe(const Token& token) {
  switch (token.kind) {
    case TokenKind::Name:
      return "name '" + token.text + "'";
    case TokenKind::Keyword:
      return "keyword '" + token.text + "'";
    case TokenKind::Int:
      return "integer " + std::to_string(token.int_value);
    case TokenKind::Float:
      return "number literal";
    case TokenKind::String:
      return "string literal";
    case TokenKind::Op:
      return "'" + token.text + "'";
    case TokenKind::Newline:
      return "end of line";
    case TokenKind::Indent:
      return "indented block";
    case TokenKind::Dedent:
      return "end of indented block";
    case TokenKind::End:
      return "end of input";
  }
  return "token";
}

Result<std::vector<Token>> Tokenize(std::string_view source, const std::string& file) {
  return Lexer(source, file).Run();
}

}  // namespace tessera::script
