// KnobSearch: a tuning run over the knobs the user made tunable (TunableKnobs.h) instead
// of the space core/tune generates from the workload — "search exactly those knobs". The
// points (the whole grid when it is small enough, else distinct random points) are
// measured through the runner like the Tuner's candidates: recorded in the records
// database (source "knob"; the document's own schedule as "input"), never measured twice
// on one machine (a run started again resumes), and the fastest is accepted as the best
// only once the te oracle agreed with it. Same options, callbacks and result as tune::Tune.
#pragma once

#include <vector>

#include "views/TunableKnobs.h"
#include "runner/Runner.h"
#include "tune/Database.h"
#include "tune/Tuner.h"

namespace tessera::gui {

Result<tune::TuneResult> TuneKnobs(const script::ScriptProgram& program, const std::vector<views::TunableKnob>& knobs,
                                   runner::Runner& runner, tune::Database& db,
                                   const runner::MachineSignature& machine, const tune::TuneOptions& options,
                                   const tune::TuneCallbacks& callbacks = {});

}  // namespace tessera::gui
