// TuneConfig: tunable knobs written in a script, in AutoTVM's syntax (LANGUAGE.md,
// "Tunable knobs"), so that a TVM user's template reads as they expect:
//
//   from tvm import autotvm
//   cfg = autotvm.get_config()
//   cfg.define_split("tile_j", j, num_outputs=2, max_factor=64)
//   cfg.define_knob("unroll", [0, 1])
//   cfg.define_reorder("order", [ko, ii, ki], policy="all")
//   jo, ji = cfg["tile_j"].apply(s, C, j)
//   if cfg["unroll"].val: ...
//
// Each define_* names a knob and its domain; cfg["name"] is its value in this
// evaluation: the value a tuner chose (EvaluateTunableScript's `values`), otherwise
// AutoTVM's fallback (a split of the whole extent into the outer part, the first
// candidate, the identity order). The primitives `apply` calls go on the trace with
// their concrete values, so the TVM export prints the chosen values; Tessera's own script
// keeps the knobs (a script using them is printed as its source). `tessera-cli tune` on
// such a script searches exactly its knobs.
//
// Defaults that follow the machine (TOPI's x86 templates do the same): a template reads
// the target's fp32 vector width with `get_simd_32bit_lanes()` (tvm.topi.x86.utils) and,
// when no tuner chose its values (`if cfg.is_fallback:`), sizes its splits from it with
// `cfg.fallback_split(name, constraints)` (AutoTVM's FallbackConfigEntity). The width is
// read from the CPU at run time, so a shipped template is sized for the user's machine.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "script/Evaluator.h"
#include "support/Result.h"

namespace tessera::script {

struct ScriptKnob {
  enum class Kind : uint8_t {
    Split,    // define_split: `parts` factors (outer first) whose product is `extent`
    Choice,   // define_knob: an index into `choices`
    Reorder,  // define_reorder: an index into `choices` (each an order of the axes)
  };
  std::string name;
  Kind kind = Kind::Choice;
  int64_t extent = 1;
  int parts = 2;
  int64_t max_factor = 0;            // Split: inner factors at most this (0: no bound)
  std::vector<std::string> choices;  // Choice: the candidates as written; Reorder: "k, i, j"
  std::string policy;                // Split: "factors"; Reorder: "all", "identity" or "candidate"
  std::vector<int64_t> value;        // this evaluation's value (factors, or {index})
  SourceLoc loc;                     // the define_* call
};

// Knob name -> factors (Split, outer first) or {index} (Choice, Reorder).
using KnobValues = std::map<std::string, std::vector<int64_t>>;

struct TunableScript {
  ScriptProgram program;
  std::vector<ScriptKnob> knobs;  // in definition order; empty when the script defines none
};

// Evaluates `source` with `values` for its knobs (a knob not in `values` takes its
// fallback). Errors: the script's own, a value outside its knob's domain (at the
// define_* call), a knob in `values` the script does not define.
// `simd_lanes` (> 0) stands for the machine's fp32 vector width that
// get_simd_32bit_lanes() returns (tests size a template for another ISA); 0: this machine.
Result<TunableScript> EvaluateTunableScript(std::string_view source, const std::string& file,
                                            const KnobValues& values, int simd_lanes = 0);

// Whether the program's source defines knobs (it calls autotvm.get_config()).
bool UsesTuneConfig(const ScriptProgram& program);

// Every value of a Split knob's domain (for tests and small spaces; the tuner samples).
std::vector<std::vector<int64_t>> SplitValues(const ScriptKnob& knob);
// Whether `value` is in the knob's domain.
bool InKnobDomain(const ScriptKnob& knob, const std::vector<int64_t>& value);

// --- used by the evaluator ---
class Interpreter;
struct TuneConfigState;
// Registers tvm.autotvm.get_config for one evaluation; `state` records the knobs.
void RegisterTuneConfig(Interpreter& interp, TuneConfigState& state);

struct TuneConfigState {
  KnobValues values;              // the tuner's choices
  std::vector<ScriptKnob> knobs;  // defined so far
  bool used = false;              // get_config() was called
  int simd_lanes = 0;             // get_simd_32bit_lanes()'s answer; 0: read from this CPU
};

}  // namespace tessera::script
