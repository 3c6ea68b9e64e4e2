// Trace: the ordered list of applied schedule primitives — Tessera's single source of
// truth for a schedule (DESIGN.md). Entries name stages and IterVars by name and also
// say how TVM would reach them (op.axis[k], op.reduce_axis[k], or output j of an earlier
// entry), so the script layer can print each entry as a TVM line:
//     s[C].split(C.op.axis[0], factor=8)
// Replay(trace, outputs) rebuilds exactly the same schedule (names, relations, attach).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ir/Expr.h"

namespace tessera::te {
struct TensorIntrinNode;  // te/TensorIntrin.h
}

namespace tessera::schedule {

// How to name an IterVar in a TVM script.
struct IterVarRef {
  enum class Origin : uint8_t {
    Axis,         // s[stage].op.axis[index]
    ReduceAxis,   // s[stage].op.reduce_axis[index]
    EntryOutput,  // output `index` of trace entry `entry` (e.g. the inner var of a split)
  };
  std::string name;   // the IterVar's name ("i.outer")
  std::string stage;  // the stage that owns it
  Origin origin = Origin::Axis;
  int index = 0;
  int entry = -1;
  bool operator==(const IterVarRef&) const = default;
};

// How to name a stage: by its name; `entry` >= 0 when an earlier entry created it
// (cache_read / cache_write / rfactor), -1 for an operation of the workload.
struct StageRef {
  std::string name;
  int entry = -1;
  bool operator==(const StageRef&) const = default;
};

// A function argument written as a lambda (transform_layout's index_map and pad_value):
// its parameters and the expressions it returns. A constant is a lambda without
// parameters.
struct TraceLambda {
  std::vector<ir::Var> params;
  std::vector<ir::Expr> body;
  // Structurally equal, parameters matched by position (free variables by identity).
  bool operator==(const TraceLambda& other) const;
};

// One applied primitive. Arguments by primitive (names are the TVM keyword names):
//   split        iter_vars {parent}; ints {factor} or {nparts}; outputs {outer, inner}
//   fuse         iter_vars {a, b, ...} (adjacent, outer to inner); outputs {fused}
//   reorder      iter_vars {new order}
//   tile         iter_vars {x, y}; ints {x_factor, y_factor}; outputs {xo, yo, xi, yi}
//   compute_at   stages {target}; iter_vars {target's leaf var}
//   compute_inline, compute_root: no arguments
//   cache_read   strings {scope}; stages {readers...}; outputs {new stage}
//   cache_write  strings {scope}; outputs {new stage}
//   vectorize, unroll, parallel: iter_vars {var}
//   bind         iter_vars {var}; strings {thread} ("threadIdx.x")
//   pragma       iter_vars {var}; strings {key}; ints {value} (optional)
//   storage_align iter_vars {axis}; ints {factor, offset}
//   rfactor      iter_vars {reduce var}; ints {factor_axis}; outputs {new stage}
//   transform_layout  lambdas {index_map, pad_value (when given)}; strings {pad_kind:
//                "constant" | "function" | "undef", absent = none}; int_lists
//                {axis_separators (when given)}; outputs {the new loop vars of a compute}
//   tensorize    iter_vars {var}; strings {intrin (its name), intrin_var (the script's
//                variable holding it, when known)}; intrin (the object)
struct TraceEntry {
  std::string primitive;
  StageRef stage;
  std::vector<IterVarRef> iter_vars;
  std::vector<StageRef> stages;
  std::map<std::string, int64_t> ints;
  std::map<std::string, std::string> strings;
  std::map<std::string, TraceLambda> lambdas;
  std::map<std::string, std::vector<int64_t>> int_lists;
  std::vector<std::string> outputs;
  // tensorize: the intrinsic (its name is also strings {intrin}); an object of the
  // script that declared it, so equal traces share it.
  std::shared_ptr<const te::TensorIntrinNode> intrin;
  bool operator==(const TraceEntry&) const = default;
};

struct Trace {
  std::vector<TraceEntry> entries;
  bool operator==(const Trace&) const = default;
};

// A one-line, human-readable rendering: `split(C, i, factor=8) -> i.outer, i.inner`.
std::string to_string(const TraceEntry& entry);

}  // namespace tessera::schedule
