// blockize of a list of blocks (TVM's BlockizeBlocks in primitive/blockize_tensorize.cc):
// blocks that follow one another under their lowest common ancestor (a loop or a block)
// become, with the loops between them and that ancestor, the body of one new block
// "outer_<B>_<C>_". Each block's bindings are divided by those loops (as blockize of a
// loop divides them): the outer parts are the new block's iterators, made from the first
// block ("<v>_o"); every other block must divide into the same ones (TVM stops on a check
// otherwise). The inner parts are the blocks' new iterators ("<v>_i"). The new block
// reads and writes the union of what the inner iterations access.
#include <algorithm>
#include <set>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/StructuralEqual.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/BlockizeDivision.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace blockize_blocks_detail {

// The statements a loop or a block holds directly (the items of a sequence).
std::vector<Stmt> Children(const Stmt& body) {
  if (const auto* seq = As<SeqNode>(body)) return seq->seq;
  return {body};
}

const Stmt& LcaBody(const StmtNode* node) {
  if (const auto* loop = As<ForNode>(node)) return loop->body;
  return static_cast<const BlockRealizeNode*>(node)->block->body;
}

// What the blocks' inner iterations access, one region per buffer, each dimension the
// hull of the regions of that buffer. The buffers come in the reverse of the order they
// first appear: the order TVM's hash map of buffers gives them in.
std::vector<BufferRegion> UnionRegions(const std::vector<BufferRegion>& regions,
                                       arith::Analyzer* analyzer) {
  std::vector<BufferRegion> out;
  std::vector<std::vector<std::vector<arith::IntSet>>> sets;
  for (const BufferRegion& r : regions) {
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const BufferRegion& o) { return o.buffer == r.buffer; });
    size_t at = static_cast<size_t>(it - out.begin());
    if (it == out.end()) {
      out.push_back({r.buffer, {}});
      sets.emplace_back(r.region.size());
    }
    for (size_t d = 0; d < r.region.size() && d < sets[at].size(); ++d)
      sets[at][d].push_back(arith::IntSet::FromRange(r.region[d]));
  }
  for (size_t b = 0; b < out.size(); ++b) {
    for (size_t d = 0; d < sets[b].size(); ++d) {
      Range full(ir::make_const(DataType::Int(32), int64_t{0}), out[b].buffer->shape[d]);
      Range cover = arith::Union(sets[b][d], analyzer).CoverRange(full);
      out[b].region.emplace_back(analyzer->Simplify(cover.min), analyzer->Simplify(cover.extent));
    }
  }
  std::reverse(out.begin(), out.end());
  return out;
}

Error NotDivisible(const BlockNode& block, const std::string& lca) {
  return ScheduleError("SubspaceNotDivisibleError",
                       "The bindings of the inner block " + block.name +
                           " can not be blockized by the loops starting at " + lca + ".");
}

}  // namespace blockize_blocks_detail

Result<std::string> BlockizeBlocks(ScheduleState* state, const std::vector<std::string>& names,
                                   bool preserve_unit_iters) {
  using namespace blockize_blocks_detail;
  using blockize_detail::AddInnerIterator;
  using blockize_detail::Divide;
  using blockize_detail::Division;
  using blockize_detail::RelaxedRegions;
  if (names.size() < 2) {
    return ScheduleError("ValueError",
                         "blockize of blocks takes two or more blocks (blockize the loop above "
                         "a single block)");
  }
  std::vector<const BlockRealizeNode*> realizes;
  const BlockRealizeNode* root = RootRealize(state->func());
  for (const std::string& name : names) {
    auto found = GetBlock(*state, name);
    if (!found.ok()) return found.error();
    if (*found == root) return ScheduleError("ValueError", "the root block cannot be blockized");
    if (std::find(realizes.begin(), realizes.end(), *found) != realizes.end())
      return ScheduleError("ValueError", "block " + name + " is given twice");
    realizes.push_back(*found);
  }
  // The lowest common ancestor: the deepest loop or block on every block's path.
  std::vector<std::vector<const StmtNode*>> paths;
  for (const BlockRealizeNode* r : realizes) paths.push_back(state->PathTo(r));
  const StmtNode* lca = nullptr;
  size_t depth = 0;  // the index of the lca on every path
  for (size_t d = 0; d + 1 < paths[0].size(); ++d) {
    const StmtNode* node = paths[0][d];
    bool common = std::all_of(paths.begin(), paths.end(),
                              [&](const auto& p) { return d + 1 < p.size() && p[d] == node; });
    if (!common) break;
    if (As<ForNode>(node) || As<BlockRealizeNode>(node)) {
      lca = node;
      depth = d;
    }
  }
  for (const auto& p : paths) {
    if (std::find(realizes.begin(), realizes.end(), p.back()) == realizes.end()) continue;
    for (size_t d = depth + 1; d + 1 < p.size(); ++d)
      if (std::find(realizes.begin(), realizes.end(), p[d]) != realizes.end())
        return ScheduleError("ValueError", "Target blocks must not be nested with each other!");
  }
  if (!lca) return ScheduleError("ValueError", "the blocks have no common loop or block");
  // The child of the lca that holds each block: consecutive children, in the order given,
  // each holding only blocks of the list.
  std::vector<Stmt> children = Children(LcaBody(lca));
  std::vector<size_t> at;
  for (size_t k = 0; k < realizes.size(); ++k) {
    const StmtNode* step = paths[k][depth + 1];
    if (As<SeqNode>(step)) step = paths[k][depth + 2];
    auto it = std::find_if(children.begin(), children.end(),
                           [&](const Stmt& c) { return c.get() == step; });
    if (it == children.end())
      return ScheduleError("ValueError", "block " + names[k] + " is not under the common loop");
    at.push_back(static_cast<size_t>(it - children.begin()));
  }
  for (size_t k = 1; k < at.size(); ++k) {
    if (at[k] == at[k - 1])
      return ScheduleError("ValueError", "blocks " + names[k - 1] + " and " + names[k] +
                                             " are under the same loop below their common "
                                             "ancestor: blockize that loop's blocks together");
    if (at[k] != at[k - 1] + 1)
      return ScheduleError("ValueError",
                           "Target blocks must be consecutive! (give them in the "
                           "order they run)");
  }
  for (size_t k = 0; k < at.size(); ++k) {
    for (const BlockRealizeNode* inside : state->ChildBlocks(children[at[k]].get())) {
      if (std::find(realizes.begin(), realizes.end(), inside) == realizes.end())
        return ScheduleError("ValueError", "block " + inside->block->name + " runs beside " +
                                               names[k] + " and is not in the list");
    }
  }
  std::string lca_name = As<ForNode>(lca) ? As<ForNode>(lca)->loop_var.name()
                                          : static_cast<const BlockRealizeNode*>(lca)->block->name;

  auto outer = std::make_shared<BlockNode>();
  outer->name = "outer_";
  std::vector<Expr> outer_values;
  std::vector<BufferRegion> reads, writes;
  std::vector<Stmt> nests;
  arith::Analyzer analyzer;
  for (size_t k = 0; k < realizes.size(); ++k) {
    const BlockRealizeNode* realize = realizes[k];
    const BlockNode& block = *realize->block;
    outer->name += block.name + "_";
    std::vector<const ForNode*> loops = state->LoopsAbove(realize);
    std::vector<const ForNode*> inner_loops;
    for (const ForNode* l : loops)
      if (std::find(paths[k].begin() + static_cast<std::ptrdiff_t>(depth) + 1, paths[k].end(), l) !=
          paths[k].end())
        inner_loops.push_back(l);
    if (!ir::is_one(realize->predicate)) return NotDivisible(block, lca_name);
    bool first = k == 0;
    if (!first && block.iter_vars.size() != outer->iter_vars.size())
      return ScheduleError("ValueError", "block " + block.name + " has " +
                                             std::to_string(block.iter_vars.size()) +
                                             " iterators and " + names[0] + " " +
                                             std::to_string(outer->iter_vars.size()) +
                                             ": the outer block's iterators cannot be shared");
    auto inner = std::make_shared<BlockNode>(block);
    inner->iter_vars.clear();
    std::vector<Expr> inner_values;
    ir::VarMap subst;
    arith::IntSetMap inner_dom;
    for (size_t i = 0; i < block.iter_vars.size(); ++i) {
      const IterVar& iv = block.iter_vars[i];
      const int64_t* extent = ir::as_const_int(iv->dom.extent);
      Division d;
      if (!extent || !Divide(realize->iter_values[i], *extent, inner_loops, &d))
        return NotDivisible(block, lca_name);
      DataType t = iv->var.dtype();
      Expr outer_value = d.outer.defined() ? d.outer : ir::make_const(t, int64_t{0});
      if (first) {
        Var vo(iv->var.name() + "_o", t);
        outer->iter_vars.push_back(
            ir::MakeIterVar(Range(ir::make_const(t, int64_t{0}), ir::make_const(t, d.outer_extent)),
                            vo, iv->iter_type));
        outer_values.push_back(outer_value);
      } else {
        const int64_t* shared = ir::as_const_int(outer->iter_vars[i]->dom.extent);
        if (!shared || *shared != d.outer_extent ||
            !ir::StructuralEqual(outer_values[i], outer_value))
          return ScheduleError("ValueError", "the outer part of " + block.name + "'s iterator " +
                                                 iv->var.name() + " differs from " + names[0] +
                                                 "'s: the outer block's iterators cannot be "
                                                 "shared");
      }
      const IterVar& vo = outer->iter_vars[i];
      if (vo->iter_type == ir::IterVarType::CommReduce && HasInit(block))
        return ScheduleError("ValueError",
                             "No reduction iter vars allowed for the outer loops when blockize "
                             "multiple blocks");
      AddInnerIterator(iv, d, vo->var, preserve_unit_iters, inner.get(), &inner_values, &inner_dom,
                       &subst);
    }
    if (block.init_nest)
      return ScheduleError("ValueError", "block " + block.name +
                                             " was blockized before: its init nest cannot move "
                                             "into another block");
    inner->reads = SubstitutedRegions(block.reads, subst);
    inner->writes = SubstitutedRegions(block.writes, subst);
    inner->body = SubstituteTir(block.body, subst);
    if (block.init.defined()) inner->init = ir::Substitute(block.init, subst);
    for (BufferRegion& r : RelaxedRegions(inner->reads, inner_dom, &analyzer))
      reads.push_back(std::move(r));
    for (BufferRegion& r : RelaxedRegions(inner->writes, inner_dom, &analyzer))
      writes.push_back(std::move(r));
    Stmt nest = MakeBlockRealize(std::move(inner_values), ir::make_bool(true), std::move(inner));
    for (size_t i = inner_loops.size(); i-- > 0;) nest = WithBody(*inner_loops[i], nest);
    nests.push_back(nest);
  }
  outer->reads = UnionRegions(reads, &analyzer);
  outer->writes = UnionRegions(writes, &analyzer);
  outer->body = MakeSeq(std::move(nests));
  std::string name = outer->name;
  Stmt blockized = MakeBlockRealize(std::move(outer_values), ir::make_bool(true), std::move(outer));
  std::vector<Stmt> body;
  for (size_t c = 0; c < children.size(); ++c) {
    if (c == at.front()) body.push_back(blockized);
    if (c < at.front() || c > at.back()) body.push_back(children[c]);
  }
  Stmt new_body = body.size() == 1 ? body.front() : MakeSeq(std::move(body));
  if (const auto* loop = As<ForNode>(lca)) {
    state->Replace(lca, WithBody(*loop, new_body));
  } else {
    state->Replace(lca, WithBody(*static_cast<const BlockRealizeNode*>(lca), new_body));
  }
  return name;
}

}  // namespace tessera::tir
