// ReferenceScan: the oracle's evaluation of a te.scan, straight from its definition and
// independent of the schedule: the init arrays give the first times of each state, then
// for every later time t the update group (te::ScanUpdateGroup) is evaluated at time t
// only, reading the states through their placeholders, and each update's row t becomes
// the state's row t. Internal to Reference.cpp.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "reference/ReferenceStage.h"
#include "te/Scan.h"

namespace tessera::reference {

// The operations a scan needs evaluated before it: its inits and whatever its update
// group reads from outside the group (not the state placeholders, not the group itself).
std::vector<te::Operation> ScanDependencies(const te::ScanOpNode& scan);

// One array per state. `table` must hold the init tensors and the group's outside
// inputs; the states and the group's tensors are added to it.
Result<std::vector<NDArray>> EvaluateScanStage(const te::ScanOpNode& scan, TensorTable& table,
                                               const ScalarArgs& constants,
                                               const ReferenceOptions& options);

}  // namespace tessera::reference
