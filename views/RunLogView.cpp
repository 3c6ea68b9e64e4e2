#include "views/RunLogView.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <map>

#include "views/FullTextTips.h"

namespace tessera::views {
namespace {

enum Column {
  kVersion,
  kKind,
  kTarget,
  kCheck,
  kMaxError,
  kMedian,
  kSpread,
  kGflops,
  kWhen,
  kColumns
};

QTableWidgetItem* Cell(const QString& text, const QString& tip = QString()) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  item->setToolTip(tip.isEmpty() ? text : tip);
  return item;
}

QString Ms(double ms) { return ms > 0 ? QString::number(ms, 'f', ms < 10 ? 3 : 1) : QString("—"); }

// Versions whose latest checked run differs from the reference, oldest first.
std::vector<const RunRecord*> FailingChecks(const RunHistory& h) {
  std::map<int, const RunRecord*> latest;
  for (const RunRecord& r : h.runs())
    if (r.ok && r.checked) latest[r.version] = &r;
  std::vector<const RunRecord*> out;
  for (const auto& [version, run] : latest)
    if (!run->matches) out.push_back(run);
  return out;
}

}  // namespace

RunLogView::RunLogView(QWidget* parent)
    : ViewBase(parent),
      banner_(new QLabel(this)),
      table_(new QTableWidget(this)),
      show_(new QPushButton(this)),
      compare_(new QPushButton(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  banner_->setWordWrap(true);
  banner_->setObjectName("runLogBanner");
  banner_->setStyleSheet(
      "QLabel { background: #c62828; color: white; font-weight: bold; padding: 6px; }");
  banner_->hide();
  layout->addWidget(banner_);
  table_->setColumnCount(kColumns);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  // What a run says first: its version, the check, the time and its spread, GFLOP/s; the
  // kind, target and date after them. Texts wrap rather than leave the dock.
  const Column order[] = {kVersion,  kCheck, kMedian, kSpread, kGflops,
                          kMaxError, kKind,  kTarget, kWhen};
  for (int visual = 0; visual < kColumns; ++visual)
    table_->horizontalHeader()->moveSection(table_->horizontalHeader()->visualIndex(order[visual]),
                                            visual);
  layout->addWidget(table_, 1);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(show_);
  buttons->addWidget(compare_);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  connect(table_, &QTableWidget::itemSelectionChanged, this, &RunLogView::updateButtons);
  connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
    if (int v = versionAt(row)) emit versionRequested(v);
  });
  connect(show_, &QPushButton::clicked, this, [this] {
    QList<int> v = selectedVersions();
    if (!v.isEmpty()) emit versionRequested(v.front());
  });
  connect(compare_, &QPushButton::clicked, this, [this] {
    QList<int> v = selectedVersions();
    if (v.size() == 2) emit compareRequested(v[1], v[0]);  // older on the left
  });
  retranslateUi();
  updateButtons();
}

void RunLogView::retranslateUi() {
  table_->setHorizontalHeaderLabels({tr("Version"), tr("Kind"), tr("Target"), tr("Check"),
                                     tr("Max error"), tr("Median (ms)"), tr("Spread"),
                                     tr("GFLOP/s"), tr("When")});
  show_->setText(tr("Show Version"));
  show_->setToolTip(tr("Go back to the schedule of the selected run (Edit ▸ Undo returns)"));
  compare_->setText(tr("Compare…"));
  compare_->setToolTip(
      tr("Select the runs of two versions to compare their scripts, loop nests and numbers"));
}

// Newest first: the run just finished is the top row.
void RunLogView::setState(const DocumentState& state) {
  const RunHistory& h = state.history;
  const auto& runs = h.runs();
  table_->setRowCount(int(runs.size()));
  for (int row = 0; row < int(runs.size()); ++row) {
    const RunRecord& r = runs[runs.size() - 1 - size_t(row)];
    QString label = QString::fromStdString(h.label(r.version));
    const ScheduleVersion* v = h.find(r.version);
    table_->setItem(row, kVersion, Cell(label, v ? QString::fromStdString(v->script) : label));
    table_->item(row, kVersion)->setData(Qt::UserRole, r.version);
    table_->setItem(row, kKind, Cell(r.kind == "profile" ? tr("profile") : tr("run")));
    table_->setItem(row, kTarget, Cell(QString::fromStdString(r.target)));
    QString check = !r.ok        ? tr("FAILED: %1").arg(QString::fromStdString(r.message))
                    : !r.checked ? tr("not checked")
                    : r.matches  ? tr("matches")
                                 : tr("DIFFERS");
    table_->setItem(row, kCheck, Cell(check));
    table_->setItem(row, kMaxError, Cell(r.checked ? QString::number(r.max_error, 'g', 3) : "—"));
    table_->setItem(row, kMedian,
                    Cell(Ms(r.median_ms), tr("min %1 ms, median %2 ms, max %3 ms")
                                              .arg(Ms(r.min_ms), Ms(r.median_ms), Ms(r.max_ms))));
    // The spread is the median's 95% interval (runner/TimingStats.h), the one every
    // comparison of the app uses; runs saved before calls were kept have none.
    runner::MedianInterval interval = r.calls.interval();
    table_->setItem(row, kSpread,
                    interval.samples > 1
                        ? Cell(QString("±%1%").arg(100 * interval.relativeHalfWidth(), 0, 'f', 1),
                               tr("95% interval of the median: %1–%2 ms over %n timed call(s)", "",
                                  interval.samples)
                                   .arg(Ms(interval.low), Ms(interval.high)))
                        : Cell("—", tr("a single timed call, or calls not kept")));
    table_->setItem(row, kGflops, Cell(r.gflops > 0 ? QString::number(r.gflops, 'f', 2) : "—"));
    table_->setItem(row, kWhen, Cell(QString::fromStdString(r.when)));
    if (!r.ok || r.failedCheck())
      for (int c = 0; c < kColumns; ++c) {
        table_->item(row, c)->setBackground(QColor(198, 40, 40));
        table_->item(row, c)->setForeground(Qt::white);
      }
  }
  FitTableColumns(table_, 240);
  QStringList failing;
  for (const RunRecord* r : FailingChecks(h))
    failing << tr("%1 DIFFERS from the reference (max error %2)")
                   .arg(QString::fromStdString(h.label(r->version)))
                   .arg(r->max_error, 0, 'g', 3);
  banner_->setText(failing.isEmpty() ? QString() : "✗ " + failing.join("\n✗ "));
  banner_->setVisible(!failing.isEmpty());
  updateButtons();
}

QString RunLogView::banner() const { return banner_->isVisible() ? banner_->text() : QString(); }

int RunLogView::versionAt(int row) const {
  QTableWidgetItem* item = table_->item(row, kVersion);
  return item ? item->data(Qt::UserRole).toInt() : 0;
}

// The distinct versions of the selected rows, top row first.
QList<int> RunLogView::selectedVersions() const {
  QList<int> out;
  for (int row = 0; row < table_->rowCount(); ++row)
    if (table_->item(row, kVersion) && table_->item(row, kVersion)->isSelected())
      if (int v = versionAt(row); v && !out.contains(v)) out << v;
  return out;
}

void RunLogView::updateButtons() {
  QList<int> v = selectedVersions();
  show_->setEnabled(v.size() == 1);
  compare_->setEnabled(v.size() == 2);
}

}  // namespace tessera::views
