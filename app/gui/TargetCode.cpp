#include "TargetCode.h"

#include <QtConcurrent>

#include "Document.h"
#include "Evaluation.h"
#include "codegen/CodeGenC.h"
#include "codegen/LLVMBackend.h"
#include "codegen/LoopThroughput.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"

namespace tessera::gui {

TargetCode::TargetCode(Document* doc, QObject* parent) : QObject(parent), doc_(doc) {
  settle_.setSingleShot(true);
  settle_.setInterval(400);
  connect(doc_, &Document::changed, &settle_, qOverload<>(&QTimer::start));
  connect(&settle_, &QTimer::timeout, this, &TargetCode::buildNow);
  connect(&watcher_, &QFutureWatcher<Built>::finished, this, [this] {
    Built built = watcher_.result();
    doc_->setTargets(built.version, std::move(built.artifacts));
  });
}

TargetCode::~TargetCode() { watcher_.waitForFinished(); }

// One generated text with the lines of its loops (empty lines when it failed).
static views::CodeArtifact Artifact(const std::string& title, const Result<std::string>& r,
                                    codegen::LoopLines lines = {}) {
  views::CodeArtifact a;
  a.title = title;
  a.text = r.ok() ? *r : "// not available: " + r.error().message + "\n";
  if (r.ok()) a.lines = std::move(lines);
  return a;
}

// CUDA C++ and its PTX: the program lowered again with the GPU passes. Schedules
// without thread bindings have no kernel; the artefact then says why.
static void AddCuda(const script::ScriptProgram& program, const ir::Stmt& loops,
                    std::vector<views::CodeArtifact>& out) {
  if (!codegen::NVRTCAvailable()) return;
  auto lowered = LowerToFunction(program, loops, "cuda");
  if (!lowered.ok()) {
    out.push_back(Artifact("CUDA C++", Result<std::string>(lowered.error())));
    return;
  }
  codegen::LoopLines lines;
  auto source = codegen::EmitCUDASource(*lowered, {}, &lines);
  out.push_back(Artifact("CUDA C++", source, std::move(lines)));
  if (source.ok()) out.push_back(Artifact("PTX", codegen::CompileToPTX(*source)));
}

void TargetCode::buildNow() {
  if (watcher_.isRunning()) {
    settle_.start();  // try again once the running build is done
    return;
  }
  const views::DocumentState& state = doc_->state();
  if (!state.function || !state.targets.empty()) return;
  watcher_.setFuture(QtConcurrent::run(&TargetCode::Build, state.version, state.function,
                                       state.program, state.lowered));
}

// Every text with its loop lines (LoopLines.h); the assembly also with each innermost
// loop's MCA throughput. The LLVM IR and assembly are those of the same O3 pipeline as
// the JIT's, printed with loop debug locations (`!dbg`, `.loc 1 N`: loop N).
TargetCode::Built TargetCode::Build(int version,
                                    std::shared_ptr<const transform::LoweredProgram> function,
                                    std::shared_ptr<const script::ScriptProgram> program,
                                    ir::Stmt loops) {
  Built out{version, {}};
  codegen::LoopLines c_lines;
  auto c = codegen::CodeGenC(function->func, &c_lines);
  out.artifacts.push_back(Artifact("C source", c, std::move(c_lines)));
  if (codegen::LLVMAvailable()) {
    codegen::LoopLines ir_lines, asm_lines;
    auto ir = codegen::EmitLLVMIR(function->func, {}, true, &ir_lines);
    out.artifacts.push_back(Artifact("LLVM IR", ir, std::move(ir_lines)));
    auto assembly = codegen::EmitAssembly(function->func, {}, &asm_lines);
    views::CodeArtifact a = Artifact("Assembly", assembly, asm_lines);
    if (assembly.ok()) a.throughput = codegen::EstimateLoopThroughput(*assembly, asm_lines);
    out.artifacts.push_back(std::move(a));
  }
  if (program && loops.defined()) AddCuda(*program, loops, out.artifacts);
  return out;
}

}  // namespace tessera::gui
