// TirBoundsView: the Bounds view of a TensorIR document (TirBoundsModel.h). Top: every
// block with its iterator kinds, its compute-at point, what it writes per iteration
// there and its computed vs required elements (over-computation highlighted), and its
// loops with their kinds and ranges below it. Bottom: the region analysis of the
// selected block at a loop (the loops where its readers sit, and the root): each
// reader's region with the loops relaxed, their union, the union clipped to the buffer,
// and what the block provides there. Selecting a block or a loop selects it everywhere.
// The block tree applies what the analysis is about, as the block graph does: a block
// row dropped on a loop row of another block computes it there (compute_at, or
// reverse_compute_at for a consumer), refused while dragging with the schedule's reason;
// a loop row's context menu offers the blocks that can be computed at it, a block row's
// offers Compute At… and Reverse Compute At….
#pragma once

#include <memory>
#include <vector>

#include "views/TirBoundsModel.h"
#include "views/TirDragTree.h"
#include "views/ViewBase.h"

class QComboBox;
class QLabel;
class QMenu;
class QMimeData;
class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::views {

class TirBoundsView : public ViewBase {
  Q_OBJECT

 public:
  static constexpr int kBlockRole = Qt::UserRole + 1;
  static constexpr int kLoopRole = Qt::UserRole + 2;
  static constexpr int kOvercomputeRole = Qt::UserRole + 3;
  static constexpr int kClippedRole = Qt::UserRole + 4;

  explicit TirBoundsView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;
  void forgetDocument() override;

  QTreeWidget* blockTree() const { return blocks_; }
  QTreeWidget* regionTree() const { return regions_; }
  QComboBox* tableBox() const { return tables_; }
  QString note() const;
  QTreeWidgetItem* blockItem(const QString& block) const;
  QTreeWidgetItem* loopItem(const QString& block, const QString& loop) const;
  // The block whose region analysis the bottom tree shows.
  QString shownBlock() const { return shown_; }
  // Shows the region analysis of `block` (the table where it is computed first).
  void showBlock(const QString& block);

  // Why dropping `payload` ("block:B") on row `target` is refused ("" = legal).
  QString dropProblem(const QString& payload, QTreeWidgetItem* target) const;
  // Handles a drop (real and simulated): emits the intent, or the reason it is refused.
  bool dropOn(const QMimeData* mime, QTreeWidgetItem* target);
  // The context menu of a block or loop row (actions named "compute_at", or
  // "compute_at:B" / "reverse_compute_at:B" on a loop row); null for other rows.
  QMenu* contextMenuFor(QTreeWidgetItem* item);

 protected:
  void selectionChanged() override;
  void retranslateUi() override;

 private:
  void fillBlocks();
  void fillTable(int index);
  TirDrop dropOf(const QString& payload, QTreeWidgetItem* target) const;
  void requestPrimitive(const QString& primitive, const QString& block);

  QLabel* note_ = nullptr;
  QLabel* tableLabel_ = nullptr;
  TirDragTree* blocks_ = nullptr;
  QComboBox* tables_ = nullptr;
  QTreeWidget* regions_ = nullptr;
  std::shared_ptr<const tir::Schedule> sch_;
  std::vector<TirRegionTables> shownTables_;
  QString shown_;
  bool hasErrors_ = false;
  bool updating_ = false;
};

}  // namespace tessera::views
