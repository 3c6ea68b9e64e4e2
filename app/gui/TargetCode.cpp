#include "TargetCode.h"

#include <QtConcurrent>

#include "Document.h"
#include "codegen/CodeGenC.h"
#include "Evaluation.h"
#include "codegen/LLVMBackend.h"
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

// CUDA C++ and its PTX: the program lowered again with the GPU passes. Schedules
// without thread bindings have no kernel; the artefact then says why.
template <typename Text>
static void AddCuda(const script::ScriptProgram& program, const ir::Stmt& loops,
                    std::vector<views::CodeArtifact>& out, const Text& text) {
  if (!codegen::NVRTCAvailable()) return;
  auto lowered = LowerToFunction(program, loops, "cuda");
  if (!lowered.ok()) {
    out.push_back({"CUDA C++", text(Result<std::string>(lowered.error())), ir::Stmt()});
    return;
  }
  auto source = codegen::EmitCUDASource(*lowered);
  out.push_back({"CUDA C++", text(source), ir::Stmt()});
  if (source.ok()) out.push_back({"PTX", text(codegen::CompileToPTX(*source)), ir::Stmt()});
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

TargetCode::Built TargetCode::Build(int version,
                                    std::shared_ptr<const transform::LoweredProgram> function,
                                    std::shared_ptr<const script::ScriptProgram> program,
                                    ir::Stmt loops) {
  Built out{version, {}};
  auto text = [](const Result<std::string>& r) {
    return r.ok() ? *r : "// not available: " + r.error().message + "\n";
  };
  out.artifacts.push_back({"C source", text(codegen::CodeGenC(function->func)), ir::Stmt()});
  if (codegen::LLVMAvailable()) {
    out.artifacts.push_back({"LLVM IR", text(codegen::EmitLLVMIR(function->func)), ir::Stmt()});
    out.artifacts.push_back({"Assembly", text(codegen::EmitAssembly(function->func)), ir::Stmt()});
  }
  if (program && loops.defined()) AddCuda(*program, loops, out.artifacts, text);
  return out;
}

}  // namespace tessera::gui
