#include "views/TirPrimitiveArguments.h"

#include <QCoreApplication>
#include <charconv>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

#include "ir/ExprOp.h"
#include "script/lang/Parser.h"
#include "tir/IndexMap.h"
#include "tir/ScriptPrinter.h"
#include "views/TirIntents.h"
#include "views/TirText.h"

namespace tessera::views {
namespace {

struct TirPrimitiveArgumentsText {
  Q_DECLARE_TR_FUNCTIONS(TirPrimitiveArguments)
};
Error Fail(const QString& text) { return Error(S(text)); }

// The target of a block-or-loop primitive: the intent's loop, or its block.
template <typename F>
Status OnTarget(tir::Schedule& sch, const Intent& intent, F&& apply) {
  if (intent.iterVars.isEmpty()) {
    auto block = sch.GetBlock(S(intent.stage));
    if (!block.ok()) return block.error();
    return apply(*block);
  }
  auto loop = TirLoopRV(sch, intent.stage, intent.iterVars.front());
  if (!loop.ok()) return loop.error();
  return apply(*loop);
}

QString TargetName(const QString& block, const QString& loop) {
  return loop.isEmpty() ? TirPrimitiveArgumentsText::tr("block %1").arg(block)
                        : TirPrimitiveArgumentsText::tr("loop %1").arg(loop);
}

// "write 0: B" and "read 1: A" for each buffer the block writes and reads.
QStringList BufferEntries(const tir::BlockNode& block) {
  QStringList out;
  for (size_t i = 0; i < block.writes.size(); ++i)
    out << QString("write %1: %2").arg(i).arg(Q(block.writes[i].buffer->name));
  for (size_t i = 0; i < block.reads.size(); ++i)
    out << QString("read %1: %2").arg(i).arg(Q(block.reads[i].buffer->name));
  return out;
}

// The buffer of ("write", i) / ("read", i); null when there is none.
tir::Buffer BufferOf(const tir::BlockNode& block, const QString& type, int64_t index) {
  const auto& regions = type == "write" ? block.writes : block.reads;
  if ((type != "write" && type != "read") || index < 0 || size_t(index) >= regions.size())
    return nullptr;
  return regions[size_t(index)].buffer;
}

QString ShapeText(const std::vector<ir::Expr>& shape) {
  QStringList dims;
  for (const ir::Expr& e : shape) {
    const int64_t* v = ir::as_const_int(e);
    dims << (v ? QString::number(*v) : QStringLiteral("?"));
  }
  return "(" + dims.join(", ") + ")";
}

// `lambda i, j: (i, j)`, or one fusing the first two iterators when both are of the same
// kind with a constant extent: an index map that applies, to edit.
QString DefaultBlockMap(const tir::BlockNode& block) {
  static const char* names[] = {"i", "j", "k", "l", "m", "n"};
  QStringList params;
  for (size_t d = 0; d < block.iter_vars.size(); ++d)
    params << (d < 6 ? QString(names[d]) : QString("i%1").arg(d));
  if (params.isEmpty()) return "lambda: ()";
  QStringList results = params;
  if (block.iter_vars.size() >= 2 &&
      block.iter_vars[0]->iter_type == block.iter_vars[1]->iter_type) {
    if (const int64_t* e = ir::as_const_int(block.iter_vars[1]->dom.extent)) {
      results.removeFirst();
      results[0] = QString("%1 * %2 + %3").arg(params[0]).arg(*e).arg(params[1]);
    }
  }
  return "lambda " + params.join(", ") + ": (" + results.join(", ") +
         (results.size() == 1 ? ",)" : ")");
}

// A region's range as TVMScript's begin and end: (vi, vi + 1).
std::pair<QString, QString> RangeBounds(const ir::Range& r) {
  return {Q(tir::ExprToTVMScript(r.min)), Q(tir::ExprToTVMScript(ir::add(r.min, r.extent)))};
}

// annotate_buffer_access's default: the region the block declares of the buffer now, as
// (begin, end) pairs over its iterators (`lambda vi, vj: [(vi, vi + 1), (0, 16)]`).
QString DefaultRanges(const tir::BlockNode& block, const QString& type, int64_t index) {
  QStringList params, ranges;
  for (const ir::IterVar& iv : block.iter_vars) params << Q(iv->var.name());
  const auto& regions = type == "write" ? block.writes : block.reads;
  if (index >= 0 && size_t(index) < regions.size())
    for (const ir::Range& r : regions[size_t(index)].region) {
      auto [begin, end] = RangeBounds(r);
      ranges << QString("(%1, %2)").arg(begin, end);
    }
  return QString("lambda %1: [%2]").arg(params.join(", "), ranges.join(", "));
}

// What the block declares of the annotated buffer after the dry run.
QString RegionText(const tir::Schedule& after, const Intent& intent) {
  const tir::BlockRealizeNode* r = TirFindBlock(after, intent.stage);
  if (!r) return TirPrimitiveArgumentsText::tr("block %1 is gone").arg(intent.stage);
  const bool write = intent.params.value("buffer_type").toString() == "write";
  const auto& regions = write ? r->block->writes : r->block->reads;
  const int64_t index = intent.params.value("buffer_index").toLongLong();
  if (index < 0 || size_t(index) >= regions.size()) return QString();
  QStringList dims;
  for (const ir::Range& range : regions[size_t(index)].region) {
    auto [begin, end] = RangeBounds(range);
    dims << QString("%1:%2").arg(begin, end);
  }
  return TirPrimitiveArgumentsText::tr("%1 declares %2[%3]")
      .arg(intent.stage, Q(regions[size_t(index)].buffer->name), dims.join(", "));
}

// The block's iterators after a dry run: "v0: 256 (S), v1: 64 (R)".
QString IteratorsText(const tir::Schedule& after, const QString& block) {
  const tir::BlockRealizeNode* r = TirFindBlock(after, block);
  if (!r) return TirPrimitiveArgumentsText::tr("block %1 is gone").arg(block);
  QStringList iters;
  for (const ir::IterVar& iv : r->block->iter_vars) {
    const int64_t* e = ir::as_const_int(iv->dom.extent);
    iters << QString("%1: %2 (%3)")
                 .arg(Q(iv->var.name()), e ? QString::number(*e) : QStringLiteral("?"))
                 .arg(QChar(tir::IterKindChar(iv->iter_type)));
  }
  return TirPrimitiveArgumentsText::tr("%1 iterates over %2").arg(block, iters.join(", "));
}

Result<QString> AnnotateVerdict(const QVariantMap& v, const QStringList& existing) {
  QString key = v.value("ann_key").toString();
  if (key.trimmed().isEmpty())
    return Fail(TirPrimitiveArgumentsText::tr("give the annotation a key"));
  auto value = ParseAnnotationValue(v.value("ann_type").toString(), v.value("ann_val").toString());
  if (!value.ok()) return value.error();
  QString text = QString("ann_key=%1, ann_val=%2").arg(PythonStringLiteral(key), value->python);
  if (existing.contains(key))
    text += " " + TirPrimitiveArgumentsText::tr("(replaces the value it has)");
  return text;
}

Result<QString> SeparatorVerdict(const tir::Schedule& sch, const Intent& base,
                                 const QVariantMap& v) {
  Intent intent = base;
  SetTirArgumentParams(intent, v);
  auto separators = ParseAxisSeparators(intent.params.value("axis_separators").toString());
  if (!separators.ok()) return separators.error();
  tir::Schedule copy = sch;
  if (Status s = ApplyTirArgumentIntent(copy, intent); !s) return s.error();
  const tir::BlockRealizeNode* r = TirFindBlock(sch, intent.stage);
  tir::Buffer buffer = r ? BufferOf(*r->block, intent.params.value("buffer_type").toString(),
                                    intent.params.value("buffer_index").toLongLong())
                         : nullptr;
  if (!buffer) return QString();
  return TirPrimitiveArgumentsText::tr("%1 %2 is flattened to %3 dimension(s)")
      .arg(Q(buffer->name), ShapeText(buffer->shape))
      .arg(separators->size() + 1);
}

Result<QString> TensorizeVerdict(const tir::Schedule& sch, const Intent& base,
                                 const QVariantMap& v) {
  Intent intent = base;
  SetTirArgumentParams(intent, v);
  tir::Schedule copy = sch;
  if (Status s = ApplyTirArgumentIntent(copy, intent); !s) return s.error();
  return TirPrimitiveArgumentsText::tr("%1 matches %2")
      .arg(intent.params.value("intrin").toString(),
           TargetName(intent.stage, intent.iterVars.value(0)));
}

Result<QString> BlockLayoutVerdict(const tir::Schedule& sch, const Intent& base,
                                   const QVariantMap& v, const TirDryRun& dryRun) {
  Intent intent = base;
  SetTirArgumentParams(intent, v);
  if (QString problem = TransformBlockLayoutArgumentProblem(sch, intent); !problem.isEmpty())
    return Fail(problem);
  if (!dryRun) return TirPrimitiveArgumentsText::tr("a lambda over the block's iterators");
  auto after = dryRun(intent);
  if (!after.ok()) return after.error();
  if (!*after) return Fail(TirPrimitiveArgumentsText::tr("the script makes no TensorIR schedule"));
  return IteratorsText(**after, intent.stage);
}

Result<QString> RangesVerdict(const tir::Schedule& sch, const Intent& base, const QVariantMap& v,
                              const TirDryRun& dryRun) {
  Intent intent = base;
  SetTirArgumentParams(intent, v);
  if (QString problem = AnnotateBufferAccessArgumentProblem(sch, intent); !problem.isEmpty())
    return Fail(problem);
  if (!dryRun) return TirPrimitiveArgumentsText::tr("a lambda over the block's iterators");
  auto after = dryRun(intent);
  if (!after.ok()) return after.error();
  if (!*after) return Fail(TirPrimitiveArgumentsText::tr("the script makes no TensorIR schedule"));
  return RegionText(**after, intent);
}

// Python's repr of a float: the shortest text that reads back, with a '.' or an exponent.
QString PythonFloat(double v) {
  char buffer[64];
  auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  QString python = QString::fromLatin1(buffer, int(end - buffer));
  if (!python.contains('.') && !python.contains('e')) python += ".0";
  return python;
}

// One item of a list value: an int (int32, as TVM converts it), a float or a str.
Result<TirAnnotationValue> AnnotationListItem(const script::AstExpr& e) {
  const script::AstExpr* n = &e;
  bool negative = false;
  if (n->kind == script::AstKind::Unary && n->unary_op == script::UnaryOp::Neg && n->object) {
    negative = true;
    n = n->object.get();
  }
  if (n->kind == script::AstKind::Int) {
    int64_t v = negative ? -n->int_value : n->int_value;
    if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max())
      return Fail(TirPrimitiveArgumentsText::tr(
                      "ann_val: ValueError: Literal value %1 exceeds maximum of int32")
                      .arg(v));
    return TirAnnotationValue{QString::number(v), ir::IntImm(ir::DataType::Int(32), v)};
  }
  if (n->kind == script::AstKind::Float) {
    double v = negative ? -n->float_value : n->float_value;
    if (!std::isfinite(v))
      return Fail(TirPrimitiveArgumentsText::tr("ann_val: a list item is not a finite float"));
    return TirAnnotationValue{PythonFloat(v), ir::FloatImm(ir::DataType::Float(32), v)};
  }
  if (n->kind == script::AstKind::String && !negative)
    return TirAnnotationValue{PythonStringLiteral(Q(n->text)), ir::StringImm(n->text)};
  if (n->kind == script::AstKind::Bool && !negative)
    return Fail(TirPrimitiveArgumentsText::tr(
        "ann_val: TVM 0.20 cannot print a trace that holds a bool in a list; write 1 or 0"));
  return Fail(TirPrimitiveArgumentsText::tr(
      "ann_val: a list item is an int, a float or a str in quotes, e.g. [1, 0.5, \"x\"]"));
}

// `[1, 0.5, "x"]`: a Python list of ints, floats and strs (TVM refuses an empty one).
Result<TirAnnotationValue> ParseAnnotationList(const QString& text) {
  auto parsed = script::ParseExpression(S(text));
  if (!parsed.ok())
    return Fail(TirPrimitiveArgumentsText::tr("ann_val: column %1: %2")
                    .arg(parsed.error().loc.column)
                    .arg(Q(parsed.error().message)));
  const script::AstExpr& list = **parsed;
  if (list.kind != script::AstKind::List)
    return Fail(TirPrimitiveArgumentsText::tr("ann_val: write a list in brackets, e.g. [1, 2, 4]"));
  if (list.items.empty())
    return Fail(TirPrimitiveArgumentsText::tr(
        "ann_val: TVM 0.20 refuses an empty list (TypeError: Cannot take a Union of no types)"));
  QStringList python;
  std::vector<ir::Expr> items;
  for (const script::AstPtr& item : list.items) {
    auto value = AnnotationListItem(*item);
    if (!value.ok()) return value.error();
    python << value->python;
    items.push_back(value->expr);
  }
  return TirAnnotationValue{"[" + python.join(", ") + "]", tir::MakeAnnotationList(items)};
}

ParamField TextField(const QString& key, const QString& label, const QString& value) {
  ParamField f;
  f.key = key;
  f.label = label;
  f.kind = ParamField::Kind::Text;
  f.value = value;
  return f;
}

ParamField AnnotationValueField() {
  ParamField f = TextField("ann_val", TirPrimitiveArgumentsText::tr("Value"), "16");
  f.tooltip = TirPrimitiveArgumentsText::tr(
      "int: 16; float: 0.5; str: any text; bool: True or False; list: [1, 0.5, \"x\"]");
  return f;
}

ParamField VerdictField(std::function<Result<QString>(const QVariantMap&)> verdict) {
  ParamField f;
  f.key = "check";
  f.label = TirPrimitiveArgumentsText::tr("Check");
  f.kind = ParamField::Kind::Preview;
  f.verdict = std::move(verdict);
  return f;
}

}  // namespace

bool IsTirArgumentPrimitive(const QString& p) {
  return p == "annotate" || p == "unannotate" || p == "tensorize" || p == "set_axis_separator" ||
         p == "transform_block_layout" || p == "add_unit_loop" || p == "annotate_buffer_access";
}

Result<TirAnnotationValue> ParseAnnotationValue(const QString& type, const QString& text) {
  QString t = text.trimmed();
  if (type == "str") return TirAnnotationValue{PythonStringLiteral(text), ir::StringImm(S(text))};
  if (type == "int") {
    bool ok = false;
    qlonglong v = t.toLongLong(&ok);
    if (!ok) return Fail(TirPrimitiveArgumentsText::tr("ann_val: '%1' is not an int").arg(t));
    bool fits32 =
        v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max();
    return TirAnnotationValue{
        QString::number(v), ir::IntImm(fits32 ? ir::DataType::Int(32) : ir::DataType::Int(64), v)};
  }
  if (type == "float") {
    bool ok = false;
    double v = t.toDouble(&ok);
    if (!ok || !std::isfinite(v))
      return Fail(TirPrimitiveArgumentsText::tr("ann_val: '%1' is not a finite float").arg(t));
    return TirAnnotationValue{PythonFloat(v), ir::FloatImm(ir::DataType::Float(32), v)};
  }
  if (type == "bool") {
    // TVM's annotate takes a Python bool as the int it is: IntImm("int32", True).
    if (t != "True" && t != "False")
      return Fail(TirPrimitiveArgumentsText::tr("ann_val: '%1' is not True or False").arg(t));
    return TirAnnotationValue{t, ir::IntImm(ir::DataType::Int(32), t == "True" ? 1 : 0)};
  }
  if (type == "list") return ParseAnnotationList(t);
  return Fail(
      TirPrimitiveArgumentsText::tr("ann_val: the type is int, float, bool, str or list, not '%1'")
          .arg(type));
}

QString PythonStringLiteral(const QString& text) {
  QString out = "\"";
  for (QChar c : text) {
    if (c == '\\' || c == '"')
      out += QString("\\") + c;
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out + "\"";
}

Result<std::vector<int64_t>> ParseNonNegativeList(const QString& text, const QString& what) {
  QString body = text.trimmed();
  if (body.startsWith('[') && body.endsWith(']')) body = body.mid(1, body.size() - 2);
  std::vector<int64_t> out;
  for (const QString& part : body.split(',', Qt::SkipEmptyParts)) {
    bool ok = false;
    int64_t v = part.trimmed().toLongLong(&ok);
    if (!ok || v < 0)
      return Fail(TirPrimitiveArgumentsText::tr("%1: '%2' is not a non-negative integer")
                      .arg(what, part.trimmed()));
    out.push_back(v);
  }
  return out;
}

Result<std::vector<int64_t>> ParseAxisSeparators(const QString& text) {
  return ParseNonNegativeList(text, "axis_separators");
}

QString IndexMapLambdaProblem(const QString& text, size_t arity) {
  auto parsed = script::ParseExpression(S(text));
  if (!parsed.ok())
    return TirPrimitiveArgumentsText::tr("index_map: column %1: %2")
        .arg(parsed.error().loc.column)
        .arg(Q(parsed.error().message));
  const script::AstExpr& e = **parsed;
  if (e.kind != script::AstKind::Lambda)
    return TirPrimitiveArgumentsText::tr(
        "index_map: write a lambda, e.g. lambda i, j: (i * 16 + j,)");
  size_t positional = 0;
  for (const script::AstParam& p : e.params) {
    if (p.kind == script::ParamKind::VarArgs) return QString();  // lambda *indices: any number
    if (p.kind == script::ParamKind::Positional) ++positional;
  }
  if (positional != arity)
    return TirPrimitiveArgumentsText::tr(
               "index_map: the lambda takes %1 index(es); the block has %2 iterator(s)")
        .arg(positional)
        .arg(arity);
  return QString();
}

QStringList TirAnnotationKeys(const tir::Schedule& sch, const QString& block, const QString& loop) {
  QStringList out;
  if (loop.isEmpty()) {
    if (const tir::BlockRealizeNode* r = TirFindBlock(sch, block))
      for (const auto& [key, value] : r->block->annotations) out << Q(key);
    return out;
  }
  for (const tir::ForNode* l : TirLoopsOf(sch, block))
    if (Q(l->loop_var.name()) == loop)
      for (const auto& [key, value] : l->annotations) out << Q(key);
  return out;
}

QStringList TirIntrinNames(const tir::Schedule& sch) {
  QStringList out;
  for (const std::string& name : sch.tensor_intrins().Names()) out << Q(name);
  return out;
}

QString TirArgumentMenuProblem(const tir::Schedule& sch, const QString& p, const QString& block,
                               const QString& loop) {
  if (p == "unannotate" && TirAnnotationKeys(sch, block, loop).isEmpty())
    return TirPrimitiveArgumentsText::tr("unannotate: %1 has no annotation")
        .arg(TargetName(block, loop));
  if (p == "tensorize" && TirIntrinNames(sch).isEmpty())
    return TirPrimitiveArgumentsText::tr(
        "tensorize: the document registers no TensorIntrin (tir.TensorIntrin.register, or "
        "import TVM's: from tvm.tir.tensor_intrin.x86 import VNNI_DOT_16x4_INTRIN)");
  if (p == "add_unit_loop") {
    tir::Schedule copy = sch;
    Status s = ApplyTirArgumentIntent(
        copy, Intent{p, block, loop.isEmpty() ? QStringList() : QStringList{loop}, {}});
    return s ? QString() : Q(s.error().message);
  }
  if (p == "set_axis_separator" || p == "annotate_buffer_access") {
    const tir::BlockRealizeNode* r = TirFindBlock(sch, block);
    if (r && BufferEntries(*r->block).isEmpty())
      return TirPrimitiveArgumentsText::tr("%1: block %2 accesses no buffer").arg(p, block);
  }
  if (p == "transform_block_layout") {
    // The block's own conditions (its loops, its bindings) do not depend on the map: the
    // identity map on a copy meets them exactly when any map could.
    const tir::BlockRealizeNode* r = TirFindBlock(sch, block);
    if (!r)
      return TirPrimitiveArgumentsText::tr("transform_block_layout: there is no block %1")
          .arg(block);
    std::vector<std::string> names;
    for (size_t i = 0; i < r->block->iter_vars.size(); ++i)
      names.push_back("i" + std::to_string(i));
    tir::IndexMap identity = tir::MakeIndexMap(names, [](const std::vector<ir::Var>& vars) {
      return std::vector<ir::Expr>(vars.begin(), vars.end());
    });
    tir::Schedule copy = sch;
    auto rv = copy.GetBlock(S(block));
    if (!rv.ok()) return Q(rv.error().message);
    Status s = copy.TransformBlockLayout(*rv, identity);
    return s ? QString() : Q(s.error().message);
  }
  return QString();
}

QList<ParamField> TirArgumentFields(const tir::Schedule& sch, const QString& p,
                                    const QString& block, const QString& loop, QString* problem,
                                    const TirDryRun& dryRun) {
  QList<ParamField> fields;
  const tir::BlockRealizeNode* r = TirFindBlock(sch, block);
  if (!r) {
    *problem = TirPrimitiveArgumentsText::tr("%1: there is no block %2").arg(p, block);
    return fields;
  }
  *problem = TirArgumentMenuProblem(sch, p, block, loop);
  if (!problem->isEmpty()) return fields;
  Intent base{p, block, loop.isEmpty() ? QStringList() : QStringList{loop}, {}};
  if (p == "annotate") {
    QStringList existing = TirAnnotationKeys(sch, block, loop);
    fields << TextField(
                  "ann_key", TirPrimitiveArgumentsText::tr("Key"),
                  loop.isEmpty() ? "meta_schedule.unroll_explicit" : "pragma_auto_unroll_max_step")
           << ChoiceField("ann_type", TirPrimitiveArgumentsText::tr("Value type"),
                          {"int", "float", "str", "bool", "list"})
           << AnnotationValueField() << VerdictField([existing](const QVariantMap& v) {
                return AnnotateVerdict(v, existing);
              });
  } else if (p == "unannotate") {
    fields << ChoiceField("ann_key", TirPrimitiveArgumentsText::tr("Key"),
                          TirAnnotationKeys(sch, block, loop));
  } else if (p == "tensorize") {
    // Importing tvm.tir.tensor_intrin registers a family of intrinsics at once: the name
    // offered is the first that matches this loop, found by trying each on a copy.
    QStringList matching, others;
    for (const QString& n : TirIntrinNames(sch)) {
      bool matches = TensorizeVerdict(sch, base, QVariantMap{{"intrin", n}}).ok();
      (matches ? matching : others) << n;
    }
    ParamField name = TextField("intrin", TirPrimitiveArgumentsText::tr("TensorIntrin"),
                                matching.value(0, others.value(0)));
    name.tooltip =
        matching.isEmpty()
            ? TirPrimitiveArgumentsText::tr("Registered in this document (none matches here): %1")
                  .arg(others.join(", "))
            : TirPrimitiveArgumentsText::tr("Matching here: %1. Also registered: %2")
                  .arg(matching.join(", "),
                       others.isEmpty() ? QStringLiteral("-") : others.join(", "));
    fields << name << VerdictField([&sch, base](const QVariantMap& v) {
      return TensorizeVerdict(sch, base, v);
    });
  } else if (p == "set_axis_separator") {
    QStringList buffers = BufferEntries(*r->block);
    fields << ChoiceField("separator_buffer", TirPrimitiveArgumentsText::tr("Buffer"), buffers);
    tir::Buffer first =
        BufferOf(*r->block, buffers.value(0).section(' ', 0, 0),
                 buffers.value(0).section(' ', 1, 1).section(':', 0, 0).toLongLong());
    ParamField separators =
        TextField("axis_separators", TirPrimitiveArgumentsText::tr("Axis separators"),
                  first && first->shape.size() >= 2 ? "1" : "");
    separators.tooltip = TirPrimitiveArgumentsText::tr(
        "The axes where a new physical dimension starts, e.g. 1: a 2-D buffer stays 2-D "
        "when it is flattened");
    fields << separators << VerdictField([&sch, base](const QVariantMap& v) {
      return SeparatorVerdict(sch, base, v);
    });
  } else if (p == "annotate_buffer_access") {
    QStringList buffers = BufferEntries(*r->block);
    // Reads first: the region TVM's users annotate is a read the analysis over-estimates.
    std::stable_sort(buffers.begin(), buffers.end(), [](const QString& a, const QString& b) {
      return a.startsWith("read") && !b.startsWith("read");
    });
    const QString first = buffers.value(0);
    ParamField ranges =
        TextField("gen_new_ranges", TirPrimitiveArgumentsText::tr("Ranges (a Python lambda)"),
                  DefaultRanges(*r->block, first.section(' ', 0, 0),
                                first.section(' ', 1, 1).section(':', 0, 0).toLongLong()));
    ranges.tooltip = TirPrimitiveArgumentsText::tr(
        "The region per dimension of the buffer from the block's iterators: (begin, end) or "
        "one index, e.g. lambda vi, vj: [(vi - 1, vi + 2), vj]. Nothing checks that the body "
        "stays inside it");
    fields << ChoiceField("access_buffer", TirPrimitiveArgumentsText::tr("Buffer"), buffers)
           << ranges << VerdictField([&sch, base, dryRun](const QVariantMap& v) {
                return RangesVerdict(sch, base, v, dryRun);
              });
  } else if (p == "transform_block_layout") {
    ParamField map =
        TextField("index_map", TirPrimitiveArgumentsText::tr("Index map (a Python lambda)"),
                  DefaultBlockMap(*r->block));
    map.tooltip = TirPrimitiveArgumentsText::tr(
        "The block's new iterators from its iterators, e.g. lambda i, j: (i * 16 + j,) "
        "fuses two; the map must be bijective");
    fields << map << VerdictField([&sch, base, dryRun](const QVariantMap& v) {
      return BlockLayoutVerdict(sch, base, v, dryRun);
    });
  }
  return fields;
}

void SetTirArgumentParams(Intent& intent, const QVariantMap& values) {
  for (const char* key : {"ann_key", "ann_type", "ann_val", "intrin", "axis_separators"})
    if (values.contains(key)) intent.params[key] = values.value(key).toString();
  if (values.contains("index_map"))
    intent.params["index_map"] = values.value("index_map").toString().trimmed();
  if (values.contains("gen_new_ranges"))
    intent.params["gen_new_ranges"] = values.value("gen_new_ranges").toString().trimmed();
  for (const char* key : {"separator_buffer", "access_buffer"}) {
    if (!values.contains(key)) continue;
    QString choice = values.value(key).toString();
    intent.params["buffer_type"] = choice.section(' ', 0, 0);
    intent.params["buffer_index"] = choice.section(' ', 1, 1).section(':', 0, 0).toInt();
  }
}

Status ApplyTirArgumentIntent(tir::Schedule& sch, const Intent& intent) {
  const QString& p = intent.primitive;
  const QVariantMap& a = intent.params;
  if (p == "annotate" || p == "unannotate") {
    QString key = a.value("ann_key").toString();
    if (key.trimmed().isEmpty())
      return Fail(TirPrimitiveArgumentsText::tr("%1 needs an annotation key").arg(p));
    if (p == "unannotate") {
      QString loop = intent.iterVars.value(0);
      if (!TirAnnotationKeys(sch, intent.stage, loop).contains(key))
        return Fail(TirPrimitiveArgumentsText::tr("unannotate: %1 has no annotation %2")
                        .arg(TargetName(intent.stage, loop), PythonStringLiteral(key)));
      return OnTarget(sch, intent, [&](const auto& rv) { return sch.Unannotate(rv, S(key)); });
    }
    auto value =
        ParseAnnotationValue(a.value("ann_type").toString(), a.value("ann_val").toString());
    if (!value.ok()) return value.error();
    return OnTarget(sch, intent,
                    [&](const auto& rv) { return sch.Annotate(rv, S(key), value->expr); });
  }
  if (p == "tensorize") {
    QString name = a.value("intrin").toString().trimmed();
    if (name.isEmpty())
      return Fail(TirPrimitiveArgumentsText::tr("tensorize needs a TensorIntrin name"));
    QStringList names = TirIntrinNames(sch);
    if (!names.contains(name))
      return Fail(names.isEmpty()
                      ? TirPrimitiveArgumentsText::tr(
                            "ValueError: TensorIntrin '%1' is not registered; the document "
                            "registers none")
                            .arg(name)
                      : TirPrimitiveArgumentsText::tr(
                            "ValueError: TensorIntrin '%1' is not registered; the document "
                            "registers %2")
                            .arg(name, names.join(", ")));
    return OnTarget(sch, intent, [&](const auto& rv) { return sch.Tensorize(rv, S(name)); });
  }
  if (p == "add_unit_loop")
    return OnTarget(sch, intent, [&](const auto& rv) -> Status {
      auto r = sch.AddUnitLoop(rv);
      return r.ok() ? Status::Ok() : Status(r.error());
    });
  if (p == "set_axis_separator") {
    QString type = a.value("buffer_type").toString();
    if (type != "read" && type != "write")
      return Fail(TirPrimitiveArgumentsText::tr(
                      "set_axis_separator: the buffer is read or written, not '%1'")
                      .arg(type));
    bool ok = false;
    int64_t index = a.value("buffer_index").toLongLong(&ok);
    if (!ok || index < 0)
      return Fail(TirPrimitiveArgumentsText::tr("set_axis_separator needs a buffer index"));
    auto separators = ParseAxisSeparators(a.value("axis_separators").toString());
    if (!separators.ok()) return separators.error();
    auto block = sch.GetBlock(S(intent.stage));
    if (!block.ok()) return block.error();
    return sch.SetAxisSeparator(
        *block, index, type == "read" ? tir::BufferIndexType::Read : tir::BufferIndexType::Write,
        *separators);
  }
  if (p == "transform_block_layout" || p == "annotate_buffer_access")
    return Fail(TirPrimitiveArgumentsText::tr(
                    "%1 takes a Python lambda: the application applies it as a script line")
                    .arg(p));
  return Fail(
      TirPrimitiveArgumentsText::tr("%1 is not a primitive of TirPrimitiveArguments").arg(p));
}

QString AnnotateBufferAccessArgumentProblem(const tir::Schedule& sch, const Intent& intent) {
  const tir::BlockRealizeNode* r = TirFindBlock(sch, intent.stage);
  if (!r || r == tir::RootRealize(sch.func()))
    return TirPrimitiveArgumentsText::tr("annotate_buffer_access: there is no block %1")
        .arg(intent.stage);
  const QString type = intent.params.value("buffer_type").toString();
  if (!BufferOf(*r->block, type, intent.params.value("buffer_index").toLongLong()))
    return TirPrimitiveArgumentsText::tr("annotate_buffer_access: %1 has no %2 buffer %3")
        .arg(intent.stage, type, intent.params.value("buffer_index").toString());
  QString problem = IndexMapLambdaProblem(intent.params.value("gen_new_ranges").toString(),
                                          r->block->iter_vars.size());
  return problem.isEmpty() ? QString() : "annotate_buffer_access: " + problem;
}

QString TransformBlockLayoutArgumentProblem(const tir::Schedule& sch, const Intent& intent) {
  const tir::BlockRealizeNode* r = TirFindBlock(sch, intent.stage);
  if (!r || r == tir::RootRealize(sch.func()))
    return TirPrimitiveArgumentsText::tr("transform_block_layout: there is no block %1")
        .arg(intent.stage);
  QString problem = IndexMapLambdaProblem(intent.params.value("index_map").toString(),
                                          r->block->iter_vars.size());
  return problem.isEmpty() ? QString() : "transform_block_layout: " + problem;
}

}  // namespace tessera::views
