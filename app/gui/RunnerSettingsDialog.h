// RunnerSettingsDialog: Run ▸ Runner… — where Run, Profile and Tune measure: this machine
// (local) or a Slurm cluster with its partition, --gres, time limit, account, extra sbatch
// options and the work folder shared with the nodes. The choice is the project's
// (project::RunnerSettings, saved in the project file); the dialog only edits a copy and
// refuses values sbatch could not take, with the reason.
#pragma once

#include <QDialog>

#include "project/ProjectFile.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace tessera::gui {

class RunnerSettingsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit RunnerSettingsDialog(const project::RunnerSettings& settings, QWidget* parent = nullptr);

  project::RunnerSettings settings() const;
  void setSettings(const project::RunnerSettings& settings);
  // "" when `s` can be used, else what is wrong (one sentence naming the field).
  static QString validate(const project::RunnerSettings& s);
  // What the "Check" button found last ("" before it was pressed).
  QString checkResult() const;

 public slots:
  void accept() override;
  // Looks for Slurm off the GUI thread (scontrol ping may take seconds) and shows the answer.
  void checkSlurm();

 signals:
  void checked(const QString& result);

 private:
  void updateEnabled();

  QComboBox* kind_;
  QLineEdit* partition_;
  QLineEdit* gres_;
  QLineEdit* time_;
  QLineEdit* account_;
  QLineEdit* extra_;
  QLineEdit* workdir_;
  QPushButton* browse_;
  QPushButton* check_;
  QLabel* status_;
  QLabel* error_;
};

}  // namespace tessera::gui
