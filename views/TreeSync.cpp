#include "views/TreeSync.h"

#include <QByteArray>
#include <QDataStream>
#include <QHeaderView>
#include <QTreeWidget>
#include <QTreeWidgetItem>
#include <algorithm>
#include <vector>

namespace tessera::views {
namespace {

// Every role an item's data is written under (QTreeWidgetItem::write), as bytes.
QByteArray Bytes(const QTreeWidgetItem* item) {
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  item->write(out);
  return bytes;
}

// The roles the views' items use: Qt's own and the first user roles.
constexpr int kUserRoles = 64;

// `into` takes `from`'s data: only the values that differ are set (each one signals a
// change of that row).
void CopyData(QTreeWidgetItem* into, const QTreeWidgetItem* from) {
  if (into->flags() != from->flags()) into->setFlags(from->flags());
  if (Bytes(into) == Bytes(from)) return;
  const int columns = std::max(into->columnCount(), from->columnCount());
  auto copy = [&](int column, int role) {
    QVariant value = from->data(column, role);
    if (into->data(column, role) != value) into->setData(column, role, value);
  };
  for (int c = 0; c < columns; ++c) {
    for (int role = Qt::DisplayRole; role <= Qt::InitialSortOrderRole; ++role)
      if (role != Qt::EditRole) copy(c, role);  // the display text, stored once
    for (int role = Qt::UserRole; role < Qt::UserRole + kUserRoles; ++role) copy(c, role);
  }
}

void ExpandAll(QTreeWidgetItem* item) {
  item->setExpanded(true);
  for (int i = 0; i < item->childCount(); ++i) ExpandAll(item->child(i));
}

void SyncChildren(QTreeWidgetItem* into, QTreeWidgetItem* from, bool top) {
  const int keep = std::min(into->childCount(), from->childCount());
  for (int i = 0; i < keep; ++i) {
    CopyData(into->child(i), from->child(i));
    SyncChildren(into->child(i), from->child(i), false);
  }
  if (into->childCount() > keep) {
    QList<QTreeWidgetItem*> gone;
    while (into->childCount() > keep) gone << into->takeChild(keep);
    qDeleteAll(gone);
  }
  if (from->childCount() > keep) {
    QList<QTreeWidgetItem*> added;
    while (from->childCount() > keep) added << from->takeChild(keep);
    into->addChildren(added);
    if (!top && keep == 0) into->setExpanded(true);  // its first children are shown
    for (QTreeWidgetItem* item : added) ExpandAll(item);
  }
}

}  // namespace

// A header that sizes its sections to their contents measures every row again at each
// changed cell: it measures once, after all the rows have changed.
void SyncTreeItems(QTreeWidget* tree, QTreeWidgetItem* fresh) {
  QHeaderView* header = tree->header();
  std::vector<int> fitted;
  for (int c = 0; c < header->count(); ++c)
    if (header->sectionResizeMode(c) == QHeaderView::ResizeToContents) fitted.push_back(c);
  for (int c : fitted) header->setSectionResizeMode(c, QHeaderView::Interactive);
  SyncChildren(tree->invisibleRootItem(), fresh, true);
  if (fitted.empty()) return;
  for (int c : fitted) header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
  // Now rather than after the next paint (QHeaderView::resizeSections is a protected slot).
  QMetaObject::invokeMethod(header, "resizeSections", Qt::DirectConnection);
}

}  // namespace tessera::views
