#include "support/JsonReader.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "support/Utf8.h"

namespace tessera {

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const auto& [name, value] : members)
    if (name == key) return &value;
  return nullptr;
}

std::string_view JsonKindName(JsonValue::Kind kind) {
  switch (kind) {
    case JsonValue::Kind::Null:
      return "null";
    case JsonValue::Kind::Bool:
      return "boolean";
    case JsonValue::Kind::Number:
      return "number";
    case JsonValue::Kind::String:
      return "string";
    case JsonValue::Kind::Array:
      return "array";
    case JsonValue::Kind::Object:
      return "object";
  }
  return "value";
}

namespace {

class JsonParser {
 public:
  JsonParser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  Result<JsonValue> ParseDocument() {
    SkipWhitespace();
    JsonValue value;
    if (auto status = ParseValue(value, 0); !status.ok()) return status.error();
    SkipWhitespace();
    if (pos_ < text_.size())
      return Fail("expected end of input after the JSON value, found " + Describe());
    return value;
  }

 private:
  SourceLoc Here() const {
    return SourceLoc{file_, line_, static_cast<int>(pos_ - line_start_) + 1};
  }
  Error Fail(std::string message) const { return Error(std::move(message), Here()); }
  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek() const { return text_[pos_]; }

  // What the parser found at the current position, for messages.
  std::string Describe() const {
    if (AtEnd()) return "end of input";
    unsigned char c = static_cast<unsigned char>(Peek());
    if (c >= 0x21 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "byte 0x%02X", static_cast<unsigned>(c));
    return buf;
  }

  void SkipWhitespace() {
    while (!AtEnd()) {
      char c = Peek();
      if (c == '\n') {
        ++pos_;
        ++line_;
        line_start_ = pos_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else {
        break;
      }
    }
  }

  Status ParseValue(JsonValue& out, int depth) {
    out.loc = Here();
    if (AtEnd()) return Fail("expected a JSON value, found end of input");
    char c = Peek();
    if (c == '{' || c == '[') {
      if (depth >= kMaxJsonDepth)
        return Fail("JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
      return c == '{' ? ParseObject(out, depth + 1) : ParseArray(out, depth + 1);
    }
    if (c == '"') {
      out.kind = JsonValue::Kind::String;
      return ParseString(out.string);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return ParseNumber(out);
    if (ParseWord("true")) {
      out.kind = JsonValue::Kind::Bool;
      out.boolean = true;
      return Status::Ok();
    }
    if (ParseWord("false")) {
      out.kind = JsonValue::Kind::Bool;
      return Status::Ok();
    }
    if (ParseWord("null")) return Status::Ok();
    return Fail("expected a JSON value, found " + Describe());
  }

  bool ParseWord(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  Status ParseObject(JsonValue& out, int depth) {
    out.kind = JsonValue::Kind::Object;
    ++pos_;  // '{'
    SkipWhitespace();
    if (!AtEnd() && Peek() == '}') {
      ++pos_;
      return Status::Ok();
    }
    while (true) {
      if (AtEnd() || Peek() != '"') return Fail("expected a string key, found " + Describe());
      SourceLoc key_loc = Here();
      std::string key;
      if (auto status = ParseString(key); !status.ok()) return status;
      if (out.find(key)) return Error("duplicate key \"" + key + "\"", key_loc);
      SkipWhitespace();
      if (AtEnd() || Peek() != ':') return Fail("expected ':' after a key, found " + Describe());
      ++pos_;
      SkipWhitespace();
      JsonValue value;
      if (auto status = ParseValue(value, depth); !status.ok()) return status;
      out.members.push_back(JsonMember{std::move(key), std::move(value)});
      SkipWhitespace();
      if (!AtEnd() && Peek() == ',') {
        ++pos_;
        SkipWhitespace();
        continue;
      }
      if (!AtEnd() && Peek() == '}') {
        ++pos_;
        return Status::Ok();
      }
      return Fail("expected ',' or '}' in an object, found " + Describe());
    }
  }

  Status ParseArray(JsonValue& out, int depth) {
    out.kind = JsonValue::Kind::Array;
    ++pos_;  // '['
    SkipWhitespace();
    if (!AtEnd() && Peek() == ']') {
      ++pos_;
      return Status::Ok();
    }
    while (true) {
      JsonValue value;
      if (auto status = ParseValue(value, depth); !status.ok()) return status;
      out.items.push_back(std::move(value));
      SkipWhitespace();
      if (!AtEnd() && Peek() == ',') {
        ++pos_;
        SkipWhitespace();
        continue;
      }
      if (!AtEnd() && Peek() == ']') {
        ++pos_;
        return Status::Ok();
      }
      return Fail("expected ',' or ']' in an array, found " + Describe());
    }
  }

  static int HexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  // Four hex digits after "\u" at pos_ (pos_ is advanced past them).
  Status ParseHex4(uint32_t& out) {
    out = 0;
    for (int i = 0; i < 4; ++i) {
      int digit = AtEnd() ? -1 : HexDigit(Peek());
      if (digit < 0) return Fail("expected four hex digits after \\u, found " + Describe());
      out = out * 16 + static_cast<uint32_t>(digit);
      ++pos_;
    }
    return Status::Ok();
  }

  Status ParseEscape(std::string& out) {
    ++pos_;  // '\\'
    if (AtEnd()) return Fail("unterminated string");
    char c = Peek();
    ++pos_;
    switch (c) {
      case '"':
        out += '"';
        return Status::Ok();
      case '\\':
        out += '\\';
        return Status::Ok();
      case '/':
        out += '/';
        return Status::Ok();
      case 'b':
        out += '\b';
        return Status::Ok();
      case 'f':
        out += '\f';
        return Status::Ok();
      case 'n':
        out += '\n';
        return Status::Ok();
      case 'r':
        out += '\r';
        return Status::Ok();
      case 't':
        out += '\t';
        return Status::Ok();
      case 'u':
        break;
      default:
        --pos_;
        return Fail("invalid escape \\" + Describe());
    }
    uint32_t cp = 0;
    if (auto status = ParseHex4(cp); !status.ok()) return status;
    if (cp >= 0xDC00 && cp <= 0xDFFF) return Fail("unpaired UTF-16 low surrogate in \\u escape");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (text_.substr(pos_, 2) != "\\u")
        return Fail("unpaired UTF-16 high surrogate in \\u escape");
      pos_ += 2;
      uint32_t low = 0;
      if (auto status = ParseHex4(low); !status.ok()) return status;
      if (low < 0xDC00 || low > 0xDFFF) return Fail("unpaired UTF-16 high surrogate in \\u escape");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    AppendUtf8(out, cp);
    return Status::Ok();
  }

  Status ParseString(std::string& out) {
    ++pos_;  // '"'
    while (true) {
      if (AtEnd()) return Fail("unterminated string (expected '\"')");
      char c = Peek();
      if (c == '"') {
        ++pos_;
        return Status::Ok();
      }
      if (c == '\\') {
        if (auto status = ParseEscape(out); !status.ok()) return status;
        continue;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return Fail(c == '\n' ? "unterminated string (newline before the closing '\"')"
                              : "control character " + Describe() + " in a string (escape it)");
      size_t n = Utf8SequenceLength(text_, pos_);
      if (n == 0) return Fail("invalid UTF-8 (" + Describe() + ") in a string");
      out.append(text_.substr(pos_, n));
      pos_ += n;
    }
  }

  bool ConsumeDigits() {
    size_t start = pos_;
    while (!AtEnd() && Peek() >= '0' && Peek() <= '9') ++pos_;
    return pos_ > start;
  }

  Status ParseNumber(JsonValue& out) {
    size_t start = pos_;
    if (Peek() == '-') ++pos_;
    if (AtEnd() || Peek() < '0' || Peek() > '9')
      return Fail("expected a digit, found " + Describe());
    if (Peek() == '0') {
      ++pos_;
      if (!AtEnd() && Peek() >= '0' && Peek() <= '9')
        return Fail("numbers cannot have leading zeros");
    } else {
      ConsumeDigits();
    }
    bool integral = true;
    if (!AtEnd() && Peek() == '.') {
      integral = false;
      ++pos_;
      if (!ConsumeDigits()) return Fail("expected a digit after '.', found " + Describe());
    }
    if (!AtEnd() && (Peek() == 'e' || Peek() == 'E')) {
      integral = false;
      ++pos_;
      if (!AtEnd() && (Peek() == '+' || Peek() == '-')) ++pos_;
      if (!ConsumeDigits()) return Fail("expected a digit in the exponent, found " + Describe());
    }
    std::string spelling(text_.substr(start, pos_ - start));
    out.kind = JsonValue::Kind::Number;
    out.number = std::strtod(spelling.c_str(), nullptr);
    if (integral) {
      auto [end, ec] =
          std::from_chars(spelling.data(), spelling.data() + spelling.size(), out.integer);
      out.is_integer = ec == std::errc() && end == spelling.data() + spelling.size();
    }
    return Status::Ok();
  }

  std::string_view text_;
  const std::string& file_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
};

}  // namespace

Result<JsonValue> ParseJson(std::string_view text, const std::string& file) {
  return JsonParser(text, file).ParseDocument();
}

void WriteJson(JsonWriter& writer, const JsonValue& value) {
  switch (value.kind) {
    case JsonValue::Kind::Null:
      writer.null();
      return;
    case JsonValue::Kind::Bool:
      writer.value(value.boolean);
      return;
    case JsonValue::Kind::Number:
      if (value.is_integer)
        writer.value(value.integer);
      else
        writer.value(value.number);
      return;
    case JsonValue::Kind::String:
      writer.value(value.string);
      return;
    case JsonValue::Kind::Array:
      writer.begin_array();
      for (const auto& item : value.items) WriteJson(writer, item);
      writer.end_array();
      return;
    case JsonValue::Kind::Object:
      writer.begin_object();
      for (const auto& [key, member] : value.members) {
        writer.key(key);
        WriteJson(writer, member);
      }
      writer.end_object();
      return;
  }
}

}  // namespace tessera
