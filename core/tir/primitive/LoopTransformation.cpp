// split, fuse and reorder (TVM's primitive/loop_transformation.cc): the loop nest above
// the blocks changes, the blocks do not; their bindings are rewritten in the new loop
// variables so that every block instance still runs once, in the same order for split
// and fuse.
#include <algorithm>
#include <set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "tir/AffineBinding.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace loop_transformation_detail {

Expr MulFold(const Expr& a, const Expr& b) { return ir::is_one(b) ? a : ir::mul(a, b); }
Expr FloorDivFold(const Expr& a, const Expr& b) { return ir::is_one(b) ? a : ir::floordiv(a, b); }

// preserve_unit_iters=False (TVM simplifies the bindings with simplify_trivial_iterators):
// in the bindings of the blocks below `s`, every loop of extent 1 around them reads 0,
// those in `units` (the loops above `s` in its scope) and those inside `s`.
Stmt ZeroUnitIters(const Stmt& s, ir::VarMap units) {
  if (const auto* seq = As<SeqNode>(s)) {
    std::vector<Stmt> out;
    for (const Stmt& c : seq->seq) out.push_back(ZeroUnitIters(c, units));
    return MakeSeq(std::move(out));
  }
  if (const auto* loop = As<ForNode>(s)) {
    if (ir::is_one(loop->extent)) units[loop->loop_var] = ir::make_zero(loop->loop_var.dtype());
    return WithBody(*loop, ZeroUnitIters(loop->body, units));
  }
  const auto* realize = As<BlockRealizeNode>(s);
  if (!realize || units.empty()) return s;
  std::vector<Expr> values;
  for (const Expr& v : realize->iter_values) {
    Expr zeroed = ir::Substitute(v, units);
    values.push_back(zeroed.same_as(v) ? v : NormalizeAffineBinding(zeroed));
  }
  return MakeBlockRealize(std::move(values), realize->predicate, realize->block);
}

ir::VarMap UnitLoopsAbove(const ScheduleState& state, const StmtNode* node) {
  ir::VarMap units;
  for (const ForNode* l : state.LoopsAbove(node)) {
    if (ir::is_one(l->extent)) units[l->loop_var] = ir::make_zero(l->loop_var.dtype());
  }
  return units;
}

}  // namespace loop_transformation_detail

Result<std::vector<Var>> Split(ScheduleState* state, const Var& loop_var, std::vector<Expr> factors,
                               bool preserve_unit_iters, bool disable_predication) {
  using namespace loop_transformation_detail;
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  const ForNode* loop = *live;
  const std::string name = loop_var.name();
  arith::Analyzer analyzer;
  // Factor inference and checks (TVM's ConcreteScheduleNode::Split).
  int infer_index = -1;
  Expr product = ir::make_const(loop->extent.dtype(), int64_t{1});
  for (size_t i = 0; i < factors.size(); ++i) {
    if (!factors[i].defined()) {
      if (infer_index != -1) {
        return ScheduleError("NotSingleInferFactorError",
                             "Only one factor can be specified as -1 or none");
      }
      infer_index = static_cast<int>(i);
      continue;
    }
    if (const int64_t* c = ir::as_const_int(factors[i]); c && *c <= 0) {
      return ScheduleError("NonPositiveFactorError",
                           "All the constant factors are required to be positive. However, the "
                           "factor at position " +
                               std::to_string(i) + " is " + std::to_string(*c));
    }
    if (const int64_t* c = ir::as_const_int(factors[i])) {
      factors[i] = ir::make_const(loop->extent.dtype(), *c);
    }
    product = ir::mul(product, factors[i]);
  }
  if (infer_index != -1) {
    factors[infer_index] = analyzer.Simplify(ir::floordiv(
        ir::sub(ir::add(loop->extent, product), ir::make_const(product.dtype(), int64_t{1})),
        product));
  } else if (!analyzer.CanProve(ir::ge(product, loop->extent))) {
    return ScheduleError(
        "WrongFactorProductError",
        "The product of factors is not larger than or equal to the extent of loop " + name +
            " (product " + ExprToTVMScript(analyzer.Simplify(product)) + ", extent " +
            ExprToTVMScript(loop->extent) + ")");
  }
  if (Status s = CheckNoAnnotation(loop); !s.ok()) return s.error();
  if (Status s = CheckStartsWithZero(loop); !s.ok()) return s.error();

  DataType dtype = loop_var.dtype();
  std::vector<Var> vars;
  Expr value;
  for (size_t i = 0; i < factors.size(); ++i) {
    Var v(name + "_" + std::to_string(i), dtype);
    analyzer.Bind(v, Range(ir::make_zero(dtype), factors[i]));
    value = i == 0 ? Expr(v) : ir::add(MulFold(value, factors[i]), v);
    vars.push_back(v);
  }
  Stmt body = SubstituteTir(loop->body, {{loop_var, value}});
  Expr predicate = ir::lt(value, loop->extent);
  if (!disable_predication && !analyzer.CanProve(predicate))
    body = AppendPredicate(body, predicate);
  for (size_t i = factors.size(); i-- > 0;) {
    body = MakeFor(vars[i], ir::make_zero(dtype), factors[i], ForKind::Serial, body);
  }
  body = NormalizeBindings(body, vars);
  if (!preserve_unit_iters) body = ZeroUnitIters(body, UnitLoopsAbove(*state, loop));
  state->Replace(loop, body);
  return vars;
}

Result<Var> Fuse(ScheduleState* state, const std::vector<Var>& loop_vars,
                 bool preserve_unit_iters) {
  using namespace loop_transformation_detail;
  if (loop_vars.empty()) return ScheduleError("ValueError", "'fuse' requires at least 1 loop(s)");
  std::vector<const ForNode*> loops;
  std::vector<Var> outer_vars;
  for (const Var& v : loop_vars) {
    auto live = LiveLoop(*state, v);
    if (!live.ok()) return live.error();
    const ForNode* loop = *live;
    if (Status s = CheckNoAnnotation(loop); !s.ok()) return s.error();
    if (!loops.empty()) {
      const ForNode* outer = loops.back();
      if (SrefParent(*state, loop) != outer) {
        return ScheduleError("OuterNotInnerParent",
                             "The loops can't be fused because the outer loop " +
                                 outer->loop_var.name() + " is not the parent of the inner loop " +
                                 v.name());
      }
      if (As<ForNode>(outer->body) != loop) {
        return ScheduleError("NotOnlyChildError",
                             "The loops can't be fused because the inner loop " + v.name() +
                                 " is not the only child of outer loop " + outer->loop_var.name());
      }
    }
    if (Status s = CheckStartsWithZero(loop); !s.ok()) return s.error();
    for (const Var& outer : outer_vars) {
      if (ir::UsesVar(loop->extent, outer)) {
        return ScheduleError(
            "DependentLoopError",
            "A loop " + v.name() + "'s `extent` is dependent on another loop " + outer.name());
      }
    }
    outer_vars.push_back(v);
    loops.push_back(loop);
  }
  std::string fused_name = loop_vars[0].name();
  for (size_t i = 1; i < loop_vars.size(); ++i) fused_name += "_" + loop_vars[i].name();
  int bits = 0;
  for (const Var& v : loop_vars) bits = std::max(bits, v.dtype().bits());
  DataType dtype = DataType::Int(bits);
  Var fused(fused_name + "_fused", dtype);
  ir::VarMap vmap;
  Expr lower = ir::make_const(dtype, int64_t{1});
  for (size_t i = loops.size(); i-- > 0;) {
    const Expr& extent = loops[i]->extent;
    // Below loops of extent 1 only, the fused loop never reaches the modulus: TVM's
    // binding simplification leaves no floormod there.
    bool outermost = std::all_of(loops.begin(), loops.begin() + static_cast<std::ptrdiff_t>(i),
                                 [](const ForNode* l) { return ir::is_one(l->extent); });
    Expr value;
    if (ir::is_one(extent)) {
      value = ir::make_zero(dtype);
    } else if (outermost) {
      value = FloorDivFold(fused, lower);
    } else {
      value = FloorDivFold(ir::floormod(fused, ir::mul(lower, extent)), lower);
    }
    vmap[loop_vars[i]] = value;
    lower = ir::mul(lower, extent);
  }
  arith::Analyzer analyzer;
  Stmt body = SubstituteTir(loops.back()->body, vmap);
  body = MakeFor(fused, ir::make_zero(dtype), analyzer.Simplify(lower), ForKind::Serial, body);
  body = NormalizeBindings(body, {fused});
  if (!preserve_unit_iters) body = ZeroUnitIters(body, UnitLoopsAbove(*state, loops.front()));
  state->Replace(loops.front(), body);
  return fused;
}

Status Reorder(ScheduleState* state, const std::vector<Var>& loop_vars) {
  using namespace loop_transformation_detail;
  std::vector<const ForNode*> loops;
  for (const Var& v : loop_vars) {
    auto live = LiveLoop(*state, v);
    if (!live.ok()) return live.error();
    if (std::find(loops.begin(), loops.end(), *live) != loops.end()) {
      return ScheduleError("LoopMultiAppearanceError",
                           "Loop " + v.name() + " appears in the input array for multiple times.");
    }
    loops.push_back(*live);
  }
  if (loops.size() < 2) return Status::Ok();
  // The deepest loop's path must pass through all the others.
  std::vector<std::vector<const StmtNode*>> paths;
  for (const ForNode* l : loops) paths.push_back(state->PathTo(l));
  size_t deepest = 0;
  for (size_t i = 1; i < paths.size(); ++i) {
    if (paths[i].size() > paths[deepest].size()) deepest = i;
  }
  const std::vector<const StmtNode*>& path = paths[deepest];
  size_t top = path.size();
  for (const ForNode* l : loops) {
    auto it = std::find(path.begin(), path.end(), l);
    if (it == path.end()) {
      return ScheduleError("LoopsNotAChainError",
                           "The loops are not in a chain because they are not under the same "
                           "scope.");
    }
    top = std::min(top, static_cast<size_t>(it - path.begin()));
  }
  std::vector<const ForNode*> chain;
  for (size_t i = top; i < path.size(); ++i) {
    const auto* loop = As<ForNode>(path[i]);
    if (!loop) {
      return ScheduleError("LoopsNotAChainError",
                           path[i]->kind == StmtKind::BlockRealize
                               ? "The loops are not in a chain because they are not under the "
                                 "same scope."
                               : "The loops are not in a chain because there is a "
                                 "non-single-branch stmt in between.");
    }
    chain.push_back(loop);
    if (i + 1 < path.size() && loop->body.get() != path[i + 1]) {
      return ScheduleError("LoopsNotAChainError",
                           "The loops are not in a chain because there is a non-single-branch "
                           "stmt in between. Problematic stmt: the body of loop " +
                               loop->loop_var.name());
    }
  }
  // Blocks below must have only spatial and reduction iterators, and bindings affine in
  // the loops of their scope or at least in the reordered ones and those below them.
  std::string bad_block;
  std::vector<const BlockRealizeNode*> blocks;
  PreOrderVisit(chain.back()->body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      if (!r->block->iter_vars.empty()) blocks.push_back(r);
      for (const IterVar& iv : r->block->iter_vars) {
        if (iv->iter_type != ir::IterVarType::DataPar &&
            iv->iter_type != ir::IterVarType::CommReduce && bad_block.empty()) {
          bad_block = r->block->name;
        }
      }
      return false;
    }
    return true;
  });
  if (!bad_block.empty()) {
    return ScheduleError("BlockPropertyError",
                         "The block " + bad_block +
                             " under the loops to be reordered have block iter type other than "
                             "data-parallel or reduction");
  }
  size_t above = top - 1;  // the loop or block above the top loop (sequences are skipped)
  while (above > 0 && path[above]->kind == StmtKind::Seq) --above;
  for (const BlockRealizeNode* r : blocks) {
    if (Status s = CheckPartialAffineBinding(*state, r, path[above]); !s.ok()) return s;
  }
  // The new chain: the given loops take the given loops' places in the given order.
  std::vector<const ForNode*> new_chain = chain;
  size_t next = 0;
  for (const ForNode*& slot : new_chain) {
    if (std::find(loops.begin(), loops.end(), slot) != loops.end()) slot = loops[next++];
  }
  for (size_t i = 0; i < new_chain.size(); ++i) {
    for (size_t j = i + 1; j < new_chain.size(); ++j) {
      const Var& inner = new_chain[j]->loop_var;
      if (ir::UsesVar(new_chain[i]->min, inner) || ir::UsesVar(new_chain[i]->extent, inner)) {
        return ScheduleError("DependentLoopError",
                             "Outer Loop " + new_chain[i]->loop_var.name() +
                                 "'s `min` or `extent` is dependent on an inner loop " +
                                 inner.name() + " in the new order");
      }
    }
  }
  Stmt body = chain.back()->body;
  for (size_t i = new_chain.size(); i-- > 0;) body = WithBody(*new_chain[i], body);
  state->Replace(chain.front(), body);
  return Status::Ok();
}

Result<Var> AddUnitLoop(ScheduleState* state, const StmtNode* block_or_loop) {
  std::vector<const StmtNode*> path = state->PathTo(block_or_loop);
  if (path.size() < 2)
    return ScheduleError("ValueError", "The root block cannot get a loop above it");
  // The statement itself, shared: its parent holds it as a Stmt.
  Stmt self;
  if (const auto* seq = As<SeqNode>(path[path.size() - 2])) {
    for (const Stmt& c : seq->seq) self = c.get() == block_or_loop ? c : self;
  } else {
    self = BodyOf(path[path.size() - 2]);
  }
  Var u("u", DataType::Int(32));
  state->Replace(block_or_loop, MakeFor(u, 0, 1, ForKind::Serial, self));
  return u;
}

}  // namespace tessera::tir
