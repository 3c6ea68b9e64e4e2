// blockize (TVM's primitive/blockize_tensorize.cc): the subtree under a loop becomes the
// body of a new outer block "<block>_o". Each binding of the block below is divided into
// an outer part (the loops above `loop`) and an inner part (the loops from `loop` down):
// `x = x_o * inner_extent + x_i`. The outer block iterates x_o ("v_i_o") and accesses
// the regions the inner iterations cover; the inner block keeps its name and iterates
// x_i ("v_i_i"). A block with an init gives it to the outer block as TVM's
// GenerateOuterInit does: an init block "<block>_init" over the inner spatial iterators
// the init uses ("v_i_i_init"), under copies of the inner loops that bind them. An init
// nest (the block was blockized before) is nested once more the same way.
#include <algorithm>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/AffineBinding.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/BlockizeDivision.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace blockize_detail {

bool UsesVarIn(const Region& region, const ir::ExprNode* var);

// Whether `s` mentions `var` anywhere: computations, loop bounds, bindings, predicates,
// nested blocks' domains, regions, inits and bodies.
bool UsesVarIn(const Stmt& s, const ir::ExprNode* var) {
  auto in = [&](const Expr& e) {
    return e.defined() && ir::UsesVar(e, [&](const ir::VarNode* v) { return v == var; });
  };
  if (!s) return false;
  if (const auto* c = As<ComputeNode>(s)) {
    return ir::UsesVar(c->stmt, [&](const ir::VarNode* v) { return v == var; });
  }
  if (const auto* seq = As<SeqNode>(s)) {
    return std::any_of(seq->seq.begin(), seq->seq.end(),
                       [&](const Stmt& e) { return UsesVarIn(e, var); });
  }
  if (const auto* loop = As<ForNode>(s)) {
    return in(loop->min) || in(loop->extent) || UsesVarIn(loop->body, var);
  }
  const auto* r = As<BlockRealizeNode>(s);
  const BlockNode& b = *r->block;
  bool used = in(r->predicate) || std::any_of(r->iter_values.begin(), r->iter_values.end(), in);
  for (const IterVar& iv : b.iter_vars) used = used || in(iv->dom.min) || in(iv->dom.extent);
  for (const auto* regions : {&b.reads, &b.writes}) {
    for (const BufferRegion& region : *regions) used = used || UsesVarIn(region.region, var);
  }
  for (const MatchBufferRegion& m : b.match_buffers) {
    used = used || UsesVarIn(m.source.region, var);
  }
  if (b.init.defined()) used = used || UsesVarIn(MakeCompute(b.init), var);
  return used || UsesVarIn(b.init_nest, var) || UsesVarIn(b.body, var);
}

bool UsesVarIn(const Region& region, const ir::ExprNode* var) {
  auto pred = [&](const ir::VarNode* v) { return v == var; };
  return std::any_of(region.begin(), region.end(), [&](const Range& range) {
    return ir::UsesVar(range.min, pred) || ir::UsesVar(range.extent, pred);
  });
}

// The outer block's init: `init` (in terms of the inner block's iterators: a computation,
// or the init nest of a block blockized before) in a block "<name>_init" over the inner
// spatial iterators it uses, under copies of the loops of `inner_loops` (outermost first)
// that their bindings use.
Stmt OuterInit(const Stmt& init, const BlockNode& inner, const std::vector<Expr>& inner_values,
               const std::vector<const ForNode*>& inner_loops, const std::string& name) {
  auto block = std::make_shared<BlockNode>();
  block->name = name;
  std::vector<Expr> values;
  ir::VarMap subst;
  for (size_t i = 0; i < inner.iter_vars.size(); ++i) {
    const IterVar& iv = inner.iter_vars[i];
    if (iv->iter_type != ir::IterVarType::DataPar) continue;
    if (!UsesVarIn(init, iv->var.get())) continue;
    Var fresh(iv->var.name() + "_init", iv->var.dtype());
    subst[iv->var] = fresh;
    block->iter_vars.push_back(ir::MakeIterVar(iv->dom, fresh, iv->iter_type, iv->thread_tag));
    values.push_back(inner_values[i]);
  }
  block->writes = SubstitutedRegions(inner.writes, subst);
  block->body = SubstituteTir(init, subst);
  ir::VarMap loop_subst;
  std::vector<std::shared_ptr<ForNode>> copies;
  for (const ForNode* loop : inner_loops) {
    bool used = std::any_of(values.begin(), values.end(),
                            [&](const Expr& v) { return ir::UsesVar(v, loop->loop_var); });
    if (!used) continue;
    auto copy = std::make_shared<ForNode>(*loop);
    copy->loop_var = Var(loop->loop_var.name(), loop->loop_var.dtype());
    loop_subst[loop->loop_var] = copy->loop_var;
    copies.push_back(std::move(copy));
  }
  for (Expr& v : values) v = ir::Substitute(v, loop_subst);
  Stmt nest = MakeBlockRealize(std::move(values), ir::make_bool(true), std::move(block));
  for (size_t i = copies.size(); i-- > 0;) {
    copies[i]->min = ir::Substitute(copies[i]->min, loop_subst);
    copies[i]->extent = ir::Substitute(copies[i]->extent, loop_subst);
    copies[i]->body = nest;
    nest = copies[i];
  }
  return nest;
}

}  // namespace blockize_detail

Result<std::string> Blockize(ScheduleState* state, const Var& loop_var, bool preserve_unit_iters) {
  using namespace blockize_detail;
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  const ForNode* loop = *live;
  std::vector<const BlockRealizeNode*> children = state->ChildBlocks(loop);
  if (children.size() != 1) {
    return ScheduleError(
        "NonSingleChildBlockError",
        "The loop " + loop_var.name() + " is required to have only one child block");
  }
  const BlockRealizeNode* realize = children[0];
  const BlockNode& block = *realize->block;
  std::vector<const ForNode*> loops = state->LoopsAbove(realize);
  auto from = std::find(loops.begin(), loops.end(), loop);
  std::vector<const ForNode*> inner_loops(from, loops.end());
  auto not_divisible = [&] {
    return ScheduleError("SubspaceNotDivisibleError",
                         "The bindings of the inner block " + block.name +
                             " can not be blockized by the loops starting at " + loop_var.name() +
                             ".");
  };
  if (!ir::is_one(realize->predicate)) return not_divisible();
  auto outer = std::make_shared<BlockNode>();
  outer->name = block.name + "_o";
  auto inner = std::make_shared<BlockNode>(block);
  inner->iter_vars.clear();
  std::vector<Expr> outer_values, inner_values;
  ir::VarMap subst;
  arith::IntSetMap inner_dom;
  for (size_t i = 0; i < block.iter_vars.size(); ++i) {
    const IterVar& iv = block.iter_vars[i];
    const int64_t* extent = ir::as_const_int(iv->dom.extent);
    Division d;
    if (!extent || !Divide(realize->iter_values[i], *extent, inner_loops, &d)) {
      return not_divisible();
    }
    DataType t = iv->var.dtype();
    Var vo(iv->var.name() + "_o", t);
    outer->iter_vars.push_back(
        ir::MakeIterVar(Range(ir::make_const(t, int64_t{0}), ir::make_const(t, d.outer_extent)), vo,
                        iv->iter_type));
    outer_values.push_back(d.outer.defined() ? d.outer : ir::make_const(t, int64_t{0}));
    AddInnerIterator(iv, d, vo, preserve_unit_iters, inner.get(), &inner_values, &inner_dom,
                     &subst);
  }
  // As TVM's blockize, each expression the new iterators change is simplified knowing
  // the inner iterators' domains.
  arith::Analyzer inner_analyzer;
  for (const IterVar& iv : inner->iter_vars) inner_analyzer.Bind(iv->var, iv->dom);
  inner->reads = SubstitutedRegions(block.reads, subst, &inner_analyzer);
  inner->writes = SubstitutedRegions(block.writes, subst, &inner_analyzer);
  inner->body = SubstituteTir(block.body, subst, &inner_analyzer);
  inner->init = ir::Stmt();
  inner->init_nest = nullptr;
  // The outer block's reads and writes are those of the inner block before it reads what
  // it writes.
  std::vector<BufferRegion> outer_reads = inner->reads;
  if (HasInit(block)) {
    Stmt init = block.init.defined()
                    ? SubstituteTir(MakeCompute(block.init), subst, &inner_analyzer)
                    : SubstituteTir(block.init_nest, subst, &inner_analyzer);
    outer->init_nest = OuterInit(init, *inner, inner_values, inner_loops, block.name + "_init");
    // Under an outer reduction iterator the inner block accumulates into what earlier outer
    // iterations wrote, so it reads its writes (TVM's is_write_reduction).
    bool outer_reduction =
        std::any_of(outer->iter_vars.begin(), outer->iter_vars.end(),
                    [](const IterVar& iv) { return iv->iter_type == ir::IterVarType::CommReduce; });
    if (outer_reduction) {
      std::vector<BufferRegion> reads = inner->writes;
      reads.insert(reads.end(), inner->reads.begin(), inner->reads.end());
      inner->reads = std::move(reads);
    }
  }
  // The outer block accesses what all inner iterations access.
  arith::Analyzer analyzer;
  outer->reads = RelaxedRegions(outer_reads, inner_dom, &analyzer);
  outer->writes = RelaxedRegions(inner->writes, inner_dom, &analyzer);
  Stmt nest = MakeBlockRealize(std::move(inner_values), ir::make_bool(true), std::move(inner));
  for (size_t i = inner_loops.size(); i-- > 0;) nest = WithBody(*inner_loops[i], nest);
  outer->body = nest;
  // preserve_unit_iters=False: the loops of extent 1 above read 0 in the outer bindings.
  if (!preserve_unit_iters) {
    ir::VarMap units;
    for (const ForNode* l : loops) {
      if (l == loop) break;
      if (ir::is_one(l->extent)) units[l->loop_var] = ir::make_zero(l->loop_var.dtype());
    }
    for (Expr& v : outer_values) {
      Expr zeroed = ir::Substitute(v, units);
      if (!zeroed.same_as(v)) v = NormalizeAffineBinding(zeroed);
    }
  }
  std::string name = outer->name;
  state->Replace(loop,
                 MakeBlockRealize(std::move(outer_values), ir::make_bool(true), std::move(outer)));
  return name;
}

}  // namespace tessera::tir
