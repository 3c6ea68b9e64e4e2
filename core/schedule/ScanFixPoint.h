// Which spatial axes of a scan are fixed points (TVM's ScanFixPointAnalysis): axis k of
// state i is one when the update at index k reads the states only at that same index k
// — along every path from the state placeholders through the scan's body — so that the
// scan can be split or parallelised along it without one element's time steps reading
// another's. TVM's unit tests (test_te_schedule_graph.py) ask this of a script through
// tvm.te.schedule.ScanFixPointAnalysis; the body is te::ScanUpdateGroup (ScanGetBody).
#pragma once

#include <utility>
#include <vector>

#include "te/Scan.h"

namespace tessera::schedule {

// Every spatial axis of `scan` (state 0's dimensions 1.., then state 1's, ...) with
// whether it is a fixed point.
std::vector<std::pair<ir::IterVar, bool>> ScanFixPointAnalysis(const te::ScanOpNode& scan);

}  // namespace tessera::schedule
