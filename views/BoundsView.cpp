#include "views/BoundsView.h"

#include <QComboBox>
#include <QLabel>
#include <QTreeWidget>
#include <algorithm>

#include "views/BoundsPanes.h"
#include "views/FullTextTips.h"
#include "views/TreeSync.h"

namespace tessera::views {
namespace {

QString S(const std::string& s) { return QString::fromStdString(s); }

QStringList ItemTexts(const QComboBox& box) {
  QStringList texts;
  for (int i = 0; i < box.count(); ++i) texts << box.itemText(i);
  return texts;
}

QString RealizeText(const schedule::StageBounds& b) {
  QStringList dims;
  for (const auto& d : b.realize)
    dims << (d.max_extent ? QString::number(*d.max_extent) : S(d.extent));
  return dims.isEmpty() ? QString() : "[" + dims.join(", ") + "]";
}

QString AttachText(const schedule::StageBounds& b) {
  if (b.attach_type == "scope") return S(b.attach_stage) + "." + S(b.attach_iter_var);
  return S(b.attach_type);
}

constexpr int kComputed = 4;
constexpr int kRequired = 5;

// The core's names of op and iter-var kinds in the interface language (the same words
// as the Stage DAG and the loop nest use, so that zh_CN does not mix languages). The
// iter-var kinds are shortened on purpose ("reduce" for comm_reduce): the Kind column
// stays narrow enough for every column to fit a 1280-pixel screen; the tooltip has the
// core's name.
QString KindName(const std::string& kind) {
  static const std::pair<const char*, const char*> names[] = {
      {"placeholder", QT_TRANSLATE_NOOP("tessera::views::BoundsView", "placeholder")},
      {"compute", QT_TRANSLATE_NOOP("tessera::views::BoundsView", "compute")},
      {"data_par", QT_TRANSLATE_NOOP("tessera::views::BoundsView", "spatial")},
      {"comm_reduce", QT_TRANSLATE_NOOP("tessera::views::BoundsView", "reduce")},
      {"vectorized", QT_TRANSLATE_NOOP("tessera::views::BoundsView", "vector")},
      {"parallelized", QT_TRANSLATE_NOOP("tessera::views::BoundsView", "parallel")},
      {"unrolled", QT_TRANSLATE_NOOP("tessera::views::BoundsView", "unrolled")},
      {"thread_index", QT_TRANSLATE_NOOP("tessera::views::BoundsView", "thread")},
  };
  for (const auto& [core, text] : names)
    if (kind == core) return BoundsView::tr(text);
  return QString::fromStdString(kind);
}

void AddRows(QTreeWidgetItem* parent, const std::vector<schedule::PhaseRow>& rows) {
  for (const auto& r : rows) AddSetRow(parent, S(r.name), S(r.set));
}

}  // namespace

BoundsView::BoundsView(QWidget* parent) : ViewBase(parent) {
  BoundsPanes panes = MakeBoundsPanes(this);
  note_ = panes.note;
  pairLabel_ = panes.pairLabel;
  stages_ = panes.top;
  pairs_ = panes.pairs;
  phases_ = panes.steps;
  // Computed / required come early: over-computation must be visible in a narrow dock.
  retranslateUi();
  connect(pairs_, &QComboBox::currentIndexChanged, this, &BoundsView::fillPhases);
  connect(stages_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (updating_ || !item || !selectionModel()) return;
    QString stage = item->data(0, kStageRole).toString();
    QString var = item->data(0, kVarRole).toString();
    if (var.isEmpty())
      selectionModel()->selectStage(stage);
    else
      selectionModel()->selectIterVar(stage, var);
  });
}

void BoundsView::retranslateUi() {
  pairLabel_->setText(tr("InferBound phases for producer → consumer:"));
  stages_->setHeaderLabels({tr("Stage / IterVar"), tr("Kind"), tr("Min"), tr("Extent"),
                            tr("Computed"), tr("Required"), tr("Realize"), tr("Attach")});
  for (int c : {kComputed, kRequired})
    stages_->headerItem()->setToolTip(
        c, tr("Elements computed by the schedule vs required by the consumers; "
              "\"?\" when a count depends on a shape variable whose value is not known"));
  phases_->setHeaderLabels({tr("IterVar / dimension"), tr("Set or range")});
}

void BoundsView::setState(const DocumentState& state) {
  state_ = state;
  fillStages();
  QStringList pairs;
  for (const auto& t : state.phase_tables) pairs << S(t.producer) + " → " + S(t.consumer);
  // Refilled only when the pairs changed: a cleared box repaints, with the view and the
  // dock behind it, at every refresh.
  if (ItemTexts(*pairs_) != pairs) {
    QString keep = pairs_->currentText();
    QSignalBlocker block(pairs_);
    pairs_->clear();
    pairs_->addItems(pairs);
    int index = pairs_->findText(keep);
    pairs_->setCurrentIndex(index >= 0 ? index : (pairs_->count() ? 0 : -1));
  }
  fillPhases(pairs_->currentIndex());
  selectionChanged();
}

// Over-computation (computed > required) is marked in the stage's row.
void BoundsView::fillStages() {
  updating_ = true;
  if (!state_.bounds) {
    stages_->clear();
    note_->setText(state_.errors.empty() ? tr("No bounds: the script creates no schedule.")
                                         : tr("No bounds: the script has errors."));
    note_->show();
    updating_ = false;
    return;
  }
  note_->hide();
  QTreeWidgetItem rows;  // the new rows; the tree takes what changed (SyncTreeItems)
  for (const schedule::StageBounds& b : state_.bounds->stages) {
    auto* item = new QTreeWidgetItem(&rows);
    item->setText(0, S(b.name) + (b.is_output ? tr(" (output)") : QString()));
    item->setText(1, KindName(b.op));
    item->setText(kComputed, ElementCount(b.computed_elements));
    item->setText(kRequired, ElementCount(b.required_elements));
    item->setText(6, RealizeText(b));
    item->setText(7, AttachText(b));
    item->setData(0, kStageRole, S(b.name));
    item->setData(0, kOvercomputeRole,
                  MarkOvercompute(item, kComputed, kRequired, b.overcompute()));
    for (const schedule::IterVarBound& v : b.iter_vars) {
      auto* child = new QTreeWidgetItem(item);
      child->setText(0, S(v.name) + (v.leaf ? tr(" (leaf)") : QString()));
      child->setText(1, KindName(v.kind) + (v.thread.empty() ? QString() : " " + S(v.thread)));
      child->setToolTip(1, child->text(1) + " (" + S(v.kind) + ")");
      child->setText(2, S(v.min));
      child->setText(3, S(v.extent));
      child->setData(0, kStageRole, S(b.name));
      child->setData(0, kVarRole, S(v.name));
    }
  }
  ExplainUnknownCounts(&rows, kComputed, kRequired);
  GiveFullTextTips(&rows);
  SyncTreeItems(stages_, &rows);
  FitBoundsColumns(stages_, 160);
  updating_ = false;
}

void BoundsView::fillPhases(int index) {
  QTreeWidgetItem rows;  // the new rows; the tree takes what changed (SyncTreeItems)
  if (index < 0 || index >= int(state_.phase_tables.size())) {
    // An empty panel explains itself (#17 item 12).
    auto* why = new QTreeWidgetItem(
        &rows, {state_.schedule ? tr("No producer → consumer pair here") : tr("No schedule")});
    why->setText(1, tr("The phase tables explain how InferBound sizes a compute stage that another "
                       "compute stage reads (e.g. after cache_read, or B read by C)."));
    why->setToolTip(1, why->text(1));
    SyncTreeItems(phases_, &rows);
    return;
  }
  const schedule::PhaseTables& t = state_.phase_tables[size_t(index)];
  auto* p1 =
      new QTreeWidgetItem(&rows, {tr("Phase 1: consumer %1's leaf vars").arg(S(t.consumer))});
  AddRows(p1, t.phase1);
  auto* p2 = new QTreeWidgetItem(
      &rows, {tr("Phase 2: PassUpDomain to %1's root vars").arg(S(t.consumer))});
  for (const auto& step : t.phase2_steps) {
    auto* s = new QTreeWidgetItem(p2, {tr("after %1").arg(S(step.relation))});
    AddRows(s, step.rows);
  }
  auto* roots = new QTreeWidgetItem(p2, {tr("root vars (after relaxation)")});
  AddRows(roots, t.phase2);
  auto* p3 = new QTreeWidgetItem(
      &rows, {tr("Phase 3: %1's request of %2").arg(S(t.consumer), S(t.producer))});
  AddRows(p3, t.phase3);
  auto* p4 = new QTreeWidgetItem(&rows, {tr("Phase 4: %1's root ranges").arg(S(t.producer))});
  AddRows(p4, t.phase4);
  GiveFullTextTips(&rows);
  SyncTreeItems(phases_, &rows);
  FitBoundsColumns(phases_, 260);
}

QTreeWidgetItem* BoundsView::stageItem(const QString& stage) const {
  for (int i = 0; i < stages_->topLevelItemCount(); ++i)
    if (stages_->topLevelItem(i)->data(0, kStageRole).toString() == stage)
      return stages_->topLevelItem(i);
  return nullptr;
}

QTreeWidgetItem* BoundsView::iterVarItem(const QString& stage, const QString& var) const {
  QTreeWidgetItem* s = stageItem(stage);
  for (int i = 0; s && i < s->childCount(); ++i)
    if (s->child(i)->data(0, kVarRole).toString() == var) return s->child(i);
  return nullptr;
}

void BoundsView::selectionChanged() {
  if (!selectionModel()) return;
  updating_ = true;
  QString stage = selectionModel()->stage(), var = selectionModel()->iterVar();
  QTreeWidgetItem* item = var.isEmpty() ? stageItem(stage) : iterVarItem(stage, var);
  stages_->setCurrentItem(item);
  if (item) stages_->scrollToItem(item);
  updating_ = false;
}

}  // namespace tessera::views
