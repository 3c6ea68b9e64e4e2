// BoundsView: the InferBound result. Top: every stage with its attach point, realize
// shape, computed vs required elements (over-computation highlighted) and, below each
// stage, its IterVars' ranges. Bottom: the InferBound phase tables (Phase 1 leaves,
// Phase 2 PassUpDomain steps, Phase 3 requests, Phase 4 root ranges) of one
// producer/consumer pair, as the InferBound document lays them out.
#pragma once

#include "views/ViewBase.h"

class QComboBox;
class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::views {

class BoundsView : public ViewBase {
  Q_OBJECT

 public:
  static constexpr int kStageRole = Qt::UserRole + 1;
  static constexpr int kVarRole = Qt::UserRole + 2;
  static constexpr int kOvercomputeRole = Qt::UserRole + 3;

  explicit BoundsView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;

  QTreeWidget* stageTree() const { return stages_; }
  QTreeWidget* phaseTree() const { return phases_; }
  QComboBox* pairBox() const { return pairs_; }
  QTreeWidgetItem* stageItem(const QString& stage) const;
  QTreeWidgetItem* iterVarItem(const QString& stage, const QString& var) const;

 protected:
  void selectionChanged() override;
  void retranslateUi() override;

 private:
  void fillStages();
  void fillPhases(int index);

  QLabel* note_ = nullptr;
  QLabel* pairLabel_ = nullptr;
  QTreeWidget* stages_ = nullptr;
  QComboBox* pairs_ = nullptr;
  QTreeWidget* phases_ = nullptr;
  DocumentState state_;
  bool updating_ = false;
};

}  // namespace tessera::views
