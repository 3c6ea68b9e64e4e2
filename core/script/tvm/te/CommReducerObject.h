// te.comm_reducer(fcombine, fidentity, name=) in scripts: a reducer object that is
// called as TVM's is — reducer(expr, axis=k, where=c) builds the reduction (a tuple
// expr builds a tuple reduction and gives one expression per value, for a multi-output
// compute), reducer(a, b) without an axis combines a and b directly. The script's
// fcombine / fidentity are called once, on fresh variables (x, y or x_0, y_0, ...) and
// on the dtype names, as TVM does; the reducer itself is te::MakeCommReducer's.
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

struct CommReducerObject : Object {
  Value fcombine;
  Value fidentity;
  std::string name;
  SourceLoc loc;  // where te.comm_reducer was called
  std::string type_name() const override { return "CommReducer"; }
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override;
};

// The te.comm_reducer built-in.
Result<Value> MakeCommReducerValue(const CallArgs& call);

}  // namespace tessera::script
