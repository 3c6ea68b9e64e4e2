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
  // The function parameter `from` becomes `to` (a buffer whose layout changed).
  void ReplaceParam(const Buffer& from, const Buffer& to);

 private:
  PrimFunc func_;
};

// The body below a node: a loop's body, a block's body (for a realize), or the node.
Stmt BodyOf(const StmtNode* node);

}  // namespace tessera::tir
