// LoopTree: the structure of a lowered loop program (loops, produce scopes, realizes,
// allocations, conditions, stores) with, for every loop, the stage it belongs to and
// its iter var's name. The Loop nest view shows it; the Code view uses it to turn a
// click on a loop into a selection of that IterVar.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ir/Stmt.h"

namespace tessera::views {

struct LoopTreeNode {
  enum class Kind { Root, Loop, Produce, Realize, Allocate, If, Store, Other };
  Kind kind = Kind::Root;
  std::string label;           // "for (i.outer, 0, 32)", "produce B", "C(i, j) = ..."
  const void* node = nullptr;  // the StmtNode this entry shows
  std::string stage;           // the enclosing produce scope's stage ("" outside any)
  std::string var;             // loops: the loop variable (= the IterVar's name)
  std::string for_kind;        // loops: "serial", "parallel", "vectorized", ...
  // Loops: what s[stage].prefetch asks each iteration to prefetch (the tensor and how many
  // iterations ahead), in the order the schedule asked.
  std::vector<std::pair<std::string, int64_t>> prefetches;
  std::vector<LoopTreeNode> children;
};

LoopTreeNode BuildLoopTree(const ir::Stmt& program);

// Every loop of the tree in program order (pre-order), for lookups.
std::vector<const LoopTreeNode*> Loops(const LoopTreeNode& tree);

}  // namespace tessera::views
