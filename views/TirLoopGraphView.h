// TirLoopGraphView: the loops and iterators of the selected TensorIR block
// (TirLoopGraphModel): loop ranges and kinds, iterator kinds, domains and bindings, the
// T.where predicate. Clicking a loop selects it (SelectionModel::iterVar); the context
// menu offers the loop primitives; dropping a loop on its neighbour fuses them, on
// another loop of the block reorders the two; dropping a block (from the block graph
// or the loop nest) on a loop computes it there. Below the graph, the loop-order strip
// (TirLoopStrip) lists the block's loops: a loop dropped between two others moves there
// (reorder), on its neighbour it fuses. Illegal drops are refused before release with
// the schedule's own reason.
#pragma once

#include <memory>

#include "views/GraphPanel.h"
#include "views/TirLoopStrip.h"

namespace tessera::views {

class TirLoopGraphView : public GraphPanel {
  Q_OBJECT

 public:
  explicit TirLoopGraphView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;
  void forgetDocument() override { block_.clear(); }

  QString shownBlock() const { return block_; }
  QMenu* contextMenuFor(const QString& loop);
  // Why dropping node `source` ("loop:<var>" of the shown block, or "block:<name>") on
  // loop node `target` is refused ("" = legal).
  QString dropProblem(const QString& source, const QString& target) const;
  void dropNode(const QString& source, const QString& target);
  // The loop-order strip below the graph.
  TirLoopStrip* loopOrderStrip() const { return strip_; }

 protected:
  void selectionChanged() override;

 private:
  void showBlock(const QString& block);
  void requestPrimitive(const QString& primitive, const QString& loop);
  struct Drop;
  Drop dropOf(const QString& source, const QString& target) const;

  TirDrop stripDrop(const QString& payload, const QString& loop, TirDropPlace place) const;
  void fillStrip();

  std::shared_ptr<const tir::Schedule> sch_;
  QString block_;
  TirLoopStrip* strip_;
};

}  // namespace tessera::views
