#include "tune/tir/TirScheduleRule.h"

#include "ir/ExprOp.h"

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
  if (block.init.defined()) return false;
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

std::vector<const tir::ForNode*> PlainLoopNest(const tir::Schedule& sch,
                                               const tir::BlockRealizeNode* realize) {
  std::vector<const tir::ForNode*> loops = sch.state().LoopsAbove(realize);
  const tir::BlockNode& block = *realize->block;
  if (loops.empty() || loops.size() != block.iter_vars.size()) return {};
  for (size_t k = 0; k < loops.size(); ++k) {
    const tir::ForNode* loop = loops[k];
    const tir::IterVar& iv = block.iter_vars[k];
    const int64_t* extent = ir::as_const_int(loop->extent);
    const int64_t* dom = ir::as_const_int(iv->dom.extent);
    if (loop->for_kind != ir::ForKind::Serial || !loop->annotations.empty() ||
        !ir::is_zero(loop->min) || !ir::is_zero(iv->dom.min) || !extent || !dom ||
        *extent != *dom || !realize->iter_values[k].same_as(loop->loop_var))
      return {};
    const tir::StmtNode* inner = k + 1 < loops.size()
                                     ? static_cast<const tir::StmtNode*>(loops[k + 1])
                                     : static_cast<const tir::StmtNode*>(realize);
    if (loop->body.get() != inner) return {};
  }
  if (realize->predicate.defined() && !ir::is_one(realize->predicate)) return {};
  return loops;
}

}  // namespace tessera::tune
