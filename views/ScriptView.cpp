#include "views/ScriptView.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QLabel>
#include <QTextBlock>
#include <QToolTip>
#include <QVBoxLayout>

#include "views/ScriptHighlighter.h"
#include "views/TextEditor.h"
#include "views/TextEdits.h"

namespace tessera::views {

class ScriptEditor : public TextEditor {
 public:
  using TextEditor::TextEditor;
};

ScriptView::ScriptView(QWidget* parent)
    : ViewBase(parent), editor_(new ScriptEditor(this)), errorBanner_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  // A script error is named above the editor, not only underlined (#17 item 6);
  // clicking it moves the cursor to the error.
  errorBanner_->setObjectName("scriptErrorBanner");
  errorBanner_->setWordWrap(true);
  errorBanner_->setStyleSheet("QLabel { background: #c62828; color: white; padding: 4px 6px; }");
  errorBanner_->setTextFormat(Qt::PlainText);
  errorBanner_->setCursor(Qt::PointingHandCursor);
  errorBanner_->installEventFilter(this);
  errorBanner_->hide();
  layout->addWidget(errorBanner_);
  layout->addWidget(editor_);
  editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  editor_->setLineWrapMode(QPlainTextEdit::NoWrap);
  editor_->setTabStopDistance(4 * editor_->fontMetrics().horizontalAdvance(' '));
  // One undo history for the whole application: the document's undo stack.
  editor_->setUndoRedoEnabled(false);
  editor_->viewport()->installEventFilter(this);
  new ScriptHighlighter(editor_->document());

  debounce_.setSingleShot(true);
  debounce_.setInterval(350);
  connect(&debounce_, &QTimer::timeout, this, [this] { emit scriptEdited(text()); });
  connect(editor_, &QPlainTextEdit::textChanged, this, [this] {
    if (!settingText_) debounce_.start();
  });
}

QString ScriptView::text() const { return editor_->toPlainText(); }
QPlainTextEdit* ScriptView::editor() const { return editor_; }

void ScriptView::flush() {
  if (!debounce_.isActive()) return;
  debounce_.stop();
  emit scriptEdited(text());
}

// Replaces the text only when it differs (an undo, a primitive applied elsewhere), and
// then only the lines that changed: the highlighter redoes those lines, not the whole
// script, the cursor stays on its text and the view does not scroll; typing is never
// disturbed by its own echo.
void ScriptView::setState(const DocumentState& state) {
  QString script = QString::fromStdString(state.script);
  if (!debounce_.isActive()) {
    settingText_ = true;
    ReplaceChangedText(editor_, script);
    settingText_ = false;
  }
  showErrors(state.errors);
}

QTextCursor ScriptView::cursorFor(const SourceLoc& loc) const {
  QTextDocument* doc = editor_->document();
  QTextBlock block = doc->findBlockByNumber(std::max(0, loc.line - 1));
  if (!block.isValid()) block = doc->lastBlock();
  QString line = block.text();
  int col = std::clamp(loc.column - 1, 0, std::max(0, int(line.size()) - 1));
  // Underline the word (or the single character) the error points at.
  int end = col;
  while (end < line.size() && (line[end].isLetterOrNumber() || line[end] == '_')) ++end;
  if (end == col) end = std::min(int(line.size()), col + 1);
  QTextCursor c(block);
  c.setPosition(block.position() + col);
  c.setPosition(block.position() + std::max(end, col + (line.isEmpty() ? 0 : 1)),
                QTextCursor::KeepAnchor);
  return c;
}

void ScriptView::showErrors(const std::vector<Error>& errors) {
  errors_.clear();
  messages_.clear();
  QTextCharFormat format;
  format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
  format.setUnderlineColor(Qt::red);
  for (const Error& e : errors) {
    if (e.loc.line <= 0) continue;
    QTextEdit::ExtraSelection sel;
    sel.cursor = cursorFor(e.loc);
    sel.format = format;
    sel.format.setToolTip(QString::fromStdString(e.message));
    errors_ << sel;
    messages_ << QString::fromStdString(e.format());
  }
  editor_->setExtraSelections(errors_);
  errorLine_ = errors.empty() ? 0 : errors.front().loc.line;
  if (errors.empty()) {
    errorBanner_->hide();
    errorBanner_->clear();
    return;
  }
  QString text = "✗ " + QString::fromStdString(errors.front().format());
  if (errors.size() > 1) text += " " + tr("(and %n more)", "", int(errors.size() - 1));
  errorBanner_->setText(text);
  errorBanner_->setToolTip(errorLine_ > 0 ? tr("Click to go to line %1").arg(errorLine_)
                                          : QString());
  errorBanner_->show();
  emit statusMessage(QString::fromStdString(errors.front().format()));
}

QString ScriptView::errorBanner() const {
  return errorBanner_->isHidden() ? QString() : errorBanner_->text();
}

QString ScriptView::errorAt(int position) const {
  for (int i = 0; i < errors_.size(); ++i) {
    const QTextCursor& c = errors_[i].cursor;
    if (position >= c.selectionStart() && position <= c.selectionEnd()) return messages_[i];
  }
  return QString();
}

// Hovering an underlined error shows its message.
bool ScriptView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == errorBanner_ && event->type() == QEvent::MouseButtonRelease && errorLine_ > 0) {
    QTextBlock block = editor_->document()->findBlockByNumber(errorLine_ - 1);
    if (block.isValid()) {
      editor_->setTextCursor(QTextCursor(block));
      editor_->setFocus();
    }
    return true;
  }
  if (watched == editor_->viewport() && event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    QString message = errorAt(editor_->cursorForPosition(help->pos()).position());
    if (message.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), message, editor_);
    return true;
  }
  return ViewBase::eventFilter(watched, event);
}

}  // namespace tessera::views
