#include "ClusterRun.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "runner/MeasureBatch.h"
#include "script/export/ScriptPrinter.h"

namespace tessera::gui {

runner::RunnerOptions RunnerOptionsFor(const project::RunnerSettings& settings,
                                       const std::string& worker) {
  runner::RunnerOptions o;
  o.kind = settings.kind;
  o.partition = settings.partition;
  o.gres = settings.gres;
  o.time_limit = settings.time_limit;
  o.account = settings.account;
  o.extra = settings.extra;
  o.workdir = settings.workdir;
  o.worker_path = worker;
  o.parallel_builds = 1;
  o.poll_s = 0.2;
  return o;
}

namespace {

// What the node evaluates: a te schedule as the printer writes it; a TensorIR document as
// its text (a TVMScript file or a schedule script), which the node's measure evaluates
// as `tessera-cli run` does.
std::string NodeScript(const script::ScriptProgram& program) {
  return program.is_tensorir() ? program.source : script::PrintScript(program);
}

// The module's function, where the module has several (`tessera-cli run --func`).
std::string NodeFunction(const script::ScriptProgram& program) {
  return program.is_tensorir() && program.tir_module.size() > 1 ? program.tir_func_name : "";
}

}  // namespace

runner::MeasureRequest MeasureRequestFor(const RunRequest& r) {
  runner::MeasureRequest m;
  m.script = NodeScript(*r.program);
  m.func = NodeFunction(*r.program);
  m.target = r.target;
  for (const ir::Var& v : r.function->func.scalar_params())
    m.shape_vars[v.name()] = r.shape_var_value;
  m.check = r.check;
  m.warmup = r.repeat > 0 ? 1 : 0;
  m.repeat = std::max(1, r.repeat);
  // A Profile's version to compare with is timed on the node in the same interleaved
  // rounds, as a local Profile times it (KernelRunner.h).
  if (r.repeat > 0 && r.baseline_program &&
      (r.baseline_program->schedule || r.baseline_program->is_tensorir()) &&
      r.baseline_program->is_tensorir() == r.program->is_tensorir() &&
      NodeFunction(*r.baseline_program) == m.func)
    m.baseline_script = NodeScript(*r.baseline_program);
  // Every press of Run measures anew (a work folder may hold earlier results of the same
  // schedule): the id carries the time.
  const long long now = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
  m.id = std::string(r.repeat > 0 ? "profile-" : "run-") + std::to_string(now);
  return m;
}

namespace {

RunResult FromMeasure(const runner::MeasureResult& m, const RunRequest& r,
                      const std::string& runner_name) {
  RunResult out;
  out.target = r.target;
  out.where = (m.machine.hostname.empty() ? std::string("?") : m.machine.hostname) + " (" +
              runner_name + ")";
  using runner::MeasureStatus;
  if (m.status == MeasureStatus::Cancelled) {
    out.cancelled = true;
    out.message = "cancelled: " + m.message;
    return out;
  }
  if (m.status != MeasureStatus::Ok && m.status != MeasureStatus::CheckFailed) {
    out.message =
        std::string(runner::MeasureStatusName(m.status)) + " on " + out.where + ": " + m.message;
    return out;
  }
  out.ok = true;
  out.compile_ms = m.build_ms;
  out.min_ms = m.min_ms;
  out.median_ms = m.median_ms;
  out.times_ms = m.times_ms;
  if (!m.baseline_times_ms.empty()) {
    out.baseline_version = r.baseline_version;
    out.baseline_times_ms = m.baseline_times_ms;
  }
  out.max_ms =
      m.times_ms.empty() ? m.median_ms : *std::max_element(m.times_ms.begin(), m.times_ms.end());
  out.flops = m.flops;
  out.gflops = m.gflops;
  out.checked = r.check;
  out.matches = m.status == MeasureStatus::Ok;
  out.max_abs_error = m.max_error;
  return out;
}

}  // namespace

RunResult RunOnCluster(const RunRequest& r, const std::atomic<bool>& cancel,
                       const RunProgress& progress) {
  RunResult result;
  result.target = r.target;
  if (!r.program || !r.function || (!r.program->schedule && !r.program->is_tensorir())) {
    result.message = "nothing to run: the script has no lowered function";
    return result;
  }
  const std::string kind = r.runner.kind;
  if (progress) progress(2, "contacting " + kind);
  std::string why;
  auto made = runner::MakeRunner(RunnerOptionsFor(r.runner, r.worker), &why);
  if (!made) {
    result.message = "the " + kind + " runner is not available: " + why;
    return result;
  }
  if (cancel) {
    result.cancelled = true;
    result.message = "cancelled";
    return result;
  }
  runner::MeasureCallbacks callbacks;
  callbacks.cancelled = [&cancel] { return cancel.load(); };
  callbacks.on_progress = [&progress, &kind](int queued, int running, int done) {
    if (!progress) return;
    if (done > 0)
      progress(95, kind + " job finished");
    else if (running > 0)
      progress(50, kind + " job running");
    else if (queued > 0)
      progress(10, kind + " job queued");
  };
  std::vector<runner::MeasureResult> results = made->Measure({MeasureRequestFor(r)}, callbacks);
  if (results.empty()) {
    result.message = "the " + kind + " runner returned no result";
    return result;
  }
  result = FromMeasure(results.front(), r, made->Name());
  if (progress && result.ok) progress(100, "done");
  return result;
}

}  // namespace tessera::gui
