// RfactorRule: a reduction left at the root over an innermost axis of at least two
// vectors is one dependency chain of scalars; rfactor splits it into one or two vectors
// of partial results (the vectorized lane axis innermost), combined afterwards
// (softmax_fast.py's structure; MetaSchedule's add_rfactor.cc). Knob <stage>.rfactor: the
// partials' count (two vectors, one vector) or 0, reduced as written. It applies before
// the root or attach rule places the stage.
#pragma once

#include "tune/ScheduleRule.h"

namespace tessera::tune {

const ScheduleRule& RfactorRule();

}  // namespace tessera::tune
