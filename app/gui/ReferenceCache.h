// ReferenceCache: the Run's check against the te oracle, remembered per workload. The
// oracle evaluates the compute definitions without the schedule, so for the same
// definitions and the same input data its answer is the same arrays whatever the
// schedule; only the first Run of a workload pays for it, every later Run (a new
// schedule) only compares (#17 item 13: the check was most of F5's time). The key is
// the definitions as printed, the shape variables and a hash of the input data, so a
// changed algorithm or input is never compared with a stale answer. Arguments passed
// in a transformed layout (RFC 0077) take the full check. Qt-free; thread-safe.
#pragma once

#include <vector>

#include "reference/Reference.h"
#include "schedule/Schedule.h"
#include "support/Result.h"

namespace tessera::gui {

struct ReferenceCheck {
  std::vector<reference::OutputCheck> outputs;  // as reference::CheckAgainstReference gives them
  bool reused = false;                          // the reference came from the cache
};

// reference::CheckAgainstReference with the reference kept for the next check.
Result<ReferenceCheck> CheckWithCachedReference(const schedule::Schedule& sch,
                                                const std::vector<te::Tensor>& args,
                                                const std::vector<runtime::NDArray>& buffers,
                                                const runtime::ScalarArgs& vars);
// Whether a check of these arguments would reuse a kept reference.
bool ReferenceIsCached(const schedule::Schedule& sch, const std::vector<te::Tensor>& args,
                       const std::vector<runtime::NDArray>& buffers,
                       const runtime::ScalarArgs& vars);
void ClearReferenceCache();

}  // namespace tessera::gui
