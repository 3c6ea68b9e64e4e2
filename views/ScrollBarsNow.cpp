#include "views/ScrollBarsNow.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionSlider>

namespace tessera::views {
namespace {

// QAbstractItemView::executeDelayedItemsLayout() is protected: reached through a class
// that makes it public.
struct DelayedLayout : QAbstractItemView {
  using QAbstractItemView::executeDelayedItemsLayout;
};

// Whether QAbstractScrollArea's layout shows `bar` under `policy` (its needh / needv for
// a bar that is not transient).
bool Needed(const QScrollBar* bar, Qt::ScrollBarPolicy policy) {
  if (policy != Qt::ScrollBarAsNeeded) return policy == Qt::ScrollBarAlwaysOn;
  return bar->minimum() < bar->maximum() && !bar->sizeHint().isEmpty();
}

void UpdateNowInsteadOfLater(QWidget* widget) {
  QCoreApplication::removePostedEvents(widget, QEvent::UpdateLater);
  widget->update();
}

}  // namespace

QWidget* ScrollBarContainer(const QAbstractScrollArea* area, const QWidget* bar) {
  QWidget* container = bar ? bar->parentWidget() : nullptr;
  return container && container != area && container->parentWidget() == area ? container : nullptr;
}

bool ScrollBarIsTransient(const QScrollBar* bar) {
  QStyleOptionSlider option;
  option.initFrom(bar);
  return bar->style()->styleHint(QStyle::SH_ScrollBar_Transient, &option, bar);
}

bool ScrollBarsToShowOrHide(const QAbstractScrollArea* area) {
  const QScrollBar* h = area->horizontalScrollBar();
  const QScrollBar* v = area->verticalScrollBar();
  const QWidget* hBox = ScrollBarContainer(area, h);
  const QWidget* vBox = ScrollBarContainer(area, v);
  if (!hBox || !vBox || ScrollBarIsTransient(h) || ScrollBarIsTransient(v)) return true;
  return Needed(h, area->horizontalScrollBarPolicy()) != hBox->isVisibleTo(area) ||
         Needed(v, area->verticalScrollBarPolicy()) != vBox->isVisibleTo(area);
}

void ShowScrollBarsNow(QAbstractScrollArea* area) {
  // Setting a scroll bar policy, even the same one, lays out the bars and the viewport
  // of a visible area at once (QAbstractScrollArea has no other public way to).
  if (!area->isVisible() || !ScrollBarsToShowOrHide(area)) return;
  QWidget* containers[] = {ScrollBarContainer(area, area->horizontalScrollBar()),
                           ScrollBarContainer(area, area->verticalScrollBar())};
  bool shown[2];
  for (int i = 0; i < 2; ++i) shown[i] = containers[i] && containers[i]->isVisible();
  area->setHorizontalScrollBarPolicy(area->horizontalScrollBarPolicy());
  // Showing or hiding a container posts the area a layout request, which would lay out
  // (and raise, i.e. repaint) the bars again after the next paint: this layout served it.
  QCoreApplication::removePostedEvents(area, QEvent::LayoutRequest);
  // A widget being shown posts itself a request to repaint (QWidgetPrivate::show_sys),
  // which arrives after the next paint and repaints it in a pass of its own: it is asked
  // now instead, so that the next paint paints it once.
  for (int i = 0; i < 2; ++i) {
    if (!containers[i] || shown[i] || !containers[i]->isVisible()) continue;
    UpdateNowInsteadOfLater(containers[i]);
    for (QWidget* child : containers[i]->findChildren<QWidget*>()) UpdateNowInsteadOfLater(child);
  }
}

void LayOutItemsNow(QAbstractItemView* view) {
  (view->*&DelayedLayout::executeDelayedItemsLayout)();
  ShowScrollBarsNow(view);
}

}  // namespace tessera::views
