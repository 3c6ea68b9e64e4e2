// GraphView: a QGraphicsView for graph scenes: wheel zooms about the cursor, dragging
// the background pans, fitAll() shows everything, export writes PNG or SVG.
// Fitting stays within a zoom range (#17 item 10): never so small that the labels are
// unreadable (a bigger graph gets scrollbars instead), never blown up beyond a little
// over its natural size; the wheel zooms within a wider but bounded range.
#pragma once

#include <QGraphicsView>
#include <optional>

namespace tessera::views {

class GraphView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit GraphView(QWidget* parent = nullptr);

  void fitAll();
  double zoom() const;
  // The zoom range fitAll() keeps to (default: labels at least ~8 px, at most 1.25x).
  void setFitRange(double minimum, double maximum);
  double minimumFitZoom() const { return fitMin_; }
  double maximumFitZoom() const { return fitMax_; }
  // The range the wheel and setZoom() accept.
  static constexpr double kMinZoom = 0.05;
  static constexpr double kMaxZoom = 6.0;
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
  // What the last fitAll() fitted and how it left the view: fitting the same scene
  // rectangle again in an unchanged view gives the same picture, so it is skipped (a fit
  // passes through other scales, each repainting the whole viewport).
  struct Fitted {
    QRectF scene;
    QSize viewport;
    QTransform transform;
    QPoint scroll;
    bool operator==(const Fitted&) const = default;
  };
  Fitted state(const QRectF& scene) const;
  std::optional<Fitted> fitted_;
  bool userZoomed_ = false;  // until the user zooms, resizing keeps the graph fitted
  bool placingScrollBars_ = false;
  double fitMin_ = 0.7;  // node labels are 9 pt (12 px at 96 dpi): 0.7 keeps them >= 8 px
  double fitMax_ = 1.25;
};

}  // namespace tessera::views
