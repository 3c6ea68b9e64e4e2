#include "InstrumentPanels.h"

#include <QAction>
#include <QDialog>
#include <QDockWidget>
#include <QEvent>
#include <QFontDatabase>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStatusBar>
#include <QTextBlock>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "Evaluation.h"
#include "MainWindow.h"
#include "reference/TirEmulatorCheck.h"
#include "runtime/KernelArguments.h"
#include "runtime/cuda/Emulator.h"
#include "views/LoopNestView.h"
#include "views/RooflineView.h"
#include "views/TirIntents.h"

namespace tessera::gui {

namespace {

QMenu* MenuOf(QAction* action) {
  if (!action) return nullptr;
  for (QObject* o : action->associatedObjects())
    if (auto* m = qobject_cast<QMenu*>(o)) return m;
  return nullptr;
}

constexpr int64_t kShapeValue = 64;  // every shape variable, as Run does

// A TensorIR document's kernels (`lowered`: its function lowered for CUDA) on the arrays
// and against the reference of `tessera-cli run --target cuda-emulator --check`.
Result<reference::EmulatorReport> CheckTir(const script::ScriptProgram& program,
                                           const transform::LoweredProgram& lowered,
                                           const reference::EmulatorCheckOptions& options) {
  const tir::PrimFunc& func = program.tir_schedule->func();
  auto arguments = reference::MakeTirArguments(func, lowered.func, {}, 1, kShapeValue);
  if (!arguments.ok()) return arguments.error();
  return reference::CheckTirOnEmulator(func, program.tir_original, program.tir_te_args, lowered,
                                       *arguments, options);
}

}  // namespace

InstrumentPanels::InstrumentPanels(MainWindow* window) : QObject(window), window_(window) {
  createDock();
  createActions();
  retranslate();
  Document* doc = window_->document();
  // Every profile run must reach the view when it appears (its intensities are those of
  // the program profiled), whether the dock is in sight or not.
  auto update = [this] { roofline_->setState(window_->document()->state()); };
  connect(doc, &Document::profilesChanged, this, update);
  connect(doc, &Document::historyChanged, this, update);
  // The runs of the previous document go with it; the new one's state is taken as it
  // opens (its first evaluation), so that its own runs are the next points.
  connect(doc, &Document::replacing, this, [this] { roofline_->forgetDocument(); });
  connect(doc, &Document::changed, this, [this, update] {
    if (roofline_->waitingForDocument()) update();
  });
  // The MCA estimates come with the generated code, after the evaluation.
  connect(doc, &Document::targetsChanged, this, [this] {
    const views::DocumentState& state = window_->document()->state();
    if (state.errors.empty()) window_->loopNestView()->setState(state);
  });
  connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &InstrumentPanels::checkDone);
  connect(doc, &Document::changed, this, &InstrumentPanels::updateCheckAction);
  window_->installEventFilter(this);
  update();
}

InstrumentPanels::~InstrumentPanels() { watcher_.waitForFinished(); }

void InstrumentPanels::createDock() {
  roofline_ = new views::RooflineView;
  roofline_->setSelectionModel(window_->selection());
  dock_ = new QDockWidget(window_);
  dock_->setObjectName("RooflineDock");
  dock_->setWidget(roofline_);
  window_->addDockWidget(Qt::RightDockWidgetArea, dock_);
  if (QDockWidget* profile = window_->dock("ProfileDock"))
    window_->tabifyDockWidget(profile, dock_);
  window_->restoreDockWidget(dock_);  // where the saved layout had it
  if (QMenu* view = MenuOf(window_->action("actionDarkPalette"))) {
    QAction* before = nullptr;
    for (QAction* a : view->actions())
      if (a->isSeparator()) {
        before = a;
        break;
      }
    view->insertAction(before, dock_->toggleViewAction());
  }
  connect(roofline_, &views::ViewBase::statusMessage, this,
          [this](const QString& m) { window_->statusBar()->showMessage(m, 8000); });
  connect(roofline_, &views::ViewBase::versionRequested, this, [this](int version) {
    if (Status st = window_->document()->showVersion(version); !st.ok())
      window_->statusBar()->showMessage(QString::fromStdString(st.error().message));
  });
}

void InstrumentPanels::createActions() {
  QMenu* run = MenuOf(window_->action("actionCancel"));
  if (!run) return;
  run->addSeparator();
  checkAction_ = run->addAction(QString());
  checkAction_->setObjectName("actionCheckEmulator");
  checkAction_->setShortcut(QKeySequence("Shift+F6"));
  connect(checkAction_, &QAction::triggered, this, [this] { checkOnEmulator(); });
  updateCheckAction();
}

// Why a TensorIR document has nothing for the emulator: no lowered function, or no loop
// bound to a GPU thread (what `tessera-cli run --target cuda-emulator` refuses too,
// reference::TirGpuKernelProblem); empty when it has kernels to check.
QString InstrumentPanels::tirCheckProblem() const {
  const views::DocumentState& state = window_->document()->state();
  if (!state.function) return tr("Nothing to check: the script has no lowered program.");
  if (reference::TirGpuKernelProblem(*state.function))
    return tr(
        "This TensorIR function has no loop bound to a GPU thread, so there is no CUDA "
        "kernel to check: bind its outer loops with sch.bind(loop, \"blockIdx.x\") and "
        "sch.bind(loop, \"threadIdx.x\").");
  return QString();
}

void InstrumentPanels::updateCheckAction() {
  if (!checkAction_) return;
  const views::DocumentState& state = window_->document()->state();
  // A TensorIR document's kernels come from its thread-bound loops; without one it has
  // nothing to check, and the tooltip says so.
  QString tirProblem = state.tir_schedule ? tirCheckProblem() : QString();
  checkAction_->setEnabled(!watcher_.isRunning() && state.errors.empty() &&
                           state.lowered.defined() && tirProblem.isEmpty());
  checkAction_->setToolTip(tirProblem.isEmpty() ? checkTip_ : tirProblem);
}

void InstrumentPanels::retranslate() {
  dock_->setWindowTitle(tr("Roofline"));
  if (checkAction_) {
    checkAction_->setText(tr("Check on the GPU &Emulator"));
    checkTip_ =
        tr("Runs the CUDA kernels of this schedule on the CPU and reports races, "
           "shuffle-mask errors, out-of-bounds writes and wrong results (no GPU needed)");
    updateCheckAction();
  }
}

bool InstrumentPanels::eventFilter(QObject* watched, QEvent* event) {
  if (watched == window_ && event->type() == QEvent::LanguageChange) retranslate();
  return QObject::eventFilter(watched, event);
}

bool InstrumentPanels::checkOnEmulator(const std::function<std::string(std::string)>& edit) {
  const views::DocumentState& state = window_->document()->state();
  auto say = [this](const QString& m) { window_->statusBar()->showMessage(m, 8000); };
  if (state.tir_schedule) {
    if (QString problem = tirCheckProblem(); !problem.isEmpty()) {
      say(problem);
      return false;
    }
  } else if (!state.program || !state.program->schedule || !state.lowered.defined()) {
    say(tr("Nothing to check: the script has no lowered program."));
    return false;
  }
  if (watcher_.isRunning()) {
    say(tr("A check on the GPU emulator is already going."));
    return false;
  }
  if (runtime::EmulatedCudaModule::Compiler().empty()) {
    say(tr("The GPU emulator needs a C++ compiler (c++, g++ or clang++) on PATH."));
    return false;
  }
  std::shared_ptr<const script::ScriptProgram> program = state.program;
  ir::Stmt loops = state.lowered;
  watcher_.setFuture(QtConcurrent::run([program, loops, edit]() -> Outcome {
    auto lowered = LowerToFunction(*program, loops, "cuda");
    if (!lowered.ok()) return {std::nullopt, QString::fromStdString(lowered.error().message)};
    reference::EmulatorCheckOptions options;
    options.edit = edit;
    runtime::ScalarArgs scalars;
    for (const ir::Var& v : lowered->func.scalar_params())
      scalars[v.name()] = runtime::IsShapeVariable(lowered->func, v)
                              ? runtime::ScalarValue(kShapeValue)
                              : runtime::DefaultScalarValue(v);
    auto report = program->is_tensorir()
                      ? CheckTir(*program, *lowered, options)
                      : reference::CheckOnEmulator(*program->schedule, program->Arguments(),
                                                   *lowered, scalars, options);
    if (!report.ok()) return {std::nullopt, QString::fromStdString(report.error().message)};
    return {std::move(*report), QString()};
  }));
  if (checkAction_) checkAction_->setEnabled(false);
  say(tr("Checking on the GPU emulator…"));
  return true;
}

QString InstrumentPanels::ownerStage(const QString& var) const {
  const views::DocumentState& state = window_->document()->state();
  if (state.tir_schedule) return views::TirBlockOfLoop(*state.tir_schedule, var);
  if (!state.schedule) return QString();
  for (const auto& s : state.schedule->stages)
    for (const auto& iv : s->leaf_iter_vars)
      if (QString::fromStdString(iv->var.name()) == var) return QString::fromStdString(s->name());
  return QString();
}

void InstrumentPanels::checkDone() {
  updateCheckAction();
  Outcome outcome = watcher_.result();
  report_ = std::move(outcome.report);
  error_ = outcome.error;
  if (!report_) {
    window_->statusBar()->showMessage(tr("GPU emulator: %1").arg(error_));
    emit checkFinished(false);
    return;
  }
  bool ok = report_->ok();
  if (ok) {
    window_->statusBar()->showMessage(
        tr("Checked on the GPU emulator: the outputs match the reference and no "
           "race was seen."),
        8000);
  } else {
    const reference::EmulatorFinding& first = report_->findings.front();
    window_->statusBar()->showMessage(
        tr("GPU emulator: %n problem(s); %1", "", int(report_->findings.size()))
            .arg(QString::fromStdString((first.kernel.empty() ? "" : first.kernel + ": ") +
                                        first.message)));
    // The loop the first located finding is on becomes the selection (every view shows it):
    // a te stage's loop, or a TensorIR loop with the block it is selected with.
    for (const reference::EmulatorFinding& f : report_->findings)
      if (!f.loops.empty()) {
        QString var = QString::fromStdString(f.loops.front());
        QString stage = ownerStage(var);
        if (!stage.isEmpty()) window_->selection()->selectIterVar(stage, var);
        break;
      }
  }
  showReport();
  emit checkFinished(ok);
}

// A non-modal window: the report with each finding's loops and lines, beside the CUDA
// source the emulator compiled with those lines highlighted.
void InstrumentPanels::showReport() {
  if (!dialog_) {
    dialog_ = new QDialog(window_);
    dialog_->setObjectName("emulatorReport");
    auto* layout = new QVBoxLayout(dialog_);
    auto* splitter = new QSplitter(Qt::Horizontal, dialog_);
    auto* summary = new QPlainTextEdit(splitter);
    summary->setObjectName("emulatorSummary");
    auto* source = new QPlainTextEdit(splitter);
    source->setObjectName("emulatorSource");
    for (QPlainTextEdit* e : {summary, source}) {
      e->setReadOnly(true);
      e->setLineWrapMode(QPlainTextEdit::NoWrap);
      e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    }
    layout->addWidget(splitter);
    dialog_->resize(1100, 560);
  }
  dialog_->setWindowTitle(tr("Check on the GPU emulator"));
  auto* summary = dialog_->findChild<QPlainTextEdit*>("emulatorSummary");
  auto* source = dialog_->findChild<QPlainTextEdit*>("emulatorSource");
  QString text = QString::fromStdString(report_->text);
  if (!report_->ran)
    text += tr("The run failed: %1\n").arg(QString::fromStdString(report_->run_error));
  if (report_->findings.empty()) text += tr("\nNo problem found.\n");
  for (const reference::EmulatorFinding& f : report_->findings) {
    text += "\n" + tr("%1 in %2: %3")
                       .arg(QString::fromStdString(f.kind),
                            f.kernel.empty() ? tr("the outputs") : QString::fromStdString(f.kernel),
                            QString::fromStdString(f.message));
    for (const std::string& p : f.places) text += "\n  " + QString::fromStdString(p);
    if (!f.lines.empty()) {
      QStringList numbers;
      for (int l : f.lines) numbers << QString::number(l);
      text += "\n  " + tr("CUDA lines %1 (highlighted)").arg(numbers.join(", "));
    }
    text += "\n";
  }
  summary->setPlainText(text);
  source->setPlainText(QString::fromStdString(report_->cuda_source));
  QList<QTextEdit::ExtraSelection> marks;
  QTextCharFormat format;
  format.setBackground(QColor(220, 60, 50, 70));
  format.setProperty(QTextFormat::FullWidthSelection, true);
  for (const reference::EmulatorFinding& f : report_->findings)
    for (int l : f.lines) {
      QTextEdit::ExtraSelection sel;
      sel.cursor = QTextCursor(source->document()->findBlockByNumber(l - 1));
      sel.format = format;
      marks << sel;
    }
  source->setExtraSelections(marks);
  if (!marks.isEmpty()) {
    source->setTextCursor(marks.front().cursor);
    source->ensureCursorVisible();
  }
  dialog_->show();
  dialog_->raise();
}

}  // namespace tessera::gui
