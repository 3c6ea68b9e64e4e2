#include "views/BufferLayoutView.h"

#include <QApplication>
#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ir/ExprOp.h"
#include "views/graph/GraphView.h"

namespace tessera::views {
namespace {

constexpr double kCell = 30.0;
constexpr int kMaxGridSide = 64;  // larger slices show their top-left corner
constexpr int kWrap = 32;         // 1-D buffers wrap after this many cells

QString IndexText(const std::vector<int64_t>& index) {
  QStringList parts;
  for (int64_t v : index) parts << QString::number(v);
  return "[" + parts.join(", ") + "]";
}

QString CellText(const std::vector<int64_t>& index) {
  QStringList parts;
  for (int64_t v : index) parts << QString::number(v);
  return parts.join(",");
}

std::optional<std::vector<int64_t>> ConstShape(const std::vector<ir::Expr>& shape) {
  std::vector<int64_t> out;
  for (const auto& e : shape) {
    const int64_t* v = ir::as_const_int(e);
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

QString ShapeText(const std::vector<ir::Expr>& shape) {
  QStringList parts;
  for (const auto& e : shape) parts << QString::fromStdString(ir::to_string(e));
  return "[" + parts.join(", ") + "]";
}

bool Dark() { return QApplication::palette().color(QPalette::Window).lightness() < 128; }

}  // namespace

LayoutCellItem::LayoutCellItem(const QRectF& rect, bool physicalGrid, std::vector<int64_t> index,
                               std::optional<std::vector<int64_t>> partner)
    : QGraphicsRectItem(rect), physical_(physicalGrid), index_(std::move(index)),
      partner_(std::move(partner)) {
  setAcceptHoverEvents(true);
}

void LayoutCellItem::setMarked(bool on) {
  if (marked_ == on) return;
  marked_ = on;
  update();
}

void LayoutCellItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  bool dark = Dark();
  int hue = isPadding() ? 5 : (physical_ ? 205 : 120);
  QColor fill = QColor::fromHsl(hue, isPadding() ? 200 : 120, dark ? 70 : (isPadding() ? 200 : 225));
  painter->setBrush(fill);
  QPen pen(QApplication::palette().color(QPalette::Mid), 1);
  if (marked_) pen = QPen(QApplication::palette().color(QPalette::Highlight), 3);
  painter->setPen(pen);
  painter->drawRect(rect());
  QFont font = painter->font();
  font.setPointSizeF(text_.size() > 4 ? 6 : 8);
  if (isPadding()) font.setBold(true);
  painter->setFont(font);
  painter->setPen(QApplication::palette().color(QPalette::Text));
  painter->drawText(rect(), Qt::AlignCenter, text_);
}

void LayoutCellItem::hoverEnterEvent(QGraphicsSceneHoverEvent*) {
  if (onHover) onHover(this, true);
}

void LayoutCellItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*) {
  if (onHover) onHover(this, false);
}

BufferLayoutView::BufferLayoutView(QWidget* parent)
    : ViewBase(parent), bufferLabel_(new QLabel(this)), buffers_(new QComboBox(this)), sliceBar_(new QHBoxLayout),
      summary_(new QLabel(this)), view_(new GraphView(this)), scene_(new QGraphicsScene(this)) {
  auto* top = new QHBoxLayout;
  top->addWidget(bufferLabel_);
  top->addWidget(buffers_, 1);
  top->addLayout(sliceBar_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(top);
  layout->addWidget(summary_);
  layout->addWidget(view_, 1);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  retranslateUi();
  view_->setScene(scene_);
  view_->setDragMode(QGraphicsView::ScrollHandDrag);
  connect(buffers_, &QComboBox::currentIndexChanged, this, [this] {
    rebuildSliceControls();
    rebuild();
    if (selectionModel() && !currentBuffer().isEmpty()) selectionModel()->selectBuffer(currentBuffer());
  });
}

// The summary, the grid titles and the slice prefixes are redone by setState().
void BufferLayoutView::retranslateUi() { bufferLabel_->setText(tr("Buffer:")); }

void BufferLayoutView::setState(const DocumentState& state) {
  QString keep = currentBuffer();
  layouts_ = state.layouts;
  QSignalBlocker block(buffers_);
  buffers_->clear();
  for (const auto& l : layouts_) buffers_->addItem(QString::fromStdString(l.name));
  int index = buffers_->findText(keep);
  buffers_->setCurrentIndex(index >= 0 ? index : (layouts_.empty() ? -1 : 0));
  rebuildSliceControls();
  rebuild();
}

QString BufferLayoutView::currentBuffer() const { return buffers_->currentText(); }

bool BufferLayoutView::showBuffer(const QString& name) {
  int index = buffers_->findText(name);
  if (index < 0) return false;
  buffers_->setCurrentIndex(index);
  return true;
}

const BufferLayoutInfo* BufferLayoutView::current() const {
  int i = buffers_->currentIndex();
  return i >= 0 && i < int(layouts_.size()) ? &layouts_[size_t(i)] : nullptr;
}

void BufferLayoutView::selectionChanged() {
  if (selectionModel() && !selectionModel()->buffer().isEmpty())
    showBuffer(selectionModel()->buffer());
}

QString BufferLayoutView::summary() const { return summary_->text(); }

// One spin box per leading dimension (all but the last two) of each grid.
void BufferLayoutView::rebuildSliceControls() {
  for (QSpinBox* box : physicalSlice_) delete box;
  for (QSpinBox* box : logicalSlice_) delete box;
  physicalSlice_.clear();
  logicalSlice_.clear();
  const BufferLayoutInfo* info = current();
  if (!info) return;
  auto makeBoxes = [this](const std::vector<ir::Expr>& shape, bool physical) {
    auto constant = ConstShape(shape);
    std::vector<QSpinBox*> boxes;
    if (!constant) return boxes;
    for (size_t d = 0; d + 2 < constant->size(); ++d) {
      auto* box = new QSpinBox(this);
      box->setRange(0, int(std::max<int64_t>(0, (*constant)[d] - 1)));
      box->setPrefix(physical ? tr("phys[%1]=").arg(d) : tr("log[%1]=").arg(d));
      connect(box, &QSpinBox::valueChanged, this, [this] { rebuild(); });
      sliceBar_->addWidget(box);
      boxes.push_back(box);
    }
    return boxes;
  };
  logicalSlice_ = makeBoxes(info->layout.logical_shape, false);
  physicalSlice_ = makeBoxes(info->layout.physical_shape, true);
}

void BufferLayoutView::setSlice(bool physical, int dim, int value) {
  auto& boxes = physical ? physicalSlice_ : logicalSlice_;
  if (dim >= 0 && dim < int(boxes.size())) boxes[size_t(dim)]->setValue(value);
}

std::vector<int64_t> BufferLayoutView::fixedPrefix(bool physical) const {
  std::vector<int64_t> prefix;
  for (QSpinBox* box : physical ? physicalSlice_ : logicalSlice_) prefix.push_back(box->value());
  return prefix;
}

void BufferLayoutView::rebuild() {
  scene_->clear();
  logicalOf_.clear();
  physicalOf_.clear();
  paddingCount_ = 0;
  const BufferLayoutInfo* info = current();
  if (!info) {
    summary_->setText(tr("No buffer has a layout transform. Apply transform_layout to a "
                         "stage to see its physical layout and padding."));
    return;
  }
  QString head = tr("%1: logical %2 → physical %3")
                     .arg(QString::fromStdString(info->name), ShapeText(info->layout.logical_shape),
                          ShapeText(info->layout.physical_shape));
  auto logical = ConstShape(info->layout.logical_shape);
  auto physical = ConstShape(info->layout.physical_shape);
  auto cells = layout::EnumerateElements(info->layout);
  if (!logical || !physical || !cells.ok()) {
    QString predicate = info->layout.padding_predicate.defined()
                            ? QString::fromStdString(ir::to_string(info->layout.padding_predicate))
                            : tr("unknown");
    QString why = cells.ok() ? QString() : QString::fromStdString(cells.error().message);
    summary_->setText(head + " · " + tr("padding where %1").arg(predicate) +
                      (why.isEmpty() ? QString() : " · " + why));
    return;
  }
  logicalShape_ = *logical;
  physicalShape_ = *physical;
  for (const auto& c : *cells) {
    logicalOf_[c.physical] = c.logical;
    if (c.logical) physicalOf_[*c.logical] = c.physical;
    else ++paddingCount_;
  }
  int64_t total = int64_t(cells->size());
  int bytes = info->dtype.bytes() * info->dtype.lanes();
  QString pad = info->pad_value.empty() ? tr("none (padding is never accessed)")
                                        : QString::fromStdString(info->pad_value);
  summary_->setText(head + " · " +
                    tr("padding %1 of %2 elements (%3 %) · %4 bytes wasted · pad value %5")
                        .arg(paddingCount_)
                        .arg(total)
                        .arg(total ? 100.0 * double(paddingCount_) / double(total) : 0.0, 0, 'f', 1)
                        .arg(paddingCount_ * bytes)
                        .arg(pad));
  // The physical grid sits below the logical one: docks are usually taller than wide.
  drawGrid(false, logicalShape_, 0, 0);
  drawGrid(true, physicalShape_, 0, scene_->itemsBoundingRect().bottom() + 1.5 * kCell);
  view_->fitAll();
}

void BufferLayoutView::drawGrid(bool physical, const std::vector<int64_t>& shape, double x0,
                                double y0) {
  size_t rank = shape.size();
  std::vector<int64_t> prefix = fixedPrefix(physical);
  bool wrap = rank <= 1;
  int64_t n = rank == 0 ? 1 : shape.back();
  int64_t rows = wrap ? (n + kWrap - 1) / kWrap : shape[rank - 2];
  int64_t cols = wrap ? std::min<int64_t>(n, kWrap) : shape[rank - 1];
  rows = std::min<int64_t>(rows, kMaxGridSide);
  cols = std::min<int64_t>(cols, kMaxGridSide);

  QString title = (physical ? tr("Physical") : tr("Logical")) + " " + IndexText(shape);
  if (!prefix.empty()) title += " " + tr("slice") + " " + IndexText(prefix) + "[:, :]";
  auto* label = scene_->addSimpleText(title);
  label->setBrush(palette().color(QPalette::Text));
  label->setPos(x0, y0 - 22);

  // Long pad values (a function of the indices) do not fit a cell: the tooltip has them.
  QString pad = current()->pad_value.empty() ? QStringLiteral("·")
                                             : QString::fromStdString(current()->pad_value);
  QString padCell = pad.size() <= 5 ? pad : QStringLiteral("f(…)");
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      std::vector<int64_t> index = prefix;
      if (wrap) {
        if (r * kWrap + c >= n) continue;
        if (rank == 1) index.push_back(r * kWrap + c);
      } else {
        index.push_back(r);
        index.push_back(c);
      }
      std::optional<std::vector<int64_t>> partner;
      if (physical) {
        auto it = logicalOf_.find(index);
        if (it != logicalOf_.end()) partner = it->second;
      } else {
        auto it = physicalOf_.find(index);
        if (it != physicalOf_.end()) partner = it->second;
      }
      auto* cell = new LayoutCellItem(QRectF(x0 + double(c) * kCell, y0 + double(r) * kCell, kCell, kCell),
                                      physical, index, partner);
      cell->setText(physical ? (partner ? CellText(*partner) : padCell) : CellText(index));
      cell->setToolTip(physical ? (partner ? tr("physical %1 ↔ logical %2")
                                                 .arg(IndexText(index), IndexText(*partner))
                                           : tr("physical %1: padding, pad value %2")
                                                 .arg(IndexText(index), pad))
                                : tr("logical %1 ↔ physical %2")
                                      .arg(IndexText(index),
                                           partner ? IndexText(*partner) : tr("(none)")));
      cell->onHover = [this](LayoutCellItem* item, bool entering) { hoverCell(item, entering); };
      scene_->addItem(cell);
    }
  }
}

QList<LayoutCellItem*> BufferLayoutView::cells(bool physical) const {
  QList<LayoutCellItem*> out;
  for (QGraphicsItem* item : scene_->items(Qt::AscendingOrder))
    if (item->type() == LayoutCellItem::Type) {
      auto* cell = static_cast<LayoutCellItem*>(item);
      if (cell->physicalGrid() == physical) out << cell;
    }
  return out;
}

int BufferLayoutView::paddingCellCount() const {
  int count = 0;
  for (LayoutCellItem* cell : cells(true)) count += cell->isPadding() ? 1 : 0;
  return count;
}

LayoutCellItem* BufferLayoutView::cellAt(bool physical, const std::vector<int64_t>& index) const {
  for (LayoutCellItem* cell : cells(physical))
    if (cell->index() == index) return cell;
  return nullptr;
}

// Hovering marks the cell and its partner in the other grid and reports the pair.
void BufferLayoutView::hoverCell(LayoutCellItem* cell, bool entering) {
  cell->setMarked(entering);
  if (cell->partner())
    if (LayoutCellItem* other = cellAt(!cell->physicalGrid(), *cell->partner()))
      other->setMarked(entering);
  if (entering) emit statusMessage(cell->toolTip());
}

bool BufferLayoutView::exportImage(const QString& path) { return view_->exportImage(path); }

}  // namespace tessera::views
