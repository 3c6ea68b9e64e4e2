#include "views/SelectionModel.h"

namespace tessera::views {

void SelectionModel::selectStage(const QString& stage) { set(stage, QString(), buffer_); }

void SelectionModel::selectIterVar(const QString& stage, const QString& iterVar) {
  set(stage, iterVar, buffer_);
}

void SelectionModel::selectBuffer(const QString& buffer) { set(stage_, iterVar_, buffer); }

void SelectionModel::clear() { set(QString(), QString(), QString()); }

// Emits only on a real change, so views that re-select while redrawing cannot loop.
void SelectionModel::set(const QString& stage, const QString& iterVar, const QString& buffer) {
  if (stage == stage_ && iterVar == iterVar_ && buffer == buffer_) return;
  stage_ = stage;
  iterVar_ = iterVar;
  buffer_ = buffer;
  emit changed();
}

}  // namespace tessera::views
