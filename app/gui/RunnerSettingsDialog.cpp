#include "RunnerSettingsDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <algorithm>

#include "runner/SlurmRunner.h"

namespace tessera::gui {

namespace {

QLineEdit* Field(QWidget* parent, const char* name, const QString& placeholder) {
  auto* e = new QLineEdit(parent);
  e->setObjectName(name);
  e->setPlaceholderText(placeholder);
  return e;
}

}  // namespace

RunnerSettingsDialog::RunnerSettingsDialog(const project::RunnerSettings& settings, QWidget* parent)
    : QDialog(parent) {
  setObjectName("RunnerSettingsDialog");
  setWindowTitle(tr("Runner"));
  kind_ = new QComboBox(this);
  kind_->setObjectName("runnerKind");
  kind_->addItem(tr("This machine (local)"), "local");
  kind_->addItem(tr("Slurm cluster"), "slurm");
  partition_ = Field(this, "runnerPartition", tr("the cluster's default"));
  gres_ = Field(this, "runnerGres", tr("none (e.g. gpu:1)"));
  time_ = Field(this, "runnerTime", tr("from the candidates' timeouts (e.g. 10 or 1:00:00)"));
  account_ = Field(this, "runnerAccount", tr("your default account"));
  extra_ =
      Field(this, "runnerExtra", tr("more sbatch options, e.g. --constraint=avx512 --qos=short"));
  workdir_ = Field(this, "runnerWorkdir",
                   tr("a new folder under $TMPDIR (must be shared with the nodes)"));
  browse_ = new QPushButton(tr("Browse…"), this);
  browse_->setObjectName("runnerBrowse");
  check_ = new QPushButton(tr("Check Slurm"), this);
  check_->setObjectName("runnerCheck");
  status_ = new QLabel(this);
  status_->setObjectName("runnerStatus");
  status_->setWordWrap(true);
  error_ = new QLabel(this);
  error_->setObjectName("runnerError");
  error_->setWordWrap(true);
  error_->setStyleSheet("color: #c0392b");

  auto* folder = new QHBoxLayout;
  folder->addWidget(workdir_, 1);
  folder->addWidget(browse_);
  auto* form = new QFormLayout;
  form->addRow(tr("Run on:"), kind_);
  form->addRow(tr("Partition:"), partition_);
  form->addRow(tr("Generic resources (--gres):"), gres_);
  form->addRow(tr("Time limit (--time):"), time_);
  form->addRow(tr("Account:"), account_);
  form->addRow(tr("Extra sbatch options:"), extra_);
  form->addRow(tr("Work folder:"), folder);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->addButton(check_, QDialogButtonBox::ActionRole);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(status_);
  layout->addWidget(error_);
  layout->addWidget(buttons);

  connect(buttons, &QDialogButtonBox::accepted, this, &RunnerSettingsDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &RunnerSettingsDialog::reject);
  connect(kind_, &QComboBox::currentIndexChanged, this, &RunnerSettingsDialog::updateEnabled);
  connect(check_, &QPushButton::clicked, this, &RunnerSettingsDialog::checkSlurm);
  connect(browse_, &QPushButton::clicked, this, [this] {
    QString dir = QFileDialog::getExistingDirectory(this, tr("Work folder shared with the nodes"),
                                                    workdir_->text());
    if (!dir.isEmpty()) workdir_->setText(dir);
  });
  setSettings(settings);
}

project::RunnerSettings RunnerSettingsDialog::settings() const {
  project::RunnerSettings s;
  s.kind = kind_->currentData().toString().toStdString();
  s.partition = partition_->text().trimmed().toStdString();
  s.gres = gres_->text().trimmed().toStdString();
  s.time_limit = time_->text().trimmed().toStdString();
  s.account = account_->text().trimmed().toStdString();
  s.extra = extra_->text().trimmed().toStdString();
  s.workdir = workdir_->text().trimmed().toStdString();
  return s;
}

void RunnerSettingsDialog::setSettings(const project::RunnerSettings& s) {
  kind_->setCurrentIndex(std::max(0, kind_->findData(QString::fromStdString(s.kind))));
  partition_->setText(QString::fromStdString(s.partition));
  gres_->setText(QString::fromStdString(s.gres));
  time_->setText(QString::fromStdString(s.time_limit));
  account_->setText(QString::fromStdString(s.account));
  extra_->setText(QString::fromStdString(s.extra));
  workdir_->setText(QString::fromStdString(s.workdir));
  updateEnabled();
}

QString RunnerSettingsDialog::validate(const project::RunnerSettings& s) {
  if (s.kind != "local" && s.kind != "slurm")
    return tr("Unknown runner \"%1\".").arg(QString::fromStdString(s.kind));
  static const QRegularExpression word("^[^\\s]*$");
  const std::pair<QString, std::string> words[] = {
      {tr("The partition"), s.partition}, {tr("--gres"), s.gres}, {tr("The account"), s.account}};
  for (const auto& [name, value] : words)
    if (!word.match(QString::fromStdString(value)).hasMatch())
      return tr("%1 cannot contain spaces.").arg(name);
  // Slurm's forms: MIN, MIN:SEC, H:MIN:SEC, D-H, D-H:MIN, D-H:MIN:SEC, or UNLIMITED.
  static const QRegularExpression time(
      "^(\\d+(:\\d+){0,2}|\\d+-\\d+(:\\d+){0,2}|UNLIMITED|INFINITE)$");
  if (!s.time_limit.empty() && !time.match(QString::fromStdString(s.time_limit)).hasMatch())
    return tr("The time limit \"%1\" is not one Slurm reads (minutes, H:MM:SS or D-HH:MM).")
        .arg(QString::fromStdString(s.time_limit));
  for (const std::string* text : {&s.extra, &s.workdir})
    for (char c : *text)
      if (c == '\n' || c == '\r' || c == '\t')
        return tr("The options cannot contain line breaks or tabs.");
  if (!s.workdir.empty() && !QDir::isAbsolutePath(QString::fromStdString(s.workdir)))
    return tr("The work folder must be an absolute path (the nodes see the same path).");
  return {};
}

QString RunnerSettingsDialog::checkResult() const { return status_->text(); }

void RunnerSettingsDialog::accept() {
  QString problem = validate(settings());
  error_->setText(problem);
  if (!problem.isEmpty()) return;
  QDialog::accept();
}

void RunnerSettingsDialog::checkSlurm() {
  check_->setEnabled(false);
  status_->setText(tr("Looking for Slurm…"));
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher] {
    QString result = watcher->result();
    watcher->deleteLater();
    status_->setText(result);
    check_->setEnabled(true);
    emit checked(result);
  });
  watcher->setFuture(QtConcurrent::run([] {
    std::string why;
    if (runner::SlurmAvailable(&why)) return tr("Slurm answers: jobs can be submitted from here.");
    return tr("Slurm is not available: %1").arg(QString::fromStdString(why));
  }));
}

void RunnerSettingsDialog::updateEnabled() {
  const bool slurm = kind_->currentData().toString() == "slurm";
  for (QWidget* w :
       std::initializer_list<QWidget*>{partition_, gres_, time_, account_, extra_, check_})
    w->setEnabled(slurm);
}

}  // namespace tessera::gui
