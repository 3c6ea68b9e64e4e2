// Python's exceptions for scripts. Tessera's errors carry no Python class, so each is
// given one (ExceptionClassOf): `raise X(...)` keeps X, a failed assert is an
// AssertionError, a refusal that names TVM's rule ("WrongFactorProductError: ...") is a
// tvm.tir.ScheduleError, everything else Tessera refuses is a TVMError (a RuntimeError).
// Classes are also values (ValueError, tvm.tir.ScheduleError) so that code which hands
// them around (pytest.raises(tvm.tir.ScheduleError)) can run; `with` gives a context
// manager the exception its block raised (__exit__(type, value, None)), and a manager
// that returns True swallows it, as in Python.
#pragma once

#include <string>
#include <vector>

#include "script/lang/Value.h"

namespace tessera::script {

class Interpreter;

// The class of a script error ("ValueError", "TVMError", "NotCompactDataFlowError").
std::string ExceptionClassOf(const Error& e);
// Whether class `cls` is `base` or derives from it (Python's hierarchy and TVM's).
bool ExceptionIsSubclass(const std::string& cls, const std::string& base);
// The classes of tvm.error below TVMError (InternalError, OpNotImplemented, ...).
std::vector<std::string> TvmErrorModuleClasses();
// str(e): the message without its leading "Class: ".
std::string ExceptionText(const Error& e);
// The step limit is never caught: a loop of failing `try`s or `with`s must still end.
bool ExceptionUncatchable(const Error& e);

// An exception class as a value: calling it makes an exception value.
struct ExceptionClassObject : Object {
  std::string name;
  explicit ExceptionClassObject(std::string n) : name(std::move(n)) {}
  std::string type_name() const override { return "type"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override;
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override;
  std::optional<std::string> Str() const override { return "<class '" + name + "'>"; }
};

// A raised (or constructed) exception: its class and str().
struct ExceptionObject : Object {
  std::string cls;
  std::string text;
  ExceptionObject(std::string c, std::string t) : cls(std::move(c)), text(std::move(t)) {}
  std::string type_name() const override { return cls; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override;
  std::optional<std::string> Str() const override { return text; }
};

Value ExceptionClassValue(const std::string& name);
// The exception value of a raised error.
Value ExceptionValue(const Error& e);

// Python's built-in exception classes as global names (ValueError, Exception, ...).
void RegisterExceptionClasses(Interpreter& interp);

}  // namespace tessera::script
