// ScheduleGenerator: random legal-looking schedules for a workload. The case is a
// script; after each primitive the generator evaluates the script so far
// (script::EvaluateScript) and chooses the next primitive by looking at the real
// schedule — its stages, leaf IterVars and their InferBound extents. A primitive the
// schedule rejects (an Error) is dropped and counted; the script printed after an
// accepted one must evaluate again and print the same text (a printer fixed point),
// otherwise the case is a failure.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::difftest {

struct GeneratorOptions {
  int min_steps = 1;
  int max_steps = 9;
};

struct GeneratedCase {
  std::string workload;
  uint64_t seed = 0;
  std::string script;                               // the workload and every accepted primitive
  std::map<std::string, int64_t> vars;              // shape variable values for the call
  int applied = 0;                                  // primitives the schedule accepted
  std::map<std::string, int> applied_by_primitive;  // "split" -> 3, "transform_layout" -> 1
  int rejected = 0;                                 // primitives the schedule refused (an Error)
  std::vector<std::string> rejections;              // their messages
  // Set when generating itself found a bug: the workload or a printed script did not
  // evaluate, or printing was not a fixed point.
  std::optional<std::string> failure;
};

GeneratedCase GenerateCase(const std::string& workload, uint64_t seed,
                           const GeneratorOptions& options = {});

}  // namespace tessera::difftest
