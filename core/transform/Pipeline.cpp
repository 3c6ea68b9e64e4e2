// The lowering pipeline, in order. Each step: run the pass, stop if it reported an
// error, record the program after it.
#include "transform/Pipeline.h"

#include "ir/Printer.h"
#include "transform/InjectPrefetch.h"
#include "transform/LayoutOvercompute.h"
#include "transform/LegalizeCalls.h"
#include "transform/LoopPartition.h"
#include "transform/LowerFloorDivMod.h"
#include "transform/LowerWmmaBuiltins.h"
#include "transform/RemoveNoOp.h"
#include "transform/RemoveTrivialLoops.h"
#include "transform/Simplify.h"
#include "transform/StorageFlatten.h"
#include "transform/UnrollLoops.h"
#include "transform/VectorizeLoops.h"

namespace tessera::transform {

namespace {

using PassFn = ir::Stmt (*)(ir::Stmt, const PassContext&);

struct PassEntry {
  const char* name;
  PassFn run;
};

// The passes, in the order they run.
const std::vector<PassEntry>& Passes() {
  static const std::vector<PassEntry> passes = {
      // (layout-padding) RFC 0077: drop guards that padding makes no-ops, where asked;
      // needs the physical tensors, so it runs before StorageFlatten.
      {"LayoutOvercompute", &LayoutOvercompute},
      {"InjectPrefetch", &InjectPrefetch},          // prefetch attributes -> prefetches
      {"StorageFlatten", &StorageFlatten},          // tensors -> flat buffers
      {"LegalizeCalls", &LegalizeCalls},            // q_multiply_shift, ... -> arithmetic
      {"LowerWmmaBuiltins", &LowerWmmaBuiltins},    // CPU: tensor-core builtins -> loops
      {"RemoveTrivialLoops", &RemoveTrivialLoops},  // extent-1 loops -> substitution
      {"LoopPartition", &LoopPartition},            // split tails -> main + tail loops
      {"VectorizeLoops", &VectorizeLoops},          // vectorized loops -> ramps
      {"UnrollLoops", &UnrollLoops},                // unrolled loops -> copies
      {"Simplify", &Simplify},                      // fold index arithmetic, guards
      {"LowerFloorDivMod", &LowerFloorDivMod},      // floordiv -> truncdiv when safe
      {"RemoveNoOp", &RemoveNoOp},                  // drop what does nothing
  };
  return passes;
}

Result<LoweredProgram> Run(PrimFunc func, const PassContext& ctx, size_t first_pass,
                           const ScalarParams* scalars = nullptr) {
  LoweredProgram out;
  out.timeline.push_back({"Input", PassText(func.body, ctx), func.body});
  ctx.ClearErrors();
  const auto& passes = Passes();
  for (size_t i = first_pass; i < passes.size(); ++i) {
    func.body = passes[i].run(func.body, ctx);
    if (!ctx.errors().empty())
      return Error(std::string(passes[i].name) + ": " + ctx.errors().front().message);
    if (!func.body.defined()) func.body = ir::MakeEvaluate(0);
    out.timeline.push_back({passes[i].name, PassText(func.body, ctx), func.body});
  }
  // After the passes: a scalar that simplification removed needs no value.
  if (scalars)
    if (Status s = BindUnlistedScalars(&func, scalars->unlisted); !s.ok()) return s.error();
  if (Status s = VerifyPrimFunc(func); !s.ok()) return s.error();
  out.func = std::move(func);
  return out;
}

}  // namespace

std::string PassText(const ir::Stmt& body, const PassContext& ctx) {
  return ctx.record_texts ? ir::to_string(body) : std::string();
}

const PassRecord* LoweredProgram::After(const std::string& pass) const {
  for (auto& r : timeline)
    if (r.pass == pass) return &r;
  return nullptr;
}

const std::vector<std::string>& PipelinePassNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (auto& p : Passes()) v.push_back(p.name);
    return v;
  }();
  return names;
}

Result<LoweredProgram> LowerToPrimFunc(const ir::Stmt& stmt,
                                       const std::vector<ir::DataProducer>& args,
                                       const std::string& name, PassContext ctx,
                                       const ScalarParams& scalars) {
  if (!stmt.defined()) return Error("LowerToPrimFunc: the program is empty");
  std::vector<ir::Buffer> buffers;
  for (auto& t : args) {
    if (!t) return Error("LowerToPrimFunc: an argument tensor is null");
    ir::Buffer b = ctx.FindArgBuffer(t);
    if (!b) {
      b = ir::MakeBuffer(t->producer_name(), t->producer_dtype(), t->producer_shape());
      ctx.arg_buffers.emplace_back(t, b);
    }
    buffers.push_back(b);
  }
  return Run(MakePrimFunc(name, buffers, scalars.listed, stmt), ctx, 0, &scalars);
}

Result<ir::Stmt> RunPipelinePass(const std::string& pass, const ir::Stmt& body,
                                 const PassContext& ctx) {
  if (!body.defined()) return Error(pass + ": the function has no body");
  for (const PassEntry& p : Passes()) {
    if (pass != p.name) continue;
    ctx.ClearErrors();
    ir::Stmt out = p.run(body, ctx);
    if (!ctx.errors().empty()) return Error(pass + ": " + ctx.errors().front().message);
    return out.defined() ? out : ir::MakeEvaluate(0);
  }
  std::string names;
  for (const std::string& n : PipelinePassNames()) names += (names.empty() ? "" : ", ") + n;
  return Error("no lowering pass named '" + pass + "' (Tessera has " + names + ")");
}

Result<LoweredProgram> Optimize(PrimFunc func, const PassContext& ctx) {
  if (!func.body.defined()) return Error("Optimize: the function has no body");
  // (layout-padding) the passes after StorageFlatten, wherever it is in the list.
  size_t flatten = 0;
  while (flatten < Passes().size() && std::string(Passes()[flatten].name) != "StorageFlatten")
    ++flatten;
  return Run(std::move(func), ctx, flatten + 1);
}

}  // namespace tessera::transform
