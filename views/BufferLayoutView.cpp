#include "views/BufferLayoutView.h"

#include <QApplication>
#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QSpinBox>
#include <QStyleOptionGraphicsItem>
#include <QToolButton>
#include <QVBoxLayout>
#include <set>

#include "ir/ExprOp.h"
#include "views/TirBufferLayouts.h"
#include "views/graph/GraphView.h"

namespace tessera::views {
namespace {

constexpr double kCell = 30.0;
constexpr int kMaxGridSide = 64;       // larger slices are drawn in blocks of elements
constexpr int kWrap = 32;              // 1-D buffers wrap after this many cells
constexpr double kMinTextCell = 18.0;  // on-screen pixels a cell needs to show its text
constexpr int64_t kStripMinSide = 16;  // slices with more rows or columns get summary strips
constexpr double kStripGap = kCell / 3, kStripWidth = kCell / 2;

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

// The element at row r, column c of a drawn grid (`wrap`: a 1-D buffer drawn kWrap
// elements a row); nullopt past the end of a wrapped buffer.
std::optional<std::vector<int64_t>> GridIndex(const std::vector<int64_t>& prefix, bool wrap,
                                              int64_t n, int64_t r, int64_t c) {
  std::vector<int64_t> index = prefix;
  if (wrap) {
    if (r * kWrap + c >= n) return std::nullopt;
    index.push_back(r * kWrap + c);
  } else {
    index.push_back(r);
    index.push_back(c);
  }
  return index;
}

// A fill that darkens with the share of padding (the grid cells' colours).
QColor PaddingShade(double share, bool physical) {
  bool padded = share > 0;
  int hue = padded ? 5 : (physical ? 205 : 120);
  int light = Dark() ? 70 : (padded ? int(225 - 25 * share) : 225);
  return QColor::fromHsl(hue, padded ? int(90 + 110 * share) : 120, light);
}

}  // namespace

LayoutCellItem::LayoutCellItem(const QRectF& rect, bool physicalGrid, std::vector<int64_t> index,
                               std::optional<std::vector<int64_t>> partner)
    : QGraphicsRectItem(rect),
      physical_(physicalGrid),
      index_(std::move(index)),
      partner_(std::move(partner)) {
  setAcceptHoverEvents(true);
}

void LayoutCellItem::setMarked(bool on) {
  if (marked_ == on) return;
  marked_ = on;
  update();
}

void LayoutCellItem::setBlock(int64_t elements, int64_t padding) {
  blockElements_ = std::max<int64_t>(1, elements);
  blockPadding_ = padding;
}

// Level of detail: the text only where the cell is big enough on screen to read it,
// in a size that follows the cell (never below ~8 px on screen); the grid lines only
// where cells are more than a few pixels wide. A block is shaded by its padding share.
void LayoutCellItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  double share =
      blockElements_ > 1 ? double(blockPadding_) / double(blockElements_) : (isPadding() ? 1 : 0);
  painter->setBrush(PaddingShade(share, physical_));
  double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
  double onScreen = rect().width() * lod;
  QPen pen(QApplication::palette().color(QPalette::Mid), 1);
  pen.setCosmetic(true);
  if (onScreen < 4) pen = Qt::NoPen;
  if (marked_) pen = QPen(QApplication::palette().color(QPalette::Highlight), 3);
  painter->setPen(pen);
  painter->drawRect(rect());
  textDrawn_ = onScreen >= kMinTextCell && !text_.isEmpty();
  if (!textDrawn_) return;
  QFont font = painter->font();
  font.setPixelSize(std::max(4, int(rect().height() * (text_.size() > 4 ? 0.26 : 0.34))));
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

PaddingStripItem::PaddingStripItem(const QRectF& rect, bool rowStrip, int64_t first, int64_t last,
                                   int64_t elements, int64_t padding)
    : QGraphicsRectItem(rect),
      row_(rowStrip),
      first_(first),
      last_(last),
      elements_(elements),
      padding_(padding) {
  setAcceptHoverEvents(true);
}

// No text: a strip cell is narrow; its shade says how much padding the row holds, and
// any padding at all is marked by a darker edge, so a single padded element in a
// thousand is not lost in a pale shade.
void PaddingStripItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  double share = elements_ ? double(padding_) / double(elements_) : 0;
  painter->setBrush(PaddingShade(share, true));
  QPen pen(padding_ ? QColor::fromHsl(5, 200, 110) : QApplication::palette().color(QPalette::Mid),
           1);
  pen.setCosmetic(true);
  if (hovered_) pen = QPen(QApplication::palette().color(QPalette::Highlight), 3);
  painter->setPen(pen);
  painter->drawRect(rect());
}

void PaddingStripItem::hoverEnterEvent(QGraphicsSceneHoverEvent*) {
  hovered_ = true;
  update();
  if (onHover) onHover(this, true);
}

void PaddingStripItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*) {
  hovered_ = false;
  update();
  if (onHover) onHover(this, false);
}

BufferLayoutView::BufferLayoutView(QWidget* parent)
    : ViewBase(parent),
      bufferLabel_(new QLabel(this)),
      buffers_(new QComboBox(this)),
      sliceBar_(new QHBoxLayout),
      summary_(new QLabel(this)),
      plan_(new QLabel(this)),
      nextPadded_(new QToolButton(this)),
      view_(new GraphView(this)),
      scene_(new QGraphicsScene(this)) {
  auto* top = new QHBoxLayout;
  top->addWidget(bufferLabel_);
  top->addWidget(buffers_, 1);
  top->addLayout(sliceBar_);
  top->addWidget(nextPadded_);
  nextPadded_->setObjectName("nextPaddedSlice");
  nextPadded_->hide();
  connect(nextPadded_, &QToolButton::clicked, this, [this] { showNextPaddedSlice(); });
  // Grids are fitted whole (a large one is drawn in blocks); the wheel zooms in.
  view_->setFitRange(GraphView::kMinZoom, 1.5);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(top);
  layout->addWidget(summary_);
  layout->addWidget(plan_);
  layout->addWidget(view_, 1);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  plan_->setObjectName("paddingPlan");
  plan_->setWordWrap(true);
  plan_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  plan_->hide();
  retranslateUi();
  view_->setScene(scene_);
  view_->setDragMode(QGraphicsView::ScrollHandDrag);
  connect(buffers_, &QComboBox::currentIndexChanged, this, [this] {
    rebuildSliceControls();
    rebuild();
    if (selectionModel() && !currentBuffer().isEmpty())
      selectionModel()->selectBuffer(currentBuffer());
  });
}

// The summary, the grid titles and the slice prefixes are redone by setState().
void BufferLayoutView::retranslateUi() {
  bufferLabel_->setText(tr("Buffer:"));
  nextPadded_->setText(tr("Next padded slice ▸"));
  nextPadded_->setToolTip(tr("Show the next slice of the physical layout that holds padding"));
}

void BufferLayoutView::setState(const DocumentState& state) {
  QString keep = currentBuffer();
  layouts_ = state.layouts;
  plans_.assign(layouts_.size(), QString());
  iterations_.assign(layouts_.size(), false);
  tensorIR_ = state.tir_schedule != nullptr;
  // A TensorIR schedule's buffers come from its trace, with how the padding is honoured,
  // and so do the blocks transform_block_layout gave a new iteration space.
  if (state.tir_schedule) {
    layouts_.clear();
    plans_.clear();
    iterations_.clear();
    for (const TirBufferLayout& l : TirBufferLayoutsOf(*state.tir_schedule)) {
      layouts_.push_back(l.info);
      iterations_.push_back(l.iteration_space);
      QString head = l.iteration_space
                         ? tr("Iterations of block %1 by %2").arg(l.block, l.index_map)
                         : tr("%1 of block %2 by %3")
                               .arg(QString::fromStdString(l.info.name), l.block, l.index_map);
      plans_.push_back(head + "\n" + l.plan.join("\n"));
    }
  }
  QSignalBlocker block(buffers_);
  buffers_->clear();
  for (const auto& l : layouts_) buffers_->addItem(QString::fromStdString(l.name));
  int index = buffers_->findText(keep);
  buffers_->setCurrentIndex(index >= 0 ? index : (layouts_.empty() ? -1 : 0));
  // The same buffer again (another primitive was applied): keep its slice and zoom.
  bool same = index >= 0 && !keep.isEmpty();
  std::vector<int64_t> physical = fixedPrefix(true), logical = fixedPrefix(false);
  rebuildSliceControls();
  if (same) {
    for (size_t d = 0; d < physical.size(); ++d) setSliceQuietly(true, int(d), int(physical[d]));
    for (size_t d = 0; d < logical.size(); ++d) setSliceQuietly(false, int(d), int(logical[d]));
  }
  rebuild(!same);
}

void BufferLayoutView::setSliceQuietly(bool physical, int dim, int value) {
  auto& boxes = physical ? physicalSlice_ : logicalSlice_;
  if (dim < 0 || dim >= int(boxes.size())) return;
  QSignalBlocker block(boxes[size_t(dim)]);
  boxes[size_t(dim)]->setValue(value);
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

bool BufferLayoutView::currentIsIterationSpace() const {
  int i = buffers_->currentIndex();
  return i >= 0 && i < int(iterations_.size()) && iterations_[size_t(i)];
}

void BufferLayoutView::selectionChanged() {
  if (selectionModel() && !selectionModel()->buffer().isEmpty())
    showBuffer(selectionModel()->buffer());
}

QString BufferLayoutView::summary() const { return summary_->text(); }

QString BufferLayoutView::paddingPlan() const {
  return plan_->isHidden() ? QString() : plan_->text();
}

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
      connect(box, &QSpinBox::valueChanged, this, [this] { rebuild(false); });
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

bool BufferLayoutView::showNextPaddedSlice() {
  if (paddedSlices_.empty() || physicalSlice_.empty()) return false;
  std::vector<int64_t> now = fixedPrefix(true);
  auto next = std::upper_bound(paddedSlices_.begin(), paddedSlices_.end(), now);
  const std::vector<int64_t>& slice = next == paddedSlices_.end() ? paddedSlices_.front() : *next;
  for (size_t d = 0; d < slice.size(); ++d) setSliceQuietly(true, int(d), int(slice[d]));
  rebuild(false);
  return true;
}

void BufferLayoutView::rebuild(bool refit) {
  // A slice change keeps what the user zoomed to and where they looked.
  QPointF centre = view_->mapToScene(view_->viewport()->rect().center());
  scene_->clear();
  logicalOf_.clear();
  physicalOf_.clear();
  paddedSlices_.clear();
  paddingCount_ = 0;
  physicalBlock_ = logicalBlock_ = 1;
  const BufferLayoutInfo* info = current();
  nextPadded_->hide();
  int index = buffers_->currentIndex();
  QString plan = info && index < int(plans_.size()) ? plans_[size_t(index)] : QString();
  plan_->setText(plan);
  plan_->setVisible(!plan.isEmpty());
  if (!info) {
    summary_->setText(tensorIR_ ? tr("No buffer has a layout transform. Apply transform_layout to "
                                     "a buffer of a block to see its physical layout and padding.")
                                : tr("No buffer has a layout transform. Apply transform_layout to "
                                     "a stage to see its physical layout and padding."));
    return;
  }
  QString head =
      currentIsIterationSpace()
          ? tr("%1: iterations %2 → %3")
                .arg(QString::fromStdString(info->name), ShapeText(info->layout.logical_shape),
                     ShapeText(info->layout.physical_shape))
          : tr("%1: logical %2 → physical %3")
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
  std::set<std::vector<int64_t>> padded;
  size_t sliced = physical->size() > 2 ? physical->size() - 2 : 0;
  for (const auto& c : *cells) {
    logicalOf_[c.physical] = c.logical;
    if (c.logical) {
      physicalOf_[*c.logical] = c.physical;
    } else {
      ++paddingCount_;
      if (sliced)
        padded.insert(std::vector<int64_t>(c.physical.begin(), c.physical.begin() + long(sliced)));
    }
  }
  paddedSlices_.assign(padded.begin(), padded.end());
  nextPadded_->setVisible(!paddedSlices_.empty());
  int64_t total = int64_t(cells->size());
  int bytes = info->dtype.bytes() * info->dtype.lanes();
  QString pad = info->pad_value.empty() ? tr("none (padding is never accessed)")
                                        : QString::fromStdString(info->pad_value);
  if (currentIsIterationSpace())
    summary_->setText(head + " · " +
                      tr("%1 iterations, each one of the block's iterations before").arg(total));
  else
    summary_->setText(
        head + " · " +
        tr("padding %1 of %2 elements (%3 %) · %4 bytes wasted · pad value %5")
            .arg(paddingCount_)
            .arg(total)
            .arg(total ? 100.0 * double(paddingCount_) / double(total) : 0.0, 0, 'f', 1)
            .arg(paddingCount_ * bytes)
            .arg(pad));
  // The physical grid sits below the logical one: docks are usually taller than wide.
  drawGrid(false, logicalShape_, 0, 0);
  drawGrid(true, physicalShape_, 0, scene_->itemsBoundingRect().bottom() + 1.5 * kCell);
  scene_->setSceneRect(scene_->itemsBoundingRect());
  if (refit) {
    view_->fitAll();
  } else {
    view_->centerOn(centre);
  }
}

void BufferLayoutView::drawGrid(bool physical, const std::vector<int64_t>& shape, double x0,
                                double y0) {
  size_t rank = shape.size();
  std::vector<int64_t> prefix = fixedPrefix(physical);
  bool wrap = rank <= 1;
  int64_t n = rank == 0 ? 1 : shape.back();
  int64_t rows = wrap ? (n + kWrap - 1) / kWrap : shape[rank - 2];
  int64_t cols = wrap ? std::min<int64_t>(n, kWrap) : shape[rank - 1];
  // A grid with more than kMaxGridSide cells a side is drawn in square blocks.
  int64_t block = std::max<int64_t>(1, (std::max(rows, cols) + kMaxGridSide - 1) / kMaxGridSide);
  (physical ? physicalBlock_ : logicalBlock_) = block;

  QString title = currentIsIterationSpace()
                      ? (physical ? tr("Iterations after") : tr("Iterations before"))
                      : (physical ? tr("Physical") : tr("Logical"));
  title += " " + IndexText(shape);
  if (!prefix.empty()) title += " " + tr("slice") + " " + IndexText(prefix) + "[:, :]";
  if (block > 1) title += " · " + tr("one cell per %1×%1 elements").arg(block);
  auto* label = scene_->addSimpleText(title);
  label->setBrush(palette().color(QPalette::Text));
  label->setPos(x0, y0 - 22);
  if (physical && (rows > kStripMinSide || cols > kStripMinSide))
    drawStrips(prefix, wrap, n, rows, cols, block, x0, y0);
  if (block > 1) {
    drawBlocks(physical, prefix, wrap, n, rows, cols, block, x0, y0);
    return;
  }

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
      auto* cell =
          new LayoutCellItem(QRectF(x0 + double(c) * kCell, y0 + double(r) * kCell, kCell, kCell),
                             physical, index, partner);
      cell->setText(physical ? (partner ? CellText(*partner) : padCell) : CellText(index));
      cell->setToolTip(
          physical
              ? (partner ? tr("physical %1 ↔ logical %2").arg(IndexText(index), IndexText(*partner))
                         : tr("physical %1: padding, pad value %2").arg(IndexText(index), pad))
              : tr("logical %1 ↔ physical %2")
                    .arg(IndexText(index), partner ? IndexText(*partner) : tr("(none)")));
      cell->onHover = [this](LayoutCellItem* item, bool entering) { hoverCell(item, entering); };
      scene_->addItem(cell);
    }
  }
}

// One cell per block×block elements: its shade is the block's share of padding, its
// tooltip the index range and the counts.
void BufferLayoutView::drawBlocks(bool physical, const std::vector<int64_t>& prefix, bool wrap,
                                  int64_t n, int64_t rows, int64_t cols, int64_t block, double x0,
                                  double y0) {
  for (int64_t br = 0; br * block < rows; ++br) {
    for (int64_t bc = 0; bc * block < cols; ++bc) {
      int64_t elements = 0, padding = 0;
      for (int64_t r = br * block; r < std::min(rows, (br + 1) * block); ++r)
        for (int64_t c = bc * block; c < std::min(cols, (bc + 1) * block); ++c) {
          auto index = GridIndex(prefix, wrap, n, r, c);
          if (!index) continue;
          ++elements;
          if (physical && isPaddingAt(*index)) ++padding;
        }
      if (!elements) continue;
      std::vector<int64_t> first = prefix;
      first.push_back(br * block);
      first.push_back(bc * block);
      auto* cell =
          new LayoutCellItem(QRectF(x0 + double(bc) * kCell, y0 + double(br) * kCell, kCell, kCell),
                             physical, first, std::vector<int64_t>{});
      cell->setBlock(elements, padding);
      int64_t r1 = std::min(rows, (br + 1) * block) - 1, c1 = std::min(cols, (bc + 1) * block) - 1;
      QString range =
          tr("rows %1–%2, columns %3–%4").arg(br * block).arg(r1).arg(bc * block).arg(c1);
      cell->setToolTip(
          physical ? tr("%1: %2 of %3 elements are padding").arg(range).arg(padding).arg(elements)
                   : tr("%1: %2 elements").arg(range).arg(elements));
      cell->setText(padding ? QString::number(padding) : QString());
      cell->onHover = [this](LayoutCellItem* item, bool entering) {
        item->setMarked(entering);
        if (entering) emit statusMessage(item->toolTip());
      };
      scene_->addItem(cell);
    }
  }
}

bool BufferLayoutView::isPaddingAt(const std::vector<int64_t>& physical) const {
  auto it = logicalOf_.find(physical);
  return it != logicalOf_.end() && !it->second;
}

// The summary strips of a physical grid (drawn in cells of block x block elements): one
// strip cell per drawn row, right of the grid, and per drawn column, below it. Nothing
// is drawn when the slice holds no padding: the strips only point at padding.
void BufferLayoutView::drawStrips(const std::vector<int64_t>& prefix, bool wrap, int64_t n,
                                  int64_t rows, int64_t cols, int64_t block, double x0, double y0) {
  int64_t drawnRows = (rows + block - 1) / block, drawnCols = (cols + block - 1) / block;
  std::vector<int64_t> rowElements(size_t(drawnRows), 0), rowPadding(size_t(drawnRows), 0);
  std::vector<int64_t> colElements(size_t(drawnCols), 0), colPadding(size_t(drawnCols), 0);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      auto index = GridIndex(prefix, wrap, n, r, c);
      if (!index) continue;
      bool pad = isPaddingAt(*index);
      ++rowElements[size_t(r / block)];
      ++colElements[size_t(c / block)];
      rowPadding[size_t(r / block)] += pad;
      colPadding[size_t(c / block)] += pad;
    }
  if (std::all_of(rowPadding.begin(), rowPadding.end(), [](int64_t p) { return p == 0; })) return;
  auto hover = [this](PaddingStripItem* item, bool entering) {
    if (entering) emit statusMessage(item->toolTip());
  };
  auto add = [&](bool rowStrip, int64_t i, const QRectF& rect, int64_t elements, int64_t padding,
                 int64_t extent) {
    int64_t first = i * block, last = std::min(extent, (i + 1) * block) - 1;
    auto* item = new PaddingStripItem(rect, rowStrip, first, last, elements, padding);
    QString range =
        rowStrip ? tr("rows %1–%2").arg(first).arg(last) : tr("columns %1–%2").arg(first).arg(last);
    item->setToolTip(
        tr("%1: %2 of %3 elements are padding (%4 %)")
            .arg(range)
            .arg(padding)
            .arg(elements)
            .arg(elements ? 100.0 * double(padding) / double(elements) : 0.0, 0, 'f', 1));
    item->onHover = hover;
    scene_->addItem(item);
  };
  double right = x0 + double(drawnCols) * kCell + kStripGap,
         below = y0 + double(drawnRows) * kCell + kStripGap;
  for (int64_t i = 0; i < drawnRows; ++i)
    add(true, i, QRectF(right, y0 + double(i) * kCell, kStripWidth, kCell), rowElements[size_t(i)],
        rowPadding[size_t(i)], rows);
  for (int64_t i = 0; i < drawnCols; ++i)
    add(false, i, QRectF(x0 + double(i) * kCell, below, kCell, kStripWidth), colElements[size_t(i)],
        colPadding[size_t(i)], cols);
}

QList<PaddingStripItem*> BufferLayoutView::strips(bool rows) const {
  QList<PaddingStripItem*> out;
  for (QGraphicsItem* item : scene_->items(Qt::AscendingOrder))
    if (item->type() == PaddingStripItem::Type) {
      auto* strip = static_cast<PaddingStripItem*>(item);
      if (strip->rowStrip() == rows) out << strip;
    }
  std::sort(out.begin(), out.end(),
            [](PaddingStripItem* a, PaddingStripItem* b) { return a->first() < b->first(); });
  return out;
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
  for (LayoutCellItem* cell : cells(true))
    count += cell->isPadding() || cell->blockPadding() > 0 ? 1 : 0;
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
