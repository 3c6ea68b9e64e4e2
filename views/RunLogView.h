// RunLogView: the run log. Every Run and Profile of the document, newest first, with its
// schedule version, where it ran, the verdict of the reference check, the max error and
// the times; a failed check is a red row and a red banner that stays until a later run
// of the same version passes. Double-click (or "Show version") goes back to a run's
// version; selecting two runs and "Compare" shows their versions side by side.
#pragma once

#include "views/ViewBase.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace tessera::views {

class RunLogView : public ViewBase {
  Q_OBJECT

 public:
  explicit RunLogView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;

  QTableWidget* table() const { return table_; }
  // The banner text ("" while no check failed).
  QString banner() const;
  // The version of table row `row` (0 when none).
  int versionAt(int row) const;

 signals:
  void compareRequested(int versionA, int versionB);

 protected:
  void retranslateUi() override;

 private:
  void updateButtons();
  QList<int> selectedVersions() const;

  QLabel* banner_;
  QTableWidget* table_;
  QPushButton* show_;
  QPushButton* compare_;
};

}  // namespace tessera::views
