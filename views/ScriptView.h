// ScriptView: the trace as a script, editable. Edits are debounced and reported with
// scriptEdited(); the document re-parses and hands back a state whose errors are
// underlined here (wave underline, message as tooltip and in the status bar).
#pragma once

#include <QList>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <QTimer>

#include "views/ViewBase.h"

class QLabel;

namespace tessera::views {

class ScriptEditor;

class ScriptView : public ViewBase {
  Q_OBJECT

 public:
  explicit ScriptView(QWidget* parent = nullptr);

  void setState(const DocumentState& state) override;
  QString text() const;
  QPlainTextEdit* editor() const;

  // The underlines currently shown, one per error (tests query these).
  QList<QTextEdit::ExtraSelection> errorSelections() const { return errors_; }
  // The message of the error underlined at character `position` ("" when none).
  QString errorAt(int position) const;
  // Milliseconds of quiet typing before scriptEdited() fires.
  void setDebounce(int ms) { debounce_.setInterval(ms); }
  // Emits a pending edit now (before saving, in tests).
  void flush();
  // The red line above the editor that names the first error ("" when there is none).
  QString errorBanner() const;

 signals:
  void scriptEdited(const QString& text);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void showErrors(const std::vector<Error>& errors);
  QTextCursor cursorFor(const SourceLoc& loc) const;

  ScriptEditor* editor_;
  QLabel* errorBanner_;
  int errorLine_ = 0;  // the first error's line (the banner's link goes there)
  QTimer debounce_;
  QList<QTextEdit::ExtraSelection> errors_;
  QStringList messages_;  // parallel to errors_
  bool settingText_ = false;
};

}  // namespace tessera::views
