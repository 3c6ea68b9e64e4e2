#include "WindowGeometry.h"

#include <algorithm>

namespace tessera::gui {

QRect ClampToScreen(const QRect& window, const QRect& available) {
  if (!available.isValid() || !window.isValid()) return window;
  int width = std::min(window.width(), available.width());
  int height = std::min(window.height(), available.height());
  // Keep the saved position where it fits; otherwise slide in from the far edge.
  int x = std::clamp(window.x(), available.left(), available.left() + available.width() - width);
  int y = std::clamp(window.y(), available.top(), available.top() + available.height() - height);
  return QRect(x, y, width, height);
}

}  // namespace tessera::gui
