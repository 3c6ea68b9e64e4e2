#include "UndoCommands.h"

#include <QCoreApplication>

#include "Document.h"

namespace tessera::gui {

EditScriptCommand::EditScriptCommand(Document* doc, QString before, QString after)
    : doc_(doc), before_(std::move(before)), after_(std::move(after)) {
  setText(QCoreApplication::translate("tessera::gui::Document", "Edit script"));
}

bool EditScriptCommand::mergeWith(const QUndoCommand* other) {
  if (other->id() != kId) return false;
  after_ = static_cast<const EditScriptCommand*>(other)->after_;
  // Typing and then deleting it again is no change: the stack drops the command and
  // the document is clean again if it was clean before.
  setObsolete(after_ == before_);
  return true;
}

void EditScriptCommand::undo() { doc_->setTextForCommand(before_); }
void EditScriptCommand::redo() { doc_->setTextForCommand(after_); }

ReplaceScriptCommand::ReplaceScriptCommand(Document* doc, QString before, QString after,
                                           const QString& text)
    : doc_(doc), before_(std::move(before)), after_(std::move(after)) {
  setText(text);
}

void ReplaceScriptCommand::undo() { doc_->setTextForCommand(before_); }
void ReplaceScriptCommand::redo() { doc_->setTextForCommand(after_); }

ApplyPrimitiveCommand::ApplyPrimitiveCommand(Document* doc, const views::Intent& intent,
                                             QString before, QString after)
    : doc_(doc), intent_(intent), before_(std::move(before)), after_(std::move(after)) {
  setText(intent.describe());
}

void ApplyPrimitiveCommand::undo() { doc_->setTextForCommand(before_); }
void ApplyPrimitiveCommand::redo() { doc_->setTextForCommand(after_); }

}  // namespace tessera::gui
