// try / except / else / finally and raise for scripts. Tessera's errors carry no Python
// class, so each is given one (ExceptionClass): `raise X(...)` keeps X, a failed assert is
// an AssertionError, everything else Tessera refuses is a TVMError (a RuntimeError), which
// is what TVM raises for a schedule or compute it refuses — the idiom of TVM's negative
// tests (`try: s[B].compute_at(...); assert False` / `except tvm.error.TVMError: pass`).
// Handlers name their classes (matched by name along Python's hierarchy; not evaluated).
// The step limit is never caught: a loop of failing `try`s must still end.
#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <string_view>

#include "script/lang/Interpreter.h"

namespace tessera::script {

namespace {

bool IsExceptionClassName(const std::string& name) {
  for (const char* suffix : {"Error", "Exception", "Exit", "Interrupt", "Warning"}) {
    const std::string s(suffix);
    if (name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0)
      return true;
  }
  return false;
}

// The class of a script error: "Name: message" from `raise` or a built-in (which may name
// itself first: "get(): ValueError: ..."), else by what raised it.
std::string ExceptionClass(const Error& e) {
  std::string_view m = e.message;
  if (size_t call = m.find("(): "); call != std::string_view::npos && call > 0 &&
                                    std::all_of(m.begin(), m.begin() + call, [](char c) {
                                      return std::isalnum(static_cast<unsigned char>(c)) ||
                                             c == '_' || c == '.';
                                    }))
    m.remove_prefix(call + 4);
  size_t end = 0;
  while (end < m.size() && (std::isalnum(static_cast<unsigned char>(m[end])) || m[end] == '_'))
    ++end;
  if (end > 0 && (end == m.size() || m[end] == ':') &&
      IsExceptionClassName(std::string(m.substr(0, end))))
    return std::string(m.substr(0, end));
  if (m.rfind("assertion failed", 0) == 0) return "AssertionError";
  return "TVMError";
}

// Python's built-in hierarchy (and TVM's errors, all TVMError < RuntimeError).
std::string ParentClass(const std::string& cls) {
  static const std::map<std::string, std::string> parents = {
      {"Exception", "BaseException"},         {"SystemExit", "BaseException"},
      {"KeyboardInterrupt", "BaseException"}, {"RuntimeError", "Exception"},
      {"TVMError", "RuntimeError"},           {"NotImplementedError", "RuntimeError"},
      {"RecursionError", "RuntimeError"},     {"LookupError", "Exception"},
      {"IndexError", "LookupError"},          {"KeyError", "LookupError"},
      {"ArithmeticError", "Exception"},       {"ZeroDivisionError", "ArithmeticError"},
      {"OverflowError", "ArithmeticError"},   {"ImportError", "Exception"},
      {"ModuleNotFoundError", "ImportError"}, {"BaseException", ""}};
  auto it = parents.find(cls);
  if (it != parents.end()) return it->second;
  // tvm.error.InternalError, OpError, ...: TVM's own classes derive from TVMError.
  static const char* const kTvmErrors[] = {"InternalError",      "OpError",
                                           "OpNotImplemented",   "OpAttributeRequired",
                                           "OpAttributeInvalid", "OpAttributeUnImplemented",
                                           "DiagnosticError",    "ScheduleError"};
  for (const char* t : kTvmErrors)
    if (cls == t) return "TVMError";
  return "Exception";  // ValueError, TypeError, AssertionError, user names, ...
}

bool Catches(const std::string& handler, std::string cls) {
  for (int guard = 0; !cls.empty() && guard < 16; ++guard) {
    if (cls == handler) return true;
    cls = ParentClass(cls);
  }
  return false;
}

// The class a handler names: `ValueError`, `tvm.error.TVMError` (its last name).
Result<std::vector<std::string>> HandlerClasses(const AstExpr& e) {
  if (e.kind == AstKind::Tuple) {
    std::vector<std::string> all;
    for (const AstPtr& item : e.items) {
      auto one = HandlerClasses(*item);
      if (!one) return one.error();
      all.insert(all.end(), one->begin(), one->end());
    }
    return all;
  }
  if (e.kind == AstKind::Name || e.kind == AstKind::Attribute)
    return std::vector<std::string>{e.text};
  return Error("an except clause names exception classes (e.g. 'except tvm.error.TVMError:')",
               e.loc);
}

bool Uncatchable(const Error& e) { return e.message.rfind("the script ran more than", 0) == 0; }

}  // namespace

Error Interpreter::ExecRaise(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  if (!s.value) {
    if (handling_.empty()) return Error("RuntimeError: No active exception to reraise", s.loc);
    return handling_.back();
  }
  const AstExpr& v = *s.value;
  const AstExpr* cls = v.kind == AstKind::Call ? v.object.get() : &v;
  if (!cls || (cls->kind != AstKind::Name && cls->kind != AstKind::Attribute) ||
      !IsExceptionClassName(cls->text))
    return Error(
        "TypeError: exceptions must derive from BaseException (raise an exception class such as "
        "ValueError(...))",
        v.loc);
  std::string message = cls->text;
  if (v.kind == AstKind::Call && !v.items.empty()) {
    auto arg = Eval(*v.items[0], locals);
    if (!arg) return arg.error();
    message += ": " + (arg->is_string() ? arg->as_string() : repr(*arg));
  }
  return Error(std::move(message), s.loc);
}

Result<Interpreter::Flow> Interpreter::ExecTry(const AstStmt& s,
                                               const std::shared_ptr<Scope>& locals) {
  Result<Flow> flow = ExecBlock(s.body, locals);
  if (flow && !s.orelse.empty() && *flow == Flow::Normal)
    flow = ExecBlock(s.orelse, locals);
  else if (!flow && !Uncatchable(flow.error())) {
    const Error raised = flow.error();
    const std::string cls = ExceptionClass(raised);
    for (const AstStmt& h : s.handlers) {
      bool match = !h.value;
      if (h.value) {
        auto names = HandlerClasses(*h.value);
        if (!names) return names.error();
        for (const std::string& n : *names) match = match || Catches(n, cls);
      }
      if (!match) continue;
      if (!h.name.empty()) {
        // `except E as e`: e is the message (str(e), `"..." in str(e)`).
        std::string text = raised.message;
        if (text.rfind(cls + ": ", 0) == 0) text = text.substr(cls.size() + 2);
        if (cls == "AssertionError" && text.rfind("assertion failed: ", 0) == 0)
          text = text.substr(18);
        auto bound = std::make_shared<AstExpr>();
        bound->kind = AstKind::Name;
        bound->text = h.name;
        bound->loc = h.loc;
        if (auto st = Bind(*bound, Value::String(text), locals); !st) return st.error();
      }
      handling_.push_back(raised);
      flow = ExecBlock(h.body, locals);
      handling_.pop_back();
      break;
    }
  }
  if (s.finalbody.empty()) return flow;
  // finally runs whatever happened; its own error or return wins, else the outcome stands.
  Value saved_return = return_value_;
  auto final_flow = ExecBlock(s.finalbody, locals);
  if (!final_flow || *final_flow != Flow::Normal) return final_flow;
  return_value_ = std::move(saved_return);
  return flow;
}

}  // namespace tessera::script
