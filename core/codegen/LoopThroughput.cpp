// LoopThroughput with LLVM: the assembly is parsed back into MCInsts (the target's asm
// parser driving a streamer that only collects instructions), lowered to mca::
// Instructions and run through MCA's default out-of-order pipeline for the CPU's
// scheduling model; a listener adds up the micro-ops dispatched and the cycles each
// execution unit is used (as llvm-mca's resource-pressure view does).
#include "codegen/LoopThroughput.h"

#include <llvm/ADT/bit.h>
#include <llvm/MC/MCAsmInfo.h>
#include <llvm/MC/MCContext.h>
#include <llvm/MC/MCInst.h>
#include <llvm/MC/MCInstrAnalysis.h>
#include <llvm/MC/MCInstrInfo.h>
#include <llvm/MC/MCObjectFileInfo.h>
#include <llvm/MC/MCParser/MCAsmParser.h>
#include <llvm/MC/MCParser/MCTargetAsmParser.h>
#include <llvm/MC/MCRegisterInfo.h>
#include <llvm/MC/MCStreamer.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/MCTargetOptions.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/MCA/Context.h>
#include <llvm/MCA/CustomBehaviour.h>
#include <llvm/MCA/HWEventListener.h>
#include <llvm/MCA/InstrBuilder.h>
#include <llvm/MCA/Pipeline.h>
#include <llvm/MCA/SourceMgr.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/SubtargetFeature.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>

#include "codegen/CpuTarget.h"

namespace tessera::codegen {

namespace {

void InitializeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmParser();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

std::string HostFeatures() {
  llvm::SubtargetFeatures features;
  const auto host = llvm::sys::getHostCPUFeatures();
  for (const auto& f : host) features.AddFeature(f.getKey(), f.getValue());
  return features.getString();
}

// Collects the instructions the parser reads; everything else is ignored.
class InstructionCollector : public llvm::MCStreamer {
 public:
  InstructionCollector(llvm::MCContext& context, std::vector<llvm::MCInst>& out)
      : llvm::MCStreamer(context), out_(out) {}
  void emitInstruction(const llvm::MCInst& inst, const llvm::MCSubtargetInfo&) override {
    out_.push_back(inst);
  }
  bool emitSymbolAttribute(llvm::MCSymbol*, llvm::MCSymbolAttr) override { return true; }
  void emitCommonSymbol(llvm::MCSymbol*, uint64_t, llvm::Align) override {}
  void emitZerofill(llvm::MCSection*, llvm::MCSymbol*, uint64_t, llvm::Align,
                    llvm::SMLoc) override {}

 private:
  std::vector<llvm::MCInst>& out_;
};

// Micro-ops dispatched and cycles per execution unit (a resource's units counted apart).
class PressureListener : public llvm::mca::HWEventListener {
 public:
  explicit PressureListener(const llvm::MCSchedModel& model) : model_(model) {}
  void onEvent(const llvm::mca::HWInstructionEvent& event) override {
    if (event.Type == llvm::mca::HWInstructionEvent::Dispatched) {
      uops += static_cast<const llvm::mca::HWInstructionDispatchedEvent&>(event).MicroOpcodes;
      return;
    }
    if (event.Type != llvm::mca::HWInstructionEvent::Issued) return;
    const auto& issued = static_cast<const llvm::mca::HWInstructionIssuedEvent&>(event);
    for (const llvm::mca::ResourceUse& use : issued.UsedResources) {
      unsigned kind = unsigned(use.first.first);
      unsigned unit = unsigned(llvm::countr_zero(use.first.second));
      if (kind >= model_.getNumProcResourceKinds()) continue;
      const llvm::MCProcResourceDesc* desc = model_.getProcResource(kind);
      std::string name = desc->Name;
      if (desc->NumUnits > 1) name += "." + std::to_string(unit);
      cycles[name] += double(use.second);
    }
  }
  unsigned uops = 0;
  std::map<std::string, double> cycles;

 private:
  const llvm::MCSchedModel& model_;
};

struct MachineTarget {
  const llvm::Target* target = nullptr;
  std::string triple, cpu;
  std::unique_ptr<llvm::MCRegisterInfo> mri;
  std::unique_ptr<llvm::MCAsmInfo> mai;
  std::unique_ptr<llvm::MCSubtargetInfo> sti;
  std::unique_ptr<llvm::MCInstrInfo> mcii;
  std::unique_ptr<llvm::MCInstrAnalysis> mcia;
  llvm::MCTargetOptions options;
};

Result<MachineTarget> DescribeTarget(const std::string& cpu_name) {
  InitializeOnce();
  MachineTarget t;
  t.triple = llvm::sys::getProcessTriple();
  std::string error;
  t.target = llvm::TargetRegistry::lookupTarget(t.triple, error);
  if (!t.target) return Error("MCA: no LLVM target for " + t.triple + ": " + error);
  // No CPU named: the one the backend compiles for (the host, or TESSERA_TARGET's).
  const auto& override_target = codegen::CpuTargetFromEnvironment();
  const std::string cpu = !cpu_name.empty() ? cpu_name
                          : override_target ? override_target->cpu
                                            : "";
  t.cpu = cpu.empty() ? llvm::sys::getHostCPUName().str() : cpu;
  std::string features = cpu.empty() ? HostFeatures() : std::string();
  t.mri.reset(t.target->createMCRegInfo(t.triple));
  t.mai.reset(t.target->createMCAsmInfo(*t.mri, t.triple, t.options));
  t.sti.reset(t.target->createMCSubtargetInfo(t.triple, t.cpu, features));
  t.mcii.reset(t.target->createMCInstrInfo());
  if (!t.mri || !t.mai || !t.sti || !t.mcii) return Error("MCA: cannot describe " + t.triple);
  if (!t.sti->isCPUStringValid(t.cpu)) return Error("MCA: unknown CPU '" + t.cpu + "'");
  if (!t.sti->getSchedModel().hasInstrSchedModel())
    return Error("MCA: the CPU '" + t.cpu + "' has no scheduling model in LLVM");
  t.mcia.reset(t.target->createMCInstrAnalysis(t.mcii.get()));
  return t;
}

Result<std::vector<llvm::MCInst>> Parse(const std::string& assembly, MachineTarget& t) {
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(assembly, "loop.s"),
                             llvm::SMLoc());
  std::string diagnostics;
  sources.setDiagHandler(
      [](const llvm::SMDiagnostic& d, void* text) {
        llvm::raw_string_ostream os(*static_cast<std::string*>(text));
        d.print("loop.s", os, false);
      },
      &diagnostics);
  llvm::MCContext context(llvm::Triple(t.triple), t.mai.get(), t.mri.get(), t.sti.get(), &sources);
  std::unique_ptr<llvm::MCObjectFileInfo> files(t.target->createMCObjectFileInfo(context, false));
  context.setObjectFileInfo(files.get());
  std::vector<llvm::MCInst> insts;
  InstructionCollector streamer(context, insts);
  std::unique_ptr<llvm::MCAsmParser> parser(
      llvm::createMCAsmParser(sources, context, streamer, *t.mai));
  std::unique_ptr<llvm::MCTargetAsmParser> target_parser(
      t.target->createMCAsmParser(*t.sti, *parser, *t.mcii, t.options));
  if (!target_parser) return Error("MCA: no assembly parser for " + t.triple);
  parser->setTargetParser(*target_parser);
  // Labels the snippet refers to but does not define are fine; syntax errors are not.
  if (parser->Run(/*NoInitialTextSection=*/false) && !diagnostics.empty())
    return Error("MCA: the assembly does not parse: " + diagnostics);
  return insts;
}

std::string Classify(const ThroughputEstimate& e) {
  if (e.busiest_cycles >= 0.9 * e.cycles_per_iteration && !e.busiest_resource.empty())
    return "resource " + e.busiest_resource;
  if (e.dispatch_cycles >= 0.9 * e.cycles_per_iteration) return "dispatch width";
  return "dependencies (latency)";
}

}  // namespace

std::string ThroughputEstimate::Describe() const {
  char text[256];
  std::snprintf(text, sizeof text, "%.2f cycles/iteration, bound by %s (%d instructions, %s)",
                cycles_per_iteration, bottleneck.c_str(), instructions, cpu.c_str());
  return text;
}

Result<ThroughputEstimate> EstimateThroughput(const std::string& assembly, const std::string& cpu,
                                              int iterations) {
  auto target = DescribeTarget(cpu);
  if (!target.ok()) return target.error();
  MachineTarget& t = *target;
  auto insts = Parse(assembly, t);
  if (!insts.ok()) return insts.error();
  if (insts->empty()) return Error("MCA: no instructions to analyse");
  iterations = std::max(iterations, 1);

  llvm::mca::InstrumentManager instruments(*t.sti, *t.mcii);
  llvm::mca::InstrBuilder builder(*t.sti, *t.mcii, *t.mri, t.mcia.get(), instruments,
                                  /*CallLatency=*/100);
  std::vector<std::unique_ptr<llvm::mca::Instruction>> lowered;
  for (const llvm::MCInst& inst : *insts) {
    auto instruction = builder.createInstruction(inst, {});
    if (!instruction) {
      std::string message;
      llvm::raw_string_ostream os(message);
      os << instruction.takeError();
      return Error("MCA: cannot model an instruction: " + message);
    }
    lowered.push_back(std::move(*instruction));
  }
  llvm::mca::CircularSourceMgr source(lowered, unsigned(iterations));
  llvm::mca::CustomBehaviour behaviour(*t.sti, source, *t.mcii);
  llvm::mca::Context mca(*t.mri, *t.sti);
  llvm::mca::PipelineOptions options(0, 0, 0, 0, 0, 0, /*NoAlias=*/true);
  std::unique_ptr<llvm::mca::Pipeline> pipeline =
      mca.createDefaultPipeline(options, source, behaviour);
  const llvm::MCSchedModel& model = t.sti->getSchedModel();
  PressureListener listener(model);
  pipeline->addEventListener(&listener);
  llvm::Expected<unsigned> cycles = pipeline->run();
  if (!cycles) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << cycles.takeError();
    return Error("MCA: the simulation failed: " + message);
  }
  ThroughputEstimate e;
  e.cpu = t.cpu;
  e.instructions = int(insts->size());
  e.cycles_per_iteration = double(*cycles) / iterations;
  e.uops = int(listener.uops / unsigned(iterations));
  e.dispatch_cycles = double(listener.uops) / iterations / std::max(1u, model.IssueWidth);
  for (const auto& [name, used] : listener.cycles)
    if (used / iterations > e.busiest_cycles) {
      e.busiest_cycles = used / iterations;
      e.busiest_resource = name;
    }
  e.bottleneck = Classify(e);
  return e;
}

namespace {

struct MachineLoop {
  std::vector<int> lines;  // instruction lines (0-based)
};

// A basic block's label (".LBB0_3:", "# %bb.4:") or a function's ("main:"); the
// printer's other local labels (".Ltmp0:", debug-info anchors) start no block.
bool IsLabel(const std::string& line) {
  if (line.rfind("# %bb.", 0) == 0) return line.find(':') != std::string::npos;
  if (line.empty() || line[0] == '\t' || line[0] == ' ' || line[0] == '#') return false;
  if (line.rfind(".L", 0) == 0 && line.rfind(".LBB", 0) != 0) return false;
  size_t colon = line.find(':');
  size_t hash = line.find('#');
  return colon != std::string::npos && (hash == std::string::npos || colon < hash);
}

bool IsInstruction(const std::string& line) {
  size_t first = line.find_first_not_of(" \t");
  return first != std::string::npos && first > 0 && line[first] != '.' && line[first] != '#';
}

// The innermost loops as the printer's loop comments mark them: a block whose comments
// say "This Inner Loop Header" starts one; blocks "in Loop: Header=<it>" continue it.
std::vector<MachineLoop> InnermostMachineLoops(const std::vector<std::string>& lines) {
  std::vector<MachineLoop> loops;
  std::string header;  // "BB0_3" while inside an innermost loop
  static const std::regex in_loop(R"(in Loop: Header=(\S+))");
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (IsLabel(line)) {
      std::string comments = line;
      for (size_t j = i + 1; j < lines.size() && !IsLabel(lines[j]) &&
                             lines[j].find_first_not_of(" \t") != std::string::npos &&
                             lines[j][lines[j].find_first_not_of(" \t")] == '#';
           ++j)
        comments += "\n" + lines[j];
      std::smatch m;
      if (comments.find("This Inner Loop Header") != std::string::npos) {
        std::string label = line.substr(0, line.find(':'));
        header = label.rfind(".L", 0) == 0 ? label.substr(2) : label;
        loops.emplace_back();
      } else if (!(std::regex_search(comments, m, in_loop) && !header.empty() && m[1] == header)) {
        header.clear();
      }
      continue;
    }
    if (line.find(".cfi_endproc") != std::string::npos) header.clear();
    if (!header.empty() && IsInstruction(line)) loops.back().lines.push_back(int(i));
  }
  return loops;
}

}  // namespace

std::vector<LoopThroughput> EstimateLoopThroughput(const std::string& assembly,
                                                   const LoopLines& lines, const std::string& cpu) {
  std::vector<std::string> text;
  std::istringstream in(assembly);
  for (std::string line; std::getline(in, line);) text.push_back(line);
  std::map<int, LoopThroughput> best;
  for (const MachineLoop& loop : InnermostMachineLoops(text)) {
    std::map<int, int> votes;
    std::string body;
    for (int l : loop.lines) {
      if (int id = lines.LoopAt(l)) ++votes[id];
      std::string instruction = text[size_t(l)];
      body += instruction.substr(0, instruction.find('#')) + "\n";
    }
    if (votes.empty()) continue;
    int id = std::max_element(votes.begin(), votes.end(), [](const auto& a, const auto& b) {
               return a.second < b.second;
             })->first;
    auto estimate = EstimateThroughput(body, cpu);
    if (!estimate.ok()) continue;
    auto it = best.find(id);
    if (it != best.end() && it->second.estimate.instructions >= estimate->instructions) continue;
    const LoopId* l = lines.Loop(id);
    best[id] = LoopThroughput{id, l ? l->stage : "", l ? l->var : "", *estimate};
  }
  std::vector<LoopThroughput> out;
  for (auto& [id, t] : best) out.push_back(std::move(t));
  return out;
}

Result<std::vector<LoopThroughput>> EstimateLoopThroughput(const transform::PrimFunc& f,
                                                           const LLVMOptions& options) {
  LoopLines lines;
  auto assembly = EmitAssembly(f, options, &lines);
  if (!assembly.ok()) return assembly.error();
  return EstimateLoopThroughput(*assembly, lines, options.cpu);
}

}  // namespace tessera::codegen
