#include "views/StageDagModel.h"

#include <QStringList>

#include "ir/Printer.h"
#include "views/graph/GraphItems.h"

namespace tessera::views {
namespace {

QString Name(const schedule::Stage& s) { return QString::fromStdString(s->name()); }

QString ShapeText(const te::Operation& op) {
  QStringList dims;
  for (const auto& e : op->output_shape(0)) dims << QString::fromStdString(ir::to_string(e));
  return "[" + dims.join(", ") + "]";
}

QString Kind(const schedule::Stage& s) {
  if (s->is_placeholder()) return "placeholder";
  if (s->op->kind() == te::OpKind::Scan) return "scan";
  if (s->op->kind() == te::OpKind::Extern) return "extern";
  if (!s->scope.empty()) return "cache";
  return "compute";
}

bool Inlined(const schedule::Stage& s) {
  return s->attach_type == schedule::AttachType::Inline ||
         s->attach_type == schedule::AttachType::InlinedAlready;
}

GraphNode StageNode(const schedule::Stage& s, const schedule::BoundsReport* bounds) {
  GraphNode n;
  n.id = StageNodeId(Name(s));
  n.kind = Kind(s);
  QString detail = s->is_placeholder()                   ? QObject::tr("placeholder")
                   : s->op->kind() == te::OpKind::Scan   ? QObject::tr("scan")
                   : s->op->kind() == te::OpKind::Extern ? QObject::tr("extern")
                                                         : QObject::tr("compute");
  if (!s->scope.empty()) detail = QObject::tr("cache (%1)").arg(QString::fromStdString(s->scope));
  n.label = Name(s) + "\n" + detail + " " + ShapeText(s->op);
  n.shape = s->is_placeholder() ? NodeShape::Box : NodeShape::RoundedBox;
  n.greyed = Inlined(s);
  n.emphasized = s->is_output;
  if (s->is_output) n.badges << "output";
  if (Inlined(s)) n.badges << "inline";
  if (s->attach_type == schedule::AttachType::Scope) n.badges << "compute_at";
  if (s->attach_type == schedule::AttachType::ScanUpdate) n.badges << "scan update";
  n.tooltip = QObject::tr("%1: %2, attach %3")
                  .arg(Name(s), detail, QString(schedule::attach_type_name(s->attach_type)));
  if (bounds)
    if (const schedule::StageBounds* b = bounds->find(s->name());
        b && b->computed_elements && b->required_elements)
      n.tooltip += QObject::tr("\ncomputes %1 elements, %2 required")
                       .arg(*b->computed_elements)
                       .arg(*b->required_elements);
  n.size = LabelSize(n.label, 70, 34);
  return n;
}

}  // namespace

QString StageNodeId(const QString& stage) { return "stage:" + stage; }

QString StageOfNodeId(const QString& id) { return id.startsWith("stage:") ? id.mid(6) : QString(); }

GraphModel BuildStageDag(const schedule::Schedule& sch, const schedule::BoundsReport* bounds) {
  GraphModel m;
  for (const schedule::Stage& s : sch.stages) m.addNode(StageNode(s, bounds));
  for (const schedule::Stage& s : sch.stages) {
    if (s->is_placeholder()) continue;
    for (const te::Tensor& t : s->op->InputTensors())
      if (schedule::Stage producer = sch.find(t))
        m.addEdge({StageNodeId(Name(producer)), StageNodeId(Name(s)), QString(), EdgeStyle::Solid,
                   "dataflow"});
  }
  for (const schedule::Stage& s : sch.stages) {
    bool scan_update = s->attach_type == schedule::AttachType::ScanUpdate;
    if ((s->attach_type != schedule::AttachType::Scope && !scan_update) || !s->attach_stage)
      continue;
    // A scan's update runs inside the scan's time loop (its innermost loop).
    ir::IterVar at = scan_update ? (s->attach_stage->leaf_iter_vars.empty()
                                        ? ir::IterVar()
                                        : s->attach_stage->leaf_iter_vars.back())
                                 : s->attach_ivar;
    QString loop = at ? QString::fromStdString(at->var.name()) : QString();
    GraphEdge attach{StageNodeId(Name(s)), StageNodeId(Name(s->attach_stage)), "@" + loop,
                     EdgeStyle::Dashed, "attach"};
    // Along the right-hand sides, apart from the data-flow edge between the same stages.
    attach.constraint = false;
    attach.tailPort = "e";
    attach.headPort = "e";
    m.addEdge(attach);
  }
  return m;
}

}  // namespace tessera::views
