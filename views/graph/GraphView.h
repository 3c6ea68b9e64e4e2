// GraphView: a QGraphicsView for graph scenes: wheel zooms about the cursor, dragging
// the background pans, fitAll() shows everything, export writes PNG or SVG.
#pragma once

#include <QGraphicsView>

namespace tessera::views {

class GraphView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit GraphView(QWidget* parent = nullptr);

  void fitAll();
  double zoom() const;
  // A zoom the user chose (restored from a project): kept until F refits.
  bool userZoomed() const { return userZoomed_; }
  void setZoom(double factor);
  // PNG (twice the scene resolution) or SVG when the path ends in ".svg".
  bool exportImage(const QString& path) const;

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  bool userZoomed_ = false;  // until the user zooms, resizing keeps the graph fitted
};

}  // namespace tessera::views
