// VersionCompare: two schedule versions side by side: their scripts
// and their loop nests as line diffs, and their numbers (latest timing, check, speed by
// the Profile chart's rule).
// The loop nests come from evaluating each version's script again (the document keeps
// only the current evaluation).
#pragma once

#include <QDialog>
#include <QString>
#include <array>
#include <vector>

#include "views/RunHistory.h"
#include "views/TextDiff.h"

class QTableWidget;
class QTextEdit;

namespace tessera::gui {

struct VersionComparison {
  QString left, right;  // the versions' labels
  std::vector<views::DiffLine> script;
  std::vector<views::DiffLine> loops;
  // Rows of (what, left value, right value).
  std::vector<std::array<QString, 3>> numbers;
  // The speed of right over left and its verdict (views::CompareVersionRuns; 0 and
  // unknown without timings).
  double speedup = 0;
  runner::NoiseVerdict verdict = runner::NoiseVerdict::kUnknown;
  bool interleaved = false;
};

// `function`: the TensorIR module function the window shows ("" the script's own).
VersionComparison CompareVersions(const views::RunHistory& history, int left, int right,
                                  const std::string& function = "");

class VersionCompareDialog : public QDialog {
  Q_OBJECT

 public:
  VersionCompareDialog(const VersionComparison& c, QWidget* parent = nullptr);
  QTextEdit* scriptPane(bool right) const { return right ? scriptRight_ : scriptLeft_; }
  QTextEdit* loopPane(bool right) const { return right ? loopsRight_ : loopsLeft_; }
  QTableWidget* numbers() const { return numbers_; }

 private:
  QTextEdit* scriptLeft_;
  QTextEdit* scriptRight_;
  QTextEdit* loopsLeft_;
  QTextEdit* loopsRight_;
  QTableWidget* numbers_;
};

}  // namespace tessera::gui
