// StageDagView: the stages of the schedule (placeholder, compute, cache) and their data
// flow, laid out by Graphviz; attach (compute_at) edges, inlined stages greyed, outputs
// marked. Dropping a stage on a loop of another stage asks for compute_at.
#pragma once

#include "views/GraphPanel.h"

namespace tessera::views {

class StageDagView : public GraphPanel {
  Q_OBJECT

 public:
  explicit StageDagView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;

 protected:
  void selectionChanged() override;
};

}  // namespace tessera::views
