#include "MainWindow.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include "AppSettings.h"
#include "Appearance.h"
#include "Autosave.h"
#include "Evaluation.h"
#include "Examples.h"
#include "InstrumentPanels.h"
#include "RunAvailability.h"
#include "RunnerSettingsDialog.h"
#include "SavePaths.h"
#include "TargetCode.h"
#include "TuneController.h"
#include "VersionCompare.h"
#include "ViewState.h"
#include "WindowGeometry.h"
#include "codegen/LLVMBackend.h"
#include "runtime/cuda/CudaDriver.h"
#include "script/export/TirExport.h"
#include "tuning_api/TuningApis.h"
#include "views/BoundsView.h"
#include "views/BufferLayoutView.h"
#include "views/CodeView.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/MakeTunableMenu.h"
#include "views/OpaqueScrollBars.h"
#include "views/PrimitiveRequests.h"
#include "views/ProfileView.h"
#include "views/RunLogView.h"
#include "views/ScriptView.h"
#include "views/ScrollBarRelayout.h"
#include "views/StageDagView.h"
#include "views/TirBlockGraphView.h"
#include "views/TirBoundsView.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"
#include "views/TuneView.h"

namespace tessera::gui {

namespace {

// The Tune view's row of settings and buttons is wider than a text column; in its tab
// beside Bounds it would widen the whole middle column and squeeze Script and Loop nest
// (#17 item 1). In a scroll area it keeps its width and scrolls instead.
QWidget* Scrollable(QWidget* view) {
  auto* area = new QScrollArea;
  area->setObjectName(view->objectName() + "Scroll");
  area->setWidget(view);
  area->setWidgetResizable(true);
  area->setFrameShape(QFrame::NoFrame);
  return area;
}

// The dock that holds `view` (directly or inside a scroll area); null when none does.
QDockWidget* DockOf(QWidget* view) {
  for (QWidget* w = view ? view->parentWidget() : nullptr; w; w = w->parentWidget())
    if (auto* d = qobject_cast<QDockWidget*>(w)) return d;
  return nullptr;
}

// Whether anything of a dock can be seen. A tabbed dock behind another tab stays
// "visible" for Qt (it is only moved out of the window), and a dock squeezed to nothing
// shows nothing either: both wait until they are in sight (#17 item 16).
bool InSight(const QDockWidget* d) { return d->isVisible() && !d->visibleRegion().isEmpty(); }

// Calls `f` when the watched dock is resized (a squeezed dock opened up again).
class OnResize : public QObject {
 public:
  OnResize(QObject* parent, std::function<void()> f) : QObject(parent), f_(std::move(f)) {}
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Resize) f_();
    return false;
  }

 private:
  std::function<void()> f_;
};

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      doc_(new Document(this)),
      selection_(new views::SelectionModel(this)),
      runner_(new RunController(this)) {
  // The document evaluates the program after every edit: a tune call in it (TVM's autotvm
  // / auto_scheduler tutorials) must not start a tuning job each time; the Tune dock tunes.
  tuning_api::RegisterTuningApis({.run_tuning = false});
  targetCode_ = new TargetCode(doc_, this);
  autosave_ = new Autosave(doc_, this);
  doc_->setPeakGflops(EstimatedPeakGflops());
  setObjectName("MainWindow");
  setDockNestingEnabled(true);
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks |
                 QMainWindow::AllowTabbedDocks | QMainWindow::GroupedDragging);
  createViews();
  createDocks();
  createFileMenu();
  createEditMenu();
  createScheduleMenu();
  createRunMenu();
  createViewMenu();
  createHelpMenu();
  statusLabel_ = new QLabel(this);
  progress_ = new QProgressBar(this);
  progress_->setRange(0, 100);
  progress_->setMaximumWidth(180);
  progress_->hide();
  statusBar()->addPermanentWidget(progress_);
  statusBar()->addPermanentWidget(statusLabel_);
  // While a run goes, what it does stays in sight beside its progress (the temporary
  // status message would be replaced by any other message).
  runLabel_ = new QLabel(this);
  runLabel_->setObjectName("runProgressLabel");
  runLabel_->hide();
  statusBar()->addPermanentWidget(runLabel_);
  connect(runner_, &RunController::progress, this, [this](int percent, const QString& step) {
    progress_->setValue(percent);
    progress_->setFormat("%p%");
    runLabel_->setText(runTitle_ + ": " + step + "…");
    runLabel_->setToolTip(runLabel_->text());
  });
  connect(runner_, &RunController::finished, this, &MainWindow::runFinished);
  connect(doc_, &Document::targetsChanged, this, [this] {
    if (!code_->isStale()) code_->setState(doc_->state());
  });
  connect(doc_, &Document::changed, this, &MainWindow::refresh);
  connect(doc_, &Document::profilesChanged, this, [this] { profile_->setState(doc_->state()); });
  connect(doc_, &Document::historyChanged, this, [this] {
    runLog_->setState(doc_->state());
    profile_->setState(doc_->state());
  });
  connect(doc_, &Document::pathChanged, this, &MainWindow::updateTitle);
  connect(doc_, &Document::replacing, this, &MainWindow::forgetDocument);
  connect(doc_, &Document::modifiedChanged, this, &MainWindow::updateTitle);
  connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
    for (QWidget* w = now; w; w = w->parentWidget())
      if (auto* v = qobject_cast<views::ViewBase*>(w)) {
        lastFocused_ = v;
        return;
      }
  });
  // First start: the screen's available area (at most 1920x1200); later starts restore
  // the saved geometry and layout.
  QScreen* screen = QGuiApplication::primaryScreen();
  QSize size =
      screen ? screen->availableGeometry().size().boundedTo(QSize(1920, 1200)) : QSize(1600, 1000);
  resize(size);
  restoreSettings();
  if (AppSettings::dockState().isEmpty()) {
    applyDefaultDockSizes();
    defaultLayoutPending_ = true;  // dock sizes only hold once the window is laid out
  }
  new InstrumentPanels(this);  // roofline dock, MCA column, Run > Check on the GPU emulator
  refresh();
  updateTitle();
}

// The document (a child) outlives this part of the window: its undo stack must not
// call back into a half-destroyed window while it clears.
MainWindow::~MainWindow() {
  disconnect(doc_->undoStack(), nullptr, this, nullptr);
  disconnect(doc_, nullptr, this, nullptr);
}

void MainWindow::createViews() {
  script_ = new views::ScriptView;
  code_ = new views::CodeView;
  stageDag_ = new views::StageDagView;
  iterVars_ = new views::IterVarGraphView;
  loopNest_ = new views::LoopNestView;
  tirBlocks_ = new views::TirBlockGraphView;
  tirLoops_ = new views::TirLoopGraphView;
  tirNest_ = new views::TirLoopNestView;
  tirBounds_ = new views::TirBoundsView;
  bufferLayout_ = new views::BufferLayoutView;
  bounds_ = new views::BoundsView;
  profile_ = new views::ProfileView;
  runLog_ = new views::RunLogView;
  tune_ = new views::TuneView;
  views_ = {script_,    stageDag_,     iterVars_, loopNest_, tirBlocks_, tirLoops_, tirNest_,
            tirBounds_, bufferLayout_, bounds_,   code_,     profile_,   runLog_,   tune_};
  for (views::ViewBase* v : views_) {
    v->setSelectionModel(selection_);
    v->setIntentCheck([this](const views::Intent& intent) { return doc_->problemOf(intent); });
    v->setTirDryRun([this](const views::Intent& i) { return doc_->tirScheduleAfter(i); });
    connect(v, &views::ViewBase::intentRequested, this, &MainWindow::applyIntent);
    connect(v, &views::ViewBase::versionRequested, this, [this](int version) {
      if (Status st = doc_->showVersion(version); !st.ok())
        showMessage(QString::fromStdString(st.error().message), true);
      else
        showMessage(tr("Showing %1 (Edit ▸ Undo returns)")
                        .arg(QString::fromStdString(doc_->state().history.label(version))));
    });
    connect(v, &views::ViewBase::statusMessage, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });
  }
  connect(script_, &views::ScriptView::scriptEdited, doc_, &Document::editScript);
  connect(doc_, &Document::notice, this, [this](const QString& m) { showMessage(m); });
  connect(runLog_, &views::RunLogView::compareRequested, this, &MainWindow::compareVersions);
  tuner_ = new TuneController(doc_, this);
  tuner_->attach(tune_);
}

QDialog* MainWindow::compareVersions(int left, int right) {
  auto* dialog = new VersionCompareDialog(
      CompareVersions(doc_->state().history, left, right, doc_->tirFunction().toStdString()), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
  return dialog;
}

// The text views get the width (#17 item 1): script over loop nest on the left, code
// over bounds / layout / profile / run log in the middle, the two graphs (which fit
// themselves to any size) on the right.
void MainWindow::createDocks() {
  struct Spec {
    views::ViewBase* view;
    const char* name;
    const char* title;
  };
  const Spec specs[] = {
      {script_, "ScriptDock", QT_TR_NOOP("Script")},
      {stageDag_, "StageDagDock", QT_TR_NOOP("Stage DAG")},
      {iterVars_, "IterVarDock", QT_TR_NOOP("IterVar hyper-graph")},
      {loopNest_, "LoopNestDock", QT_TR_NOOP("Loop nest")},
      {tirBlocks_, "BlockGraphDock", QT_TR_NOOP("Block graph")},
      {tirLoops_, "LoopGraphDock", QT_TR_NOOP("Loops and iterators")},
      {tirNest_, "TirLoopNestDock", QT_TR_NOOP("Loop nest (TensorIR)")},
      {bufferLayout_, "BufferLayoutDock", QT_TR_NOOP("Buffer layout")},
      {bounds_, "BoundsDock", QT_TR_NOOP("Bounds")},
      {tirBounds_, "TirBoundsDock", QT_TR_NOOP("Bounds (TensorIR)")},
      {code_, "CodeDock", QT_TR_NOOP("Code")},
      {profile_, "ProfileDock", QT_TR_NOOP("Profile")},
      {runLog_, "RunLogDock", QT_TR_NOOP("Run log")},
      {tune_, "TuneDock", QT_TR_NOOP("Tune")},
  };
  QHash<QString, QDockWidget*> byName;
  for (const Spec& s : specs) {
    auto* d = new QDockWidget(this);
    setTranslatedText(d, s.title);
    d->setObjectName(s.name);
    d->setWidget(s.view == tune_ ? Scrollable(s.view) : s.view);
    byName[s.name] = d;
    views::ViewBase* view = s.view;
    // A dock coming into sight (shown, its tab raised, opened up) catches up.
    connect(d, &QDockWidget::visibilityChanged, this, [this, view](bool visible) {
      if (visible) refreshView(view);
    });
    d->installEventFilter(new OnResize(d, [this, d, view] {
      if (InSight(d)) refreshView(view);
    }));
  }
  addDockWidget(Qt::LeftDockWidgetArea, byName["ScriptDock"]);
  splitDockWidget(byName["ScriptDock"], byName["CodeDock"], Qt::Horizontal);
  splitDockWidget(byName["CodeDock"], byName["StageDagDock"], Qt::Horizontal);
  splitDockWidget(byName["ScriptDock"], byName["LoopNestDock"], Qt::Vertical);
  splitDockWidget(byName["CodeDock"], byName["BoundsDock"], Qt::Vertical);
  splitDockWidget(byName["StageDagDock"], byName["IterVarDock"], Qt::Vertical);
  tabifyDockWidget(byName["BoundsDock"], byName["BufferLayoutDock"]);
  tabifyDockWidget(byName["BoundsDock"], byName["ProfileDock"]);
  tabifyDockWidget(byName["BoundsDock"], byName["RunLogDock"]);
  tabifyDockWidget(byName["BoundsDock"], byName["TuneDock"]);
  // The TensorIR views take the places of their TE counterparts.
  tabifyDockWidget(byName["StageDagDock"], byName["BlockGraphDock"]);
  tabifyDockWidget(byName["IterVarDock"], byName["LoopGraphDock"]);
  tabifyDockWidget(byName["LoopNestDock"], byName["TirLoopNestDock"]);
  tabifyDockWidget(byName["BoundsDock"], byName["TirBoundsDock"]);
  byName["BoundsDock"]->raise();
  for (QDockWidget* d : byName) {
    views::MakeScrollBarContainersOpaque(d);
    views::RelayOutScrollBarsOnlyToShowOrHide(d);
  }
  applyDefaultDockSizes();
  defaultDockState_ = saveState();
}

// The Roofline dock is added later (InstrumentPanels) and is not in the saved default:
// it goes back beside Profile explicitly.
void MainWindow::resetLayout() {
  restoreState(defaultDockState_);
  for (QDockWidget* d : docks()) {
    d->setFloating(false);
    d->show();
  }
  if (QDockWidget* roofline = dock("RooflineDock"); roofline && dock("ProfileDock"))
    tabifyDockWidget(dock("ProfileDock"), roofline);
  applyDefaultDockSizes();
  showViewsForDocumentKind(/*force=*/true);
  if (QDockWidget* bounds = dock("BoundsDock")) bounds->raise();
  showMessage(tr("The docks are back where they were at the first start."));
}

// Column and row shares of the default layout, for the window's current size: a third
// for script and loop nest, 40% for code and bounds, the rest (27%) for the graphs,
// which fit themselves to any size and scroll.
void MainWindow::applyDefaultDockSizes() {
  QDockWidget* script = dock("ScriptDock");
  if (!script) return;
  int w = std::max(width(), 900), h = std::max(height() - 80, 500);
  resizeDocks({script, dock("CodeDock"), dock("StageDagDock")},
              {w * 33 / 100, w * 40 / 100, w * 27 / 100}, Qt::Horizontal);
  resizeDocks({script, dock("LoopNestDock")}, {h * 55 / 100, h * 45 / 100}, Qt::Vertical);
  resizeDocks({dock("CodeDock"), dock("BoundsDock")}, {h * 55 / 100, h * 45 / 100}, Qt::Vertical);
  resizeDocks({dock("StageDagDock"), dock("IterVarDock")}, {h * 40 / 100, h * 60 / 100},
              Qt::Vertical);
}

QAction* MainWindow::addAction(QMenu* menu, const QString& name, const char* source,
                               const QKeySequence& shortcut) {
  QAction* a = menu->addAction(QString());
  setTranslatedText(a, source);
  a->setObjectName(name);
  if (!shortcut.isEmpty()) a->setShortcut(shortcut);
  return a;
}

QMenu* MainWindow::addMenu(QMenu* parent, const char* source) {
  QMenu* m = parent ? parent->addMenu(QString()) : menuBar()->addMenu(QString());
  setTranslatedText(m, source);
  return m;
}

void MainWindow::setTranslatedText(QObject* object, const char* source) {
  texts_.push_back({object, source});
  QString text = tr(source);
  if (auto* a = qobject_cast<QAction*>(object)) a->setText(text);
  if (auto* m = qobject_cast<QMenu*>(object)) m->setTitle(text);
  if (auto* d = qobject_cast<QDockWidget*>(object)) d->setWindowTitle(text);
}

void MainWindow::retranslateUi() {
  std::vector<TranslatedText> texts = std::move(texts_);
  texts_.clear();
  for (const TranslatedText& t : texts)
    if (t.object) setTranslatedText(t.object, t.source);
  updateUndoActions();
  updateRunToolTips();
  updateRecentMenu();
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (!defaultLayoutPending_) return;
  defaultLayoutPending_ = false;
  applyDefaultDockSizes();
  // The tab groups exist once the window is laid out: the Roofline dock, tabified
  // last, would be in front of Bounds.
  if (QDockWidget* bounds = dock("BoundsDock")) bounds->raise();
}

void MainWindow::changeEvent(QEvent* event) {
  QMainWindow::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  retranslateUi();
  // Texts the views make from the state (notes, summaries, tooltips) are made again.
  shownVersion_.clear();
  refresh();
  updateTitle();
}

void MainWindow::createFileMenu() {
  QMenu* m = addMenu(nullptr, QT_TR_NOOP("&File"));
  connect(addAction(m, "actionOpen", QT_TR_NOOP("&Open…"), QKeySequence::Open), &QAction::triggered,
          this, [this] {
            if (!maybeSave()) return;
            QString path = QFileDialog::getOpenFileName(
                this, tr("Open project or script"), QString(),
                tr("Tessera projects and scripts (*.tessera *.py);;All files (*)"));
            if (!path.isEmpty()) (void)openFile(path);
          });
  QMenu* examples = addMenu(m, QT_TR_NOOP("Open &Example"));
  for (const QString& file : ExampleFiles())
    connect(examples->addAction(QFileInfo(file).fileName()), &QAction::triggered, this,
            [this, file] {
              if (maybeSave()) (void)openExample(file);
            });
  QMenu* tirExamples = examples->addMenu(tr("TensorIR"));
  tirExamples->setObjectName("menuTensorIRExamples");
  for (const QString& file : TensorIRExampleFiles())
    connect(tirExamples->addAction(QFileInfo(file).fileName()), &QAction::triggered, this,
            [this, file] {
              if (maybeSave()) (void)openExample(file);
            });
  connect(addAction(m, "actionOpenAsTensorIR", QT_TR_NOOP("Open as Tensor&IR")),
          &QAction::triggered, this, [this] {
            if (maybeSave()) (void)openAsTensorIR();
          });
  // The TVM release Open as TensorIR writes for, kept between sessions.
  QMenu* spelling = addMenu(m, QT_TR_NOOP("TensorIR &Spelling"));
  spelling->setObjectName("menuTensorIRSpelling");
  auto* spellings = new QActionGroup(this);
  for (int minor : {20, 26}) {
    QAction* a = addAction(spelling, QString("actionTensorIRSpelling0%1").arg(minor),
                           minor == 20 ? QT_TR_NOOP("TVM 0.&20 (tir.Schedule, T.block)")
                                       : QT_TR_NOOP("TVM 0.2&6 (s_tir.Schedule, T.sblock)"));
    a->setCheckable(true);
    a->setChecked(AppSettings::tensorIRVersion() == minor);
    spellings->addAction(a);
    connect(a, &QAction::triggered, this, [this, minor] {
      AppSettings::setTensorIRVersion(minor);
      updateOpenAsTensorIR();
    });
  }
  recentMenu_ = addMenu(m, QT_TR_NOOP("Recent &Files"));
  recentMenu_->setObjectName("menuRecent");
  updateRecentMenu();
  m->addSeparator();
  connect(addAction(m, "actionSave", QT_TR_NOOP("&Save"), QKeySequence::Save), &QAction::triggered,
          this, &MainWindow::save);
  connect(addAction(m, "actionSaveAs", QT_TR_NOOP("Save &As…"), QKeySequence::SaveAs),
          &QAction::triggered, this, [this] { saveAs(QString()); });
  QMenu* exportMenu = addMenu(m, QT_TR_NOOP("&Export"));
  connect(addAction(exportMenu, "actionExportScript", QT_TR_NOOP("Script for &TVM…"),
                    QKeySequence("Ctrl+E")),
          &QAction::triggered, this, &MainWindow::exportScript);
  // TVM >= 0.20 has no TE schedules: the same schedule as a TensorIR program.
  connect(
      addAction(exportMenu, "actionExportTir020", QT_TR_NOOP("TensorIR Program for TVM 0.&20…")),
      &QAction::triggered, this, [this] { exportTir(20); });
  connect(
      addAction(exportMenu, "actionExportTir026", QT_TR_NOOP("TensorIR Program for TVM 0.2&6…")),
      &QAction::triggered, this, [this] { exportTir(26); });
  connect(addAction(exportMenu, "actionExportView", QT_TR_NOOP("Current &View as PNG/SVG…"),
                    QKeySequence("Ctrl+Shift+E")),
          &QAction::triggered, this, &MainWindow::exportCurrentView);
  m->addSeparator();
  connect(addAction(m, "actionQuit", QT_TR_NOOP("&Quit"), QKeySequence::Quit), &QAction::triggered,
          this, &QWidget::close);
}

void MainWindow::createEditMenu() {
  QMenu* m = addMenu(nullptr, QT_TR_NOOP("&Edit"));
  // Our own actions rather than QUndoStack's, whose text prefix cannot be retranslated.
  QUndoStack* stack = doc_->undoStack();
  QAction* undo = m->addAction(QString());
  undo->setObjectName("actionUndo");
  undo->setShortcut(QKeySequence::Undo);
  QAction* redo = m->addAction(QString());
  redo->setObjectName("actionRedo");
  redo->setShortcut(QKeySequence::Redo);
  // Undo must not be swallowed by the script editor while it has focus.
  undo->setShortcutContext(Qt::ApplicationShortcut);
  redo->setShortcutContext(Qt::ApplicationShortcut);
  // Undo and redo say what they did: the change may be in a view that is not in sight.
  connect(undo, &QAction::triggered, this, [this, stack] {
    if (!stack->canUndo()) return;
    QString what = stack->undoText();
    stack->undo();
    showMessage(tr("Undid %1").arg(what));
  });
  connect(redo, &QAction::triggered, this, [this, stack] {
    if (!stack->canRedo()) return;
    QString what = stack->redoText();
    stack->redo();
    showMessage(tr("Redid %1").arg(what));
  });
  connect(stack, &QUndoStack::indexChanged, this, &MainWindow::updateUndoActions);
  connect(stack, &QUndoStack::cleanChanged, this, &MainWindow::updateUndoActions);
  updateUndoActions();
}

void MainWindow::updateUndoActions() {
  QUndoStack* stack = doc_->undoStack();
  if (QAction* undo = action("actionUndo")) {
    undo->setEnabled(stack->canUndo());
    undo->setText(stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
  }
  if (QAction* redo = action("actionRedo")) {
    redo->setEnabled(stack->canRedo());
    redo->setText(stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
  }
}

void MainWindow::createScheduleMenu() {
  QMenu* m = addMenu(nullptr, QT_TR_NOOP("&Schedule"));
  struct Primitive {
    const char* name;
    const char* text;
    const char* shortcut;
  };
  const Primitive loops[] = {
      {"split", QT_TR_NOOP("&Split…"), "Ctrl+Alt+S"},
      {"tile", QT_TR_NOOP("&Tile…"), "Ctrl+Alt+T"},
      {"fuse", QT_TR_NOOP("&Fuse"), "Ctrl+Alt+F"},
      {"reorder", QT_TR_NOOP("&Reorder…"), "Ctrl+Alt+R"},
      {"vectorize", QT_TR_NOOP("&Vectorize"), "Ctrl+Alt+V"},
      {"unroll", QT_TR_NOOP("&Unroll"), "Ctrl+Alt+U"},
      {"parallel", QT_TR_NOOP("&Parallel"), "Ctrl+Alt+P"},
      {"prefetch", QT_TR_NOOP("Prefetc&h…"), ""},
      {"bind", QT_TR_NOOP("&Bind to Thread…"), "Ctrl+Alt+B"},
  };
  const Primitive stages[] = {
      {"compute_at", QT_TR_NOOP("Compute &At…"), "Ctrl+Alt+A"},
      {"compute_inline", QT_TR_NOOP("Compute &Inline"), "Ctrl+Alt+I"},
      {"compute_root", QT_TR_NOOP("Compute R&oot"), "Ctrl+Alt+O"},
      {"cache_read", QT_TR_NOOP("Cache R&ead…"), ""},
      {"cache_write", QT_TR_NOOP("Cache &Write…"), ""},
      {"rfactor", QT_TR_NOOP("R&factor…"), ""},
      {"transform_layout", QT_TR_NOOP("Transform &Layout…"), ""},
  };
  for (const Primitive& p : loops)
    connect(addAction(m, QString("action_") + p.name, p.text, QKeySequence(p.shortcut)),
            &QAction::triggered, this, [this, name = QString(p.name)] { requestPrimitive(name); });
  m->setToolTipsVisible(true);
  connect(selection_, &views::SelectionModel::changed, this, &MainWindow::updateScheduleActions);
  m->addSeparator();
  for (const Primitive& p : stages)
    connect(addAction(m, QString("action_") + p.name, p.text, QKeySequence(p.shortcut)),
            &QAction::triggered, this, [this, name = QString(p.name)] { requestPrimitive(name); });
}

void MainWindow::createRunMenu() {
  QMenu* m = addMenu(nullptr, QT_TR_NOOP("&Run"));
  QAction* run = addAction(m, "actionRunCpu", QT_TR_NOOP("Run on &CPU"), QKeySequence("F5"));
  QAction* prof = addAction(m, "actionProfile", QT_TR_NOOP("&Profile"), QKeySequence("Ctrl+F5"));
  m->addSeparator();
  QAction* runGpu = addAction(m, "actionRunGpu", QT_TR_NOOP("Run on &GPU"), QKeySequence("F6"));
  QAction* profGpu =
      addAction(m, "actionProfileGpu", QT_TR_NOOP("Profile on G&PU"), QKeySequence("Ctrl+F6"));
  m->addSeparator();
  QAction* cancel = addAction(m, "actionCancel", QT_TR_NOOP("C&ancel"), QKeySequence("Shift+F5"));
  m->addSeparator();
  // Where Run and Profile measure (this machine or a Slurm cluster), saved in the project.
  connect(addAction(m, "actionRunnerSettings", QT_TR_NOOP("R&unner…")), &QAction::triggered, this,
          [this] {
            RunnerSettingsDialog dialog(doc_->targetSettings().runner, this);
            if (dialog.exec() != QDialog::Accepted) return;
            project::TargetSettings target = doc_->targetSettings();
            target.runner = dialog.settings();
            doc_->setTargetSettings(target);
            updateRunActions();
            showMessage(target.runner.kind == "slurm"
                            ? tr("Run and Profile now submit Slurm jobs.")
                            : tr("Run and Profile now run on this machine."));
          });
  connect(run, &QAction::triggered, this, [this] { startRun(false); });
  connect(prof, &QAction::triggered, this, [this] { startRun(true); });
  connect(runGpu, &QAction::triggered, this, [this] { startRun(false, "cuda"); });
  connect(profGpu, &QAction::triggered, this, [this] { startRun(true, "cuda"); });
  connect(cancel, &QAction::triggered, runner_, &RunController::cancel);
  m->addSeparator();
  // Tune: the Tune dock in sight, and a session with its settings when none is going.
  connect(addAction(m, "actionTune", QT_TR_NOOP("&Tune"), QKeySequence("F7")), &QAction::triggered,
          this, [this] {
            if (QDockWidget* d = dock("TuneDock")) {
              d->show();
              d->raise();
            }
            if (tuner_->state() == views::TuneRunState::Idle) tuner_->startFromView();
          });
  updateRunToolTips();
  updateRunActions();
}

void MainWindow::updateRunToolTips() {
  static std::string why;
  static const bool gpu = runtime::CudaAvailable(&why);
  if (!gpu)
    for (const char* name : {"actionRunGpu", "actionProfileGpu"})
      if (QAction* a = action(name))
        a->setToolTip(tr("No CUDA GPU here (%1)").arg(QString::fromStdString(why)));
  if (!codegen::LLVMAvailable())
    for (const char* name : {"actionRunCpu", "actionProfile"})
      if (QAction* a = action(name)) a->setToolTip(tr("This build has no LLVM backend"));
}

// A disabled Run action says why (RunProblem), unless the machine itself is the reason.
void MainWindow::updateRunActions() {
  bool runnable = codegen::LLVMAvailable() && !runner_->busy();
  // On a cluster the GPU is the node's: a GPU partition needs none here.
  static const bool local_gpu = runtime::CudaAvailable();
  const bool gpu = local_gpu || doc_->targetSettings().runner.kind == "slurm";
  for (auto [name, target] :
       {std::pair{"actionRunCpu", "llvm"}, std::pair{"actionProfile", "llvm"},
        std::pair{"actionRunGpu", "cuda"}, std::pair{"actionProfileGpu", "cuda"}}) {
    QAction* a = action(name);
    if (!a) continue;
    QString problem = RunProblem(doc_->state(), target);
    a->setEnabled(runnable && problem.isEmpty() && (QString(target) == "llvm" || gpu));
    a->setToolTip(problem);
  }
  updateRunToolTips();
  if (QAction* a = action("actionCancel")) a->setEnabled(runner_->busy());
}

bool MainWindow::startRun(bool profile, const QString& target) {
  const views::DocumentState& state = doc_->state();
  RunRequest request{state.program,       state.function, !profile, profile ? 20 : 0, 64,
                     target.toStdString()};
  request.runner = doc_->targetSettings().runner;
  if (QString problem = RunProblem(state, target); !problem.isEmpty()) {
    showMessage(problem, true);
    return false;
  }
  if (runner_->busy()) {
    showMessage(tr("A run is already going."), true);
    return false;
  }
  runVersion_ = doc_->recordVersion();  // every Run and Profile records its version
  if (profile) addProfileBaseline(request, runVersion_);
  if (!runner_->start(request, profile)) {
    showMessage(tr("A run is already going."), true);
    return false;
  }
  progress_->setValue(0);
  progress_->show();
  updateRunActions();
  bool gpu = target == "cuda";
  QString version =
      QString::fromStdString(doc_->state().history.label(runVersion_)).section(' ', 0, 0);
  runTitle_ = profile ? tr("Profiling %1 on the %2").arg(version, gpu ? tr("GPU") : tr("CPU"))
                      : tr("Running %1 on the %2").arg(version, gpu ? tr("GPU") : tr("CPU"));
  if (request.runner.kind == "slurm") runTitle_ += tr(" of a Slurm node");
  runLabel_->setText(runTitle_ + "…");
  runLabel_->show();
  showMessage(runTitle_ + "…");
  return true;
}

// A Profile is compared with the target's first profiled version (the Profile chart's
// baseline): that version is timed in the same interleaved rounds when it differs.
void MainWindow::addProfileBaseline(RunRequest& request, int version) {
  const views::DocumentState& state = doc_->state();
  const std::string target = request.target == "cuda" ? "cuda" : "llvm";
  for (const views::ProfileRecord& p : state.profiles) {
    if (p.target != target) continue;
    if (p.version == 0 || p.version == version) return;
    const views::ScheduleVersion* v = state.history.find(p.version);
    if (!v) return;
    views::DocumentState baseline =
        Evaluate(v->script, "v" + std::to_string(v->id), doc_->tirFunction().toStdString());
    if (!baseline.program || !baseline.function) return;  // it no longer evaluates
    request.baseline_program = baseline.program;
    request.baseline_function = baseline.function;
    request.baseline_version = p.version;
    return;
  }
}

// Every finished Run and Profile goes into the run log with its version; a failed check
// raises the log and stays in the status bar until something else replaces it.
void MainWindow::runFinished(const RunResult& r, bool profile) {
  // The version startRun() recorded (a result fed without it records the current one).
  int versionId = runVersion_ ? runVersion_ : doc_->recordVersion();
  runVersion_ = 0;
  progress_->hide();
  runLabel_->hide();
  updateRunActions();
  if (r.cancelled) {
    showMessage(tr("Cancelled."));
    return;
  }
  views::RunRecord run;
  run.version = versionId;
  run.kind = profile ? "profile" : "run";
  run.target = r.target.empty() ? "llvm" : r.target;
  if (!r.where.empty()) run.target += " on " + r.where;  // a cluster node: its own bars and rows
  run.ok = r.ok;
  run.message = r.message;
  run.checked = r.checked;
  run.matches = r.matches;
  run.max_error = r.max_abs_error;
  run.compile_ms = r.compile_ms;
  run.min_ms = r.min_ms;
  run.median_ms = r.median_ms;
  run.max_ms = r.max_ms;
  run.gflops = r.gflops;
  run.calls.times_ms = r.times_ms;
  run.calls.baseline_version = r.baseline_version;
  run.calls.baseline_times_ms = r.baseline_times_ms;
  run.when = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
  doc_->addRun(run);
  QString version = QString::fromStdString(doc_->state().history.label(versionId));
  if (!r.ok) {
    showMessage(tr("%1: run failed: %2").arg(version, QString::fromStdString(r.message)), true);
    if (QDockWidget* d = dock("RunLogDock")) d->raise();
    return;
  }
  if (!profile) {
    QString check = !r.checked ? QString()
                    : r.matches
                        ? tr(", matches the reference (max error %1)").arg(r.max_abs_error)
                        : tr(", DIFFERS from the reference (max error %1)").arg(r.max_abs_error);
    if (r.checked)
      check += r.reference_reused
                   ? tr("; checked in %1 ms against the kept reference").arg(r.check_ms, 0, 'f', 0)
                   : tr("; reference computed in %1 ms (kept for the next runs)")
                         .arg(r.check_ms, 0, 'f', 0);
    bool failed = r.checked && !r.matches;
    showMessage(tr("%1 ran in %2 ms (compiled in %3 ms)%4")
                    .arg(version)
                    .arg(r.median_ms, 0, 'f', 3)
                    .arg(r.compile_ms, 0, 'f', 0)
                    .arg(check),
                failed);
    if (failed)
      if (QDockWidget* d = dock("RunLogDock")) d->raise();
    return;
  }
  bool gpu = QString::fromStdString(r.target).startsWith("CUDA");
  views::ProfileRecord record{version.toStdString(), gpu ? "cuda" : "llvm", r.median_ms / 1000.0,
                              r.gflops};
  record.version = versionId;
  record.min_seconds = r.min_ms / 1000.0;
  record.max_seconds = r.max_ms / 1000.0;
  record.calls = run.calls;
  doc_->addProfile(record);
  if (QDockWidget* d = dock("ProfileDock")) d->raise();
  showMessage(tr("%1 profiled: median %2 ms (min %3, max %4), %5 GFLOP/s")
                  .arg(version)
                  .arg(r.median_ms, 0, 'f', 3)
                  .arg(r.min_ms, 0, 'f', 3)
                  .arg(r.max_ms, 0, 'f', 3)
                  .arg(r.gflops, 0, 'f', 2));
}

void MainWindow::createViewMenu() {
  QMenu* m = addMenu(nullptr, QT_TR_NOOP("&View"));
  for (QDockWidget* d : docks()) m->addAction(d->toggleViewAction());
  m->addSeparator();
  connect(addAction(m, "actionResetLayout", QT_TR_NOOP("&Reset Layout")), &QAction::triggered, this,
          &MainWindow::resetLayout);
  QAction* dark =
      addAction(m, "actionDarkPalette", QT_TR_NOOP("&Dark Palette"), QKeySequence("Ctrl+Shift+D"));
  dark->setCheckable(true);
  dark->setChecked(qApp->palette().color(QPalette::Window).lightness() < 128);
  connect(dark, &QAction::toggled, this, [this](bool on) {
    AppSettings::setPalette(on ? PaletteMode::Dark : PaletteMode::Light);
    ApplyPalette(on ? PaletteMode::Dark : PaletteMode::Light);
    for (views::ViewBase* v : views_) v->update();
    refresh();
  });
  // The function shown of a TensorIR module of several (hidden otherwise).
  functionMenu_ = addMenu(m, QT_TR_NOOP("TensorIR &Function"));
  functionMenu_->setObjectName("menuTensorIRFunction");
  functionMenu_->menuAction()->setVisible(false);
  QMenu* language = addMenu(m, QT_TR_NOOP("&Language"));
  auto* group = new QActionGroup(this);
  // Language names are written in their own language, never translated.
  for (auto [code, name] : {std::pair{"en", "English"}, std::pair{"zh_CN", "简体中文"}}) {
    QAction* a = language->addAction(QString::fromUtf8(name));
    a->setObjectName(QString("actionLanguage_") + code);
    a->setCheckable(true);
    a->setChecked(CurrentLanguage() == code);
    group->addAction(a);
    connect(a, &QAction::triggered, this, [this, c = QString(code)] { setLanguage(c); });
  }
}

// One checkable item per function of the module, the shown one checked; rebuilt only
// when the functions change.
void MainWindow::updateFunctionMenu() {
  QStringList names = doc_->tirFunctions();
  functionMenu_->menuAction()->setVisible(names.size() > 1);
  QStringList listed;
  for (QAction* a : functionMenu_->actions()) listed << a->data().toString();
  if (listed != names) {
    functionMenu_->clear();
    for (QActionGroup* old : functionMenu_->findChildren<QActionGroup*>()) delete old;
    auto* group = new QActionGroup(functionMenu_);
    for (const QString& name : names) {
      QAction* a = functionMenu_->addAction(name);
      a->setObjectName("actionTensorIRFunction_" + name);
      a->setData(name);
      a->setCheckable(true);
      group->addAction(a);
      connect(a, &QAction::triggered, this, [this, name] {
        doc_->setTirFunction(name);
        showMessage(tr("Showing the module's function %1").arg(name));
      });
    }
  }
  QString shown = doc_->shownTirFunction();
  for (QAction* a : functionMenu_->actions()) a->setChecked(a->data().toString() == shown);
}

void MainWindow::createHelpMenu() {
  QMenu* m = addMenu(nullptr, QT_TR_NOOP("&Help"));
  connect(addAction(m, "actionShortcuts", QT_TR_NOOP("&Keyboard Shortcuts")), &QAction::triggered,
          this, &MainWindow::showShortcuts);
  connect(
      addAction(m, "actionAbout", QT_TR_NOOP("&About Tessera")), &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Tessera"),
                           tr("<b>Tessera</b> %1<br>A schedule studio for tensor kernels: see the "
                              "stage DAG, iter vars, bounds, layouts and code of a tensor program "
                              "while you schedule it.")
                               .arg(QCoreApplication::applicationVersion()));
      });
}

QList<QDockWidget*> MainWindow::docks() const { return findChildren<QDockWidget*>(); }

QDockWidget* MainWindow::dock(const QString& objectName) const {
  return findChild<QDockWidget*>(objectName);
}

// The window's actions are its menus' (found there first): a search of the whole window
// walks every view's widgets before it reaches the menu bar, and each refresh looks a dozen
// actions up.
QAction* MainWindow::action(const QString& objectName) const {
  if (const QWidget* menus = menuWidget())
    if (auto* a = menus->findChild<QAction*>(objectName)) return a;
  return findChild<QAction*>(objectName);
}

// Visible views redraw now; hidden ones when their dock is shown again.
void MainWindow::refresh() {
  showViewsForDocumentKind();
  if (doc_->state().errors.empty()) lastGood_ = doc_->state();
  for (views::ViewBase* v : views_) {
    QDockWidget* d = DockOf(v);
    if (!d || !isVisible() || InSight(d)) refreshView(v);
  }
  updateRunActions();
  updateScheduleActions();
  updateOpenAsTensorIR();
  updateFunctionMenu();
  const auto& errors = doc_->state().errors;
  statusLabel_->setText(errors.empty() ? tr("No errors")
                                       : tr("%n error(s)", "", int(errors.size())));
  if (!errors.empty()) {
    scriptError_ = QString::fromStdString(errors.front().format());
    showMessage(scriptError_, true);
  } else if (!scriptError_.isEmpty()) {
    // The script error is fixed: it must not stay in the status bar beside "No errors".
    if (statusBar()->currentMessage() == scriptError_) statusBar()->clearMessage();
    if (lastMessage_ == scriptError_) lastMessage_.clear();
    scriptError_.clear();
  }
}

void MainWindow::showViewsForDocumentKind(bool force) {
  const views::DocumentState& now = doc_->state();
  bool tir = now.tir_schedule != nullptr;
  if (!now.program && shownKindTir_) tir = *shownKindTir_;  // keep them while it is broken
  if (!force && shownKindTir_ == tir) return;
  std::optional<bool> before = shownKindTir_;
  shownKindTir_ = tir;
  const char* te[] = {"StageDagDock", "IterVarDock", "LoopNestDock"};
  const char* tensorir[] = {"BlockGraphDock", "LoopGraphDock", "TirLoopNestDock"};
  for (int i = 0; i < 3; ++i) {
    QDockWidget* hide = dock(tir ? te[i] : tensorir[i]);
    QDockWidget* show = dock(tir ? tensorir[i] : te[i]);
    if (hide) hide->hide();
    if (show) {
      show->show();
      show->raise();
    }
  }
  // The two Bounds docks trade places; one the user closed stays closed.
  QDockWidget* was = dock(before.value_or(false) ? "TirBoundsDock" : "BoundsDock");
  bool open = was && !was->isHidden();
  if (QDockWidget* hide = dock(tir ? "BoundsDock" : "TirBoundsDock")) hide->hide();
  QDockWidget* show = dock(tir ? "TirBoundsDock" : "BoundsDock");
  if (show && open) {
    show->show();
    show->raise();
  }
}

namespace {

// Why a Schedule menu item cannot apply to the selected loop of a TensorIR document
// ("" = it can, or it asks for a loop when triggered).
QString TirMenuProblem(const tir::Schedule& sch, const QString& primitive, const QString& block,
                       const QString& loop) {
  if (!views::TirLoopPrimitives().contains(primitive))
    return MainWindow::tr("%1 is not a TensorIR primitive the application applies yet")
        .arg(primitive);
  // split and tile ask for factors first; their legality is checked with those.
  if (loop.isEmpty() || primitive == "split" || primitive == "tile") return QString();
  views::Intent intent{primitive, block, {loop}, {}};
  if (primitive == "fuse") {
    QStringList loops = views::TirLoopNames(sch, block);
    int at = int(loops.indexOf(loop));
    if (at < 0 || at + 1 >= loops.size())
      return MainWindow::tr("fuse: %1 has no inner loop to fuse with").arg(loop);
    intent.iterVars << loops[at + 1];
  }
  return views::TirIntentProblem(sch, intent);
}

}  // namespace

// Another document is coming: nothing selected or shown for the old one may carry over
// (its stage names can exist in the new one with another meaning).
void MainWindow::forgetDocument() {
  selection_->clear();
  for (views::ViewBase* v : views_) v->forgetDocument();
  shownVersion_.clear();
  lastGood_.reset();
}

const views::DocumentState& MainWindow::stateFor(views::ViewBase* view) const {
  const views::DocumentState& now = doc_->state();
  bool ownsText = view == script_ || view == runLog_ || view == profile_ || view == tune_;
  // Only a script that no longer evaluates to a schedule leaves them on the older state.
  if (ownsText || now.schedule || now.tir_schedule || !lastGood_) return now;
  return *lastGood_;
}

QString MainWindow::staleReason() const {
  const auto& errors = doc_->state().errors;
  if (errors.empty()) return QString();
  return tr("Stale: this shows the last schedule that evaluated. The script has an error "
            "(%1); fix it and this view updates.")
      .arg(QString::fromStdString(errors.front().format()));
}

void MainWindow::refreshView(views::ViewBase* view) {
  const views::DocumentState& state = stateFor(view);
  bool stale = &state != &doc_->state();
  view->setStale(stale ? staleReason() : QString());
  if (shownVersion_.value(view, -1) == state.version) return;
  shownVersion_[view] = state.version;
  if (probe_) probe_(view, true);
  view->setState(state);
  if (probe_) probe_(view, false);
}

void MainWindow::updateTitle() {
  setWindowTitle(QString("%1[*] — Tessera").arg(doc_->displayName()));
  setWindowModified(doc_->isModified());
}

Status MainWindow::openFile(const QString& path) {
  Status st = doc_->load(path);
  if (!st.ok()) {
    QString message =
        tr("Could not open %1: %2").arg(path, QString::fromStdString(st.error().message));
    showMessage(message, true);
    if (interactive_) {
      auto* box =
          new QMessageBox(QMessageBox::Warning, tr("Open failed"), message, QMessageBox::Ok, this);
      box->setAttribute(Qt::WA_DeleteOnClose);
      box->open();
    }
    AppSettings::removeRecentFile(path);
    updateRecentMenu();
    return st;
  }
  ApplyViewState(*this, doc_->viewState());
  AppSettings::addRecentFile(path);
  updateRecentMenu();
  showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()));
  offerRecovery();
  return st;
}

bool MainWindow::offerRecovery() {
  std::optional<QString> text = Autosave::recoverable(doc_->path());
  if (!text) return false;
  if (interactive_ &&
      QMessageBox::question(this, tr("Recover unsaved changes"),
                            tr("%1 has unsaved changes from an earlier session. Recover them?")
                                .arg(doc_->displayName())) != QMessageBox::Yes) {
    Autosave::discard(doc_->path());
    return false;
  }
  doc_->editScript(*text);
  showMessage(
      tr("Recovered the unsaved changes of %1 (Edit ▸ Undo reverts).").arg(doc_->displayName()));
  return true;
}

void MainWindow::openStartupFile(const QString& path) {
  if (!path.isEmpty()) {
    (void)openFile(path);
    return;
  }
  QString gemm = ExamplePath("gemm.py");
  if (gemm.isEmpty() || !openExample(gemm).ok())
    doc_->reset(EmbeddedGemmExample(), tr("%1 (example)").arg("gemm.py"));
  // First orientation: where to start, in one line that stays until something happens.
  if (lastMessage_.startsWith(tr("Opened")) || lastMessage_.isEmpty())
    showMessage(
        tr("Start here: select a loop in the IterVar graph or the loop nest and use the "
           "Schedule menu (or drag); F5 runs and checks, Ctrl+F5 profiles."));
}

Status MainWindow::openExample(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    QString message = tr("Could not open %1: %2").arg(path, file.errorString());
    showMessage(message, true);
    return Error(message.toStdString());
  }
  QString name = QFileInfo(path).fileName();
  doc_->reset(QString::fromUtf8(file.readAll()), tr("%1 (example)").arg(name));
  showMessage(
      tr("Opened the example %1 (an untitled copy: File ▸ Save asks where to keep it)").arg(name));
  return Status::Ok();
}

Status MainWindow::openAsTensorIR() {
  script_->flush();
  const views::DocumentState& state = doc_->state();
  if (!state.program || !state.schedule || state.tir_schedule) {
    QString message =
        state.tir_schedule
            ? tr("Open as TensorIR: the document is TensorIR already.")
            : tr("Open as TensorIR: the script has no te schedule (fix its errors first).");
    showMessage(message, true);
    return Error(message.toStdString());
  }
  const int minor = AppSettings::tensorIRVersion();
  auto text = script::TensorIRDocumentText(*state.program, script::TvmVersion{minor},
                                           doc_->text().toStdString());
  if (!text) {
    showRefusal(tr("Open as TensorIR"), QString::fromStdString(text.error().format()));
    return text.error();
  }
  QString name = QFileInfo(doc_->displayName()).completeBaseName();
  doc_->reset(QString::fromStdString(*text), tr("%1 as TensorIR").arg(name));
  showMessage(tr("Opened %1 as TensorIR for TVM 0.%2 (an untitled document: File ▸ Save asks "
                 "where to keep it)")
                  .arg(name)
                  .arg(minor));
  return Status::Ok();
}

// Open as TensorIR needs a te program with a schedule; a TensorIR document is one already.
void MainWindow::updateOpenAsTensorIR() {
  QAction* a = action("actionOpenAsTensorIR");
  if (!a) return;
  const views::DocumentState& state = doc_->state();
  QString problem = state.tir_schedule ? tr("The document is TensorIR already")
                    : !state.schedule  ? tr("The script has no te schedule")
                                       : QString();
  a->setEnabled(problem.isEmpty());
  a->setToolTip(problem.isEmpty()
                    ? tr("The te program's function (te.create_prim_func) with its schedule as "
                         "TensorIR primitives, in a new document for TVM 0.%1 (File ▸ TensorIR "
                         "Spelling)")
                          .arg(AppSettings::tensorIRVersion())
                    : problem);
}

bool MainWindow::save() {
  if (doc_->path().isEmpty()) return saveAs(QString());
  script_->flush();
  doc_->setViewState(CaptureViewState(*this));
  Status st = doc_->save(doc_->path());
  if (!st.ok()) {
    showMessage(QString::fromStdString(st.error().message), true);
    return false;
  }
  showMessage(tr("Saved %1").arg(doc_->path()));
  return true;
}

bool MainWindow::saveAs(const QString& given) {
  QString path = given;
  if (path.isEmpty())
    path = CompletedSaveAsPath(
        AskSavePath(this, tr("Save project"), ProposedSaveAs(doc_->path(), doc_->displayName()),
                    tr("Tessera projects (*.tessera);;Tessera scripts (*.py)"), interactive_));
  if (path.isEmpty()) return false;
  if (QString problem = SaveAsProblem(path); !problem.isEmpty()) {
    showRefusal(tr("Save As"), problem);
    return false;
  }
  script_->flush();
  doc_->setViewState(CaptureViewState(*this));
  Status st = doc_->save(path);
  if (!st.ok()) {
    showMessage(QString::fromStdString(st.error().message), true);
    return false;
  }
  AppSettings::addRecentFile(path);
  updateRecentMenu();
  showMessage(tr("Saved %1").arg(path));
  return true;
}

void MainWindow::updateRecentMenu() {
  if (!recentMenu_) return;
  recentMenu_->clear();
  const QStringList files = AppSettings::recentFiles();
  for (int i = 0; i < files.size(); ++i) {
    QString file = files[i];
    QAction* a =
        recentMenu_->addAction(QString("&%1 %2").arg(i + 1).arg(QFileInfo(file).fileName()));
    a->setToolTip(file);
    connect(a, &QAction::triggered, this, [this, file] {
      if (maybeSave()) (void)openFile(file);
    });
  }
  recentMenu_->setEnabled(!files.isEmpty());
}

bool MainWindow::maybeSave() {
  if (!doc_->isModified() || !interactive_) return true;
  auto answer =
      QMessageBox::question(this, tr("Unsaved changes"),
                            tr("%1 has unsaved changes. Save them?").arg(doc_->displayName()),
                            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save) return save();
  if (answer != QMessageBox::Discard) return false;
  discardChanges();
  return true;
}

// The user threw the changes away: their autosave must not come back at the next start.
void MainWindow::discardChanges() { Autosave::discard(doc_->path()); }

void MainWindow::showMessage(const QString& message, bool error) {
  lastMessage_ = message;
  statusBar()->showMessage(message, error ? 0 : 6000);
}

void MainWindow::showRefusal(const QString& title, const QString& message) {
  showMessage(message, true);
  if (interactive_) QMessageBox::warning(this, title, message);
}

bool MainWindow::applyIntent(const views::Intent& intent) {
  // Make Tunable changes no schedule: the knob joins the Tune dock's session.
  if (intent.primitive == "make_tunable") {
    if (doc_->state().tir_schedule) {
      showMessage(views::TirMakeTunableReason(), true);
      return false;
    }
    Status made = tuner_->makeTunable(intent);
    showMessage(made.ok() ? tr("Made tunable: see the Tune dock")
                          : QString::fromStdString(made.error().message),
                !made.ok());
    if (QDockWidget* d = dock("TuneDock"); d && made.ok()) d->raise();
    return made.ok();
  }
  Status st = doc_->apply(intent);
  if (!st.ok()) {
    showMessage(QString::fromStdString(st.error().message), true);
    return false;
  }
  showMessage(tr("Applied %1").arg(intent.describe()));
  return true;
}

// The loop primitives that cannot apply to the selected loop are disabled, with the
// reason as their tooltip (checked when the selection or the schedule changes).
void MainWindow::updateScheduleActions() {
  QString stage = selection_->stage(), var = selection_->iterVar();
  const auto& tir = doc_->state().tir_schedule;
  for (const char* name :
       {"split", "fuse", "tile", "vectorize", "unroll", "parallel", "prefetch"}) {
    QAction* a = action(QString("action_") + name);
    if (!a) continue;
    if (tir) {
      QString problem = TirMenuProblem(*tir, name, stage, var);
      a->setEnabled(problem.isEmpty());
      a->setToolTip(problem);
      continue;
    }
    QString problem = var.isEmpty() ? QString()  // asks for a loop when triggered
                                    : views::IterVarPrimitiveProblem(doc_->state().schedule.get(),
                                                                     stage, name, var);
    a->setEnabled(problem.isEmpty());
    a->setToolTip(problem);
  }
}

// A Schedule menu item applies to the selection (the stage shown in the IterVar view
// when no stage is selected), asking its parameters first.
void MainWindow::requestPrimitive(const QString& primitive) {
  if (const auto& tir = doc_->state().tir_schedule) {
    QString block = selection_->stage();
    if (block.isEmpty()) block = tirLoops_->shownBlock();
    QString loop = selection_->stage() == block ? selection_->iterVar() : QString();
    if (!views::TirBlockPrimitives().contains(primitive) &&
        !views::TirLoopPrimitives().contains(primitive)) {
      showMessage(tr("%1 is not a TensorIR primitive the application applies yet").arg(primitive),
                  true);
      return;
    }
    views::PrimitiveRequest r = views::RequestTirPrimitive(
        this, primitive, *tir, block, loop,
        [this](const views::Intent& intent) { return doc_->problemOf(intent); },
        [this](const views::Intent& intent) { return doc_->tirScheduleAfter(intent); });
    if (r.intent)
      applyIntent(*r.intent);
    else if (!r.problem.isEmpty())
      showMessage(r.problem, true);
    return;
  }
  QString stage = selection_->stage();
  if (stage.isEmpty()) stage = iterVars_->shownStage();
  views::PrimitiveRequest r = views::RequestPrimitive(
      this, primitive, doc_->state().schedule.get(), stage, selection_->iterVar(),
      doc_->state().bounds.get(),
      [this](const views::Intent& intent) { return doc_->problemOf(intent); });
  if (r.intent)
    applyIntent(*r.intent);
  else if (!r.problem.isEmpty())
    showMessage(r.problem, true);
}

void MainWindow::exportScript() {
  QString path = AskSavePath(this, tr("Export script for TVM"),
                             ProposedScriptExport(doc_->path(), doc_->displayName()),
                             tr("Python (*.py)"), interactive_);
  if (!path.isEmpty()) exportScriptTo(path);
}

bool MainWindow::exportScriptTo(const QString& path) {
  if (QString problem = ScriptExportProblem(path, doc_->path()); !problem.isEmpty()) {
    showRefusal(tr("Export script for TVM"), problem);
    return false;
  }
  script_->flush();
  return writeExport(path, doc_->text().toUtf8());
}

bool MainWindow::writeExport(const QString& path, const QByteArray& bytes) {
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly)) {
    file.write(bytes);
    if (file.commit()) {
      showMessage(tr("Exported %1").arg(path));
      return true;
    }
  }
  showMessage(tr("Cannot write %1").arg(path), true);
  return false;
}

void MainWindow::exportTir(int tvmMinor) {
  QString proposed = ProposedScriptExport(doc_->path(), doc_->displayName());
  proposed.replace(QRegularExpression("_tvm\\.py$"), QString("_tir_0_%1.py").arg(tvmMinor));
  QString path = AskSavePath(this, tr("Export a TensorIR program for TVM 0.%1").arg(tvmMinor),
                             proposed, tr("Python (*.py)"), interactive_);
  if (!path.isEmpty()) exportTirTo(path, tvmMinor);
}

bool MainWindow::exportTirTo(const QString& path, int tvmMinor) {
  const QString caption = tr("Export a TensorIR program for TVM 0.%1").arg(tvmMinor);
  if (QString problem = ScriptExportProblem(path, doc_->path()); !problem.isEmpty()) {
    showRefusal(caption, problem);
    return false;
  }
  script_->flush();
  const auto& program = doc_->state().program;
  if (!program) {
    showRefusal(caption, tr("The script has errors: fix them first."));
    return false;
  }
  auto text =
      script::ExportTirProgram(*program, script::TvmVersion{tvmMinor}, doc_->text().toStdString());
  if (!text) {
    showRefusal(caption, QString::fromStdString(text.error().format()));
    return false;
  }
  return writeExport(path, QByteArray::fromStdString(*text));
}

views::ViewBase* MainWindow::currentView() const {
  if (lastFocused_) return lastFocused_;
  return stageDag_;
}

void MainWindow::exportCurrentView() {
  views::ViewBase* view = currentView();
  QDockWidget* d = DockOf(view);
  QString name = d ? d->windowTitle() : QString("view");
  QString file = d ? d->objectName().remove("Dock") : QString("view");
  QString path = AskSavePath(this, tr("Export %1").arg(name),
                             ProposedViewExport(doc_->path(), doc_->displayName(), file),
                             tr("PNG image (*.png);;SVG drawing (*.svg)"), interactive_);
  if (path.isEmpty()) return;
  if (QString problem = ViewExportProblem(path, doc_->path()); !problem.isEmpty()) {
    showRefusal(tr("Export %1").arg(name), problem);
    return;
  }
  if (view->exportImage(path))
    showMessage(tr("Exported %1").arg(path));
  else
    showMessage(tr("Cannot write %1").arg(path), true);
}

void MainWindow::showShortcuts() {
  QDialog dialog(this);
  dialog.setWindowTitle(tr("Keyboard Shortcuts"));
  auto* table = new QTableWidget(&dialog);
  table->setColumnCount(2);
  table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
  table->horizontalHeader()->setStretchLastSection(true);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  for (QAction* a : findChildren<QAction*>()) {
    if (a->shortcut().isEmpty()) continue;
    int row = table->rowCount();
    table->insertRow(row);
    table->setItem(row, 0, new QTableWidgetItem(a->text().remove('&')));
    table->setItem(row, 1, new QTableWidgetItem(a->shortcut().toString(QKeySequence::NativeText)));
  }
  table->resizeColumnsToContents();
  auto* layout = new QVBoxLayout(&dialog);
  layout->addWidget(table);
  dialog.resize(420, 520);
  dialog.exec();
}

// The translators post QEvent::LanguageChange to every window; changeEvent() then
// translates this one again. The message below is already in the new language.
void MainWindow::setLanguage(const QString& language) {
  AppSettings::setLanguage(language);
  if (language == CurrentLanguage()) return;
  if (!InstallTranslators(language)) {
    showMessage(tr("There is no %1 translation; the language stays as it was.").arg(language),
                true);
    InstallTranslators(CurrentLanguage());
    return;
  }
  showMessage(tr("The interface language is now English."));
}

void MainWindow::saveSettings() {
  AppSettings::setGeometry(saveGeometry());
  AppSettings::setDockState(saveState());
}

void MainWindow::restoreSettings() {
  QByteArray geometry = AppSettings::geometry();
  if (!geometry.isEmpty()) restoreGeometry(geometry);
  fitToScreen();
  QByteArray state = AppSettings::dockState();
  if (!state.isEmpty()) restoreState(state);
}

// A window restored from a bigger screen is brought inside the available area, so
// that the status bar and the right-hand docks stay reachable.
void MainWindow::fitToScreen() {
  QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
  if (!s || isMaximized() || isFullScreen()) return;
  QRect available = s->availableGeometry();
  QRect frame = frameGeometry();
  QRect fitted = ClampToScreen(frame, available);
  if (fitted == frame) return;
  // The frame (title bar, borders) is outside geometry(): keep its margins.
  QSize margins = frame.size() - size();
  resize(fitted.size() - margins);
  move(fitted.topLeft());
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  runner_->cancel();
  runner_->waitForFinished();
  // Closing without saving (answered "Discard") drops the autosave too.
  if (doc_->isModified()) discardChanges();
  saveSettings();
  event->accept();
}

}  // namespace tessera::gui
