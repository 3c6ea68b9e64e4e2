#include "views/TirBufferLayouts.h"

#include <QCoreApplication>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "tir/IndexMap.h"
#include "tir/primitive/Primitives.h"
#include "views/TirIntents.h"

namespace tessera::views {
namespace {

struct TirBufferLayoutsText {
  Q_DECLARE_TR_FUNCTIONS(TirBufferLayouts)
};
QString Q(const std::string& s) { return QString::fromStdString(s); }

// A constant pad value as its number ("0", "-1.5"); one that reads the indices as the
// lambda TVM's trace writes; "" for None.
std::string PadText(const tir::IndexMap& pad) {
  if (!pad || pad->final_indices.empty()) return "";
  const ir::Expr& value = pad->final_indices[0];
  bool indexed = false;
  for (const ir::Var& v : pad->initial_indices) indexed = indexed || ir::UsesVar(value, v);
  return indexed ? tir::IndexMapAsPython(pad) : ir::to_string(value);
}

// Whether the block (not the blocks nested in it) stores into a buffer named `name`, and
// whether such a store is `T.if_then_else(pad, pad_value, value)`.
struct Stores {
  bool any = false, selects = false;
};

Stores StoresOf(const tir::BlockRealizeNode& realize, const std::string& name) {
  struct Finder : ir::IRVisitor {
    const std::string* name;
    Stores* out;
    void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
      if (n->buffer->name == *name) {
        out->any = true;
        const auto* call = n->value.as<ir::CallNode>();
        out->selects = out->selects || (call && call->op == "if_then_else");
      }
      ir::IRVisitor::VisitBufferStore(n, s);
    }
  } finder;
  Stores out;
  finder.name = &name;
  finder.out = &out;
  tir::PreOrderVisit(realize.block->body, [&](const tir::StmtNode* n) {
    if (const auto* c = tir::As<tir::ComputeNode>(n)) finder.VisitStmt(c->stmt);
    return tir::As<tir::BlockRealizeNode>(n) == nullptr;
  });
  return out;
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
  QStringList producers;
  QString assumptions, padding;
  std::string target = l.info.name;
  for (const tir::BlockRealizeNode* r : TirBlocks(sch)) {
    QString block = Q(r->block->name);
    if (block == "buffer_" + name + "_assumptions") assumptions = block;
    if (block == "buffer_" + name + "_padding") {
      padding = block;
      continue;
    }
    Stores s = StoresOf(*r, target);
    if (s.selects)
      plan << TirBufferLayoutsText::tr(
                  "Overcompute: %1 iterates the padded shape %2 and stores "
                  "T.if_then_else(%3, %4, value), so the padding is written in the same pass, "
                  "with no branch around the store.")
                  .arg(block, ShapeText(lay.physical_shape), pred, pad);
    else if (s.any)
      producers << block;
  }
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

// The block as it was before instruction `k` of `sch`'s trace: its trace replayed up to it
// on the original function.
Result<const tir::BlockRealizeNode*> BlockBefore(const tir::Schedule& sch, size_t k,
                                                 tir::Schedule* replay) {
  const std::vector<tir::Instruction>& insts = sch.trace().insts;
  tir::Trace before;
  before.insts.assign(insts.begin(), insts.begin() + long(k));
  *replay = tir::Schedule(sch.original_func(), /*seed=*/1, sch.func_name());
  if (Status s = tir::ApplyTrace(before, replay); !s) return s.error();
  return replay->Get(tir::BlockRV{insts[k].inputs[0]});
}

// A transform_block_layout: the block's iterations before and after the map (bijective,
// so no padding), and what the primitive did to the block.
std::optional<TirBufferLayout> BlockLayoutOf(const tir::Schedule& sch, size_t k) {
  const tir::Instruction& inst = sch.trace().insts[k];
  tir::Schedule replay(sch.original_func(), /*seed=*/1, sch.func_name());
  auto realize = BlockBefore(sch, k, &replay);
  if (!realize.ok()) return std::nullopt;
  const tir::Block& block = (*realize)->block;
  std::vector<ir::Expr> domain;
  QStringList iters;
  for (const auto& iv : block->iter_vars) {
    if (!ir::is_zero(iv->dom.min)) return std::nullopt;  // the grid starts at 0
    domain.push_back(iv->dom.extent);
    iters << Q(iv->var.name()) + ":" + QChar(tir::IterKindChar(iv->iter_type));
  }
  auto analyzed = layout::AnalyzePaddedLayout(inst.index_map, domain);
  if (!analyzed.ok()) return std::nullopt;
  TirBufferLayout l;
  l.trace_index = k;
  l.iteration_space = true;
  l.block = Q(block->name);
  l.index_map = Q(tir::IndexMapAsPython(inst.index_map));
  l.info.name = "block " + block->name;
  l.info.layout = std::move(*analyzed);
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
  const std::vector<tir::Instruction>& insts = sch.trace().insts;
  for (size_t k = 0; k < insts.size(); ++k) {
    const tir::Instruction& inst = insts[k];
    if (inst.kind == tir::InstKind::TransformBlockLayout && !inst.inputs.empty()) {
      if (auto l = BlockLayoutOf(sch, k)) out.push_back(std::move(*l));
      continue;
    }
    if (inst.kind != tir::InstKind::TransformLayout || inst.inputs.empty()) continue;
    TirBufferLayout l;
    l.trace_index = k;
    l.index_map = Q(tir::IndexMapAsPython(inst.index_map));
    l.info.pad_value = PadText(inst.pad_value);
    // The buffer as it was when the primitive ran: replay what came before it.
    tir::Trace before;
    before.insts.assign(insts.begin(), insts.begin() + long(k));
    tir::Schedule replay(sch.original_func(), /*seed=*/1, sch.func_name());
    Status replayed = tir::ApplyTrace(before, &replay);
    auto realize = replayed ? replay.Get(tir::BlockRV{inst.inputs[0]})
                            : Result<const tir::BlockRealizeNode*>(replayed.error());
    if (!realize.ok()) continue;
    l.block = Q((*realize)->block->name);
    auto buffer = tir::NthAccessBuffer(
        *(*realize)->block, size_t(inst.buffer_index),
        inst.buffer_is_write ? tir::BufferIndexType::Write : tir::BufferIndexType::Read);
    if (!buffer.ok()) continue;
    l.info.name = (*buffer)->name;
    l.info.dtype = (*buffer)->dtype;
    auto analyzed = layout::AnalyzePaddedLayout(inst.index_map, (*buffer)->shape);
    if (!analyzed.ok()) continue;
    l.info.layout = std::move(*analyzed);
    l.plan = PaddingPlan(sch, l, inst.assume_injective_transform);
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
