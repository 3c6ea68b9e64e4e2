// IterVarGraphView: the IterVar hyper-graph of the selected stage: root vars on top,
// split / fuse / rebase relations as small nodes, leaf vars highlighted, each var with
// its InferBound range and annotation badges. Dropping a var on its neighbour fuses.
#pragma once

#include "views/GraphPanel.h"

namespace tessera::views {

class IterVarGraphView : public GraphPanel {
  Q_OBJECT

 public:
  explicit IterVarGraphView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;

 protected:
  void selectionChanged() override;
};

}  // namespace tessera::views
