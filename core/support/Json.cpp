#include "support/Json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tessera {

std::string JsonQuote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void JsonWriter::NewLine() {
  out_ += '\n';
  out_.append(static_cast<size_t>(indent_) * stack_.size(), ' ');
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty()) return;
  if (!stack_.back().first) out_ += indent_ ? "," : ", ";
  stack_.back().first = false;
  if (indent_) NewLine();
}

void JsonWriter::Open(char c) {
  BeforeValue();
  out_ += c;
  stack_.push_back(Level{});
}

void JsonWriter::Close(char c) {
  bool empty = stack_.empty() || stack_.back().first;
  if (!stack_.empty()) stack_.pop_back();
  if (indent_ && !empty) NewLine();
  out_ += c;
}

JsonWriter& JsonWriter::begin_object() {
  Open('{');
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  Close('}');
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  Open('[');
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  Close(']');
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  BeforeValue();
  out_ += JsonQuote(k) + ": ";
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  BeforeValue();
  out_ += JsonQuote(s);
  return *this;
}

JsonWriter& JsonWriter::value(int64_t v) {
  BeforeValue();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter& JsonWriter::value(double v) {
  BeforeValue();
  if (!std::isfinite(v)) {
    out_ += "null";  // JSON has no inf / nan
    return *this;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  // Prefer the shortest text that reads back as the same double.
  for (int precision = 1; precision <= 17; ++precision) {
    char shorter[32];
    std::snprintf(shorter, sizeof shorter, "%.*g", precision, v);
    if (std::strtod(shorter, nullptr) == v) {
      out_ += shorter;
      return *this;
    }
  }
  out_ += buf;
  return *this;
}

JsonWriter& JsonWriter::value(bool v) {
  BeforeValue();
  out_ += v ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::value(std::optional<int64_t> v) { return v ? value(*v) : null(); }

JsonWriter& JsonWriter::null() {
  BeforeValue();
  out_ += "null";
  return *this;
}

}  // namespace tessera
