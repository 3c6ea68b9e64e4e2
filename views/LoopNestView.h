// LoopNestView: the lowered loop program as a tree (loops, produce scopes that show
// where each stage is attached, realizes, stores). Selecting a loop selects its IterVar.
#pragma once

#include "views/LoopTree.h"
#include "views/ViewBase.h"

class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::views {

class LoopNestView : public ViewBase {
  Q_OBJECT

 public:
  static constexpr int kStageRole = Qt::UserRole + 1;
  static constexpr int kVarRole = Qt::UserRole + 2;

  explicit LoopNestView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;
  QTreeWidget* tree() const { return tree_; }
  // The item of loop (stage, var), or null.
  QTreeWidgetItem* loopItem(const QString& stage, const QString& var) const;

 protected:
  void selectionChanged() override;

 private:
  void addChildren(QTreeWidgetItem* parent, const LoopTreeNode& node);

  QTreeWidget* tree_;
  bool updating_ = false;
};

}  // namespace tessera::views
