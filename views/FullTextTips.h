// FullTextTips: a cell that is too narrow for its text is elided in the middle (the
// start and the end of a range or a loop name say the most), and every cell tells its
// whole text as a tooltip, so nothing cut off is out of reach (#17 item 1).
#pragma once

class QTreeWidget;

namespace tessera::views {

// Elides `tree`'s cells in the middle and gives every cell without a tooltip its full
// text as one. Call after filling the tree.
void ShowFullTextInTips(QTreeWidget* tree);

}  // namespace tessera::views
