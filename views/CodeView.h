// CodeView: the lowered IR after each pass (a timeline), and the generated code. The IR
// is printed with spans, so clicking a loop selects its IterVar in every view, and the
// loops of the selected IterVar are highlighted.
#pragma once

#include <QPlainTextEdit>

#include "ir/Printer.h"
#include "views/LoopTree.h"
#include "views/ViewBase.h"

class QComboBox;
class QToolButton;

namespace tessera::views {

class CodeView : public ViewBase {
  Q_OBJECT

 public:
  explicit CodeView(QWidget* parent = nullptr);

  void setState(const DocumentState& state) override;
  QPlainTextEdit* editor() const { return editor_; }
  QComboBox* artifactBox() const { return artifacts_; }
  // Selects the IterVar of the loop printed at editor position `position` (what a click
  // does); returns false when no loop is printed there.
  bool selectLoopAt(int position);
  // The editor position where the loop of (stage, var) is printed, -1 if none.
  int offsetOfLoop(const QString& stage, const QString& var) const;
  // Generated code (C, LLVM IR, assembly, CUDA C++): the lines (0-based) of the loops of
  // (stage, var) and of the loops inside them — what the selection highlights.
  std::vector<int> generatedLoopLines(const QString& stage, const QString& var) const;
  // Shows the artefact titled `title` ("Assembly", "C source", ...); false if none.
  bool showArtifactTitled(const QString& title);

 protected:
  void selectionChanged() override;
  bool eventFilter(QObject* watched, QEvent* event) override;
  void retranslateUi() override;

 private:
  void showArtifact(int index);
  QStringList listedTitles() const;
  const LoopTreeNode* loopAt(int offset) const;
  // Text-only artefacts (passes after ScheduleOps): the loop header on `line`, its
  // stage found from the enclosing `produce` or from the schedule's leaf vars.
  bool selectTextLoopAt(int line);
  QStringList textLoopLines(const QString& stage, const QString& var) const;
  // The artefact shown when it is generated code with loop lines, else null.
  const codegen::LoopLines* generatedLines() const;
  bool selectGeneratedLoopAt(int line);
  // The stage owning a leaf iter var named `var` when exactly one does.
  QString ownerStage(const QString& var) const;

  QComboBox* artifacts_;
  QToolButton* previous_;
  QToolButton* next_;
  QPlainTextEdit* editor_;
  std::vector<CodeArtifact> entries_;
  std::shared_ptr<const schedule::Schedule> schedule_;
  ir::PrintedProgram printed_;
  LoopTreeNode tree_;
  int shownVersion_ = -1;
  QString shownTitle_;  // the artefact the editor holds ("" = none or a placeholder)
};

}  // namespace tessera::views
