#include "views/TextEditor.h"

#include <QPlainTextDocumentLayout>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QTextBlock>
#include <QTextDocument>

#include "views/ScrollBarsNow.h"

namespace tessera::views {
namespace {

constexpr qreal kFar = 1e9;  // past any document's width or height

// A line's layout drops its shaped glyphs once laid out unless asked to keep them, so
// every paint shaped each line in sight again, also the lines no edit touched. Kept,
// they are shaped once per change of the line's text (the document invalidates the
// layout of a line whose text changes).
void KeepGlyphs(QTextBlock first, const QTextBlock& last) {
  for (QTextBlock b = first; b.isValid(); b = b.next()) {
    b.layout()->setCacheEnabled(true);
    if (b == last) break;
  }
}

// Narrows the updates of QPlainTextDocumentLayout::documentChanged: an edit within one
// line keeps the base class's own (that line only); any other edit is laid out by the
// base class with its signals held back, then the document's size and the changed
// lines' rectangle are announced.
class ChangedLinesLayout : public QPlainTextDocumentLayout {
 public:
  ChangedLinesLayout(QTextDocument* document, TextEditor* editor)
      : QPlainTextDocumentLayout(document), editor_(editor), blocks_(document->blockCount()) {}

  void documentChanged(int from, int charsRemoved, int charsAdded) override {
    QTextDocument* doc = document();
    const int before = blocks_;
    blocks_ = doc->blockCount();
    QTextBlock first = doc->findBlock(from);
    QTextBlock last = doc->findBlock(std::max(0, from + charsAdded - 1));
    // An insertion that splits a line leaves the line's tail in a new line after it.
    KeepGlyphs(first, doc->findBlock(from + charsAdded));
    const bool linesMoved = blocks_ != before;
    if ((!linesMoved && first == last) || !first.isValid()) {
      QPlainTextDocumentLayout::documentChanged(from, charsRemoved, charsAdded);
      return;
    }
    QRectF changed;
    {
      const QSignalBlocker quiet(this);
      QPlainTextDocumentLayout::documentChanged(from, charsRemoved, charsAdded);
      if (linesMoved) editor_->placeVerticalBarForLineCount();
      changed = editor_->changedRect(first, last.isValid() ? last : first, linesMoved);
      editor_->layOutVisibleLines();
    }
    emit documentSizeChanged(documentSize());
    emit update(changed);
  }

 private:
  TextEditor* editor_;
  int blocks_;
};

}  // namespace

TextEditor::TextEditor(QWidget* parent) : QPlainTextEdit(parent) {
  auto* doc = new QTextDocument(this);
  doc->setDocumentLayout(new ChangedLinesLayout(doc, this));
  setDocument(doc);
}

// The loop of QPlainTextEdit::paintEvent, without the painting: the same blocks, in the
// same order, so that the widest line it finds is the one the paint would find.
void TextEditor::layOutVisibleLines() const {
  if (!isVisible()) return;
  const qreal bottom = viewport()->height();
  qreal y = contentOffset().y();
  for (QTextBlock b = firstVisibleBlock(); b.isValid() && y <= bottom; b = b.next())
    y += blockBoundingRect(b).height();
}

void TextEditor::placeVerticalBarForLineCount() {
  // Centred on scroll, the bar's range is the line count whatever the viewport's height.
  if (!isVisible() || lineWrapMode() != NoWrap || centerOnScroll() ||
      verticalScrollBarPolicy() != Qt::ScrollBarAsNeeded)
    return;
  // Unwrapped, each line is one line of the font's height.
  const qreal content = document()->blockCount() * fontMetrics().lineSpacing();
  const qreal room = viewport()->height() - 2 * document()->documentMargin();
  const bool needed = content > room;
  QScrollBar* bar = verticalScrollBar();
  if (needed == (bar->minimum() < bar->maximum())) return;
  bar->setRange(0, needed ? 1 : 0);
  ShowScrollBarsNow(this);
}

QRectF TextEditor::changedRect(const QTextBlock& first, const QTextBlock& last, bool toEnd) const {
  // One line's height of slack above: the block geometry and the layout's update
  // rectangle may differ by the document margin.
  const qreal slack = fontMetrics().lineSpacing();
  const qreal top = blockBoundingGeometry(first).top() - slack;
  const qreal bottom = toEnd ? kFar : blockBoundingGeometry(last).bottom() + slack;
  return QRectF(0., top, kFar, bottom - top);
}

}  // namespace tessera::views
