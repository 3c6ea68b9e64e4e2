// SelectionModel: the one selection shared by all views (selected stage, iter var,
// buffer). Objects are named, not pointed to, so a selection survives re-evaluation of
// the script (which rebuilds every object). A view that selects something calls a
// setter; every view listens to changed() and highlights the same object.
#pragma once

#include <QObject>
#include <QString>

namespace tessera::views {

class SelectionModel : public QObject {
  Q_OBJECT

 public:
  explicit SelectionModel(QObject* parent = nullptr) : QObject(parent) {}

  QString stage() const { return stage_; }
  QString iterVar() const { return iterVar_; }  // an iter var of stage()
  QString buffer() const { return buffer_; }

  void selectStage(const QString& stage);
  void selectIterVar(const QString& stage, const QString& iterVar);
  void selectBuffer(const QString& buffer);
  void clear();

 signals:
  void changed();

 private:
  void set(const QString& stage, const QString& iterVar, const QString& buffer);

  QString stage_;
  QString iterVar_;
  QString buffer_;
};

}  // namespace tessera::views
