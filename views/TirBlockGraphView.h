// TirBlockGraphView: the blocks of a TensorIR document (TirBlockGraphModel): data flow
// through buffers, the root block's allocations, cache / init / rfactor blocks, blocks
// placed under a shared loop. Clicking a block selects it (SelectionModel::stage); the
// context menu offers the block primitives; dropping a block on another block asks at
// which of that block's loops to compute it (compute_at, or reverse_compute_at for a
// consumer), refused before release when the schedule refuses it.
#pragma once

#include <functional>
#include <memory>

#include "views/GraphPanel.h"

namespace tessera::views {

class TirBlockGraphView : public GraphPanel {
  Q_OBJECT

 public:
  explicit TirBlockGraphView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;

  // The context menu of `block` (its actions are named after the primitives).
  QMenu* contextMenuFor(const QString& block);
  // Why dropping node `source` on node `target` is refused ("" = some loop accepts it).
  QString dropProblem(const QString& source, const QString& target) const;
  void dropNode(const QString& source, const QString& target);
  // Chooses one of the legal `loops` of block `target` (default: a menu at the cursor);
  // "" cancels. Tests install one.
  using LoopChooser = std::function<QString(const QString& target, const QStringList& loops)>;
  void setLoopChooser(LoopChooser chooser) { chooser_ = std::move(chooser); }

 protected:
  void selectionChanged() override;

 private:
  void requestPrimitive(const QString& primitive, const QString& block);
  // The loops of `target` at which a drop of `source` applies.
  QStringList legalLoops(const QString& source, const QString& target, QString* firstProblem) const;

  std::shared_ptr<const tir::Schedule> sch_;
  LoopChooser chooser_;
};

}  // namespace tessera::views
