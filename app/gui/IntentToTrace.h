// IntentToTrace: a view's Intent (names and parameters) as a schedule TraceEntry, the
// form schedule::ApplyPrimitive checks and applies. Only the shape of the arguments is
// checked here (a factor is a positive integer, a scope is given); legality is the
// schedule layer's business.
#pragma once

#include "schedule/Trace.h"
#include "support/Result.h"
#include "views/Intent.h"

namespace tessera::gui {

Result<schedule::TraceEntry> ToTraceEntry(const views::Intent& intent);

}  // namespace tessera::gui
