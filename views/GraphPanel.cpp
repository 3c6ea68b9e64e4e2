#include "views/GraphPanel.h"

#include <QLabel>
#include <QVBoxLayout>

namespace tessera::views {

GraphPanel::GraphPanel(QWidget* parent)
    : ViewBase(parent),
      scene_(new GraphScene(this)),
      view_(new GraphView(this)),
      note_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(note_);
  layout->addWidget(view_, 1);
  note_->setWordWrap(true);
  note_->hide();
  view_->setScene(scene_);
  connect(scene_, &GraphScene::dropRejected, this, &ViewBase::statusMessage);
  connect(scene_, &GraphScene::hoverMessage, this, [this](const QString& m) {
    if (!m.isEmpty()) emit statusMessage(m);
  });
}

QString GraphPanel::note() const { return note_->text(); }

void GraphPanel::setNote(const QString& text) {
  note_->setText(text);
  note_->setVisible(!text.isEmpty());
}

void GraphPanel::showNothing(const QString& why) {
  scene_->clearModel();
  setNote(why);
}

void GraphPanel::addFooter(QWidget* widget) { layout()->addWidget(widget); }

void GraphPanel::showModel(const GraphModel& model, RankDir dir) {
  int before = scene_->layoutCount();
  if (!scene_->setModel(model, dir))
    setNote(tr("Graph layout failed: %1").arg(scene_->layoutError()));
  if (scene_->layoutCount() != before) view_->fitAll();
}

}  // namespace tessera::views
