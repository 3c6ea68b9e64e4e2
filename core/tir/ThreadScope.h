// ThreadScope: TVM's runtime::StorageScope / ThreadScope ranks, for the analyses that
// relax loops bound to GPU threads by a buffer's storage scope. A buffer in a scope of
// rank r is shared by the threads whose rank is at least r: "shared" (rank 1) by the
// threads of a block (threadIdx.*, vthread), "warp" (2) by the lanes of threadIdx.x,
// "local" (3) by none; "global" (0) by all threads of the grid. compute_at relaxes no
// enclosing thread loop for a global buffer (TVM's LoopDomainOfSRefTreePath skips the
// global rank); compacting an allocation relaxes them all.
#pragma once

#include <string>

namespace tessera::tir {

// 0 global, 1 shared (and "shared.dyn"), 2 warp, 3 local, 4 and above the special
// scopes ("wmma.*", "m16n8k8.*", ...): never relaxed over threads.
int StorageRank(const std::string& scope);

// 0 for blockIdx.*, 1 for threadIdx.*, vthread* and cthread; -1 for another tag.
int ThreadScopeRank(const std::string& thread_tag);

// TVM's CanRelaxStorageUnderThread: whether a loop bound to `thread_tag` that encloses
// a buffer's users is relaxed when the buffer is in `scope` (its threads share it).
bool CanRelaxStorageUnderThread(const std::string& scope, const std::string& thread_tag);

}  // namespace tessera::tir
