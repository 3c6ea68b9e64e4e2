// The state a TensorIR schedule works on: the PrimFunc being transformed, and the
// questions the primitives ask of its loop/block tree (TVM's ScheduleState and sref
// tree, answered by walking the immutable tree instead of keeping parent pointers).
// Loops are named by their loop variable, blocks by their (unique) name. Replace()
// swaps one subtree and rebuilds the path above it; everything else stays shared.
#pragma once

#include <string>
#include <vector>

#include "tir/Stmt.h"

namespace tessera::tir {

// What transform_layout did to a function parameter: element x of the parameter before
// is element map(x) after; cells no element maps to hold pad_value (none: unspecified).
// The reference check runs the unscheduled function on arrays in the layouts before.
struct ParamLayoutChange {
  size_t position = 0;  // among the function's buffer parameters
  std::vector<Expr> shape_before;
  ir::IndexMap map;
  ir::IndexMap pad_value;
};

class ScheduleState {
 public:
  explicit ScheduleState(PrimFunc func) : func_(std::move(func)) {}

  const PrimFunc& func() const { return func_; }

  // Every realize of a block named `name`, in pre order (the root block included).
  std::vector<const BlockRealizeNode*> FindBlocks(const std::string& name) const;
  const ForNode* FindLoop(const Var& loop_var) const;

  // The nodes from the root realize down to `node` (both included); empty when `node`
  // is not in the tree.
  std::vector<const StmtNode*> PathTo(const StmtNode* node) const;
  // The loops between `node` and the block that encloses it, outermost first.
  std::vector<const ForNode*> LoopsAbove(const StmtNode* node) const;
  // The realize of the block that encloses `node` (its scope).
  const BlockRealizeNode* ScopeOf(const StmtNode* node) const;
  // The blocks under `node` that are not inside another block under it, in order.
  std::vector<const BlockRealizeNode*> ChildBlocks(const StmtNode* node) const;

  // The function's parameters and every buffer a block allocates.
  std::vector<Buffer> AllBuffers() const;

  // Replaces the subtree `old` by `replacement`.
  void Replace(const StmtNode* old, Stmt replacement);
  // The function parameter `from` becomes `to` (a buffer whose layout changed); with a
  // map, its elements moved as ParamLayoutChange says.
  void ReplaceParam(const Buffer& from, const Buffer& to, const ir::IndexMap& map = nullptr,
                    const ir::IndexMap& pad_value = nullptr);
  // In the order made.
  const std::vector<ParamLayoutChange>& param_layouts() const { return param_layouts_; }

 private:
  PrimFunc func_;
  std::vector<ParamLayoutChange> param_layouts_;
};

// The body below a node: a loop's body, a block's body (for a realize), or the node.
Stmt BodyOf(const StmtNode* node);

}  // namespace tessera::tir
