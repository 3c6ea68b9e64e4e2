#include "views/ViewBase.h"

#include <QEvent>
#include <QPainter>
#include <QSvgGenerator>

namespace tessera::views {

void ViewBase::setSelectionModel(SelectionModel* model) {
  if (selection_) disconnect(selection_, nullptr, this, nullptr);
  selection_ = model;
  if (selection_) connect(selection_, &SelectionModel::changed, this, [this] { selectionChanged(); });
  selectionChanged();
}

void ViewBase::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

// The default export renders the widget itself; graph and plot views override this
// with their scene or plot so that the file holds vector graphics.
bool ViewBase::exportImage(const QString& path) {
  if (path.endsWith(".svg", Qt::CaseInsensitive)) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size());
    svg.setViewBox(rect());
    QPainter painter(&svg);
    render(&painter);
    return painter.end();
  }
  return grab().save(path);
}

}  // namespace tessera::views
