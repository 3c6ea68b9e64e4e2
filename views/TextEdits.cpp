#include "views/TextEdits.h"

#include <QPlainTextEdit>
#include <QTextCursor>
#include <algorithm>

#include "views/ScrollBarsNow.h"

namespace tessera::views {

// Document positions and toPlainText() indices agree one to one: a plain-text document
// has one position per character and one per line break.
bool ReplaceChangedText(QPlainTextEdit* editor, const QString& text) {
  QString before = editor->toPlainText();
  if (before == text) return false;
  qsizetype shorter = std::min(before.size(), text.size());
  qsizetype prefix = 0;
  while (prefix < shorter && before[prefix] == text[prefix]) ++prefix;
  qsizetype suffix = 0;
  while (suffix < shorter - prefix &&
         before[before.size() - 1 - suffix] == text[text.size() - 1 - suffix])
    ++suffix;
  // A surrogate pair must not be cut in half.
  if (prefix > 0 && before[prefix - 1].isHighSurrogate()) --prefix;
  if (suffix > 0 && before[before.size() - suffix].isLowSurrogate()) --suffix;
  QTextCursor cursor(editor->document());
  cursor.beginEditBlock();
  cursor.setPosition(int(prefix));
  cursor.setPosition(int(before.size() - suffix), QTextCursor::KeepAnchor);
  cursor.insertText(text.mid(prefix, text.size() - prefix - suffix));
  cursor.endEditBlock();
  ShowScrollBarsNow(editor);  // a longer or wider text shows its scroll bar before it paints
  return true;
}

}  // namespace tessera::views
