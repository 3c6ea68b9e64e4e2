#include "views/graph/GraphItems.h"

#include <QApplication>
#include <QDrag>
#include <QGraphicsSceneMouseEvent>
#include <QHash>
#include <QMimeData>
#include <QPainter>
#include <QPalette>
#include <QStyleOptionGraphicsItem>
#include <vector>

#include "views/graph/GraphScene.h"

namespace tessera::views {
namespace {

bool DarkPalette() { return QApplication::palette().color(QPalette::Window).lightness() < 128; }

// One hue per kind of node, so a stage's role reads at a glance in both palettes.
int KindHue(const QString& kind) {
  if (kind == "placeholder") return 210;
  if (kind == "compute") return 120;
  if (kind == "cache") return 30;
  if (kind == "root") return 270;
  if (kind == "leaf") return 50;
  if (kind == "relation") return -1;
  return 190;
}

QColor TextColor() { return QApplication::palette().color(QPalette::Text); }
QColor HighlightColor() { return QApplication::palette().color(QPalette::Highlight); }

}  // namespace

NodeItem::NodeItem(const GraphNode& node, const QRectF& box)
    : node_(node), box_(QRectF(-box.width() / 2, -box.height() / 2, box.width(), box.height())) {
  setPos(box.center());
  setAcceptDrops(true);
  setAcceptHoverEvents(true);
  setToolTip(node.tooltip);
  setCursor(Qt::PointingHandCursor);
}

// An unchanged node is not repainted: a refresh restyles every node of the graph.
void NodeItem::setNode(const GraphNode& node) {
  if (node == node_) return;
  node_ = node;
  setToolTip(node.tooltip);
  update();
}

// Only a node whose box moved or changed size is repainted (where it was and where it is).
void NodeItem::setBox(const QRectF& box) {
  QRectF local(-box.width() / 2, -box.height() / 2, box.width(), box.height());
  if (local != box_) {
    prepareGeometryChange();
    box_ = local;
  }
  setPos(box.center());
}

void NodeItem::setHighlighted(bool on) {
  if (highlighted_ == on) return;
  highlighted_ = on;
  update();
}

QRectF NodeItem::boundingRect() const { return box_.adjusted(-4, -10, 4, 4); }

QPainterPath NodeItem::outline() const {
  QPainterPath p;
  switch (node_.shape) {
    case NodeShape::Box:
      p.addRect(box_);
      break;
    case NodeShape::RoundedBox:
      p.addRoundedRect(box_, 6, 6);
      break;
    case NodeShape::Ellipse:
    case NodeShape::Point:
      p.addEllipse(box_);
      break;
    case NodeShape::Diamond: {
      QPolygonF d;
      d << QPointF(0, box_.top()) << QPointF(box_.right(), 0) << QPointF(0, box_.bottom())
        << QPointF(box_.left(), 0) << QPointF(0, box_.top());
      p.addPolygon(d);
      break;
    }
  }
  return p;
}

QPainterPath NodeItem::shape() const { return outline(); }

QColor NodeItem::fillColor() const {
  bool dark = DarkPalette();
  int hue = KindHue(node_.kind);
  QColor c = hue < 0 ? QColor::fromHsl(0, 0, dark ? 90 : 225)
                     : QColor::fromHsl(hue, dark ? 90 : 150, dark ? 70 : 215);
  if (node_.greyed) c = QColor::fromHsl(0, 0, dark ? 60 : 235);
  return c;
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  painter->setRenderHint(QPainter::Antialiasing);
  QPen pen(node_.greyed ? QColor(Qt::gray) : TextColor(), node_.emphasized ? 2.2 : 1.0);
  if (node_.greyed) pen.setStyle(Qt::DashLine);
  if (highlighted_) pen = QPen(HighlightColor(), 3.0);
  if (dropTarget_) pen = QPen(QColor(0, 160, 0), 3.0, Qt::DashLine);
  painter->setPen(pen);
  painter->setBrush(fillColor());
  painter->drawPath(outline());

  QFont font = painter->font();
  font.setPointSizeF(9);
  painter->setFont(font);
  painter->setPen(node_.greyed ? QColor(Qt::gray) : TextColor());
  label_.draw(painter, box_, Qt::AlignCenter, node_.label);

  // Badges sit on the top edge, left to right, as small pills.
  QFont small = font;
  small.setPointSizeF(6.5);
  painter->setFont(small);
  QFontMetricsF fm(small);
  double x = box_.left() + 2;
  for (const QString& badge : node_.badges) {
    double w = fm.horizontalAdvance(badge) + 6;
    QRectF pill(x, box_.top() - 7, w, 11);
    painter->setPen(Qt::NoPen);
    painter->setBrush(badge == "output" ? QColor(200, 60, 60) : QColor(60, 90, 200));
    painter->drawRoundedRect(pill, 4, 4);
    painter->setPen(Qt::white);
    painter->drawText(pill, Qt::AlignCenter, badge);
    x += w + 2;
  }
}

GraphScene* NodeItem::graphScene() const { return qobject_cast<GraphScene*>(scene()); }

void NodeItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  pressPos_ = event->screenPos();
  if (event->button() == Qt::LeftButton && graphScene()) graphScene()->itemClicked(id());
  event->accept();
}

// Moving past the drag distance starts a drag carrying this node's id.
void NodeItem::mouseMoveEvent(QGraphicsSceneMouseEvent* event) {
  if (!(event->buttons() & Qt::LeftButton)) return;
  if ((event->screenPos() - pressPos_.toPoint()).manhattanLength() <
      QApplication::startDragDistance())
    return;
  auto* drag = new QDrag(event->widget());
  drag->setMimeData(GraphScene::mimeForNode(id()));
  drag->exec(Qt::MoveAction | Qt::LinkAction);
}

void NodeItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent*) {
  if (graphScene()) graphScene()->itemDoubleClicked(id());
}

void NodeItem::contextMenuEvent(QGraphicsSceneContextMenuEvent* event) {
  if (!graphScene()) return;
  graphScene()->itemClicked(id());
  graphScene()->itemContextMenu(id(), event->screenPos());
  event->accept();
}

void NodeItem::dragEnterEvent(QGraphicsSceneDragDropEvent* event) { dragMoveEvent(event); }

// Legal drops highlight the target; illegal ones say why in the status bar.
void NodeItem::dragMoveEvent(QGraphicsSceneDragDropEvent* event) {
  const QMimeData* mime = event->mimeData();
  if (!mime->hasFormat(GraphScene::kNodeMimeType) || !graphScene()) {
    event->ignore();
    return;
  }
  QString source = QString::fromUtf8(mime->data(GraphScene::kNodeMimeType));
  QString problem = graphScene()->dropProblem(source, id());
  event->setAccepted(problem.isEmpty());
  dropTarget_ = problem.isEmpty();
  graphScene()->itemHover(problem);
  update();
}

void NodeItem::dragLeaveEvent(QGraphicsSceneDragDropEvent*) {
  dropTarget_ = false;
  update();
}

void NodeItem::dropEvent(QGraphicsSceneDragDropEvent* event) {
  dropTarget_ = false;
  update();
  if (graphScene()) event->setAccepted(graphScene()->dropOnNode(event->mimeData(), id()));
}

namespace {

// The widths of label lines, kept per font: every refresh builds its graph's model again
// and sizes each node, an edge's bounds include its label, and measuring a text shapes
// it. The texts are few (loop, block and stage names, edge relations) and so are the
// fonts (node labels, edge labels); a font that is not kept replaces the oldest.
class TextWidths {
 public:
  double width(const QFont& font, const QString& text) {
    Kept& kept = keptFor(font);
    auto it = kept.widths.constFind(text);
    if (it != kept.widths.constEnd()) return *it;
    if (kept.widths.size() >= kMaxTexts) kept.widths.clear();
    return kept.widths[text] = kept.metrics.horizontalAdvance(text);
  }

 private:
  struct Kept {
    QFont font;
    QFontMetricsF metrics;
    QHash<QString, double> widths;
  };
  static constexpr qsizetype kMaxTexts = 4096;
  static constexpr size_t kMaxFonts = 4;

  Kept& keptFor(const QFont& font) {
    for (Kept& k : fonts_)
      if (k.font == font) return k;
    if (fonts_.size() >= kMaxFonts) fonts_.erase(fonts_.begin());
    fonts_.push_back({font, QFontMetricsF(font), {}});
    return fonts_.back();
  }

  std::vector<Kept> fonts_;
};

double KeptTextWidth(const QFont& font, const QString& text) {
  thread_local TextWidths widths;
  return widths.width(font, text);
}

}  // namespace

QSizeF LabelSize(const QString& label, double minWidth, double minHeight) {
  QFont font = QApplication::font();
  font.setPointSizeF(9);
  QFontMetricsF fm(font);
  double w = 0;
  const QStringList lines = label.split('\n');
  for (const QString& line : lines) w = std::max(w, KeptTextWidth(font, line));
  return QSizeF(std::max(minWidth, w + 18), std::max(minHeight, lines.size() * fm.height() + 12));
}

QPainterPath SplinePath(const EdgeGeometry& g) {
  QPainterPath path;
  if (g.points.empty()) return path;
  path.moveTo(g.points[0]);
  for (size_t i = 1; i + 2 < g.points.size(); i += 3)
    path.cubicTo(g.points[i], g.points[i + 1], g.points[i + 2]);
  return path;
}

EdgeItem::EdgeItem(const GraphEdge& edge, const EdgeGeometry& geometry) : edge_(edge) {
  setGeometry(edge, geometry);
  setZValue(-1);
  setToolTip(edge.label);
}

// An edge whose route and style are unchanged is not repainted.
void EdgeItem::setGeometry(const GraphEdge& edge, const EdgeGeometry& geometry) {
  QPainterPath route = SplinePath(geometry);
  QPolygonF arrow;
  QPointF end = geometry.points.empty() ? QPointF() : geometry.points.back();
  if (geometry.arrowTip) {
    route.lineTo(*geometry.arrowTip);
    QPointF dir = *geometry.arrowTip - end;
    QPointF normal(-dir.y() * 0.5, dir.x() * 0.5);
    arrow << *geometry.arrowTip << end + normal << end - normal;
  }
  const bool hasLabel = geometry.labelPos.has_value();
  const QPointF labelPos = geometry.labelPos.value_or(QPointF());
  if (edge == edge_ && route == path() && arrow == arrow_ && hasLabel == hasLabel_ &&
      labelPos == labelPos_ && !route.isEmpty())
    return;
  prepareGeometryChange();  // the arrow head and the label are part of the bounds
  if (!(edge == edge_)) {
    edge_ = edge;
    setToolTip(edge.label);
  }
  arrow_ = arrow;
  hasLabel_ = hasLabel;
  labelPos_ = labelPos;
  setPath(route);
  update();
}

// The label's box, centred on the position Graphviz reserved for it.
static QRectF EdgeLabelRect(const QString& text, const QPointF& centre) {
  QFont font = QApplication::font();
  font.setPointSizeF(8);
  QSizeF size(KeptTextWidth(font, text) + 6, QFontMetricsF(font).height() + 2);
  return QRectF(centre - QPointF(size.width() / 2, size.height() / 2), size);
}

QRectF EdgeItem::boundingRect() const {
  QRectF r = QGraphicsPathItem::boundingRect().united(arrow_.boundingRect());
  if (hasLabel_) r = r.united(EdgeLabelRect(edge_.label, labelPos_));
  return r.adjusted(-2, -2, 2, 2);
}

void EdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  painter->setRenderHint(QPainter::Antialiasing);
  QColor color = edge_.kind == "attach" ? QColor(200, 90, 0) : TextColor();
  QPen pen(color, edge_.kind == "attach" ? 1.8 : 1.1);
  if (edge_.style == EdgeStyle::Dashed) pen.setStyle(Qt::DashLine);
  if (edge_.style == EdgeStyle::Dotted) pen.setStyle(Qt::DotLine);
  painter->setPen(pen);
  painter->setBrush(Qt::NoBrush);
  painter->drawPath(path());
  painter->setPen(QPen(color, 1.0));
  painter->setBrush(color);
  if (!arrow_.isEmpty()) painter->drawPolygon(arrow_);
  if (hasLabel_) {
    QFont font = painter->font();
    font.setPointSizeF(8);
    painter->setFont(font);
    painter->setPen(color);
    label_.draw(painter, EdgeLabelRect(edge_.label, labelPos_), Qt::AlignCenter, edge_.label);
  }
}

}  // namespace tessera::views
