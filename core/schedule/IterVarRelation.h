// IterVarRelations: the hyper-edges of a stage's IterVar hyper-graph (InferBound
// document, "IterVar Hyper-graph"). Each relation links parent IterVars to children;
// the message-passing functions (PassDownDomain, PassUpDomain, PassUpIndex) visit them.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "ir/Buffer.h"
#include "ir/IterVar.h"

namespace tessera::schedule {

using ir::Expr;
using ir::IterVar;

// parent = outer * factor + inner. Exactly one of factor / nparts is set by the user;
// the other is derived from the parent's range by PassDownDomain. disable_predication
// (TVM's split(..., disable_predication=True)): the user asserts the factor divides the
// parent, so no bound check guards the tail (MakeBoundCheck).
struct SplitRelation {
  IterVar parent, outer, inner;
  Expr factor, nparts;
  bool disable_predication = false;
};

// fused = outer * extent(inner) + inner.
struct FuseRelation {
  IterVar outer, inner, fused;
};

// rebased = parent - min(parent): a loop over [0, extent) standing for the parent.
struct RebaseRelation {
  IterVar parent, rebased;
};

// A new IterVar of extent 1 that stands for nothing (fuse of zero axes).
struct SingletonRelation {
  IterVar iter;
};

// A layout transform of a compute stage's loops (transform_layout, RFC 0077): the
// stage iterates over `transformed`, the physical indices of its output, instead of
// `original`, its axes. forward_map sends axes to physical indices; inverse_map (over
// the transformed vars) gives each axis back. A physical point is the image of a
// logical one when every inverse value lies in its axis's range and inverse_condition
// holds (true except for strided maps); elsewhere it is padding and the loop body is
// guarded.
struct TransformRelation {
  std::vector<IterVar> original, transformed;
  ir::IndexMap forward_map, inverse_map;
  Expr inverse_condition;
};

using IterVarRelation =
    std::variant<SplitRelation, FuseRelation, RebaseRelation, SingletonRelation, TransformRelation>;

// "split", "fuse", "rebase", "singleton", "transform".
const char* relation_name(const IterVarRelation& r);
// Parents (inputs) and children (outputs) of a relation, in hyper-graph order.
std::vector<IterVar> relation_parents(const IterVarRelation& r);
std::vector<IterVar> relation_children(const IterVarRelation& r);

}  // namespace tessera::schedule
