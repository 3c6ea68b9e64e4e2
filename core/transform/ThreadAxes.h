// ThreadAxes: what the GPU passes need to know about thread-bound loops. A loop bound
// to a GPU index is an ir::For of kind ThreadBinding whose thread_binding IterVar
// carries the tag ("blockIdx.x", "threadIdx.y", "vthread", ...). Ranks follow TVM's
// thread scopes: blocks are rank 0, threads (and virtual threads) rank 1.
#pragma once

#include <string>

#include "ir/Stmt.h"

namespace tessera::transform {

// The tag of a thread-bound loop, or "" when `f` is not bound to a GPU index.
std::string ThreadTagOf(const ir::ForNode* f);
bool IsBlockTag(const std::string& tag);   // blockIdx.x/y/z
bool IsThreadTag(const std::string& tag);  // threadIdx.x/y/z
// 0 for blockIdx.*, 1 for everything else bound to a thread (threadIdx.*, vthread).
int ThreadRank(const std::string& tag);
// The dimension of a blockIdx / threadIdx tag: 0 for .x, 1 for .y, 2 for .z; -1 otherwise.
int ThreadDim(const std::string& tag);
// True when the statement contains a loop bound to a GPU index.
bool HasThreadLoop(const ir::Stmt& s);
// "threadIdx.x" -> "threadIdx_x" (the name of the launch variable in the IR).
std::string LaunchVarName(const std::string& tag);

}  // namespace tessera::transform
