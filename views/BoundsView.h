// BoundsView: the InferBound result as tables: every IterVar's range per stage, the
// realize shape, computed vs required elements (over-computation highlighted), and
// the phase tables (root bounds, PassDownDomain, PassUpDomain) for a
// producer/consumer pair.
#pragma once

#include "views/ViewBase.h"

class QLabel;
class QTableWidget;

namespace tessera::views {

class BoundsView : public ViewBase {
  Q_OBJECT

 public:
  explicit BoundsView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;
  QTableWidget* table() const { return table_; }

 protected:
  void selectionChanged() override;

 private:
  QLabel* note_;
  QTableWidget* table_;
};

}  // namespace tessera::views
