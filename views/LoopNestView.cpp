#include "views/LoopNestView.h"

#include <QHeaderView>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

namespace tessera::views {
namespace {

QString KindName(LoopTreeNode::Kind k) {
  switch (k) {
    case LoopTreeNode::Kind::Loop: return LoopNestView::tr("loop");
    case LoopTreeNode::Kind::Produce: return LoopNestView::tr("produce");
    case LoopTreeNode::Kind::Realize: return LoopNestView::tr("realize");
    case LoopTreeNode::Kind::Allocate: return LoopNestView::tr("allocate");
    case LoopTreeNode::Kind::If: return LoopNestView::tr("condition");
    case LoopTreeNode::Kind::Store: return LoopNestView::tr("store");
    default: return QString();
  }
}

}  // namespace

LoopNestView::LoopNestView(QWidget* parent) : ViewBase(parent), tree_(new QTreeWidget(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tree_);
  tree_->setColumnCount(3);
  tree_->setHeaderLabels({tr("Statement"), tr("Kind"), tr("Stage")});
  tree_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  tree_->setUniformRowHeights(true);
  connect(tree_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (updating_ || !item || !selectionModel()) return;
    QString stage = item->data(0, kStageRole).toString();
    QString var = item->data(0, kVarRole).toString();
    if (!var.isEmpty())
      selectionModel()->selectIterVar(stage, var);
    else if (!stage.isEmpty())
      selectionModel()->selectStage(stage);
  });
}

void LoopNestView::setState(const DocumentState& state) {
  updating_ = true;
  tree_->clear();
  LoopTreeNode root = BuildLoopTree(state.lowered);
  addChildren(tree_->invisibleRootItem(), root);
  tree_->expandAll();
  updating_ = false;
  selectionChanged();
}

void LoopNestView::addChildren(QTreeWidgetItem* parent, const LoopTreeNode& node) {
  for (const LoopTreeNode& child : node.children) {
    auto* item = new QTreeWidgetItem(parent);
    item->setText(0, QString::fromStdString(child.label));
    item->setText(1, child.kind == LoopTreeNode::Kind::Loop ? QString::fromStdString(child.for_kind)
                                                            : KindName(child.kind));
    item->setText(2, QString::fromStdString(child.stage));
    item->setData(0, kStageRole, QString::fromStdString(child.stage));
    item->setData(0, kVarRole, QString::fromStdString(child.var));
    if (child.kind == LoopTreeNode::Kind::Produce) {
      QFont bold = item->font(0);
      bold.setBold(true);
      item->setFont(0, bold);
    }
    addChildren(item, child);
  }
}

QTreeWidgetItem* LoopNestView::loopItem(const QString& stage, const QString& var) const {
  for (QTreeWidgetItemIterator it(tree_); *it; ++it)
    if ((*it)->data(0, kStageRole).toString() == stage && (*it)->data(0, kVarRole).toString() == var)
      return *it;
  return nullptr;
}

void LoopNestView::selectionChanged() {
  if (!selectionModel()) return;
  updating_ = true;
  QTreeWidgetItem* item = loopItem(selectionModel()->stage(), selectionModel()->iterVar());
  tree_->setCurrentItem(item);
  if (item) tree_->scrollToItem(item);
  updating_ = false;
}

}  // namespace tessera::views
