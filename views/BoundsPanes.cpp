#include "views/BoundsPanes.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include "views/FullTextTips.h"
#include "views/MeasuredOnceHeader.h"

namespace tessera::views {
namespace {

// The texts were the TE Bounds view's first: they keep its translation context.
struct BoundsPanesText {
  Q_DECLARE_TR_FUNCTIONS(tessera::views::BoundsView)
};

}  // namespace

BoundsPanes MakeBoundsPanes(QWidget* owner, QTreeWidget* top) {
  BoundsPanes p;
  p.note = new QLabel(owner);
  p.pairLabel = new QLabel(owner);
  p.top = top ? top : new QTreeWidget(owner);
  p.pairs = new QComboBox(owner);
  p.steps = new QTreeWidget(owner);
  auto* layout = new QVBoxLayout(owner);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(p.note);
  auto* split = new QSplitter(Qt::Vertical, owner);
  split->addWidget(p.top);
  auto* bottom = new QWidget(split);
  auto* bottomLayout = new QVBoxLayout(bottom);
  bottomLayout->setContentsMargins(0, 0, 0, 0);
  auto* pairRow = new QHBoxLayout;
  pairRow->addWidget(p.pairLabel);
  pairRow->addWidget(p.pairs, 1);
  bottomLayout->addLayout(pairRow);
  bottomLayout->addWidget(p.steps, 1);
  split->addWidget(bottom);
  layout->addWidget(split, 1);
  p.note->setWordWrap(true);
  MeasureHeaderOnce(p.top);
  MeasureHeaderOnce(p.steps);
  // Columns fit their contents up to a cap, so that every column stays in sight in a
  // narrow dock; a longer cell is elided and its full text is its tooltip.
  p.top->header()->setSectionResizeMode(QHeaderView::Interactive);
  p.top->setUniformRowHeights(true);
  p.steps->header()->setSectionResizeMode(QHeaderView::Interactive);
  p.steps->header()->setStretchLastSection(true);
  return p;
}

QString ElementCount(const std::optional<int64_t>& n) {
  return n ? QString::number(*n) : QStringLiteral("?");
}

bool MarkOvercompute(QTreeWidgetItem* item, int computedColumn, int requiredColumn,
                     std::optional<double> ratio) {
  if (!ratio || *ratio <= 1.0 + 1e-9) return false;
  QColor over(230, 120, 60);
  for (int c : {computedColumn, requiredColumn}) item->setBackground(c, over);
  item->setToolTip(computedColumn,
                   item->text(computedColumn) + " — " +
                       BoundsPanesText::tr("Over-computation: %1× the required elements")
                           .arg(*ratio, 0, 'f', 2));
  return true;
}

void ExplainUnknownCounts(QTreeWidgetItem* root, int computedColumn, int requiredColumn) {
  for (int i = 0; i < root->childCount(); ++i) {
    QTreeWidgetItem* item = root->child(i);
    for (int c : {computedColumn, requiredColumn})
      if (item->text(c) == "?")
        item->setToolTip(
            c, BoundsPanesText::tr(
                   "?: the count depends on a shape variable whose value is not known here"));
    ExplainUnknownCounts(item, computedColumn, requiredColumn);
  }
}

QTreeWidgetItem* AddSetRow(QTreeWidgetItem* parent, const QString& name, const QString& set) {
  auto* item = new QTreeWidgetItem(parent);
  item->setText(0, name);
  item->setText(1, set);
  return item;
}

void FitBoundsColumns(QTreeWidget* tree, int cap) {
  ShowFullTextInTips(tree);
  FitColumnsToWidth(tree, cap);
}

}  // namespace tessera::views
