// Document: one open workload. It owns the script text (the trace as a script) and the
// undo stack; every change re-evaluates the script into a views::DocumentState and
// emits changed(). Views read state(); they never change the document. Edits arrive
// as undo commands: script edits (merged while typing) and primitives (one trace
// entry each), so Edit > Undo walks back through both.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QUndoStack>
#include <optional>

#include "project/ProjectFile.h"
#include "support/Result.h"
#include "views/DocumentState.h"
#include "views/Intent.h"

namespace tessera::gui {

class Document : public QObject {
  Q_OBJECT

 public:
  explicit Document(QObject* parent = nullptr);

  // Replaces the document with the file's script, or with a project's (`.tessera`)
  // script, view state and target settings; the undo history and the profiles start
  // afresh. A file that is not a readable UTF-8 text script, or not a project this
  // version reads (corrupt, unknown format, newer version), is refused (the document
  // is then unchanged) with an error naming the file and the problem.
  Status load(const QString& path);
  // Replaces the document with `text` (an unsaved document named `name`).
  void reset(const QString& text, const QString& name = QString());
  // Writes the script atomically (QSaveFile), or a project when `path` ends in
  // ".tessera" (the script, its trace lines, viewState() and targetSettings()); on
  // success the document is clean and named `path`.
  Status save(const QString& path);
  static bool isProjectPath(const QString& path);

  // The window's state saved in and restored from projects (a JSON object).
  const std::string& viewState() const { return viewState_; }
  void setViewState(std::string json) { viewState_ = std::move(json); }
  const project::TargetSettings& targetSettings() const { return target_; }
  void setTargetSettings(const project::TargetSettings& t) { target_ = t; }
  // The project that save() would write for the current text.
  project::ProjectFile toProject() const;

  // An edit of the script text by the user (undoable; consecutive edits merge).
  void editScript(const QString& text);
  // Turns `intent` into one trace entry; when the primitive is legal pushes it as an
  // undo command, otherwise returns the error and changes nothing.
  Status apply(const views::Intent& intent);
  // Why apply() would refuse `intent`, without applying it; empty when it applies (a
  // transform_layout is evaluated as its script line; other primitives are checked
  // when applied).
  QString problemOf(const views::Intent& intent) const;
  // The TensorIR schedule `intent` would give, or why it is refused (views::TirDryRun);
  // transform_layout's lambdas are evaluated with its script line. Nothing changes.
  Result<std::shared_ptr<const tir::Schedule>> tirScheduleAfter(const views::Intent& intent) const;

  // The function of a TensorIR module of several that the document shows (View ▸
  // Function): it holds across edits, primitives and undo while the module has it, and a
  // document loaded or reset starts with the script's own (an empty name). Choosing one
  // evaluates the script again; primitives then act on that function.
  QString tirFunction() const { return tirFunction_; }
  void setTirFunction(const QString& name);
  // The module's functions (empty: not a TensorIR document) and the one shown.
  QStringList tirFunctions() const;
  QString shownTirFunction() const;

  QString text() const { return text_; }
  QString path() const { return path_; }
  QString displayName() const;
  bool isModified() const { return !undo_.isClean(); }
  const views::DocumentState& state() const { return state_; }
  QUndoStack* undoStack() { return &undo_; }
  // Records a profile measurement (kept across edits, shown by the Profile view).
  void addProfile(const views::ProfileRecord& record);
  // Records the current script as a schedule version (or finds it); returns its id.
  int recordVersion();
  // Adds a Run or Profile to the run log (state().history).
  void addRun(const views::RunRecord& run);
  // Replaces the history (a project being opened).
  void restoreHistory(std::vector<views::ScheduleVersion> versions,
                      std::vector<views::RunRecord> runs);
  // Goes to a recorded version: its script replaces the text as one undoable step.
  Status showVersion(int id);
  void setPeakGflops(double peak) { state_.peak_gflops = peak; }
  // Generated code for evaluation `version` (ignored when the document moved on).
  void setTargets(int version, std::vector<views::CodeArtifact> targets);

  // Used by the undo commands: sets the text and re-evaluates.
  void setTextForCommand(const QString& text);

 signals:
  void changed();
  // Only state().targets changed (the Code view refreshes; nothing else needs to).
  void targetsChanged();
  // Only state().profiles changed (the Profile view redraws; the schedule did not
  // change, so nothing is evaluated, laid out or compiled again).
  void profilesChanged();
  // Only state().history changed (a version was recorded or a run was logged).
  void historyChanged();
  // Emitted by load() and reset() before the new document is evaluated: whatever was
  // selected or remembered for the old one must be forgotten.
  void replacing();
  void pathChanged(const QString& path);
  void modifiedChanged(bool modified);
  // Something the user should read in the status bar (a chosen function that is gone).
  void notice(const QString& message);
  void saved(const QString& path);

 private:
  void evaluate();
  Status applyScriptLine(const views::Intent& intent);
  // The script with `intent`'s line added (printed back from the trace when it can be),
  // evaluated into `next`; the error when the line does not evaluate.
  Result<QString> withScriptLine(const views::Intent& intent, views::DocumentState& next) const;
  // A TensorIR document: the intent's one schedule line (TirIntentToScript) appended to
  // the script, checked on a copy of the schedule first (so a refusal is TVM's reason)
  // and evaluated into `next`.
  Result<QString> withTirLine(const views::Intent& intent, views::DocumentState& next) const;
  void install(views::DocumentState next);
  void remember(const views::DocumentState& state);
  void forgetTirFunction();

  Status loadScript(const QString& path, QString& text);
  Status loadProject(const QString& path, QString& text);
  Status saveScript(const QString& path);

  QString text_;
  QString path_;
  std::string viewState_ = "{}";
  project::TargetSettings target_;
  QString name_;
  QString tirFunction_;  // View ▸ Function's choice; empty: the script's own
  views::DocumentState state_;
  std::optional<views::DocumentState> pending_;  // evaluated ahead by apply()
  // The last few evaluations by script text: undo / redo return to a text evaluated
  // before, and evaluating a schedule with cache stages takes far longer than a frame.
  std::vector<views::DocumentState> recent_;
  QUndoStack undo_;
  int version_ = 0;
};

}  // namespace tessera::gui
