// IterVarGraphView: the IterVar hyper-graph of the selected stage: root vars on top,
// split / fuse / rebase relations as small nodes, leaf vars highlighted, each var with
// its InferBound range and annotation badges. Below it, the loop-order strip lists the
// leaf vars outermost first. Gestures: click selects a var; the context menu offers the
// loop primitives; dropping a leaf var on its neighbour fuses them; dragging vars in
// the strip reorders; dropping a stage (from the Stage DAG) on a leaf var computes it
// there.
#pragma once

#include "views/GraphPanel.h"

class QListWidget;

namespace tessera::views {

class IterVarGraphView : public GraphPanel {
  Q_OBJECT

 public:
  explicit IterVarGraphView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;
  void forgetDocument() override { stage_.clear(); }

  QString shownStage() const { return stage_; }
  QListWidget* loopOrderStrip() const { return strip_; }
  // Why dropping node `source` (an iter var or a stage) on iter var node `target` is
  // illegal ("" = legal).
  QString dropProblem(const QString& source, const QString& target) const;
  void dropNode(const QString& source, const QString& target);
  QMenu* contextMenuFor(const QString& var);

 protected:
  void selectionChanged() override;
  void retranslateUi() override;

 private:
  void showStage(const QString& stage);
  void fillStrip();
  void stripReordered();
  schedule::Stage stage() const;

  DocumentState state_;
  QString stage_;
  QListWidget* strip_;
  bool fillingStrip_ = false;
};

}  // namespace tessera::views
