#include "tune/tir/TirScheduleRule.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::tune {

const std::vector<const TirScheduleRule*>& TirScheduleRules() {
  static const std::vector<const TirScheduleRule*> rules = {
      &TirAutoInline(), &TirMultiLevelTiling(), &TirParallelVectorizeUnroll(),
      &TirRewriteReductionBlock()};
  return rules;
}

std::vector<std::string> TirLeafBlocks(const tir::PrimFunc& func) {
  std::vector<std::string> names;
  const tir::BlockRealizeNode* root = tir::RootRealize(func);
  tir::PreOrderVisit(func.body, [&](const tir::StmtNode* n) {
    if (n->kind == tir::StmtKind::BlockRealize && n != root)
      names.push_back(static_cast<const tir::BlockRealizeNode*>(n)->block->name);
    return true;
  });
  return names;
}

const tir::BlockRealizeNode* FindTirBlock(const tir::Schedule& sch, const std::string& name) {
  const tir::BlockRealizeNode* root = tir::RootRealize(sch.func());
  for (const tir::BlockRealizeNode* r : sch.state().FindBlocks(name))
    if (r != root) return r;
  return nullptr;
}

bool IsSpatialBlock(const tir::BlockNode& block) {
  if (tir::HasInit(block)) return false;
  for (const tir::IterVar& iv : block.iter_vars)
    if (iv->iter_type != ir::IterVarType::DataPar) return false;
  return true;
}

bool WritesParam(const tir::PrimFunc& func, const tir::BlockNode& block) {
  for (const tir::BufferRegion& w : block.writes)
    for (const tir::Buffer& p : func.params)
      if (w.buffer == p) return true;
  return false;
}

std::vector<PlainLoop> PlainLoops(const tir::Schedule& sch, const tir::BlockRealizeNode* realize) {
  std::vector<PlainLoop> out;
  if (!realize) return out;
  const std::vector<const tir::ForNode*> loops = sch.state().LoopsAbove(realize);
  const tir::BlockNode& block = *realize->block;
  // The innermost loops that hold only this block: a loop above them has other children.
  size_t first = loops.size();
  const tir::StmtNode* below = realize;
  while (first > 0 && loops[first - 1]->body.get() == below) {
    --first;
    below = loops[first];
  }
  for (size_t p = first; p < loops.size(); ++p) {
    const tir::ForNode* loop = loops[p];
    const int64_t* extent = ir::as_const_int(loop->extent);
    if (loop->for_kind != ir::ForKind::Serial || !loop->annotations.empty() ||
        !ir::is_zero(loop->min) || !extent)
      continue;
    int bound = -1, uses = 0;
    for (size_t k = 0; k < block.iter_vars.size(); ++k) {
      if (!ir::UsesVar(realize->iter_values[k], loop->loop_var)) continue;
      ++uses;
      if (realize->iter_values[k].same_as(loop->loop_var)) bound = static_cast<int>(k);
    }
    if (bound < 0 || uses != 1) continue;
    const tir::IterVar& iv = block.iter_vars[static_cast<size_t>(bound)];
    const int64_t* dom = ir::as_const_int(iv->dom.extent);
    if (!ir::is_zero(iv->dom.min) || !dom || *dom != *extent) continue;
    if (iv->iter_type != ir::IterVarType::DataPar && iv->iter_type != ir::IterVarType::CommReduce)
      continue;
    out.push_back({p, static_cast<size_t>(bound), iv->iter_type == ir::IterVarType::DataPar});
  }
  return out;
}

}  // namespace tessera::tune
