#include "views/FullTextTips.h"

#include <QEvent>
#include <QHash>
#include <QHeaderView>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <algorithm>
#include <numeric>
#include <vector>

#include "views/CachedTextDelegate.h"
#include "views/ScrollBarsNow.h"

namespace tessera::views {
namespace {

// Column widths `wanted` shrunk to sum to at most `room`: the widest give width first
// (water-filling from the top), each never below its `minimum`.
std::vector<int> Shrink(std::vector<int> wanted, int room, const std::vector<int>& minimum) {
  auto total = [&] { return std::accumulate(wanted.begin(), wanted.end(), 0); };
  while (total() > room) {
    // The widest of the columns that can still give width.
    int widest = -1;
    for (size_t c = 0; c < wanted.size(); ++c)
      if (wanted[c] > minimum[c]) widest = std::max(widest, wanted[c]);
    if (widest < 0) break;
    int next = 0;
    int count = 0;
    for (size_t c = 0; c < wanted.size(); ++c) {
      if (wanted[c] < widest) next = std::max(next, wanted[c]);
      if (wanted[c] == widest && wanted[c] > minimum[c]) ++count;
    }
    int excess = total() - room;
    int lowered = std::max(next, widest - (excess + count - 1) / count);
    for (size_t c = 0; c < wanted.size(); ++c)
      if (wanted[c] == widest && wanted[c] > minimum[c]) wanted[c] = std::max(minimum[c], lowered);
  }
  return wanted;
}

// A cell's text margins on each side, as the style draws items.
int TextMargin(const QTreeWidget* tree) {
  return tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tree) + 1;
}

int Depth(const QTreeWidgetItem* item) {
  int depth = 0;
  for (const QTreeWidgetItem* p = item->parent(); p; p = p->parent()) ++depth;
  return depth;
}

int Indent(const QTreeWidget* tree, const QTreeWidgetItem* item) {
  return tree->indentation() * (Depth(item) + (tree->rootIsDecorated() ? 1 : 0));
}

// Sizes a cell with its text wrapped at spaces to its column's width, so that a row is
// as tall as its tallest cell; painting wraps the same way (the tree's wordWrap).
// Measuring a text means shaping it, which is most of what a tree's layout costs, and a
// refresh brings back mostly the same texts: the sizes are kept per text, font, room
// and style, for cells without an icon or a check box (those are measured each time),
// and the texts are drawn from the laid-out texts CachedTextDelegate keeps.
class WrappingDelegate : public CachedTextDelegate {
 public:
  explicit WrappingDelegate(QTreeWidget* tree) : CachedTextDelegate(tree), tree_(tree) {}
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    if (index.data(Qt::SizeHintRole).isValid() || index.data(Qt::DecorationRole).isValid() ||
        index.data(Qt::CheckStateRole).isValid())
      return measure(option, index);
    const QVariant own = index.data(Qt::FontRole);
    Key key{index.data(Qt::DisplayRole).toString(),
            own.isValid() ? own.value<QFont>() : option.font,
            room(index),
            option.rect.width(),
            int(option.features),
            tree_->style()};
    auto it = sizes_.constFind(key);
    if (it != sizes_.constEnd()) return *it;
    QSize size = measure(option, index);
    if (sizes_.size() >= kMaxSizes) sizes_.clear();  // texts of documents long closed
    sizes_.insert(key, size);
    return size;
  }

 private:
  static constexpr qsizetype kMaxSizes = 8192;

  struct Key {
    QString text;
    QFont font;
    int room;
    int width;
    int features;
    const QStyle* style;
    bool operator==(const Key& o) const {
      return room == o.room && width == o.width && features == o.features && style == o.style &&
             text == o.text && font == o.font;
    }
    // Without the font: Qt hashes a font by its key() string, which costs more than the
    // lookup saves; texts in two fonts share a bucket and are told apart by == (the key
    // holds a shared copy of the font: no key() string is built per lookup either).
    friend size_t qHash(const Key& k, size_t seed = 0) {
      return qHashMulti(seed, k.text, k.room, k.width, k.features, k.style);
    }
  };

  // The width the text of `index` may take in its column.
  int room(const QModelIndex& index) const {
    int room = tree_->columnWidth(index.column()) - 2 * TextMargin(tree_) - 1;
    if (index.column() == 0)
      if (const QTreeWidgetItem* item = tree_->itemFromIndex(index)) room -= Indent(tree_, item);
    return room;
  }

  QSize measure(const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const QString text = index.data(Qt::DisplayRole).toString();
    if (text.isEmpty()) return size;
    int room = this->room(index);
    QFont font =
        index.data(Qt::FontRole).isValid() ? index.data(Qt::FontRole).value<QFont>() : option.font;
    QFontMetrics metrics(font);
    if (room <= 0 || metrics.horizontalAdvance(text) + 4 <= room) return size;
    QRect wrapped = metrics.boundingRect(QRect(0, 0, room, 1 << 20), Qt::TextWordWrap, text);
    return {size.width(), std::max(size.height(), wrapped.height() + 2)};
  }

  QTreeWidget* tree_;
  mutable QHash<Key, QSize> sizes_;
};

struct FitPolicy {
  int cap = 0;
  int minimum = 44;
  double firstShare = 0;  // > 0: the first column wins (FitColumnsFirstWins)
};

void Fit(QTreeWidget* tree, const FitPolicy& policy);

// Refits the tree's columns when its viewport changes width (a dock resized).
class FitOnResize : public QObject {
 public:
  FitOnResize(QTreeWidget* tree, const FitPolicy& policy)
      : QObject(tree), tree_(tree), policy_(policy) {
    // Wrapped rows take their heights again once the columns have their widths.
    relayout_.setSingleShot(true);
    relayout_.setInterval(0);
    connect(&relayout_, &QTimer::timeout, tree, [tree] {
      if (tree->wordWrap()) tree->doItemsLayout();
    });
    // Fit lays the rows out itself, once, when its widths make them wrap differently.
    connect(tree->header(), &QHeaderView::sectionResized, this, [this] {
      if (!fitting) relayout_.start();
    });
  }
  void set(const FitPolicy& policy) { policy_ = policy; }
  // The header's size hint for `column`, measured again only when its text changed.
  int headerHint(int column) {
    const QString text = tree_->headerItem()->text(column);
    if (size_t(column) >= headers_.size()) headers_.resize(size_t(column) + 1, {QString(), -1});
    auto& [known, hint] = headers_[size_t(column)];
    if (hint < 0 || known != text || font_ != tree_->header()->font()) {
      known = text;
      hint = tree_->header()->sectionSizeHint(column);
      font_ = tree_->header()->font();
    }
    return hint;
  }
  // Whether some column was narrower than its texts at the last fit (rows wrap).
  bool wrapped = false;
  // Set while Fit resizes the columns (its own relayout follows, when one is needed).
  bool fitting = false;
  // Set while Fit lays out the tree's scroll bars.
  bool placingScrollBars = false;
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Resize && !busy_) {
      busy_ = true;
      Fit(tree_, policy_);
      busy_ = false;
    }
    return false;
  }

 private:
  QTreeWidget* tree_;
  FitPolicy policy_;
  bool busy_ = false;
  QTimer relayout_;
  std::vector<std::pair<QString, int>> headers_;  // text, hint (-1: not measured)
  QFont font_;
};

void Fit(QTreeWidget* tree, const FitPolicy& policy) {
  constexpr const char* kName = "tessera-fit-columns";
  auto* fitter =
      static_cast<FitOnResize*>(tree->findChild<QObject*>(kName, Qt::FindDirectChildrenOnly));
  if (!fitter) {
    fitter = new FitOnResize(tree, policy);
    fitter->setObjectName(kName);
    tree->viewport()->installEventFilter(fitter);
  }
  fitter->set(policy);
  int room = tree->viewport()->width();
  std::vector<int> wanted, minimum, whole;
  for (int c = 0; c < tree->columnCount(); ++c) {
    // QTreeView's override is protected; the base class's declaration is public.
    int contents = tree->isColumnHidden(c)
                       ? 0
                       : static_cast<const QAbstractItemView*>(tree)->sizeHintForColumn(c);
    contents = std::max(contents, fitter->headerHint(c));
    whole.push_back(contents);
    wanted.push_back(c == 0 && policy.firstShare > 0 ? contents : std::min(contents, policy.cap));
    // A wrapping column keeps its longest word whole; another one shows at least
    // `minimum` (a column drawn by its own delegate, a bar and a size, shortens itself).
    int floor = std::min(wanted.back(), policy.minimum);
    if (tree->wordWrap() && !tree->isColumnHidden(c) && !tree->itemDelegateForColumn(c))
      floor = std::max(floor, LongestWordWidth(tree, c));
    wanted.back() = std::max(wanted.back(), floor);
    minimum.push_back(floor);
  }
  std::vector<int> widths;
  if (policy.firstShare > 0 && !wanted.empty()) {
    std::vector<int> others(wanted.begin() + 1, wanted.end());
    std::vector<int> othersMinimum(minimum.begin() + 1, minimum.end());
    int rest = std::accumulate(others.begin(), others.end(), 0);
    int least = std::accumulate(othersMinimum.begin(), othersMinimum.end(), 0);
    int first = std::min(wanted[0], std::max(int(room * policy.firstShare), room - rest));
    first = std::max(std::min(first, room - least), minimum[0]);  // the others keep their words
    widths = Shrink(others, room - first, othersMinimum);
    int used = std::accumulate(widths.begin(), widths.end(), 0);
    widths.insert(widths.begin(), std::max(first, room - used));  // the room left is the first's
  } else {
    widths = Shrink(wanted, room, minimum);
  }
  // A stretched last column widens itself to the room left, but never below the width
  // it was given: it gets its share too.
  bool resized = false;
  fitter->fitting = true;
  for (int c = 0; c < int(widths.size()); ++c)
    if (!tree->isColumnHidden(c) && tree->columnWidth(c) != widths[size_t(c)]) {
      tree->setColumnWidth(c, widths[size_t(c)]);
      resized = true;
    }
  fitter->fitting = false;
  // The rows take their heights for the new widths (they were measured at the old ones);
  // when no text wraps, now or before, they are all one line already. At unchanged widths
  // the rows measured themselves when they were added or their texts changed.
  bool wraps = false;
  for (int c = 0; c < int(widths.size()); ++c)
    wraps = wraps || (!tree->isColumnHidden(c) && widths[size_t(c)] < whole[size_t(c)]);
  if (tree->wordWrap() && resized && (wraps || fitter->wrapped)) tree->doItemsLayout();
  fitter->wrapped = wraps;
  // Rows added or grown show their scroll bar before the tree paints, not in a second
  // paint after it (a scroll bar shown resizes the viewport, which fits again, inside).
  if (!fitter->placingScrollBars) {
    fitter->placingScrollBars = true;
    LayOutItemsNow(tree);
    fitter->placingScrollBars = false;
  }
}

// The width of the longest word of `text` in `font`. The same texts come back at every
// refresh: the widths are kept (shaping the words is what costs).
struct WordsKey {
  QString text;
  QFont font;
  bool operator==(const WordsKey& o) const { return text == o.text && font == o.font; }
  friend size_t qHash(const WordsKey& k, size_t seed = 0) { return qHash(k.text, seed); }
};

int WordsWidth(const QFont& font, const QString& text) {
  static QHash<WordsKey, int> widths;
  WordsKey key{text, font};
  auto it = widths.constFind(key);
  if (it != widths.constEnd()) return *it;
  static const QRegularExpression kSpaces(QStringLiteral("\\s+"));
  const QFontMetrics metrics(font);
  int word = 0;
  for (const QString& w : text.split(kSpaces, Qt::SkipEmptyParts))
    word = std::max(word, metrics.horizontalAdvance(w));
  if (widths.size() >= 8192) widths.clear();  // texts of documents long closed
  widths.insert(key, word);
  return word;
}

void FitTable(QTableWidget* table, int cap);

// Refits a table's columns when its viewport changes width.
class TableFitOnResize : public QObject {
 public:
  TableFitOnResize(QTableWidget* table, int cap) : QObject(table), table_(table), cap_(cap) {}
  void set(int cap) { cap_ = cap; }
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Resize && !busy_) {
      busy_ = true;
      FitTable(table_, cap_);
      busy_ = false;
    }
    return false;
  }

 private:
  QTableWidget* table_;
  int cap_;
  bool busy_ = false;
};

void FitTable(QTableWidget* table, int cap) {
  constexpr const char* kName = "tessera-fit-table";
  auto* fitter =
      static_cast<TableFitOnResize*>(table->findChild<QObject*>(kName, Qt::FindDirectChildrenOnly));
  if (!fitter) {
    fitter = new TableFitOnResize(table, cap);
    fitter->setObjectName(kName);
    table->viewport()->installEventFilter(fitter);
  }
  fitter->set(cap);
  table->setWordWrap(true);
  table->setTextElideMode(Qt::ElideNone);
  const int margin =
      2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1) + 1;
  QHeaderView* header = table->horizontalHeader();
  std::vector<int> wanted, minimum;
  for (int c = 0; c < table->columnCount(); ++c) {
    if (table->isColumnHidden(c)) {
      wanted.push_back(0);
      minimum.push_back(0);
      continue;
    }
    int contents = std::max(static_cast<const QAbstractItemView*>(table)->sizeHintForColumn(c),
                            header->sectionSizeHint(c));
    int words = header->sectionSizeHint(c);
    for (int r = 0; r < table->rowCount(); ++r)
      if (const QTableWidgetItem* item = table->item(r, c))
        words = std::max(words, WordsWidth(table->font(), item->text()) + margin);
    wanted.push_back(std::max(std::min(contents, cap), std::min(contents, words)));
    minimum.push_back(std::min(contents, words));
  }
  std::vector<int> widths = Shrink(wanted, table->viewport()->width(), minimum);
  for (int c = 0; c < int(widths.size()); ++c)
    if (!table->isColumnHidden(c)) table->setColumnWidth(c, widths[size_t(c)]);
  table->resizeRowsToContents();
}

}  // namespace

void FitTableColumns(QTableWidget* table, int cap) { FitTable(table, cap); }

int LongestWordWidth(const QTreeWidget* tree, int column) {
  int widest = 0;
  for (QTreeWidgetItemIterator it(const_cast<QTreeWidget*>(tree)); *it; ++it) {
    const QString text = (*it)->text(column);
    if (text.isEmpty()) continue;
    // An item without a font of its own is drawn in the tree's (an item-view font).
    const QVariant own = (*it)->data(column, Qt::FontRole);
    const QFont font = own.isValid() ? own.value<QFont>() : tree->font();
    widest = std::max(widest, WordsWidth(font, text) + (column == 0 ? Indent(tree, *it) : 0));
  }
  return widest > 0 ? widest + 2 * TextMargin(tree) + 1 : 0;
}

void GiveFullTextTips(QTreeWidgetItem* root) {
  for (int i = 0; i < root->childCount(); ++i) {
    QTreeWidgetItem* item = root->child(i);
    for (int c = 0; c < item->columnCount(); ++c)
      if (item->toolTip(c).isEmpty() && !item->text(c).isEmpty())
        item->setToolTip(c, item->text(c));
    GiveFullTextTips(item);
  }
}

void ShowFullTextInTips(QTreeWidget* tree) {
  tree->setTextElideMode(Qt::ElideNone);
  tree->setWordWrap(true);
  tree->setUniformRowHeights(false);
  if (!dynamic_cast<WrappingDelegate*>(tree->itemDelegate()))
    tree->setItemDelegate(new WrappingDelegate(tree));
  // A tooltip changes neither a row's size nor what is drawn: without the model's
  // dataChanged per cell the tree does not measure its rows again for each one.
  QSignalBlocker quiet(tree->model());
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    for (int c = 0; c < (*it)->columnCount(); ++c)
      if ((*it)->toolTip(c).isEmpty() && !(*it)->text(c).isEmpty())
        (*it)->setToolTip(c, (*it)->text(c));
}

void FitColumnsToWidth(QTreeWidget* tree, int cap, int minimum) { Fit(tree, {cap, minimum, 0}); }

void FitColumnsFirstWins(QTreeWidget* tree, double firstShare, int cap, int minimum) {
  Fit(tree, {cap, minimum, firstShare});
}

}  // namespace tessera::views
