// TirBoundsView: the Bounds view of a TensorIR document (TirBoundsModel.h). Top: every
// block with its iterator kinds, its compute-at point, what it writes per iteration
// there and its computed vs required elements (over-computation highlighted), and its
// loops with their kinds and ranges below it. Bottom: the region analysis of the
// selected block at a loop (the loops where its readers sit, and the root): each
// reader's region with the loops relaxed, their union, the union clipped to the buffer,
// and what the block provides there. Selecting a block or a loop selects it everywhere.
#pragma once

#include <memory>
#include <vector>

#include "views/TirBoundsModel.h"
#include "views/ViewBase.h"

class QComboBox;
class QLabel;
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

 protected:
  void selectionChanged() override;
  void retranslateUi() override;

 private:
  void fillBlocks();
  void fillTable(int index);

  QLabel* note_ = nullptr;
  QLabel* tableLabel_ = nullptr;
  QTreeWidget* blocks_ = nullptr;
  QComboBox* tables_ = nullptr;
  QTreeWidget* regions_ = nullptr;
  std::shared_ptr<const tir::Schedule> sch_;
  std::vector<TirRegionTables> shownTables_;
  QString shown_;
  bool hasErrors_ = false;
  bool updating_ = false;
};

}  // namespace tessera::views
