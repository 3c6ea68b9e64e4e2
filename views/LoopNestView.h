// LoopNestView: the lowered loop program as a tree (loops, produce scopes that show
// where each stage is attached, realizes, stores). Selecting a loop selects its IterVar.
// Dragging a loop onto another loop of the same stage moves it there (reorder: before
// the target, or after it when dropped on the target's lower half); the insertion line
// and the status bar show the resulting order while dragging, and an order the reorder
// primitive refuses is refused before the drop. Dropping a stage (a produce scope here,
// or a Stage DAG node) on a loop computes it there. The context menus offer the same
// primitives as the IterVar graph's and the Stage DAG's.
#pragma once

#include "views/LoopTree.h"
#include "views/ViewBase.h"

class QMenu;
class QMimeData;
class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::views {

class LoopNestView : public ViewBase {
  Q_OBJECT

 public:
  static constexpr int kStageRole = Qt::UserRole + 1;
  static constexpr int kVarRole = Qt::UserRole + 2;
  // Columns after Statement, Kind, Stage: the bytes one iteration touches against the
  // caches (CacheFitColumn.h), and the innermost loops' static throughput (LLVM MCA,
  // once the generated code is there) beside the last measured time.
  static constexpr int kWorkingSetColumn = 3;
  static constexpr int kThroughputColumn = 4;

  explicit LoopNestView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;
  QTreeWidget* tree() const { return tree_; }
  // The item of loop (stage, var), or null.
  QTreeWidgetItem* loopItem(const QString& stage, const QString& var) const;
  QTreeWidgetItem* produceItem(const QString& stage) const;
  // The context menu of a loop's item (its primitives, the stages that can be computed
  // there, Make Tunable) or of a produce scope (its stage's primitives); null otherwise.
  QMenu* contextMenuFor(QTreeWidgetItem* item);

  // Drag payloads: "loop:<stage>/<var>" for a loop, "stage:<name>" for a produce scope.
  static QMimeData* mimeForItem(QTreeWidgetItem* item);
  // Why dropping `payload` on `target` is illegal ("" = legal); `after`: on the lower
  // half of a loop (the dragged loop goes after it).
  QString dropProblem(const QString& payload, QTreeWidgetItem* target, bool after = false) const;
  // What a legal drop would do, in words ("reorder C: k, i, j"), for the status bar.
  QString dropPreview(const QString& payload, QTreeWidgetItem* target, bool after = false) const;
  // Handles a drop (real ones and tests): emits the intent or the reason it is illegal.
  bool dropOn(const QMimeData* mime, QTreeWidgetItem* target, bool after = false);

 protected:
  void selectionChanged() override;
  void retranslateUi() override;

 private:
  void addChildren(QTreeWidgetItem* parent, const LoopTreeNode& node);
  void applyThroughput(QTreeWidgetItem* rows, const DocumentState& state);
  void fitColumns();
  // The loop order a loop drop gives (empty when the payload is not a loop of the stage).
  QStringList droppedOrder(const QString& payload, QTreeWidgetItem* target, bool after) const;

  QTreeWidget* tree_;
  bool updating_ = false;
  DocumentState state_;
};

}  // namespace tessera::views
