// DocumentState: what every view reads. The application's Document rebuilds one after
// each evaluation of the script (and its trace) and hands it to the views; a view keeps
// no other link to the compiler, so it can never mutate the schedule (DESIGN.md: views
// read the document and emit intents).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "codegen/LoopLines.h"
#include "codegen/LoopThroughput.h"
#include "ir/DataType.h"
#include "ir/Printer.h"
#include "ir/Stmt.h"
#include "layout/PaddedLayout.h"
#include "schedule/Bound.h"
#include "schedule/BoundsReport.h"
#include "schedule/Schedule.h"
#include "support/Result.h"
#include "tir/Schedule.h"
#include "transform/Pipeline.h"
#include "views/RunHistory.h"

namespace tessera::script {
struct ScriptProgram;
}

namespace tessera::views {

// A buffer whose physical layout differs from its logical shape (transform_layout).
struct BufferLayoutInfo {
  std::string name;
  ir::DataType dtype = ir::DataType::Float(32);
  layout::PaddedLayout layout;
  std::string pad_value;  // printed pad value; empty = unspecified (padding is garbage)
};

// One text the Code view can show: the IR after a pass (with its statement, so that
// clicks map to loops) or a target artefact (LLVM IR, assembly, C, CUDA C, PTX).
struct CodeArtifact {
  std::string title;  // "after StorageFlatten", "LLVM IR", ...
  std::string text;   // empty when `stmt` or `print` is set
  ir::Stmt stmt;
  // Generated code: which lines belong to which loop (the loop <-> code link); empty
  // when the generator could not say.
  codegen::LoopLines lines{};
  // Assembly: each innermost loop's static throughput (LLVM MCA).
  std::vector<codegen::LoopThroughput> throughput{};
  // A pass's program, printed only when it is shown: a timeline holds a dozen passes
  // and the Code view shows one of them.
  std::function<std::string()> print{};
};

// The artefact's text: `text`, or `print`'s when it has one.
inline std::string TextOf(const CodeArtifact& a) { return a.print ? a.print() : a.text; }

// One measurement of the kernel: which trace version, where, how fast.
struct ProfileRecord {
  std::string label;   // "v3 split(C, i, factor=32)"
  std::string target;  // "llvm", "cuda"
  double seconds = 0;  // median time of one run
  double gflops = 0;
  int version = 0;                          // the schedule version (RunHistory id); 0 = unknown
  double min_seconds = 0, max_seconds = 0;  // the fastest and slowest timed call (0 = unknown)
  TimedCalls calls{};                       // the timed calls (empty in older projects)
};

struct DocumentState {
  int version = 0;            // grows by one per evaluation (views skip stale redraws)
  std::string file;           // shown in messages; empty for an unsaved document
  std::string script;         // the script text (the trace as a script)
  std::vector<Error> errors;  // parse / evaluation / lowering errors, with locations
  // The evaluated script (tensors, names) and its schedule; null when evaluation failed.
  std::shared_ptr<const script::ScriptProgram> program;
  std::shared_ptr<const schedule::Schedule> schedule;
  // A TensorIR document's schedule (its PrimFunc, trace and state); null for TE documents
  // and when evaluation failed. The TensorIR views read only this.
  std::shared_ptr<const tir::Schedule> tir_schedule;
  // InferBound per stage; null when bounds could not be inferred.
  std::shared_ptr<const schedule::BoundsReport> bounds;
  // The InferBound phase tables of every producer/consumer pair of compute stages.
  std::vector<schedule::PhaseTables> phase_tables;
  ir::Stmt lowered;  // the lowered loop program; undefined when unavailable
  // The pipeline's output (the function the backends compile); null when lowering failed.
  std::shared_ptr<const transform::LoweredProgram> function;
  std::vector<CodeArtifact> passes;   // the pass timeline: IR after each lowering pass
  std::vector<CodeArtifact> targets;  // generated code, one artefact per target format
  std::vector<BufferLayoutInfo> layouts;
  std::vector<ProfileRecord> profiles;  // every profile run of this document, oldest first
  RunHistory history;                   // the versions run or profiled, and every run
  double peak_gflops = 0;               // the machine's peak (roofline); 0 = unknown
  double evaluation_ms = 0;             // how long parse + schedule + lowering took
};

}  // namespace tessera::views
