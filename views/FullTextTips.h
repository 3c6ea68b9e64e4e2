// FullTextTips: a cell that is too narrow for its text is elided in the middle (the
// start and the end of a range or a loop name say the most), and every cell tells its
// whole text as a tooltip, so nothing cut off is out of reach (#17 item 1).
// FitColumnsToWidth keeps every column of a table in sight in a narrow dock;
// FitColumnsFirstWins does too, but gives the first column the width first.
#pragma once

class QTreeWidget;

namespace tessera::views {

// Elides `tree`'s cells in the middle and gives every cell without a tooltip its full
// text as one. Call after filling the tree.
void ShowFullTextInTips(QTreeWidget* tree);

// Sizes the columns to their contents, at most `cap` pixels each; when they are then
// wider together than the tree's viewport, the wide ones give up width (never below
// `minimum` pixels) until all of them fit. Refits itself whenever the tree is resized.
void FitColumnsToWidth(QTreeWidget* tree, int cap, int minimum = 44);

// The same for a tree whose first column is what is read (the loop nest's statements):
// it keeps its whole width, up to `firstShare` of the viewport, before any other column
// gives up width (`cap` only applies to the other columns), and takes the room left.
void FitColumnsFirstWins(QTreeWidget* tree, double firstShare, int cap, int minimum = 44);

}  // namespace tessera::views
