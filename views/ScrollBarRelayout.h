// A scroll area lays out its children again only when a scroll bar must appear or go.
// QAbstractScrollArea re-lays out its children in a queued call after every change of a
// scroll bar's range, and each layout raise()s both scroll-bar containers; with both bars
// shown, each raise moves the other container below it, so every such layout repaints
// both bars (a tall bar's fills go through the raster engine's thread pool). A view that
// refreshes changes its ranges several times in a step, and those queued layouts run
// after the step's paint: the window painted the bars a second time, in a pass of its
// own. In their place, a queued check lays out the children when a bar's visibility no
// longer matches its range (what the layout was for); the bars repaint themselves for a
// new range or value as before.
#pragma once

class QWidget;

namespace tessera::views {

// Installs the check on every scroll area in `root` (and on `root`) whose scroll bars
// are not transient (a transient bar's visibility follows hovering, which the area's own
// layout handles). Where Qt does not connect its layout by name (another Qt version),
// the area keeps its own.
void RelayOutScrollBarsOnlyToShowOrHide(QWidget* root);

// Whether `area` has the check installed (tests).
bool RelaysOutScrollBarsOnlyToShowOrHide(const QWidget* area);

}  // namespace tessera::views
