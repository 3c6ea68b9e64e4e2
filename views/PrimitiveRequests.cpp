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

ParamField IntField(const QString& key, const QString& label, int value, int minimum) {
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

namespace {

using Fields = QList<ParamField>;

// The loops `stage` may be computed at: every leaf var of every stage that reads it.
QStringList ComputeAtTargets(const schedule::Schedule& sch, const schedule::Stage& stage) {
  QStringList out;
  for (const schedule::Stage& s : sch.stages) {
    if (s == stage || s->is_placeholder() || !schedule::ReadsThroughInlined(sch, s, stage))
      continue;
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
  const schedule::BoundsReport* bounds = nullptr;
  const IntentCheck& check;

  PrimitiveRequest Ask(const Fields& fields) {
    return Ask(fields, PrimitiveTitle(primitive).remove("…"));
  }

  PrimitiveRequest Ask(const Fields& fields, const QString& title) {
    auto values = AskParameters(parent, title, fields);
    if (!values) return {};
    for (auto it = values->cbegin(); it != values->cend(); ++it)
      intent.params[it.key()] = it.value();
    return {intent, {}};
  }

  PrimitiveRequest Problem(const QString& text) { return {std::nullopt, text}; }

  PrimitiveRequest WithNextLeaf(const Fields& fields) {
    QString next = NextLeaf(stage, iterVar);
    if (next.isEmpty())
      return Problem(
          PrimitiveText::tr("%1 needs a leaf loop with another leaf loop after it; %2 has none")
              .arg(primitive, iterVar));
    intent.iterVars << next;
    return Ask(fields);
  }

  PrimitiveRequest ForIterVar() {
    if (iterVar.isEmpty())
      return Problem(PrimitiveText::tr("%1: select a loop (iter var) first").arg(primitive));
    intent.iterVars << iterVar;
    if (primitive == "split") return Split();
    if (primitive == "tile")
      return WithNextLeaf({IntField("x_factor", PrimitiveText::tr("Outer loop factor"), 8),
                           IntField("y_factor", PrimitiveText::tr("Inner loop factor"), 8)});
    if (primitive == "fuse") return WithNextLeaf({});
    if (primitive == "bind")
      return Ask({ChoiceField("thread", PrimitiveText::tr("Thread axis"), ThreadTags())});
    if (primitive == "rfactor")
      return Ask({IntField("factor_axis", PrimitiveText::tr("Factor axis"), 0, 0)});
    if (primitive == "prefetch") return Prefetch();
    return {intent, {}};  // vectorize, unroll, parallel
  }

  // Which tensor the stage reads, and how many iterations ahead.
  PrimitiveRequest Prefetch() {
    const QStringList tensors = ReadTensors(stage);
    if (tensors.isEmpty())
      return Problem(PrimitiveText::tr("prefetch: %1 reads no tensor").arg(intent.stage));
    ParamField ahead = IntField("offset", PrimitiveText::tr("Iterations ahead"), 4);
    ahead.tooltip =
        PrimitiveText::tr(
            "Each iteration of %1 prefetches what the loop reads this many iterations later")
            .arg(iterVar);
    return Ask({ChoiceField("tensor", PrimitiveText::tr("Tensor"), tensors), ahead},
               PrimitiveText::tr("Prefetch in %1.%2").arg(intent.stage, iterVar));
  }

  // The loop's extent as the bounds report prints it ("" when unknown).
  QString Extent() const {
    const schedule::StageBounds* b = bounds ? bounds->find(stage->name()) : nullptr;
    if (b)
      for (const schedule::IterVarBound& v : b->iter_vars)
        if (QString::fromStdString(v.name) == iterVar) return QString::fromStdString(v.extent);
    return QString();
  }

  // Factor or number of parts, with the extents they give (#17 item 11).
  PrimitiveRequest Split() {
    QString extent = Extent(), var = iterVar;
    ParamField factor = IntField("factor", PrimitiveText::tr("Factor (inner extent)"), 8);
    ParamField nparts =
        IntField("nparts", PrimitiveText::tr("Parts (outer extent; 0: use the factor)"), 0, 0);
    nparts.tooltip = PrimitiveText::tr("split(nparts=…): the outer loop gets this many iterations");
    ParamField preview;
    preview.key = "preview";
    preview.kind = ParamField::Kind::Preview;
    preview.label = PrimitiveText::tr("Result");
    preview.preview = [var, extent](const QVariantMap& v) {
      return SplitPreview(var, extent, v.value("factor").toLongLong(),
                          v.value("nparts").toLongLong());
    };
    QString title =
        extent.isEmpty()
            ? PrimitiveText::tr("Split %1.%2").arg(intent.stage, var)
            : PrimitiveText::tr("Split %1.%2 (extent %3)").arg(intent.stage, var, extent);
    PrimitiveRequest r = Ask({factor, nparts, preview}, title);
    if (r.intent)
      r.intent->params.remove(r.intent->params.value("nparts").toLongLong() > 0 ? "factor"
                                                                                : "nparts");
    return r;
  }

  // A list of the stage's loops to drag into order; the preview says whether the
  // order is legal, with the reorder primitive's own check.
  PrimitiveRequest Reorder() {
    ParamField order;
    order.key = "order";
    order.label = PrimitiveText::tr("Loop order (outermost first)");
    order.kind = ParamField::Kind::Order;
    order.value = LeafNames(stage);
    order.tooltip = PrimitiveText::tr("Drag the loops into the new order, or use Up and Down");
    ParamField check;
    check.key = "preview";
    check.kind = ParamField::Kind::Preview;
    check.label = PrimitiveText::tr("Check");
    const schedule::Schedule* current = &sch;
    QString stageName = intent.stage;
    check.preview = [current, stageName](const QVariantMap& v) {
      QString problem = ReorderProblem(current, stageName, v.value("order").toStringList());
      return problem.isEmpty() ? PrimitiveText::tr("✓ legal") : "✗ " + problem;
    };
    auto values = AskParameters(
        parent, PrimitiveText::tr("Reorder the loops of %1").arg(intent.stage), {order, check});
    if (!values) return {};
    // A list from the dialog; a comma-separated text from scripted askers.
    QVariant chosen = values->value("order");
    QStringList names = chosen.typeId() == QMetaType::QStringList
                            ? chosen.toStringList()
                            : chosen.toString().split(',', Qt::SkipEmptyParts);
    for (const QString& v : names) intent.iterVars << v.trimmed();
    return {intent, {}};
  }

  PrimitiveRequest ComputeAt() {
    QStringList targets = ComputeAtTargets(sch, stage);
    if (targets.isEmpty())
      return Problem(
          PrimitiveText::tr("compute_at: no stage reads %1, so it has no loop to be computed at")
              .arg(intent.stage));
    auto values = AskParameters(parent, PrimitiveText::tr("Compute at"),
                                {ChoiceField("target", PrimitiveText::tr("Loop"), targets)});
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
    if (!check) return Ask({map, pad});
    // The map is written by hand: whether it applies is shown while it is edited, and
    // a refusal is read in the dialog rather than after it closed.
    ParamField verdict;
    verdict.key = "check";
    verdict.label = PrimitiveText::tr("Check");
    verdict.kind = ParamField::Kind::Preview;
    verdict.preview = [check = check, base = intent](const QVariantMap& values) {
      Intent i = base;
      for (auto it = values.cbegin(); it != values.cend(); ++it) i.params[it.key()] = it.value();
      QString problem = check(i);
      return problem.isEmpty() ? PrimitiveText::tr("✓ applies") : "✗ " + problem;
    };
    return Ask({map, pad, verdict});
  }

  PrimitiveRequest ForStage() {
    if (primitive == "compute_at") return ComputeAt();
    if (primitive == "cache_read") {
      QStringList readers;
      for (const schedule::Stage& s : schedule::ConsumerStages(sch, stage))
        readers << QString::fromStdString(s->name());
      if (readers.isEmpty())
        return Problem(PrimitiveText::tr("cache_read: no stage reads %1").arg(intent.stage));
      intent.params["readers"] = readers;
      return Ask({ChoiceField("scope", PrimitiveText::tr("Storage scope"),
                              {"shared", "local", "global"})});
    }
    if (primitive == "cache_write")
      return Ask({ChoiceField("scope", PrimitiveText::tr("Storage scope"),
                              {"local", "shared", "global"})});
    if (primitive == "transform_layout") return TransformLayout();
    return {intent, {}};  // compute_inline, compute_root
  }
};

}  // namespace

const QStringList& IterVarPrimitives() {
  static const QStringList list{"split",  "tile",     "fuse",     "reorder", "vectorize",
                                "unroll", "parallel", "prefetch", "bind",    "rfactor"};
  return list;
}

const QStringList& StagePrimitives() {
  static const QStringList list{"compute_at", "compute_inline", "compute_root",
                                "cache_read", "cache_write",    "transform_layout"};
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
  if (p == "prefetch") return PrimitiveText::tr("Prefetch…");
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
  if (producer.isEmpty() || consumer.isEmpty())
    return PrimitiveText::tr("Drop a stage on another stage.");
  schedule::Stage s = sch->find(producer.toStdString());
  schedule::Stage t = sch->find(consumer.toStdString());
  if (!s || !t) return PrimitiveText::tr("Unknown stage.");
  if (s == t) return PrimitiveText::tr("A stage cannot be computed at its own loops.");
  if (s->is_placeholder())
    return PrimitiveText::tr("%1 is an input (placeholder): it is not computed.").arg(producer);
  if (t->is_placeholder())
    return PrimitiveText::tr("%1 is an input (placeholder): it has no loops.").arg(consumer);
  if (!schedule::ReadsThroughInlined(*sch, t, s))
    return PrimitiveText::tr(
               "compute_at: %1 does not read %2, so %2 cannot be computed inside its loops.")
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

QString Message(const Status& st) {
  return st ? QString() : QString::fromStdString(st.error().message);
}

}  // namespace

QString FuseProblem(const schedule::Schedule* sch, const QString& stage, const QString& outer,
                    const QString& inner) {
  if (!sch) return PrimitiveText::tr("There is no schedule.");
  schedule::Schedule copy = sch->copy();
  schedule::Stage s = copy.find(stage.toStdString());
  schedule::IterVar a = FindIterVar(s, outer), b = FindIterVar(s, inner);
  if (!s || !a || !b)
    return PrimitiveText::tr("fuse: %1 has no loops %2 and %3").arg(stage, outer, inner);
  auto fused = schedule::Fuse(copy, s, {a, b});
  return fused.ok() ? QString() : QString::fromStdString(fused.error().message);
}

QString ReorderProblem(const schedule::Schedule* sch, const QString& stage,
                       const QStringList& order) {
  if (!sch) return PrimitiveText::tr("There is no schedule.");
  schedule::Schedule copy = sch->copy();
  schedule::Stage s = copy.find(stage.toStdString());
  if (!s) return PrimitiveText::tr("reorder: there is no stage %1").arg(stage);
  std::vector<schedule::IterVar> vars;
  for (const QString& name : order) {
    schedule::IterVar iv = FindIterVar(s, name);
    if (!iv) return PrimitiveText::tr("reorder: %1 has no loop %2").arg(stage, name);
    vars.push_back(iv);
  }
  return Message(schedule::Reorder(copy, s, std::move(vars)));
}

QStringList MoveLoop(QStringList order, const QString& moved, const QString& target, bool after) {
  if (moved == target || !order.contains(moved) || !order.contains(target)) return order;
  order.removeAll(moved);
  int at = int(order.indexOf(target)) + (after ? 1 : 0);
  order.insert(at, moved);
  return order;
}

QString IterVarPrimitiveProblem(const schedule::Schedule* sch, const QString& stage,
                                const QString& primitive, const QString& iterVar) {
  if (!sch)
    return PrimitiveText::tr("%1: the script has no schedule (fix its errors first)")
        .arg(primitive);
  if (stage.isEmpty()) return PrimitiveText::tr("%1: select a stage first").arg(primitive);
  if (!sch->find(stage.toStdString()))
    return PrimitiveText::tr("%1: there is no stage %2").arg(primitive, stage);
  schedule::Stage original = sch->find(stage.toStdString());
  schedule::IterVar iv = FindIterVar(original, iterVar);
  if (!original || !iv)
    return PrimitiveText::tr("%1: %2 has no loop %3").arg(primitive, stage, iterVar);
  bool leaf = original->is_leaf(iv);
  if (primitive == "split") {
    // The check does not depend on the factor: split by 1 on a copy.
    schedule::Schedule copy = sch->copy();
    schedule::Stage s = copy.find(stage.toStdString());
    auto split = schedule::Split(copy, s, FindIterVar(s, iterVar), 1);
    return split.ok() ? QString() : QString::fromStdString(split.error().message);
  }
  if (!leaf)
    return PrimitiveText::tr("%1: %2 is not a loop any more (it was split or fused)")
        .arg(primitive, iterVar);
  if (primitive == "fuse" || primitive == "tile") {
    QString next = NextLeaf(original, iterVar);
    if (next.isEmpty())
      return PrimitiveText::tr("%1: %2 is the innermost loop; there is no next loop to %1 it with")
          .arg(primitive, iterVar);
    if (primitive == "fuse") return FuseProblem(sch, stage, iterVar, next);
    schedule::Schedule copy = sch->copy();
    schedule::Stage s = copy.find(stage.toStdString());
    auto tiled = schedule::Tile(copy, s, FindIterVar(s, iterVar), FindIterVar(s, next), 1, 1);
    return tiled.ok() ? QString() : QString::fromStdString(tiled.error().message);
  }
  if (primitive == "vectorize" || primitive == "unroll" || primitive == "parallel") {
    if (original->attr(iv).annotation == AnnotationKind(primitive))
      return PrimitiveText::tr("%1: %2 is already %3")
          .arg(primitive, iterVar, AnnotationName(primitive));
    schedule::Schedule copy = sch->copy();
    schedule::Stage s = copy.find(stage.toStdString());
    schedule::IterVar v = FindIterVar(s, iterVar);
    if (primitive == "vectorize") return Message(schedule::Vectorize(copy, s, v));
    if (primitive == "unroll") return Message(schedule::Unroll(copy, s, v));
    return Message(schedule::Parallel(copy, s, v));
  }
  if (primitive == "prefetch") {
    // Legal for some tensor the stage reads: the dialog then offers them all. One copy
    // serves every try: a refused prefetch leaves the schedule as it was.
    QString first;
    schedule::Schedule copy = sch->copy();
    schedule::Stage s = copy.find(stage.toStdString());
    schedule::IterVar v = FindIterVar(s, iterVar);
    for (const te::Tensor& t : s->op->InputTensors()) {
      QString problem = Message(schedule::Prefetch(copy, s, v, t, 1));
      if (problem.isEmpty()) return problem;
      if (first.isEmpty()) first = problem;
    }
    return first.isEmpty() ? PrimitiveText::tr("prefetch: %1 reads no tensor").arg(stage) : first;
  }
  return QString();
}

QStringList ReadTensors(const schedule::Stage& stage) {
  QStringList out;
  if (!stage || !stage->op) return out;
  for (const te::Tensor& t : stage->op->InputTensors()) {
    const QString name = QString::fromStdString(t->op->name);
    if (t->value_index == 0 && !out.contains(name)) out << name;
  }
  return out;
}

const QStringList& ThreadTags() {
  static const QStringList tags{"blockIdx.x",  "blockIdx.y",  "blockIdx.z", "threadIdx.x",
                                "threadIdx.y", "threadIdx.z", "vthread"};
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

QString SplitPreview(const QString& var, const QString& extent, int64_t factor, int64_t nparts) {
  bool known = false;
  int64_t e = extent.toLongLong(&known);
  known = known && e > 0;
  auto ceilDiv = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  QString outer, inner;
  int64_t o = 0, i = 0;
  if (nparts > 0) {
    o = nparts;
    outer = QString::number(nparts);
    if (known)
      inner = QString::number(i = ceilDiv(e, nparts));
    else
      inner = extent.isEmpty() ? PrimitiveText::tr("extent / %1").arg(nparts)
                               : QString("ceil(%1 / %2)").arg(extent).arg(nparts);
  } else {
    if (factor <= 0) return PrimitiveText::tr("The factor must be at least 1.");
    i = known ? std::min(factor, e) : factor;  // a factor over the extent is clamped to it
    inner = QString::number(i);
    if (known)
      outer = QString::number(o = ceilDiv(e, i));
    else
      outer = extent.isEmpty() ? PrimitiveText::tr("extent / %1").arg(factor)
                               : QString("ceil(%1 / %2)").arg(extent).arg(factor);
  }
  QString text = QString("%1.outer: %2 × %1.inner: %3").arg(var, outer, inner);
  if (known && o * i != e)
    text += " " +
            PrimitiveText::tr("(%1 × %2 = %3 > %4: the last iterations are guarded by a condition)")
                .arg(o)
                .arg(i)
                .arg(o * i)
                .arg(e);
  if (known && nparts <= 0 && factor > e)
    text +=
        " " + PrimitiveText::tr("(the factor %1 is larger than the extent %2, so it is clamped)")
                  .arg(factor)
                  .arg(e);
  return text;
}

PrimitiveRequest RequestPrimitive(QWidget* parent, const QString& primitive,
                                  const schedule::Schedule* sch, const QString& stage,
                                  const QString& iterVar, const schedule::BoundsReport* bounds,
                                  const IntentCheck& check) {
  if (!sch)
    return {
        std::nullopt,
        PrimitiveText::tr("%1: the script has no schedule (fix its errors first)").arg(primitive)};
  if (stage.isEmpty())
    return {std::nullopt, PrimitiveText::tr("%1: select a stage first").arg(primitive)};
  schedule::Stage s = sch->find(stage.toStdString());
  if (!s)
    return {std::nullopt, PrimitiveText::tr("%1: there is no stage %2").arg(primitive, stage)};
  Builder b{parent, primitive, *sch, s, iterVar, Intent{primitive, stage, {}, {}}, bounds, check};
  if (primitive == "reorder") return b.Reorder();
  if (IterVarPrimitives().contains(primitive)) return b.ForIterVar();
  return b.ForStage();
}

}  // namespace tessera::views
