#include "Document.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStringDecoder>

#include "Evaluation.h"
#include "IntentToTrace.h"
#include "TirIntentToScript.h"
#include "UndoCommands.h"
#include "schedule/Replay.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "views/PrimitiveRequests.h"
#include "views/TirIntents.h"

namespace tessera::gui {
namespace {

constexpr qint64 kMaxScriptBytes = 8 << 20;

// A script is UTF-8 text without NUL bytes; anything else is refused before parsing.
Result<QString> DecodeScript(const QByteArray& bytes, const QString& path) {
  if (bytes.contains('\0'))
    return Error(
        QObject::tr("%1 is not a script: it contains binary data").arg(path).toStdString());
  QStringDecoder decoder(QStringDecoder::Utf8);
  QString text = decoder(bytes);
  if (decoder.hasError())
    return Error(
        QObject::tr("%1 is not a script: it is not valid UTF-8 text").arg(path).toStdString());
  return text;
}

}  // namespace

Document::Document(QObject* parent) : QObject(parent) {
  connect(&undo_, &QUndoStack::cleanChanged, this,
          [this](bool clean) { emit modifiedChanged(!clean); });
  evaluate();
}

bool Document::isProjectPath(const QString& path) {
  return project::IsProjectPath(path.toStdString());
}

Status Document::loadScript(const QString& path, QString& text) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return Error(tr("cannot open %1: %2").arg(path, file.errorString()).toStdString());
  if (file.size() > kMaxScriptBytes)
    return Error(
        tr("%1 is too large for a script (%2 bytes)").arg(path).arg(file.size()).toStdString());
  auto decoded = DecodeScript(file.readAll(), path);
  if (!decoded.ok()) return decoded.error();
  text = *decoded;
  viewState_ = "{}";
  target_ = {};
  return Status::Ok();
}

// Only the project's JSON layer is checked here: a project whose script has an error
// opens like such a script does, with the error underlined in the Script view.
Status Document::loadProject(const QString& path, QString& text) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return Error(tr("cannot open %1: %2").arg(path, file.errorString()).toStdString());
  if (file.size() > qint64(project::kMaxProjectBytes))
    return Error(
        tr("%1 is too large for a project (%2 bytes)").arg(path).arg(file.size()).toStdString());
  QByteArray bytes = file.readAll();
  auto p = project::ParseProjectJson(std::string_view(bytes.constData(), size_t(bytes.size())),
                                     path.toStdString());
  if (!p.ok()) return Error(p.error().format());
  text = QString::fromStdString(p->script);
  viewState_ = p->view_state_json;
  target_ = p->target;
  return Status::Ok();
}

Status Document::load(const QString& path) {
  QString text;
  std::string keepView = viewState_;
  project::TargetSettings keepTarget = target_;
  Status st = isProjectPath(path) ? loadProject(path, text) : loadScript(path, text);
  if (!st.ok()) {
    viewState_ = keepView;
    target_ = keepTarget;
    return st;
  }
  emit replacing();
  forgetTirFunction();
  path_ = QFileInfo(path).absoluteFilePath();
  name_.clear();
  text_ = text;
  undo_.clear();
  state_.profiles.clear();
  state_.history.clear();
  evaluate();
  emit pathChanged(path_);
  return Status::Ok();
}

project::ProjectFile Document::toProject() const {
  project::ProjectFile p =
      state_.program ? project::ProjectFromProgram(*state_.program) : project::ProjectFile{};
  p.script = text_.toStdString();  // what the user sees, comments and all
  p.view_state_json = viewState_;
  p.target = target_;
  return p;
}

void Document::reset(const QString& text, const QString& name) {
  emit replacing();
  forgetTirFunction();
  path_.clear();
  name_ = name;
  text_ = text;
  viewState_ = "{}";
  target_ = {};
  undo_.clear();
  state_.profiles.clear();
  state_.history.clear();
  evaluate();
  emit pathChanged(path_);
}

Status Document::save(const QString& path) {
  if (isProjectPath(path)) {
    if (Status st = project::SaveProject(path.toStdString(), toProject()); !st.ok())
      return Error(st.error().format());
  } else if (Status st = saveScript(path); !st.ok()) {
    return st;
  }
  bool renamed = QFileInfo(path).absoluteFilePath() != path_;
  path_ = QFileInfo(path).absoluteFilePath();
  undo_.setClean();
  emit saved(path_);
  if (renamed) {
    state_.file = path_.toStdString();
    emit pathChanged(path_);
  }
  return Status::Ok();
}

Status Document::saveScript(const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    return Error(tr("cannot write %1: %2").arg(path, file.errorString()).toStdString());
  file.write(text_.toUtf8());
  if (!file.commit())
    return Error(tr("cannot write %1: %2").arg(path, file.errorString()).toStdString());
  return Status::Ok();
}

QString Document::displayName() const {
  if (!path_.isEmpty()) return QFileInfo(path_).fileName();
  return name_.isEmpty() ? tr("untitled") : name_;
}

void Document::editScript(const QString& text) {
  if (text == text_) return;
  undo_.push(new EditScriptCommand(this, text_, text));
}

// The primitive is applied to a copy of the current schedule (the legality check);
// the script printed from the copy's trace is what the undo command installs, and it
// is evaluated before being pushed so that a failure never enters the history.
Status Document::apply(const views::Intent& intent) {
  if (state_.tir_schedule) {
    views::DocumentState next;
    Result<QString> text = withTirLine(intent, next);
    if (!text.ok()) return text.error();
    pending_ = std::move(next);
    undo_.push(new ApplyPrimitiveCommand(this, intent, text_, *text));
    return Status::Ok();
  }
  if (!state_.program || !state_.schedule)
    return Error(tr("%1: the script has no schedule to apply it to (fix its errors first)")
                     .arg(intent.describe())
                     .toStdString());
  if (intent.primitive == "transform_layout") return applyScriptLine(intent);
  // Annotating a loop again is legal for the schedule but only adds a duplicate line.
  if ((intent.primitive == "vectorize" || intent.primitive == "unroll" ||
       intent.primitive == "parallel") &&
      intent.iterVars.size() == 1) {
    QString problem = views::IterVarPrimitiveProblem(state_.schedule.get(), intent.stage,
                                                     intent.primitive, intent.iterVars.front());
    if (!problem.isEmpty()) return Error(problem.toStdString());
  }
  auto entry = ToTraceEntry(intent);
  if (!entry.ok()) return entry.error();
  schedule::Schedule copy = state_.schedule->copy();
  if (Status s = schedule::ApplyPrimitive(copy, *entry); !s)
    return Error(intent.describe().toStdString() + ": " + s.error().message);
  script::ScriptProgram program = *state_.program;
  program.schedule = std::make_shared<schedule::Schedule>(std::move(copy));
  QString text = QString::fromStdString(script::PrintScript(program));
  views::DocumentState next = Evaluate(text.toStdString(), state_.file, tirFunction_.toStdString());
  if (!next.errors.empty() && !next.program)
    return Error(tr("%1 was legal, but the printed script does not evaluate: %2")
                     .arg(intent.describe(), QString::fromStdString(next.errors.front().format()))
                     .toStdString());
  pending_ = std::move(next);
  undo_.push(new ApplyPrimitiveCommand(this, intent, text_, text));
  return Status::Ok();
}

// transform_layout takes lambdas (the index map, the pad value) that the user writes in
// the script language, so it is applied as one more schedule line of the script; the
// script evaluator checks it like any other line, and the script is then printed back
// from the new trace.
Status Document::applyScriptLine(const views::Intent& intent) {
  views::DocumentState next;
  Result<QString> text = withScriptLine(intent, next);
  if (!text.ok()) return text.error();
  pending_ = std::move(next);
  undo_.push(new ApplyPrimitiveCommand(this, intent, text_, *text));
  return Status::Ok();
}

QString Document::problemOf(const views::Intent& intent) const {
  if (state_.tir_schedule) {
    if (!views::TirIntentNeedsScript(intent))
      return views::TirIntentProblem(*state_.tir_schedule, intent);
    views::DocumentState next;
    Result<QString> text = withTirLine(intent, next);
    return text.ok() ? QString() : QString::fromStdString(text.error().message);
  }
  if (!state_.program || !state_.schedule)
    return tr("%1: the script has no schedule to apply it to (fix its errors first)")
        .arg(intent.describe());
  if (intent.primitive != "transform_layout") return QString();
  views::DocumentState next;
  Result<QString> text = withScriptLine(intent, next);
  return text.ok() ? QString() : QString::fromStdString(text.error().message);
}

Result<std::shared_ptr<const tir::Schedule>> Document::tirScheduleAfter(
    const views::Intent& intent) const {
  if (!state_.tir_schedule)
    return Error(tr("%1: the script makes no TensorIR schedule (fix its errors first)")
                     .arg(intent.describe())
                     .toStdString());
  if (!views::TirIntentNeedsScript(intent)) {
    auto copy = std::make_shared<tir::Schedule>(*state_.tir_schedule);
    if (Status s = views::ApplyTirIntent(*copy, intent); !s) return s.error();
    return std::shared_ptr<const tir::Schedule>(std::move(copy));
  }
  views::DocumentState next;
  Result<QString> text = withTirLine(intent, next);
  if (!text.ok()) return text.error();
  return next.tir_schedule;
}

Result<QString> Document::withScriptLine(const views::Intent& intent,
                                         views::DocumentState& next) const {
  QString map = intent.params.value("index_map").toString().trimmed();
  QString pad = intent.params.value("pad_value").toString().trimmed();
  if (!map.startsWith("lambda"))
    return Error(
        tr("transform_layout: the index map must be a lambda, e.g. lambda i: [i // 4, i % 4]")
            .toStdString());
  const script::ScriptNames& names = state_.program->names;
  auto tensor = names.tensor_vars.find(intent.stage.toStdString());
  QString var =
      tensor != names.tensor_vars.end() ? QString::fromStdString(tensor->second) : intent.stage;
  QString line = QString("%1[%2].transform_layout(%3%4)")
                     .arg(QString::fromStdString(names.schedule_var), var, map,
                          pad.isEmpty() ? QString() : ", pad_value=" + pad);
  QString text = text_ + (text_.endsWith('\n') ? "" : "\n") + line + "\n";
  next = Evaluate(text.toStdString(), state_.file, tirFunction_.toStdString());
  if (!next.program || next.errors.size() > state_.errors.size()) {
    const Error& e =
        next.errors.empty() ? Error("the script did not evaluate") : next.errors.back();
    return Error(intent.describe().toStdString() + ": " + e.message);
  }
  QString printed = QString::fromStdString(script::PrintScript(*next.program));
  views::DocumentState canonical =
      Evaluate(printed.toStdString(), state_.file, tirFunction_.toStdString());
  if (canonical.program && canonical.errors.size() <= state_.errors.size()) {
    text = printed;
    next = std::move(canonical);
  }
  return text;
}

Result<QString> Document::withTirLine(const views::Intent& intent,
                                      views::DocumentState& next) const {
  QString problem = views::TirIntentProblem(*state_.tir_schedule, intent);
  if (!problem.isEmpty()) return Error((intent.describe() + ": " + problem).toStdString());
  TirScriptSpelling spelling = TirSpellingOf(text_);
  auto line = TirScriptLine(*state_.tir_schedule, intent, spelling);
  if (!line.ok()) return Error(intent.describe().toStdString() + ": " + line.error().message);
  // A TVMScript file as written has no schedule yet: the first primitive makes one.
  QString creation;
  if (!spelling.has_schedule) {
    auto made = TirScheduleCreation(text_, spelling);
    if (!made.ok()) return Error(intent.describe().toStdString() + ": " + made.error().message);
    creation = *made;
  }
  QString text =
      text_ + (text_.isEmpty() || text_.endsWith('\n') ? "" : "\n") + creation + *line + "\n";
  next = Evaluate(text.toStdString(), state_.file, tirFunction_.toStdString());
  if (!next.tir_schedule || next.errors.size() > state_.errors.size()) {
    const Error& e =
        next.errors.empty() ? Error("the script made no TensorIR schedule") : next.errors.back();
    // Lambdas (transform_layout) are checked by evaluating the line: its error is the check.
    if (views::TirIntentNeedsScript(intent))
      return Error(intent.describe().toStdString() + ": " + e.message);
    return Error(tr("%1 was legal, but its line %2 does not evaluate: %3")
                     .arg(intent.describe(), *line, QString::fromStdString(e.message))
                     .toStdString());
  }
  return text;
}

void Document::addProfile(const views::ProfileRecord& record) {
  state_.profiles.push_back(record);
  emit profilesChanged();
}

int Document::recordVersion() {
  std::vector<std::string> trace;
  if (state_.program) trace = project::ProjectFromProgram(*state_.program).trace;
  int before = int(state_.history.versions().size());
  int id = state_.history.record(text_.toStdString(), trace);
  if (int(state_.history.versions().size()) != before) emit historyChanged();
  return id;
}

void Document::addRun(const views::RunRecord& run) {
  state_.history.add(run);
  emit historyChanged();
}

void Document::restoreHistory(std::vector<views::ScheduleVersion> versions,
                              std::vector<views::RunRecord> runs) {
  state_.history.restore(std::move(versions), std::move(runs));
  emit historyChanged();
}

Status Document::showVersion(int id) {
  const views::ScheduleVersion* v = state_.history.find(id);
  if (!v) return Error(tr("there is no version v%1").arg(id).toStdString());
  QString script = QString::fromStdString(v->script);
  if (script == text_) return Status::Ok();
  undo_.push(new ReplaceScriptCommand(
      this, text_, script, tr("go to %1").arg(QString::fromStdString(state_.history.label(id)))));
  return Status::Ok();
}

void Document::setTargets(int version, std::vector<views::CodeArtifact> targets) {
  if (version != state_.version) return;
  state_.targets = std::move(targets);
  emit targetsChanged();
}

void Document::setTirFunction(const QString& name) {
  if (name == tirFunction_) return;
  tirFunction_ = name;
  // The evaluations kept show the function chosen before.
  recent_.clear();
  pending_.reset();
  evaluate();
}

void Document::forgetTirFunction() {
  if (tirFunction_.isEmpty()) return;
  tirFunction_.clear();
  recent_.clear();
  pending_.reset();
}

QStringList Document::tirFunctions() const {
  QStringList names;
  if (state_.program && state_.tir_schedule)
    for (const auto& entry : state_.program->tir_module)
      names << QString::fromStdString(entry.first);
  return names;
}

QString Document::shownTirFunction() const {
  if (!state_.program || !state_.tir_schedule) return QString();
  return QString::fromStdString(state_.program->tir_func_name);
}

void Document::setTextForCommand(const QString& text) {
  text_ = text;
  evaluate();
}

// Installs `next` as the state (or evaluates text_ when it is not for text_).
void Document::install(views::DocumentState next) {
  auto profiles = std::move(state_.profiles);
  auto history = std::move(state_.history);
  double peak = state_.peak_gflops;
  state_ = std::move(next);
  state_.version = ++version_;
  state_.profiles = std::move(profiles);
  state_.history = std::move(history);
  state_.peak_gflops = peak;
  // A chosen function the module no longer has: the script's own is shown instead.
  QString gone;
  if (!tirFunction_.isEmpty() && state_.program && !state_.program->tir_module.empty()) {
    bool found = false;
    for (const auto& entry : state_.program->tir_module)
      found = found || QString::fromStdString(entry.first) == tirFunction_;
    if (!found) {
      gone = tr("The module has no function %1 any more; showing %2")
                 .arg(tirFunction_, shownTirFunction());
      forgetTirFunction();
    }
  }
  emit changed();
  if (!gone.isEmpty()) emit notice(gone);
}

// Profiles, the run history and the peak belong to the document, not to one evaluation. A state
// evaluated in advance for exactly this text (by apply()) is used instead of
// evaluating again.
void Document::evaluate() {
  std::string script = text_.toStdString();
  std::string file = path_.isEmpty() ? displayName().toStdString() : path_.toStdString();
  if (pending_ && pending_->script == script) {
    views::DocumentState next = std::move(*pending_);
    pending_.reset();
    remember(next);
    install(std::move(next));
    return;
  }
  pending_.reset();
  for (const views::DocumentState& s : recent_)
    if (s.script == script && s.file == file) {
      install(s);
      return;
    }
  views::DocumentState next = Evaluate(script, file, tirFunction_.toStdString());
  remember(next);
  install(std::move(next));
}

// States are shared (immutable programs, schedules and reports), so a copy is cheap.
void Document::remember(const views::DocumentState& state) {
  constexpr size_t kRecent = 16;
  recent_.insert(recent_.begin(), state);
  recent_.front().targets.clear();
  recent_.front().profiles.clear();
  recent_.front().history.clear();
  if (recent_.size() > kRecent) recent_.pop_back();
}

}  // namespace tessera::gui
