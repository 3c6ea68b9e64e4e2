#include "VersionCompare.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextEdit>
#include <QVBoxLayout>

#include "Evaluation.h"
#include "ir/Printer.h"
#include "views/ProfileView.h"

namespace tessera::gui {
namespace {

std::string LoopNestOf(const views::ScheduleVersion* v, const std::string& function) {
  if (!v) return {};
  views::DocumentState s = Evaluate(v->script, "v" + std::to_string(v->id), function);
  if (!s.lowered.defined())
    return s.errors.empty() ? std::string("(no loop program)") : s.errors.front().format();
  return ir::Print(s.lowered).text;
}

// The latest timing (a Profile's calls before a Run's single call) and the latest check
// of `version`; `target` set: timings on that target only. The latest, not the fastest:
// the fastest of several medians is biased towards luck.
struct Summary {
  const views::RunRecord* timed = nullptr;
  const views::RunRecord* checked = nullptr;
  int runs = 0;
};

Summary Summarize(const views::RunHistory& h, int version, const std::string& target = {}) {
  Summary s;
  auto rank = [](const views::RunRecord& r) { return r.calls.times_ms.size() > 1 ? 1 : 0; };
  for (const views::RunRecord& r : h.runs()) {
    if (r.version != version) continue;
    ++s.runs;
    if (r.ok && r.median_ms > 0 && (target.empty() || r.target == target) &&
        (!s.timed || rank(r) >= rank(*s.timed)))
      s.timed = &r;
    if (r.ok && r.checked) s.checked = &r;
  }
  return s;
}

QString CheckText(const views::RunRecord* r) {
  if (!r) return QObject::tr("not checked");
  return r->matches ? QObject::tr("matches (max error %1)").arg(r->max_error, 0, 'g', 3)
                    : QObject::tr("DIFFERS (max error %1)").arg(r->max_error, 0, 'g', 3);
}

// A median with its 95% interval ("0.210 ms (0.205–0.220, 20 calls)").
QString Ms(const runner::MedianInterval& m, const views::RunRecord* r) {
  if (!m.known())
    return r ? QObject::tr("%1 ms (calls not kept)").arg(r->median_ms, 0, 'f', 3) : "—";
  return QObject::tr("%1 ms (95%: %2–%3, %n call(s))", "", m.samples)
      .arg(m.median, 0, 'f', 3)
      .arg(m.low, 0, 'f', 3)
      .arg(m.high, 0, 'f', 3);
}

// One side of a side-by-side diff as HTML: this side's lines, coloured where they
// changed, and an empty line where only the other side has one (so lines stay aligned).
QString SideHtml(const std::vector<views::DiffLine>& diff, bool right) {
  using Kind = views::DiffLine::Kind;
  QString html = "<pre style='margin:0'>";
  for (const views::DiffLine& l : diff) {
    bool mine = l.kind == Kind::Same || (right ? l.kind == Kind::Added : l.kind == Kind::Removed);
    QString text = mine ? QString::fromStdString(l.text).toHtmlEscaped() : QString();
    if (l.kind == Kind::Same)
      html += "  " + text + "\n";
    else if (!mine)
      html += "<span style='background:#eeeeee'> </span>\n";
    else
      html += QString("<span style='background:%1;color:black'>%2 %3</span>\n")
                  .arg(right ? "#c8f0c8" : "#f8c8c8", right ? "+" : "-", text);
  }
  return html + "</pre>";
}

QTextEdit* Pane(const QString& html) {
  auto* edit = new QTextEdit;
  edit->setReadOnly(true);
  edit->setLineWrapMode(QTextEdit::NoWrap);
  edit->setFont(QFont("monospace"));
  edit->setHtml(html);
  return edit;
}

// Two panes whose scroll bars move together.
QWidget* SideBySide(QTextEdit* left, QTextEdit* right) {
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(left);
  split->addWidget(right);
  for (auto [a, b] : {std::pair{left, right}, std::pair{right, left}}) {
    QObject::connect(a->verticalScrollBar(), &QScrollBar::valueChanged, b->verticalScrollBar(),
                     &QScrollBar::setValue);
    QObject::connect(a->horizontalScrollBar(), &QScrollBar::valueChanged, b->horizontalScrollBar(),
                     &QScrollBar::setValue);
  }
  return split;
}

}  // namespace

VersionComparison CompareVersions(const views::RunHistory& h, int left, int right,
                                  const std::string& function) {
  VersionComparison c;
  c.left = QString::fromStdString(h.label(left));
  c.right = QString::fromStdString(h.label(right));
  const views::ScheduleVersion* a = h.find(left);
  const views::ScheduleVersion* b = h.find(right);
  c.script = views::DiffLines(views::SplitLines(a ? a->script : ""),
                              views::SplitLines(b ? b->script : ""));
  c.loops = views::DiffLines(views::SplitLines(LoopNestOf(a, function)),
                             views::SplitLines(LoopNestOf(b, function)));
  Summary sb = Summarize(h, right);
  Summary sa = Summarize(h, left, sb.timed ? sb.timed->target : std::string());
  c.numbers.push_back({QObject::tr("runs"), QString::number(sa.runs), QString::number(sb.runs)});
  c.numbers.push_back(
      {QObject::tr("reference check"), CheckText(sa.checked), CheckText(sb.checked)});
  // The Profile chart's rule (views::CompareVersionRuns) on the latest timings.
  runner::TimingComparison t;
  if (sa.timed && sb.timed)
    t = views::CompareVersionRuns({left, sa.timed->median_ms, &sa.timed->calls},
                                  {right, sb.timed->median_ms, &sb.timed->calls});
  c.speedup = t.speedup;
  c.verdict = t.verdict;
  c.interleaved = t.interleaved;
  c.numbers.push_back(
      {QObject::tr("median time"),
       Ms(t.verdict != runner::NoiseVerdict::kUnknown ? t.baseline : runner::MedianInterval{},
          sa.timed),
       Ms(t.verdict != runner::NoiseVerdict::kUnknown ? t.candidate : runner::MedianInterval{},
          sb.timed)});
  auto gflops = [](const views::RunRecord* r) {
    return r && r->gflops > 0 ? QString::number(r->gflops, 'f', 2) : QString("—");
  };
  c.numbers.push_back({QObject::tr("GFLOP/s"), gflops(sa.timed), gflops(sb.timed)});
  QString speed = "—";
  if (t.speedup > 0) {
    speed = QString("×%1").arg(t.speedup, 0, 'f', 2) + " " + views::ProfileView::VerdictText(t);
  }
  c.numbers.push_back({QObject::tr("speed of right vs left"), QString(), speed});
  c.numbers.push_back({QObject::tr("changed script lines"), QString(),
                       QString::number(views::ChangedLineCount(c.script))});
  c.numbers.push_back({QObject::tr("changed loop-nest lines"), QString(),
                       QString::number(views::ChangedLineCount(c.loops))});
  return c;
}

VersionCompareDialog::VersionCompareDialog(const VersionComparison& c, QWidget* parent)
    : QDialog(parent),
      scriptLeft_(Pane(SideHtml(c.script, false))),
      scriptRight_(Pane(SideHtml(c.script, true))),
      loopsLeft_(Pane(SideHtml(c.loops, false))),
      loopsRight_(Pane(SideHtml(c.loops, true))),
      numbers_(new QTableWidget(this)) {
  setWindowTitle(tr("Compare %1 with %2").arg(c.left, c.right));
  setObjectName("VersionCompareDialog");
  numbers_->setColumnCount(3);
  numbers_->setHorizontalHeaderLabels({QString(), c.left, c.right});
  numbers_->setRowCount(int(c.numbers.size()));
  for (int row = 0; row < int(c.numbers.size()); ++row)
    for (int col = 0; col < 3; ++col) {
      auto* item = new QTableWidgetItem(c.numbers[size_t(row)][size_t(col)]);
      item->setToolTip(item->text());
      numbers_->setItem(row, col, item);
    }
  numbers_->verticalHeader()->hide();
  numbers_->horizontalHeader()->setStretchLastSection(true);
  numbers_->resizeColumnsToContents();
  numbers_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  auto* tabs = new QTabWidget(this);
  tabs->addTab(SideBySide(scriptLeft_, scriptRight_), tr("Script"));
  tabs->addTab(SideBySide(loopsLeft_, loopsRight_), tr("Loop nest"));
  auto* heading = new QLabel(tr("<b>%1</b> (left) and <b>%2</b> (right)")
                                 .arg(c.left.toHtmlEscaped(), c.right.toHtmlEscaped()),
                             this);
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(heading);
  layout->addWidget(numbers_);
  layout->addWidget(tabs, 1);
  layout->addWidget(close);
  resize(1100, 760);
}

}  // namespace tessera::gui
