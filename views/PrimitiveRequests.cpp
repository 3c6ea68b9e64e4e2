#include "views/PrimitiveRequests.h"

#include <QCoreApplication>

#include "schedule/Graph.h"
#include "schedule/Primitives.h"
#include "views/ParameterDialog.h"

namespace tessera::views {

// The translation context of the primitives' menu texts and messages.
class PrimitiveText {
  Q_DECLARE_TR_FUNCTIONS(tessera::views::PrimitiveText)
};

namespace {

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
      return Problem(PrimitiveText::tr("%1 needs a leaf loop with another leaf loop after it; %2 has none")
                         .arg(primitive, iterVar));
    intent.iterVars << next;
    return Ask(fields);
  }

  PrimitiveRequest ForIterVar() {
    if (iterVar.isEmpty()) return Problem(PrimitiveText::tr("%1: select a loop (iter var) first").arg(primitive));
    intent.iterVars << iterVar;
    if (primitive == "split") return Ask({IntField("factor", PrimitiveText::tr("Factor (inner extent)"), 8)});
    if (primitive == "tile")
      return WithNextLeaf({IntField("x_factor", PrimitiveText::tr("Outer loop factor"), 8),
                           IntField("y_factor", PrimitiveText::tr("Inner loop factor"), 8)});
    if (primitive == "fuse") return WithNextLeaf({});
    if (primitive == "bind") return Ask({ChoiceField("thread", PrimitiveText::tr("Thread axis"), ThreadTags())});
    if (primitive == "rfactor") return Ask({IntField("factor_axis", PrimitiveText::tr("Factor axis"), 0, 0)});
    return {intent, {}};  // vectorize, unroll, parallel
  }

  PrimitiveRequest Reorder() {
    ParamField order;
    order.key = "order";
    order.label = PrimitiveText::tr("New loop order (outermost first)");
    order.kind = ParamField::Kind::Text;
    order.value = LeafNames(stage).join(", ");
    auto values = AskParameters(parent, PrimitiveText::tr("Reorder"), {order});
    if (!values) return {};
    for (QString v : values->value("order").toString().split(',', Qt::SkipEmptyParts))
      intent.iterVars << v.trimmed();
    return {intent, {}};
  }

  PrimitiveRequest ComputeAt() {
    QStringList targets = ComputeAtTargets(sch, stage);
    if (targets.isEmpty())
      return Problem(PrimitiveText::tr("compute_at: no stage reads %1, so it has no loop to be computed at")
                         .arg(intent.stage));
    auto values = AskParameters(parent, PrimitiveText::tr("Compute at"), {ChoiceField("target", PrimitiveText::tr("Loop"), targets)});
    if (!values) return {};
    QStringList parts = values->value("target").toString().split(": ");
    if (parts.size() != 2) return Problem(PrimitiveText::tr("compute_at: choose a loop"));
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
    map.label = PrimitiveText::tr("Index map (logical → physical)");
    map.kind = ParamField::Kind::Text;
    map.value = "lambda " + params.join(", ") + ": [" + out.join(", ") + "]";
    ParamField pad;
    pad.key = "pad_value";
    pad.label = PrimitiveText::tr("Pad value (empty: never accessed)");
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
      if (readers.isEmpty()) return Problem(PrimitiveText::tr("cache_read: no stage reads %1").arg(intent.stage));
      intent.params["readers"] = readers;
      return Ask({ChoiceField("scope", PrimitiveText::tr("Storage scope"), {"shared", "local", "global"})});
    }
    if (primitive == "cache_write")
      return Ask({ChoiceField("scope", PrimitiveText::tr("Storage scope"), {"local", "shared", "global"})});
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
  if (p == "split") return PrimitiveText::tr("Split…");
  if (p == "tile") return PrimitiveText::tr("Tile with Next Loop…");
  if (p == "fuse") return PrimitiveText::tr("Fuse with Next Loop");
  if (p == "reorder") return PrimitiveText::tr("Reorder…");
  if (p == "vectorize") return PrimitiveText::tr("Vectorize");
  if (p == "unroll") return PrimitiveText::tr("Unroll");
  if (p == "parallel") return PrimitiveText::tr("Parallel");
  if (p == "bind") return PrimitiveText::tr("Bind to Thread…");
  if (p == "rfactor") return PrimitiveText::tr("Rfactor…");
  if (p == "compute_at") return PrimitiveText::tr("Compute At…");
  if (p == "compute_inline") return PrimitiveText::tr("Compute Inline");
  if (p == "compute_root") return PrimitiveText::tr("Compute Root");
  if (p == "cache_read") return PrimitiveText::tr("Cache Read…");
  if (p == "cache_write") return PrimitiveText::tr("Cache Write…");
  if (p == "transform_layout") return PrimitiveText::tr("Transform Layout…");
  return p;
}

QString ComputeAtProblem(const schedule::Schedule* sch, const QString& producer,
                         const QString& consumer) {
  if (!sch) return PrimitiveText::tr("There is no schedule.");
  if (producer.isEmpty() || consumer.isEmpty()) return PrimitiveText::tr("Drop a stage on another stage.");
  schedule::Stage s = sch->find(producer.toStdString());
  schedule::Stage t = sch->find(consumer.toStdString());
  if (!s || !t) return PrimitiveText::tr("Unknown stage.");
  if (s == t) return PrimitiveText::tr("A stage cannot be computed at its own loops.");
  if (s->is_placeholder())
    return PrimitiveText::tr("%1 is an input (placeholder): it is not computed.").arg(producer);
  if (t->is_placeholder())
    return PrimitiveText::tr("%1 is an input (placeholder): it has no loops.").arg(consumer);
  if (!schedule::ReadsThroughInlined(*sch, t, s))
    return PrimitiveText::tr("compute_at: %1 does not read %2, so %2 cannot be computed inside its loops.")
        .arg(consumer, producer);
  return QString();
}

namespace {

schedule::IterVar FindIterVar(const schedule::Stage& stage, const QString& name) {
  if (!stage) return nullptr;
  for (const auto& iv : stage->all_iter_vars)
    if (QString::fromStdString(iv->var.name()) == name) return iv;
  return nullptr;
}

QString AnnotationName(const QString& primitive) {
  if (primitive == "vectorize") return PrimitiveText::tr("vectorized");
  if (primitive == "unroll") return PrimitiveText::tr("unrolled");
  return PrimitiveText::tr("parallelized");
}

ir::IterVarType AnnotationKind(const QString& primitive) {
  if (primitive == "vectorize") return ir::IterVarType::Vectorized;
  if (primitive == "unroll") return ir::IterVarType::Unrolled;
  return ir::IterVarType::Parallelized;
}

QString Message(const Status& st) { return st ? QString() : QString::fromStdString(st.error().message); }

}  // namespace

QString FuseProblem(const schedule::Schedule* sch, const QString& stage, const QString& outer,
                    const QString& inner) {
  if (!sch) return PrimitiveText::tr("There is no schedule.");
  schedule::Schedule copy = sch->copy();
  schedule::Stage s = copy.find(stage.toStdString());
  schedule::IterVar a = FindIterVar(s, outer), b = FindIterVar(s, inner);
  if (!s || !a || !b) return PrimitiveText::tr("fuse: %1 has no loops %2 and %3").arg(stage, outer, inner);
  auto fused = schedule::Fuse(copy, s, {a, b});
  return fused.ok() ? QString() : QString::fromStdString(fused.error().message);
}

QString IterVarPrimitiveProblem(const schedule::Schedule* sch, const QString& stage,
                                const QString& primitive, const QString& iterVar) {
  if (!sch) return PrimitiveText::tr("%1: the script has no schedule (fix its errors first)").arg(primitive);
  schedule::Stage original = sch->find(stage.toStdString());
  schedule::IterVar iv = FindIterVar(original, iterVar);
  if (!original || !iv) return PrimitiveText::tr("%1: %2 has no loop %3").arg(primitive, stage, iterVar);
  bool leaf = original->is_leaf(iv);
  if (primitive == "split") return QString();
  if (!leaf)
    return PrimitiveText::tr("%1: %2 is not a loop any more (it was split or fused)").arg(primitive, iterVar);
  if (primitive == "fuse" || primitive == "tile") {
    QString next = NextLeaf(original, iterVar);
    if (next.isEmpty())
      return PrimitiveText::tr("%1: %2 is the innermost loop; there is no next loop to %1 it with")
          .arg(primitive, iterVar);
    return primitive == "fuse" ? FuseProblem(sch, stage, iterVar, next) : QString();
  }
  if (primitive == "vectorize" || primitive == "unroll" || primitive == "parallel") {
    if (original->attr(iv).annotation == AnnotationKind(primitive))
      return PrimitiveText::tr("%1: %2 is already %3").arg(primitive, iterVar, AnnotationName(primitive));
    schedule::Schedule copy = sch->copy();
    schedule::Stage s = copy.find(stage.toStdString());
    schedule::IterVar v = FindIterVar(s, iterVar);
    if (primitive == "vectorize") return Message(schedule::Vectorize(copy, s, v));
    if (primitive == "unroll") return Message(schedule::Unroll(copy, s, v));
    return Message(schedule::Parallel(copy, s, v));
  }
  return QString();
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
  if (!sch) return {std::nullopt, PrimitiveText::tr("%1: the script has no schedule (fix its errors first)").arg(primitive)};
  if (stage.isEmpty()) return {std::nullopt, PrimitiveText::tr("%1: select a stage first").arg(primitive)};
  schedule::Stage s = sch->find(stage.toStdString());
  if (!s) return {std::nullopt, PrimitiveText::tr("%1: there is no stage %2").arg(primitive, stage)};
  Builder b{parent, primitive, *sch, s, iterVar, Intent{primitive, stage, {}, {}}};
  if (primitive == "reorder") return b.Reorder();
  if (IterVarPrimitives().contains(primitive)) return b.ForIterVar();
  return b.ForStage();
}

}  // namespace tessera::views
