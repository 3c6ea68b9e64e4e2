// JsonWriter: a tiny streaming JSON writer for the CLI's --json outputs and reports.
//   JsonWriter w;
//   w.begin_object().key("name").value("B").key("n").value(int64_t{4}).end_object();
//   w.str() == R"({"name": "B", "n": 4})"
// Commas and (optional) indentation are handled by the writer; keys and strings are
// escaped. Misuse (a value where a key is expected) is the caller's bug and is not
// diagnosed: the writer never throws.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

class JsonWriter {
 public:
  // indent = 0: one line with ", " and ": " separators; > 0: one item per line.
  explicit JsonWriter(int indent = 0) : indent_(indent) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(int64_t v);
  JsonWriter& value(int v) { return value(static_cast<int64_t>(v)); }
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& value(std::optional<int64_t> v);  // null when empty
  JsonWriter& null();

  const std::string& str() const { return out_; }

 private:
  void BeforeValue();
  void Open(char c);
  void Close(char c);
  void NewLine();

  struct Level {
    bool first = true;
  };
  int indent_;
  std::string out_;
  std::vector<Level> stack_;
  bool after_key_ = false;
};

// The JSON string literal for `s` (with quotes).
std::string JsonQuote(std::string_view s);

}  // namespace tessera
