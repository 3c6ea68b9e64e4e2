// The undo commands of a Document. Each one records the script text before and after,
// so undo and redo restore the exact script (and therefore the exact trace).
#pragma once

#include <QUndoCommand>

#include "views/Intent.h"

namespace tessera::gui {

class Document;

// The user's edit of the script; consecutive edits merge into one step.
class EditScriptCommand : public QUndoCommand {
 public:
  static constexpr int kId = 1;
  EditScriptCommand(Document* doc, QString before, QString after);
  int id() const override { return kId; }
  bool mergeWith(const QUndoCommand* other) override;
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  QString before_;
  QString after_;
};

// The whole script replaced at once (going to a recorded schedule version); never
// merged with typing.
class ReplaceScriptCommand : public QUndoCommand {
 public:
  ReplaceScriptCommand(Document* doc, QString before, QString after, const QString& text);
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  QString before_;
  QString after_;
};

// One schedule primitive applied from the GUI: appends one trace entry.
class ApplyPrimitiveCommand : public QUndoCommand {
 public:
  ApplyPrimitiveCommand(Document* doc, const views::Intent& intent, QString before, QString after);
  const views::Intent& intent() const { return intent_; }
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  views::Intent intent_;
  QString before_;
  QString after_;
};

}  // namespace tessera::gui
