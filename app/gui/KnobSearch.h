// KnobSearch: a tuning run over the knobs the user made tunable (TunableKnobs.h) instead
// of the space core/tune generates from the workload — "search exactly those knobs". The
// knobs' points (the whole grid when it is small enough, else distinct random points) are
// the candidates of core/tune's TuneCandidates, so records (source "knob"), resume, the
// input's baseline, batches, the time budget and the oracle check of a new best are the
// Tuner's own. Same options, callbacks and result as tune::Tune.
#pragma once

#include <vector>

#include "runner/Runner.h"
#include "tune/Database.h"
#include "tune/TunableKnobs.h"
#include "tune/Tuner.h"

namespace tessera::gui {

Result<tune::TuneResult> TuneKnobs(const script::ScriptProgram& program,
                                   const std::vector<tune::TunableKnob>& knobs,
                                   runner::Runner& runner, tune::Database& db,
                                   const runner::MachineSignature& machine,
                                   const tune::TuneOptions& options,
                                   const tune::TuneCallbacks& callbacks = {});

}  // namespace tessera::gui
