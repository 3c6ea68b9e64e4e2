#include "views/TirBufferLayouts.h"

#include <QCoreApplication>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "tir/BufferLayouts.h"
#include "tir/IndexMap.h"
#include "views/TirText.h"

namespace tessera::views {
namespace {

struct TirBufferLayoutsText {
  Q_DECLARE_TR_FUNCTIONS(TirBufferLayouts)
};

// A constant pad value as its number ("0", "-1.5"); one that reads the indices as the
// lambda TVM's trace writes; "" for None.
std::string PadText(const tir::IndexMap& pad) {
  layout::PadValue value = tir::PadValueOf(pad);
  if (value.kind == layout::PadValue::Kind::Function) return tir::IndexMapAsPython(pad);
  return value.kind == layout::PadValue::Kind::Constant ? ir::to_string(value.value) : "";
}

QString ShapeText(const std::vector<ir::Expr>& shape) {
  QStringList dims;
  for (const ir::Expr& e : shape) dims << Q(ir::to_string(e));
  return "[" + dims.join(", ") + "]";
}

QStringList PaddingPlan(const tir::Schedule& sch, const TirBufferLayout& l, bool assume_injective) {
  const layout::PaddedLayout& lay = l.info.layout;
  const QString name = Q(l.info.name);
  bool padded = lay.padding_count
                    ? *lay.padding_count > 0
                    : lay.padding_predicate.defined() && !ir::is_zero(lay.padding_predicate);
  if (!padded)
    return {TirBufferLayoutsText::tr("No padding: every physical cell holds an element of %1.")
                .arg(name)};
  QString pred = lay.padding_predicate.defined() ? Q(ir::to_string(lay.padding_predicate))
                                                 : TirBufferLayoutsText::tr("(no closed form)");
  QString pad = Q(l.info.pad_value);
  QStringList plan;
  if (assume_injective)
    plan << TirBufferLayoutsText::tr(
        "assume_injective_transform=True: the padding is neither written nor checked.");
  if (pad.isEmpty()) {
    plan << TirBufferLayoutsText::tr("No pad value: the padding where %1 is never written or read.")
                .arg(pred);
    return plan;
  }
  tir::PaddingHandling handling = tir::PaddingHandlingOf(sch, l.info.name);
  for (const std::string& block : handling.overcompute)
    plan << TirBufferLayoutsText::tr(
                "Overcompute: %1 iterates the padded shape %2 and stores "
                "T.if_then_else(%3, %4, value), so the padding is written in the same pass, "
                "with no branch around the store.")
                .arg(Q(block), ShapeText(lay.physical_shape), pred, pad);
  QStringList producers;
  for (const std::string& block : handling.producers) producers << Q(block);
  QString assumptions = Q(handling.assumption_block), padding = Q(handling.padding_block);
  if (!assumptions.isEmpty())
    plan << TirBufferLayoutsText::tr(
                "Input: nothing here writes %1, so block %2 states what the caller promises: "
                "T.assume(not (%3) or %1[...] == %4).")
                .arg(name, assumptions, pred, pad);
  if (!padding.isEmpty())
    plan << TirBufferLayoutsText::tr(
                "Branching: %1 writes only the logical elements; block %2 then writes %3 to the "
                "padding cells, guarded by T.where(%4).")
                .arg(producers.isEmpty() ? TirBufferLayoutsText::tr("the producer")
                                         : producers.join(", "),
                     padding, pad, pred);
  if (plan.isEmpty())
    plan << TirBufferLayoutsText::tr(
                "The padding where %1 holds %2; no block of the schedule writes or assumes it.")
                .arg(pred, pad);
  return plan;
}

// The view's entry of a transform_block_layout: the block's iterations before and after
// the map (bijective, so no padding), and what the primitive did to the block.
TirBufferLayout BlockEntry(const tir::TransformedLayout& t) {
  TirBufferLayout l;
  l.trace_index = t.trace_index;
  l.iteration_space = true;
  l.block = Q(t.block);
  l.index_map = Q(tir::IndexMapAsPython(t.index_map));
  l.info.name = "block " + t.block;
  l.info.layout = t.layout;
  QStringList iters;
  for (const std::string& it : t.iterators) iters << Q(it);
  l.plan << TirBufferLayoutsText::tr(
                "transform_block_layout rewrote the iteration space of block %1: its iterators "
                "%2 over %3 became %4 new ones over %5, each new iteration one old iteration "
                "(the map is bijective: no padding, nothing computed twice).")
                .arg(l.block, iters.join(", "), ShapeText(l.info.layout.logical_shape))
                .arg(l.info.layout.physical_shape.size())
                .arg(ShapeText(l.info.layout.physical_shape));
  l.plan << TirBufferLayoutsText::tr(
                "The loops above %1 were replaced by one loop per new iterator, and its "
                "accesses read the old iterators through the inverse map.")
                .arg(l.block);
  return l;
}

}  // namespace

std::vector<TirBufferLayout> TirBufferLayoutsOf(const tir::Schedule& sch) {
  std::vector<TirBufferLayout> out;
  for (const tir::TransformedLayout& t : tir::TransformedLayoutsOf(sch)) {
    if (t.iteration_space()) {
      out.push_back(BlockEntry(t));
      continue;
    }
    TirBufferLayout l;
    l.trace_index = t.trace_index;
    l.block = Q(t.block);
    l.index_map = Q(tir::IndexMapAsPython(t.index_map));
    l.info.name = t.buffer;
    l.info.dtype = t.dtype;
    l.info.layout = t.layout;
    l.info.pad_value = PadText(t.pad_value);
    l.plan = PaddingPlan(sch, l, t.assume_injective_transform);
    out.push_back(std::move(l));
  }
  return out;
}

QString TirLayoutPreviewText(const tir::Schedule& after) {
  const std::vector<tir::Instruction>& insts = after.trace().insts;
  if (insts.empty() || insts.back().kind != tir::InstKind::TransformLayout)
    return TirBufferLayoutsText::tr("The schedule has no new transform_layout to show.");
  std::vector<TirBufferLayout> layouts = TirBufferLayoutsOf(after);
  if (layouts.empty() || layouts.back().trace_index + 1 != insts.size())
    return TirBufferLayoutsText::tr(
        "Applies; the layout analysis does not cover this map, so its padding is not "
        "shown.");
  const TirBufferLayout& l = layouts.back();
  const layout::PaddedLayout& lay = l.info.layout;
  QString out =
      TirBufferLayoutsText::tr("%1: %2 → %3")
          .arg(Q(l.info.name), ShapeText(lay.logical_shape), ShapeText(lay.physical_shape));
  int64_t cells = 1;
  bool constant = true;
  for (const ir::Expr& e : lay.physical_shape) {
    const auto* imm = e.as<ir::IntImmNode>();
    constant = constant && imm;
    if (imm) cells *= imm->value;
  }
  if (lay.padding_count && constant) {
    int64_t pad = *lay.padding_count;
    int64_t bytes = pad * l.info.dtype.bytes() * l.info.dtype.lanes();
    out += " · " + TirBufferLayoutsText::tr("padding %1 of %2 cells (%3 %) · %4 bytes wasted")
                       .arg(pad)
                       .arg(cells)
                       .arg(cells ? 100.0 * double(pad) / double(cells) : 0.0, 0, 'f', 1)
                       .arg(bytes);
  } else if (lay.padding_predicate.defined()) {
    out +=
        " · " +
        TirBufferLayoutsText::tr("padding where %1").arg(Q(ir::to_string(lay.padding_predicate)));
  }
  return out + "\n" + l.plan.join("\n");
}

}  // namespace tessera::views
