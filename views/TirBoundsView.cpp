#include "views/TirBoundsView.h"

#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QTreeWidget>

#include "views/BoundsPanes.h"
#include "views/FullTextTips.h"
#include "views/TirIntents.h"
#include "views/TreeSync.h"

namespace tessera::views {
namespace {

constexpr int kComputed = 4;
constexpr int kRequired = 5;

void AddRows(QTreeWidgetItem* parent, const std::vector<TirRegionRow>& rows) {
  for (const TirRegionRow& r : rows) AddSetRow(parent, r.name, r.set);
}

}  // namespace

TirBoundsView::TirBoundsView(QWidget* parent) : ViewBase(parent) {
  // Block rows are dragged; loop rows take them.
  blocks_ = new TirDragTree(
      this,
      [](const QTreeWidgetItem* item) {
        return item->data(0, kLoopRole).toString().isEmpty()
                   ? "block:" + item->data(0, kBlockRole).toString()
                   : QString();
      },
      [this](const QString& payload, QTreeWidgetItem* target, TirDropPlace) {
        return dropOf(payload, target);
      },
      /*betweenRows=*/false);
  BoundsPanes panes = MakeBoundsPanes(this, blocks_);
  note_ = panes.note;
  tableLabel_ = panes.pairLabel;
  tables_ = panes.pairs;
  regions_ = panes.steps;
  retranslateUi();
  connect(tables_, &QComboBox::currentIndexChanged, this, &TirBoundsView::fillTable);
  blocks_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(blocks_, &QTreeWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    QMenu* menu = contextMenuFor(blocks_->itemAt(at));
    if (!menu) return;
    menu->exec(blocks_->viewport()->mapToGlobal(at));
    menu->deleteLater();
  });
  connect(blocks_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (updating_ || !item) return;
    QString block = item->data(0, kBlockRole).toString();
    QString loop = item->data(0, kLoopRole).toString();
    showBlock(block);
    if (!selectionModel()) return;
    if (loop.isEmpty())
      selectionModel()->selectStage(block);
    else
      selectionModel()->selectIterVar(block, loop);
  });
}

void TirBoundsView::retranslateUi() {
  tableLabel_->setText(tr("Region analysis of the block at:"));
  blocks_->setHeaderLabels({tr("Block / loop"), tr("Kind"), tr("Min"), tr("Extent"), tr("Computed"),
                            tr("Required"), tr("Writes per iteration"), tr("Computed at")});
  for (int c : {kComputed, kRequired})
    blocks_->headerItem()->setToolTip(
        c, tr("Elements the block writes per iteration of the loop it is computed at vs the "
              "elements the blocks under that loop read of them (clipped to the buffer)"));
  regions_->setHeaderLabels({tr("Step / loop / dimension"), tr("Region or set")});
}

QString TirBoundsView::note() const { return note_->isHidden() ? QString() : note_->text(); }

void TirBoundsView::forgetDocument() {
  shown_.clear();
  sch_.reset();
}

void TirBoundsView::setState(const DocumentState& state) {
  sch_ = state.tir_schedule;
  hasErrors_ = !state.errors.empty();
  fillBlocks();
  QString keep = shown_;
  shown_.clear();
  if (keep.isEmpty() && selectionModel()) keep = selectionModel()->stage();
  if (keep.isEmpty() && blocks_->topLevelItemCount())
    keep = blocks_->topLevelItem(0)->data(0, kBlockRole).toString();
  showBlock(keep);
  selectionChanged();
}

void TirBoundsView::fillBlocks() {
  updating_ = true;
  if (!sch_) {
    blocks_->clear();
    note_->setText(hasErrors_ ? tr("No region analysis: the script has errors.")
                              : tr("No region analysis: the script makes no TensorIR schedule."));
    note_->show();
    updating_ = false;
    return;
  }
  note_->hide();
  QTreeWidgetItem rows;  // the new rows; the tree takes what changed (SyncTreeItems)
  for (const TirBlockBounds& b : TirBlockBoundsOf(*sch_)) {
    auto* item = new QTreeWidgetItem(&rows);
    item->setText(0, b.block + (b.is_output ? tr(" (output)") : QString()));
    item->setText(1, b.iterators);
    item->setText(kComputed, ElementCount(b.computed_elements));
    item->setText(kRequired, b.is_output ? QStringLiteral("—") : ElementCount(b.required_elements));
    item->setText(6, b.computed_region);
    item->setText(7, b.attach);
    item->setData(0, kBlockRole, b.block);
    item->setData(0, kOvercomputeRole,
                  MarkOvercompute(item, kComputed, kRequired, b.overcompute()));
    if (b.is_output)
      item->setToolTip(kRequired,
                       tr("No block reads what %1 writes: it is an output").arg(b.block));
    for (const TirLoopRange& l : b.loops) {
      auto* child = new QTreeWidgetItem(item);
      child->setText(0, l.name);
      child->setText(1, l.kind);
      child->setText(2, l.min);
      child->setText(3, l.extent);
      child->setData(0, kBlockRole, b.block);
      child->setData(0, kLoopRole, l.name);
    }
  }
  ExplainUnknownCounts(&rows, kComputed, kRequired);
  GiveFullTextTips(&rows);
  SyncTreeItems(blocks_, &rows);
  FitBoundsColumns(blocks_, 160);
  updating_ = false;
}

void TirBoundsView::showBlock(const QString& block) {
  if (block == shown_ && !block.isEmpty()) return;
  shown_ = block;
  shownTables_ =
      sch_ && !block.isEmpty() ? TirRegionTablesOf(*sch_, block) : std::vector<TirRegionTables>{};
  QSignalBlocker quiet(tables_);
  tables_->clear();
  int here = -1;
  for (size_t i = 0; i < shownTables_.size(); ++i) {
    tables_->addItem(shownTables_[i].title());
    if (here < 0 && shownTables_[i].producer_here) here = int(i);
  }
  tables_->setCurrentIndex(here >= 0 ? here : (tables_->count() ? 0 : -1));
  fillTable(tables_->currentIndex());
}

void TirBoundsView::fillTable(int index) {
  QTreeWidgetItem rows;  // the new rows; the tree takes what changed (SyncTreeItems)
  if (index < 0 || index >= int(shownTables_.size())) {
    QString what = shown_.isEmpty() ? tr("No block selected")
                                    : tr("No block reads what %1 writes").arg(shown_);
    auto* why = new QTreeWidgetItem(&rows, {what});
    why->setText(1, tr("The region analysis says how much of a buffer the blocks reading it need "
                       "per iteration of a loop: what compute_at gives their producer to compute "
                       "there. Select a block whose output another block reads."));
    why->setToolTip(1, why->text(1));
    SyncTreeItems(regions_, &rows);
    return;
  }
  const TirRegionTables& t = shownTables_[size_t(index)];
  QString at = t.loop.isEmpty() ? tr("in the whole function")
                                : tr("per iteration of %1: %2").arg(t.loop_block, t.loop);
  auto* readers =
      new QTreeWidgetItem(&rows, {tr("1. What each reader of %1 reads %2").arg(t.buffer, at)});
  for (const TirConsumerRegion& c : t.consumers) {
    QTreeWidgetItem* ci = AddSetRow(readers, c.block, c.region);
    for (const TirRegionRow& r : c.relaxed) AddSetRow(ci, tr("%1 relaxed").arg(r.name), r.set);
    AddRows(ci, c.dims);
  }
  auto* united = new QTreeWidgetItem(&rows, {tr("2. Union over the readers")});
  united->setText(1, t.unclipped_region);
  AddRows(united, t.union_dims);
  auto* clipped = new QTreeWidgetItem(&rows, {tr("3. Clipped to %1's shape").arg(t.buffer)});
  clipped->setText(1, t.required_region);
  QColor cut(240, 200, 90);
  for (const TirRegionRow& r : t.clipped_dims) {
    QTreeWidgetItem* row = AddSetRow(clipped, r.name, r.set);
    row->setData(0, kClippedRole, r.clipped);
    if (!r.clipped) continue;
    row->setBackground(1, cut);
    row->setToolTip(1, tr("The readers reach past %1's bounds here (the union is %2); TVM's "
                          "compute_at bounds the producer by the buffer, so only this part is "
                          "computed")
                           .arg(t.buffer, t.unclipped_region));
  }
  auto* provided = new QTreeWidgetItem(&rows, {tr("4. What %1 writes there").arg(t.producer)});
  if (t.provided_dims.empty()) {
    provided->setText(
        1,
        tr("%1 is not under this loop; compute_at here makes it compute step 3").arg(t.producer));
  } else {
    provided->setText(1, t.provided_region);
    AddRows(provided, t.provided_dims);
  }
  auto* counts = new QTreeWidgetItem(&rows, {tr("Computed / required elements")});
  counts->setText(1, ElementCount(t.computed_elements) + " / " + ElementCount(t.required_elements));
  if (t.computed_elements && t.required_elements && *t.required_elements > 0) {
    double ratio = double(*t.computed_elements) / double(*t.required_elements);
    counts->setData(0, kOvercomputeRole, MarkOvercompute(counts, 1, 0, ratio));
  }
  GiveFullTextTips(&rows);
  SyncTreeItems(regions_, &rows);
  FitBoundsColumns(regions_, 320);
}

QTreeWidgetItem* TirBoundsView::blockItem(const QString& block) const {
  for (int i = 0; i < blocks_->topLevelItemCount(); ++i)
    if (blocks_->topLevelItem(i)->data(0, kBlockRole).toString() == block)
      return blocks_->topLevelItem(i);
  return nullptr;
}

QTreeWidgetItem* TirBoundsView::loopItem(const QString& block, const QString& loop) const {
  QTreeWidgetItem* b = blockItem(block);
  for (int i = 0; b && i < b->childCount(); ++i)
    if (b->child(i)->data(0, kLoopRole).toString() == loop) return b->child(i);
  return nullptr;
}

TirDrop TirBoundsView::dropOf(const QString& payload, QTreeWidgetItem* target) const {
  if (!sch_) return {std::nullopt, tr("There is no TensorIR schedule.")};
  QString loop = target ? target->data(0, kLoopRole).toString() : QString();
  if (!payload.startsWith("block:") || loop.isEmpty())
    return {std::nullopt, tr("Drop a block on a loop of another block to compute it there.")};
  return TirBlockOnLoop(*sch_, payload.mid(6), target->data(0, kBlockRole).toString(), loop);
}

QString TirBoundsView::dropProblem(const QString& payload, QTreeWidgetItem* target) const {
  return dropOf(payload, target).problem;
}

bool TirBoundsView::dropOn(const QMimeData* mime, QTreeWidgetItem* target) {
  return blocks_->drop(mime, target, TirDropPlace::On);
}

QMenu* TirBoundsView::contextMenuFor(QTreeWidgetItem* item) {
  if (!sch_ || !item) return nullptr;
  QString block = item->data(0, kBlockRole).toString();
  QString loop = item->data(0, kLoopRole).toString();
  if (!TirFindBlock(*sch_, block)) return nullptr;
  auto* menu = new QMenu(this);
  menu->setToolTipsVisible(true);
  if (loop.isEmpty()) {
    menu->addSection(block);
    for (const QString& p : QStringList{"compute_at", "reverse_compute_at"}) {
      QAction* a = menu->addAction(TirPrimitiveTitle(p));
      a->setObjectName(p);
      connect(a, &QAction::triggered, this, [this, p, block] { requestPrimitive(p, block); });
    }
    return menu;
  }
  // The blocks that share a buffer with the loop's block, each computed here as its drop
  // would: enabled exactly when the schedule takes it.
  menu->addSection(tr("At %1: %2").arg(block, loop));
  for (const tir::BlockRealizeNode* r : TirBlocks(*sch_)) {
    QString other = QString::fromStdString(r->block->name);
    if (other == block ||
        (!TirBlockFeeds(*sch_, other, block) && !TirBlockFeeds(*sch_, block, other)))
      continue;
    TirDrop d = TirBlockOnLoop(*sch_, other, block, loop);
    if (!d.intent) continue;
    QString text = d.intent->primitive == "compute_at"
                       ? tr("Compute %1 Here").arg(other)
                       : tr("Compute %1 Here, after Its Producers (reverse_compute_at)").arg(other);
    QAction* a = menu->addAction(text);
    a->setObjectName(d.intent->primitive + ":" + other);
    a->setEnabled(d.problem.isEmpty());
    a->setToolTip(d.problem);
    Intent intent = *d.intent;
    connect(a, &QAction::triggered, this, [this, intent] { emit intentRequested(intent); });
  }
  if (menu->actions().size() <= 1)
    menu->addAction(tr("No block shares a buffer with %1").arg(block))->setEnabled(false);
  return menu;
}

void TirBoundsView::requestPrimitive(const QString& primitive, const QString& block) {
  if (!sch_) return;
  PrimitiveRequest r =
      RequestTirPrimitive(this, primitive, *sch_, block, QString(), intentCheck(), tirDryRun());
  if (r.intent)
    emit intentRequested(*r.intent);
  else if (!r.problem.isEmpty())
    emit statusMessage(r.problem);
}

void TirBoundsView::selectionChanged() {
  if (!selectionModel()) return;
  QString block = selectionModel()->stage(), loop = selectionModel()->iterVar();
  if (!block.isEmpty() && blockItem(block)) showBlock(block);
  updating_ = true;
  QTreeWidgetItem* item = loop.isEmpty() ? blockItem(block) : loopItem(block, loop);
  blocks_->setCurrentItem(item);
  if (item) blocks_->scrollToItem(item);
  updating_ = false;
}

}  // namespace tessera::views
