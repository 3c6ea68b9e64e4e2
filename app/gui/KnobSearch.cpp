#include "KnobSearch.h"

#include <algorithm>

namespace tessera::gui {

Result<tune::TuneResult> TuneKnobs(const script::ScriptProgram& program,
                                   const std::vector<tune::TunableKnob>& knobs,
                                   runner::Runner& runner, tune::Database& db,
                                   const runner::MachineSignature& machine,
                                   const tune::TuneOptions& options,
                                   const tune::TuneCallbacks& callbacks) {
  if (knobs.empty()) return Error("tune: no knob was made tunable");
  const int64_t size = tune::KnobSpaceSize(knobs);
  tune::CandidateSource points = [&](const std::set<std::string>& measured, int count) {
    // Enough points that `count` of them are new even when every measured schedule is
    // one of them (a random subset of a large space is the same for the same seed).
    const int limit =
        static_cast<int>(std::min<int64_t>(size, int64_t(count) + int64_t(measured.size())));
    tune::CandidateList list;
    list.source = "knob";
    for (std::string& s : tune::KnobCandidates(program, knobs, limit, options.seed, &list.invalid))
      if (!measured.count(tune::HashText(s)) && int(list.scripts.size()) < count)
        list.scripts.push_back(std::move(s));
    if (callbacks.on_message)
      callbacks.on_message(
          "the knobs' space: " + std::to_string(size) + " points; " +
          std::to_string(list.scripts.size()) + " to measure" +
          (list.invalid ? ", " + std::to_string(list.invalid) + " refused by the checks" : ""));
    return list;
  };
  return tune::TuneCandidates(program, points, runner, &db, machine, options, callbacks);
}

}  // namespace tessera::gui
