#include "views/TirLoopNestView.h"

#include <QHeaderView>
#include <QMenu>
#include <QMimeData>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include "ir/ExprOp.h"
#include "tir/ScriptPrinter.h"
#include "views/CacheFitColumn.h"
#include "views/CachedTextDelegate.h"
#include "views/MakeTunableMenu.h"
#include "views/MeasuredOnceHeader.h"
#include "views/TirIntents.h"
#include "views/TirText.h"
#include "views/TreeSync.h"
#include "views/graph/GraphScene.h"

namespace tessera::views {
namespace {

constexpr int kNameRole = Qt::UserRole + 2;     // the block's or the loop variable's name
constexpr int kLoopVarRole = Qt::UserRole + 3;  // a loop's variable (the cache-fit column's key)

QString PayloadOf(const QTreeWidgetItem* item) {
  return item ? item->data(0, TirLoopNestView::kPayloadRole).toString() : QString();
}

bool IsLoop(const QTreeWidgetItem* item) { return PayloadOf(item).startsWith("loop:"); }

QString LoopLine(const tir::ForNode& l) {
  return "for " + Q(l.loop_var.name()) + " in " + TirLoopRangeText(l);
}

QString LoopKindAndAnnotations(const tir::ForNode& l) {
  QString kind = TirLoopKindText(l);
  for (const auto& [key, value] : l.annotations) kind += ", " + Q(key);
  return kind;
}

QString BlockDetail(const tir::BlockRealizeNode& r) {
  QStringList iters;
  const auto& ivs = r.block->iter_vars;
  for (size_t i = 0; i < ivs.size(); ++i) {
    QString it = Q(ivs[i]->var.name()) + ":" + QChar(tir::IterKindChar(ivs[i]->iter_type));
    if (i < r.iter_values.size()) it += " = " + TirExprText(r.iter_values[i]);
    iters << it;
  }
  QString out = iters.join(", ");
  if (r.predicate.defined() && !ir::is_one(r.predicate))
    out += "   T.where(" + TirExprText(r.predicate) + ")";
  return out;
}

}  // namespace

TirLoopNestView::TirLoopNestView(QWidget* parent)
    : ViewBase(parent),
      tree_(new TirDragTree(
          this, [](const QTreeWidgetItem* item) { return PayloadOf(item); },
          [this](const QString& payload, QTreeWidgetItem* target, TirDropPlace place) {
            return dropOf(payload, target, place);
          },
          /*betweenRows=*/true)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tree_);
  MeasureHeaderOnce(tree_);
  tree_->setColumnCount(4);
  tree_->setHeaderLabels(
      {tr("Statement"), tr("Kind"), tr("Iterators and bindings"), tr("Working set")});
  // Every refresh sizes the columns to their texts and repaints the rows: both from
  // texts laid out once.
  tree_->setItemDelegate(new CachedTextDelegate(tree_));
  tree_->setItemDelegateForColumn(kWorkingSetColumn, new CacheFitDelegate(tree_));
  tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  tree_->setUniformRowHeights(true);
  tree_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(tree_, &QTreeWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    QMenu* menu = contextMenuFor(tree_->itemAt(at));
    if (!menu) return;
    menu->exec(tree_->viewport()->mapToGlobal(at));
    menu->deleteLater();
  });
  connect(tree_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (updating_ || !item || !selectionModel()) return;
    QString payload = PayloadOf(item);
    if (payload.startsWith("block:")) {
      selectionModel()->selectStage(payload.mid(6));
    } else if (payload.startsWith("loop:")) {
      QString rest = payload.mid(5);
      selectionModel()->selectIterVar(rest.section('/', 0, 0), rest.section('/', 1));
    }
  });
}

void TirLoopNestView::setState(const DocumentState& state) {
  sch_ = state.tir_schedule;
  updating_ = true;
  QTreeWidgetItem rows;  // the new rows; the tree takes what changed (SyncTreeItems)
  if (sch_) {
    const tir::ScheduleState& st = sch_->state();
    std::function<void(QTreeWidgetItem*, const tir::Stmt&)> add = [&](QTreeWidgetItem* parent,
                                                                      const tir::Stmt& s) {
      if (auto* seq = tir::As<tir::SeqNode>(s)) {
        for (const tir::Stmt& c : seq->seq) add(parent, c);
      } else if (auto* loop = tir::As<tir::ForNode>(s)) {
        auto* item = new QTreeWidgetItem(parent);
        item->setText(0, LoopLine(*loop));
        item->setText(1, LoopKindAndAnnotations(*loop));
        std::vector<const tir::BlockRealizeNode*> under = st.ChildBlocks(loop);
        QString owner = under.empty() ? QString() : Q(under.front()->block->name);
        item->setData(0, kPayloadRole, "loop:" + owner + "/" + Q(loop->loop_var.name()));
        item->setData(0, kNameRole, Q(loop->loop_var.name()));
        item->setData(0, kLoopVarRole, Q(loop->loop_var.name()));
        add(item, loop->body);
      } else if (auto* r = tir::As<tir::BlockRealizeNode>(s)) {
        auto* item = new QTreeWidgetItem(parent);
        item->setText(0, "block " + Q(r->block->name));
        item->setText(1, tir::HasInit(*r->block) ? tr("block, T.init") : tr("block"));
        item->setText(2, BlockDetail(*r));
        item->setData(0, kPayloadRole, "block:" + Q(r->block->name));
        item->setData(0, kNameRole, Q(r->block->name));
        add(item, r->block->body);
      }
    };
    // The root block's body: the root itself is implicit, as TVMScript prints it.
    const tir::BlockRealizeNode* root = tir::RootRealize(sch_->func());
    if (root) add(&rows, root->block->body);
    // The lowered blocks keep the loops and their variables: each loop's working set.
    ApplyCacheFit(&rows, kWorkingSetColumn, kLoopVarRole, state);
  }
  SyncTreeItems(tree_, &rows);
  updating_ = false;
  selectionChanged();
}

QTreeWidgetItem* TirLoopNestView::blockItem(const QString& block) const {
  for (QTreeWidgetItemIterator it(tree_); *it; ++it)
    if (PayloadOf(*it) == "block:" + block) return *it;
  return nullptr;
}

QTreeWidgetItem* TirLoopNestView::loopItem(const QString& block, const QString& loop) const {
  for (QTreeWidgetItem* item = blockItem(block); item; item = item->parent())
    if (IsLoop(item) && item->data(0, kNameRole).toString() == loop) return item;
  return nullptr;
}

void TirLoopNestView::selectionChanged() {
  if (!selectionModel()) return;
  QTreeWidgetItem* item = selectionModel()->iterVar().isEmpty()
                              ? blockItem(selectionModel()->stage())
                              : loopItem(selectionModel()->stage(), selectionModel()->iterVar());
  updating_ = true;
  tree_->setCurrentItem(item);
  updating_ = false;
}

QMimeData* TirLoopNestView::mimeForItem(QTreeWidgetItem* item) {
  QString payload = PayloadOf(item);
  return payload.isEmpty() ? nullptr : GraphScene::mimeForNode(payload);
}

TirDrop TirLoopNestView::dropOf(const QString& payload, QTreeWidgetItem* target,
                                TirDropPlace place) const {
  if (!sch_) return {std::nullopt, tr("There is no TensorIR schedule.")};
  if (!IsLoop(target)) return {std::nullopt, tr("Drop a block or a loop on a loop.")};
  QString targetLoop = target->data(0, kNameRole).toString();
  // The target loop is named among the loops of a block under it other than `except`.
  auto ownerBelow = [&](const QString& except) {
    QString owner;
    std::function<void(const QTreeWidgetItem*)> find = [&](const QTreeWidgetItem* item) {
      for (int i = 0; i < item->childCount() && owner.isEmpty(); ++i) {
        QString p = PayloadOf(item->child(i));
        if (p.startsWith("block:") && p.mid(6) != except)
          owner = p.mid(6);
        else
          find(item->child(i));
      }
    };
    find(target);
    return owner;
  };
  if (payload.startsWith("block:")) {
    QString block = payload.mid(6);
    QString owner = ownerBelow(block);
    if (owner.isEmpty()) return {std::nullopt, tr("No other block sits under %1.").arg(targetLoop)};
    return TirBlockOnLoop(*sch_, block, owner, targetLoop);
  }
  if (payload.startsWith("loop:")) {
    QString rest = payload.mid(5);
    if (!rest.contains('/'))  // a loop of the loop graph: its block is not in the payload
      return {std::nullopt, tr("Reorder or fuse loops within the loop graph or within this nest.")};
    QString block = rest.section('/', 0, 0);
    // Loops of different nests may share a name: the target must be above the block, or
    // a loop of another nest to merge with.
    if (loopItem(block, targetLoop) != target) {
      QString owner = ownerBelow(block);
      if (place != TirDropPlace::On || owner.isEmpty())
        return {std::nullopt,
                tr("%1 is not a loop of %2: loops move only within their nest; drop it on a "
                   "loop of another nest to merge the two")
                    .arg(targetLoop, block)};
      return TirLoopOnOtherNest(*sch_, block, rest.section('/', 1), owner, targetLoop);
    }
    return TirLoopOnLoop(*sch_, block, rest.section('/', 1), targetLoop, place);
  }
  return {std::nullopt, tr("Drop a block or a loop on a loop.")};
}

QString TirLoopNestView::dropProblem(const QString& payload, QTreeWidgetItem* target,
                                     TirDropPlace place) const {
  return dropOf(payload, target, place).problem;
}

QString TirLoopNestView::dropPreview(const QString& payload, QTreeWidgetItem* target,
                                     TirDropPlace place) const {
  TirDrop d = dropOf(payload, target, place);
  return d.intent ? d.intent->describe() : d.problem;
}

bool TirLoopNestView::dropOn(const QMimeData* mime, QTreeWidgetItem* target, TirDropPlace place) {
  return tree_->drop(mime, target, place);
}

QMenu* TirLoopNestView::contextMenuFor(QTreeWidgetItem* item) {
  QString payload = PayloadOf(item);
  if (!sch_ || payload.isEmpty()) return nullptr;
  auto* menu = new QMenu(this);
  menu->setToolTipsVisible(true);
  QString block, loop;
  if (payload.startsWith("block:")) {
    block = payload.mid(6);
    menu->addSection(block);
    for (const QString& p : TirBlockPrimitives()) {
      QAction* a = menu->addAction(TirPrimitiveTitle(p));
      a->setObjectName(p);
      QString problem = TirBlockMenuProblem(*sch_, p, block);
      a->setEnabled(problem.isEmpty());
      a->setToolTip(problem);
      connect(a, &QAction::triggered, this, [this, p, block] { requestPrimitive(p, block, {}); });
    }
  } else {
    QString rest = payload.mid(5);
    block = rest.section('/', 0, 0);
    loop = rest.section('/', 1);
    menu->addSection(block + ": " + loop);
    for (const QString& p : TirLoopPrimitives()) {
      QAction* a = menu->addAction(TirPrimitiveTitle(p));
      a->setObjectName(p);
      QString problem = TirLoopMenuProblem(*sch_, p, block, loop);
      a->setEnabled(problem.isEmpty());
      a->setToolTip(problem);
      connect(a, &QAction::triggered, this,
              [this, p, block, loop] { requestPrimitive(p, block, loop); });
    }
    AddTirMakeTunableAction(menu);
  }
  return menu;
}

void TirLoopNestView::requestPrimitive(const QString& primitive, const QString& block,
                                       const QString& loop) {
  if (!sch_) return;
  PrimitiveRequest r =
      RequestTirPrimitive(this, primitive, *sch_, block, loop, intentCheck(), tirDryRun());
  if (r.intent)
    emit intentRequested(*r.intent);
  else if (!r.problem.isEmpty())
    emit statusMessage(r.problem);
}

}  // namespace tessera::views
