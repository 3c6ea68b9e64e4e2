#include "TensorIRCommands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>

#include "EmulatorCheck.h"
#include "Execution.h"
#include "RunnerOptions.h"
#include "arith/Analyzer.h"
#include "codegen/CodeGenC.h"
#include "codegen/LLVMBackend.h"
#include "codegen/LoweringContext.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"
#include "ir/ExprOp.h"
#include "reference/Compare.h"
#include "reference/Reference.h"
#include "reference/TirReference.h"
#include "runtime/IRInterpreter.h"
#include "runtime/KernelArguments.h"
#include "runtime/cuda/CudaModule.h"
#include "script/export/TirDocumentExport.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "support/Json.h"
#include "tir/FunctionParams.h"
#include "tir/RegionAnalysis.h"
#include "tir/Trace.h"
#include "transform/LowerTensorIR.h"

namespace tessera::cli {

namespace {

constexpr int64_t kDefaultShapeValue = 64;

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// The scheduled function through LowerTensorIR and the pipeline for `target` (llvm, c or
// cuda: the GPU targets lower alike); a message on failure.
std::optional<transform::LoweredProgram> LowerScheduled(const script::ScriptProgram& program,
                                                        const tir::PrimFunc& func,
                                                        std::ostream& err,
                                                        bool partition_guards = true,
                                                        const std::string& target = "llvm") {
  transform::PassContext ctx =
      codegen::LoweringContext(target == "cuda-emulator" ? "cuda" : target);
  ctx.partition_guards = partition_guards;
  auto lowered = transform::LowerTensorIR(func, ctx, func.name);
  if (!lowered) {
    err << program.file
        << ": error: lowering the TensorIR function failed: " << lowered.error().message << "\n";
    return std::nullopt;
  }
  return std::move(lowered.value());
}

// A usage sentence when `target` is not one of `allowed` (the targets of the command).
std::optional<std::string> RefuseTarget(const std::string& target,
                                        const std::vector<std::string>& allowed) {
  if (std::find(allowed.begin(), allowed.end(), target) != allowed.end()) return std::nullopt;
  std::string list;
  for (size_t i = 0; i < allowed.size(); ++i)
    list += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + allowed[i];
  return "unknown target '" + target + "' (expected " + list + ")";
}

// ---- bounds ----

std::string RegionText(const tir::Buffer& buffer, const std::vector<arith::IntSet>& sets) {
  arith::Analyzer analyzer;
  std::string text = buffer->name + "[";
  for (size_t d = 0; d < sets.size(); ++d) {
    ir::Expr dim = d < buffer->shape.size() ? buffer->shape[d] : ir::Expr(1);
    ir::Range r = sets[d].CoverRange(ir::Range(ir::make_zero(dim.dtype()), dim));
    ir::Expr extent = analyzer.Simplify(r.extent);
    ir::Expr min = analyzer.Simplify(r.min);
    text += d ? ", " : "";
    if (ir::is_one(extent))
      text += tir::ExprToTVMScript(min);
    else
      text +=
          tir::ExprToTVMScript(min) + ":" + tir::ExprToTVMScript(analyzer.Simplify(min + extent));
  }
  return text + "]";
}

struct AccessAt {
  std::string loop;
  std::vector<std::string> reads, writes;
};

struct BlockBounds {
  std::string name;
  std::vector<std::string> loops;
  std::vector<AccessAt> per_loop;
};

// One region per buffer the block reads (writes) under `loop`: the block's own entry of
// the region analysis.
std::vector<std::string> BlockRegions(const tir::ScheduleState& state, const tir::ForNode* loop,
                                      const tir::BlockNode& block, bool reads) {
  std::vector<std::string> out;
  std::set<const void*> seen;
  for (const tir::BufferRegion& r : reads ? block.reads : block.writes) {
    if (!seen.insert(r.buffer.get()).second) continue;
    tir::RequiredRegion region = reads ? tir::AnalyzeRequiredRegion(state, loop, r.buffer)
                                       : tir::AnalyzeProvidedRegion(state, loop, r.buffer);
    for (const tir::ConsumerRegion& c : region.consumers)
      if (c.block == block.name) out.push_back(RegionText(r.buffer, c.region));
  }
  return out;
}

std::vector<BlockBounds> AnalyzeBlocks(const tir::Schedule& sch) {
  std::vector<BlockBounds> blocks;
  const tir::ScheduleState& state = sch.state();
  const tir::BlockRealizeNode* root = tir::RootRealize(sch.func());
  tir::PreOrderVisit(sch.func().body, [&](const tir::StmtNode* n) {
    if (n->kind != tir::StmtKind::BlockRealize || n == root) return true;
    auto* realize = static_cast<const tir::BlockRealizeNode*>(n);
    BlockBounds b;
    b.name = realize->block->name;
    for (const tir::ForNode* loop : state.LoopsAbove(realize)) {
      b.loops.push_back(loop->loop_var.name());
      b.per_loop.push_back({loop->loop_var.name(), BlockRegions(state, loop, *realize->block, true),
                            BlockRegions(state, loop, *realize->block, false)});
    }
    blocks.push_back(std::move(b));
    return true;
  });
  return blocks;
}

std::string JsonList(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + JsonQuote(items[i]);
  return out + "]";
}

std::string BoundsJson(const std::vector<BlockBounds>& blocks) {
  std::string out = "{\n  \"kind\": \"tensorir\",\n  \"blocks\": [";
  for (size_t i = 0; i < blocks.size(); ++i) {
    const BlockBounds& b = blocks[i];
    out += std::string(i ? "," : "") + "\n    {\"name\": " + JsonQuote(b.name) +
           ", \"loops\": " + JsonList(b.loops) + ", \"per_iteration\": [";
    for (size_t k = 0; k < b.per_loop.size(); ++k)
      out += std::string(k ? ", " : "") + "{\"loop\": " + JsonQuote(b.per_loop[k].loop) +
             ", \"reads\": " + JsonList(b.per_loop[k].reads) +
             ", \"writes\": " + JsonList(b.per_loop[k].writes) + "}";
    out += "]}";
  }
  return out + "\n  ]\n}\n";
}

// ---- run / profile ----

using reference::MakeTirArguments;
using reference::TirArguments;

}  // namespace

int TensorIRLower(const script::ScriptProgram& program, const ParsedArgs& args, std::ostream& out,
                  std::ostream& err) {
  const std::string target = args.value("--target", "llvm");
  if (auto refused = RefuseTarget(target, {"llvm", "cuda", "c"}))
    return UsageError("lower", *refused, err);
  auto lowered = LowerScheduled(program, program.tir_schedule->func(), err,
                                !args.has("--keep-guards"), target);
  if (!lowered) return kBadInput;
  std::string after = args.value("--after");
  if (after == "ScheduleOps") after = "Input";
  std::vector<transform::PassRecord> timeline = lowered->timeline;
  if (target == "cuda") {  // the GPU passes after the pipeline, as for te documents
    auto gpu = codegen::LowerForCUDA(*lowered, runtime::CudaOptionsForDevice());
    if (!gpu) {
      err << program.file << ": error: " << gpu.error().message << "\n";
      return kBadInput;
    }
    timeline = gpu->timeline;
  }
  const transform::PassRecord* record = after.empty() ? &timeline.back() : nullptr;
  for (const transform::PassRecord& r : timeline)
    if (r.pass == after) record = &r;
  if (!record) {
    err << "tessera-cli lower: the TensorIR pipeline has no pass '" << after << "'\n";
    return kBadInput;
  }
  out << record->ir;
  return kSuccess;
}

int TensorIRBounds(const script::ScriptProgram& program, const ParsedArgs& args, std::ostream& out,
                   std::ostream& err) {
  if (args.has("--tvm") || !args.values("--var").empty()) {
    err << "tessera-cli bounds: --tvm and --var apply to te schedules; a TensorIR document's "
           "regions come from its blocks\n";
    return kUsage;
  }
  std::vector<BlockBounds> blocks = AnalyzeBlocks(*program.tir_schedule);
  if (args.has("--json")) {
    out << BoundsJson(blocks);
    return kSuccess;
  }
  for (size_t i = 0; i < blocks.size(); ++i) {
    const BlockBounds& b = blocks[i];
    if (i) out << "\n";
    out << "block " << b.name;
    if (b.loops.empty()) out << " (under no loop)";
    out << "\n";
    for (const AccessAt& at : b.per_loop) {
      out << "  per iteration of " << at.loop << ":";
      for (const std::string& r : at.reads) out << " reads " << r << ";";
      for (const std::string& w : at.writes) out << " writes " << w << ";";
      out << "\n";
    }
  }
  return kSuccess;
}

// The options run and profile share on a TensorIR document: a target of the command and
// the --var / --scalar values (both name scalar parameters: shape variables or plain
// ones); the exit code when one is wrong.
static std::optional<int> CheckRunOptions(const std::string& command, const ParsedArgs& args,
                                          runtime::ScalarArgs* given, runtime::ScalarArgs* scalars,
                                          std::ostream& err) {
  std::vector<std::string> targets{"llvm", "cuda"};
  if (command == "run") targets.push_back("cuda-emulator");
  if (auto refused = RefuseTarget(args.value("--target", "llvm"), targets))
    return UsageError(command, *refused, err);
  std::map<std::string, int64_t> vars;
  if (auto problem = ParseVarValues(args.values("--var"), &vars))
    return UsageError(command, *problem, err);
  if (auto problem = ParseScalarValues(args.values("--scalar"), scalars))
    return UsageError(command, *problem, err);
  *given = *scalars;
  for (const auto& [name, value] : vars) (*given)[name] = value;
  return std::nullopt;
}

// The scalar parameters of `f` in the lowered function's order: those it declares, then
// the shape variables of its buffers (LowerTensorIR.h).
static std::vector<std::string> TirScalarNames(const tir::PrimFunc& f) {
  std::vector<std::string> names;
  for (const tir::ScalarParam& p : f.scalar_params) names.push_back(p.var.name());
  for (const ir::Var& v : tir::ShapeVariables(f))
    if (std::find(names.begin(), names.end(), v.name()) == names.end()) names.push_back(v.name());
  return names;
}

// The integer values a runner command line passes (--var), or the exit code.
static std::optional<int> RunnerValues(const std::string& command, const runtime::ScalarArgs& given,
                                       std::map<std::string, int64_t>* out, std::ostream& err) {
  auto integers = IntegerScalars(given);
  if (!integers)
    return UsageError(command, "--runner passes integer values only; " + integers.error().message,
                      err);
  *out = std::move(*integers);
  return std::nullopt;
}

int TensorIRRun(const script::ScriptProgram& program, const ParsedArgs& args, std::ostream& out,
                std::ostream& err) {
  runtime::ScalarArgs vars, scalars;
  if (auto code = CheckRunOptions("run", args, &vars, &scalars, err)) return *code;
  if (auto problem = CheckScalarNames(program.tir_schedule->func().name,
                                      TirScalarNames(program.tir_schedule->func()), scalars))
    return UsageError("run", *problem, err);
  if (args.has("--runner")) {
    std::map<std::string, int64_t> given;
    if (auto code = RunnerValues("run", vars, &given, err)) return *code;
    return RunThroughRunner({.command = "run",
                             .file = args.positional[0],
                             .target = args.value("--target", "llvm"),
                             .vars = given,
                             .check = args.has("--check"),
                             .func = args.value("--func", "")},
                            program, args, out, err);
  }
  auto seed = ParseInteger(args.value("--seed", "1"));
  if (!seed) return UsageError("run", "--seed expects an integer", err);
  const tir::PrimFunc& func = program.tir_schedule->func();
  const std::string target = args.value("--target", "llvm");
  auto lowered = LowerScheduled(program, func, err, true, target);
  if (!lowered) return kBadInput;
  auto arguments =
      MakeTirArguments(func, lowered->func, vars, static_cast<uint64_t>(*seed), kDefaultShapeValue,
                       program.tir_schedule->state().param_layouts());
  if (!arguments) return UsageError("run", arguments.error().message, err);
  PrintScalarNotes(arguments->scalars, out);
  if (target == "cuda-emulator")
    return RunTirOnEmulator(program, *lowered, *arguments, static_cast<uint64_t>(*seed),
                            args.has("--check"), out, err);
  int code = kSuccess;
  auto kernel = BuildKernel(*lowered, target, err, &code);
  if (!kernel) return code;
  KernelArguments call;
  call.buffers = arguments->buffers;
  call.scalars = arguments->scalars;
  // Keep the inputs as they were: the check evaluates the reference on copies.
  std::vector<runtime::NDArray> inputs;
  for (const runtime::NDArray& b : arguments->buffers) inputs.push_back(b.Clone());
  auto start = std::chrono::steady_clock::now();
  if (auto st = kernel->call(call); !st) {
    err << "tessera-cli run: the kernel failed: " << st.error().message << "\n";
    return kBadInput;
  }
  out << func.name << " (TensorIR) on " << kernel->target << ": compiled in " << kernel->compile_ms
      << " ms, ran in " << MillisecondsSince(start) << " ms\n";
  if (!args.has("--check")) return kSuccess;
  TirArguments before = *arguments;
  before.buffers = std::move(inputs);
  auto start_check = std::chrono::steady_clock::now();
  auto expected = reference::TirExpectedOutputs(program.tir_original, program.tir_te_args, before);
  if (!expected) {
    err << "tessera-cli run: the reference failed: " << expected.error().message << "\n";
    return kBadInput;
  }
  out << "check against the reference (reference: " << expected->reference << ", "
      << MillisecondsSince(start_check) << " ms):\n";
  std::vector<reference::OutputCheck> checks =
      reference::CompareTirOutputs(func, *arguments, call.buffers, *expected);
  bool all_ok = true;
  size_t k = 0;
  for (size_t i = 0; i < call.buffers.size(); ++i) {
    if (!arguments->is_output[i]) continue;
    const reference::OutputCheck& c = checks[k++];
    all_ok &= c.result.ok();
    out << "  " << c.tensor << " " << call.buffers[i].TypeString() << ": " << c.result.str()
        << "\n";
  }
  if (!all_ok) {
    err << "tessera-cli run: --check found a mismatch\n";
    return kCheckFailed;
  }
  return kSuccess;
}

int TensorIRProfile(const script::ScriptProgram& program, const ParsedArgs& args, std::ostream& out,
                    std::ostream& err) {
  runtime::ScalarArgs vars, scalars;
  if (auto code = CheckRunOptions("profile", args, &vars, &scalars, err)) return *code;
  if (auto problem = CheckScalarNames(program.tir_schedule->func().name,
                                      TirScalarNames(program.tir_schedule->func()), scalars))
    return UsageError("profile", *problem, err);
  auto repeat = ParseInteger(args.value("--repeat", "10"));
  if (!repeat || *repeat < 1 || *repeat > 1000000)
    return UsageError("profile", "--repeat expects an integer from 1 to 1000000", err);
  if (args.has("--runner")) {
    std::map<std::string, int64_t> given;
    if (auto code = RunnerValues("profile", vars, &given, err)) return *code;
    return RunThroughRunner({.command = "profile",
                             .file = args.positional[0],
                             .target = args.value("--target", "llvm"),
                             .vars = given,
                             .repeat = static_cast<int>(*repeat),
                             .json = args.has("--json"),
                             .func = args.value("--func", "")},
                            program, args, out, err);
  }
  const tir::PrimFunc& func = program.tir_schedule->func();
  const std::string target = args.value("--target", "llvm");
  auto lowered = LowerScheduled(program, func, err, true, target);
  if (!lowered) return kBadInput;
  int code = kSuccess;
  auto kernel = BuildKernel(*lowered, target, err, &code);
  if (!kernel) return code;
  auto arguments = MakeTirArguments(func, lowered->func, vars, 1, kDefaultShapeValue,
                                    program.tir_schedule->state().param_layouts());
  if (!arguments) return UsageError("profile", arguments.error().message, err);
  KernelArguments call;
  call.buffers = arguments->buffers;
  call.scalars = arguments->scalars;
  auto measured = kernel->time(call, static_cast<int>(*repeat));
  if (!measured) {
    err << "tessera-cli profile: the kernel failed: " << measured.error().message << "\n";
    return kBadInput;
  }
  std::vector<double> times = std::move(measured.value());
  std::sort(times.begin(), times.end());
  double bytes = 0;
  for (const runtime::NDArray& a : call.buffers) bytes += static_cast<double>(a.bytes());
  double median = times[times.size() / 2];
  double gbps = median > 0 ? bytes / (median / 1000.0) / 1e9 : 0.0;
  if (args.has("--json")) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "{\"kind\": \"tensorir\", \"min_ms\": %.6f, \"median_ms\": %.6f, \"bytes\": "
                  "%.0f, \"gbps\": %.3f, \"repeat\": %lld}\n",
                  times.front(), median, bytes, gbps, static_cast<long long>(*repeat));
    out << buf;
    return kSuccess;
  }
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s (TensorIR) on %s: min %.4f ms, median %.4f ms, %.2f GB/s\n",
                func.name.c_str(), kernel->target.c_str(), times.front(), median, gbps);
  out << buf;
  return kSuccess;
}

int TensorIRExport(const script::ScriptProgram& program, const std::string& format,
                   script::TvmVersion version, std::string* text, std::ostream& err) {
  tir::TvmDialect dialect = version.minor >= 24 ? tir::TvmDialect::STir : tir::TvmDialect::Tir;
  if (format == "tvmscript") {  // sch.mod.script(): the module of the scheduled function
    tir::PrimFunc f = program.tir_schedule->func();
    script::TensorIRModule mod;
    mod.functions = {{f.name, f}};
    mod.dialect = dialect;
    *text = mod.Script() + "\n";
    return kSuccess;
  }
  if (format == "tir") {
    auto program_text = script::ExportTensorIRDocument(program, version);
    if (!program_text) {
      err << program.file << ": error: " << program_text.error().message << "\n";
      return kBadInput;
    }
    *text = *program_text;
    return kSuccess;
  }
  if (format == "cuda" || format == "ptx") {
    auto lowered = LowerScheduled(program, program.tir_schedule->func(), err, true, "cuda");
    if (!lowered) return kBadInput;
    // PTX through NVRTC needs no GPU; the architecture is the GPU's when there is one.
    codegen::CudaOptions options = runtime::CudaOptionsForDevice();
    Result<std::string> code = codegen::EmitCUDASource(*lowered, options);
    if (code && format == "ptx") code = codegen::CompileToPTX(*code, options.arch);
    if (!code) {
      err << program.file << ": error: " << code.error().message << "\n";
      return kBadInput;
    }
    *text = *code;
    if (!text->empty() && text->back() != '\n') *text += "\n";
    return kSuccess;
  }
  if (format == "c" || format == "llvm" || format == "asm") {
    auto lowered = LowerScheduled(program, program.tir_schedule->func(), err, true,
                                  format == "c" ? "c" : "llvm");
    if (!lowered) return kBadInput;
    Result<std::string> code = format == "c"      ? codegen::CodeGenC(lowered->func)
                               : format == "llvm" ? codegen::EmitLLVMIR(lowered->func)
                                                  : codegen::EmitAssembly(lowered->func);
    if (!code) {
      err << "tessera-cli export: error: " << code.error().message << "\n";
      return kBadInput;
    }
    *text = *code;
    if (!text->empty() && text->back() != '\n') *text += "\n";
    return kSuccess;
  }
  err << "tessera-cli export: --format " << format << " is not available for a TensorIR document ("
      << program.file << "); use tir, tvmscript, c, cuda, ptx, llvm or asm\n";
  return kUnavailable;
}

int TensorIRNotSupported(const std::string& command, const script::ScriptProgram& program,
                         const std::string& instead, std::ostream& err) {
  err << "tessera-cli " << command << ": " << program.file
      << " is a TensorIR document (its last schedule is a "
      << (program.tir_dialect == tir::TvmDialect::STir ? "s_tir" : "tir") << ".Schedule, line "
      << program.tir_schedule_line << "); " << command << " works on te schedules only"
      << (instead.empty() ? "" : "; " + instead) << "\n";
  return kUnavailable;
}

}  // namespace tessera::cli
