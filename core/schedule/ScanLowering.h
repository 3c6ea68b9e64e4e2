// How ScheduleOps lowers a scan (te.scan, TVM's ScanOp in schedule_ops.cc):
//   realize scan[0 : last time + 1, spatial...] {
//     // attr [scan] scan_init_scope        <- the init stages are injected here
//     for (scan.idx, init extent, ...) {
//       // attr [scan] scan_update_scope    <- the update group is injected here
//     }
//   }
// then ScanPostProc makes init, update and state_placeholder one buffer: their loads and
// stores go to the scan's output, their own realizes and produce markers disappear, and
// the scan markers are removed.
#pragma once

#include "ir/Stmt.h"
#include "schedule/MessagePassing.h"
#include "schedule/Schedule.h"
#include "te/Scan.h"

namespace tessera::schedule {

inline constexpr const char* kScanInitScope = "scan_init_scope";
inline constexpr const char* kScanUpdateScope = "scan_update_scope";

// The scan's statement: the init marker, then the loops of its leaf vars around the
// update marker (markers are AttrStmts on the scan's first output).
ir::Stmt MakeScanStmt(const Stage& stage, const te::ScanOpNode& scan, const RangeMap& rmap,
                      bool keep_trivial_loop);

// The region realized for state `i`: times [0, last time + 1), then its spatial ranges.
ir::Region ScanRealizeBounds(const te::ScanOpNode& scan, const RangeMap& rmap, size_t i);

// The stage of the scan whose init `stage` computes, or nullptr.
Stage ScanOfInit(const Schedule& sch, const Stage& stage);
// The stage's op's first output as the node of a scan marker.
ir::DataProducer ScanMarkerNode(const te::Operation& scan);

// Redirects init / update / state_placeholder to the scan outputs (see above).
ir::Stmt ScanPostProc(const Schedule& sch, const ir::Stmt& program);

}  // namespace tessera::schedule
