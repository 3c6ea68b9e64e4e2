#include "views/ViewBase.h"

#include <QEvent>
#include <QLabel>
#include <QPainter>
#include <QSvgGenerator>

namespace tessera::views {

void ViewBase::setSelectionModel(SelectionModel* model) {
  if (selection_) disconnect(selection_, nullptr, this, nullptr);
  selection_ = model;
  if (selection_)
    connect(selection_, &SelectionModel::changed, this, [this] { selectionChanged(); });
  selectionChanged();
}

void ViewBase::setStale(const QString& reason) {
  if (reason.isEmpty()) {
    if (staleBanner_) staleBanner_->hide();
    return;
  }
  if (!staleBanner_) {
    staleBanner_ = new QLabel(this);
    staleBanner_->setObjectName("staleBanner");
    staleBanner_->setWordWrap(true);
    staleBanner_->setStyleSheet(
        "QLabel { background: rgba(255, 193, 7, 235); color: black; padding: 3px 6px; }");
  }
  staleBanner_->setText(reason);
  staleBanner_->setToolTip(reason);
  staleBanner_->show();
  placeStaleBanner();
}

bool ViewBase::isStale() const { return staleBanner_ && !staleBanner_->isHidden(); }

QString ViewBase::staleReason() const { return isStale() ? staleBanner_->text() : QString(); }

// The banner lies over the top of the view (the view's own layout is left alone), as
// wide as the view and as tall as its text needs.
void ViewBase::placeStaleBanner() {
  if (!staleBanner_ || staleBanner_->isHidden()) return;
  int h = staleBanner_->heightForWidth(width());
  staleBanner_->setGeometry(0, 0, width(), h > 0 ? h : staleBanner_->sizeHint().height());
  staleBanner_->raise();
}

void ViewBase::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  placeStaleBanner();
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
