#include "views/StageDagView.h"

namespace tessera::views {

StageDagView::StageDagView(QWidget* parent) : GraphPanel(parent) {}

void StageDagView::setState(const DocumentState&) {
  setNote(tr("This view appears once the schedule layer is available."));
}

void StageDagView::selectionChanged() {}

}  // namespace tessera::views
