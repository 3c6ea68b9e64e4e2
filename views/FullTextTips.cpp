#include "views/FullTextTips.h"

#include <QEvent>
#include <QHeaderView>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <algorithm>
#include <numeric>
#include <vector>

namespace tessera::views {
namespace {

// Column widths `wanted` shrunk to sum to at most `room`: the widest give width first
// (water-filling from the top), never below `minimum`.
std::vector<int> Shrink(std::vector<int> wanted, int room, int minimum) {
  auto total = [&] { return std::accumulate(wanted.begin(), wanted.end(), 0); };
  while (total() > room) {
    int widest = *std::max_element(wanted.begin(), wanted.end());
    if (widest <= minimum) break;
    int next = minimum;
    for (int w : wanted)
      if (w < widest) next = std::max(next, w);
    int count = int(std::count(wanted.begin(), wanted.end(), widest));
    int excess = total() - room;
    int lowered = std::max(next, widest - (excess + count - 1) / count);
    for (int& w : wanted)
      if (w == widest) w = lowered;
  }
  return wanted;
}

// Refits the tree's columns when its viewport changes width (a dock resized).
class FitOnResize : public QObject {
 public:
  FitOnResize(QTreeWidget* tree, int cap, int minimum) : QObject(tree), tree_(tree), cap_(cap), minimum_(minimum) {}
  void set(int cap, int minimum) {
    cap_ = cap;
    minimum_ = minimum;
  }
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Resize && !busy_) {
      busy_ = true;
      FitColumnsToWidth(tree_, cap_, minimum_);
      busy_ = false;
    }
    return false;
  }

 private:
  QTreeWidget* tree_;
  int cap_, minimum_;
  bool busy_ = false;
};

}  // namespace

void ShowFullTextInTips(QTreeWidget* tree) {
  tree->setTextElideMode(Qt::ElideMiddle);
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    for (int c = 0; c < (*it)->columnCount(); ++c)
      if ((*it)->toolTip(c).isEmpty() && !(*it)->text(c).isEmpty()) (*it)->setToolTip(c, (*it)->text(c));
}

void FitColumnsToWidth(QTreeWidget* tree, int cap, int minimum) {
  constexpr const char* kName = "tessera-fit-columns";
  auto* fitter = static_cast<FitOnResize*>(tree->findChild<QObject*>(kName, Qt::FindDirectChildrenOnly));
  if (!fitter) {
    fitter = new FitOnResize(tree, cap, minimum);
    fitter->setObjectName(kName);
    tree->viewport()->installEventFilter(fitter);
  }
  fitter->set(cap, minimum);
  std::vector<int> wanted;
  for (int c = 0; c < tree->columnCount(); ++c) {
    tree->resizeColumnToContents(c);
    wanted.push_back(std::min(tree->columnWidth(c), cap));
  }
  bool stretch = tree->header()->stretchLastSection();
  std::vector<int> widths = Shrink(wanted, tree->viewport()->width(), minimum);
  for (int c = 0; c < int(widths.size()); ++c)
    if (!stretch || c + 1 < int(widths.size())) tree->setColumnWidth(c, widths[size_t(c)]);
}

}  // namespace tessera::views
