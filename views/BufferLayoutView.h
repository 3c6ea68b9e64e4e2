// BufferLayoutView: a buffer's logical shape and its physical layout (RFC 0077) as two
// grids. Padding cells of the physical grid are highlighted and show the pad value;
// hovering a cell shows its logical <-> physical index and marks its partner in the
// other grid. Buffers of rank > 2 are shown one 2-D slice at a time ("Next padded
// slice" jumps to the next slice that holds padding; the zoom stays when the slice
// changes). A summary line counts padding elements and wasted bytes. For a TensorIR
// document the buffers are those its trace's transform_layout rewrote, and a line per
// block involved says how the padding is honoured (TirBufferLayouts.h).
// Level of detail (#17 item 7): a grid larger than 64 cells a side is drawn in blocks
// (one cell per block of elements, shaded by its share of padding, the tooltip gives the
// range and the count), and cell texts are only drawn when the cell is large enough on
// screen to read them. A large physical grid with padding gets two summary strips, one
// cell per drawn row (right of the grid) and per drawn column (below it), shaded by the
// padding share of that row or column: where the padding lies is visible at any zoom.
#pragma once

#include <QGraphicsRectItem>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "views/ViewBase.h"

class QComboBox;
class QGraphicsScene;
class QHBoxLayout;
class QLabel;
class QSpinBox;
class QToolButton;

namespace tessera::views {

class GraphView;

class LayoutCellItem : public QGraphicsRectItem {
 public:
  enum { Type = UserType + 201 };
  LayoutCellItem(const QRectF& rect, bool physicalGrid, std::vector<int64_t> index,
                 std::optional<std::vector<int64_t>> partner);
  int type() const override { return Type; }
  bool physicalGrid() const { return physical_; }
  bool isPadding() const { return physical_ && !partner_ && blockElements_ == 1; }
  const std::vector<int64_t>& index() const { return index_; }
  const std::optional<std::vector<int64_t>>& partner() const { return partner_; }
  QString text() const { return text_; }
  void setText(const QString& t) { text_ = t; }
  void setMarked(bool on);
  bool marked() const { return marked_; }
  std::function<void(LayoutCellItem*, bool)> onHover;

  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  // A block of `elements` elements of which `padding` are padding (a large grid drawn
  // at a lower level of detail); a block is never itself "padding".
  void setBlock(int64_t elements, int64_t padding);
  int64_t blockElements() const { return blockElements_; }
  int64_t blockPadding() const { return blockPadding_; }
  // Whether paint() drew the text at the last paint (tests of the level of detail).
  bool textDrawn() const { return textDrawn_; }

 protected:
  void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
  void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

 private:
  bool physical_;
  std::vector<int64_t> index_;
  std::optional<std::vector<int64_t>> partner_;  // the other grid's index; none = padding
  QString text_;
  bool marked_ = false;
  int64_t blockElements_ = 1;
  int64_t blockPadding_ = 0;
  bool textDrawn_ = false;
};

// One cell of a summary strip: a drawn row (or column) of the physical grid, i.e. the
// element rows (columns) first..last of the shown slice, of which `padding` of
// `elements` elements are padding.
class PaddingStripItem : public QGraphicsRectItem {
 public:
  enum { Type = UserType + 202 };
  PaddingStripItem(const QRectF& rect, bool rowStrip, int64_t first, int64_t last, int64_t elements,
                   int64_t padding);
  int type() const override { return Type; }
  bool rowStrip() const { return row_; }
  int64_t first() const { return first_; }
  int64_t last() const { return last_; }
  int64_t elements() const { return elements_; }
  int64_t padding() const { return padding_; }
  std::function<void(PaddingStripItem*, bool)> onHover;

  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 protected:
  void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
  void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

 private:
  bool row_;
  int64_t first_, last_, elements_, padding_;
  bool hovered_ = false;
};

class BufferLayoutView : public ViewBase {
  Q_OBJECT

 public:
  explicit BufferLayoutView(QWidget* parent = nullptr);

  void setState(const DocumentState& state) override;
  bool exportImage(const QString& path) override;

  QString currentBuffer() const;
  bool showBuffer(const QString& name);
  // Fixes leading dimension `dim` of the physical (or logical) grid to `value`.
  void setSlice(bool physical, int dim, int value);
  // The fixed leading indices of the shown physical (or logical) slice.
  std::vector<int64_t> slice(bool physical) const { return fixedPrefix(physical); }
  QString summary() const;
  // How the schedule honours the shown buffer's padding (TensorIR documents); "" else.
  QString paddingPlan() const;
  // Shows the next physical slice (after the current one, wrapping) that holds padding;
  // false when no slice does (or the buffer has no slices).
  bool showNextPaddedSlice();
  // The physical slices (fixed leading indices) that hold padding, in order.
  const std::vector<std::vector<int64_t>>& paddedSlices() const { return paddedSlices_; }
  GraphView* graphView() const { return view_; }
  // Elements per drawn cell side in the shown physical (or logical) grid (1 = every
  // element has its own cell).
  int64_t blockSide(bool physical) const { return physical ? physicalBlock_ : logicalBlock_; }

  // Scene queries for tests and hover logic.
  QList<LayoutCellItem*> cells(bool physical) const;
  // The summary strip of the physical grid's rows (or columns), first row first; empty
  // when the grid is small or its slice holds no padding.
  QList<PaddingStripItem*> strips(bool rows) const;
  int paddingCellCount() const;  // cells (or blocks) holding padding in the shown physical slice
  LayoutCellItem* cellAt(bool physical, const std::vector<int64_t>& index) const;
  void hoverCell(LayoutCellItem* cell, bool entering);

 protected:
  void selectionChanged() override;
  void retranslateUi() override;

 private:
  // Redraws the grids; `refit` fits them to the view, otherwise the zoom and the
  // centre stay (a slice change).
  void rebuild(bool refit = true);
  void rebuildSliceControls();
  void drawGrid(bool physical, const std::vector<int64_t>& shape, double x0, double y0);
  void drawBlocks(bool physical, const std::vector<int64_t>& prefix, bool wrap, int64_t n,
                  int64_t rows, int64_t cols, int64_t block, double x0, double y0);
  void drawStrips(const std::vector<int64_t>& prefix, bool wrap, int64_t n, int64_t rows,
                  int64_t cols, int64_t block, double x0, double y0);
  bool isPaddingAt(const std::vector<int64_t>& physical) const;
  void setSliceQuietly(bool physical, int dim, int value);
  const BufferLayoutInfo* current() const;
  bool currentIsIterationSpace() const;
  std::vector<int64_t> fixedPrefix(bool physical) const;

  QLabel* bufferLabel_;
  QComboBox* buffers_;
  QHBoxLayout* sliceBar_;
  QLabel* summary_;
  QLabel* plan_;
  QToolButton* nextPadded_;
  GraphView* view_;
  QGraphicsScene* scene_;
  std::vector<BufferLayoutInfo> layouts_;
  std::vector<QString> plans_;  // parallel to layouts_
  // Parallel to layouts_: a block's iteration space (transform_block_layout), whose grids
  // are its iterations before and after, not a buffer's elements.
  std::vector<bool> iterations_;
  bool tensorIR_ = false;
  std::vector<QSpinBox*> physicalSlice_;
  std::vector<QSpinBox*> logicalSlice_;
  // Enumerated cells of the current buffer, both ways (padding cells map to nullopt).
  std::map<std::vector<int64_t>, std::optional<std::vector<int64_t>>> logicalOf_;
  std::map<std::vector<int64_t>, std::vector<int64_t>> physicalOf_;
  int64_t paddingCount_ = 0;
  std::vector<std::vector<int64_t>> paddedSlices_;
  int64_t physicalBlock_ = 1, logicalBlock_ = 1;
  std::vector<int64_t> physicalShape_;
  std::vector<int64_t> logicalShape_;
  QString problem_;
};

}  // namespace tessera::views
