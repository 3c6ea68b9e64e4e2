#include "views/PrimitiveRequests.h"

#include <QCoreApplication>

#include "schedule/Graph.h"
#include "views/ParameterDialog.h"

namespace tessera::views {
namespace {

QString Tr(const char* text) { return QCoreApplication::translate("tessera::views::Primitives", text); }

using Fields = QList<ParamField>;

ParamField IntField(const QString& key, const QString& label, int value, int minimum = 1) {
  ParamField f;
  f.key = key;
  f.label = label;
  f.value = value;
  f.minimum = minimum;
  return f;
}

ParamField ChoiceField(const QString& key, const QString& label, const QStringList& choices) {
  ParamField f;
  f.key = key;
  f.label = label;
  f.kind = ParamField::Kind::Choice;
  f.choices = choices;
  f.value = choices.value(0);
  return f;
}

// The loops `stage` may be computed at: every leaf var of every stage that reads it.
QStringList ComputeAtTargets(const schedule::Schedule& sch, const schedule::Stage& stage) {
  QStringList out;
  for (const schedule::Stage& s : sch.stages) {
    if (s == stage || s->is_placeholder() || !schedule::ReadsThroughInlined(sch, s, stage)) continue;
    for (const QString& leaf : LeafNames(s)) out << QString::fromStdString(s->name()) + ": " + leaf;
  }
  return out;
}

struct Builder {
  QWidget* parent;
  const QString& primitive;
  const schedule::Schedule& sch;
  schedule::Stage stage;
  QString iterVar;
  Intent intent;

  PrimitiveRequest Ask(const Fields& fields) {
    auto values = AskParameters(parent, PrimitiveTitle(primitive).remove("…"), fields);
    if (!values) return {};
    for (auto it = values->cbegin(); it != values->cend(); ++it) intent.params[it.key()] = it.value();
    return {intent, {}};
  }

  PrimitiveRequest Problem(const QString& text) { return {std::nullopt, text}; }

  PrimitiveRequest WithNextLeaf(const Fields& fields) {
    QString next = NextLeaf(stage, iterVar);
    if (next.isEmpty())
      return Problem(Tr("%1 needs a leaf loop with another leaf loop after it; %2 has none")
                         .arg(primitive, iterVar));
    intent.iterVars << next;
    return Ask(fields);
  }

  PrimitiveRequest ForIterVar() {
    if (iterVar.isEmpty()) return Problem(Tr("%1: select a loop (iter var) first").arg(primitive));
    intent.iterVars << iterVar;
    if (primitive == "split") return Ask({IntField("factor", Tr("Factor (inner extent)"), 8)});
    if (primitive == "tile")
      return WithNextLeaf({IntField("x_factor", Tr("Outer loop factor"), 8),
                           IntField("y_factor", Tr("Inner loop factor"), 8)});
    if (primitive == "fuse") return WithNextLeaf({});
    if (primitive == "bind") return Ask({ChoiceField("thread", Tr("Thread axis"), ThreadTags())});
    if (primitive == "rfactor") return Ask({IntField("factor_axis", Tr("Factor axis"), 0, 0)});
    return {intent, {}};  // vectorize, unroll, parallel
  }

  PrimitiveRequest Reorder() {
    ParamField order;
    order.key = "order";
    order.label = Tr("New loop order (outermost first)");
    order.kind = ParamField::Kind::Text;
    order.value = LeafNames(stage).join(", ");
    auto values = AskParameters(parent, Tr("Reorder"), {order});
    if (!values) return {};
    for (QString v : values->value("order").toString().split(',', Qt::SkipEmptyParts))
      intent.iterVars << v.trimmed();
    return {intent, {}};
  }

  PrimitiveRequest ComputeAt() {
    QStringList targets = ComputeAtTargets(sch, stage);
    if (targets.isEmpty())
      return Problem(Tr("compute_at: no stage reads %1, so it has no loop to be computed at")
                         .arg(intent.stage));
    auto values = AskParameters(parent, Tr("Compute at"), {ChoiceField("target", Tr("Loop"), targets)});
    if (!values) return {};
    QStringList parts = values->value("target").toString().split(": ");
    if (parts.size() != 2) return Problem(Tr("compute_at: choose a loop"));
    intent.params["target_stage"] = parts[0];
    intent.iterVars = {parts[1]};
    return {intent, {}};
  }

  // The index map and the pad value are written in the script language; the default
  // splits the last axis by 4 (the RFC's example for a 1-D buffer).
  PrimitiveRequest TransformLayout() {
    QStringList params;
    size_t rank = stage->op->output_shape(0).size();
    for (size_t d = 0; d < rank; ++d) params << QString("i%1").arg(d);
    if (rank == 1) params = QStringList{"i"};
    QStringList out = params.mid(0, params.size() - 1);
    QString last = params.isEmpty() ? "i" : params.back();
    out << last + " // 4" << last + " % 4";
    ParamField map;
    map.key = "index_map";
    map.label = Tr("Index map (logical → physical)");
    map.kind = ParamField::Kind::Text;
    map.value = "lambda " + params.join(", ") + ": [" + out.join(", ") + "]";
    ParamField pad;
    pad.key = "pad_value";
    pad.label = Tr("Pad value (empty: never accessed)");
    pad.kind = ParamField::Kind::Text;
    pad.value = "0.0";
    return Ask({map, pad});
  }

  PrimitiveRequest ForStage() {
    if (primitive == "compute_at") return ComputeAt();
    if (primitive == "cache_read") {
      QStringList readers;
      for (const schedule::Stage& s : schedule::ConsumerStages(sch, stage))
        readers << QString::fromStdString(s->name());
      if (readers.isEmpty()) return Problem(Tr("cache_read: no stage reads %1").arg(intent.stage));
      intent.params["readers"] = readers;
      return Ask({ChoiceField("scope", Tr("Storage scope"), {"shared", "local", "global"})});
    }
    if (primitive == "cache_write")
      return Ask({ChoiceField("scope", Tr("Storage scope"), {"local", "shared", "global"})});
    if (primitive == "transform_layout") return TransformLayout();
    return {intent, {}};  // compute_inline, compute_root
  }
};

}  // namespace

const QStringList& IterVarPrimitives() {
  static const QStringList list{"split", "tile", "fuse", "reorder", "vectorize",
                                "unroll", "parallel", "bind", "rfactor"};
  return list;
}

const QStringList& StagePrimitives() {
  static const QStringList list{"compute_at", "compute_inline", "compute_root",
                                "cache_read", "cache_write", "transform_layout"};
  return list;
}

QString PrimitiveTitle(const QString& p) {
  if (p == "split") return Tr("Split…");
  if (p == "tile") return Tr("Tile with Next Loop…");
  if (p == "fuse") return Tr("Fuse with Next Loop");
  if (p == "reorder") return Tr("Reorder…");
  if (p == "vectorize") return Tr("Vectorize");
  if (p == "unroll") return Tr("Unroll");
  if (p == "parallel") return Tr("Parallel");
  if (p == "bind") return Tr("Bind to Thread…");
  if (p == "rfactor") return Tr("Rfactor…");
  if (p == "compute_at") return Tr("Compute At…");
  if (p == "compute_inline") return Tr("Compute Inline");
  if (p == "compute_root") return Tr("Compute Root");
  if (p == "cache_read") return Tr("Cache Read…");
  if (p == "cache_write") return Tr("Cache Write…");
  if (p == "transform_layout") return Tr("Transform Layout…");
  return p;
}

const QStringList& ThreadTags() {
  static const QStringList tags{"blockIdx.x", "blockIdx.y", "blockIdx.z",
                                "threadIdx.x", "threadIdx.y", "threadIdx.z", "vthread"};
  return tags;
}

QStringList LeafNames(const schedule::Stage& stage) {
  QStringList out;
  if (!stage) return out;
  for (const auto& iv : stage->leaf_iter_vars) out << QString::fromStdString(iv->var.name());
  return out;
}

QString NextLeaf(const schedule::Stage& stage, const QString& iterVar) {
  QStringList leaves = LeafNames(stage);
  int i = leaves.indexOf(iterVar);
  return i >= 0 && i + 1 < leaves.size() ? leaves[i + 1] : QString();
}

PrimitiveRequest RequestPrimitive(QWidget* parent, const QString& primitive,
                                  const schedule::Schedule* sch, const QString& stage,
                                  const QString& iterVar) {
  if (!sch) return {std::nullopt, Tr("%1: the script has no schedule (fix its errors first)").arg(primitive)};
  if (stage.isEmpty()) return {std::nullopt, Tr("%1: select a stage first").arg(primitive)};
  schedule::Stage s = sch->find(stage.toStdString());
  if (!s) return {std::nullopt, Tr("%1: there is no stage %2").arg(primitive, stage)};
  Builder b{parent, primitive, *sch, s, iterVar, Intent{primitive, stage, {}, {}}};
  if (primitive == "reorder") return b.Reorder();
  if (IterVarPrimitives().contains(primitive)) return b.ForIterVar();
  return b.ForStage();
}

}  // namespace tessera::views
