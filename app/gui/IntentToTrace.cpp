#include "IntentToTrace.h"

#include <QObject>
#include <set>

namespace tessera::gui {
namespace {

using schedule::TraceEntry;

Error Problem(const views::Intent& intent, const QString& message) {
  return Error((intent.primitive + ": " + message).toStdString());
}

schedule::IterVarRef VarRef(const QString& name, const QString& stage) {
  schedule::IterVarRef ref;
  ref.name = name.toStdString();
  ref.stage = stage.toStdString();
  return ref;
}

// An integer parameter that must be present and >= minimum.
Status TakeInt(const views::Intent& intent, const char* key, int64_t minimum, TraceEntry& entry) {
  bool ok = false;
  qlonglong value = intent.params.value(key).toLongLong(&ok);
  if (!intent.params.contains(key) || !ok)
    return Problem(intent, QObject::tr("needs an integer '%1'").arg(key));
  if (value < minimum)
    return Problem(
        intent, QObject::tr("'%1' must be at least %2, not %3").arg(key).arg(minimum).arg(value));
  entry.ints[key] = value;
  return Status::Ok();
}

Status TakeString(const views::Intent& intent, const char* key, TraceEntry& entry) {
  QString value = intent.params.value(key).toString();
  if (value.isEmpty()) return Problem(intent, QObject::tr("needs '%1'").arg(key));
  entry.strings[key] = value.toStdString();
  return Status::Ok();
}

Status ExpectVars(const views::Intent& intent, int count) {
  if (intent.iterVars.size() == count) return Status::Ok();
  if (count == 1) return Problem(intent, QObject::tr("select one loop (iter var) first"));
  return Problem(intent,
                 QObject::tr("needs %1 iter vars, got %2").arg(count).arg(intent.iterVars.size()));
}

Status FillArguments(const views::Intent& intent, TraceEntry& entry) {
  const QString& p = intent.primitive;
  for (const QString& v : intent.iterVars) entry.iter_vars.push_back(VarRef(v, intent.stage));
  if (p == "split") {
    if (Status s = ExpectVars(intent, 1); !s) return s;
    return TakeInt(intent, intent.params.contains("nparts") ? "nparts" : "factor", 1, entry);
  }
  if (p == "tile") {
    if (Status s = ExpectVars(intent, 2); !s) return s;
    if (Status s = TakeInt(intent, "x_factor", 1, entry); !s) return s;
    return TakeInt(intent, "y_factor", 1, entry);
  }
  if (p == "fuse" || p == "reorder") {
    if (intent.iterVars.size() < (p == "fuse" ? 1 : 2))
      return Problem(intent, QObject::tr("needs at least %1 iter vars").arg(p == "fuse" ? 1 : 2));
    std::set<QString> unique(intent.iterVars.begin(), intent.iterVars.end());
    if (unique.size() != size_t(intent.iterVars.size()))
      return Problem(intent, QObject::tr("names an iter var twice"));
    return Status::Ok();
  }
  if (p == "vectorize" || p == "unroll" || p == "parallel") return ExpectVars(intent, 1);
  if (p == "bind") {
    if (Status s = ExpectVars(intent, 1); !s) return s;
    return TakeString(intent, "thread", entry);
  }
  if (p == "prefetch") {
    if (Status s = ExpectVars(intent, 1); !s) return s;
    const QString tensor = intent.params.value("tensor").toString();
    if (tensor.isEmpty()) return Problem(intent, QObject::tr("needs the tensor to prefetch"));
    entry.stages.push_back({tensor.toStdString(), -1});
    return TakeInt(intent, "offset", 1, entry);
  }
  if (p == "rfactor") {
    if (Status s = ExpectVars(intent, 1); !s) return s;
    entry.ints["factor_axis"] = intent.params.value("factor_axis", 0).toLongLong();
    return Status::Ok();
  }
  if (p == "compute_at") {
    QString target = intent.params.value("target_stage").toString();
    if (target.isEmpty()) return Problem(intent, QObject::tr("needs a target stage"));
    if (Status s = ExpectVars(intent, 1); !s) return s;
    entry.stages.push_back({target.toStdString(), -1});
    entry.iter_vars = {VarRef(intent.iterVars[0], target)};
    return Status::Ok();
  }
  if (p == "compute_inline" || p == "compute_root") {
    entry.iter_vars.clear();
    return Status::Ok();
  }
  if (p == "cache_read") {
    if (Status s = TakeString(intent, "scope", entry); !s) return s;
    const QStringList readers = intent.params.value("readers").toStringList();
    if (readers.isEmpty()) return Problem(intent, QObject::tr("needs at least one reader stage"));
    for (const QString& r : readers) entry.stages.push_back({r.toStdString(), -1});
    return Status::Ok();
  }
  if (p == "cache_write") return TakeString(intent, "scope", entry);
  return Problem(intent, QObject::tr("is not a primitive Tessera can apply from the GUI"));
}

}  // namespace

Result<schedule::TraceEntry> ToTraceEntry(const views::Intent& intent) {
  if (intent.stage.isEmpty()) return Problem(intent, QObject::tr("select a stage first"));
  TraceEntry entry;
  entry.primitive = intent.primitive.toStdString();
  entry.stage.name = intent.stage.toStdString();
  if (Status s = FillArguments(intent, entry); !s) return s.error();
  return entry;
}

}  // namespace tessera::gui
