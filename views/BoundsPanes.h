// BoundsPanes: what the TE and the TensorIR Bounds views share. Both show a note (why
// there is nothing), a tree of every stage or block with its ranges and its computed vs
// required elements (over-computation highlighted), and under it the derivation for one
// chosen pair (InferBound's phase tables; TensorIR's region analysis at a loop), picked
// in a combo box. The helpers fill those trees in one style.
#pragma once

#include <QString>
#include <optional>

class QComboBox;
class QLabel;
class QTreeWidget;
class QTreeWidgetItem;
class QWidget;

namespace tessera::views {

struct BoundsPanes {
  QLabel* note = nullptr;       // shown when there is nothing to show, and why
  QTreeWidget* top = nullptr;   // every stage or block
  QLabel* pairLabel = nullptr;  // says what the combo box chooses
  QComboBox* pairs = nullptr;
  QTreeWidget* steps = nullptr;  // the derivation for the chosen pair
};

// Lays the panes out in `owner` (note on top, the two trees split vertically); `top`,
// when given, is the tree of stages or blocks (a tree that takes drops).
BoundsPanes MakeBoundsPanes(QWidget* owner, QTreeWidget* top = nullptr);

// "?" for an unknown count.
QString ElementCount(const std::optional<int64_t>& n);

// Colours the computed and required cells of `item` and explains the ratio in a tooltip
// when `ratio` is over one; returns whether it did.
bool MarkOvercompute(QTreeWidgetItem* item, int computedColumn, int requiredColumn,
                     std::optional<double> ratio);

// A "?" count among `root`'s descendants tells why it is unknown.
void ExplainUnknownCounts(QTreeWidgetItem* root, int computedColumn, int requiredColumn);

// One derivation row under `parent`: a name and its set or range.
QTreeWidgetItem* AddSetRow(QTreeWidgetItem* parent, const QString& name, const QString& set);

// Columns as wide as their contents up to `cap` pixels and all within the dock; texts
// wrap (ShowFullTextInTips: the rows given to the tree carry their tooltips already).
void FitBoundsColumns(QTreeWidget* tree, int cap);

}  // namespace tessera::views
