// StageDagView: the stages of the schedule (placeholder, compute, cache) and their data
// flow, laid out by Graphviz; attach (compute_at) edges, inlined stages greyed, outputs
// marked. Clicking selects a stage; the context menu offers the stage primitives;
// dropping a stage on a stage that reads it asks which of its loops to compute at.
#pragma once

#include <functional>

#include "views/GraphPanel.h"

namespace tessera::views {

class StageDagView : public GraphPanel {
  Q_OBJECT

 public:
  explicit StageDagView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;

  // Why dropping stage `source` on stage `target` cannot mean compute_at ("" = it can).
  QString computeAtProblem(const QString& source, const QString& target) const;
  // Chooses one of `loops` of the drop target (default: a popup menu at the cursor);
  // returns "" when cancelled. Tests install a chooser.
  using LoopChooser = std::function<QString(const QString& target, const QStringList& loops)>;
  void setLoopChooser(LoopChooser chooser) { chooser_ = std::move(chooser); }
  // What a drop of `source` on `target` does (also called by real drops).
  void dropStage(const QString& source, const QString& target);
  // The context menu's primitives for `stage`, as a menu (for tests: its actions).
  QMenu* contextMenuFor(const QString& stage);

 protected:
  void selectionChanged() override;

 private:
  DocumentState state_;
  LoopChooser chooser_;
};

}  // namespace tessera::views
