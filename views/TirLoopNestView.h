// TirLoopNestView: a TensorIR function's loop nest as a tree, blocks at their places:
// every loop (range, kind, thread, annotations) and every block (iterators, predicate)
// in program order, and each loop's working set per iteration, coloured by the cache that
// holds it (CacheFitColumn.h). The existing LoopNestView reads the lowered TE loop program; a
// TensorIR document has blocks and shares loops between them, so it gets this tree.
// Selecting a block or a loop selects it everywhere. Drags carry "block:<name>" or
// "loop:<block>/<var>" (the first block under the loop): a block dropped on a loop is
// computed there (compute_at, reverse_compute_at for a consumer); a loop dropped on a
// neighbouring loop of its block fuses them, on another loop of its block swaps the two;
// dropped on the insertion line before or after a loop of its block it moves there
// (reorder). Illegal drops are refused while dragging, with the schedule's reason.
#pragma once

#include <memory>

#include "views/TirDragTree.h"
#include "views/ViewBase.h"

class QMimeData;
class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::views {

class TirLoopNestView : public ViewBase {
  Q_OBJECT

 public:
  static constexpr int kPayloadRole = Qt::UserRole + 1;  // "block:C" / "loop:C/i_0"
  static constexpr int kWorkingSetColumn = 3;            // cache fit (CacheFitColumn.h)

  explicit TirLoopNestView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;
  QTreeWidget* tree() const { return tree_; }
  QTreeWidgetItem* blockItem(const QString& block) const;
  QTreeWidgetItem* loopItem(const QString& block, const QString& loop) const;
  // The context menu of an item (block or loop primitives); null for others.
  QMenu* contextMenuFor(QTreeWidgetItem* item);

  static QMimeData* mimeForItem(QTreeWidgetItem* item);
  // Why dropping `payload` at `place` of `target` is refused ("" = legal), and what it
  // would do.
  QString dropProblem(const QString& payload, QTreeWidgetItem* target,
                      TirDropPlace place = TirDropPlace::On) const;
  QString dropPreview(const QString& payload, QTreeWidgetItem* target,
                      TirDropPlace place = TirDropPlace::On) const;
  // Handles a drop (real and simulated): emits the intent, or the reason it is refused.
  bool dropOn(const QMimeData* mime, QTreeWidgetItem* target,
              TirDropPlace place = TirDropPlace::On);

 protected:
  void selectionChanged() override;

 private:
  TirDrop dropOf(const QString& payload, QTreeWidgetItem* target, TirDropPlace place) const;
  void requestPrimitive(const QString& primitive, const QString& block, const QString& loop);

  TirDragTree* tree_;
  std::shared_ptr<const tir::Schedule> sch_;
  bool updating_ = false;
};

}  // namespace tessera::views
