#include "TirCase.h"

#include <functional>
#include <optional>
#include <random>

#include "Workloads.h"
#include "codegen/LLVMBackend.h"
#include "ir/ExprOp.h"
#include "reference/Reference.h"
#include "runtime/KernelArguments.h"
#include "runtime/LLVMModule.h"
#include "script/Evaluator.h"
#include "tir/CreatePrimFunc.h"
#include "tir/IndexMap.h"
#include "tir/Schedule.h"
#include "tir/ScriptPrinter.h"
#include "transform/LowerTensorIR.h"

namespace tessera::difftest {

namespace {

using tir::BlockRV;
using tir::LoopRV;

// One primitive ready to apply: its name and the call.
struct Step {
  std::string primitive;
  std::function<Status()> apply;
};

template <typename T>
Status Ok(const Result<T>& r) {
  return r.ok() ? Status::Ok() : Status(r.error());
}

class Generator {
 public:
  Generator(tir::Schedule* sch, std::mt19937_64* rng) : sch_(*sch), rng_(*rng) {}

  // A random primitive on a random block or loop; nullopt when the one drawn has nothing
  // to work on (a block without loops).
  std::optional<Step> Draw() {
    std::vector<std::string> blocks = BlockNames();
    if (blocks.empty()) return std::nullopt;
    std::string name = Choose(blocks);
    auto block = sch_.GetBlock(name);
    if (!block.ok()) return std::nullopt;
    BlockRV b = *block;
    auto loops_or = sch_.GetLoops(b);
    std::vector<LoopRV> loops = loops_or.ok() ? *loops_or : std::vector<LoopRV>{};
    switch (Pick(0, 22)) {
      case 0:
      case 1:
        return Split(loops);
      case 2:
        if (loops.size() < 2) return std::nullopt;
        return Fuse(loops);
      case 3: {
        if (loops.size() < 2) return std::nullopt;
        size_t i = Index(loops.size() - 1), j = i + 1 + Index(loops.size() - i - 1);
        return Step{"reorder", [this, a = loops[i], c = loops[j]] { return sch_.Reorder({c, a}); }};
      }
      case 4:
        if (loops.empty() || Pick(0, 1) == 0)
          return Step{"add_unit_loop", [this, b] { return Ok(sch_.AddUnitLoop(b)); }};
        return Step{"add_unit_loop", [this, l = Choose(loops)] { return Ok(sch_.AddUnitLoop(l)); }};
      case 5:
        if (loops.empty()) return std::nullopt;
        return Step{"parallel", [this, l = Choose(loops)] { return sch_.Parallel(l); }};
      case 6:
        if (loops.empty()) return std::nullopt;
        return Step{"vectorize", [this, l = Choose(loops)] { return sch_.Vectorize(l); }};
      case 7:
        if (loops.empty()) return std::nullopt;
        return Step{"unroll", [this, l = Choose(loops)] { return sch_.Unroll(l); }};
      case 8:
      case 9:
        return MoveUnder(blocks, name, b, case9_ = !case9_);
      case 10:
        return Step{"compute_inline", [this, b] { return sch_.ComputeInline(b); }};
      case 11:
        return Step{"reverse_compute_inline", [this, b] { return sch_.ReverseComputeInline(b); }};
      case 12:
        if (loops.empty()) return std::nullopt;
        return Step{"decompose_reduction",
                    [this, b, l = Choose(loops)] { return Ok(sch_.DecomposeReduction(b, l)); }};
      case 13: {
        auto realize = sch_.Get(b);
        if (!realize.ok() || (*realize)->block->reads.empty()) return std::nullopt;
        int64_t index = Pick(0, static_cast<int64_t>((*realize)->block->reads.size()) - 1);
        return Step{"cache_read", [this, b, index, scope = Scope()] {
                      return Ok(sch_.CacheRead(b, index, scope));
                    }};
      }
      case 14:
        return Step{"cache_write",
                    [this, b, scope = Scope()] { return Ok(sch_.CacheWrite(b, 0, scope)); }};
      case 15:
        return Step{"set_scope",
                    [this, b, scope = Choose(std::vector<std::string>{"global", "local"})] {
                      return sch_.SetScope(b, 0, scope);
                    }};
      case 16: {
        if (loops.empty()) return std::nullopt;
        bool steps = Pick(0, 1) == 0;
        std::string key = steps ? "pragma_auto_unroll_max_step" : "pragma_unroll_explicit";
        int64_t value = steps ? Choose(std::vector<int64_t>{0, 4, 16, 64}) : Pick(0, 1);
        return Step{"annotate", [this, l = Choose(loops), key, value] {
                      return sch_.Annotate(l, key, ir::Expr(value));
                    }};
      }
      case 17:
        return Step{"annotate", [this, b] {
                      return sch_.Annotate(b, "meta_schedule.difftest", ir::StringImm("x"));
                    }};
      case 18:
        if (loops.empty()) return std::nullopt;
        return Step{"rfactor", [this, l = Choose(loops)] { return Ok(sch_.RFactor(l, 0)); }};
      case 19:
        if (loops.empty()) return std::nullopt;
        return Step{"blockize", [this, l = Choose(loops)] { return Ok(sch_.Blockize(l)); }};
      case 20: {
        auto realize = sch_.Get(b);
        if (!realize.ok() || (*realize)->block->writes.empty()) return std::nullopt;
        auto ndim = static_cast<int64_t>((*realize)->block->writes[0].buffer->shape.size());
        if (ndim == 0) return std::nullopt;
        int64_t axis = Pick(0, ndim - 1), factor = Choose(std::vector<int64_t>{4, 8, 16});
        int64_t offset = Pick(0, 1);
        return Step{"storage_align", [this, b, axis, factor, offset] {
                      return sch_.StorageAlign(b, 0, axis, factor, offset);
                    }};
      }
      case 21: {
        auto realize = sch_.Get(b);
        if (!realize.ok()) return std::nullopt;
        bool read = Pick(0, 1) == 0 && !(*realize)->block->reads.empty();
        int64_t index =
            read ? Pick(0, static_cast<int64_t>((*realize)->block->reads.size()) - 1) : 0;
        auto type = read ? tir::BufferIndexType::Read : tir::BufferIndexType::Write;
        return Step{"reindex", [this, b, index, type] { return Ok(sch_.ReIndex(b, index, type)); }};
      }
      default:
        return TransformLayout(b);
    }
  }

 private:
  int64_t Pick(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng_);
  }
  size_t Index(size_t n) { return static_cast<size_t>(Pick(0, static_cast<int64_t>(n) - 1)); }
  template <typename T>
  const T& Choose(const std::vector<T>& v) {
    return v[Index(v.size())];
  }
  std::string Scope() { return Choose(std::vector<std::string>{"global", "local", "shared"}); }

  std::vector<std::string> BlockNames() const {
    std::vector<std::string> names;
    tir::PreOrderVisit(sch_.func().body, [&](const tir::StmtNode* n) {
      if (auto* r = tir::As<tir::BlockRealizeNode>(n))
        if (r->block && r->block->name != "root") names.push_back(r->block->name);
      return true;
    });
    return names;
  }

  std::optional<Step> Split(const std::vector<LoopRV>& loops) {
    if (loops.empty()) return std::nullopt;
    LoopRV l = Choose(loops);
    auto loop = sch_.Get(l);
    const int64_t* extent = loop.ok() ? ir::as_const_int((*loop)->extent) : nullptr;
    if (!extent || *extent < 2) return std::nullopt;
    ir::Expr f = Choose(std::vector<int64_t>{2, 3, 4, 5, 8});
    std::vector<ir::Expr> factors;
    switch (Pick(0, 2)) {
      case 0:
        factors = {ir::Expr(), f};
        break;
      case 1:
        factors = {f, ir::Expr()};
        break;
      default:
        factors = {ir::Expr(), f, ir::Expr(2)};
    }
    return Step{"split", [this, l, factors] { return Ok(sch_.Split(l, factors)); }};
  }

  std::optional<Step> Fuse(const std::vector<LoopRV>& loops) {
    size_t i = Index(loops.size() - 1);
    return Step{"fuse", [this, a = loops[i], c = loops[i + 1]] { return Ok(sch_.Fuse({a, c})); }};
  }

  // The buffer the block writes, split in its last dimension by 4 (padded with 0 or not:
  // a non-dividing split without a pad value is refused). Only an intermediate buffer:
  // a parameter's new layout would change the function's arguments.
  std::optional<Step> TransformLayout(BlockRV b) {
    auto realize = sch_.Get(b);
    if (!realize.ok() || (*realize)->block->writes.empty()) return std::nullopt;
    const ir::Buffer& buffer = (*realize)->block->writes[0].buffer;
    const auto& params = sch_.func().params;
    size_t ndim = buffer->shape.size();
    if (ndim == 0 || std::find(params.begin(), params.end(), buffer) != params.end())
      return std::nullopt;
    std::vector<std::string> names;
    for (size_t i = 0; i < ndim; ++i) names.push_back("i" + std::to_string(i));
    tir::IndexMap map = tir::MakeIndexMap(names, [](const std::vector<ir::Var>& v) {
      std::vector<ir::Expr> out(v.begin(), v.end() - 1);
      out.push_back(ir::floordiv(v.back(), 4));
      out.push_back(ir::floormod(v.back(), 4));
      return out;
    });
    tir::IndexMap pad = Pick(0, 1) == 0
                            ? tir::ConstantIndexMap(ir::make_const(buffer->dtype, 0.0), ndim + 1)
                            : nullptr;
    return Step{"transform_layout", [this, b, map, pad] {
                  return sch_.TransformLayout(b, 0, tir::BufferIndexType::Write, map, pad);
                }};
  }

  // compute_at / reverse_compute_at at a loop of another block.
  std::optional<Step> MoveUnder(const std::vector<std::string>& blocks, const std::string& name,
                                BlockRV b, bool reverse) {
    // Mostly at a loop of a consumer (producer), where it may apply; sometimes anywhere.
    auto related = reverse ? sch_.GetProducers(b) : sch_.GetConsumers(b);
    std::optional<BlockRV> target;
    if (related.ok() && !related->empty() && Pick(0, 3) != 0) {
      target = Choose(*related);
    } else {
      std::vector<std::string> others;
      for (const std::string& o : blocks)
        if (o != name) others.push_back(o);
      if (others.empty()) return std::nullopt;
      auto any = sch_.GetBlock(Choose(others));
      if (!any.ok()) return std::nullopt;
      target = *any;
    }
    auto loops = sch_.GetLoops(*target);
    if (!loops.ok() || loops->empty()) return std::nullopt;
    LoopRV l = Choose(*loops);
    bool preserve = Pick(0, 1) == 1;
    if (reverse)
      return Step{"reverse_compute_at",
                  [this, b, l, preserve] { return sch_.ReverseComputeAt(b, l, preserve); }};
    return Step{"compute_at", [this, b, l, preserve] { return sch_.ComputeAt(b, l, preserve); }};
  }

  tir::Schedule& sch_;
  std::mt19937_64& rng_;
  bool case9_ = false;
};

TirCaseResult Fail(TirCaseResult r, std::string stage, std::string message) {
  r.passed = false;
  r.stage = std::move(stage);
  r.message = std::move(message);
  return r;
}

}  // namespace

TirCaseResult RunTirCase(const std::string& workload, uint64_t seed,
                         const TirCaseOptions& options) {
  TirCaseResult r;
  r.workload = workload;
  r.seed = seed;
  std::mt19937_64 rng(seed);
  Workload w = MakeWorkload(workload, rng);
  if (w.name.empty()) return Fail(r, "workload", "unknown workload '" + workload + "'");
  r.script = w.script;
  auto program = script::EvaluateScript(w.script, "workload.py");
  if (!program.ok() || !program->schedule)
    return Fail(r, "workload", program.ok() ? "no schedule" : program.error().format());
  std::vector<te::Tensor> args = program->Arguments();
  auto func = tir::CreatePrimFunc(args);
  if (!func.ok()) {
    r.supported = false;
    r.message = func.error().message;
    return r;
  }

  tir::Schedule sch(*func, static_cast<int64_t>(seed));
  Generator gen(&sch, &rng);
  int steps = static_cast<int>(std::uniform_int_distribution<int>(
      std::max(0, options.min_steps), std::max(options.min_steps, options.max_steps))(rng));
  for (int i = 0; i < steps; ++i) {
    std::optional<Step> step = gen.Draw();
    if (!step) continue;
    std::string before = tir::AsTVMScript(sch.func());
    size_t trace_size = sch.trace().insts.size();
    Status st = step->apply();
    if (st.ok()) {
      ++r.applied;
      ++r.applied_by_primitive[step->primitive];
      continue;
    }
    ++r.refused;
    if (tir::AsTVMScript(sch.func()) != before || sch.trace().insts.size() != trace_size) {
      r.trace = tir::TraceAsPython(sch.trace());
      r.func = tir::AsTVMScript(sch.func());
      return Fail(r, "refusal",
                  step->primitive + " refused (" + st.error().message +
                      ") but changed the function or the trace");
    }
  }
  r.trace = tir::TraceAsPython(sch.trace());
  r.func = tir::AsTVMScript(sch.func());

  auto lowered = transform::LowerTensorIR(sch.func());
  if (!lowered.ok()) return Fail(r, "lower", lowered.error().message);
  runtime::ScalarArgs scalars;
  for (const ir::Var& v : lowered->func.scalar_params())
    if (auto it = w.vars.find(v.name()); it != w.vars.end()) scalars[v.name()] = it->second;
  const schedule::Schedule& te_sch = *program->schedule;
  auto buffers = runtime::MakeKernelArguments(te_sch, args, lowered->func, scalars, seed);
  if (!buffers.ok()) return Fail(r, "run", buffers.error().message);
  // The bounds-checked interpreter first: an access outside a buffer is a message here.
  std::vector<runtime::NDArray> copies;
  for (const runtime::NDArray& b : *buffers) copies.push_back(b.Clone());
  if (Status st = runtime::Interpret(lowered->func, copies, scalars); !st.ok())
    return Fail(r, "interpret", st.error().message);
  std::vector<std::pair<std::string, std::vector<runtime::NDArray>*>> runs = {
      {"interpreter", &copies}};
  if (codegen::LLVMAvailable()) {
    auto compiled = runtime::BuildLLVM(lowered->func);
    if (!compiled.ok()) return Fail(r, "compile", compiled.error().message);
    if (Status st = compiled->Call(*buffers, scalars); !st.ok())
      return Fail(r, "run", st.error().message);
    runs.push_back({"llvm", &*buffers});
  }
  for (const auto& [backend, arrays] : runs) {
    auto checks = reference::CheckAgainstReference(te_sch, args, *arrays, scalars);
    if (!checks.ok()) return Fail(r, "check", checks.error().message);
    std::string mismatches;
    for (const reference::OutputCheck& c : *checks)
      if (!c.result.ok())
        mismatches += (mismatches.empty() ? "" : "; ") + c.tensor + ": " + c.result.str();
    if (!mismatches.empty()) return Fail(r, "check", backend + ": " + mismatches);
  }
  r.passed = true;
  return r;
}

std::string TirReproducerText(const TirCaseResult& r) {
  return "# tir difftest failure: " + r.workload + " seed " + std::to_string(r.seed) + " [" +
         r.stage + "] " + r.message + "\n# workload:\n" + r.script + "\n# trace:\n" + r.trace +
         "\n# scheduled function:\n" + r.func + "\n";
}

}  // namespace tessera::difftest
