#include "ir/DataType.h"

#include <cctype>

namespace tessera::ir {

std::string DataType::str() const {
  if (is_void()) return "void";
  std::string base;
  switch (code_) {
    case Code::Int:
      base = "int" + std::to_string(bits_);
      break;
    case Code::UInt:
      base = "uint" + std::to_string(bits_);
      break;
    case Code::Float:
      base = "float" + std::to_string(bits_);
      break;
    case Code::Bool:
      base = "bool";
      break;
    case Code::Handle:
      base = "handle";
      break;
  }
  if (lanes_ > 1) base += "x" + std::to_string(lanes_);
  return base;
}

namespace {
std::optional<int> parse_positive(const std::string& s) {
  if (s.empty() || s.size() > 5) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v <= 0 || v > 65535) return std::nullopt;  // lanes are stored in 16 bits
  return v;
}
}  // namespace

std::optional<DataType> DataType::parse(const std::string& name) {
  if (name == "void") return Void();
  std::string body = name;
  int lanes = 1;
  if (auto x = name.find('x'); x != std::string::npos) {
    auto l = parse_positive(name.substr(x + 1));
    if (!l) return std::nullopt;
    lanes = *l;
    body = name.substr(0, x);
  }
  if (body == "bool") return Bool(lanes);
  if (body == "handle" && lanes == 1) return Handle();
  struct Prefix {
    const char* text;
    Code code;
  };
  for (const Prefix& p :
       {Prefix{"uint", Code::UInt}, Prefix{"int", Code::Int}, Prefix{"float", Code::Float}}) {
    std::string pre = p.text;
    if (body.rfind(pre, 0) != 0) continue;
    // TVM's String2DLDataType: a missing width is 32 ("float" is float32, "int" int32).
    std::string width = body.substr(pre.size());
    auto bits = width.empty() ? std::optional<int>(32) : parse_positive(width);
    if (!bits) return std::nullopt;
    bool ok = p.code == Code::Float ? (*bits == 16 || *bits == 32 || *bits == 64)
                                    : (*bits == 8 || *bits == 16 || *bits == 32 || *bits == 64);
    if (!ok) return std::nullopt;
    return DataType(p.code, *bits, lanes);
  }
  return std::nullopt;
}

}  // namespace tessera::ir
