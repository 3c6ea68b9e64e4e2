#include "ViewState.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "MainWindow.h"
#include "views/BufferLayoutView.h"
#include "views/CodeView.h"
#include "views/IterVarGraphView.h"
#include "views/StageDagView.h"

namespace tessera::gui {
namespace {

QJsonArray ToJson(const std::vector<int64_t>& v) {
  QJsonArray a;
  for (int64_t x : v) a.append(double(x));
  return a;
}

QJsonObject Profile(const views::ProfileRecord& r) {
  return {{"label", QString::fromStdString(r.label)},
          {"target", QString::fromStdString(r.target)},
          {"seconds", r.seconds},
          {"gflops", r.gflops}};
}

void ApplyZoom(views::GraphView* view, const QJsonValue& zoom) {
  if (zoom.isDouble()) view->setZoom(zoom.toDouble());
}

void ApplyBuffer(views::BufferLayoutView* view, const QJsonObject& o) {
  if (!view->showBuffer(o.value("name").toString())) return;
  for (bool physical : {true, false}) {
    QJsonArray slice = o.value(physical ? "physical_slice" : "logical_slice").toArray();
    for (int d = 0; d < slice.size(); ++d)
      if (slice[d].isDouble()) view->setSlice(physical, d, slice[d].toInt());
  }
}

}  // namespace

std::string CaptureViewState(const MainWindow& w) {
  QJsonObject o;
  o["docks"] = QString::fromLatin1(w.saveState().toBase64());
  o["stage"] = w.selection()->stage();
  o["iter_var"] = w.selection()->iterVar();
  QJsonObject zoom;
  if (w.stageDagView()->view()->userZoomed()) zoom["stage_dag"] = w.stageDagView()->view()->zoom();
  if (w.iterVarView()->view()->userZoomed()) zoom["iter_vars"] = w.iterVarView()->view()->zoom();
  o["zoom"] = zoom;
  views::BufferLayoutView* buffers = w.bufferLayoutView();
  if (!buffers->currentBuffer().isEmpty())
    o["buffer"] = QJsonObject{{"name", buffers->currentBuffer()},
                              {"physical_slice", ToJson(buffers->slice(true))},
                              {"logical_slice", ToJson(buffers->slice(false))}};
  o["code"] = w.codeView()->artifactBox()->currentText();
  QJsonArray profiles;
  for (const auto& r : w.document()->state().profiles) profiles.append(Profile(r));
  o["profiles"] = profiles;
  return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

void ApplyViewState(MainWindow& w, const std::string& json) {
  QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
  if (o.value("docks").isString())
    w.restoreState(QByteArray::fromBase64(o.value("docks").toString().toLatin1()));
  for (const QJsonValue& v : o.value("profiles").toArray()) {
    QJsonObject p = v.toObject();
    if (!p.value("seconds").isDouble() || !p.value("gflops").isDouble()) continue;
    w.document()->addProfile({p.value("label").toString().toStdString(),
                              p.value("target").toString("llvm").toStdString(),
                              p.value("seconds").toDouble(), p.value("gflops").toDouble()});
  }
  QString stage = o.value("stage").toString(), var = o.value("iter_var").toString();
  if (!var.isEmpty())
    w.selection()->selectIterVar(stage, var);
  else if (!stage.isEmpty())
    w.selection()->selectStage(stage);
  QJsonObject zoom = o.value("zoom").toObject();
  ApplyZoom(w.stageDagView()->view(), zoom.value("stage_dag"));
  ApplyZoom(w.iterVarView()->view(), zoom.value("iter_vars"));
  if (o.value("buffer").isObject()) ApplyBuffer(w.bufferLayoutView(), o.value("buffer").toObject());
  QComboBox* code = w.codeView()->artifactBox();
  int index = code->findText(o.value("code").toString());
  if (index >= 0) code->setCurrentIndex(index);
}

}  // namespace tessera::gui
