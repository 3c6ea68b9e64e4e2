// A scroll area shows or hides its scroll bars for their new ranges at once. Qt does it
// in a queued call after a range changes (and an item view lays out its rows, which sets
// the ranges, only when it next paints), so a view whose contents grew paints first at
// its old size, and then again, narrower, beside its new scroll bar.
#pragma once

class QAbstractItemView;
class QAbstractScrollArea;
class QScrollBar;
class QWidget;

namespace tessera::views {

// Lays out `area`'s scroll bars and viewport for the scroll bars' current ranges (when
// the area is visible; a hidden one lays them out when it is shown), if a bar must appear
// or go: a layout that changes nothing still raise()s the bars' containers, repainting them.
void ShowScrollBarsNow(QAbstractScrollArea* area);

// Whether a scroll bar of `area` is shown where its range and policy say it should be
// hidden, or the other way round (always true for transient scroll bars, whose
// visibility follows hovering).
bool ScrollBarsToShowOrHide(const QAbstractScrollArea* area);

// Lays out `view`'s items now if a layout is pending (rows added, removed or resized),
// then its scroll bars.
void LayOutItemsNow(QAbstractItemView* view);

// The scroll bar's container, the area's own child whose visibility the area's layout
// sets (null for a bar placed elsewhere).
QWidget* ScrollBarContainer(const QAbstractScrollArea* area, const QWidget* bar);

// Whether the style shows `bar` only while hovered (its visibility is not the layout's).
bool ScrollBarIsTransient(const QScrollBar* bar);

}  // namespace tessera::views
