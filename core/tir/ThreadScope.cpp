#include "tir/ThreadScope.h"

namespace tessera::tir {

namespace thread_scope_detail {

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace thread_scope_detail

int StorageRank(const std::string& scope) {
  // The scope's name up to its tag ("shared.dyn" is shared memory).
  std::string base = scope.substr(0, scope.find('.'));
  if (scope.empty() || base == "global") return 0;
  if (base == "shared") return 1;
  if (base == "warp") return 2;
  if (base == "local") return 3;
  return 4;
}

int ThreadScopeRank(const std::string& thread_tag) {
  if (thread_scope_detail::StartsWith(thread_tag, "blockIdx.")) return 0;
  if (thread_scope_detail::StartsWith(thread_tag, "threadIdx.") ||
      thread_scope_detail::StartsWith(thread_tag, "vthread") || thread_tag == "cthread")
    return 1;
  return -1;
}

bool CanRelaxStorageUnderThread(const std::string& scope, const std::string& thread_tag) {
  int thread_rank = ThreadScopeRank(thread_tag);
  if (thread_rank < 0) return false;
  int storage_rank = StorageRank(scope);
  // Warp memory is shared by the lanes of threadIdx.x only.
  if (storage_rank == 2) return thread_tag == "threadIdx.x";
  return storage_rank <= thread_rank;
}

}  // namespace tessera::tir
