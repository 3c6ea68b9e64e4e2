// MeasureInChild: times a script's schedule in a child process, as the tuner measured its
// candidates (the same isolation and timing path as the tuning run), once this process's
// other threads are idle: the references' runtimes (oneDNN's OpenMP, OpenBLAS) keep their
// workers spinning after a call, and the child shares the cores with them (IdleWait.h).
#pragma once

#include <string>

#include "runner/Runner.h"

namespace tessera::bench {

// A warm-up of one call and at least `min_warmup_ms`, then `repeat` timed calls; `check`
// also checks the result against the te oracle first. A runner that returns nothing gives
// a failed result saying so.
runner::MeasureResult MeasureInChild(runner::Runner& runner, const std::string& id,
                                     const std::string& script, int repeat, bool check = false,
                                     double min_warmup_ms = 0);

}  // namespace tessera::bench
