// The LLVM CPU backend: codegen -> O3 (new PassBuilder, host CPU and features) -> ORC
// LLJIT. One LLJIT session per compiled function; the CompiledFunction owns it.
#include "codegen/LLVMBackend.h"

#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/Analysis/ScalarEvolutionAliasAnalysis.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/Transforms/Scalar/DeadStoreElimination.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <chrono>
#include <mutex>

#include "codegen/CodeGenLLVM.h"
#include "codegen/CpuTarget.h"
#include "codegen/DeinterleaveLaneOrder.h"
#include "codegen/ExternCalls.h"
#include "codegen/IntrinsicFeatures.h"

namespace tessera::codegen {

namespace {

using Clock = std::chrono::steady_clock;
double MillisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void InitializeLLVMOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
}

std::string ToString(llvm::Error err) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << err;
  return os.str();
}

// The target machine builder for the host (or the CPU the options name).
Result<llvm::orc::JITTargetMachineBuilder> TargetBuilder(const LLVMOptions& options) {
  InitializeLLVMOnce();
  auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb) return Error("LLVM: cannot describe the host: " + ToString(jtmb.takeError()));
  // No CPU named: the host, or the narrower CPU of TESSERA_TARGET (codegen/CpuTarget.h).
  const auto& override_target = CpuTargetFromEnvironment();
  const std::string cpu = !options.cpu.empty() ? options.cpu
                          : override_target    ? override_target->cpu
                                               : "";
  if (!cpu.empty()) {
    jtmb->setCPU(cpu);
    llvm::SubtargetFeatures features;
    if (!options.features.empty()) features.addFeaturesVector({options.features});
    jtmb->getFeatures() = features;
  }
  llvm::CodeGenOptLevel level = options.opt_level <= 0   ? llvm::CodeGenOptLevel::None
                                : options.opt_level == 1 ? llvm::CodeGenOptLevel::Less
                                : options.opt_level == 2 ? llvm::CodeGenOptLevel::Default
                                                         : llvm::CodeGenOptLevel::Aggressive;
  jtmb->setCodeGenOptLevel(level);
  return std::move(*jtmb);
}

// The vector register file of the target machine's CPU and features (count x width in
// bytes), which CodeGenLLVM sizes register tiles by; 0 for a target it does not know.
int64_t VectorRegisterBytes(const llvm::TargetMachine& tm) {
  const llvm::MCSubtargetInfo* sti = tm.getMCSubtargetInfo();
  if (!sti || !tm.getTargetTriple().isX86()) return 0;
  if (sti->checkFeatures("+avx512f")) return 32 * 64;
  if (sti->checkFeatures("+avx")) return 16 * 32;
  if (sti->checkFeatures("+sse2")) return 16 * 16;
  return 0;
}

// x86 with 256-bit vectors at most: eight lanes at stride 2 take a `vshufps` and a
// `vpermpd` (AVX-512's `vpermt2ps` takes them in one).
bool PicksStrideTwoInTwoShuffles(const llvm::TargetMachine& tm) {
  return VectorRegisterBytes(tm) == 16 * 32;
}

void Optimize(llvm::Module& module, llvm::TargetMachine& tm, int opt_level) {
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    f.addFnAttr("target-cpu", tm.getTargetCPU());
    f.addFnAttr("target-features", tm.getTargetFeatureString());
    // Without it loop-idiom turns a reduction's init stores into memset calls, which
    // neither GVN nor DSE sees through: the accumulators would be zeroed in memory and
    // loaded back instead of starting in zeroed registers.
    f.addFnAttr("no-builtin-memset");
  }
  if (opt_level <= 0) return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder pb(&tm, tuning);
  // The pipeline's last LICM keeps a register tile's accumulators in registers after its
  // DSE has run, so the reduction's init stores, which the tile's final stores overwrite,
  // would stay: one write-allocate and write-back more per accumulator line.
  pb.registerOptimizerLastEPCallback([](llvm::ModulePassManager& mpm, llvm::OptimizationLevel) {
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(llvm::DSEPass()));
  });
  // SCEV-based alias analysis beside the default ones: a register tile's accumulators sit
  // at (outer index sum) + constant offsets, which BasicAA cannot tell apart once the sum
  // has two loop variables, so LICM would load and store them in every reduction step.
  fam.registerPass([&] {
    llvm::AAManager aa = pb.buildDefaultAAPipeline();
    aa.registerFunctionAnalysis<llvm::SCEVAA>();
    return aa;
  });
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = opt_level == 1   ? llvm::OptimizationLevel::O1
                                  : opt_level == 2 ? llvm::OptimizationLevel::O2
                                                   : llvm::OptimizationLevel::O3;
  pb.buildPerModuleDefaultPipeline(level).run(module, mam);
  if (PicksStrideTwoInTwoShuffles(tm))
    for (llvm::Function& f : module)
      if (!f.isDeclaration()) ComputeDeinterleavedTapsInLaneOrder(f);
}

std::string ModuleText(const llvm::Module& module) {
  std::string s;
  llvm::raw_string_ostream os(s);
  module.print(os, nullptr);
  return os.str();
}

// `verbose`: with the printer's comments (block names, loop headers and depths).
Result<std::string> AssemblyText(const llvm::Module& module, llvm::TargetMachine& tm,
                                 bool verbose = false) {
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
  if (verbose) tm.Options.MCOptions.AsmVerbose = true;
  llvm::SmallString<4096> text;
  llvm::raw_svector_ostream os(text);
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::AssemblyFile))
    return Error("LLVM: the target cannot emit assembly");
  pm.run(*copy);
  return std::string(text.str());
}

// Codegen + optimisation of f into a module living in `context`.
struct OptimizedModule {
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::TargetMachine> tm;
  llvm::orc::JITTargetMachineBuilder jtmb;
  CompileStats stats;
  std::string unoptimized_ir;
};

Result<OptimizedModule> Generate(const transform::PrimFunc& f, const LLVMOptions& options,
                                 llvm::LLVMContext& context, bool keep_unoptimized,
                                 bool loop_locations = false) {
  auto jtmb = TargetBuilder(options);
  if (!jtmb.ok()) return jtmb.error();
  auto tm = jtmb->createTargetMachine();
  if (!tm) return Error("LLVM: cannot create a target machine: " + ToString(tm.takeError()));
  CompileStats stats;
  auto start = Clock::now();
  auto module = CodeGenLLVM(context, options.fp_contract, loop_locations, VectorRegisterBytes(**tm))
                    .Compile(f);
  if (!module.ok()) return module.error();
  std::unique_ptr<llvm::Module> m = std::move(module).value();
  if (Status s = CheckIntrinsicFeatures(*m, *(*tm)->getMCSubtargetInfo()); !s) return s.error();
  m->setDataLayout((*tm)->createDataLayout());
  m->setTargetTriple((*tm)->getTargetTriple().str());
  stats.codegen_ms = MillisecondsSince(start);
  std::string unoptimized = keep_unoptimized ? ModuleText(*m) : std::string();
  start = Clock::now();
  Optimize(*m, **tm, options.opt_level);
  stats.optimize_ms = MillisecondsSince(start);
  return OptimizedModule{std::move(m), std::move(*tm), std::move(*jtmb), stats,
                         std::move(unoptimized)};
}

// Makes the runtime's C functions and the process's libraries (libm) visible to the JIT.
llvm::Error DefineRuntimeSymbols(llvm::orc::LLJIT& jit, const JitSymbols& runtime_symbols) {
  llvm::orc::SymbolMap symbols;
  for (auto& [name, address] : runtime_symbols) {
    symbols[jit.mangleAndIntern(name)] = llvm::orc::ExecutorSymbolDef(
        llvm::orc::ExecutorAddr::fromPtr(address),
        llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable);
  }
  if (auto err = jit.getMainJITDylib().define(llvm::orc::absoluteSymbols(std::move(symbols))))
    return err;
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      jit.getDataLayout().getGlobalPrefix());
  if (!process) return process.takeError();
  jit.getMainJITDylib().addGenerator(std::move(*process));
  return llvm::Error::success();
}

}  // namespace

bool LLVMAvailable() { return true; }

std::string LLVMTargetDescription() {
  InitializeLLVMOnce();
  if (const auto& target = CpuTargetFromEnvironment())
    return llvm::sys::getProcessTriple() + ", cpu " + target->cpu + " (TESSERA_TARGET; host " +
           llvm::sys::getHostCPUName().str() + ")";
  return llvm::sys::getProcessTriple() + ", cpu " + llvm::sys::getHostCPUName().str();
}

Result<JitFunction> JitCompile(const transform::PrimFunc& f, const JitSymbols& symbols,
                               const LLVMOptions& options) {
  if (Status s = CheckNoExternCalls(f.body); !s) return s.error();
  auto context = std::make_unique<llvm::LLVMContext>();
  auto generated = Generate(f, options, *context, false);
  if (!generated.ok()) return generated.error();
  OptimizedModule& g = *generated;
  std::string ir_text = options.keep_llvm_ir ? ModuleText(*g.module) : std::string();
  std::string asm_text;
  if (options.keep_assembly) {
    auto text = AssemblyText(*g.module, *g.tm);
    if (!text.ok()) return text.error();
    asm_text = std::move(*text);
  }
  std::string target = g.tm->getTargetTriple().str() + " (" + g.tm->getTargetCPU().str() + ")";

  auto start = Clock::now();
  auto jit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(g.jtmb)).create();
  if (!jit) return Error("LLVM: cannot create the JIT: " + ToString(jit.takeError()));
  if (auto err = DefineRuntimeSymbols(**jit, symbols))
    return Error("LLVM: " + ToString(std::move(err)));
  llvm::orc::ThreadSafeModule tsm(std::move(g.module), std::move(context));
  if (auto err = (*jit)->addIRModule(std::move(tsm)))
    return Error("LLVM: " + ToString(std::move(err)));
  auto entry = (*jit)->lookup(f.name + "_packed");  // materialises: machine code is generated here
  if (!entry) return Error("LLVM: cannot link " + f.name + ": " + ToString(entry.takeError()));
  g.stats.jit_ms = MillisecondsSince(start);

  JitFunction fn;
  fn.entry = entry->toPtr<void*>();
  fn.owner = std::shared_ptr<llvm::orc::LLJIT>(std::move(*jit));
  fn.stats = g.stats;
  fn.target = target;
  fn.llvm_ir = std::move(ir_text);
  fn.assembly = std::move(asm_text);
  return fn;
}

Result<std::string> EmitLLVMIR(const transform::PrimFunc& f, const LLVMOptions& options,
                               bool optimized, LoopLines* lines) {
  llvm::LLVMContext context;
  auto generated = Generate(f, options, context, !optimized, lines != nullptr);
  if (!generated.ok()) return generated.error();
  std::string text = optimized ? ModuleText(*generated->module) : generated->unoptimized_ir;
  if (lines) *lines = LinesFromLLVMIR(text, NumberLoops(f.body));
  return text;
}

Result<std::string> EmitAssembly(const transform::PrimFunc& f, const LLVMOptions& options,
                                 LoopLines* lines) {
  llvm::LLVMContext context;
  auto generated = Generate(f, options, context, false, lines != nullptr);
  if (!generated.ok()) return generated.error();
  auto text = AssemblyText(*generated->module, *generated->tm, lines != nullptr);
  if (text.ok() && lines) *lines = LinesFromAssembly(*text, NumberLoops(f.body));
  return text;
}

}  // namespace tessera::codegen
