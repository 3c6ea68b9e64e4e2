// MainWindow: the desktop application's window. It owns the Document and the shared
// SelectionModel, shows every view in a dock, turns the views' intents and the
// Schedule menu into undo commands, and keeps settings (geometry, dock layout,
// palette, language, recent files).
#pragma once

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <functional>
#include <optional>
#include <vector>

#include "Document.h"
#include "RunController.h"
#include "views/SelectionModel.h"
#include "views/ViewBase.h"

class QLabel;
class QMenu;
class QProgressBar;

namespace tessera::views {
class BoundsView;
class BufferLayoutView;
class CodeView;
class IterVarGraphView;
class LoopNestView;
class ProfileView;
class RunLogView;
class ScriptView;
class StageDagView;
class TirBlockGraphView;
class TirBoundsView;
class TirLoopGraphView;
class TirLoopNestView;
class TuneView;
}  // namespace tessera::views

namespace tessera::gui {

class Autosave;
class TargetCode;
class TuneController;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  Document* document() const { return doc_; }
  views::SelectionModel* selection() const { return selection_; }

  // Opens a script; on failure the current document stays and the error is shown.
  Status openFile(const QString& path);
  // Opens `path`, or the built-in GEMM example when it is empty.
  void openStartupFile(const QString& path);
  // Opens a built-in example as an untitled copy ("gemm.py (example)"): saving asks
  // for a place instead of writing over the shipped example.
  Status openExample(const QString& path);
  // File ▸ Open as TensorIR: the te program's function (te.create_prim_func) with its
  // schedule replayed as TensorIR primitives, as a new untitled TensorIR document in the
  // spelling of File ▸ TensorIR Spelling (TVM 0.20 or 0.26, AppSettings). A schedule
  // TensorIR cannot express is refused with its location; the document stays.
  Status openAsTensorIR();
  // Sizes the docks of the default layout for the window's current size.
  void resetDockSizes() { applyDefaultDockSizes(); }
  // View ▸ Reset Layout: every dock shown, docked and grouped as at the first start.
  void resetLayout();
  bool save();
  bool saveAs(const QString& path);
  // File > Export > Script for TVM without its dialog: writes the script atomically;
  // the document's own file and .tessera paths are refused (SavePaths.h).
  bool exportScriptTo(const QString& path);
  // The schedule as a TensorIR program for TVM 0.<tvmMinor> (script/tvm/TirExport.h); a
  // refusal (a construct TensorIR lacks, the project's own file) writes nothing.
  bool exportTirTo(const QString& path, int tvmMinor);

  // Applies a view's or a menu's intent as one undo command; an illegal one changes
  // nothing and its reason goes to the status bar. Returns whether it was applied.
  bool applyIntent(const views::Intent& intent);

  // With interactive off (tests, scripted screenshots) no modal dialog is ever shown:
  // questions take their default answer and errors only go to the status bar.
  void setInteractive(bool on) { interactive_ = on; }
  QString lastMessage() const { return lastMessage_; }

  QList<QDockWidget*> docks() const;
  QDockWidget* dock(const QString& objectName) const;
  QAction* action(const QString& objectName) const;
  views::ScriptView* scriptView() const { return script_; }
  views::CodeView* codeView() const { return code_; }
  views::StageDagView* stageDagView() const { return stageDag_; }
  views::IterVarGraphView* iterVarView() const { return iterVars_; }
  views::LoopNestView* loopNestView() const { return loopNest_; }
  // The TensorIR views, shown instead of the Stage DAG, IterVar graph and loop nest while
  // the document is a TensorIR schedule script.
  views::TirBlockGraphView* tirBlockView() const { return tirBlocks_; }
  views::TirLoopGraphView* tirLoopView() const { return tirLoops_; }
  views::TirLoopNestView* tirLoopNestView() const { return tirNest_; }
  views::TirBoundsView* tirBoundsView() const { return tirBounds_; }
  bool showsTensorIRViews() const { return shownKindTir_.value_or(false); }
  views::BufferLayoutView* bufferLayoutView() const { return bufferLayout_; }
  views::BoundsView* boundsView() const { return bounds_; }
  views::ProfileView* profileView() const { return profile_; }
  views::RunLogView* runLogView() const { return runLog_; }
  views::TuneView* tuneView() const { return tune_; }
  TuneController* tuneController() const { return tuner_; }
  // Shows two recorded versions side by side (non-modal); returns the dialog.
  QDialog* compareVersions(int left, int right);

  // Runs (profile = false) or profiles the current schedule off the GUI thread; false
  // when there is nothing to run or a run is already going.
  bool startRun(bool profile, const QString& target = "llvm");
  RunController* runner() const { return runner_; }
  // A finished Run or Profile (RunController::finished; tests feed results here): the
  // run log, the profile history, the status bar; a failed check raises the run log.
  void runFinished(const RunResult& result, bool profile);
  TargetCode* targetCode() const { return targetCode_; }
  Autosave* autosave() const { return autosave_; }
  // Offers the autosaved text of the open document, if there is a newer one (asks when
  // interactive, otherwise recovers it); returns whether it was recovered.
  bool offerRecovery();

  // Called before (begin) and after each view's setState() in a refresh: the frame-time
  // benchmark (bench/gui) attributes the refresh time to the views with it.
  using RefreshProbe = std::function<void(views::ViewBase* view, bool begin)>;
  void setRefreshProbe(RefreshProbe probe) { probe_ = std::move(probe); }

  // Saves geometry and dock layout now (also done on close).
  void saveSettings();
  void restoreSettings();
  // Moves and shrinks the window into its screen's available area where it is outside.
  void fitToScreen();

 protected:
  void closeEvent(QCloseEvent* event) override;
  // QEvent::LanguageChange (a language chosen in View ▸ Language): every menu, action,
  // dock title and view is translated again, without a restart.
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void addProfileBaseline(RunRequest& request, int version);
  void createViews();
  void createDocks();
  // Shows the TensorIR or the TE views for the document's kind (a script that does not
  // evaluate keeps the views it had); `force` re-applies the current kind.
  void showViewsForDocumentKind(bool force = false);
  void applyDefaultDockSizes();
  void createFileMenu();
  void createEditMenu();
  void createScheduleMenu();
  void createRunMenu();
  void createViewMenu();
  void createHelpMenu();
  // `source` is an untranslated text marked with QT_TR_NOOP; it is remembered so that
  // retranslateUi() can translate it again.
  QAction* addAction(QMenu* menu, const QString& name, const char* source,
                     const QKeySequence& shortcut = {});
  QMenu* addMenu(QMenu* parent, const char* source);  // parent null: the menu bar
  void setTranslatedText(QObject* object, const char* source);
  void retranslateUi();
  void updateUndoActions();
  void updateRunToolTips();

  void refresh();
  void refreshView(views::ViewBase* view);
  // The state `view` shows: the document's, or (script errors) the last one that
  // evaluated, for the views that draw the schedule.
  const views::DocumentState& stateFor(views::ViewBase* view) const;
  QString staleReason() const;
  void forgetDocument();
  void updateTitle();
  void updateRecentMenu();
  bool maybeSave();
  void discardChanges();
  void showMessage(const QString& message, bool error = false);
  // A refused save or export: the status bar, and a warning when interactive.
  void showRefusal(const QString& title, const QString& message);
  void requestPrimitive(const QString& primitive);
  void exportScript();
  void exportTir(int tvmMinor);
  // Writes an export atomically and says so in the status bar.
  bool writeExport(const QString& path, const QByteArray& bytes);
  void exportCurrentView();
  views::ViewBase* currentView() const;
  void showShortcuts();
  void setLanguage(const QString& language);
  void updateRunActions();
  void updateOpenAsTensorIR();
  void updateScheduleActions();
  void updateFunctionMenu();

  Document* doc_;
  views::SelectionModel* selection_;
  views::ScriptView* script_ = nullptr;
  views::CodeView* code_ = nullptr;
  views::StageDagView* stageDag_ = nullptr;
  views::IterVarGraphView* iterVars_ = nullptr;
  views::LoopNestView* loopNest_ = nullptr;
  views::TirBlockGraphView* tirBlocks_ = nullptr;
  views::TirLoopGraphView* tirLoops_ = nullptr;
  views::TirLoopNestView* tirNest_ = nullptr;
  views::TirBoundsView* tirBounds_ = nullptr;
  std::optional<bool> shownKindTir_;  // which views the docks show: TensorIR or TE
  views::BufferLayoutView* bufferLayout_ = nullptr;
  views::BoundsView* bounds_ = nullptr;
  views::ProfileView* profile_ = nullptr;
  views::RunLogView* runLog_ = nullptr;
  views::TuneView* tune_ = nullptr;
  TuneController* tuner_ = nullptr;  // the Tune dock's sessions
  int runVersion_ = 0;               // the schedule version the current run runs
  QList<views::ViewBase*> views_;
  QHash<views::ViewBase*, int> shownVersion_;  // hidden docks refresh when shown
  QPointer<views::ViewBase> lastFocused_;
  QMenu* recentMenu_ = nullptr;
  QMenu* functionMenu_ = nullptr;  // View ▸ TensorIR Function
  QLabel* statusLabel_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* runLabel_ = nullptr;  // what the current run does
  QString runTitle_;            // "Running v3 on the CPU"
  RunController* runner_ = nullptr;
  TargetCode* targetCode_ = nullptr;
  Autosave* autosave_ = nullptr;
  bool interactive_ = true;
  QString lastMessage_;
  QString scriptError_;  // the script error the status bar shows, until it is fixed
  // The last state without errors: what the schedule views keep showing, marked stale,
  // while the script does not evaluate (#17 item 6).
  std::optional<views::DocumentState> lastGood_;
  RefreshProbe probe_;
  bool defaultLayoutPending_ = false;  // first start: size the docks once shown
  QByteArray defaultDockState_;        // the layout createDocks() made
  struct TranslatedText {
    QPointer<QObject> object;  // a QAction, QMenu or QDockWidget
    const char* source;
  };
  std::vector<TranslatedText> texts_;
};

}  // namespace tessera::gui
