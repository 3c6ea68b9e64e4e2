#include "script/lang/StringMethods.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "ir/Printer.h"
#include "script/lang/Interpreter.h"

namespace tessera::script {

namespace {

constexpr size_t kMaxResultBytes = 1 << 20;

std::string PyStr(const Value& v) {
  if (v.is_string()) return v.as_string();
  if (v.is_expr()) return ir::to_string(v.as_expr());
  return repr(v);
}

Result<std::string> StringArg(const CallArgs& a, size_t i, const std::string& method) {
  if (i >= a.positional.size()) return Error(method + "() missing an argument", a.loc);
  if (!a.positional[i].is_string())
    return Error(method + "() argument must be str, not " + a.positional[i].type_name(),
                 a.positional_locs[i]);
  return a.positional[i].as_string();
}

Status ArgCount(const CallArgs& a, const std::string& method, size_t min, size_t max) {
  if (!a.keywords.empty())
    return Error(method + "() takes no keyword arguments", a.keyword_locs.front());
  if (a.positional.size() < min || a.positional.size() > max)
    return Error(method + "() takes " +
                     (min == max ? std::to_string(min) : "at most " + std::to_string(max)) +
                     " argument" + (max == 1 ? "" : "s") + " (" +
                     std::to_string(a.positional.size()) + " given)",
                 a.loc);
  return Status::Ok();
}

// One `{...}` replacement's format spec: [[fill]align][sign][0][width][.precision][type].
Result<std::string> ApplySpec(const Value& v, const std::string& spec, const SourceLoc& loc) {
  size_t i = 0;
  char fill = ' ', align = 0;
  if (spec.size() >= 2 && std::string("<>^").find(spec[1]) != std::string::npos) {
    fill = spec[0];
    align = spec[1];
    i = 2;
  } else if (!spec.empty() && std::string("<>^").find(spec[0]) != std::string::npos) {
    align = spec[0];
    i = 1;
  }
  std::string sign;
  if (i < spec.size() && std::string("+- ").find(spec[i]) != std::string::npos) sign = spec[i++];
  bool zero = false;
  if (i < spec.size() && spec[i] == '0') zero = true, ++i;
  int width = 0;
  while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i])))
    width = std::min(400, width * 10 + (spec[i++] - '0'));
  int precision = -1;
  if (i < spec.size() && spec[i] == '.') {
    precision = 0;
    ++i;
    while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i])))
      precision = std::min(400, precision * 10 + (spec[i++] - '0'));
  }
  char type = i < spec.size() ? spec[i++] : 0;
  if (i != spec.size()) return Error("invalid format specifier '" + spec + "'", loc);
  std::string text;
  char buf[512];
  if (type == 0 && (!v.is_number() || v.is_bool())) {  // format(False, '') is 'False'
    text = PyStr(v);
    if (precision >= 0 && text.size() > static_cast<size_t>(precision)) text.resize(precision);
  } else if (type == 's') {
    text = PyStr(v);
  } else {
    if (!v.is_number())
      return Error(
          "format code '" + std::string(1, type) + "' needs a number, not " + v.type_name(), loc);
    if (type == 'd' || type == 'x' || type == 'X' || type == 'o' || type == 'b' ||
        (type == 0 && v.is_integer())) {
      if (!v.is_integer())
        return Error("format code '" + std::string(1, type) + "' needs an int", loc);
      long long n = v.as_int();
      if (type == 'b') {
        unsigned long long u = n < 0 ? -static_cast<unsigned long long>(n) : n;
        do text.insert(text.begin(), static_cast<char>('0' + (u & 1)));
        while (u >>= 1);
        if (n < 0) text = "-" + text;
      } else {
        std::string fmt = "%" + sign + "ll" + (type == 0 ? 'd' : type);
        std::snprintf(buf, sizeof buf, fmt.c_str(), n);
        text = buf;
      }
    } else if (type == '%') {
      std::snprintf(buf, sizeof buf, ("%" + sign + ".*f").c_str(), precision < 0 ? 6 : precision,
                    v.as_float() * 100);
      text = std::string(buf) + "%";
    } else if (type == 0) {  // a float without a type: Python's repr, or %g with a precision
      if (precision < 0) {
        text = repr(v);
        if (!sign.empty() && sign != "-" && v.as_float() >= 0) text = sign + text;
      } else {
        std::snprintf(buf, sizeof buf, ("%" + sign + ".*g").c_str(), precision, v.as_float());
        text = buf;
      }
    } else if (std::string("eEfFgG").find(type) != std::string::npos) {
      std::snprintf(buf, sizeof buf, ("%" + sign + ".*" + type).c_str(),
                    precision < 0 ? 6 : precision, v.as_float());
      text = buf;
    } else {
      return Error("unknown format code '" + std::string(1, type) + "'", loc);
    }
  }
  if (static_cast<int>(text.size()) >= width) return text;
  size_t pad = static_cast<size_t>(width) - text.size();
  if (zero && !align && v.is_number()) {
    size_t at = (!text.empty() && (text[0] == '-' || text[0] == '+' || text[0] == ' ')) ? 1 : 0;
    return text.insert(at, pad, '0');
  }
  if (!align) align = v.is_number() ? '>' : '<';
  if (align == '<') return text + std::string(pad, fill);
  if (align == '>') return std::string(pad, fill) + text;
  return std::string(pad / 2, fill) + text + std::string(pad - pad / 2, fill);
}

Result<Value> Format(const Interpreter& interp, const std::string& self, const CallArgs& a) {
  std::string out;
  size_t auto_index = 0;
  for (size_t i = 0; i < self.size(); ++i) {
    char ch = self[i];
    if (ch == '}') {
      if (i + 1 < self.size() && self[i + 1] == '}') {
        out += '}';
        ++i;
        continue;
      }
      return Error("single '}' encountered in format string", a.loc);
    }
    if (ch != '{') {
      out += ch;
      continue;
    }
    if (i + 1 < self.size() && self[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    size_t close = self.find('}', i);
    if (close == std::string::npos) return Error("single '{' encountered in format string", a.loc);
    std::string field = self.substr(i + 1, close - i - 1);
    i = close;
    std::string spec;
    if (size_t colon = field.find(':'); colon != std::string::npos) {
      spec = field.substr(colon + 1);
      field = field.substr(0, colon);
    }
    if (size_t bang = field.find('!'); bang != std::string::npos) field = field.substr(0, bang);
    const Value* v = nullptr;
    if (field.empty() || std::all_of(field.begin(), field.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        })) {
      size_t index = field.empty() ? auto_index++ : std::stoul(field.substr(0, 6));
      if (index >= a.positional.size())
        return Error("Replacement index " + std::to_string(index) +
                         " out of range for positional args tuple",
                     a.loc);
      v = &a.positional[index];
    } else {
      for (const auto& [name, value] : a.keywords)
        if (name == field) v = &value;
      if (!v) return Error("KeyError: '" + field + "'", a.loc);
    }
    auto text = ApplySpec(*v, spec, a.loc);
    if (!text) return text.error();
    out += *text;
    if (out.size() > kMaxResultBytes) return Error("string too long (more than 1 MiB)", a.loc);
  }
  (void)interp;
  return Value::String(std::move(out));
}

std::string Strip(const std::string& s, const std::string& chars, bool left, bool right) {
  size_t b = 0, e = s.size();
  if (left)
    while (b < e && chars.find(s[b]) != std::string::npos) ++b;
  if (right)
    while (e > b && chars.find(s[e - 1]) != std::string::npos) --e;
  return s.substr(b, e - b);
}

}  // namespace

Result<Value> StringMethod(const std::string& self, const std::string& name, const SourceLoc& loc) {
  auto method = [&](auto fn) {
    return MakeFunction(name,
                        [self, name, fn](Interpreter& interp, const CallArgs& a) -> Result<Value> {
                          return fn(interp, a);
                        });
  };
  if (name == "format")
    return method(
        [self](Interpreter& interp, const CallArgs& a) { return Format(interp, self, a); });
  if (name == "join")
    return method([self](Interpreter& interp, const CallArgs& a) -> Result<Value> {
      if (auto st = ArgCount(a, "join", 1, 1); !st) return st.error();
      std::string out;
      bool first = true;
      auto st = interp.ForEach(a.positional[0], a.positional_locs[0],
                               [&](const Value& item) -> Result<bool> {
                                 if (!item.is_string())
                                   return Error("join() expects strings, found " + item.type_name(),
                                                a.positional_locs[0]);
                                 out += (first ? "" : self) + item.as_string();
                                 first = false;
                                 if (out.size() > kMaxResultBytes)
                                   return Error("string too long (more than 1 MiB)", a.loc);
                                 return true;
                               });
      if (!st) return st.error();
      return Value::String(std::move(out));
    });
  if (name == "split")
    return method([self](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (auto st = ArgCount(a, "split", 0, 1); !st) return st.error();
      std::vector<Value> parts;
      if (a.positional.empty() || a.positional[0].is_none()) {
        size_t i = 0;
        while (i < self.size()) {
          while (i < self.size() && std::isspace(static_cast<unsigned char>(self[i]))) ++i;
          size_t b = i;
          while (i < self.size() && !std::isspace(static_cast<unsigned char>(self[i]))) ++i;
          if (i > b) parts.push_back(Value::String(self.substr(b, i - b)));
        }
        return Value::List(std::move(parts));
      }
      auto sep = StringArg(a, 0, "split");
      if (!sep) return sep.error();
      if (sep->empty()) return Error("empty separator", a.positional_locs[0]);
      size_t b = 0;
      for (size_t at; (at = self.find(*sep, b)) != std::string::npos; b = at + sep->size())
        parts.push_back(Value::String(self.substr(b, at - b)));
      parts.push_back(Value::String(self.substr(b)));
      return Value::List(std::move(parts));
    });
  if (name == "splitlines")
    return method([self](Interpreter&, const CallArgs& a) -> Result<Value> {
      // Python's: lines end at \n, \r\n or \r; no empty line after the last end.
      if (auto st = ArgCount(a, "splitlines", 0, 1); !st) return st.error();
      bool keepends = !a.positional.empty() && a.positional[0].truthy();
      std::vector<Value> lines;
      size_t b = 0;
      while (b < self.size()) {
        size_t end = self.find_first_of("\r\n", b);
        if (end == std::string::npos) {
          lines.push_back(Value::String(self.substr(b)));
          break;
        }
        size_t next = end + (self.compare(end, 2, "\r\n") == 0 ? 2 : 1);
        lines.push_back(Value::String(self.substr(b, (keepends ? next : end) - b)));
        b = next;
      }
      return Value::List(std::move(lines));
    });
  if (name == "strip" || name == "lstrip" || name == "rstrip")
    return method([self, name](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (auto st = ArgCount(a, name, 0, 1); !st) return st.error();
      std::string chars = " \t\n\r\f\v";
      if (!a.positional.empty() && !a.positional[0].is_none()) {
        auto c = StringArg(a, 0, name);
        if (!c) return c.error();
        chars = *c;
      }
      return Value::String(Strip(self, chars, name != "rstrip", name != "lstrip"));
    });
  if (name == "upper" || name == "lower")
    return method([self, name](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (auto st = ArgCount(a, name, 0, 0); !st) return st.error();
      std::string out = self;
      for (char& c : out)
        c = static_cast<char>(name == "upper" ? std::toupper(static_cast<unsigned char>(c))
                                              : std::tolower(static_cast<unsigned char>(c)));
      return Value::String(std::move(out));
    });
  if (name == "startswith" || name == "endswith" || name == "find" || name == "count")
    return method([self, name](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (auto st = ArgCount(a, name, 1, 1); !st) return st.error();
      auto x = StringArg(a, 0, name);
      if (!x) return x.error();
      if (name == "startswith") return Value::Bool(self.rfind(*x, 0) == 0);
      if (name == "endswith")
        return Value::Bool(self.size() >= x->size() &&
                           self.compare(self.size() - x->size(), x->size(), *x) == 0);
      if (name == "find") {
        size_t at = self.find(*x);
        return Value::Int(at == std::string::npos ? -1 : static_cast<int64_t>(at));
      }
      if (x->empty()) return Value::Int(static_cast<int64_t>(self.size() + 1));
      int64_t n = 0;
      for (size_t at = self.find(*x); at != std::string::npos; at = self.find(*x, at + x->size()))
        ++n;
      return Value::Int(n);
    });
  if (name == "replace")
    return method([self](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (auto st = ArgCount(a, "replace", 2, 2); !st) return st.error();
      auto from = StringArg(a, 0, "replace");
      if (!from) return from.error();
      auto to = StringArg(a, 1, "replace");
      if (!to) return to.error();
      if (from->empty()) return Value::String(self);
      std::string out;
      size_t b = 0;
      for (size_t at; (at = self.find(*from, b)) != std::string::npos; b = at + from->size()) {
        out += self.substr(b, at - b) + *to;
        if (out.size() > kMaxResultBytes) return Error("string too long (more than 1 MiB)", a.loc);
      }
      return Value::String(out + self.substr(b));
    });
  if (name == "rjust" || name == "ljust" || name == "center" || name == "zfill")
    return method([self, name](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (auto st = ArgCount(a, name, 1, name == "zfill" ? 1 : 2); !st) return st.error();
      if (!a.positional[0].is_integer())
        return Error(name + "() width must be an int", a.positional_locs[0]);
      char fill = name == "zfill" ? '0' : ' ';
      if (a.positional.size() == 2) {
        auto f = StringArg(a, 1, name);
        if (!f) return f.error();
        if (f->size() != 1)
          return Error("the fill character must be exactly one character long",
                       a.positional_locs[1]);
        fill = (*f)[0];
      }
      int64_t width = std::min<int64_t>(a.positional[0].as_int(), kMaxResultBytes);
      if (width <= static_cast<int64_t>(self.size())) return Value::String(self);
      size_t pad = static_cast<size_t>(width) - self.size();
      if (name == "ljust") return Value::String(self + std::string(pad, fill));
      if (name == "center")
        return Value::String(std::string(pad / 2, fill) + self + std::string(pad - pad / 2, fill));
      if (name == "zfill" && !self.empty() && (self[0] == '-' || self[0] == '+'))
        return Value::String(self.substr(0, 1) + std::string(pad, '0') + self.substr(1));
      return Value::String(std::string(pad, fill) + self);
    });
  if (name == "isdigit" || name == "isalpha")
    return method([self, name](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (auto st = ArgCount(a, name, 0, 0); !st) return st.error();
      bool all = !self.empty();
      for (char c : self)
        all = all && (name == "isdigit" ? std::isdigit(static_cast<unsigned char>(c))
                                        : std::isalpha(static_cast<unsigned char>(c)));
      return Value::Bool(all);
    });
  return Error("'str' object has no attribute '" + name + "'", loc);
}

}  // namespace tessera::script
