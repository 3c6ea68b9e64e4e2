// CacheFitColumn: the Loop nest view's "Working set" column (cache fit per
// loop). Each loop shows the bytes one of its iterations touches (cache lines, all
// buffers; analysis/Footprint.h) as a small bar on a log scale up to the last cache
// level, coloured by the innermost cache that holds it; a loop whose working set spills
// L1 is marked with the level it lives in. The tooltip lists the buffers.
#pragma once

#include <QStyledItemDelegate>

#include "views/DocumentState.h"

class QTreeWidget;

namespace tessera::views {

class CacheFitDelegate : public QStyledItemDelegate {
  Q_OBJECT

 public:
  static constexpr int kBytesRole = Qt::UserRole + 20;     // qint64 line bytes, -1 unknown
  static constexpr int kLevelRole = Qt::UserRole + 21;     // "L1", "L2", "L3", "DRAM"
  static constexpr int kFractionRole = Qt::UserRole + 22;  // bar length in [0, 1]

  using QStyledItemDelegate::QStyledItemDelegate;
  void paint(QPainter* painter, const QStyleOptionViewItem& option,
             const QModelIndex& index) const override;
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

// Fills `column` of the loop items of `tree` (items whose column 0 holds `var_role` =
// loop variable, in program order, as LoopNestView builds them) from `state.lowered`.
void ApplyCacheFit(QTreeWidget* tree, int column, int var_role, const DocumentState& state);
// The same on the descendants of `root` (rows built apart from their tree).
void ApplyCacheFit(QTreeWidgetItem* root, int column, int var_role, const DocumentState& state);

}  // namespace tessera::views
