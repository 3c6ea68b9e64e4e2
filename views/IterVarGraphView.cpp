#include "views/IterVarGraphView.h"

namespace tessera::views {

IterVarGraphView::IterVarGraphView(QWidget* parent) : GraphPanel(parent) {}

void IterVarGraphView::setState(const DocumentState&) {
  setNote(tr("This view appears once the schedule layer is available."));
}

void IterVarGraphView::selectionChanged() {}

}  // namespace tessera::views
