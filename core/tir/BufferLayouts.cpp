#include "tir/BufferLayouts.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {
namespace {

// The block of instruction `k`'s first input as it was before the instruction: the
// trace replayed up to it on `replay`, the schedule's unscheduled module. An error when
// the block is in another function of the module than the one the schedule works on.
Result<const BlockRealizeNode*> BlockBefore(const Schedule& sch, size_t k, Schedule* replay) {
  const std::vector<Instruction>& insts = sch.trace().insts;
  Trace before;
  before.insts.assign(insts.begin(), insts.begin() + long(k));
  if (Status s = ApplyTrace(before, replay); !s) return s.error();
  auto realize = replay->Get(BlockRV{insts[k].inputs[0]});
  if (realize.ok() && replay->state().PathTo(*realize).empty())
    return Error("the block is in another function of the module");
  return realize;
}

std::optional<TransformedLayout> BlockLayoutAt(const Schedule& sch, size_t k) {
  const Instruction& inst = sch.trace().insts[k];
  Schedule replay = sch.Unscheduled(/*seed=*/1);
  auto realize = BlockBefore(sch, k, &replay);
  if (!realize.ok()) return std::nullopt;
  const Block& block = (*realize)->block;
  std::vector<ir::Expr> domain;
  TransformedLayout l;
  for (const auto& iv : block->iter_vars) {
    if (!ir::is_zero(iv->dom.min)) return std::nullopt;  // the grid starts at 0
    domain.push_back(iv->dom.extent);
    l.iterators.push_back(iv->var.name() + ":" + IterKindChar(iv->iter_type));
  }
  auto analyzed = layout::AnalyzePaddedLayout(inst.index_map, domain);
  if (!analyzed.ok()) return std::nullopt;
  l.trace_index = k;
  l.block = block->name;
  l.layout = std::move(*analyzed);
  l.index_map = inst.index_map;
  return l;
}

std::optional<TransformedLayout> BufferLayoutAt(const Schedule& sch, size_t k) {
  const Instruction& inst = sch.trace().insts[k];
  Schedule replay = sch.Unscheduled(/*seed=*/1);
  auto realize = BlockBefore(sch, k, &replay);
  if (!realize.ok()) return std::nullopt;
  auto buffer =
      NthAccessBuffer(*(*realize)->block, size_t(inst.buffer_index),
                      inst.buffer_is_write ? BufferIndexType::Write : BufferIndexType::Read);
  if (!buffer.ok()) return std::nullopt;
  auto analyzed = layout::AnalyzePaddedLayout(inst.index_map, (*buffer)->shape);
  if (!analyzed.ok()) return std::nullopt;
  TransformedLayout l;
  l.trace_index = k;
  l.block = (*realize)->block->name;
  l.buffer = (*buffer)->name;
  l.dtype = (*buffer)->dtype;
  l.layout = std::move(*analyzed);
  l.index_map = inst.index_map;
  l.pad_value = inst.pad_value;
  l.assume_injective_transform = inst.assume_injective_transform;
  return l;
}

// Whether the block itself (not the blocks nested in it) stores into `buffer`, and
// whether such a store is `T.if_then_else(...)`.
struct Stores {
  bool any = false, selects = false;
};

Stores StoresOf(const BlockRealizeNode& realize, const std::string& buffer) {
  struct Finder : ir::IRVisitor {
    const std::string* name = nullptr;
    Stores* out = nullptr;
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
  finder.name = &buffer;
  finder.out = &out;
  PreOrderVisit(realize.block->body, [&](const StmtNode* n) {
    if (const auto* c = As<ComputeNode>(n)) finder.VisitStmt(c->stmt);
    return As<BlockRealizeNode>(n) == nullptr;
  });
  return out;
}

}  // namespace

std::vector<TransformedLayout> TransformedLayoutsOf(const Schedule& sch) {
  std::vector<TransformedLayout> out;
  const std::vector<Instruction>& insts = sch.trace().insts;
  for (size_t k = 0; k < insts.size(); ++k) {
    const Instruction& inst = insts[k];
    if (inst.inputs.empty()) continue;
    std::optional<TransformedLayout> l;
    if (inst.kind == InstKind::TransformBlockLayout) l = BlockLayoutAt(sch, k);
    if (inst.kind == InstKind::TransformLayout) l = BufferLayoutAt(sch, k);
    if (l) out.push_back(std::move(*l));
  }
  return out;
}

layout::PadValue PadValueOf(const IndexMap& pad) {
  if (!pad || pad->final_indices.empty()) return {};
  const ir::Expr& value = pad->final_indices[0];
  for (const ir::Var& v : pad->initial_indices)
    if (ir::UsesVar(value, v)) return layout::PadValue::Function(pad->initial_indices, value);
  return layout::PadValue::Constant(value);
}

PaddingHandling PaddingHandlingOf(const Schedule& sch, const std::string& buffer) {
  PaddingHandling out;
  const BlockRealizeNode* root = RootRealize(sch.func());
  PreOrderVisit(sch.func().body, [&](const StmtNode* n) {
    const auto* r = As<BlockRealizeNode>(n);
    if (!r || r == root) return true;
    const std::string& name = r->block->name;
    if (name == "buffer_" + buffer + "_assumptions") {
      out.assumption_block = name;
      return true;
    }
    if (name == "buffer_" + buffer + "_padding") {
      out.padding_block = name;
      return true;
    }
    Stores s = StoresOf(*r, buffer);
    if (s.selects)
      out.overcompute.push_back(name);
    else if (s.any)
      out.producers.push_back(name);
    return true;
  });
  return out;
}

}  // namespace tessera::tir
