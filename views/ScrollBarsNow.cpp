#include "views/ScrollBarsNow.h"

#include <QAbstractItemView>

namespace tessera::views {
namespace {

// QAbstractItemView::executeDelayedItemsLayout() is protected: reached through a class
// that makes it public.
struct DelayedLayout : QAbstractItemView {
  using QAbstractItemView::executeDelayedItemsLayout;
};

}  // namespace

void ShowScrollBarsNow(QAbstractScrollArea* area) {
  // Setting a scroll bar policy, even the same one, lays out the bars and the viewport
  // of a visible area at once (QAbstractScrollArea has no other public way to).
  if (area->isVisible()) area->setHorizontalScrollBarPolicy(area->horizontalScrollBarPolicy());
}

void LayOutItemsNow(QAbstractItemView* view) {
  (view->*&DelayedLayout::executeDelayedItemsLayout)();
  ShowScrollBarsNow(view);
}

}  // namespace tessera::views
