#include "views/TirIntents.h"

#include <QCoreApplication>
#include <set>

#include "views/ParameterDialog.h"
#include "views/TirBufferLayouts.h"
#include "views/TirPrimitiveArguments.h"
#include "views/TirText.h"

namespace tessera::views {
namespace {

struct TirIntentsText {
  Q_DECLARE_TR_FUNCTIONS(TirIntents)
};

// The loop `name` of the intent: among the loops of params["loop_block"] or the block's.
Result<tir::LoopRV> IntentLoop(tir::Schedule& sch, const Intent& intent, const QString& name) {
  QString owner = intent.params.value("loop_block").toString();
  return TirLoopRV(sch, owner.isEmpty() ? intent.stage : owner, name);
}

Result<std::vector<tir::LoopRV>> IntentLoops(tir::Schedule& sch, const Intent& intent) {
  std::vector<tir::LoopRV> out;
  for (const QString& name : intent.iterVars) {
    auto rv = IntentLoop(sch, intent, name);
    if (!rv.ok()) return rv.error();
    out.push_back(*rv);
  }
  return out;
}

Status FirstLoop(tir::Schedule& sch, const Intent& intent, tir::LoopRV* out) {
  if (intent.iterVars.isEmpty())
    return Error(S(TirIntentsText::tr("%1 needs a loop").arg(intent.primitive)));
  auto rv = IntentLoop(sch, intent, intent.iterVars.front());
  if (!rv.ok()) return rv.error();
  *out = *rv;
  return Status::Ok();
}

// A positive integer parameter of the intent, or an error naming it.
Result<int64_t> PositiveParam(const Intent& intent, const char* key) {
  bool ok = false;
  int64_t v = intent.params.value(key).toLongLong(&ok);
  if (!ok || v <= 0)
    return Error(
        S(TirIntentsText::tr("%1 needs a positive %2").arg(intent.primitive, QString(key))));
  return v;
}

// A non-negative integer parameter of the intent, or an error naming it.
Result<int64_t> NonNegativeParam(const Intent& intent, const char* key) {
  bool ok = false;
  int64_t v = intent.params.value(key).toLongLong(&ok);
  if (!ok || v < 0)
    return Error(
        S(TirIntentsText::tr("%1 needs a non-negative %2").arg(intent.primitive, QString(key))));
  return v;
}

// "1, 1, 4" (or "[1, 1, 4]") as positive integers; an error naming `what` otherwise.
Result<std::vector<int64_t>> ParsePositiveList(const QString& text, const char* what) {
  QString body = text.trimmed();
  if (body.startsWith('[') && body.endsWith(']')) body = body.mid(1, body.size() - 2);
  std::vector<int64_t> out;
  for (const QString& part : body.split(',', Qt::SkipEmptyParts)) {
    bool ok = false;
    int64_t v = part.trimmed().toLongLong(&ok);
    if (!ok || v <= 0)
      return Error(
          S(TirIntentsText::tr("%1: '%2' is not a positive integer").arg(what, part.trimmed())));
    out.push_back(v);
  }
  if (out.empty())
    return Error(
        S(TirIntentsText::tr("%1: give one positive integer per block iterator").arg(what)));
  return out;
}

// tile: each of the two loops split by its factor (the outer extent inferred), then the
// outer parts before the inner ones, as TE's tile does: x_0, y_0, x_1, y_1.
Status ApplyTile(tir::Schedule& sch, const Intent& intent) {
  if (intent.iterVars.size() != 2) return Error(S(TirIntentsText::tr("tile needs two loops")));
  auto x = IntentLoop(sch, intent, intent.iterVars[0]);
  if (!x.ok()) return x.error();
  auto y = IntentLoop(sch, intent, intent.iterVars[1]);
  if (!y.ok()) return y.error();
  auto xf = PositiveParam(intent, "x_factor");
  if (!xf.ok()) return xf.error();
  auto yf = PositiveParam(intent, "y_factor");
  if (!yf.ok()) return yf.error();
  auto xs = sch.Split(*x, {ir::Expr(), ir::Expr(*xf)});
  if (!xs.ok()) return xs.error();
  auto ys = sch.Split(*y, {ir::Expr(), ir::Expr(*yf)});
  if (!ys.ok()) return ys.error();
  return sch.Reorder({(*xs)[0], (*ys)[0], (*xs)[1], (*ys)[1]});
}

Status ApplyOnLoop(tir::Schedule& sch, const Intent& intent) {
  if (intent.primitive == "tile") return ApplyTile(sch, intent);
  tir::LoopRV loop;
  if (Status s = FirstLoop(sch, intent, &loop); !s) return s;
  const QString& p = intent.primitive;
  if (p == "split") {
    auto factors = ParseSplitFactors(intent.params.value("factors").toString());
    if (!factors.ok()) return factors.error();
    std::vector<ir::Expr> exprs;
    for (const auto& f : *factors) exprs.push_back(f ? ir::Expr(*f) : ir::Expr());
    auto r = sch.Split(loop, exprs, TirFlagOption(intent, "preserve_unit_iters"),
                       TirFlagOption(intent, "disable_predication"));
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (p == "loop_partition") {
    auto factors = ParseSplitFactors(intent.params.value("factors").toString(), p);
    if (!factors.ok()) return factors.error();
    std::vector<ir::Expr> exprs;
    for (const auto& f : *factors) exprs.push_back(f ? ir::Expr(*f) : ir::Expr());
    auto r = sch.LoopPartition(loop, exprs);
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (p == "parallel") return sch.Parallel(loop);
  if (p == "vectorize") return sch.Vectorize(loop);
  if (p == "unroll") return sch.Unroll(loop);
  if (p == "bind") {
    QString axis = intent.params.value("thread_axis").toString();
    if (axis.isEmpty()) return Error(S(TirIntentsText::tr("bind needs a thread axis")));
    return sch.Bind(loop, S(axis));
  }
  if (p == "rfactor") {
    bool ok = false;
    int axis = intent.params.value("factor_axis", 0).toInt(&ok);
    if (!ok) return Error(S(TirIntentsText::tr("rfactor: factor_axis must be an integer")));
    auto r = sch.RFactor(loop, axis);
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (p == "blockize") {
    auto r = sch.Blockize(loop, TirFlagOption(intent, "preserve_unit_iters"));
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (p == "read_at" || p == "write_at") {
    auto block = sch.GetBlock(S(intent.stage));
    if (!block.ok()) return block.error();
    auto index = NonNegativeParam(intent, "buffer_index");
    if (!index.ok()) return index.error();
    QString scope = intent.params.value("storage_scope").toString();
    if (scope.isEmpty()) return Error(S(TirIntentsText::tr("%1 needs a storage scope").arg(p)));
    auto r = p == "read_at" ? sch.ReadAt(loop, *block, *index, S(scope))
                            : sch.WriteAt(loop, *block, *index, S(scope));
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  return Error(S(TirIntentsText::tr("unknown TensorIR primitive %1").arg(p)));
}

Status ApplyOnBlock(tir::Schedule& sch, const Intent& intent) {
  auto block = sch.GetBlock(S(intent.stage));
  if (!block.ok()) return block.error();
  const QString& p = intent.primitive;
  if (p == "compute_inline") return sch.ComputeInline(*block);
  if (p == "reverse_compute_inline") return sch.ReverseComputeInline(*block);
  if (p == "cache_read" || p == "cache_write") {
    bool ok = false;
    int64_t index = intent.params.value("buffer_index").toLongLong(&ok);
    QString scope = intent.params.value("storage_scope").toString();
    if (!ok || index < 0) return Error(S(TirIntentsText::tr("%1 needs a buffer index").arg(p)));
    if (scope.isEmpty()) return Error(S(TirIntentsText::tr("%1 needs a storage scope").arg(p)));
    std::vector<tir::BlockRV> consumers;
    for (const QString& name : TirConsumerBlocks(intent)) {
      auto consumer = sch.GetBlock(S(name));
      if (!consumer.ok()) return consumer.error();
      consumers.push_back(*consumer);
    }
    auto r = p == "cache_read" ? sch.CacheRead(*block, index, S(scope), consumers)
                               : sch.CacheWrite(*block, index, S(scope), consumers);
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (p == "set_scope" || p == "storage_align" || p == "reindex") {
    auto index = NonNegativeParam(intent, "buffer_index");
    if (!index.ok()) return index.error();
    if (p == "set_scope") {
      QString scope = intent.params.value("storage_scope").toString();
      if (scope.isEmpty()) return Error(S(TirIntentsText::tr("%1 needs a storage scope").arg(p)));
      return sch.SetScope(*block, *index, S(scope));
    }
    if (p == "reindex") {
      QString type = intent.params.value("buffer_type").toString();
      if (type != "read" && type != "write")
        return Error(
            S(TirIntentsText::tr("reindex: the buffer is read or written, not '%1'").arg(type)));
      auto r =
          sch.ReIndex(*block, *index,
                      type == "read" ? tir::BufferIndexType::Read : tir::BufferIndexType::Write);
      return r.ok() ? Status::Ok() : Status(r.error());
    }
    auto axis = NonNegativeParam(intent, "axis");
    if (!axis.ok()) return axis.error();
    auto factor = PositiveParam(intent, "factor");
    if (!factor.ok()) return factor.error();
    auto offset = NonNegativeParam(intent, "offset");
    if (!offset.ok()) return offset.error();
    return sch.StorageAlign(*block, *index, *axis, *factor, *offset);
  }
  if (p == "pad_einsum") {
    auto padding = ParsePositiveList(intent.params.value("padding").toString(), "pad_einsum");
    if (!padding.ok()) return padding.error();
    return sch.PadEinsum(*block, *padding);
  }
  if (p == "reorder_block_iter_var") {
    // Each entry is a block iterator's old position.
    auto order = ParseNonNegativeList(intent.params.value("new_order").toString(), "new_order");
    if (!order.ok()) return order.error();
    return sch.ReorderBlockIterVar(*block, *order);
  }
  if (p == "rolling_buffer") {
    auto index = NonNegativeParam(intent, "buffer_index");
    if (!index.ok()) return index.error();
    return sch.RollingBuffer(*block, *index);
  }
  if (p == "cache_index") {
    QString scope = intent.params.value("storage_scope").toString();
    if (scope.isEmpty()) return Error(S(TirIntentsText::tr("%1 needs a storage scope").arg(p)));
    auto thresh = NonNegativeParam(intent, "cse_thresh");
    if (!thresh.ok()) return thresh.error();
    auto r = sch.CacheIndex(*block, S(scope), *thresh);
    if (!r.ok()) return r.error();
    if (r->empty())
      return Error(S(TirIntentsText::tr("cache_index: %1 computes no index expression seen %2 "
                                        "time(s) or more (its indices are its iterators)")
                         .arg(intent.stage)
                         .arg(*thresh)));
    return Status::Ok();
  }
  if (p == "unsafe_hide_buffer_access") {
    QString type = intent.params.value("buf_type").toString();
    auto indices =
        ParseNonNegativeList(intent.params.value("buf_index_array").toString(), "buf_index_array");
    if (!indices.ok()) return indices.error();
    return sch.UnsafeHideBufferAccess(*block, S(type), *indices);
  }
  if (p == "unsafe_set_dtype") {
    auto index = NonNegativeParam(intent, "buffer_index");
    if (!index.ok()) return index.error();
    QString dtype = intent.params.value("dtype").toString();
    if (dtype.isEmpty()) return Error(S(TirIntentsText::tr("unsafe_set_dtype needs a data type")));
    return sch.UnsafeSetDType(*block, *index, S(dtype));
  }
  tir::LoopRV loop;
  if (Status s = FirstLoop(sch, intent, &loop); !s) return s;
  bool preserve = TirFlagOption(intent, "preserve_unit_loops");
  if (p == "compute_at") return sch.ComputeAt(*block, loop, preserve, TirIndexOption(intent));
  if (p == "reverse_compute_at")
    return sch.ReverseComputeAt(*block, loop, preserve, TirIndexOption(intent));
  if (p == "decompose_reduction") {
    auto r = sch.DecomposeReduction(*block, loop);
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (p == "decompose_padding") {
    auto r = sch.DecomposePadding(*block, loop);
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  return Error(S(TirIntentsText::tr("unknown TensorIR primitive %1").arg(p)));
}

// transform_layout's arguments as the script line needs them: a block, one of its buffers,
// an index map written as a lambda. The schedule's own checks run when the line is
// evaluated (the lambdas are script).
QString TransformLayoutArgumentProblem(const tir::Schedule& sch, const Intent& intent) {
  const tir::BlockRealizeNode* r = TirFindBlock(sch, intent.stage);
  if (!r || r == tir::RootRealize(sch.func()))
    return TirIntentsText::tr("transform_layout: there is no block %1").arg(intent.stage);
  QString type = intent.params.value("buffer_type").toString();
  if (type != "read" && type != "write")
    return TirIntentsText::tr("transform_layout: the buffer is read or written, not '%1'")
        .arg(type);
  bool ok = false;
  int index = intent.params.value("buffer_index").toInt(&ok);
  int n = int(type == "read" ? r->block->reads.size() : r->block->writes.size());
  if (!ok || index < 0 || index >= n)
    return TirIntentsText::tr("transform_layout: block %1 has %2 %3 buffer(s), no buffer %4")
        .arg(intent.stage)
        .arg(n)
        .arg(type)
        .arg(intent.params.value("buffer_index").toString());
  if (!intent.params.value("index_map").toString().trimmed().startsWith("lambda"))
    return TirIntentsText::tr(
        "transform_layout: write the index map as a lambda, e.g. lambda i: (i // 4, i % 4)");
  return QString();
}

// A map over the buffer's indices that splits the last one by 4: a start to edit.
QString DefaultIndexMap(size_t rank) {
  static const char* names[] = {"i", "j", "k", "l", "m", "n"};
  QStringList params, results;
  for (size_t d = 0; d < rank; ++d) params << (d < 6 ? QString(names[d]) : QString("i%1").arg(d));
  if (params.isEmpty()) return "lambda: ()";
  results = params;
  QString last = results.takeLast();
  results << last + " // 4" << last + " % 4";
  return "lambda " + params.join(", ") + ": (" + results.join(", ") + ")";
}

// read_at / write_at from a loop's menu: enabled where one of the block's read (written)
// buffers can be copied per iteration of the loop; the first refusal otherwise.
QString CopyAtLoopProblem(const tir::Schedule& sch, const QString& p, const QString& block,
                          const QString& loop) {
  const tir::BlockRealizeNode* realize = TirFindBlock(sch, block);
  if (!realize) return TirIntentsText::tr("%1: select a block first").arg(p);
  const auto& regions = p == "read_at" ? realize->block->reads : realize->block->writes;
  QString first;
  for (size_t i = 0; i < regions.size(); ++i) {
    QVariantMap params{{"buffer_index", qlonglong(i)},
                       {"storage_scope", p == "read_at" ? "shared" : "local"}};
    QString why = TirIntentProblem(sch, Intent{p, block, {loop}, params});
    if (why.isEmpty()) return {};
    if (first.isEmpty()) first = why;
  }
  if (!first.isEmpty()) return first;
  return p == "read_at" ? TirIntentsText::tr("read_at: %1 reads no buffer").arg(block)
                        : TirIntentsText::tr("write_at: %1 writes no buffer").arg(block);
}

// "C: i_0" entries for the loops of the blocks other than `block` that `block` feeds
// (compute_at) or that feed it (reverse_compute_at).
QStringList AtTargets(const tir::Schedule& sch, const QString& block, bool reverse) {
  QStringList out;
  for (const tir::BlockRealizeNode* r : TirBlocks(sch)) {
    QString other = Q(r->block->name);
    if (other == block) continue;
    bool related = reverse ? TirBlockFeeds(sch, other, block) : TirBlockFeeds(sch, block, other);
    if (!related) continue;
    for (const QString& l : TirLoopNames(sch, other)) out << other + ": " + l;
  }
  return out;
}

QStringList BufferChoices(const std::vector<tir::BufferRegion>& regions) {
  QStringList out;
  for (size_t i = 0; i < regions.size(); ++i)
    out << QString("%1: %2").arg(i).arg(Q(regions[i].buffer->name));
  return out;
}

// transform_layout's arguments from its dialog: "write 0: B", the map, the pad value.
void SetLayoutParams(Intent& intent, const QVariantMap& values) {
  QString choice = values.value("layout_buffer").toString();
  intent.params["buffer_type"] = choice.section(' ', 0, 0);
  intent.params["buffer_index"] = choice.section(' ', 1, 1).section(':', 0, 0).toInt();
  intent.params["index_map"] = values.value("index_map").toString().trimmed();
  intent.params["pad_value"] = values.value("pad_value").toString().trimmed();
}

// The transform_layout dialog's preview: the shape and padding the map gives, computed
// by the schedule a dry run makes, or why the map is refused.
QString LayoutPreview(const tir::Schedule& sch, Intent intent, const QVariantMap& values,
                      const IntentCheck& check, const TirDryRun& dryRun) {
  SetLayoutParams(intent, values);
  if (QString problem = TransformLayoutArgumentProblem(sch, intent); !problem.isEmpty())
    return problem;
  if (dryRun) {
    auto after = dryRun(intent);
    if (!after.ok()) return TirIntentsText::tr("Refused: %1").arg(Q(after.error().message));
    if (!*after) return TirIntentsText::tr("Refused: the script makes no TensorIR schedule");
    return TirLayoutPreviewText(**after);
  }
  QString problem = check ? check(intent) : QString();
  return problem.isEmpty() ? QString() : TirIntentsText::tr("Refused: %1").arg(problem);
}

// The tile dialog's preview: the four loops in their new order.
QString TileLoops(const QVariantMap& v, const QString& x, std::optional<int64_t> xe,
                  const QString& y, std::optional<int64_t> ye) {
  auto outer = [](std::optional<int64_t> extent, int64_t factor) {
    return extent && factor > 0 ? QString::number((*extent + factor - 1) / factor)
                                : QStringLiteral("?");
  };
  int64_t xf = v.value("x_factor").toLongLong(), yf = v.value("y_factor").toLongLong();
  return TirIntentsText::tr("loops %1_0 (%2), %3_0 (%4), %1_1 (%5), %3_1 (%6)")
      .arg(x, outer(xe, xf), y, outer(ye, yf))
      .arg(xf)
      .arg(yf);
}

// The split dialog's preview: the loop extents the factors give.
QString SplitExtents(const QString& text, std::optional<int64_t> extent) {
  auto factors = ParseSplitFactors(text);
  if (!factors.ok()) return Q(factors.error().message);
  int64_t known = 1;
  for (const auto& f : *factors) known *= f ? *f : 1;
  QStringList parts;
  for (const auto& f : *factors) {
    if (f)
      parts << QString::number(*f);
    else if (extent)
      parts << QString::number((*extent + known - 1) / known);
    else
      parts << "?";
  }
  QString out = TirIntentsText::tr("loops of extents %1").arg(parts.join(" x "));
  if (extent) {
    int64_t product = 1;
    for (const QString& p : parts) product *= p.toLongLong();
    if (product != *extent)
      out += TirIntentsText::tr(" (a predicate T.where keeps %1 of %2)").arg(*extent).arg(product);
  }
  return out;
}

// loop_partition's preview: the partitions' ranges, [0, 24) [24, 30).
QString PartitionRanges(const QString& text, std::optional<int64_t> extent) {
  auto factors = ParseSplitFactors(text, "loop_partition");
  if (!factors.ok()) return Q(factors.error().message);
  if (!extent) return TirIntentsText::tr("the loop's extent is not a constant");
  int64_t known = 0;
  bool inferred = false;
  for (const auto& f : *factors) {
    known += f ? *f : 0;
    inferred = inferred || !f;
  }
  if (known >= *extent)
    return TirIntentsText::tr("the lengths reach the extent %1: leave room for a last partition")
        .arg(*extent);
  QStringList parts;
  int64_t at = 0;
  for (const auto& f : *factors) {
    int64_t end = at + (f ? *f : *extent - known);
    parts << QString("[%1, %2)").arg(at).arg(end);
    at = end;
  }
  if (!inferred) parts << QString("[%1, %2)").arg(at).arg(*extent);
  return TirIntentsText::tr("loops over %1").arg(parts.join(" "));
}

// A first partition whose length is the largest multiple of 8 below the extent (the rest
// is the tail), or half the loop.
QString DefaultPartition(std::optional<int64_t> extent) {
  if (!extent || *extent < 2) return "1, None";
  int64_t body = *extent > 8 && *extent % 8 ? *extent - *extent % 8 : *extent / 2;
  return QString("%1, None").arg(body);
}

QString NoCopyReader() {
  return TirIntentsText::tr(
      "cache_read: check a block to read the copy (TVM reads an empty list as all)");
}

ParamField BoolField(const QString& key, const QString& label, bool value, const QString& tooltip) {
  ParamField f;
  f.key = key;
  f.label = label;
  f.kind = ParamField::Kind::Bool;
  f.value = value;
  f.tooltip = tooltip;
  return f;
}

ParamField PreserveUnitItersField() {
  return BoolField("preserve_unit_iters", TirIntentsText::tr("Keep unit iterators"), true,
                   TirIntentsText::tr("preserve_unit_iters: a block iterator bound to a loop "
                                      "of extent 1 stays an iterator (True, TVM's default)"));
}

// compute_at's and reverse_compute_at's options.
QList<ParamField> AtOptionFields() {
  ParamField index = IntField("index", TirIntentsText::tr("Place among the loop's children"), -1,
                              /*minimum=*/-2);
  index.tooltip = TirIntentsText::tr(
      "index: -1 the last place the dependences allow (TVM's default), -2 the first, "
      "0, 1, ... that child of the loop");
  return {BoolField("preserve_unit_loops", TirIntentsText::tr("Keep loops of extent 1"), false,
                    TirIntentsText::tr("preserve_unit_loops: the block's new loops of extent "
                                       "1 are kept (False, TVM's default, drops them)")),
          index};
}

// The dialog's consumer_blocks: nothing when they are TVM's default (cache_read: every
// reader checked; cache_write: none). cache_read with none checked is refused (TVM reads
// an empty list as every reader).
QString SetConsumerParams(Intent& intent, const QVariantMap& values, const QStringList& choices) {
  if (!values.contains("consumer_blocks")) return {};
  QStringList checked = values.value("consumer_blocks").toStringList();
  bool read = intent.primitive == "cache_read";
  if (read && checked.isEmpty()) return NoCopyReader();
  if (read ? checked != choices : !checked.isEmpty()) intent.params["consumer_blocks"] = checked;
  return {};
}

QString NoMergeChoice(const QString& block, const QString& loop) {
  return TirIntentsText::tr(
             "merge: no loop of another nest in the scope of %1 lies at the depth of %2 with "
             "the same extents")
      .arg(block, loop);
}

}  // namespace

Result<tir::LoopRV> TirLoopRV(tir::Schedule& sch, const QString& block, const QString& name) {
  auto b = sch.GetBlock(S(block));
  if (!b.ok()) return b.error();
  auto loops = sch.GetLoops(*b);
  if (!loops.ok()) return loops.error();
  for (const tir::LoopRV& rv : *loops) {
    auto loop = sch.Get(rv);
    if (loop.ok() && Q((*loop)->loop_var.name()) == name) return rv;
  }
  return Error(S(TirIntentsText::tr("block %1 has no loop %2").arg(block, name)));
}

QString TirPrimitiveTitle(const QString& p) {
  if (p == "reverse_compute_at") return TirIntentsText::tr("Reverse Compute At…");
  if (p == "reverse_compute_inline") return TirIntentsText::tr("Reverse Compute Inline");
  if (p == "decompose_reduction") return TirIntentsText::tr("Decompose Reduction…");
  if (p == "fuse") return TirIntentsText::tr("Fuse with Inner Loop");
  if (p == "merge") return TirIntentsText::tr("Merge with Other Nests…");
  if (p == "tile") return TirIntentsText::tr("Tile with Inner Loop…");
  if (p == "blockize") return TirIntentsText::tr("Blockize");
  if (p == "transform_layout") return TirIntentsText::tr("Transform Layout…");
  if (p == "set_scope") return TirIntentsText::tr("Set Scope…");
  if (p == "storage_align") return TirIntentsText::tr("Storage Align…");
  if (p == "reindex") return TirIntentsText::tr("Reindex…");
  if (p == "decompose_padding") return TirIntentsText::tr("Decompose Padding…");
  if (p == "pad_einsum") return TirIntentsText::tr("Pad Einsum…");
  if (p == "reorder_block_iter_var") return TirIntentsText::tr("Reorder Block Iterators…");
  if (p == "unsafe_set_dtype") return TirIntentsText::tr("Set Data Type (Unsafe)…");
  if (p == "unsafe_hide_buffer_access") return TirIntentsText::tr("Hide Buffer Access (Unsafe)…");
  if (p == "cache_index") return TirIntentsText::tr("Cache Index Computations…");
  if (p == "rolling_buffer") return TirIntentsText::tr("Rolling Buffer…");
  if (p == "read_at") return TirIntentsText::tr("Read At (Copy per Iteration)…");
  if (p == "loop_partition") return TirIntentsText::tr("Partition…");
  if (p == "write_at") return TirIntentsText::tr("Write At (Copy per Iteration)…");
  if (p == "add_unit_loop") return TirIntentsText::tr("Add Unit Loop");
  if (p == "annotate") return TirIntentsText::tr("Annotate…");
  if (p == "unannotate") return TirIntentsText::tr("Unannotate…");
  if (p == "tensorize") return TirIntentsText::tr("Tensorize…");
  if (p == "transform_block_layout") return TirIntentsText::tr("Transform Block Layout…");
  if (p == "set_axis_separator") return TirIntentsText::tr("Set Axis Separator…");
  if (p == "annotate_buffer_access") return TirIntentsText::tr("Annotate Buffer Access…");
  return PrimitiveTitle(p);
}

QString TirLoopMenuProblem(const tir::Schedule& sch, const QString& p, const QString& block,
                           const QString& loop) {
  if (IsTirArgumentPrimitive(p)) return TirArgumentMenuProblem(sch, p, block, loop);
  bool checked = p == "parallel" || p == "vectorize" || p == "unroll" ||
                 p == "decompose_reduction" || p == "fuse" || p == "blockize" || p == "rfactor";
  if (p == "merge" && TirMergeChoices(sch, block, loop, 1).isEmpty())
    return NoMergeChoice(block, loop);
  if (p == "read_at" || p == "write_at") return CopyAtLoopProblem(sch, p, block, loop);
  if (p == "loop_partition") {
    const std::optional<int64_t> extent = TirLoopConstExtent(sch, block, loop);
    return TirIntentProblem(sch, Intent{p, block, {loop}, {{"factors", DefaultPartition(extent)}}});
  }
  if (!checked) return {};
  Intent dry{p, block, {loop}, {}};
  if (p == "fuse") {
    QStringList loops = TirLoopNames(sch, block);
    int at = int(loops.indexOf(loop));
    if (at >= 0 && at + 1 < loops.size()) dry.iterVars << loops[at + 1];
  }
  return TirIntentProblem(sch, dry);
}

QString TirBlockMenuProblem(const tir::Schedule& sch, const QString& p, const QString& block) {
  if (IsTirArgumentPrimitive(p)) return TirArgumentMenuProblem(sch, p, block, QString());
  if (p == "blockize" && TirBlockizeChoices(sch, block).size() < 2)
    return TirIntentsText::tr("blockize: no other block shares the scope of %1").arg(block);
  if (p == "compute_inline" || p == "reverse_compute_inline")
    return TirIntentProblem(sch, Intent{p, block, {}, {}});
  if (p == "cache_index")  // enabled where TVM's defaults find something to precompute
    return TirIntentProblem(sch,
                            Intent{p, block, {}, {{"storage_scope", "global"}, {"cse_thresh", 0}}});
  const tir::BlockRealizeNode* realize = TirFindBlock(sch, block);
  if (p == "unsafe_hide_buffer_access" && realize && realize->block->reads.empty() &&
      realize->block->writes.empty())
    return TirIntentsText::tr("%1: %2 declares no access").arg(p, block);
  if (p == "reorder_block_iter_var" && realize && realize->block->iter_vars.size() < 2)
    return TirIntentsText::tr("reorder_block_iter_var: %1 has fewer than two iterators").arg(block);
  if ((p == "unsafe_set_dtype" || p == "rolling_buffer") && realize) {
    // Enabled when one of the written buffers can change (unsafe_set_dtype: the function
    // allocates it; rolling_buffer: its tiles overlap).
    QString first;
    for (size_t i = 0; i < realize->block->writes.size(); ++i) {
      QVariantMap params{{"buffer_index", qlonglong(i)}};
      if (p == "unsafe_set_dtype") params["dtype"] = "float64";
      QString why = TirIntentProblem(sch, Intent{p, block, {}, params});
      if (why.isEmpty()) return {};
      if (first.isEmpty()) first = why;
    }
    return first.isEmpty() ? TirIntentsText::tr("%1: %2 writes no buffer").arg(p, block) : first;
  }
  return QString();
}

const QStringList& TirBlockPrimitives() {
  static const QStringList list{"compute_at",
                                "reverse_compute_at",
                                "compute_inline",
                                "reverse_compute_inline",
                                "cache_read",
                                "cache_write",
                                "cache_index",
                                "set_scope",
                                "storage_align",
                                "reindex",
                                "decompose_reduction",
                                "decompose_padding",
                                "pad_einsum",
                                "reorder_block_iter_var",
                                "unsafe_set_dtype",
                                "unsafe_hide_buffer_access",
                                "rolling_buffer",
                                "transform_layout",
                                "transform_block_layout",
                                "set_axis_separator",
                                "annotate_buffer_access",
                                "add_unit_loop",
                                "blockize",
                                "tensorize",
                                "annotate",
                                "unannotate"};
  return list;
}

const QStringList& TirLoopPrimitives() {
  static const QStringList list{
      "split",         "loop_partition",      "tile",    "fuse",     "merge",     "reorder",
      "parallel",      "vectorize",           "unroll",  "bind",     "rfactor",   "blockize",
      "add_unit_loop", "decompose_reduction", "read_at", "write_at", "tensorize", "annotate",
      "unannotate"};
  return list;
}

std::vector<const tir::BlockRealizeNode*> TirBlocks(const tir::Schedule& sch) {
  std::vector<const tir::BlockRealizeNode*> out;
  const tir::BlockRealizeNode* root = tir::RootRealize(sch.func());
  tir::PreOrderVisit(sch.func().body, [&](const tir::StmtNode* n) {
    if (auto* r = tir::As<tir::BlockRealizeNode>(n); r && r != root) out.push_back(r);
    return true;
  });
  return out;
}

const tir::BlockRealizeNode* TirFindBlock(const tir::Schedule& sch, const QString& name) {
  if (name.isEmpty()) return nullptr;
  auto found = sch.state().FindBlocks(S(name));
  return found.empty() ? nullptr : found.front();
}

std::vector<const tir::ForNode*> TirLoopsOf(const tir::Schedule& sch, const QString& block) {
  const tir::BlockRealizeNode* r = TirFindBlock(sch, block);
  if (!r || r == tir::RootRealize(sch.func())) return {};
  return sch.state().LoopsAbove(r);
}

QStringList TirLoopNames(const tir::Schedule& sch, const QString& block) {
  QStringList out;
  for (const tir::ForNode* l : TirLoopsOf(sch, block)) out << Q(l->loop_var.name());
  return out;
}

QString TirBlockOfLoop(const tir::Schedule& sch, const QString& loop) {
  const tir::ForNode* found = nullptr;
  tir::PreOrderVisit(sch.func().body, [&](const tir::StmtNode* n) {
    if (auto* l = tir::As<tir::ForNode>(n); l && !found && Q(l->loop_var.name()) == loop) found = l;
    return !found;
  });
  if (!found) return QString();
  std::vector<const tir::BlockRealizeNode*> under = sch.state().ChildBlocks(found);
  return under.empty() ? QString() : Q(under.front()->block->name);
}

std::optional<int64_t> TirConstExtent(const tir::ForNode& loop) {
  if (const auto* imm = loop.extent.as<ir::IntImmNode>()) return imm->value;
  return std::nullopt;
}

std::optional<int64_t> TirLoopConstExtent(const tir::Schedule& sch, const QString& block,
                                          const QString& loop) {
  for (const tir::ForNode* l : TirLoopsOf(sch, block))
    if (Q(l->loop_var.name()) == loop) return TirConstExtent(*l);
  return std::nullopt;
}

Result<std::vector<std::optional<int64_t>>> ParseSplitFactors(const QString& text,
                                                              const QString& primitive) {
  QString body = text.trimmed();
  if (body.startsWith('[') && body.endsWith(']')) body = body.mid(1, body.size() - 2);
  std::vector<std::optional<int64_t>> out;
  int nones = 0;
  for (const QString& part : body.split(',')) {
    QString f = part.trimmed();
    if (f == "None") {
      out.push_back(std::nullopt);
      ++nones;
      continue;
    }
    bool ok = false;
    int64_t v = f.toLongLong(&ok);
    if (!ok || v <= 0)
      return Error(S(TirIntentsText::tr("%1: factor '%2' is neither a positive integer nor None")
                         .arg(primitive, f)));
    out.push_back(v);
  }
  const bool split = primitive == "split";
  if (out.size() < (split ? 2u : 1u))
    return Error(S(split ? TirIntentsText::tr("split: give at least two factors, e.g. None, 32")
                         : TirIntentsText::tr("%1: give at least one length").arg(primitive)));
  if (nones > 1)
    return Error(S(TirIntentsText::tr("%1: at most one factor may be None").arg(primitive)));
  return out;
}

bool TirFlagOption(const Intent& intent, const QString& key) {
  bool fallback = key == "preserve_unit_iters";  // the others default to False
  return intent.params.value(key, fallback).toBool();
}

int64_t TirIndexOption(const Intent& intent) {
  bool ok = false;
  int64_t index = intent.params.value("index", -1).toLongLong(&ok);
  return ok ? index : -1;
}

QStringList TirConsumerBlocks(const Intent& intent) {
  return intent.params.value("consumer_blocks").toStringList();
}

QStringList TirCacheConsumerChoices(const tir::Schedule& sch, const QString& block, bool read) {
  const tir::BlockRealizeNode* r = TirFindBlock(sch, block);
  if (!r) return {};
  std::set<std::string> buffers;
  for (const tir::BufferRegion& region : read ? r->block->reads : r->block->writes)
    buffers.insert(region.buffer->name);
  QStringList out;
  for (const tir::BlockRealizeNode* other : TirBlocks(sch))
    for (const tir::BufferRegion& region : other->block->reads)
      if (buffers.count(region.buffer->name) && !out.contains(Q(other->block->name))) {
        out << Q(other->block->name);
        break;
      }
  return out;
}

QStringList TirBlockizeChoices(const tir::Schedule& sch, const QString& block) {
  const tir::BlockRealizeNode* r = TirFindBlock(sch, block);
  if (!r) return {};
  const tir::BlockRealizeNode* scope = sch.state().ScopeOf(r);
  QStringList out;
  for (const tir::BlockRealizeNode* other : TirBlocks(sch))
    if (sch.state().ScopeOf(other) == scope) out << Q(other->block->name);
  return out;
}

QStringList TirMergeWith(const Intent& intent) {
  return intent.params.value("merge_with").toString().split("; ", Qt::SkipEmptyParts);
}

QStringList TirMergeChoices(const tir::Schedule& sch, const QString& block, const QString& loop,
                            int most) {
  std::vector<const tir::ForNode*> own = TirLoopsOf(sch, block);
  std::set<const tir::ForNode*> seen(own.begin(), own.end());
  const tir::BlockRealizeNode* self = TirFindBlock(sch, block);
  const tir::ForNode* target = nullptr;
  for (const tir::ForNode* l : own)
    if (Q(l->loop_var.name()) == loop) target = l;
  if (!self || !target) return {};
  const tir::BlockRealizeNode* scope = sch.state().ScopeOf(self);
  const std::optional<int64_t> extent = TirConstExtent(*target);
  QStringList out;
  for (const tir::BlockRealizeNode* r : TirBlocks(sch)) {
    if (sch.state().ScopeOf(r) != scope) continue;
    QString other = Q(r->block->name);
    for (const tir::ForNode* l : TirLoopsOf(sch, other)) {
      if (!seen.insert(l).second) continue;
      // Only loops of equal extent can merge: the dry run below is for the rest.
      const std::optional<int64_t> e = TirConstExtent(*l);
      if (extent && e && *extent != *e) continue;
      QString choice = other + ": " + Q(l->loop_var.name());
      if (TirIntentProblem(sch, Intent{"merge", block, {loop}, {{"merge_with", choice}}}).isEmpty())
        out << choice;
      if (out.size() >= most) return out;
    }
  }
  return out;
}

Status ApplyTirIntent(tir::Schedule& sch, const Intent& intent) {
  const QString& p = intent.primitive;
  if (p == "merge") {
    auto loops = IntentLoops(sch, intent);
    if (!loops.ok()) return loops.error();
    for (const QString& other : TirMergeWith(intent)) {
      auto rv = TirLoopRV(sch, other.section(": ", 0, 0), other.section(": ", 1));
      if (!rv.ok()) return rv.error();
      loops->push_back(*rv);
    }
    auto r = sch.Merge(*loops);
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (p == "blockize" && intent.params.contains("blocks")) {
    std::vector<tir::BlockRV> blocks;
    for (const QString& name : intent.params.value("blocks").toStringList()) {
      auto b = sch.GetBlock(S(name));
      if (!b.ok()) return b.error();
      blocks.push_back(*b);
    }
    auto r = sch.Blockize(blocks, TirFlagOption(intent, "preserve_unit_iters"));
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (p == "blockize") return ApplyOnLoop(sch, intent);
  if (TirIntentNeedsScript(intent))
    return Error(
        S(TirIntentsText::tr("%1 takes Python lambdas: the application applies it as a script line")
              .arg(p)));
  if (IsTirArgumentPrimitive(p)) return ApplyTirArgumentIntent(sch, intent);
  if (p == "fuse" || p == "reorder") {
    auto loops = IntentLoops(sch, intent);
    if (!loops.ok()) return loops.error();
    if (loops->size() < 2)
      return Error(S(TirIntentsText::tr("%1 needs at least two loops").arg(p)));
    if (p == "reorder") return sch.Reorder(*loops);
    auto r = sch.Fuse(*loops, TirFlagOption(intent, "preserve_unit_iters"));
    return r.ok() ? Status::Ok() : Status(r.error());
  }
  if (TirBlockPrimitives().contains(p)) return ApplyOnBlock(sch, intent);
  return ApplyOnLoop(sch, intent);
}

bool TirIntentNeedsScript(const Intent& intent) {
  return intent.primitive == "transform_layout" || intent.primitive == "transform_block_layout" ||
         intent.primitive == "annotate_buffer_access";
}

QString TirBufferArgument(const Intent& intent) {
  return QString("(\"%1\", %2)")
      .arg(intent.params.value("buffer_type").toString())
      .arg(intent.params.value("buffer_index").toInt());
}

QString TirIntentProblem(const tir::Schedule& sch, const Intent& intent) {
  if (intent.primitive == "transform_block_layout")
    return TransformBlockLayoutArgumentProblem(sch, intent);
  if (intent.primitive == "annotate_buffer_access")
    return AnnotateBufferAccessArgumentProblem(sch, intent);
  if (TirIntentNeedsScript(intent)) return TransformLayoutArgumentProblem(sch, intent);
  tir::Schedule copy = sch;
  Status s = ApplyTirIntent(copy, intent);
  return s ? QString() : Q(s.error().message);
}

bool TirBlockFeeds(const tir::Schedule& sch, const QString& a, const QString& b) {
  const tir::BlockRealizeNode* ra = TirFindBlock(sch, a);
  const tir::BlockRealizeNode* rb = TirFindBlock(sch, b);
  if (!ra || !rb) return false;
  std::set<std::string> written;
  for (const tir::BufferRegion& w : ra->block->writes) written.insert(w.buffer->name);
  for (const tir::BufferRegion& r : rb->block->reads)
    if (written.count(r.buffer->name)) return true;
  return false;
}

TirDrop TirBlockOnLoop(const tir::Schedule& sch, const QString& block, const QString& loopBlock,
                       const QString& targetLoop) {
  if (block == loopBlock)
    return {std::nullopt,
            TirIntentsText::tr("%1 cannot be computed at one of its own loops").arg(block)};
  // The blocks under the target loop decide the direction: a block that reads what they
  // write follows them (reverse_compute_at), otherwise it is their producer.
  bool consumer = false;
  bool producer = false;
  for (const tir::ForNode* l : TirLoopsOf(sch, loopBlock)) {
    if (Q(l->loop_var.name()) != targetLoop) continue;
    for (const tir::BlockRealizeNode* r : sch.state().ChildBlocks(l)) {
      QString other = Q(r->block->name);
      if (other == block) continue;
      producer = producer || TirBlockFeeds(sch, block, other);
      consumer = consumer || TirBlockFeeds(sch, other, block);
    }
  }
  Intent intent{consumer && !producer ? "reverse_compute_at" : "compute_at",
                block,
                {targetLoop},
                {{"loop_block", loopBlock}}};
  return {intent, TirIntentProblem(sch, intent)};
}

TirDrop TirLoopOnLoop(const tir::Schedule& sch, const QString& loopBlock, const QString& sourceLoop,
                      const QString& targetLoop, TirDropPlace place) {
  QStringList loops = TirLoopNames(sch, loopBlock);
  int from = int(loops.indexOf(sourceLoop));
  int to = int(loops.indexOf(targetLoop));
  if (from < 0 || to < 0)
    return {std::nullopt, TirIntentsText::tr("%1 and %2 are not both loops of %3")
                              .arg(sourceLoop, targetLoop, loopBlock)};
  if (from == to)
    return {std::nullopt, TirIntentsText::tr("a loop dropped on itself does nothing")};
  Intent intent;
  intent.stage = loopBlock;
  if (place != TirDropPlace::On) {
    // The loops from the outermost to the innermost one involved, the dragged one moved.
    int at = place == TirDropPlace::Before ? to : to + 1;
    QStringList moved = loops;
    moved.insert(at, sourceLoop);
    moved.removeAt(at <= from ? from + 1 : from);
    if (moved == loops)
      return {std::nullopt,
              TirIntentsText::tr("%1 is already there: nothing to do").arg(sourceLoop)};
    int first = std::min(from, at), last = std::max(from, at - 1);
    intent.primitive = "reorder";
    intent.iterVars = moved.mid(first, last - first + 1);
    return {intent, TirIntentProblem(sch, intent)};
  }
  if (std::abs(from - to) == 1) {
    intent.primitive = "fuse";
    intent.iterVars = {loops[std::min(from, to)], loops[std::max(from, to)]};
  } else {
    intent.primitive = "reorder";
    intent.iterVars = {loops[std::max(from, to)], loops[std::min(from, to)]};
  }
  return {intent, TirIntentProblem(sch, intent)};
}

TirDrop TirLoopOnOtherNest(const tir::Schedule& sch, const QString& sourceBlock,
                           const QString& sourceLoop, const QString& targetBlock,
                           const QString& targetLoop) {
  Intent intent{
      "merge", sourceBlock, {sourceLoop}, {{"merge_with", targetBlock + ": " + targetLoop}}};
  return {intent, TirIntentProblem(sch, intent)};
}

PrimitiveRequest RequestTirPrimitive(QWidget* parent, const QString& primitive,
                                     const tir::Schedule& sch, const QString& block,
                                     const QString& loop, const IntentCheck& check,
                                     const TirDryRun& dryRun) {
  const tir::BlockRealizeNode* realize = TirFindBlock(sch, block);
  if (!realize)
    return {std::nullopt, TirIntentsText::tr("%1: select a block first").arg(primitive)};
  Intent intent{primitive, block, {}, {}};
  QStringList loops = TirLoopNames(sch, block);
  QList<ParamField> fields;
  auto needLoop = [&]() -> QString {
    if (loop.isEmpty())
      return TirIntentsText::tr("%1: select a loop of %2 first").arg(primitive, block);
    intent.iterVars << loop;
    return {};
  };
  QString problem;
  QStringList consumers;  // cache_read's and cache_write's consumer_blocks choices
  if (IsTirArgumentPrimitive(primitive)) {
    if (!loop.isEmpty()) intent.iterVars << loop;
    fields = TirArgumentFields(sch, primitive, block, loop, &problem, dryRun);
  } else if (primitive == "split") {
    problem = needLoop();
    const std::optional<int64_t> extent = TirLoopConstExtent(sch, block, loop);
    ParamField f;
    f.key = "factors";
    f.label = TirIntentsText::tr("Factors (None is inferred)");
    f.kind = ParamField::Kind::Text;
    f.value = QString("None, 32");
    fields << f << PreserveUnitItersField()
           << BoolField("disable_predication", TirIntentsText::tr("No predicate"), false,
                        TirIntentsText::tr("disable_predication: no T.where guards the "
                                           "split loops; where the factors do not divide the "
                                           "extent the block runs past it"));
    ParamField preview;
    preview.key = "preview";
    preview.kind = ParamField::Kind::Preview;
    preview.preview = [extent](const QVariantMap& v) {
      return SplitExtents(v.value("factors").toString(), extent);
    };
    fields << preview;
  } else if (primitive == "loop_partition") {
    problem = needLoop();
    const std::optional<int64_t> extent = TirLoopConstExtent(sch, block, loop);
    ParamField f;
    f.key = "factors";
    f.label = TirIntentsText::tr("Lengths of the partitions (None: the rest)");
    f.kind = ParamField::Kind::Text;
    f.value = DefaultPartition(extent);
    f.tooltip = TirIntentsText::tr(
        "Each length starts a loop where the one before it ended; without None, a last loop "
        "runs to the extent. Each loop is in a block <block>_<loop><n>_partition");
    ParamField preview;
    preview.key = "preview";
    preview.kind = ParamField::Kind::Preview;
    preview.preview = [extent](const QVariantMap& v) {
      return PartitionRanges(v.value("factors").toString(), extent);
    };
    fields << f << preview;
  } else if (primitive == "fuse") {
    problem = needLoop();
    int at = int(loops.indexOf(loop));
    if (problem.isEmpty() && (at < 0 || at + 1 >= loops.size()))
      problem = TirIntentsText::tr("fuse: %1 has no inner loop to fuse with").arg(loop);
    else if (problem.isEmpty())
      intent.iterVars << loops[at + 1];
    fields << PreserveUnitItersField();
  } else if (primitive == "merge") {
    problem = needLoop();
    QStringList choices = problem.isEmpty() ? TirMergeChoices(sch, block, loop) : QStringList();
    if (problem.isEmpty() && choices.isEmpty()) problem = NoMergeChoice(block, loop);
    ParamField f;
    f.key = "merge_with";
    f.label = TirIntentsText::tr("Loops to merge %1 with").arg(loop);
    f.kind = ParamField::Kind::Subset;
    f.choices = choices;
    f.value = choices.mid(0, 1);
    f.tooltip =
        TirIntentsText::tr(
            "The nests of the checked loops and of %1 become one nest %1_m whose body runs each "
            "nest's body in turn, where the last nest stood. Like TVM, merge checks the nests' "
            "shape, not the order of what their blocks read and write")
            .arg(loop);
    ParamField check;
    check.key = "merge_check";
    check.kind = ParamField::Kind::Preview;
    check.verdict = [](const QVariantMap& v) -> Result<QString> {
      QStringList checked = v.value("merge_with").toStringList();
      if (checked.isEmpty()) return Error(S(TirIntentsText::tr("check at least one loop")));
      return TirIntentsText::tr("merged with %1").arg(checked.join(", "));
    };
    fields << f << check;
  } else if (primitive == "tile") {
    problem = needLoop();
    int at = int(loops.indexOf(loop));
    if (problem.isEmpty() && (at < 0 || at + 1 >= loops.size()))
      problem = TirIntentsText::tr("tile: %1 has no inner loop to tile with").arg(loop);
    if (problem.isEmpty()) {
      QString inner = loops[at + 1];
      intent.iterVars << inner;
      std::vector<const tir::ForNode*> nest = TirLoopsOf(sch, block);
      std::optional<int64_t> xe = TirConstExtent(*nest[size_t(at)]);
      std::optional<int64_t> ye = TirConstExtent(*nest[size_t(at) + 1]);
      fields << IntField("x_factor", TirIntentsText::tr("Inner extent of %1").arg(loop), 8)
             << IntField("y_factor", TirIntentsText::tr("Inner extent of %1").arg(inner), 8);
      ParamField preview;
      preview.key = "preview";
      preview.kind = ParamField::Kind::Preview;
      preview.preview = [loop, inner, xe, ye](const QVariantMap& v) {
        return TileLoops(v, loop, xe, inner, ye);
      };
      fields << preview;
    }
  } else if (primitive == "rfactor") {
    problem = needLoop();
    const auto& writes = realize->block->writes;
    QString buffer = writes.empty() ? block : Q(writes.front().buffer->name);
    ParamField axis = IntField(
        "factor_axis",
        TirIntentsText::tr("Position of the factored loop in %1.rf's shape").arg(buffer), 0,
        /*minimum=*/0);
    axis.maximum = writes.empty() ? 0 : int(writes.front().buffer->shape.size());
    fields << axis;
  } else if (primitive == "blockize" && loop.isEmpty()) {
    // The block menu's blockize: the block and its neighbours in the same scope.
    QStringList choices = TirBlockizeChoices(sch, block);
    if (choices.size() < 2)
      problem = TirIntentsText::tr("blockize: no other block shares the scope of %1").arg(block);
    int at = int(choices.indexOf(block));
    ParamField f;
    f.key = "blocks";
    f.label = TirIntentsText::tr("Blocks (consecutive, in the order they run)");
    f.kind = ParamField::Kind::Subset;
    f.choices = choices;
    f.value = at + 1 < choices.size() ? QStringList{block, choices.value(at + 1)}
                                      : QStringList{choices.value(at - 1), block};
    f.tooltip = TirIntentsText::tr(
        "The checked blocks and their loops below their common loop become one block "
        "outer_<B>_<C>_");
    fields << f << PreserveUnitItersField();
  } else if (primitive == "blockize") {
    problem = needLoop();
    fields << PreserveUnitItersField();
  } else if (primitive == "reorder") {
    ParamField f;
    f.key = "order";
    f.label = TirIntentsText::tr("Loop order (outermost first)");
    f.kind = ParamField::Kind::Order;
    f.value = loops;
    fields << f;
  } else if (primitive == "bind") {
    problem = needLoop();
    fields << ChoiceField("thread_axis", TirIntentsText::tr("Thread axis"), ThreadTags());
  } else if (primitive == "parallel" || primitive == "vectorize" || primitive == "unroll") {
    problem = needLoop();
  } else if (primitive == "compute_at" || primitive == "reverse_compute_at") {
    QStringList targets = AtTargets(sch, block, primitive == "reverse_compute_at");
    if (targets.isEmpty())
      problem =
          primitive == "compute_at"
              ? TirIntentsText::tr("compute_at: no block reads what %1 writes").arg(block)
              : TirIntentsText::tr("reverse_compute_at: no block writes what %1 reads").arg(block);
    fields << ChoiceField("target", TirIntentsText::tr("Loop"), targets) << AtOptionFields();
  } else if (primitive == "cache_read" || primitive == "cache_write") {
    bool read = primitive == "cache_read";
    QStringList buffers = BufferChoices(read ? realize->block->reads : realize->block->writes);
    if (buffers.isEmpty())
      problem = TirIntentsText::tr("%1: %2 has no buffer to cache").arg(primitive, block);
    fields << ChoiceField(
        "buffer", read ? TirIntentsText::tr("Read buffer") : TirIntentsText::tr("Written buffer"),
        buffers);
    fields << ChoiceField(
        "storage_scope", TirIntentsText::tr("Storage scope"),
        read ? QStringList{"shared", "local", "global"} : QStringList{"local", "shared", "global"});
    consumers = TirCacheConsumerChoices(sch, block, read);
    if (!consumers.isEmpty()) {
      ParamField f;
      f.key = "consumer_blocks";
      f.label = read ? TirIntentsText::tr("Blocks that read the copy")
                     : TirIntentsText::tr("Blocks that read the cache directly");
      f.kind = ParamField::Kind::Subset;
      f.choices = consumers;
      f.value = read ? consumers : QStringList();
      f.tooltip = read ? TirIntentsText::tr(
                             "consumer_blocks: the readers switched to the copy "
                             "(all of them: TVM's default, None)")
                       : TirIntentsText::tr(
                             "consumer_blocks: the readers that read the cache "
                             "instead of the written buffer (none: TVM's default)");
      fields << f;
      if (read) {
        ParamField check;
        check.key = "consumers_check";
        check.kind = ParamField::Kind::Preview;
        check.verdict = [](const QVariantMap& v) -> Result<QString> {
          QStringList checked = v.value("consumer_blocks").toStringList();
          if (checked.isEmpty()) return Error(S(NoCopyReader()));
          return TirIntentsText::tr("%1 read the copy").arg(checked.join(", "));
        };
        fields << check;
      }
    }
  } else if (primitive == "transform_layout") {
    QStringList buffers;
    for (const auto& [type, regions] : {std::pair{QString("write"), &realize->block->writes},
                                        std::pair{QString("read"), &realize->block->reads}})
      for (size_t i = 0; i < regions->size(); ++i)
        buffers << QString("%1 %2: %3").arg(type).arg(i).arg(Q((*regions)[i].buffer->name));
    if (buffers.isEmpty())
      problem = TirIntentsText::tr("transform_layout: %1 accesses no buffer").arg(block);
    fields << ChoiceField("layout_buffer", TirIntentsText::tr("Buffer"), buffers);
    const auto& first =
        realize->block->writes.empty() ? realize->block->reads : realize->block->writes;
    ParamField map;
    map.key = "index_map";
    map.label = TirIntentsText::tr("Index map (a Python lambda)");
    map.kind = ParamField::Kind::Text;
    map.value = DefaultIndexMap(first.empty() ? 0 : first.front().buffer->shape.size());
    map.tooltip = TirIntentsText::tr(
        "The physical indices from the logical ones, e.g. lambda i, j: (i, j // 4, "
        "j % 4); padding appears where the new shape has more cells");
    ParamField pad;
    pad.key = "pad_value";
    pad.label = TirIntentsText::tr("Pad value (empty: None)");
    pad.kind = ParamField::Kind::Text;
    pad.value = QString();
    pad.tooltip = TirIntentsText::tr(
        "What the padding holds: a number (0.0), or a lambda of the physical "
        "indices; None refuses a map that pads (TransformationIntroducesPaddingError)");
    ParamField preview;
    preview.key = "preview";
    preview.kind = ParamField::Kind::Preview;
    preview.preview = [&sch, intent, check, dryRun](const QVariantMap& v) {
      return LayoutPreview(sch, intent, v, check, dryRun);
    };
    fields << map << pad << preview;
  } else if (primitive == "decompose_reduction" || primitive == "decompose_padding") {
    if (!loop.isEmpty())
      intent.iterVars << loop;
    else
      fields << ChoiceField("loop",
                            primitive == "decompose_reduction"
                                ? TirIntentsText::tr("Init block above loop")
                                : TirIntentsText::tr("Padding block above loop"),
                            loops);
  } else if (primitive == "read_at" || primitive == "write_at") {
    problem = needLoop();
    bool read = primitive == "read_at";
    QStringList buffers = BufferChoices(read ? realize->block->reads : realize->block->writes);
    if (problem.isEmpty() && buffers.isEmpty())
      problem = read ? TirIntentsText::tr("read_at: %1 reads no buffer").arg(block)
                     : TirIntentsText::tr("write_at: %1 writes no buffer").arg(block);
    ParamField buffer = ChoiceField(
        "buffer", read ? TirIntentsText::tr("Read buffer") : TirIntentsText::tr("Written buffer"),
        buffers);
    buffer.tooltip =
        read ? TirIntentsText::tr(
                   "Copied per iteration of %1, before the first of its children that reads it; "
                   "from there on they read the copy")
                   .arg(loop)
             : TirIntentsText::tr(
                   "Written into a copy by the children of %1 up to the last that writes it, "
                   "and copied back after it")
                   .arg(loop);
    fields << buffer
           << ChoiceField("storage_scope", TirIntentsText::tr("Storage scope"),
                          read ? QStringList{"shared", "local", "global", "shared.dyn"}
                               : QStringList{"local", "shared", "global", "shared.dyn"});
  } else if (primitive == "cache_index") {
    ParamField thresh = IntField("cse_thresh", TirIntentsText::tr("Seen at least (cse_thresh)"), 0,
                                 /*minimum=*/0);
    thresh.tooltip = TirIntentsText::tr(
        "An index computation is precomputed where the block computes it (or one that "
        "simplifies to it) at least this often; a rarer one gives way to its parts");
    fields << ChoiceField("storage_scope", TirIntentsText::tr("Storage scope"),
                          {"global", "shared", "local"})
           << thresh;
  } else if (primitive == "set_scope" || primitive == "storage_align" ||
             primitive == "rolling_buffer") {
    QStringList buffers = BufferChoices(realize->block->writes);
    if (buffers.isEmpty())
      problem = TirIntentsText::tr("%1: %2 writes no buffer").arg(primitive, block);
    fields << ChoiceField("buffer", TirIntentsText::tr("Written buffer"), buffers);
    if (primitive == "set_scope") {
      fields << ChoiceField("storage_scope", TirIntentsText::tr("Storage scope"),
                            {"shared", "local", "global", "shared.dyn"});
    } else if (primitive == "storage_align") {
      int rank = realize->block->writes.empty()
                     ? 1
                     : int(realize->block->writes.front().buffer->shape.size());
      ParamField axis =
          IntField("axis", TirIntentsText::tr("Axis"), std::max(0, rank - 2), /*minimum=*/0);
      axis.maximum = std::max(0, rank - 1);
      fields << axis << IntField("factor", TirIntentsText::tr("Factor"), 32)
             << IntField("offset", TirIntentsText::tr("Offset"), 1, /*minimum=*/0);
    }
  } else if (primitive == "reindex") {
    QStringList buffers;
    for (const auto& [type, regions] : {std::pair{QString("write"), &realize->block->writes},
                                        std::pair{QString("read"), &realize->block->reads}})
      for (size_t i = 0; i < regions->size(); ++i)
        buffers << QString("%1 %2: %3").arg(type).arg(i).arg(Q((*regions)[i].buffer->name));
    if (buffers.isEmpty())
      problem = TirIntentsText::tr("reindex: %1 accesses no buffer").arg(block);
    fields << ChoiceField("layout_buffer", TirIntentsText::tr("Buffer"), buffers);
  } else if (primitive == "pad_einsum") {
    ParamField f;
    f.key = "padding";
    f.label = TirIntentsText::tr("Padding (a multiple per block iterator)");
    f.kind = ParamField::Kind::Text;
    QStringList ones;
    for (size_t i = 0; i < realize->block->iter_vars.size(); ++i) ones << "1";
    f.value = ones.join(", ");
    f.tooltip = TirIntentsText::tr(
        "Each iterator's extent is padded up to a multiple of its number, e.g. 1, 32, 1");
    fields << f;
  } else if (primitive == "reorder_block_iter_var") {
    QStringList iters;
    for (const auto& iv : realize->block->iter_vars) iters << Q(iv->var.name());
    if (iters.size() < 2)
      problem =
          TirIntentsText::tr("reorder_block_iter_var: %1 has fewer than two iterators").arg(block);
    ParamField f;
    f.key = "iter_order";
    f.label = TirIntentsText::tr("Block iterators in their new order");
    f.kind = ParamField::Kind::Order;
    f.value = iters;
    fields << f;
  } else if (primitive == "unsafe_hide_buffer_access") {
    QStringList accesses;
    for (const auto& [type, regions] : {std::pair{QString("read"), &realize->block->reads},
                                        std::pair{QString("write"), &realize->block->writes}})
      for (size_t i = 0; i < regions->size(); ++i)
        accesses << QString("%1 %2: %3").arg(type).arg(i).arg(Q((*regions)[i].buffer->name));
    if (accesses.isEmpty())
      problem = TirIntentsText::tr("%1: %2 declares no access").arg(primitive, block);
    ParamField f;
    f.key = "hidden_accesses";
    f.label = TirIntentsText::tr("Accesses to take out of the block's signature");
    f.kind = ParamField::Kind::Subset;
    f.choices = accesses;
    f.value = QStringList();
    f.tooltip = TirIntentsText::tr(
        "The body still accesses them; the dependence analysis no longer sees them (an "
        "index buffer that stops tensorize's pattern match). Unsafe, as in TVM");
    ParamField check;
    check.key = "hidden_check";
    check.kind = ParamField::Kind::Preview;
    check.verdict = [](const QVariantMap& v) -> Result<QString> {
      QStringList checked = v.value("hidden_accesses").toStringList();
      if (checked.isEmpty()) return Error(S(TirIntentsText::tr("check at least one access")));
      QString type = checked.front().section(' ', 0, 0);
      for (const QString& c : checked)
        if (c.section(' ', 0, 0) != type)
          return Error(S(TirIntentsText::tr("check reads or writes, not both (one call each)")));
      return TirIntentsText::tr("hides %1").arg(checked.join(", "));
    };
    fields << f << check;
  } else if (primitive == "unsafe_set_dtype") {
    QStringList buffers = BufferChoices(realize->block->writes);
    if (buffers.isEmpty())
      problem = TirIntentsText::tr("%1: %2 writes no buffer").arg(primitive, block);
    ParamField dtype = ChoiceField("dtype", TirIntentsText::tr("Data type"),
                                   {"float16", "float32", "float64", "int8", "int16", "int32",
                                    "int64", "uint8", "uint16", "uint32"});
    dtype.tooltip = TirIntentsText::tr(
        "The buffer's element type; stores into it are cast to it and loads cast back, "
        "so values may lose precision");
    fields << ChoiceField("buffer", TirIntentsText::tr("Written buffer"), buffers) << dtype;
  } else if (primitive != "compute_inline" && primitive != "reverse_compute_inline") {
    problem = TirIntentsText::tr("unknown TensorIR primitive %1").arg(primitive);
  }
  if (!problem.isEmpty()) return {std::nullopt, problem};
  if (!fields.isEmpty()) {
    auto values = AskParameters(parent, TirPrimitiveTitle(primitive).remove("…"), fields);
    if (!values) return {};
    if (IsTirArgumentPrimitive(primitive)) SetTirArgumentParams(intent, *values);
    for (const char* key : {"factors", "x_factor", "y_factor", "factor_axis", "axis", "factor",
                            "offset", "padding", "cse_thresh"})
      if (values->contains(key)) intent.params[key] = values->value(key);
    if (values->contains("thread_axis"))
      intent.params["thread_axis"] = values->value("thread_axis");
    // The options at TVM's defaults are left out: the intent (and its line) is the one
    // the dialog made before it had them.
    for (const char* key : {"preserve_unit_loops", "preserve_unit_iters", "disable_predication"})
      if (values->contains(key) &&
          values->value(key).toBool() != TirFlagOption(Intent{primitive, block, {}, {}}, key))
        intent.params[key] = values->value(key).toBool();
    if (values->contains("blocks"))
      intent.params["blocks"] = values->value("blocks").toStringList();
    if (values->contains("hidden_accesses")) {
      QStringList checked = values->value("hidden_accesses").toStringList();
      QStringList indices;
      for (const QString& c : checked) indices << c.section(' ', 1, 1).section(':', 0, 0);
      intent.params["buf_type"] = checked.value(0).section(' ', 0, 0);
      intent.params["buf_index_array"] = indices.join(", ");
    }
    if (values->contains("merge_with"))
      intent.params["merge_with"] = values->value("merge_with").toStringList().join("; ");
    if (values->contains("index") && values->value("index").toInt() != -1)
      intent.params["index"] = values->value("index").toInt();
    problem = SetConsumerParams(intent, *values, consumers);
    if (!problem.isEmpty()) return {std::nullopt, problem};
    if (values->contains("order")) intent.iterVars = values->value("order").toStringList();
    if (values->contains("loop")) intent.iterVars = {values->value("loop").toString()};
    if (values->contains("storage_scope"))
      intent.params["storage_scope"] = values->value("storage_scope");
    if (values->contains("dtype")) intent.params["dtype"] = values->value("dtype");
    if (values->contains("iter_order")) {
      // TVM takes the iterators' old positions in their new order.
      QStringList positions;
      for (const QString& name : values->value("iter_order").toStringList()) {
        for (size_t i = 0; i < realize->block->iter_vars.size(); ++i)
          if (Q(realize->block->iter_vars[i]->var.name()) == name) positions << QString::number(i);
      }
      intent.params["new_order"] = positions.join(", ");
    }
    if (values->contains("buffer"))
      intent.params["buffer_index"] = values->value("buffer").toString().section(':', 0, 0).toInt();
    if (values->contains("layout_buffer") && primitive == "reindex") {
      QString choice = values->value("layout_buffer").toString();
      intent.params["buffer_type"] = choice.section(' ', 0, 0);
      intent.params["buffer_index"] = choice.section(' ', 1, 1).section(':', 0, 0).toInt();
    } else if (values->contains("layout_buffer")) {
      SetLayoutParams(intent, *values);
    }
    if (values->contains("target")) {
      QString target = values->value("target").toString();
      intent.params["loop_block"] = target.section(": ", 0, 0);
      intent.iterVars = {target.section(": ", 1)};
    }
  }
  QString why = TirIntentProblem(sch, intent);
  if (why.isEmpty() && check) why = check(intent);
  if (!why.isEmpty()) return {std::nullopt, why};
  return {intent, {}};
}

}  // namespace tessera::views
