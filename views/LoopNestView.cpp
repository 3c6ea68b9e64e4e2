#include "views/LoopNestView.h"

#include <QDragMoveEvent>
#include <QHeaderView>
#include <QMenu>
#include <QMimeData>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>
#include <functional>
#include <vector>

#include "views/CacheFitColumn.h"
#include "views/FullTextTips.h"
#include "views/MakeTunableMenu.h"
#include "views/MeasuredOnceHeader.h"
#include "views/PrimitiveMenus.h"
#include "views/PrimitiveRequests.h"
#include "views/TreeSync.h"
#include "views/graph/GraphScene.h"

namespace tessera::views {
namespace {

QString KindName(LoopTreeNode::Kind k) {
  switch (k) {
    case LoopTreeNode::Kind::Loop:
      return LoopNestView::tr("loop");
    case LoopTreeNode::Kind::Produce:
      return LoopNestView::tr("produce");
    case LoopTreeNode::Kind::Realize:
      return LoopNestView::tr("realize");
    case LoopTreeNode::Kind::Allocate:
      return LoopNestView::tr("allocate");
    case LoopTreeNode::Kind::If:
      return LoopNestView::tr("condition");
    case LoopTreeNode::Kind::Store:
      return LoopNestView::tr("store");
    default:
      return QString();
  }
}

// The core's loop kinds in the interface language, like the Bounds view's kinds (#17
// item 15: zh_CN must not show "parallel" beside translated words).
QString LoopKindName(const std::string& kind) {
  static const std::pair<const char*, const char*> names[] = {
      {"serial", QT_TRANSLATE_NOOP("tessera::views::LoopNestView", "serial")},
      {"parallel", QT_TRANSLATE_NOOP("tessera::views::LoopNestView", "parallel")},
      {"vectorized", QT_TRANSLATE_NOOP("tessera::views::LoopNestView", "vectorized")},
      {"unrolled", QT_TRANSLATE_NOOP("tessera::views::LoopNestView", "unrolled")},
      {"thread_binding", QT_TRANSLATE_NOOP("tessera::views::LoopNestView", "thread_binding")},
  };
  for (const auto& [core, text] : names)
    if (kind == core) return LoopNestView::tr(text);
  return QString::fromStdString(kind);
}

// The loop's kind and what it prefetches: "serial, prefetches data 4 iterations ahead".
QString LoopKindText(const LoopTreeNode& loop) {
  QString text = LoopKindName(loop.for_kind);
  for (const auto& [tensor, ahead] : loop.prefetches)
    text += LoopNestView::tr(", prefetches %1 %n iteration(s) ahead", nullptr, int(ahead))
                .arg(QString::fromStdString(tensor));
  return text;
}

QString Payload(const QMimeData* mime) {
  if (!mime || !mime->hasFormat(GraphScene::kNodeMimeType)) return QString();
  return QString::fromUtf8(mime->data(GraphScene::kNodeMimeType));
}

}  // namespace

// The tree's drag and drop goes through the view, which knows the schedule.
class LoopTreeWidget : public QTreeWidget {
 public:
  explicit LoopTreeWidget(LoopNestView* view) : QTreeWidget(view), view_(view) {
    setDragEnabled(true);
    setAcceptDrops(true);
    setDropIndicatorShown(true);
    setDragDropMode(QAbstractItemView::DragDrop);
  }

 protected:
  QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override {
    return items.isEmpty() ? nullptr : LoopNestView::mimeForItem(items.first());
  }
  QStringList mimeTypes() const override { return {GraphScene::kNodeMimeType}; }
  void dragEnterEvent(QDragEnterEvent* event) override {
    event->setAccepted(event->mimeData()->hasFormat(GraphScene::kNodeMimeType));
  }
  // The base class places the drop indicator (the insertion line); the view decides
  // whether the drop is legal, with the same check as the drop itself.
  void dragMoveEvent(QDragMoveEvent* event) override {
    QTreeWidget::dragMoveEvent(event);
    QTreeWidgetItem* target = itemAt(event->position().toPoint());
    bool after = dropIndicatorPosition() == QAbstractItemView::BelowItem;
    QString payload = Payload(event->mimeData());
    QString problem = view_->dropProblem(payload, target, after);
    if (problem.isEmpty()) {
      event->acceptProposedAction();
      emit view_->statusMessage(view_->dropPreview(payload, target, after));
    } else {
      event->ignore();
      emit view_->statusMessage(problem);
    }
  }
  void dropEvent(QDropEvent* event) override {
    QTreeWidgetItem* target = itemAt(event->position().toPoint());
    bool after = dropIndicatorPosition() == QAbstractItemView::BelowItem;
    event->setAccepted(view_->dropOn(event->mimeData(), target, after));
    event->setDropAction(Qt::IgnoreAction);  // the tree is rebuilt from the new schedule
    stopAutoScroll();
    setState(QAbstractItemView::NoState);
    viewport()->update();
  }

 private:
  LoopNestView* view_;
};

LoopNestView::LoopNestView(QWidget* parent) : ViewBase(parent), tree_(new LoopTreeWidget(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tree_);
  MeasureHeaderOnce(tree_);
  tree_->setColumnCount(5);
  retranslateUi();
  // Widths are set by fitColumns(): the statements first (#17 item 1).
  tree_->header()->setSectionResizeMode(QHeaderView::Interactive);
  tree_->setItemDelegateForColumn(kWorkingSetColumn, new CacheFitDelegate(tree_));
  tree_->header()->setStretchLastSection(false);
  tree_->setUniformRowHeights(true);
  // Deep nests indent less than Qt's 20 px a level: the statements keep their words whole
  // beside the other columns in a third of a 1280-pixel screen.
  tree_->setIndentation(12);
  tree_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(tree_, &QTreeWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    QMenu* menu = contextMenuFor(tree_->itemAt(at));
    if (!menu) return;
    menu->exec(tree_->viewport()->mapToGlobal(at));
    menu->deleteLater();
  });
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

void LoopNestView::retranslateUi() {
  tree_->setHeaderLabels(
      {tr("Statement"), tr("Kind"), tr("Stage"), tr("Working set"), tr("Throughput (MCA)")});
}

void LoopNestView::setState(const DocumentState& state) {
  state_ = state;
  updating_ = true;
  LoopTreeNode root = BuildLoopTree(state.lowered);
  QTreeWidgetItem rows;  // the new rows; the tree takes what changed (SyncTreeItems)
  addChildren(&rows, root);
  ApplyCacheFit(&rows, kWorkingSetColumn, kVarRole, state);
  applyThroughput(&rows, state);
  GiveFullTextTips(&rows);
  SyncTreeItems(tree_, &rows);
  ShowFullTextInTips(tree_);  // long statements wrap; the tooltip has them whole
  fitColumns();
  updating_ = false;
  selectionChanged();
}

// The statements are what is read: they keep their width up to 60% of the dock before
// the other columns give up any; those elide (their tooltips have the text). The MCA
// column is hidden until the generated code brings estimates.
void LoopNestView::fitColumns() {
  bool throughput = false;
  for (QTreeWidgetItemIterator it(tree_); *it && !throughput; ++it)
    throughput = !(*it)->text(kThroughputColumn).isEmpty();
  tree_->setColumnHidden(kThroughputColumn, !throughput);
  FitColumnsFirstWins(tree_, 0.6, 200);
}

void LoopNestView::addChildren(QTreeWidgetItem* parent, const LoopTreeNode& node) {
  for (const LoopTreeNode& child : node.children) {
    auto* item = new QTreeWidgetItem(parent);
    item->setText(0, QString::fromStdString(child.label));
    item->setText(
        1, child.kind == LoopTreeNode::Kind::Loop ? LoopKindText(child) : KindName(child.kind));
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

// The assembly's MCA estimates, on the loops of the same stage and name; the tooltip
// puts the last CPU measurement of the whole kernel beside it.
void LoopNestView::applyThroughput(QTreeWidgetItem* rows, const DocumentState& state) {
  const std::vector<codegen::LoopThroughput>* loops = nullptr;
  for (const CodeArtifact& a : state.targets)
    if (!a.throughput.empty()) loops = &a.throughput;
  if (!loops) return;
  QString measured;
  for (auto it = state.profiles.rbegin(); it != state.profiles.rend(); ++it)
    if (it->target == "llvm") {
      measured = tr("Measured (%1): %2 ms per call of the whole kernel.")
                     .arg(QString::fromStdString(it->label))
                     .arg(it->seconds * 1e3, 0, 'f', 3);
      break;
    }
  // Rows apart from a tree: no QTreeWidgetItemIterator (it needs the tree).
  std::vector<QTreeWidgetItem*> items;
  std::function<void(QTreeWidgetItem*)> walk = [&](QTreeWidgetItem* parent) {
    for (int i = 0; i < parent->childCount(); ++i) {
      items.push_back(parent->child(i));
      walk(parent->child(i));
    }
  };
  walk(rows);
  for (const codegen::LoopThroughput& t : *loops) {
    QString stage = QString::fromStdString(t.stage), var = QString::fromStdString(t.var);
    for (QTreeWidgetItem* item : items) {
      if (item->data(0, kVarRole).toString() != var ||
          (!stage.isEmpty() && item->data(0, kStageRole).toString() != stage))
        continue;
      const codegen::ThroughputEstimate& e = t.estimate;
      QString bound = e.bottleneck.rfind("resource ", 0) == 0
                          ? QString::fromStdString(e.busiest_resource)
                          : QString::fromStdString(e.bottleneck);
      item->setText(kThroughputColumn,
                    tr("%1 cyc/it · %2").arg(e.cycles_per_iteration, 0, 'f', 2).arg(bound));
      QString tip =
          tr("LLVM MCA on %1: %2 cycles per iteration of the machine loop (%3 instructions, %4 "
             "micro-ops), bound by %5.")
              .arg(QString::fromStdString(e.cpu))
              .arg(e.cycles_per_iteration, 0, 'f', 2)
              .arg(e.instructions)
              .arg(e.uops)
              .arg(QString::fromStdString(e.bottleneck));
      if (!e.busiest_resource.empty())
        tip += "\n" + tr("Busiest unit: %1, %2 cycles per iteration.")
                          .arg(QString::fromStdString(e.busiest_resource))
                          .arg(e.busiest_cycles, 0, 'f', 2);
      if (!measured.isEmpty()) tip += "\n" + measured;
      item->setToolTip(kThroughputColumn, tip);
    }
  }
}

QMenu* LoopNestView::contextMenuFor(QTreeWidgetItem* item) {
  if (!item || !state_.schedule) return nullptr;
  QString stage = item->data(0, kStageRole).toString(), var = item->data(0, kVarRole).toString();
  if (stage.isEmpty() || !state_.schedule->find(stage.toStdString())) return nullptr;
  auto* menu = new QMenu(this);
  if (var.isEmpty()) {  // a produce scope: the stage's primitives
    menu->addSection(stage);
    AddStagePrimitives(menu, this, state_.schedule.get(), stage);
    return menu;
  }
  menu->addSection(stage + "." + var);
  AddIterVarPrimitives(menu, this, state_.schedule.get(), state_.bounds.get(), stage, var);
  AddComputeHereMenu(menu, this, state_.schedule.get(), stage, var);
  menu->addSeparator();
  AddMakeTunableMenu(menu, state_.schedule.get(), stage, var,
                     [this](const Intent& i) { emit intentRequested(i); });
  return menu;
}

QTreeWidgetItem* LoopNestView::loopItem(const QString& stage, const QString& var) const {
  for (QTreeWidgetItemIterator it(tree_); *it; ++it)
    if ((*it)->data(0, kStageRole).toString() == stage &&
        (*it)->data(0, kVarRole).toString() == var)
      return *it;
  return nullptr;
}

QTreeWidgetItem* LoopNestView::produceItem(const QString& stage) const {
  for (QTreeWidgetItemIterator it(tree_); *it; ++it)
    if ((*it)->data(0, kStageRole).toString() == stage &&
        (*it)->data(0, kVarRole).toString().isEmpty() &&
        (*it)->text(1) == KindName(LoopTreeNode::Kind::Produce))
      return *it;
  return nullptr;
}

QMimeData* LoopNestView::mimeForItem(QTreeWidgetItem* item) {
  QString stage = item->data(0, kStageRole).toString();
  QString var = item->data(0, kVarRole).toString();
  if (stage.isEmpty()) return nullptr;
  return GraphScene::mimeForNode(var.isEmpty() ? "stage:" + stage : "loop:" + stage + "/" + var);
}

QStringList LoopNestView::droppedOrder(const QString& payload, QTreeWidgetItem* target,
                                       bool after) const {
  if (!payload.startsWith("loop:") || !target || !state_.schedule) return {};
  QStringList parts = payload.mid(5).split('/');
  QString stage = target->data(0, kStageRole).toString();
  if (parts.size() != 2 || parts[0] != stage) return {};
  QStringList leaves = LeafNames(state_.schedule->find(stage.toStdString()));
  return MoveLoop(leaves, parts[1], target->data(0, kVarRole).toString(), after);
}

QString LoopNestView::dropPreview(const QString& payload, QTreeWidgetItem* target,
                                  bool after) const {
  if (!dropProblem(payload, target, after).isEmpty()) return QString();
  QString stage = target->data(0, kStageRole).toString();
  QString var = target->data(0, kVarRole).toString();
  if (payload.startsWith("stage:"))
    return tr("Drop: compute %1 at %2.%3").arg(payload.mid(6), stage, var);
  return tr("Drop: reorder %1 to %2").arg(stage, droppedOrder(payload, target, after).join(", "));
}

QString LoopNestView::dropProblem(const QString& payload, QTreeWidgetItem* target,
                                  bool after) const {
  if (!state_.schedule) return tr("There is no schedule.");
  if (!target || target->data(0, kVarRole).toString().isEmpty()) return tr("Drop on a loop.");
  QString stage = target->data(0, kStageRole).toString();
  QString var = target->data(0, kVarRole).toString();
  schedule::Stage owner = state_.schedule->find(stage.toStdString());
  if (!owner) return tr("Unknown stage %1.").arg(stage);
  if (!LeafNames(owner).contains(var))
    return tr("%1 is not a loop of %2's schedule.").arg(var, stage);
  if (payload.startsWith("stage:"))
    return ComputeAtProblem(state_.schedule.get(), payload.mid(6), stage);
  if (payload.startsWith("loop:")) {
    QStringList parts = payload.mid(5).split('/');
    if (parts.size() != 2) return tr("Unknown drag.");
    if (parts[0] != stage)
      return tr("reorder: %1 and %2 belong to different stages.").arg(parts[1], var);
    if (parts[1] == var) return tr("Dropped on itself: nothing to do.");
    QStringList order = droppedOrder(payload, target, after);
    if (order == LeafNames(owner)) return tr("%1 is already there: nothing to do.").arg(parts[1]);
    return ReorderProblem(state_.schedule.get(), stage, order);
  }
  return tr("Only stages and loops can be dropped here.");
}

bool LoopNestView::dropOn(const QMimeData* mime, QTreeWidgetItem* target, bool after) {
  QString payload = Payload(mime);
  QString problem = dropProblem(payload, target, after);
  if (!problem.isEmpty()) {
    emit statusMessage(problem);
    return false;
  }
  QString stage = target->data(0, kStageRole).toString();
  QString var = target->data(0, kVarRole).toString();
  if (payload.startsWith("stage:")) {
    emit intentRequested(Intent{"compute_at", payload.mid(6), {var}, {{"target_stage", stage}}});
    return true;
  }
  emit intentRequested(Intent{"reorder", stage, droppedOrder(payload, target, after), {}});
  return true;
}

void LoopNestView::selectionChanged() {
  if (!selectionModel()) return;
  updating_ = true;
  QTreeWidgetItem* item = loopItem(selectionModel()->stage(), selectionModel()->iterVar());
  tree_->setCurrentItem(item);
  if (item)
    tree_->scrollToItem(item);
  else
    tree_->clearSelection();
  updating_ = false;
}

}  // namespace tessera::views
