// TextEditor: the Script and Code views' editor. A primitive adds or removes a line or
// two of the script and of the loop program; QPlainTextEdit's document layout repaints
// the whole viewport for any edit that spans lines, although the lines above the edit
// neither changed nor moved. This editor's layout repaints from the first changed line
// down (to the bottom when lines were added or removed, else to the last changed line).
// It also lays out the changed lines in sight before it announces the document's size:
// laid out one by one at paint time, an edit around the widest line first shrank the
// document's width (the widest line not laid out yet) and then grew it back, so the
// horizontal scroll bar, and the window behind it, repainted at every edit. And when
// an edit adds or removes enough lines for the vertical scroll bar to appear or go, it
// places the bar before laying out any line: the viewport's width changes with the bar,
// and QPlainTextEdit then lays out every line again (although unwrapped lines do not
// depend on the width), so lines laid out before were shaped for nothing. Each line
// keeps its shaped glyphs until its text changes, so a paint does not shape it again.
#pragma once

#include <QPlainTextEdit>

namespace tessera::views {

class TextEditor : public QPlainTextEdit {
 public:
  explicit TextEditor(QWidget* parent = nullptr);

  // The changed lines' rectangle in the coordinates the document layout's update()
  // uses (the editor's block geometry): from `first`'s top to `last`'s bottom, or to
  // the end of the document when `toEnd`.
  QRectF changedRect(const QTextBlock& first, const QTextBlock& last, bool toEnd) const;
  // Lays out the lines the next paint shows (while the editor is visible), as the paint
  // would: from the first visible line down to the viewport's bottom.
  void layOutVisibleLines() const;
  // Shows or hides the vertical scroll bar for the document's line count (while the
  // editor is visible, its lines unwrapped and the bar shown as needed); QPlainTextEdit
  // sets the bar's exact range when it next adjusts it.
  void placeVerticalBarForLineCount();
};

}  // namespace tessera::views
