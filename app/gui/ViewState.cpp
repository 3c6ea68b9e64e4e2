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

QJsonArray ToJson(const std::vector<double>& v) {
  QJsonArray a;
  for (double x : v) a.append(x);
  return a;
}

std::vector<double> Doubles(const QJsonValue& value) {
  std::vector<double> out;
  for (const QJsonValue& x : value.toArray())
    if (x.isDouble()) out.push_back(x.toDouble());
  return out;
}

// The timed calls of a run or profile; projects saved before they were kept have none.
QJsonObject Calls(const views::TimedCalls& c) {
  QJsonObject o{{"times_ms", ToJson(c.times_ms)}};
  if (c.baseline_version > 0) {
    o["baseline_version"] = c.baseline_version;
    o["baseline_times_ms"] = ToJson(c.baseline_times_ms);
  }
  return o;
}

views::TimedCalls CallsFrom(const QJsonValue& value) {
  QJsonObject o = value.toObject();
  views::TimedCalls c;
  c.times_ms = Doubles(o.value("times_ms"));
  c.baseline_version = o.value("baseline_version").toInt();
  c.baseline_times_ms = Doubles(o.value("baseline_times_ms"));
  if (c.baseline_version <= 0 || c.baseline_times_ms.empty()) {
    c.baseline_version = 0;
    c.baseline_times_ms.clear();
  }
  return c;
}

QJsonObject Profile(const views::ProfileRecord& r) {
  return {{"label", QString::fromStdString(r.label)},
          {"target", QString::fromStdString(r.target)},
          {"seconds", r.seconds},
          {"gflops", r.gflops},
          {"version", r.version},
          {"min_seconds", r.min_seconds},
          {"max_seconds", r.max_seconds},
          {"calls", Calls(r.calls)}};
}

QJsonObject Version(const views::ScheduleVersion& v) {
  QJsonArray trace;
  for (const std::string& line : v.trace) trace.append(QString::fromStdString(line));
  return {{"id", v.id},
          {"parent", v.parent},
          {"script", QString::fromStdString(v.script)},
          {"trace", trace}};
}

QJsonObject Run(const views::RunRecord& r) {
  return {{"version", r.version},
          {"kind", QString::fromStdString(r.kind)},
          {"target", QString::fromStdString(r.target)},
          {"ok", r.ok},
          {"message", QString::fromStdString(r.message)},
          {"checked", r.checked},
          {"matches", r.matches},
          {"max_error", r.max_error},
          {"compile_ms", r.compile_ms},
          {"min_ms", r.min_ms},
          {"median_ms", r.median_ms},
          {"max_ms", r.max_ms},
          {"gflops", r.gflops},
          {"when", QString::fromStdString(r.when)},
          {"calls", Calls(r.calls)}};
}

// The history saved by CaptureViewState; entries without an id or version are skipped.
void ApplyHistory(Document& doc, const QJsonArray& versions, const QJsonArray& runs) {
  std::vector<views::ScheduleVersion> vs;
  for (const QJsonValue& value : versions) {
    QJsonObject o = value.toObject();
    if (o.value("id").toInt() <= 0) continue;
    views::ScheduleVersion v;
    v.id = o.value("id").toInt();
    v.parent = o.value("parent").toInt();
    v.script = o.value("script").toString().toStdString();
    for (const QJsonValue& line : o.value("trace").toArray())
      v.trace.push_back(line.toString().toStdString());
    vs.push_back(std::move(v));
  }
  std::vector<views::RunRecord> rs;
  for (const QJsonValue& value : runs) {
    QJsonObject o = value.toObject();
    if (o.value("version").toInt() <= 0) continue;
    views::RunRecord r;
    r.version = o.value("version").toInt();
    r.kind = o.value("kind").toString("run").toStdString();
    r.target = o.value("target").toString().toStdString();
    r.ok = o.value("ok").toBool();
    r.message = o.value("message").toString().toStdString();
    r.checked = o.value("checked").toBool();
    r.matches = o.value("matches").toBool();
    r.max_error = o.value("max_error").toDouble();
    r.compile_ms = o.value("compile_ms").toDouble();
    r.min_ms = o.value("min_ms").toDouble();
    r.median_ms = o.value("median_ms").toDouble();
    r.max_ms = o.value("max_ms").toDouble();
    r.gflops = o.value("gflops").toDouble();
    r.when = o.value("when").toString().toStdString();
    r.calls = CallsFrom(o.value("calls"));
    rs.push_back(std::move(r));
  }
  if (!vs.empty() || !rs.empty()) doc.restoreHistory(std::move(vs), std::move(rs));
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
  if (!w.document()->tirFunction().isEmpty()) o["tir_function"] = w.document()->tirFunction();
  // The stage in view counts as selected: it is what the user was looking at.
  QString stage = w.selection()->stage();
  if (stage.isEmpty()) stage = w.iterVarView()->shownStage();
  o["stage"] = stage;
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
  const views::RunHistory& history = w.document()->state().history;
  QJsonArray versions, runs;
  for (const auto& v : history.versions()) versions.append(Version(v));
  for (const auto& r : history.runs()) runs.append(Run(r));
  o["versions"] = versions;
  o["runs"] = runs;
  return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

void ApplyViewState(MainWindow& w, const std::string& json) {
  QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
  if (o.value("docks").isString())
    w.restoreState(QByteArray::fromBase64(o.value("docks").toString().toLatin1()));
  // The module function shown first: the selection below names its blocks.
  if (o.value("tir_function").isString())
    w.document()->setTirFunction(o.value("tir_function").toString());
  for (const QJsonValue& v : o.value("profiles").toArray()) {
    QJsonObject p = v.toObject();
    if (!p.value("seconds").isDouble() || !p.value("gflops").isDouble()) continue;
    views::ProfileRecord r{p.value("label").toString().toStdString(),
                           p.value("target").toString("llvm").toStdString(),
                           p.value("seconds").toDouble(), p.value("gflops").toDouble()};
    r.version = p.value("version").toInt();
    r.min_seconds = p.value("min_seconds").toDouble();
    r.max_seconds = p.value("max_seconds").toDouble();
    r.calls = CallsFrom(p.value("calls"));
    w.document()->addProfile(r);
  }
  ApplyHistory(*w.document(), o.value("versions").toArray(), o.value("runs").toArray());
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
