#include "Evaluation.h"

#include <QElapsedTimer>
#include <exception>

#include "codegen/LoweringContext.h"
#include "schedule/Bound.h"
#include "schedule/BoundsReport.h"
#include "schedule/ScheduleOps.h"
#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"
#include "transform/LayoutArguments.h"
#include "transform/LowerTensorIR.h"
#include "transform/LoweredTVMScript.h"
#include "transform/Pipeline.h"

namespace tessera::gui {
namespace {

using views::DocumentState;

// The phase tables of every pair (producer, consumer) of compute stages that read one
// another: what the Bounds view offers for explanation.
std::vector<schedule::PhaseTables> AllPhaseTables(const schedule::Schedule& sch) {
  std::vector<schedule::PhaseTables> out;
  for (const schedule::Stage& consumer : sch.stages) {
    if (consumer->is_placeholder()) continue;
    for (const te::Tensor& input : consumer->op->InputTensors()) {
      schedule::Stage producer = sch.find(input);
      if (!producer || producer->is_placeholder()) continue;
      auto tables = schedule::ExplainInferRootBound(sch, producer->name(), consumer->name());
      if (tables.ok() && tables->found) out.push_back(std::move(*tables));
    }
  }
  return out;
}

// Buffers stored through transform_layout, for the Buffer layout view.
void CollectLayouts(const schedule::Schedule& sch, DocumentState& state) {
  for (const schedule::BufferLayoutSummary& b : sch.buffer_layouts()) {
    std::string pad = b.pad_value.kind == layout::PadValue::Kind::None ? "" : b.pad_value.str();
    state.layouts.push_back({b.name, b.dtype, b.layout, pad});
  }
}

// Schedule -> bounds -> loop program -> pass timeline. Each step that fails records
// its error and leaves the later parts of the state empty.
void LowerSchedule(const script::ScriptProgram& program, DocumentState& state) {
  const schedule::Schedule& sch = *program.schedule;
  CollectLayouts(sch, state);
  auto bounds = schedule::MakeBoundsReport(sch);
  if (!bounds.ok()) {
    state.errors.push_back(bounds.error());
    return;
  }
  state.bounds = std::make_shared<const schedule::BoundsReport>(std::move(*bounds));
  state.phase_tables = AllPhaseTables(sch);
  auto stmt = schedule::Lower(sch);
  if (!stmt.ok()) {
    state.errors.push_back(stmt.error());
    return;
  }
  state.lowered = *stmt;
  state.passes.push_back({"ScheduleOps", "", state.lowered});
  auto lowered = LowerToFunction(program, state.lowered, "llvm", false);
  if (!lowered.ok()) {
    state.errors.push_back(program.LocateLoweringError(lowered.error()));
    return;
  }
  // Each pass's text as the pipeline would record it (`tessera-cli lower --after`).
  for (const transform::PassRecord& r : lowered->timeline) {
    if (r.pass == "Input") continue;
    views::CodeArtifact pass;
    pass.title = r.pass;
    pass.print = [body = r.body] { return ir::to_string(body); };
    state.passes.push_back(std::move(pass));
  }
  state.function = std::make_shared<const transform::LoweredProgram>(std::move(*lowered));
}

// A lowering step of a TensorIR document, printed as TVMScript when shown, as TVM prints
// the module after its passes (transform/LoweredTVMScript.h).
views::CodeArtifact LoweredPass(const std::string& title, const script::ScriptProgram& program,
                                const ir::Stmt& body, bool flattened) {
  const tir::PrimFunc& func = program.tir_schedule->func();
  transform::LoweredScriptOptions options;
  options.dialect = program.tir_dialect;
  options.flattened = flattened;
  options.noalias = func.noalias;
  transform::PrimFunc lowered = transform::MakePrimFunc(
      program.tir_func_name.empty() ? "main" : program.tir_func_name, func.params, body);
  views::CodeArtifact pass;
  pass.title = title;
  pass.print = [lowered = std::move(lowered), options] {
    return transform::LoweredAsTVMScript(lowered, options);
  };
  return pass;
}

// A TensorIR document: its schedule for the TensorIR views, the scheduled function as
// TVMScript and its trace (`def apply_trace(sch)`) in the script's own TVM spelling (what
// `sch.mod.script()` and `sch.trace` print: the Code view's first texts), then the function
// with its blocks lowered and through the pipeline's passes, each as TVMScript in the same
// spelling: the function Run, Profile and the Code view's targets compile, as for a te
// schedule.
void LowerTir(const script::ScriptProgram& program, DocumentState& state) {
  state.tir_schedule = program.tir_schedule;
  const tir::PrimFunc& func = program.tir_schedule->func();
  state.passes.push_back(
      {"TVMScript", tir::AsTVMScript(func, program.tir_dialect), ir::Stmt(), {}, {}, {}});
  state.passes.push_back({"sch.trace",
                          tir::TraceAsPython(program.tir_schedule->trace(), program.tir_dialect),
                          ir::Stmt(),
                          {},
                          {},
                          {}});
  // The pipeline's input is the function with its blocks lowered; LowerBlocks alone only
  // runs when the pipeline fails, for the texts and the error up to there.
  transform::PassContext ctx = codegen::LoweringContext("llvm");
  ctx.record_texts = false;
  auto lowered = transform::LowerTensorIR(func, ctx);
  if (lowered.ok() && !lowered->timeline.empty() && lowered->timeline.front().body.defined()) {
    state.lowered = lowered->timeline.front().body;
  } else {
    auto blocks = transform::LowerBlocks(func);
    if (!blocks.ok()) {
      state.errors.push_back(blocks.error());
      return;
    }
    state.lowered = *blocks;
  }
  state.passes.push_back(LoweredPass("LowerBlocks", program, state.lowered, false));
  if (!lowered.ok()) {
    state.errors.push_back(lowered.error());
    return;
  }
  bool flattened = false;
  for (const transform::PassRecord& r : lowered->timeline) {
    flattened = flattened || r.pass == "StorageFlatten";
    if (r.pass != "Input") state.passes.push_back(LoweredPass(r.pass, program, r.body, flattened));
  }
  state.function = std::make_shared<const transform::LoweredProgram>(std::move(*lowered));
}

// Makes `function` the program's TensorIR function when its module has several and that
// one among them; an unscheduled module of several shows its first until one is chosen.
void ChooseTensorIRFunction(script::ScriptProgram& program, const std::string& function) {
  if (!program.tir_module_last || program.tir_module.size() < 2) return;
  for (const auto& entry : program.tir_module)
    if (entry.first == function) {
      (void)script::SelectTensorIRFunction(&program, function);
      return;
    }
  if (program.needs_tensorir_function())
    (void)script::SelectTensorIRFunction(&program, program.tir_module.front().first);
}

void EvaluateInto(const std::string& script, const std::string& file, const std::string& function,
                  DocumentState& state) {
  auto program = script::EvaluateScript(script, file);
  if (!program.ok()) {
    state.errors.push_back(program.error());
    return;
  }
  ChooseTensorIRFunction(*program, function);
  auto shared = std::make_shared<script::ScriptProgram>(std::move(*program));
  // A TensorIR document's text, which a cluster node evaluates as it is (ClusterRun.h); the
  // evaluator keeps the text of structured scripts only.
  if (shared->is_tensorir() && shared->source.empty()) shared->source = script;
  state.program = shared;
  if (shared->is_tensorir()) {
    LowerTir(*shared, state);
    return;
  }
  state.schedule = shared->schedule;
  if (shared->schedule) LowerSchedule(*shared, state);
}

}  // namespace

Result<transform::LoweredProgram> LowerToFunction(const script::ScriptProgram& program,
                                                  const ir::Stmt& loops, const std::string& target,
                                                  bool record_texts) {
  // A TensorIR document's function comes from its scheduled PrimFunc, not from a te
  // schedule's loops.
  if (program.is_tensorir()) {
    if (!program.tir_schedule) return Error("the script has no TensorIR function to lower");
    transform::PassContext ctx = codegen::LoweringContext(target);
    ctx.record_texts = record_texts;
    const tir::PrimFunc& func = program.tir_schedule->func();
    return transform::LowerTensorIR(func, ctx, func.name);
  }
  if (!program.schedule) return Error("the script has no schedule to lower");
  std::vector<ir::DataProducer> args;
  for (const te::Tensor& t : program.Arguments()) args.push_back(t.producer());
  transform::PassContext ctx = codegen::LoweringContext(target);
  ctx.record_texts = record_texts;
  // Arguments with a layout transform are passed in their physical layout (RFC 0077).
  transform::AddLayoutArgBuffers(*program.schedule, args, &ctx);
  return transform::LowerToPrimFunc(loops, args, "default_function", ctx,
                                    program.ScalarParameters());
}

// The core reports errors as values; an exception escaping it is a bug there, and the
// application shows it as an error instead of closing with the user's work.
DocumentState Evaluate(const std::string& script, const std::string& file,
                       const std::string& function) {
  QElapsedTimer timer;
  timer.start();
  DocumentState state;
  state.file = file;
  state.script = script;
  try {
    EvaluateInto(script, file, function, state);
  } catch (const std::exception& e) {
    state.errors.push_back(Error(std::string("internal error while evaluating: ") + e.what()));
  }
  state.evaluation_ms = double(timer.nsecsElapsed()) / 1e6;
  return state;
}

}  // namespace tessera::gui
