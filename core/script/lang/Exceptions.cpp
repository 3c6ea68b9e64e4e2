// try / except / else / finally, raise and with for scripts (Exceptions.h). A refusal is
// a TVMError as TVM raises for a schedule or compute it refuses — the idiom of TVM's
// negative tests (`try: s[B].compute_at(...); assert False` / `except tvm.error.TVMError:
// pass`). Handlers name their classes (matched by name along Python's hierarchy; not
// evaluated).
#include "script/lang/Exceptions.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <string_view>
#include <utility>

#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"

namespace tessera::script {

namespace {

// The classes of TVM's tvm.error module below TVMError, with their parents.
constexpr std::pair<const char*, const char*> kTvmErrorModule[] = {
    {"InternalError", "TVMError"},     {"DiagnosticError", "TVMError"},
    {"RPCError", "TVMError"},          {"OpError", "TVMError"},
    {"OpNotImplemented", "OpError"},   {"OpAttributeRequired", "OpError"},
    {"OpAttributeInvalid", "OpError"}, {"OpAttributeUnImplemented", "OpError"}};

// Python's built-in hierarchy and TVM's errors (all TVMError < RuntimeError), each class
// with its parent.
const std::map<std::string, std::string>& KnownParents() {
  static const std::map<std::string, std::string> parents = [] {
    std::map<std::string, std::string> m = {{"BaseException", ""},
                                            {"Exception", "BaseException"},
                                            {"SystemExit", "BaseException"},
                                            {"KeyboardInterrupt", "BaseException"},
                                            {"GeneratorExit", "BaseException"},
                                            {"ArithmeticError", "Exception"},
                                            {"ZeroDivisionError", "ArithmeticError"},
                                            {"OverflowError", "ArithmeticError"},
                                            {"FloatingPointError", "ArithmeticError"},
                                            {"AssertionError", "Exception"},
                                            {"AttributeError", "Exception"},
                                            {"BufferError", "Exception"},
                                            {"EOFError", "Exception"},
                                            {"ImportError", "Exception"},
                                            {"ModuleNotFoundError", "ImportError"},
                                            {"LookupError", "Exception"},
                                            {"IndexError", "LookupError"},
                                            {"KeyError", "LookupError"},
                                            {"MemoryError", "Exception"},
                                            {"NameError", "Exception"},
                                            {"UnboundLocalError", "NameError"},
                                            {"OSError", "Exception"},
                                            {"FileNotFoundError", "OSError"},
                                            {"FileExistsError", "OSError"},
                                            {"PermissionError", "OSError"},
                                            {"TimeoutError", "OSError"},
                                            {"ReferenceError", "Exception"},
                                            {"RuntimeError", "Exception"},
                                            {"NotImplementedError", "RuntimeError"},
                                            {"RecursionError", "RuntimeError"},
                                            {"StopIteration", "Exception"},
                                            {"SyntaxError", "Exception"},
                                            {"IndentationError", "SyntaxError"},
                                            {"SystemError", "Exception"},
                                            {"TypeError", "Exception"},
                                            {"ValueError", "Exception"},
                                            {"UnicodeError", "ValueError"},
                                            {"Warning", "Exception"},
                                            {"UserWarning", "Warning"},
                                            {"DeprecationWarning", "Warning"},
                                            {"RuntimeWarning", "Warning"},
                                            {"TVMError", "RuntimeError"},
                                            {"ScheduleError", "TVMError"},
                                            {"LoweringError", "TVMError"}};
    for (const auto& [name, parent] : kTvmErrorModule) m[name] = parent;
    return m;
  }();
  return parents;
}

// A class Python or TVM defines, or a name that reads as one (TVM's ScheduleError
// subclasses are many; ParentClass says where they sit).
bool IsExceptionClassName(const std::string& name) {
  if (KnownParents().count(name)) return true;
  for (const char* suffix : {"Error", "Exception", "Exit", "Interrupt", "Warning"}) {
    const std::string s(suffix);
    if (name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0)
      return true;
  }
  return false;
}

}  // namespace

// "Name: message" from `raise` or a built-in (which may name itself first: "get():
// ValueError: ..."), else by what raised it.
std::string ExceptionClassOf(const Error& e) {
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
  // Attribute lookups ("'Schedule' object has no attribute 'x'", "module 'tvm.ir' has no
  // attribute 'x'"), as Python raises them.
  if ((m.rfind("'", 0) == 0 || m.rfind("module '", 0) == 0) &&
      m.find(" has no attribute '") != std::string_view::npos)
    return "AttributeError";
  return "TVMError";
}

namespace {

// A class Tessera does not know that ends in "Error" names the rule a TensorIR schedule
// primitive broke (TVM's C++ ScheduleError subclasses, which Python sees as
// tvm.tir.ScheduleError): scripts define no classes of their own.
std::string ParentClass(const std::string& cls) {
  const auto& parents = KnownParents();
  auto it = parents.find(cls);
  if (it != parents.end()) return it->second;
  const std::string suffix = "Error";
  if (cls.size() > suffix.size() &&
      cls.compare(cls.size() - suffix.size(), suffix.size(), suffix) == 0)
    return "ScheduleError";
  return "Exception";
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

}  // namespace

bool ExceptionUncatchable(const Error& e) {
  return e.message.rfind("the script ran more than", 0) == 0;
}

std::vector<std::string> TvmErrorModuleClasses() {
  std::vector<std::string> names;
  for (const auto& [name, parent] : kTvmErrorModule) names.push_back(name);
  return names;
}

bool ExceptionIsSubclass(const std::string& cls, const std::string& base) {
  std::string c = cls;
  for (int guard = 0; !c.empty() && guard < 16; ++guard) {
    if (c == base) return true;
    c = ParentClass(c);
  }
  return false;
}

std::string ExceptionText(const Error& e) {
  const std::string cls = ExceptionClassOf(e);
  std::string text = e.message;
  if (text.rfind(cls + ": ", 0) == 0) text = text.substr(cls.size() + 2);
  if (cls == "AssertionError" && text.rfind("assertion failed: ", 0) == 0) text = text.substr(18);
  return text;
}

Result<Value> ExceptionClassObject::GetAttr(Interpreter& interp, const std::string& attr,
                                            const SourceLoc& loc) const {
  if (attr == "__name__") return Value::String(name);
  return Object::GetAttr(interp, attr, loc);
}

Result<Value> ExceptionClassObject::Call(Interpreter&, const CallArgs& args) const {
  if (auto st = NoKeywords(args, name); !st) return st.error();
  std::string text;
  if (!args.positional.empty()) {
    const Value& first = args.positional[0];
    text = first.is_string() ? first.as_string() : repr(first);
  }
  return Value::FromObject(std::make_shared<ExceptionObject>(name, std::move(text)));
}

Result<Value> ExceptionObject::GetAttr(Interpreter& interp, const std::string& attr,
                                       const SourceLoc& loc) const {
  if (attr == "args") return Value::Tuple({Value::String(text)});
  if (attr == "__class__") return ExceptionClassValue(cls);
  return Object::GetAttr(interp, attr, loc);
}

Value ExceptionClassValue(const std::string& name) {
  return Value::FromObject(std::make_shared<ExceptionClassObject>(name));
}

Value ExceptionValue(const Error& e) {
  return Value::FromObject(
      std::make_shared<ExceptionObject>(ExceptionClassOf(e), ExceptionText(e)));
}

void RegisterExceptionClasses(Interpreter& interp) {
  for (const char* name : {"BaseException",     "Exception",         "ArithmeticError",
                           "ZeroDivisionError", "OverflowError",     "AssertionError",
                           "AttributeError",    "ImportError",       "ModuleNotFoundError",
                           "LookupError",       "IndexError",        "KeyError",
                           "MemoryError",       "NameError",         "OSError",
                           "FileNotFoundError", "RuntimeError",      "NotImplementedError",
                           "RecursionError",    "StopIteration",     "SyntaxError",
                           "TypeError",         "ValueError",        "UnicodeError",
                           "Warning",           "UserWarning",       "DeprecationWarning",
                           "RuntimeWarning",    "KeyboardInterrupt", "SystemExit"})
    interp.Register(name, ExceptionClassValue(name));
}

Error Interpreter::ExecRaise(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  if (!s.value) {
    if (handling_.empty()) return Error("RuntimeError: No active exception to reraise", s.loc);
    return handling_.back();
  }
  const AstExpr& v = *s.value;
  const AstExpr* cls = v.kind == AstKind::Call ? v.object.get() : &v;
  const bool named = cls && (cls->kind == AstKind::Name || cls->kind == AstKind::Attribute);
  const Error not_an_exception(
      "TypeError: exceptions must derive from BaseException (raise an exception class such as "
      "ValueError(...))",
      v.loc);
  // A class or an exception value (`raise tvm.error.OpNotImplemented(...)`, `raise e`).
  // A class name the script does not define keeps its name (TVM's ScheduleError subclasses
  // are raised by name in tests).
  if (!named || !IsExceptionClassName(cls->text) || Eval(*cls, locals)) {
    auto value = Eval(v, locals);
    if (!value) return value.error();
    if (const auto* e = value->as<ExceptionObject>())
      return Error(e->cls + (e->text.empty() ? "" : ": " + e->text), s.loc);
    if (const auto* c = value->as<ExceptionClassObject>()) return Error(c->name, s.loc);
    return not_an_exception;
  }
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
  else if (!flow && !ExceptionUncatchable(flow.error())) {
    const Error raised = flow.error();
    const std::string cls = ExceptionClassOf(raised);
    for (const AstStmt& h : s.handlers) {
      bool match = !h.value;
      if (h.value) {
        auto names = HandlerClasses(*h.value);
        if (!names) return names.error();
        for (const std::string& n : *names) match = match || ExceptionIsSubclass(cls, n);
      }
      if (!match) continue;
      if (!h.name.empty()) {
        // `except E as e`: str(e) is the message (`"..." in str(e)`).
        auto bound = std::make_shared<AstExpr>();
        bound->kind = AstKind::Name;
        bound->text = h.name;
        bound->loc = h.loc;
        if (auto st = Bind(*bound, ExceptionValue(raised), locals); !st) return st.error();
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

// with manager [as target]: the manager's __enter__() is bound to the target, the block
// runs, then its __exit__() (ir_builder scopes are the context managers scripts have).
Result<Interpreter::Flow> Interpreter::ExecWith(const AstStmt& s,
                                                const std::shared_ptr<Scope>& locals) {
  auto manager = Eval(*s.value, locals);
  if (!manager) return manager.error();
  auto call = [&](const char* name, std::vector<Value> arguments) -> Result<Value> {
    Result<Value> method = Error("");
    if (manager->is_object()) method = manager->object()->GetAttr(*this, name, s.value->loc);
    if (!method)
      return Error("'" + manager->type_name() +
                       "' object is not a context manager (the 'with' of scripts takes "
                       "ir_builder scopes, targets, tag scopes and pytest.raises)",
                   s.value->loc);
    CallArgs args;
    args.loc = s.value->loc;
    args.positional_locs.assign(arguments.size(), s.value->loc);
    args.positional = std::move(arguments);
    return CallValue(*method, args);
  };
  auto entered = call("__enter__", {});
  if (!entered) return entered.error();
  if (!s.target_exprs.empty())
    if (auto st = Bind(*s.target_exprs[0], *entered, locals); !st) return st.error();
  auto flow = ExecBlock(s.body, locals);
  // The scope is left when its block fails too (a `try` around it may go on); the
  // manager sees the exception and may swallow it by returning True.
  const bool raised = !flow && !ExceptionUncatchable(flow.error());
  auto exited = raised ? call("__exit__", {ExceptionClassValue(ExceptionClassOf(flow.error())),
                                           ExceptionValue(flow.error()), Value()})
                       : call("__exit__", {Value(), Value(), Value()});
  if (!flow && !raised) return flow.error();
  if (!exited) return exited.error();
  if (raised && exited->is_bool() && exited->as_bool()) return Flow::Normal;
  return flow;
}

}  // namespace tessera::script
