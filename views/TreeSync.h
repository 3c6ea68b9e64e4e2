// TreeSync: a tree refreshed in place. A view builds its rows anew under a detached root
// item (not in any tree); SyncTreeItems then makes the tree's items equal to them, row by
// row: an item at the same place keeps itself and takes the new texts and data, so Qt
// measures and repaints only the rows that changed, and the current item, the scroll
// position and what the user collapsed stay. Rows past the new ones are deleted; new
// rows are moved over from `fresh` and shown expanded. Columns sized to their contents
// are sized once, when the rows are in.
#pragma once

class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::views {

void SyncTreeItems(QTreeWidget* tree, QTreeWidgetItem* fresh);

}  // namespace tessera::views
