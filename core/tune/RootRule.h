// RootRule: a stage no other rule takes (a reduction that is not an output, a tuple
// reducer such as argmax) stays at the root, its outermost data-parallel axis run on
// every core. It has no knobs of its own; RfactorRule may split its reduction first, and
// AttachRule may compute it inside a consumer instead.
#pragma once

#include "tune/ScheduleRule.h"

namespace tessera::tune {

const ScheduleRule& RootRule();

}  // namespace tessera::tune
