#include "MainWindow.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSaveFile>
#include <QStatusBar>
#include <QTableWidget>
#include <QHeaderView>
#include <QVBoxLayout>

#include "AppSettings.h"
#include "Autosave.h"
#include "TargetCode.h"
#include "codegen/LLVMBackend.h"
#include "runtime/cuda/CudaDriver.h"
#include "Appearance.h"
#include "Examples.h"
#include "views/BoundsView.h"
#include "views/BufferLayoutView.h"
#include "views/CodeView.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/PrimitiveRequests.h"
#include "views/ProfileView.h"
#include "views/ScriptView.h"
#include "views/StageDagView.h"

namespace tessera::gui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), doc_(new Document(this)), selection_(new views::SelectionModel(this)),
      runner_(new RunController(this)) {
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
  connect(runner_, &RunController::progress, this, [this](int percent, const QString& step) {
    progress_->setValue(percent);
    progress_->setFormat(step + " %p%");
  });
  connect(runner_, &RunController::finished, this, &MainWindow::runFinished);
  connect(doc_, &Document::targetsChanged, this, [this] { code_->setState(doc_->state()); });
  connect(doc_, &Document::changed, this, &MainWindow::refresh);
  connect(doc_, &Document::pathChanged, this, &MainWindow::updateTitle);
  connect(doc_, &Document::modifiedChanged, this, &MainWindow::updateTitle);
  connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
    for (QWidget* w = now; w; w = w->parentWidget())
      if (auto* v = qobject_cast<views::ViewBase*>(w)) {
        lastFocused_ = v;
        return;
      }
  });
  resize(1600, 1000);
  restoreSettings();
  refresh();
  updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::createViews() {
  script_ = new views::ScriptView;
  code_ = new views::CodeView;
  stageDag_ = new views::StageDagView;
  iterVars_ = new views::IterVarGraphView;
  loopNest_ = new views::LoopNestView;
  bufferLayout_ = new views::BufferLayoutView;
  bounds_ = new views::BoundsView;
  profile_ = new views::ProfileView;
  views_ = {script_, stageDag_, iterVars_, loopNest_, bufferLayout_, bounds_, code_, profile_};
  for (views::ViewBase* v : views_) {
    v->setSelectionModel(selection_);
    connect(v, &views::ViewBase::intentRequested, this, &MainWindow::applyIntent);
    connect(v, &views::ViewBase::statusMessage, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });
  }
  connect(script_, &views::ScriptView::scriptEdited, doc_, &Document::editScript);
}

// Script and loop nest on the left, the two graphs in the middle with the code below,
// bounds / layout / profile tabbed on the right.
void MainWindow::createDocks() {
  struct Spec {
    views::ViewBase* view;
    const char* name;
    QString title;
  };
  const Spec specs[] = {
      {script_, "ScriptDock", tr("Script")},
      {stageDag_, "StageDagDock", tr("Stage DAG")},
      {iterVars_, "IterVarDock", tr("IterVar hyper-graph")},
      {loopNest_, "LoopNestDock", tr("Loop nest")},
      {bufferLayout_, "BufferLayoutDock", tr("Buffer layout")},
      {bounds_, "BoundsDock", tr("Bounds")},
      {code_, "CodeDock", tr("Code")},
      {profile_, "ProfileDock", tr("Profile")},
  };
  QHash<QString, QDockWidget*> byName;
  for (const Spec& s : specs) {
    auto* d = new QDockWidget(s.title, this);
    d->setObjectName(s.name);
    d->setWidget(s.view);
    byName[s.name] = d;
    views::ViewBase* view = s.view;
    connect(d, &QDockWidget::visibilityChanged, this, [this, view](bool visible) {
      if (visible) refreshView(view);
    });
  }
  addDockWidget(Qt::LeftDockWidgetArea, byName["ScriptDock"]);
  splitDockWidget(byName["ScriptDock"], byName["StageDagDock"], Qt::Horizontal);
  splitDockWidget(byName["StageDagDock"], byName["BoundsDock"], Qt::Horizontal);
  splitDockWidget(byName["StageDagDock"], byName["IterVarDock"], Qt::Horizontal);
  splitDockWidget(byName["ScriptDock"], byName["LoopNestDock"], Qt::Vertical);
  splitDockWidget(byName["StageDagDock"], byName["CodeDock"], Qt::Vertical);
  tabifyDockWidget(byName["BoundsDock"], byName["BufferLayoutDock"]);
  tabifyDockWidget(byName["BoundsDock"], byName["ProfileDock"]);
  byName["BoundsDock"]->raise();
  resizeDocks({byName["ScriptDock"], byName["StageDagDock"], byName["IterVarDock"],
               byName["BoundsDock"]},
              {430, 330, 380, 440}, Qt::Horizontal);
  resizeDocks({byName["ScriptDock"], byName["LoopNestDock"]}, {560, 380}, Qt::Vertical);
  resizeDocks({byName["StageDagDock"], byName["CodeDock"]}, {430, 510}, Qt::Vertical);
}

QAction* MainWindow::addAction(QMenu* menu, const QString& name, const QString& text,
                               const QKeySequence& shortcut) {
  QAction* a = menu->addAction(text);
  a->setObjectName(name);
  if (!shortcut.isEmpty()) a->setShortcut(shortcut);
  return a;
}

void MainWindow::createFileMenu() {
  QMenu* m = menuBar()->addMenu(tr("&File"));
  connect(addAction(m, "actionOpen", tr("&Open…"), QKeySequence::Open), &QAction::triggered, this,
          [this] {
            if (!maybeSave()) return;
            QString path = QFileDialog::getOpenFileName(this, tr("Open script"), QString(),
                                                        tr("Tessera scripts (*.py);;All files (*)"));
            if (!path.isEmpty()) (void)openFile(path);
          });
  QMenu* examples = m->addMenu(tr("Open &Example"));
  for (const QString& file : ExampleFiles())
    connect(examples->addAction(QFileInfo(file).fileName()), &QAction::triggered, this,
            [this, file] {
              if (maybeSave()) (void)openFile(file);
            });
  recentMenu_ = m->addMenu(tr("Recent &Files"));
  recentMenu_->setObjectName("menuRecent");
  updateRecentMenu();
  m->addSeparator();
  connect(addAction(m, "actionSave", tr("&Save"), QKeySequence::Save), &QAction::triggered, this,
          &MainWindow::save);
  connect(addAction(m, "actionSaveAs", tr("Save &As…"), QKeySequence::SaveAs), &QAction::triggered,
          this, [this] { saveAs(QString()); });
  QMenu* exportMenu = m->addMenu(tr("&Export"));
  connect(addAction(exportMenu, "actionExportScript", tr("Script for &TVM…"), QKeySequence("Ctrl+E")),
          &QAction::triggered, this, &MainWindow::exportScript);
  connect(addAction(exportMenu, "actionExportView", tr("Current &View as PNG/SVG…"),
                    QKeySequence("Ctrl+Shift+E")),
          &QAction::triggered, this, &MainWindow::exportCurrentView);
  m->addSeparator();
  connect(addAction(m, "actionQuit", tr("&Quit"), QKeySequence::Quit), &QAction::triggered, this,
          &QWidget::close);
}

void MainWindow::createEditMenu() {
  QMenu* m = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = doc_->undoStack()->createUndoAction(this, tr("&Undo"));
  undo->setObjectName("actionUndo");
  undo->setShortcut(QKeySequence::Undo);
  QAction* redo = doc_->undoStack()->createRedoAction(this, tr("&Redo"));
  redo->setObjectName("actionRedo");
  redo->setShortcut(QKeySequence::Redo);
  m->addAction(undo);
  m->addAction(redo);
  // Undo must not be swallowed by the script editor while it has focus.
  undo->setShortcutContext(Qt::ApplicationShortcut);
  redo->setShortcutContext(Qt::ApplicationShortcut);
}

void MainWindow::createScheduleMenu() {
  QMenu* m = menuBar()->addMenu(tr("&Schedule"));
  struct Primitive {
    const char* name;
    QString text;
    const char* shortcut;
  };
  const Primitive loops[] = {
      {"split", tr("&Split…"), "Ctrl+Alt+S"},       {"tile", tr("&Tile…"), "Ctrl+Alt+T"},
      {"fuse", tr("&Fuse"), "Ctrl+Alt+F"},          {"reorder", tr("&Reorder…"), "Ctrl+Alt+R"},
      {"vectorize", tr("&Vectorize"), "Ctrl+Alt+V"}, {"unroll", tr("&Unroll"), "Ctrl+Alt+U"},
      {"parallel", tr("&Parallel"), "Ctrl+Alt+P"},  {"bind", tr("&Bind to Thread…"), "Ctrl+Alt+B"},
  };
  const Primitive stages[] = {
      {"compute_at", tr("Compute &At…"), "Ctrl+Alt+A"},
      {"compute_inline", tr("Compute &Inline"), "Ctrl+Alt+I"},
      {"compute_root", tr("Compute R&oot"), "Ctrl+Alt+O"},
      {"cache_read", tr("Cache R&ead…"), ""},
      {"cache_write", tr("Cache &Write…"), ""},
      {"rfactor", tr("R&factor…"), ""},
      {"transform_layout", tr("Transform &Layout…"), ""},
  };
  for (const Primitive& p : loops)
    connect(addAction(m, QString("action_") + p.name, p.text, QKeySequence(p.shortcut)),
            &QAction::triggered, this, [this, name = QString(p.name)] { requestPrimitive(name); });
  m->addSeparator();
  for (const Primitive& p : stages)
    connect(addAction(m, QString("action_") + p.name, p.text, QKeySequence(p.shortcut)),
            &QAction::triggered, this, [this, name = QString(p.name)] { requestPrimitive(name); });
}

void MainWindow::createRunMenu() {
  QMenu* m = menuBar()->addMenu(tr("&Run"));
  QAction* run = addAction(m, "actionRunCpu", tr("Run on &CPU"), QKeySequence("F5"));
  QAction* prof = addAction(m, "actionProfile", tr("&Profile"), QKeySequence("Ctrl+F5"));
  m->addSeparator();
  QAction* runGpu = addAction(m, "actionRunGpu", tr("Run on &GPU"), QKeySequence("F6"));
  QAction* profGpu = addAction(m, "actionProfileGpu", tr("Profile on G&PU"), QKeySequence("Ctrl+F6"));
  m->addSeparator();
  QAction* cancel = addAction(m, "actionCancel", tr("C&ancel"), QKeySequence("Shift+F5"));
  connect(run, &QAction::triggered, this, [this] { startRun(false); });
  connect(prof, &QAction::triggered, this, [this] { startRun(true); });
  connect(runGpu, &QAction::triggered, this, [this] { startRun(false, "cuda"); });
  connect(profGpu, &QAction::triggered, this, [this] { startRun(true, "cuda"); });
  std::string why;
  if (!runtime::CudaAvailable(&why))
    for (QAction* a : {runGpu, profGpu})
      a->setToolTip(tr("No CUDA GPU here (%1)").arg(QString::fromStdString(why)));
  connect(cancel, &QAction::triggered, runner_, &RunController::cancel);
  if (!codegen::LLVMAvailable())
    for (QAction* a : {run, prof}) a->setToolTip(tr("This build has no LLVM backend"));
  updateRunActions();
}

void MainWindow::updateRunActions() {
  bool runnable = codegen::LLVMAvailable() && doc_->state().function && !runner_->busy();
  if (QAction* a = action("actionRunCpu")) a->setEnabled(runnable);
  if (QAction* a = action("actionProfile")) a->setEnabled(runnable);
  static const bool gpu = runtime::CudaAvailable();
  if (QAction* a = action("actionRunGpu")) a->setEnabled(runnable && gpu);
  if (QAction* a = action("actionProfileGpu")) a->setEnabled(runnable && gpu);
  if (QAction* a = action("actionCancel")) a->setEnabled(runner_->busy());
}

bool MainWindow::startRun(bool profile, const QString& target) {
  const views::DocumentState& state = doc_->state();
  RunRequest request{state.program, state.function, !profile, profile ? 10 : 0, 64,
                     target.toStdString()};
  if (!state.function) {
    showMessage(tr("Nothing to run: the script has no lowered program."), true);
    return false;
  }
  if (!runner_->start(request, profile)) {
    showMessage(tr("A run is already going."), true);
    return false;
  }
  progress_->setValue(0);
  progress_->show();
  updateRunActions();
  bool gpu = target == "cuda";
  showMessage(profile ? tr("Profiling…") : gpu ? tr("Running on the GPU…") : tr("Running on the CPU…"));
  return true;
}

void MainWindow::runFinished(const RunResult& r, bool profile) {
  progress_->hide();
  updateRunActions();
  if (r.cancelled) {
    showMessage(tr("Cancelled."));
    return;
  }
  if (!r.ok) {
    showMessage(tr("Run failed: %1").arg(QString::fromStdString(r.message)), true);
    return;
  }
  if (!profile) {
    QString check = !r.checked ? QString()
                    : r.matches ? tr(", matches the reference interpreter (max error %1)").arg(r.max_abs_error)
                                : tr(", DIFFERS from the reference interpreter (max error %1)").arg(r.max_abs_error);
    showMessage(tr("Ran in %1 ms (compiled in %2 ms)%3")
                    .arg(r.median_ms, 0, 'f', 3).arg(r.compile_ms, 0, 'f', 0).arg(check), !r.matches);
    return;
  }
  const auto& entries = doc_->state().schedule->trace.entries;
  QString label = QString("#%1 %2").arg(doc_->state().profiles.size() + 1)
                      .arg(entries.empty() ? tr("default") : QString::fromStdString(entries.back().primitive));
  bool gpu = QString::fromStdString(r.target).startsWith("CUDA");
  doc_->addProfile({label.toStdString(), gpu ? "cuda" : "llvm", r.median_ms / 1000.0, r.gflops});
  if (QDockWidget* d = dock("ProfileDock")) d->raise();
  showMessage(tr("Profile: median %1 ms, %2 GFLOP/s").arg(r.median_ms, 0, 'f', 3).arg(r.gflops, 0, 'f', 2));
}

void MainWindow::createViewMenu() {
  QMenu* m = menuBar()->addMenu(tr("&View"));
  for (QDockWidget* d : docks()) m->addAction(d->toggleViewAction());
  m->addSeparator();
  QAction* dark = addAction(m, "actionDarkPalette", tr("&Dark Palette"), QKeySequence("Ctrl+Shift+D"));
  dark->setCheckable(true);
  dark->setChecked(qApp->palette().color(QPalette::Window).lightness() < 128);
  connect(dark, &QAction::toggled, this, [this](bool on) {
    AppSettings::setPalette(on ? PaletteMode::Dark : PaletteMode::Light);
    ApplyPalette(on ? PaletteMode::Dark : PaletteMode::Light);
    for (views::ViewBase* v : views_) v->update();
    refresh();
  });
  QMenu* language = m->addMenu(tr("&Language"));
  auto* group = new QActionGroup(this);
  // Language names are written in their own language, never translated.
  for (auto [code, name] : {std::pair{"en", "English"}, std::pair{"zh_CN", "简体中文"}}) {
    QAction* a = language->addAction(QString::fromUtf8(name));
    a->setObjectName(QString("actionLanguage_") + code);
    a->setCheckable(true);
    a->setChecked(AppSettings::language() == code);
    group->addAction(a);
    connect(a, &QAction::triggered, this, [this, c = QString(code)] { setLanguage(c); });
  }
}

void MainWindow::createHelpMenu() {
  QMenu* m = menuBar()->addMenu(tr("&Help"));
  connect(addAction(m, "actionShortcuts", tr("&Keyboard Shortcuts")), &QAction::triggered, this,
          &MainWindow::showShortcuts);
  connect(addAction(m, "actionAbout", tr("&About Tessera")), &QAction::triggered, this, [this] {
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

QAction* MainWindow::action(const QString& objectName) const {
  return findChild<QAction*>(objectName);
}

// Visible views redraw now; hidden ones when their dock is shown again.
void MainWindow::refresh() {
  for (views::ViewBase* v : views_) {
    auto* d = qobject_cast<QDockWidget*>(v->parentWidget());
    if (!d || d->isVisible() || !isVisible()) refreshView(v);
  }
  updateRunActions();
  const auto& errors = doc_->state().errors;
  statusLabel_->setText(errors.empty() ? tr("No errors") : tr("%n error(s)", "", int(errors.size())));
  if (!errors.empty()) showMessage(QString::fromStdString(errors.front().format()), true);
}

void MainWindow::refreshView(views::ViewBase* view) {
  int version = doc_->state().version;
  if (shownVersion_.value(view, -1) == version) return;
  shownVersion_[view] = version;
  view->setState(doc_->state());
}

void MainWindow::updateTitle() {
  setWindowTitle(QString("%1[*] — Tessera").arg(doc_->displayName()));
  setWindowModified(doc_->isModified());
}

Status MainWindow::openFile(const QString& path) {
  Status st = doc_->load(path);
  if (!st.ok()) {
    QString message = tr("Could not open %1: %2").arg(path, QString::fromStdString(st.error().message));
    showMessage(message, true);
    if (interactive_) {
      auto* box = new QMessageBox(QMessageBox::Warning, tr("Open failed"), message,
                                  QMessageBox::Ok, this);
      box->setAttribute(Qt::WA_DeleteOnClose);
      box->open();
    }
    AppSettings::removeRecentFile(path);
    updateRecentMenu();
    return st;
  }
  selection_->clear();
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
  showMessage(tr("Recovered the unsaved changes of %1 (Edit ▸ Undo reverts).").arg(doc_->displayName()));
  return true;
}

void MainWindow::openStartupFile(const QString& path) {
  if (!path.isEmpty()) {
    (void)openFile(path);
    return;
  }
  QString gemm = ExamplePath("gemm.py");
  if (gemm.isEmpty() || !openFile(gemm).ok()) doc_->reset(EmbeddedGemmExample(), "gemm.py");
}

bool MainWindow::save() {
  if (doc_->path().isEmpty()) return saveAs(QString());
  script_->flush();
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
  if (path.isEmpty() && interactive_)
    path = QFileDialog::getSaveFileName(this, tr("Save script"), doc_->displayName(),
                                        tr("Tessera scripts (*.py)"));
  if (path.isEmpty()) return false;
  script_->flush();
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
    QAction* a = recentMenu_->addAction(QString("&%1 %2").arg(i + 1).arg(QFileInfo(file).fileName()));
    a->setToolTip(file);
    connect(a, &QAction::triggered, this, [this, file] {
      if (maybeSave()) (void)openFile(file);
    });
  }
  recentMenu_->setEnabled(!files.isEmpty());
}

bool MainWindow::maybeSave() {
  if (!doc_->isModified() || !interactive_) return true;
  auto answer = QMessageBox::question(
      this, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(doc_->displayName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save) return save();
  return answer == QMessageBox::Discard;
}

void MainWindow::showMessage(const QString& message, bool error) {
  lastMessage_ = message;
  statusBar()->showMessage(message, error ? 0 : 6000);
}

bool MainWindow::applyIntent(const views::Intent& intent) {
  Status st = doc_->apply(intent);
  if (!st.ok()) {
    showMessage(QString::fromStdString(st.error().message), true);
    return false;
  }
  showMessage(tr("Applied %1").arg(intent.describe()));
  return true;
}

// A Schedule menu item applies to the selection (the stage shown in the IterVar view
// when no stage is selected), asking its parameters first.
void MainWindow::requestPrimitive(const QString& primitive) {
  QString stage = selection_->stage();
  if (stage.isEmpty()) stage = iterVars_->shownStage();
  views::PrimitiveRequest r = views::RequestPrimitive(this, primitive, doc_->state().schedule.get(),
                                                      stage, selection_->iterVar());
  if (r.intent)
    applyIntent(*r.intent);
  else if (!r.problem.isEmpty())
    showMessage(r.problem, true);
}

void MainWindow::exportScript() {
  QString path = QFileDialog::getSaveFileName(this, tr("Export script for TVM"),
                                              doc_->displayName(), tr("Python (*.py)"));
  if (path.isEmpty()) return;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    showMessage(tr("Cannot write %1").arg(path), true);
    return;
  }
  file.write(doc_->text().toUtf8());
  if (file.commit())
    showMessage(tr("Exported %1").arg(path));
  else
    showMessage(tr("Cannot write %1").arg(path), true);
}

views::ViewBase* MainWindow::currentView() const {
  if (lastFocused_) return lastFocused_;
  return stageDag_;
}

void MainWindow::exportCurrentView() {
  views::ViewBase* view = currentView();
  auto* d = qobject_cast<QDockWidget*>(view->parentWidget());
  QString name = d ? d->windowTitle() : QString("view");
  QString path = QFileDialog::getSaveFileName(this, tr("Export %1").arg(name), name + ".png",
                                              tr("PNG image (*.png);;SVG drawing (*.svg)"));
  if (path.isEmpty()) return;
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

void MainWindow::setLanguage(const QString& language) {
  if (language == AppSettings::language()) return;
  AppSettings::setLanguage(language);
  InstallTranslators(language);
  showMessage(tr("The language changes when Tessera is restarted."));
  if (interactive_)
    QMessageBox::information(this, tr("Language"),
                             tr("The language changes when Tessera is restarted."));
}

void MainWindow::saveSettings() {
  AppSettings::setGeometry(saveGeometry());
  AppSettings::setDockState(saveState());
}

void MainWindow::restoreSettings() {
  QByteArray geometry = AppSettings::geometry();
  if (!geometry.isEmpty()) restoreGeometry(geometry);
  QByteArray state = AppSettings::dockState();
  if (!state.isEmpty()) restoreState(state);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  runner_->cancel();
  runner_->waitForFinished();
  // Closing without saving (answered "Discard") drops the autosave too.
  if (doc_->isModified()) Autosave::discard(doc_->path());
  saveSettings();
  event->accept();
}

}  // namespace tessera::gui
