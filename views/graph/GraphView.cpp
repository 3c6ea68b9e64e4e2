#include "views/graph/GraphView.h"

#include <QImage>
#include <QKeyEvent>
#include <QPainter>
#include <QSvgGenerator>
#include <QWheelEvent>
#include <cmath>

namespace tessera::views {

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setAcceptDrops(true);
  setFocusPolicy(Qt::StrongFocus);
}

void GraphView::fitAll() {
  if (!scene()) return;
  QRectF r = scene()->sceneRect();
  if (r.isEmpty()) return;
  fitInView(r, Qt::KeepAspectRatio);
  // Small graphs are not blown up beyond their natural size.
  if (transform().m11() > 1.5) setTransform(QTransform::fromScale(1.5, 1.5));
}

double GraphView::zoom() const { return transform().m11(); }

void GraphView::setZoom(double factor) {
  if (!(factor >= 0.05 && factor <= 20)) return;
  userZoomed_ = true;
  setTransform(QTransform::fromScale(factor, factor));
}

void GraphView::wheelEvent(QWheelEvent* event) {
  double factor = std::pow(1.0015, event->angleDelta().y());
  double next = zoom() * factor;
  if (next < 0.05 || next > 20) return;
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
