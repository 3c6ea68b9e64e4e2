// SpatialRule: an element-wise output. Its outer loops are fused and parallel; every
// axis but the innermost is split in two (parallel part, serial part), the innermost in
// three (parallel part, serial part, vector), the vector part vectorized (a multiple of
// the vector width, at most 4 vectors); multiply-adds contract to FMAs. Knobs
// <stage>.tile.<axis>. Seeds: the innermost axis in vectors of 2 and of 4 (a 1-D output
// in some dozens of parallel chunks), each also with the root reductions' partials of one
// vector (RfactorRule.h) instead of two.
#pragma once

#include "tune/ScheduleRule.h"

namespace tessera::tune {

const ScheduleRule& SpatialRule();

}  // namespace tessera::tune
