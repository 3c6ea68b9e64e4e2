// TargetCode: the generated code of the document's lowered function (C source, LLVM IR,
// host assembly, and CUDA C++ and PTX when NVRTC is there; no GPU needed), built off the GUI thread
// after the document settles, because LLVM's O3 pipeline takes longer than a frame. The Code view
// lists them after the pass timeline.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <vector>

#include "views/DocumentState.h"

namespace tessera::gui {

class Document;

class TargetCode : public QObject {
  Q_OBJECT

 public:
  explicit TargetCode(Document* doc, QObject* parent = nullptr);
  ~TargetCode() override;
  // Builds now for the current state (tests); the result arrives through the document.
  void buildNow();
  void waitForFinished() { watcher_.waitForFinished(); }

 private:
  struct Built {
    int version = 0;
    std::vector<views::CodeArtifact> artifacts;
  };
  static Built Build(int version, std::shared_ptr<const transform::LoweredProgram> function,
                     std::shared_ptr<const script::ScriptProgram> program, ir::Stmt loops);

  Document* doc_;
  QTimer settle_;
  QFutureWatcher<Built> watcher_;
};

}  // namespace tessera::gui
