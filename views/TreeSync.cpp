#include "views/TreeSync.h"

#include <QByteArray>
#include <QDataStream>
#include <QHeaderView>
#include <QSignalBlocker>
#include <QTreeWidget>
#include <QTreeWidgetItem>
#include <QVariant>
#include <algorithm>
#include <optional>
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

// One (role, value) of a column, as QTreeWidgetItem::write streams it.
struct StoredValue {
  int role = 0;
  QVariant value;
};

QDataStream& operator>>(QDataStream& in, StoredValue& v) { return in >> v.role >> v.value; }

// The roles each column of a serialised item holds (QTreeWidgetItem::write: every
// column's (role, value) list, then the display texts), so that only those are compared:
// an item holds a few roles of the thousands a role can be. Empty where the bytes do not
// read as that.
std::optional<QList<QList<StoredValue>>> StoredValues(const QByteArray& bytes) {
  QDataStream in(bytes);
  QList<QList<StoredValue>> values;
  QList<QVariant> display;
  in >> values >> display;
  if (in.status() != QDataStream::Ok || !in.atEnd()) return std::nullopt;
  return values;
}

// The roles the views' items use, where an item's bytes cannot be read: Qt's own and
// the first user roles.
constexpr int kUserRoles = 64;

// `into` takes `from`'s data: only the values that differ are set, without a signal per
// value (the tree measures the row again at each); whether any value was set. (A role
// cleared earlier stays in the item's bytes as an empty value, so bytes that differ do
// not by themselves mean a change.)
bool CopyValues(QTreeWidgetItem* into, const QTreeWidgetItem* from) {
  const QByteArray had = Bytes(into), wanted = Bytes(from);
  if (had == wanted) return false;
  const int columns = std::max(into->columnCount(), from->columnCount());
  bool set = false;
  auto copy = [&](int column, int role) {
    QVariant value = from->data(column, role);
    if (into->data(column, role) == value) return;
    into->setData(column, role, value);
    set = true;
  };
  auto old = StoredValues(had), fresh = StoredValues(wanted);
  if (old && fresh) {
    for (int c = 0; c < columns; ++c) {
      copy(c, Qt::DisplayRole);  // the display text, stored apart (and once for EditRole)
      for (const auto* stored : {&*old, &*fresh})
        if (c < stored->size())
          for (const StoredValue& v : stored->at(c))
            if (v.role != Qt::DisplayRole && v.role != Qt::EditRole) copy(c, v.role);
    }
    return set;
  }
  for (int c = 0; c < columns; ++c) {
    for (int role = Qt::DisplayRole; role <= Qt::InitialSortOrderRole; ++role)
      if (role != Qt::EditRole) copy(c, role);  // the display text, stored once
    for (int role = Qt::UserRole; role < Qt::UserRole + kUserRoles; ++role) copy(c, role);
  }
  return set;
}

// CopyValues with one change signalled for the row.
void CopyData(QTreeWidgetItem* into, const QTreeWidgetItem* from) {
  QTreeWidget* tree = into->treeWidget();
  bool changed = into->flags() != from->flags();
  {
    QSignalBlocker quiet(tree ? tree->model() : nullptr);
    if (changed) into->setFlags(from->flags());
    changed = CopyValues(into, from) || changed;
  }
  if (!changed || !tree) return;
  const int last = std::max(0, tree->columnCount() - 1);
  emit tree->model()->dataChanged(tree->indexFromItem(into, 0), tree->indexFromItem(into, last));
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
