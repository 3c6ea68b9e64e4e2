#include "views/TuneView.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "views/ChartPalette.h"
#include "views/ReferenceName.h"

namespace tessera::views {
namespace {

enum Column { kRank, kGflops, kPeak, kMedian, kChecked, kSource, kSchedule, kColumns };

// The schedule part of a candidate's script: its lines after te.create_schedule.
QString ScheduleLines(const std::string& script) {
  QStringList lines = QString::fromStdString(script).split('\n');
  QStringList out;
  bool after = false;
  for (const QString& line : lines) {
    if (after && !line.trimmed().isEmpty() && !line.trimmed().startsWith('#'))
      out << line.trimmed();
    if (line.contains("create_schedule")) after = true;
  }
  return out.join("\n");
}

QTableWidgetItem* Item(const QString& text, const QString& tip = QString()) {
  auto* item = new QTableWidgetItem(text);
  item->setToolTip(tip.isEmpty() ? text : tip);
  return item;
}

}  // namespace

QString FormatDuration(double seconds) {
  if (!(seconds >= 0)) return QObject::tr("unknown");
  long s = std::lround(seconds);
  if (s < 60) return QObject::tr("%1 s").arg(s);
  if (s < 3600) return QObject::tr("%1 min %2 s").arg(s / 60).arg(s % 60);
  return QObject::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
}

TuneView::TuneView(QWidget* parent)
    : ViewBase(parent),
      trials_(new QSpinBox(this)),
      budget_(new QSpinBox(this)),
      strategy_(new QComboBox(this)),
      layouts_(new QComboBox(this)),
      block_(new QComboBox(this)),
      start_(new QPushButton(this)),
      pause_(new QPushButton(this)),
      resume_(new QPushButton(this)),
      cancel_(new QPushButton(this)),
      progress_(new QProgressBar(this)),
      progressLabel_(new QLabel(this)),
      plot_(new QCustomPlot(this)),
      table_(new QTableWidget(this)),
      apply_(new QPushButton(this)),
      compare_(new QPushButton(this)),
      dbLabel_(new QLabel(this)),
      knobsLabel_(new QLabel(this)),
      knobs_(new QListWidget(this)),
      removeKnob_(new QPushButton(this)),
      log_(new QPlainTextEdit(this)) {
  trials_->setRange(1, 100000);
  trials_->setValue(32);
  trials_->setObjectName("tuneTrials");
  budget_->setRange(0, 7 * 24 * 3600);
  budget_->setValue(0);
  budget_->setObjectName("tuneBudget");
  strategy_->addItem(QString(), "evolution");
  strategy_->addItem(QString(), "random");
  strategy_->setObjectName("tuneStrategy");
  // The item's data: bit 0 inputs, bit 1 outputs in blocks.
  for (int bits = 0; bits < 4; ++bits) layouts_->addItem(QString(), bits);
  layouts_->setObjectName("tuneArgumentLayouts");
  connect(layouts_, &QComboBox::currentIndexChanged, this, &TuneView::argumentLayoutsChanged);
  connect(trials_, &QSpinBox::valueChanged, this, &TuneView::choicesChanged);
  connect(budget_, &QSpinBox::valueChanged, this, &TuneView::choicesChanged);
  connect(strategy_, &QComboBox::currentIndexChanged, this, &TuneView::choicesChanged);
  connect(layouts_, &QComboBox::currentIndexChanged, this, &TuneView::choicesChanged);
  connect(layouts_, &QComboBox::currentIndexChanged, this, &TuneView::updateButtons);
  for (int channels : {0, 4, 8, 16, 32, 64}) block_->addItem(QString(), channels);
  block_->setObjectName("tuneArgumentBlock");
  connect(block_, &QComboBox::currentIndexChanged, this, &TuneView::argumentLayoutsChanged);
  connect(block_, &QComboBox::currentIndexChanged, this, &TuneView::choicesChanged);
  const std::pair<QPushButton*, const char*> buttons[] = {
      {start_, "tuneStart"},          {pause_, "tunePause"}, {resume_, "tuneResume"},
      {cancel_, "tuneCancel"},        {apply_, "tuneApply"}, {compare_, "tuneCompare"},
      {removeKnob_, "tuneRemoveKnob"}};
  for (auto [b, name] : buttons) b->setObjectName(name);

  // Settings in two rows and the buttons in a third: the whole dock fits the Bounds
  // column of a 1280-pixel screen without scrolling sideways.
  auto* settings = new QGridLayout;
  for (QLabel*& label : settingsLabels_) label = new QLabel(this);
  settings->addWidget(settingsLabels_[0], 0, 0);
  settings->addWidget(trials_, 0, 1);
  settings->addWidget(settingsLabels_[2], 0, 2);
  settings->addWidget(strategy_, 0, 3);
  settings->addWidget(settingsLabels_[1], 1, 0);
  settings->addWidget(budget_, 1, 1);
  settings->addWidget(settingsLabels_[3], 1, 2);
  settings->addWidget(layouts_, 1, 3);
  settings->addWidget(block_, 1, 4);
  settings->setColumnStretch(5, 1);
  auto* controls = new QHBoxLayout;
  for (QPushButton* b : {start_, pause_, resume_, cancel_}) controls->addWidget(b);
  controls->addStretch(1);

  progress_->setRange(0, 1);
  progress_->setValue(0);
  progressLabel_->setObjectName("tuneProgressLabel");
  progressLabel_->setWordWrap(true);

  // The chart: every trial (points), failed ones (crosses on the axis), the best so far
  // (a step line), the peak (a dashed line).
  plot_->setMinimumHeight(140);
  trialsGraph_ = plot_->addGraph();
  trialsGraph_->setLineStyle(QCPGraph::lsNone);
  trialsGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(70, 110, 220), 5));
  failedGraph_ = plot_->addGraph();
  failedGraph_->setLineStyle(QCPGraph::lsNone);
  failedGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QColor(210, 40, 40), 7));
  bestGraph_ = plot_->addGraph();
  bestGraph_->setLineStyle(QCPGraph::lsStepLeft);
  bestGraph_->setPen(QPen(QColor(30, 160, 70), 2));
  peakLine_ = new QCPItemStraightLine(plot_);
  peakLine_->setPen(QPen(Qt::red, 1.5, Qt::DashLine));
  peakLabel_ = new QCPItemText(plot_);
  peakLabel_->setColor(Qt::red);
  peakLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
  peakLabel_->position->setAxisRect(plot_->axisRect());
  peakLabel_->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);

  table_->setColumnCount(kColumns);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setWordWrap(false);
  table_->setObjectName("tuneCandidates");
  connect(table_, &QTableWidget::itemSelectionChanged, this, &TuneView::updateButtons);
  connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
    if (row >= 0 && row < int(candidates_.size())) emit applyRequested(candidates_[size_t(row)].id);
  });

  knobs_->setObjectName("tuneKnobs");
  knobs_->setMaximumHeight(70);
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(500);
  log_->setObjectName("tuneLog");
  log_->setMaximumHeight(90);
  dbLabel_->setObjectName("tuneDatabase");
  dbLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  // Apply and Compare sit under the session's buttons: in sight above the chart even
  // when the dock is too short for the whole view and scrolls.
  auto* tableButtons = new QHBoxLayout;
  tableButtons->addWidget(apply_);
  tableButtons->addWidget(compare_);
  tableButtons->addStretch(1);
  tableButtons->addWidget(dbLabel_, 2);
  auto* lower = new QWidget(this);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  lowerLayout->addWidget(table_, 1);
  auto* knobRow = new QHBoxLayout;
  knobRow->addWidget(knobs_, 1);
  knobRow->addWidget(removeKnob_, 0, Qt::AlignTop);
  lowerLayout->addWidget(knobsLabel_);
  lowerLayout->addLayout(knobRow);
  lowerLayout->addWidget(log_);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(plot_);
  split->addWidget(lower);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(settings);
  layout->addLayout(controls);
  layout->addLayout(tableButtons);
  layout->addWidget(progress_);
  layout->addWidget(progressLabel_);
  layout->addWidget(split, 1);

  connect(start_, &QPushButton::clicked, this, &TuneView::startRequested);
  connect(pause_, &QPushButton::clicked, this, &TuneView::pauseRequested);
  connect(resume_, &QPushButton::clicked, this, &TuneView::resumeRequested);
  connect(cancel_, &QPushButton::clicked, this, &TuneView::cancelRequested);
  connect(apply_, &QPushButton::clicked, this, [this] {
    QList<qint64> ids = selectedIds();
    if (ids.size() == 1) emit applyRequested(ids.front());
  });
  connect(removeKnob_, &QPushButton::clicked, this, [this] {
    if (knobs_->currentRow() >= 0) emit removeKnobRequested(knobs_->currentRow());
  });
  connect(knobs_, &QListWidget::currentRowChanged, this,
          [this](int row) { removeKnob_->setEnabled(row >= 0); });
  connect(compare_, &QPushButton::clicked, this, [this] {
    QList<qint64> ids = selectedIds();
    if (ids.size() == 2) emit compareRequested(ids[0], ids[1]);
  });
  retranslateUi();
  applyPalette();
  setKnobs({});
  clearTrials();
  setRunState(TuneRunState::Idle);
}

void TuneView::retranslateUi() {
  settingsLabels_[0]->setText(tr("Trials"));
  settingsLabels_[1]->setText(tr("Time budget (s)"));
  settingsLabels_[2]->setText(tr("Search"));
  budget_->setSpecialValueText(tr("none"));
  budget_->setToolTip(
      tr("Stop after this many seconds (none: only the trial count limits the session)"));
  trials_->setToolTip(tr("How many candidate schedules to measure in this session"));
  strategy_->setItemText(0, tr("evolution (cost model)"));
  strategy_->setItemText(1, tr("random (baseline)"));
  settingsLabels_[3]->setText(tr("Arguments"));
  layouts_->setItemText(0, tr("as defined"));
  layouts_->setItemText(1, tr("inputs in blocks"));
  layouts_->setItemText(2, tr("output in blocks"));
  layouts_->setItemText(3, tr("inputs and output in blocks"));
  block_->setItemText(0, tr("own blocks"));
  for (int i = 1; i < block_->count(); ++i)
    block_->setItemText(i, tr("blocks of %1").arg(block_->itemData(i).toInt()));
  start_->setText(tr("Start"));
  updateButtons();
  pause_->setText(tr("Pause"));
  pause_->setToolTip(tr("Stop after recording what was measured; Resume continues the session"));
  resume_->setText(tr("Resume"));
  resume_->setToolTip(
      tr("Continue the paused session: schedules already measured are not measured again"));
  cancel_->setText(tr("Cancel"));
  cancel_->setToolTip(tr("Stop the session (what was measured stays in the records)"));
  apply_->setText(tr("Apply"));
  apply_->setToolTip(tr("Put the selected candidate's schedule on the trace (one undoable step)"));
  compare_->setText(tr("Compare"));
  compare_->setToolTip(tr("Show the two selected candidates' scripts and loop nests side by side"));
  table_->setHorizontalHeaderLabels({tr("#"), tr("GFLOP/s"), tr("% of peak"), tr("median (ms)"),
                                     tr("checked"), tr("found by"), tr("schedule")});
  knobsLabel_->setText(
      tr("Tunable knobs: sessions search exactly these (Make Tunable in the IterVar graph's or "
         "the loop nest's context menu); without knobs, the space generated from the workload"));
  knobsLabel_->setWordWrap(true);
  removeKnob_->setText(tr("Remove"));
  removeKnob_->setToolTip(tr("The selected knob goes back to its concrete value"));
  plot_->xAxis->setLabel(tr("trial"));
  plot_->yAxis->setLabel(tr("GFLOP/s"));
  trialsGraph_->setName(tr("trial"));
  failedGraph_->setName(tr("failed (crash, timeout, error)"));
  bestGraph_->setName(tr("best so far"));
  updatePeak();
  plot_->replot();
}

void TuneView::changeEvent(QEvent* event) {
  ViewBase::changeEvent(event);
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
    applyPalette();
    plot_->replot();
  }
}

void TuneView::applyPalette() {
  ApplyChartPalette(plot_, palette());
  const QColor base = palette().color(QPalette::Base);
  QColor peak = ReadableOn(Qt::red, base, 3.0);  // a line as well as a label
  peakLine_->setPen(QPen(peak, 1.5, Qt::DashLine));
  peakLabel_->setColor(ReadableOn(Qt::red, base));
}

void TuneView::setState(const DocumentState& state) {
  bool errors = !state.errors.empty() || (!state.schedule && !state.tir_schedule);
  if (errors != scriptErrors_) {
    scriptErrors_ = errors;
    updateButtons();
  }
  if (const bool tensorir = state.tir_schedule != nullptr; tensorir != tensorir_) {
    tensorir_ = tensorir;
    updateButtons();
  }
  if (QString agrees = AgreesWithReference(state); agrees != agrees_) {
    agrees_ = agrees;
    setCandidates(std::vector<tune::TuningRecord>(candidates_));
  }
  if (state.peak_gflops == peak_) return;
  peak_ = state.peak_gflops;
  updatePeak();
  rescale();
}

void TuneView::updatePeak() {
  bool shown = peak_ > 0;
  peakLine_->setVisible(shown);
  peakLabel_->setVisible(shown);
  if (!shown) return;
  peakLine_->point1->setCoords(0, peak_);
  peakLine_->point2->setCoords(1, peak_);
  peakLabel_->position->setCoords(0.02, peak_);
  peakLabel_->setText(tr("machine peak (estimate): %1 GFLOP/s").arg(peak_, 0, 'f', 0));
}

void TuneView::rescale() {
  plot_->xAxis->setRange(0, std::max(4, trialCount_ + 1));
  plot_->yAxis->setRange(0, std::max({1.0, maxGflops_ * 1.15, peak_ * 1.08}));
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

int TuneView::trialCount() const { return trials_->value(); }
double TuneView::timeBudgetSeconds() const { return budget_->value(); }
QString TuneView::strategy() const { return strategy_->currentData().toString(); }

tune::BlockedArguments TuneView::argumentLayouts() const {
  if (tensorir_) return {};
  return chosenArgumentLayouts();
}

tune::BlockedArguments TuneView::chosenArgumentLayouts() const {
  const int bits = layouts_->currentData().toInt();
  return {(bits & 1) != 0, (bits & 2) != 0, bits != 0 ? block_->currentData().toInt() : 0};
}

void TuneView::setTrialCount(int trials) { trials_->setValue(trials); }

void TuneView::setTimeBudgetSeconds(double seconds) {
  budget_->setValue(static_cast<int>(seconds));
}

void TuneView::setStrategy(const QString& strategy) {
  if (int at = strategy_->findData(strategy); at >= 0) strategy_->setCurrentIndex(at);
}

void TuneView::setArgumentLayouts(tune::BlockedArguments blocked) {
  layouts_->setCurrentIndex(layouts_->findData(int(blocked.inputs) | int(blocked.outputs) << 1));
  if (int at = block_->findData(static_cast<int>(blocked.block)); at >= 0)
    block_->setCurrentIndex(at);
}

void TuneView::setRunState(TuneRunState state) {
  state_ = state;
  updateButtons();
}

void TuneView::updateButtons() {
  const bool idle = state_ == TuneRunState::Idle, running = state_ == TuneRunState::Running;
  start_->setEnabled((idle || state_ == TuneRunState::Paused) && !scriptErrors_);
  start_->setToolTip(
      scriptErrors_ ? tr("Fix the script's errors first: a session tunes the document's schedule")
                    : tr("Tune the document's workload on this machine (a new session)"));
  pause_->setEnabled(running);
  resume_->setEnabled(state_ == TuneRunState::Paused);
  cancel_->setEnabled(running || state_ == TuneRunState::Paused || state_ == TuneRunState::Pausing);
  for (QWidget* w : std::initializer_list<QWidget*>{trials_, budget_, strategy_})
    w->setEnabled(idle || state_ == TuneRunState::Paused);
  // A resumed session keeps its workload: its layouts change only between sessions.
  layouts_->setEnabled(idle && !tensorir_);
  block_->setEnabled(idle && !tensorir_ && layouts_->currentData().toInt() != 0);
  block_->setToolTip(
      tr("The channels of a block as the caller's tensors have them (oneDNN's "
         "nChw16c: 16); own blocks: each schedule's, its tile's width of "
         "channels. Another workload, with records of its own"));
  layouts_->setToolTip(
      tensorir_ ? tr("A TensorIR function takes its buffers as it declares them")
                : tr("Which arguments the tuned kernel takes in the blocked layouts it computes "
                     "in, as a library's blocked primitive is handed them (oneDNN's nChw8c): "
                     "another workload, with records of its own"));
  const int selected = int(selectedIds().size());
  apply_->setEnabled(selected == 1);
  compare_->setEnabled(selected == 2);
}

void TuneView::setProgress(const TuneProgress& p) {
  progress_->setRange(0, std::max(1, p.total));
  progress_->setValue(std::min(p.done, std::max(1, p.total)));
  progress_->setFormat(QString("%1 / %2").arg(p.done).arg(p.total));
  QString text = tr("%1 of %2 trials measured in %3")
                     .arg(p.done)
                     .arg(p.total)
                     .arg(FormatDuration(p.elapsed_s));
  if (p.best_gflops > 0) {
    text += " · " + tr("best %1 GFLOP/s").arg(p.best_gflops, 0, 'f', 2);
    if (peak_ > 0) text += " " + tr("(%1% of peak)").arg(100 * p.best_gflops / peak_, 0, 'f', 0);
  }
  if (state_ == TuneRunState::Running)
    text += " · " + (p.eta_s >= 0 ? tr("about %1 left").arg(FormatDuration(p.eta_s))
                                  : tr("estimating time left…"));
  else if (state_ == TuneRunState::Paused)
    text += " · " + tr("paused");
  if (!p.jobs.isEmpty() && state_ != TuneRunState::Idle && state_ != TuneRunState::Paused)
    text += " · " + p.jobs;
  progressLabel_->setText(text);
}

void TuneView::clearTrials() {
  trialsGraph_->data()->clear();
  failedGraph_->data()->clear();
  bestGraph_->data()->clear();
  trialCount_ = 0;
  failed_ = 0;
  maxGflops_ = 0;
  rescale();
}

void TuneView::addTrial(const tune::TuneTrial& t) {
  const double key = ++trialCount_;
  if (t.status == tune::kStatusOk) {
    trialsGraph_->addData(key, t.gflops);
  } else {
    failedGraph_->addData(key, 0);
    ++failed_;
  }
  bestGraph_->addData(key, t.best_gflops);
  maxGflops_ = std::max({maxGflops_, t.gflops, t.best_gflops});
  rescale();
}

int TuneView::plottedTrials() const {
  return trialsGraph_->dataCount() + failedGraph_->dataCount();
}

std::vector<double> TuneView::bestCurve() const {
  std::vector<double> out;
  for (auto it = bestGraph_->data()->constBegin(); it != bestGraph_->data()->constEnd(); ++it)
    out.push_back(it->value);
  return out;
}

void TuneView::setCandidates(const std::vector<tune::TuningRecord>& records) {
  QList<qint64> keep = selectedIds();
  candidates_ = records;
  const QString agrees = agrees_.isEmpty() ? AgreesWithReference(DocumentState()) : agrees_;
  table_->setRowCount(int(records.size()));
  for (int row = 0; row < int(records.size()); ++row) {
    const tune::TuningRecord& r = records[size_t(row)];
    QString schedule = ScheduleLines(r.script);
    table_->setItem(row, kRank, Item(QString::number(row + 1), tr("record %1").arg(r.id)));
    table_->setItem(row, kGflops, Item(QString::number(r.gflops, 'f', 2)));
    table_->setItem(row, kPeak,
                    Item(peak_ > 0 ? QString::number(100 * r.gflops / peak_, 'f', 0) : "—"));
    table_->setItem(row, kMedian,
                    Item(QString::number(r.median_ms, 'f', 3), tr("median %1 ms, fastest %2 ms")
                                                                   .arg(r.median_ms, 0, 'f', 3)
                                                                   .arg(r.min_ms, 0, 'f', 3)));
    table_->setItem(row, kChecked, Item(r.checked ? agrees : tr("not yet")));
    table_->setItem(row, kSource, Item(QString::fromStdString(r.source)));
    table_->setItem(row, kSchedule,
                    Item(QString(schedule).replace('\n', QStringLiteral("; ")), schedule));
  }
  table_->resizeColumnsToContents();
  selectIds(keep);
  updateButtons();
}

QList<qint64> TuneView::selectedIds() const {
  QList<int> rows;
  for (const QModelIndex& index : table_->selectionModel()->selectedRows()) rows << index.row();
  std::sort(rows.begin(), rows.end());
  QList<qint64> ids;
  for (int row : rows)
    if (row >= 0 && row < int(candidates_.size())) ids << candidates_[size_t(row)].id;
  return ids;
}

void TuneView::selectIds(const QList<qint64>& ids) {
  QSignalBlocker block(table_);
  table_->clearSelection();
  for (int row = 0; row < int(candidates_.size()); ++row)
    if (ids.contains(candidates_[size_t(row)].id))
      table_->selectionModel()->select(table_->model()->index(row, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
  updateButtons();
}

void TuneView::setKnobs(const QStringList& knobs) {
  knobs_->clear();
  knobs_->addItems(knobs);
  knobsLabel_->setVisible(!knobs.isEmpty());
  knobs_->setVisible(!knobs.isEmpty());
  removeKnob_->setVisible(!knobs.isEmpty());
  removeKnob_->setEnabled(knobs_->currentRow() >= 0);
}

void TuneView::appendMessage(const QString& message, bool error) {
  if (error)
    log_->appendHtml(QString("<span style='color:#d02828'>%1</span>").arg(message.toHtmlEscaped()));
  else
    log_->appendPlainText(message);
}

void TuneView::setDatabasePath(const QString& path) {
  // The file's name: a whole path would make the dock as wide as it is.
  dbLabel_->setText(tr("records: %1").arg(QFileInfo(path).fileName()));
  dbLabel_->setToolTip(
      path + "\n" +
      tr("Every measured candidate is kept in this SQLite file; a session started again "
         "on the same workload resumes from it"));
}

QPushButton* TuneView::button(const QString& objectName) const {
  return findChild<QPushButton*>(objectName);
}

bool TuneView::exportImage(const QString& path) {
  if (path.endsWith(".svg", Qt::CaseInsensitive)) return ViewBase::exportImage(path);
  return plot_->savePng(path, 0, 0, 2.0);
}

}  // namespace tessera::views
