// JsonReader: a small recursive-descent JSON parser (RFC 8259) for project files and
// other documents Tessera reads back. Errors are located (FILE:LINE:COL, columns count
// bytes from 1) and name what was expected; nesting deeper than kMaxJsonDepth is
// refused, so no input can exhaust the stack. Strings must be valid UTF-8 ("\uXXXX"
// escapes, surrogate pairs included, are decoded to UTF-8); duplicate object keys are
// refused. WriteJson writes a value back with JsonWriter.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/Json.h"
#include "support/Result.h"

namespace tessera {

inline constexpr int kMaxJsonDepth = 200;

struct JsonMember;

struct JsonValue {
  enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };

  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0.0;
  bool is_integer = false;  // a number written without fraction or exponent that fits int64
  int64_t integer = 0;
  std::string string;
  std::vector<JsonValue> items;     // Array
  std::vector<JsonMember> members;  // Object, in source order
  SourceLoc loc;                    // where the value starts

  bool is_null() const { return kind == Kind::Null; }
  bool is_bool() const { return kind == Kind::Bool; }
  bool is_number() const { return kind == Kind::Number; }
  bool is_string() const { return kind == Kind::String; }
  bool is_array() const { return kind == Kind::Array; }
  bool is_object() const { return kind == Kind::Object; }

  // The member named `key` of an object, or nullptr.
  const JsonValue* find(std::string_view key) const;
};

// One member of an object (a struct, not std::pair, which needs JsonValue complete).
struct JsonMember {
  std::string key;
  JsonValue value;
};

// "object", "array", "string", "number", "true"/"false" as "boolean", "null".
std::string_view JsonKindName(JsonValue::Kind kind);

// Parses exactly one JSON value (surrounding whitespace allowed). `file` names the text
// in error locations.
Result<JsonValue> ParseJson(std::string_view text, const std::string& file = "");

// Writes `value` into `writer` (numbers that were integers stay integers).
void WriteJson(JsonWriter& writer, const JsonValue& value);

}  // namespace tessera
