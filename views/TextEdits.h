// TextEdits: replacing an editor's text by a new version without redoing the whole
// document. A primitive changes one or two lines of the script and of the loop program;
// setPlainText() would re-lay out and re-highlight every line and lose the scroll
// position, on every refresh (#17 item 16).
#pragma once

class QPlainTextEdit;
class QString;

namespace tessera::views {

// Makes `editor`'s text `text` by replacing only the span between the longest common
// prefix and suffix of the two texts, as one edit: the syntax highlighter re-highlights
// just the changed lines, and the view keeps its scroll position. Returns false (and
// does nothing) when the texts are equal. The scroll bars the new text needs are shown
// at once (ShowScrollBarsNow).
bool ReplaceChangedText(QPlainTextEdit* editor, const QString& text);

}  // namespace tessera::views
