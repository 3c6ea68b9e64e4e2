#include "views/ScrollBarRelayout.h"

#include <QAbstractScrollArea>
#include <QScrollBar>

#include "views/ScrollBarsNow.h"

namespace tessera::views {
namespace {

constexpr const char* kInstalled = "tessera_relayoutOnlyToShowOrHide";

void Install(QAbstractScrollArea* area) {
  if (area->property(kInstalled).toBool()) return;
  QScrollBar* h = area->horizontalScrollBar();
  QScrollBar* v = area->verticalScrollBar();
  if (!ScrollBarContainer(area, h) || !ScrollBarContainer(area, v) || ScrollBarIsTransient(h) ||
      ScrollBarIsTransient(v))
    return;
  // Qt 6 connects the layout by the private slot's name: it can be disconnected by name.
  const bool hOff =
      QObject::disconnect(h, SIGNAL(rangeChanged(int, int)), area, SLOT(_q_showOrHideScrollBars()));
  const bool vOff =
      QObject::disconnect(v, SIGNAL(rangeChanged(int, int)), area, SLOT(_q_showOrHideScrollBars()));
  if (hOff != vOff) {  // half found: give the other back, the area keeps Qt's layout
    QObject::connect(hOff ? h : v, SIGNAL(rangeChanged(int, int)), area,
                     SLOT(_q_showOrHideScrollBars()), Qt::QueuedConnection);
    return;
  }
  if (!hOff) return;
  auto check = [area] {
    // A hidden area (a dock's tab behind another) is laid out as Qt would, so that it
    // shows with its bars placed: no paint is involved.
    if (!area->isVisible())
      QMetaObject::invokeMethod(area, "_q_showOrHideScrollBars", Qt::DirectConnection);
    else
      ShowScrollBarsNow(area);  // only where a bar must appear or go
  };
  // Queued, as Qt's: the ranges a refresh sets one after the other are read once.
  QObject::connect(h, &QScrollBar::rangeChanged, area, check, Qt::QueuedConnection);
  QObject::connect(v, &QScrollBar::rangeChanged, area, check, Qt::QueuedConnection);
  area->setProperty(kInstalled, true);
}

}  // namespace

void RelayOutScrollBarsOnlyToShowOrHide(QWidget* root) {
  if (auto* area = qobject_cast<QAbstractScrollArea*>(root)) Install(area);
  for (QAbstractScrollArea* area : root->findChildren<QAbstractScrollArea*>()) Install(area);
}

bool RelaysOutScrollBarsOnlyToShowOrHide(const QWidget* area) {
  return area && area->property(kInstalled).toBool();
}

}  // namespace tessera::views
