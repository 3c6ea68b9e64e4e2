// BufferLayoutView: a buffer's logical shape and its physical layout (RFC 0077) as two
// grids. Padding cells of the physical grid are highlighted and show the pad value;
// hovering a cell shows its logical <-> physical index and marks its partner in the
// other grid. Buffers of rank > 2 are shown one 2-D slice at a time. A summary line
// counts padding elements and wasted bytes.
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

namespace tessera::views {

class GraphView;

class LayoutCellItem : public QGraphicsRectItem {
 public:
  enum { Type = UserType + 201 };
  LayoutCellItem(const QRectF& rect, bool physicalGrid, std::vector<int64_t> index,
                 std::optional<std::vector<int64_t>> partner);
  int type() const override { return Type; }
  bool physicalGrid() const { return physical_; }
  bool isPadding() const { return physical_ && !partner_; }
  const std::vector<int64_t>& index() const { return index_; }
  const std::optional<std::vector<int64_t>>& partner() const { return partner_; }
  QString text() const { return text_; }
  void setText(const QString& t) { text_ = t; }
  void setMarked(bool on);
  bool marked() const { return marked_; }
  std::function<void(LayoutCellItem*, bool)> onHover;

  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 protected:
  void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
  void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

 private:
  bool physical_;
  std::vector<int64_t> index_;
  std::optional<std::vector<int64_t>> partner_;  // the other grid's index; none = padding
  QString text_;
  bool marked_ = false;
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

  // Scene queries for tests and hover logic.
  QList<LayoutCellItem*> cells(bool physical) const;
  int paddingCellCount() const;  // in the shown physical slice
  LayoutCellItem* cellAt(bool physical, const std::vector<int64_t>& index) const;
  void hoverCell(LayoutCellItem* cell, bool entering);

 protected:
  void selectionChanged() override;
  void retranslateUi() override;

 private:
  void rebuild();
  void rebuildSliceControls();
  void drawGrid(bool physical, const std::vector<int64_t>& shape, double x0, double y0);
  const BufferLayoutInfo* current() const;
  std::vector<int64_t> fixedPrefix(bool physical) const;

  QLabel* bufferLabel_;
  QComboBox* buffers_;
  QHBoxLayout* sliceBar_;
  QLabel* summary_;
  GraphView* view_;
  QGraphicsScene* scene_;
  std::vector<BufferLayoutInfo> layouts_;
  std::vector<QSpinBox*> physicalSlice_;
  std::vector<QSpinBox*> logicalSlice_;
  // Enumerated cells of the current buffer, both ways (padding cells map to nullopt).
  std::map<std::vector<int64_t>, std::optional<std::vector<int64_t>>> logicalOf_;
  std::map<std::vector<int64_t>, std::vector<int64_t>> physicalOf_;
  int64_t paddingCount_ = 0;
  std::vector<int64_t> physicalShape_;
  std::vector<int64_t> logicalShape_;
  QString problem_;
};

}  // namespace tessera::views
