#include "views/BoundsView.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tessera::views {

BoundsView::BoundsView(QWidget* parent)
    : ViewBase(parent), note_(new QLabel(this)), table_(new QTableWidget(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(note_);
  layout->addWidget(table_, 1);
  note_->setWordWrap(true);
  table_->setColumnCount(6);
  table_->setHorizontalHeaderLabels(
      {tr("Stage"), tr("IterVar"), tr("Kind"), tr("Min"), tr("Extent"), tr("Leaf")});
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
}

void BoundsView::setState(const DocumentState&) {
  table_->setRowCount(0);
  note_->setText(tr("Bounds appear once InferBound is available."));
}

void BoundsView::selectionChanged() {}

}  // namespace tessera::views
