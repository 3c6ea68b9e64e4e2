#include "script/lang/PercentFormat.h"

#include <cmath>
#include <cstdio>
#include <optional>

#include "ir/Printer.h"
#include "script/lang/Interpreter.h"

namespace tessera::script {

namespace {

// Python's str() of a value (strings unquoted; expressions as TVM prints them).
std::string StrOf(const Value& v) {
  if (v.is_string()) return v.as_string();
  if (v.is_expr()) return ir::to_string(v.as_expr());
  return repr(v);
}

struct Spec {
  std::string flags;
  std::optional<int> width, precision;
  char conversion = 0;
};

Result<std::string> Convert(const Spec& spec, const Value& v, const SourceLoc& loc) {
  const char c = spec.conversion;
  std::string printf_spec = "%" + spec.flags;
  if (spec.width) printf_spec += std::to_string(*spec.width);
  if (spec.precision) printf_spec += "." + std::to_string(*spec.precision);
  char buf[512];
  if (c == 's' || c == 'r') {
    std::string text = c == 's' ? StrOf(v) : repr(v);
    if (spec.precision && text.size() > static_cast<size_t>(*spec.precision))
      text.resize(*spec.precision);
    size_t width = spec.width ? static_cast<size_t>(std::max(0, *spec.width)) : 0;
    if (text.size() >= width) return text;
    std::string pad(width - text.size(), ' ');
    return spec.flags.find('-') != std::string::npos ? text + pad : pad + text;
  }
  if (c == 'c') {
    if (v.is_string() && v.as_string().size() == 1) return v.as_string();
    if (v.is_integer() && v.as_int() >= 0 && v.as_int() < 128)
      return std::string(1, static_cast<char>(v.as_int()));
    return Error("%c requires an int or a single character", loc);
  }
  if (!v.is_number())
    return Error(std::string("%") + c + " format: a real number is required, not " + v.type_name(),
                 loc);
  if (c == 'd' || c == 'i' || c == 'o' || c == 'x' || c == 'X') {
    if (!v.is_integer() && c != 'd' && c != 'i')
      return Error(std::string("%") + c + " format: an integer is required, not float", loc);
    double f = v.as_float();
    if (!v.is_integer() && !std::isfinite(f))
      return Error("cannot convert float " + repr(v) + " to integer", loc);
    long long i = v.is_integer() ? v.as_int() : static_cast<long long>(std::trunc(f));
    std::string fmt = printf_spec + "ll" + (c == 'i' ? 'd' : c);
    std::snprintf(buf, sizeof buf, fmt.c_str(), i);
    return std::string(buf);
  }
  std::string fmt = printf_spec + c;
  std::snprintf(buf, sizeof buf, fmt.c_str(), v.as_float());
  return std::string(buf);
}

}  // namespace

Result<Value> PercentFormat(const Interpreter& interp, const std::string& format, const Value& args,
                            const SourceLoc& loc) {
  const auto* dict = args.as<DictObject>();
  std::vector<Value> items =
      args.kind() == Value::Kind::Tuple ? args.items() : std::vector<Value>{args};
  size_t next = 0;
  auto take = [&]() -> Result<Value> {
    if (next >= items.size()) return Error("not enough arguments for format string", loc);
    return items[next++];
  };
  std::string out;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      out += format[i];
      continue;
    }
    if (++i >= format.size()) return Error("incomplete format", loc);
    std::optional<Value> keyed;
    if (format[i] == '(') {
      size_t close = format.find(')', i);
      if (close == std::string::npos) return Error("incomplete format key", loc);
      if (!dict) return Error("format requires a mapping", loc);
      std::string key = format.substr(i + 1, close - i - 1);
      const Value* found = dict->Find(interp, Value::String(key));
      if (!found) return Error("KeyError: '" + key + "'", loc);
      keyed = *found;
      i = close + 1;
    }
    Spec spec;
    while (i < format.size() && std::string("-+ 0#").find(format[i]) != std::string::npos)
      spec.flags += format[i++];
    auto number = [&](std::optional<int>* slot) -> Status {
      if (i < format.size() && format[i] == '*') {
        ++i;
        auto v = take();
        if (!v) return v.error();
        if (!v->is_integer()) return Error("* wants int", loc);
        *slot = static_cast<int>(std::clamp<int64_t>(v->as_int(), -400, 400));
        return Status::Ok();
      }
      if (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i]))) {
        int n = 0;
        while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
          n = std::min(400, n * 10 + (format[i++] - '0'));
        *slot = n;
      }
      return Status::Ok();
    };
    if (auto st = number(&spec.width); !st) return st.error();
    if (i < format.size() && format[i] == '.') {
      ++i;
      spec.precision = 0;
      if (auto st = number(&spec.precision); !st) return st.error();
    }
    while (i < format.size() && (format[i] == 'l' || format[i] == 'h' || format[i] == 'L')) ++i;
    if (i >= format.size()) return Error("incomplete format", loc);
    spec.conversion = format[i];
    if (spec.conversion == '%') {
      out += '%';
      continue;
    }
    if (std::string("diouxXeEfFgGcrs").find(spec.conversion) == std::string::npos)
      return Error(std::string("unsupported format character '") + spec.conversion + "'", loc);
    Value v;
    if (keyed) {
      v = *keyed;
    } else {
      auto taken = take();
      if (!taken) return taken.error();
      v = *taken;
    }
    auto text = Convert(spec, v, loc);
    if (!text) return text.error();
    out += *text;
    if (out.size() > (1u << 20)) return Error("string too long (more than 1 MiB)", loc);
  }
  if (!dict && next < items.size())
    return Error("not all arguments converted during string formatting", loc);
  return Value::String(std::move(out));
}

}  // namespace tessera::script
