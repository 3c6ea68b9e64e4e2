// tvm.ir.save_json / tvm.ir.load_json: tensor-expression objects as TVM's node-graph JSON
// (src/node/serialization.cc), so that a JSON saved by Tessera reads like TVM's and a
// JSON TVM 0.19 wrote for a te tensor loads here:
//   {"root": K, "nodes": [{"type_key": "", ...}, {"type_key": "Tensor", "attrs": {...}},
//    ...], "b64ndarrays": [], "attrs": {"tvm_version": "0.19.0"}}
// Node 0 is null; an object's attrs name other nodes by index (as strings) and plain
// fields by value; an Array lists its items in "data", a Map with string keys its keys in
// "keys" and values in "data"; runtime.String / BoxInt / BoxFloat / BoxBool keep their
// value in "repr_str". Objects shared in memory (a Var, an IterVar, an operation) are one
// node, so loading rebuilds the sharing the scheduler relies on.
// What is covered: Tensor, PlaceholderOp, ComputeOp, ScanOp, IterVar, Range, every
// expression te bodies hold (immediates, Var / SizeVar, arithmetic, comparisons, logic,
// Select, Cast, Call, ProducerLoad, Ramp, Broadcast, Let, Reduce with its CommReducer),
// Array / Map, and the Python values an attrs dict holds. ExternOp (its body is a
// statement) and buffers are refused with a clear error.
#pragma once

#include <string>
#include <string_view>

#include "script/lang/Interpreter.h"

namespace tessera::script {

// The JSON text of `root` (the attrs of every operation reached come from `interp`).
// `loc` locates an error for an object that cannot be serialized.
Result<std::string> SaveJsonGraph(const Interpreter& interp, const Value& root,
                                  const SourceLoc& loc);

// The object a node-graph JSON text describes, rebuilt with fresh variables and
// operations (their attrs recorded in `interp`). Errors are located at `loc` (the
// script's call) and say where in the JSON: malformed JSON gives its line and column
// ("malformed JSON at line 3, column 14: ..."), a graph that does not describe a valid
// object names the node at fault ("node 12 (tir.Add) at line 80, column 5: ...").
Result<Value> LoadJsonGraph(Interpreter& interp, std::string_view text, const SourceLoc& loc);

// tvm.ir.save_json, tvm.ir.load_json (and their tvm.* / tvm.runtime.* aliases).
void RegisterJsonBuiltins(Interpreter& interp);

}  // namespace tessera::script
