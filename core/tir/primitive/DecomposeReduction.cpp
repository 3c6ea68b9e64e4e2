// decompose_reduction (TVM's primitive/reduction.cc): the init of a reduction block
// becomes its own block "<name>_init", under copies ("<loop>_init") of the loops from
// `loop` down that its spatial bindings use, placed right before `loop`; the reduction
// block becomes "<name>_update" without an init and now reads what it accumulates into.
// `loop` must enclose the block and lie above every loop a reduction iterator is bound
// to, so that the init still runs once per output element before its updates.
#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/AffineBinding.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace decompose_reduction_detail {

// The conjuncts of `pred` that use none of `dropped`.
Expr KeepConjuncts(const Expr& pred, const std::vector<Var>& dropped) {
  if (const auto* n = pred.as<ir::BinaryNode>(); n && pred.kind() == ir::ExprKind::And) {
    Expr a = KeepConjuncts(n->a, dropped), b = KeepConjuncts(n->b, dropped);
    if (ir::is_one(a)) return b;
    if (ir::is_one(b)) return a;
    return ir::logical_and(a, b);
  }
  for (const Var& v : dropped) {
    if (ir::UsesVar(pred, v)) return ir::make_bool(true);
  }
  return pred;
}

}  // namespace decompose_reduction_detail

Result<std::string> DecomposeReduction(ScheduleState* state, const std::string& block_name,
                                       const Var& loop_var) {
  using namespace decompose_reduction_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  const ForNode* loop = *live;
  std::vector<const ForNode*> loops = state->LoopsAbove(realize);
  auto at = std::find(loops.begin(), loops.end(), loop);
  if (at == loops.end()) {
    return ScheduleError("LoopPositionError", "The input loop " + loop_var.name() +
                                                  " of decompose_reduction is required to be an "
                                                  "ancestor of block " +
                                                  block.name);
  }
  if (!HasInit(block) || !IsCompleteOrReductionBlock(block)) {
    return ScheduleError("NotReductionBlockError",
                         "The block " + block.name + " is not a reduction block");
  }
  // TVM's CheckReductionBlock: a reduction block's bindings are affine in its loops.
  if (!IsAffineBlockBinding(*state, realize)) {
    return ScheduleError("NotReductionBlockError",
                         "The block " + block.name +
                             " is not a reduction block - it violates condition #2.\n"
                             "2) All the block bindings are quasi-affine expressions");
  }
  for (size_t i = 0; i < block.iter_vars.size(); ++i) {
    if (block.iter_vars[i]->iter_type != ir::IterVarType::CommReduce) continue;
    for (auto higher = loops.begin(); higher != at; ++higher) {
      if (ir::UsesVar(realize->iter_values[i], (*higher)->loop_var)) {
        return ScheduleError("LoopHeightError",
                             "decompose_reduction expects the loop " + loop_var.name() +
                                 " to be higher than all the loops related to reduce block var, "
                                 "but loop " +
                                 (*higher)->loop_var.name() + " binds " +
                                 block.iter_vars[i]->var.name() + " of block " + block.name);
      }
    }
  }
  // The init block: the spatial iterators (fresh variables of the same names).
  auto init = std::make_shared<BlockNode>();
  init->name = block.name + "_init";
  init->annotations = block.annotations;
  ir::VarMap to_init;
  std::vector<Expr> values;
  for (size_t i = 0; i < block.iter_vars.size(); ++i) {
    const IterVar& iv = block.iter_vars[i];
    if (iv->iter_type != ir::IterVarType::DataPar) continue;
    Var v(iv->var.name(), iv->var.dtype());
    init->iter_vars.push_back(ir::MakeIterVar(iv->dom, v, iv->iter_type, iv->thread_tag));
    values.push_back(realize->iter_values[i]);
    to_init[iv->var] = v;
  }
  init->body = block.init.defined() ? MakeCompute(ir::Substitute(block.init, to_init))
                                    : SubstituteTir(block.init_nest, to_init);
  init->writes = SubstitutedRegions(block.writes, to_init);
  // Copies of the loops from `loop` down that the init bindings use.
  std::vector<const ForNode*> chosen;
  std::vector<Var> dropped;
  for (auto it = at; it != loops.end(); ++it) {
    bool used = std::any_of(values.begin(), values.end(),
                            [&](const Expr& e) { return ir::UsesVar(e, (*it)->loop_var); });
    (used ? chosen.push_back(*it) : dropped.push_back((*it)->loop_var));
  }
  ir::VarMap to_new_loops;
  for (const ForNode* l : chosen)
    to_new_loops[l->loop_var] = Var(l->loop_var.name() + "_init", l->loop_var.dtype());
  for (Expr& v : values) v = ir::Substitute(v, to_new_loops);
  Expr predicate = ir::Substitute(KeepConjuncts(realize->predicate, dropped), to_new_loops);
  Stmt nest = MakeBlockRealize(std::move(values), predicate, std::move(init));
  for (size_t i = chosen.size(); i-- > 0;) {
    auto copy = std::make_shared<ForNode>(*chosen[i]);
    copy->loop_var = Var::from(to_new_loops.at(chosen[i]->loop_var));
    copy->body = nest;
    nest = copy;
  }
  // The update block: no init, and it reads what it writes.
  auto update = std::make_shared<BlockNode>(block);
  update->name = block.name + "_update";
  update->init = ir::Stmt();
  update->init_nest = nullptr;
  std::vector<BufferRegion> reads;
  for (const BufferRegion& w : block.writes) {
    bool read = std::any_of(block.reads.begin(), block.reads.end(),
                            [&](const BufferRegion& r) { return r.buffer == w.buffer; });
    if (!read) reads.push_back(w);
  }
  reads.insert(reads.end(), block.reads.begin(), block.reads.end());
  update->reads = std::move(reads);

  ScheduleState next = *state;
  next.Replace(realize,
               MakeBlockRealize(realize->iter_values, realize->predicate, std::move(update)));
  const ForNode* moved = next.FindLoop(loop_var);
  std::vector<const StmtNode*> path = next.PathTo(moved);
  const StmtNode* parent = path[path.size() - 2];
  if (const auto* seq = As<SeqNode>(parent)) {
    std::vector<Stmt> items;
    for (const Stmt& s : seq->seq) {
      if (s.get() == moved) items.push_back(nest);
      items.push_back(s);
    }
    next.Replace(seq, MakeSeq(std::move(items)));
  } else {
    // The loop is its parent's whole body: it becomes a sequence of the init nest and it.
    Stmt self = BodyOf(parent);
    next.Replace(moved, MakeSeq({nest, self}));
  }
  std::string init_name = block.name + "_init";  // `block` dies with the old tree
  *state = std::move(next);
  return init_name;
}

}  // namespace tessera::tir
