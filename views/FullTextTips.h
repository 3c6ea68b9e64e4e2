// FullTextTips: a tree's cells show their whole text at any dock width. A text wider
// than its column wraps at its spaces onto more lines (a row grows as tall as its
// tallest cell); a column is never narrower than its longest word, so nothing is cut:
// when even the words do not fit, the tree scrolls sideways. Every cell also tells its
// whole text as a tooltip.
// FitColumnsToWidth keeps every column of a table in sight in a narrow dock;
// FitColumnsFirstWins does too, but gives the first column the width first.
#pragma once

class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::views {

// Wraps `tree`'s texts instead of eliding them and gives every cell without a tooltip
// its full text as one. Call after filling the tree.
void ShowFullTextInTips(QTreeWidget* tree);

// The tooltips alone, on the descendants of `root` (rows built apart from their tree, for
// SyncTreeItems; the tree gets ShowFullTextInTips' wrapping from FitBoundsColumns or its
// view).
void GiveFullTextTips(QTreeWidgetItem* root);

// Sizes the columns to their contents, at most `cap` pixels each; when they are then
// wider together than the tree's viewport, the wide ones give up width (never below
// `minimum` pixels, nor below their longest word in a wrapping tree) until all of them
// fit. Refits itself whenever the tree is resized.
void FitColumnsToWidth(QTreeWidget* tree, int cap, int minimum = 44);

// The same for a tree whose first column is what is read (the loop nest's statements):
// it keeps its whole width, up to `firstShare` of the viewport, before any other column
// gives up width (`cap` only applies to the other columns), and takes the room left.
void FitColumnsFirstWins(QTreeWidget* tree, double firstShare, int cap, int minimum = 44);

// The width column `column` of `tree` needs to show its longest word whole (with the
// cell's margins and, for the first column, the indentation of the deepest item).
int LongestWordWidth(const QTreeWidget* tree, int column);

// The same for a table (the Run log, the Tune dock's candidates): the columns fit their
// contents up to `cap`, give up width down to their longest word (or their header) when
// the viewport is narrower, the texts wrap and the rows take the height they need; the
// last column stretches to the room left. Refits itself whenever the table is resized.
void FitTableColumns(QTableWidget* table, int cap);

}  // namespace tessera::views
