#include "views/OpaqueScrollBars.h"

#include <QAbstractScrollArea>
#include <QScrollBar>

namespace tessera::views {

namespace {

void MakeOpaque(QAbstractScrollArea* area) {
  for (QScrollBar* bar : {area->horizontalScrollBar(), area->verticalScrollBar()}) {
    QWidget* container = bar ? bar->parentWidget() : nullptr;
    // The area's own child: a scroll bar placed elsewhere has no container to fill.
    if (!container || container == area || container->parentWidget() != area) continue;
    container->setAutoFillBackground(true);
  }
}

}  // namespace

void MakeScrollBarContainersOpaque(QWidget* root) {
  if (auto* area = qobject_cast<QAbstractScrollArea*>(root)) MakeOpaque(area);
  for (QAbstractScrollArea* area : root->findChildren<QAbstractScrollArea*>()) MakeOpaque(area);
}

}  // namespace tessera::views
