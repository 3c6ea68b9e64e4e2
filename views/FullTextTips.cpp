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
      : QObject(tree), tree_(tree), policy_(policy) {}
  void set(const FitPolicy& policy) { policy_ = policy; }
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
  std::vector<int> wanted;
  for (int c = 0; c < tree->columnCount(); ++c) {
    // QTreeView's override is protected; the base class's declaration is public.
    int contents = tree->isColumnHidden(c)
                       ? 0
                       : static_cast<const QAbstractItemView*>(tree)->sizeHintForColumn(c);
    contents = std::max(contents, tree->header()->sectionSizeHint(c));
    wanted.push_back(c == 0 && policy.firstShare > 0 ? contents : std::min(contents, policy.cap));
  }
  std::vector<int> widths;
  if (policy.firstShare > 0 && !wanted.empty()) {
    std::vector<int> others(wanted.begin() + 1, wanted.end());
    int rest = std::accumulate(others.begin(), others.end(), 0);
    int first = std::min(wanted[0], std::max(int(room * policy.firstShare), room - rest));
    widths = Shrink(others, room - first, policy.minimum);
    int used = std::accumulate(widths.begin(), widths.end(), 0);
    widths.insert(widths.begin(), std::max(first, room - used));  // the room left is the first's
  } else {
    widths = Shrink(wanted, room, policy.minimum);
  }
  // A stretched last column widens itself to the room left, but never below the width
  // it was given: it gets its share too.
  for (int c = 0; c < int(widths.size()); ++c)
    if (!tree->isColumnHidden(c)) tree->setColumnWidth(c, widths[size_t(c)]);
}

}  // namespace

void ShowFullTextInTips(QTreeWidget* tree) {
  tree->setTextElideMode(Qt::ElideMiddle);
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
