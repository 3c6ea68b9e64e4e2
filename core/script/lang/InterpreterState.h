// One interpreter's state of a built-in that is registered once for every interpreter
// started from a prelude (Packages.h): what one evaluation records (te's default names,
// operation attrs) must not reach another, so it lives in the interpreter, as a global
// under a key no script can spell ("<te names>").
#pragma once

#include <memory>
#include <string>

#include "script/lang/Interpreter.h"

namespace tessera::script {

namespace detail {

template <typename State>
struct InterpreterStateObject : Object {
  // Held by pointer: a Value holds its object const, the state is the built-in's to change.
  std::shared_ptr<State> state = std::make_shared<State>();
  std::string type_name() const override { return "interpreter state"; }
};

}  // namespace detail

// The state under `key`, or null when no built-in of this interpreter made it yet.
template <typename State>
State* FindInterpreterState(const Interpreter& interp, const char* key) {
  if (const Value* held = interp.GetGlobal(key))
    if (const auto* object = held->as<detail::InterpreterStateObject<State>>())
      return object->state.get();
  return nullptr;
}

// The state under `key`, default-constructed on first use.
template <typename State>
State& InterpreterState(Interpreter& interp, const char* key) {
  if (State* state = FindInterpreterState<State>(interp, key)) return *state;
  auto object = std::make_shared<detail::InterpreterStateObject<State>>();
  interp.SetGlobal(key, Value::FromObject(object));
  return *object->state;
}

}  // namespace tessera::script
