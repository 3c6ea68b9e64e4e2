#include "views/CacheFitColumn.h"

#include <QPainter>
#include <QTreeWidget>
#include <cmath>
#include <functional>
#include <vector>

#include "analysis/CacheHierarchy.h"
#include "analysis/Footprint.h"

namespace tessera::views {

namespace {

QColor LevelColor(const QString& level) {
  if (level == "L1") return QColor(76, 175, 80);
  if (level == "L2") return QColor(205, 180, 40);
  if (level == "L3") return QColor(240, 140, 40);
  return QColor(220, 60, 50);
}

// Log scale from one line to the last cache level (a bit beyond, for DRAM).
double Fraction(int64_t bytes, const analysis::CacheHierarchy& caches) {
  double top = caches.levels.empty() ? 64.0 * 1024 * 1024
                                     : static_cast<double>(caches.levels.back().size_bytes) * 2;
  double low = static_cast<double>(caches.line_bytes);
  if (bytes <= low) return 0.02;
  return std::min(1.0, std::log(static_cast<double>(bytes) / low) / std::log(top / low));
}

QString Tooltip(const analysis::LoopFootprint& l, const analysis::CacheHierarchy& caches) {
  QString text =
      CacheFitDelegate::tr("One iteration of %1 touches %2 in cache lines (%3 of data): fits %4.")
          .arg(QString::fromStdString(l.var),
               QString::fromStdString(
                   analysis::FormatBytes(static_cast<double>(l.per_iteration->line_bytes()))),
               QString::fromStdString(
                   analysis::FormatBytes(static_cast<double>(l.per_iteration->bytes()))),
               QString::fromStdString(l.fits));
  for (const analysis::BufferFootprint& b : l.per_iteration->buffers)
    text += "\n  " + QString::fromStdString(b.buffer) + ": " +
            QString::fromStdString(analysis::FormatBytes(static_cast<double>(b.line_bytes))) +
            (b.whole_dimension ? CacheFitDelegate::tr(" (an index not followed: whole dimension)")
                               : QString());
  text += "\n" + QString::fromStdString(caches.Describe());
  return text;
}

}  // namespace

void CacheFitDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
  QVariant bytes = index.data(kBytesRole);
  if (!bytes.isValid()) return QStyledItemDelegate::paint(painter, option, index);
  QStyledItemDelegate::paint(painter, option, QModelIndex());  // background, selection
  QString level = index.data(kLevelRole).toString();
  double fraction = index.data(kFractionRole).toDouble();
  QRect r = option.rect.adjusted(2, 3, -2, -3);
  int barWidth = std::min(60, r.width() / 2);
  QRect bar(r.left(), r.top(), barWidth, r.height());
  painter->save();
  painter->setPen(option.palette.color(QPalette::Mid));
  painter->drawRect(bar);
  if (bytes.toLongLong() >= 0) {
    QRect fill = bar.adjusted(1, 1, 0, 0);
    fill.setWidth(std::max(1, int(std::round(fraction * (bar.width() - 1)))));
    painter->fillRect(fill, LevelColor(level));
  }
  painter->setPen(option.palette.color(
      option.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
  QString text = bytes.toLongLong() < 0
                     ? tr("unknown")
                     : QString::fromStdString(analysis::FormatBytes(double(bytes.toLongLong()))) +
                           (level == "L1" ? QString() : "  " + tr("spills to %1").arg(level));
  painter->drawText(r.adjusted(barWidth + 6, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
  painter->restore();
}

QSize CacheFitDelegate::sizeHint(const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const {
  QSize s = QStyledItemDelegate::sizeHint(option, index);
  return QSize(std::max(s.width(), 190), s.height());
}

namespace {

// The descendants of `root` in program order (depth first, parents before children).
std::vector<QTreeWidgetItem*> Descendants(QTreeWidgetItem* root) {
  std::vector<QTreeWidgetItem*> out;
  std::function<void(QTreeWidgetItem*)> walk = [&](QTreeWidgetItem* item) {
    for (int i = 0; i < item->childCount(); ++i) {
      out.push_back(item->child(i));
      walk(item->child(i));
    }
  };
  walk(root);
  return out;
}

}  // namespace

void ApplyCacheFit(QTreeWidget* tree, int column, int var_role, const DocumentState& state) {
  ApplyCacheFit(tree->invisibleRootItem(), column, var_role, state);
}

void ApplyCacheFit(QTreeWidgetItem* root, int column, int var_role, const DocumentState& state) {
  if (!state.lowered.defined()) return;
  const analysis::CacheHierarchy& caches = analysis::HostCacheHierarchy();
  analysis::FootprintOptions options;
  options.line_size = caches.line_bytes;
  std::vector<analysis::LoopFootprint> loops =
      analysis::LoopFootprints(state.lowered, caches, options);
  size_t next = 0;
  for (QTreeWidgetItem* item : Descendants(root)) {
    QString var = item->data(0, var_role).toString();
    if (var.isEmpty()) continue;
    // Both walks list loops in program order; skip footprints the tree does not show.
    while (next < loops.size() && QString::fromStdString(loops[next].var) != var) ++next;
    if (next >= loops.size()) break;
    const analysis::LoopFootprint& l = loops[next++];
    if (!l.per_iteration) {
      item->setData(column, CacheFitDelegate::kBytesRole, qint64(-1));
      item->setToolTip(column,
                       CacheFitDelegate::tr("Unknown: a loop bound or a shape is symbolic."));
      continue;
    }
    int64_t bytes = l.per_iteration->line_bytes();
    item->setData(column, CacheFitDelegate::kBytesRole, qint64(bytes));
    item->setData(column, CacheFitDelegate::kLevelRole, QString::fromStdString(l.fits));
    item->setData(column, CacheFitDelegate::kFractionRole, Fraction(bytes, caches));
    item->setToolTip(column, Tooltip(l, caches));
  }
}

}  // namespace tessera::views
