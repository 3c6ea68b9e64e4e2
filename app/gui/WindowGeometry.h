// WindowGeometry: where a restored window may go. A geometry saved on a larger screen
// (or on a second monitor that is gone) would put the status bar and the right-hand
// docks off-screen; the window is shrunk and moved into the available area instead.
#pragma once

#include <QRect>

namespace tessera::gui {

// `window` (a frame rectangle) moved and, where it is larger, shrunk so that it lies
// inside `available` (a screen's available geometry). An invalid `available` leaves
// the window as it is.
QRect ClampToScreen(const QRect& window, const QRect& available);

}  // namespace tessera::gui
