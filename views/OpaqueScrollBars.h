// QAbstractScrollArea keeps each scroll bar in a container widget that paints nothing
// and is not opaque, and it raise()s the containers whenever it lays out its children
// (every change of a scroll bar's range). Raising a container that is not its parent's
// last child repaints it, and a widget that is not opaque repaints with everything behind
// it: the scroll area, the view, the dock and the window. Filled with their window colour
// (what shows behind a scroll bar anyway, and the bar covers it), the containers are
// opaque and repaint alone.
#pragma once

class QWidget;

namespace tessera::views {

// Makes the scroll-bar containers of every scroll area in `root` (and of `root`) opaque.
void MakeScrollBarContainersOpaque(QWidget* root);

}  // namespace tessera::views
