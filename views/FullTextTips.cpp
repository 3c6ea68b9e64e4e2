#include "views/FullTextTips.h"

#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

namespace tessera::views {

void ShowFullTextInTips(QTreeWidget* tree) {
  tree->setTextElideMode(Qt::ElideMiddle);
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    for (int c = 0; c < (*it)->columnCount(); ++c)
      if ((*it)->toolTip(c).isEmpty() && !(*it)->text(c).isEmpty()) (*it)->setToolTip(c, (*it)->text(c));
}

}  // namespace tessera::views
