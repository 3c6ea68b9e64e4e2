#include "views/graph/GraphView.h"

#include <QImage>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSvgGenerator>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "views/ScrollBarsNow.h"

namespace tessera::views {

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setAcceptDrops(true);
  setFocusPolicy(Qt::StrongFocus);
}

GraphView::Fitted GraphView::state(const QRectF& scene) const {
  return {scene, viewport()->size(), transform(),
          QPoint(horizontalScrollBar()->value(), verticalScrollBar()->value())};
}

void GraphView::fitAll() {
  if (!scene()) return;
  QRectF r = scene()->sceneRect();
  if (r.isEmpty()) return;
  if (fitted_ && *fitted_ == state(r)) return;
  fitInView(r, Qt::KeepAspectRatio);
  double z = std::clamp(transform().m11(), fitMin_, fitMax_);
  if (z != transform().m11()) {
    setTransform(QTransform::fromScale(z, z));
    // Too big to fit at a readable size: scrollbars, starting at the top (the roots).
    if (z == fitMin_) centerOn(r.center().x(), r.top() + viewport()->height() / (2 * z));
  }
  fitted_ = state(r);
  // The scroll bars this fit needs are shown before the view paints (the viewport's
  // resize refits once more, inside this call).
  if (!placingScrollBars_) {
    placingScrollBars_ = true;
    ShowScrollBarsNow(this);
    placingScrollBars_ = false;
  }
}

void GraphView::setFitRange(double minimum, double maximum) {
  fitMin_ = std::clamp(minimum, kMinZoom, kMaxZoom);
  fitMax_ = std::clamp(maximum, fitMin_, kMaxZoom);
}

double GraphView::zoom() const { return transform().m11(); }

void GraphView::setZoom(double factor) {
  if (!(factor >= kMinZoom && factor <= kMaxZoom)) return;
  userZoomed_ = true;
  setTransform(QTransform::fromScale(factor, factor));
}

void GraphView::wheelEvent(QWheelEvent* event) {
  double factor = std::pow(1.0015, event->angleDelta().y());
  double next = zoom() * factor;
  if (next < kMinZoom || next > kMaxZoom) return;
  userZoomed_ = true;
  scale(factor, factor);
}

void GraphView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (!userZoomed_) fitAll();
}

void GraphView::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_F) {
    userZoomed_ = false;
    fitAll();
    return;
  }
  QGraphicsView::keyPressEvent(event);
}

bool GraphView::exportImage(const QString& path) const {
  if (!scene()) return false;
  QRectF source = scene()->sceneRect();
  if (source.isEmpty()) source = QRectF(0, 0, 160, 90);  // an empty view exports a blank picture
  if (path.endsWith(".svg", Qt::CaseInsensitive)) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    QPainter painter(&svg);
    scene()->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    return painter.end();
  }
  QImage image((source.size() * 2).toSize(), QImage::Format_ARGB32);
  image.fill(palette().color(QPalette::Base));
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  scene()->render(&painter, QRectF(image.rect()), source);
  painter.end();
  return image.save(path);
}

}  // namespace tessera::views
