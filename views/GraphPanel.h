// GraphPanel: the common body of the graph views (Stage DAG, IterVar hyper-graph): a
// GraphView on a GraphScene, a one-line note above it, export of the scene.
#pragma once

#include "views/ViewBase.h"
#include "views/graph/GraphScene.h"
#include "views/graph/GraphView.h"

class QLabel;

namespace tessera::views {

class GraphPanel : public ViewBase {
  Q_OBJECT

 public:
  explicit GraphPanel(QWidget* parent = nullptr);
  GraphScene* scene() const { return scene_; }
  GraphView* view() const { return view_; }
  QString note() const;
  bool exportImage(const QString& path) override { return view_->exportImage(path); }

 protected:
  // Shows `model` (Graphviz runs only when its structure changed) and refits.
  void showModel(const GraphModel& model, RankDir dir = RankDir::TopToBottom);
  void setNote(const QString& text);
  // Nothing drawn, and `why` above the empty view.
  void showNothing(const QString& why);
  // Adds a widget below the graph (the IterVar view's loop-order strip).
  void addFooter(QWidget* widget);

 private:
  GraphScene* scene_;
  GraphView* view_;
  QLabel* note_;
};

}  // namespace tessera::views
