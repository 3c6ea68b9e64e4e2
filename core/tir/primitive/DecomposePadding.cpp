// decompose_padding (TVM's primitive/decompose_padding.cc): a padding block
//   A[...] = T.if_then_else(in_bound, B[...], pad_value)
// becomes two blocks: "<name>_pad_const" filling the whole region with the constant, under
// copies of the loops from `loop` down (placed right before `loop`), and the block itself
// writing only the in-bound part, its iterators shifted to start at zero. A loop bound
// directly to an iterator is shrunk to the in-bound extent; other bindings keep their
// loops and the in-bound condition stays as a `T.where`.
//
// TVM finds the in-bound region with DetectIterMap over the padding condition; here each
// binding is an affine sum of loops with unit step (its range from the loop extents) and
// each conjunct of the condition bounds one binding, which covers what DetectIterMap
// accepts for padding blocks (plain, tiled and shifted bindings).
#include <algorithm>
#include <map>
#include <numeric>
#include <optional>

#include "arith/Analyzer.h"
#include "arith/CanonicalForm.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace decompose_padding_detail {

Error PatternError(const std::string& block, const std::string& what) {
  return ScheduleError("PaddingPatternMatchError", "decompose_padding expect the block " + block +
                                                       " to match padding pattern\n  " + what);
}

// An affine sum of loop variables: coefficient per variable (in order of appearance)
// plus a constant.
struct Affine {
  std::vector<std::pair<Var, int64_t>> terms;
  int64_t base = 0;

  void Add(const Var& v, int64_t c) {
    for (auto& t : terms) {
      if (t.first.same_as(v)) {
        t.second += c;
        return;
      }
    }
    terms.emplace_back(v, c);
  }
  void Clean() {
    terms.erase(std::remove_if(terms.begin(), terms.end(), [](auto& t) { return t.second == 0; }),
                terms.end());
  }
  int64_t CoeffOf(const Var& v) const {
    for (const auto& t : terms)
      if (t.first.same_as(v)) return t.second;
    return 0;
  }
};

// `e` as an affine sum of the loop variables in `loops`; nullopt for anything else.
std::optional<Affine> ToAffine(const Expr& e, const std::map<const ir::ExprNode*, Range>& loops) {
  Affine out;
  std::function<bool(const Expr&, int64_t)> walk = [&](const Expr& x, int64_t scale) {
    if (const int64_t* c = ir::as_const_int(x)) {
      out.base += scale * *c;
      return true;
    }
    if (const auto* v = x.as<ir::VarNode>()) {
      if (!loops.count(v)) return false;
      out.Add(Var::from(x), scale);
      return true;
    }
    if (const auto* cast = x.as<ir::CastNode>()) return walk(cast->value, scale);
    const auto* bin = x.as<ir::BinaryNode>();
    if (!bin) return false;
    switch (x.kind()) {
      case ir::ExprKind::Add:
        return walk(bin->a, scale) && walk(bin->b, scale);
      case ir::ExprKind::Sub:
        return walk(bin->a, scale) && walk(bin->b, -scale);
      case ir::ExprKind::Mul:
        if (const int64_t* c = ir::as_const_int(bin->b)) return walk(bin->a, scale * *c);
        if (const int64_t* c = ir::as_const_int(bin->a)) return walk(bin->b, scale * *c);
        return false;
      default:
        return false;
    }
  };
  if (!walk(e, 1)) return std::nullopt;
  out.Clean();
  return out;
}

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
int64_t CeilDiv(int64_t a, int64_t b) { return -FloorDiv(-a, b); }

// The conjuncts of a predicate (TVM's RewritePredicate: a left-recursive conjunction,
// `likely` dropped).
void Conjuncts(const Expr& e, std::vector<Expr>* out) {
  if (e.kind() == ir::ExprKind::And) {
    const auto* n = e.as<ir::BinaryNode>();
    Conjuncts(n->a, out);
    Conjuncts(n->b, out);
    return;
  }
  if (const auto* call = e.as<ir::CallNode>();
      call && call->op == "likely" && call->args.size() == 1)
    return out->push_back(call->args[0]);
  out->push_back(e);
}

// A conjunction simplified conjunct by conjunct, those that hold dropped: TVM's simplifier
// does not assume one side of an `and` when simplifying the other (its
// kApplyConstraintsToBooleanBranches is off), so `a < 228 and a < 231` stays as it is.
Expr SimplifyConjunction(const Expr& predicate, arith::Analyzer* analyzer) {
  std::vector<Expr> conjuncts;
  Conjuncts(predicate, &conjuncts);
  Expr out = ir::make_bool(true);
  for (const Expr& c : conjuncts) {
    Expr simplified = analyzer->Simplify(c);
    if (ir::is_one(simplified)) continue;
    if (ir::is_zero(simplified)) return simplified;
    out = ir::is_one(out) ? simplified : ir::logical_and(out, simplified);
  }
  return out;
}

// What the padding block computes and where it writes in bounds.
struct PaddingInfo {
  std::vector<Range> in_bound_region;  // per iterator, over its binding's values
  Expr in_bound_value;
  Expr in_bound_predicate;  // over the loop variables
  Expr pad_value;
};

// The in-bound range of each binding: its range over the loops, narrowed by the
// conjuncts of `predicate` that bound it.
Result<std::vector<Range>> EstimateInBoundRegion(const std::string& block,
                                                 const std::vector<Expr>& bindings,
                                                 const std::map<const ir::ExprNode*, Range>& loops,
                                                 const Expr& predicate) {
  const Error dependent =
      PatternError(block, "Block iters are not independent wrt padding condition");
  std::vector<Affine> sums;
  std::vector<int64_t> lo, hi;
  std::map<const ir::ExprNode*, size_t> owner;  // loop variable -> binding using it
  for (size_t i = 0; i < bindings.size(); ++i) {
    auto sum = ToAffine(bindings[i], loops);
    if (!sum) return dependent;
    int64_t l = sum->base, h = sum->base;
    int64_t step = 0;
    for (const auto& [v, c] : sum->terms) {
      const Range& r = loops.at(v.get());
      const int64_t* min = ir::as_const_int(r.min);
      const int64_t* ext = ir::as_const_int(r.extent);
      if (!min || !ext || *ext <= 0) return dependent;
      if (auto [it, fresh] = owner.emplace(v.get(), i); !fresh && it->second != i) return dependent;
      int64_t a = c * *min, b = c * (*min + *ext - 1);
      l += std::min(a, b), h += std::max(a, b);
      if (*ext > 1) step = std::gcd(step, c);
    }
    if (step != 0 && step != 1 && step != -1) {
      return PatternError(block, "Strided iteration is not supported");
    }
    sums.push_back(*sum);
    lo.push_back(l), hi.push_back(h);
  }
  std::vector<Expr> conjuncts;
  Conjuncts(predicate, &conjuncts);
  for (const Expr& c : conjuncts) {
    if (ir::is_one(c)) continue;
    const auto* cmp = c.as<ir::BinaryNode>();
    ir::ExprKind op = c.kind();
    if (!cmp || !ir::is_comparison(op) || op == ir::ExprKind::NE || op == ir::ExprKind::EQ)
      return dependent;
    auto d = ToAffine(ir::sub(cmp->a, cmp->b), loops);  // the condition is `d op 0`
    if (!d || d->terms.empty()) return dependent;
    // The binding whose loops the conjunct uses, and the scale s with d = s * sum + k.
    std::optional<size_t> which;
    int64_t s = 0;
    for (size_t i = 0; i < sums.size() && !which; ++i) {
      if (sums[i].terms.size() != d->terms.size()) continue;
      const auto& [v0, c0] = sums[i].terms[0];
      int64_t dc = d->CoeffOf(v0);
      if (dc == 0 || dc % c0 != 0) continue;
      int64_t scale = dc / c0;
      bool match = std::all_of(sums[i].terms.begin(), sums[i].terms.end(), [&](const auto& t) {
        return d->CoeffOf(t.first) == scale * t.second;
      });
      if (match) which = i, s = scale;
    }
    if (!which) return dependent;
    // s * t op K with t the binding's value and K = s * base - d.base.
    int64_t k = s * sums[*which].base - d->base;
    if (s < 0) {
      s = -s, k = -k;
      op = arith::MirrorComparison(op);
    }
    int64_t& l = lo[*which];
    int64_t& h = hi[*which];
    switch (op) {
      case ir::ExprKind::LT:
        h = std::min(h, FloorDiv(k - 1, s));
        break;
      case ir::ExprKind::LE:
        h = std::min(h, FloorDiv(k, s));
        break;
      case ir::ExprKind::GT:
        l = std::max(l, FloorDiv(k, s) + 1);
        break;
      case ir::ExprKind::GE:
        l = std::max(l, CeilDiv(k, s));
        break;
      default:  // EQ: DetectIterMap takes no equality as a bound
        return dependent;
    }
  }
  std::vector<Range> region;
  for (size_t i = 0; i < bindings.size(); ++i) {
    if (hi[i] < lo[i]) return PatternError(block, "The in-bound region is empty");
    DataType t = bindings[i].dtype();
    region.emplace_back(ir::make_const(t, lo[i]), ir::make_const(t, hi[i] - lo[i] + 1));
  }
  return region;
}

// TVM's PaddingInfoAnalyzer::MatchPadding.
Result<PaddingInfo> MatchPadding(const BlockRealizeNode& realize,
                                 const std::map<const ir::ExprNode*, Range>& loops,
                                 arith::Analyzer* analyzer) {
  const BlockNode& block = *realize.block;
  const auto* compute = As<ComputeNode>(block.body);
  const auto* store = compute ? compute->stmt.as<ir::BufferStoreNode>() : nullptr;
  if (!store || block.writes.size() != 1) {
    return PatternError(block.name, "Block body expect a BufferStore to the write buffer");
  }
  const auto* call = store->value.as<ir::CallNode>();
  if (!call || call->op != "if_then_else" || call->args.size() != 3) {
    return PatternError(block.name,
                        "Value of BufferStore expect to be constrained by a padding predicate");
  }
  if (!ir::is_const(call->args[2])) return PatternError(block.name, "Pad value should be constant");
  bool side_effect = false;
  ir::PostOrderVisit(call->args[1], [&](const Expr& x) {
    if (const auto* c = x.as<ir::CallNode>(); c && c->call_kind != ir::CallKind::PureIntrinsic)
      side_effect = true;
  });
  if (side_effect) {
    return PatternError(block.name, "Inbound computation should not have side-effect");
  }
  ir::VarMap to_bindings;
  for (size_t i = 0; i < block.iter_vars.size(); ++i)
    to_bindings[block.iter_vars[i]->var] = realize.iter_values[i];
  std::vector<Expr> conjuncts;
  Conjuncts(ir::Substitute(call->args[0], to_bindings), &conjuncts);
  Conjuncts(realize.predicate, &conjuncts);
  Expr predicate = ir::make_bool(true);
  for (const Expr& c : conjuncts) predicate = ir::logical_and(predicate, c);
  predicate = SimplifyConjunction(predicate, analyzer);
  if (analyzer->CanProveEqual(predicate, ir::make_bool(true))) {
    return PatternError(block.name, "The in-bound predicate is trivial");
  }
  auto region = EstimateInBoundRegion(block.name, realize.iter_values, loops, predicate);
  if (!region.ok()) return region.error();
  return PaddingInfo{*region, call->args[1], predicate, call->args[2]};
}

Region MapRegion(const Region& region, const std::function<Expr(const Expr&)>& f) {
  Region out;
  for (const Range& r : region) out.emplace_back(f(r.min), f(r.extent));
  return out;
}

// The fill block under copies of `loops` (innermost first) up to `top` (TVM's
// CreateConstBlock).
Stmt CreateConstBlock(const BlockRealizeNode& realize, const PaddingInfo& info,
                      const std::vector<const ForNode*>& loops, const ForNode* top,
                      arith::Analyzer* analyzer) {
  const BlockNode& block = *realize.block;
  ir::VarMap repl;
  auto fill = std::make_shared<BlockNode>();
  fill->name = block.name + "_pad_const";
  for (const IterVar& iv : block.iter_vars) {
    Var v(iv->var.name(), iv->var.dtype());
    fill->iter_vars.push_back(ir::MakeIterVar(iv->dom, v, ir::IterVarType::DataPar));
    repl[iv->var] = v;
  }
  auto rewrite = [&](const Expr& e) { return analyzer->Simplify(ir::Substitute(e, repl)); };
  fill->writes = {{block.writes[0].buffer, MapRegion(block.writes[0].region, rewrite)}};
  const auto* store = As<ComputeNode>(block.body)->stmt.as<ir::BufferStoreNode>();
  std::vector<Expr> indices;
  for (const Expr& i : store->indices) indices.push_back(rewrite(i));
  fill->body = MakeCompute(ir::MakeBufferStore(store->buffer, info.pad_value, indices));
  std::vector<Var> new_loops;
  for (const ForNode* loop : loops) {
    new_loops.emplace_back(loop->loop_var.name(), loop->loop_var.dtype());
    repl[loop->loop_var] = new_loops.back();
    if (loop == top) break;
  }
  std::vector<Expr> values;
  for (const Expr& v : realize.iter_values) values.push_back(rewrite(v));
  Expr predicate = SimplifyConjunction(ir::Substitute(realize.predicate, repl), analyzer);
  Stmt nest = MakeBlockRealize(std::move(values), predicate, std::move(fill));
  for (size_t i = 0; i < new_loops.size(); ++i)
    nest = MakeFor(new_loops[i], loops[i]->min, loops[i]->extent, ForKind::Serial, nest);
  return nest;
}

// The in-bound block under `loops` (innermost first) up to `top`, loops bound directly to
// an iterator shrunk to its in-bound extent (TVM's CreateInBoundBlock).
Stmt CreateInBoundBlock(const BlockRealizeNode& realize, const PaddingInfo& info,
                        const std::vector<const ForNode*>& loops, const ForNode* top,
                        arith::Analyzer* analyzer) {
  const BlockNode& block = *realize.block;
  std::map<const ir::ExprNode*, Range> new_ranges;
  for (const ForNode* loop : loops) {
    new_ranges[loop->loop_var.get()] = Range(loop->min, loop->extent);
    if (loop == top) break;
  }
  ir::VarMap repl;
  auto copy = std::make_shared<BlockNode>();
  copy->name = block.name;
  std::vector<Expr> bindings;
  for (size_t i = 0; i < info.in_bound_region.size(); ++i) {
    const IterVar& iv = block.iter_vars[i];
    const Range& in_bound = info.in_bound_region[i];
    Var v(iv->var.name(), iv->var.dtype());
    Range range(ir::make_const(v.dtype(), int64_t{0}), in_bound.extent);
    copy->iter_vars.push_back(ir::MakeIterVar(range, v, ir::IterVarType::DataPar));
    repl[iv->var] = ir::add(v, in_bound.min);
    const Expr& value = realize.iter_values[i];
    const auto* loop_var = value.as<ir::VarNode>();
    if (loop_var && new_ranges.count(loop_var)) {
      new_ranges[loop_var] = range;
      bindings.push_back(value);
      repl[Var::from(value)] = ir::add(value, in_bound.min);
      analyzer->Bind(Var::from(value), range, /*allow_override=*/true);
    } else {
      bindings.push_back(analyzer->Simplify(ir::sub(value, in_bound.min)));
    }
  }
  auto rewrite = [&](const Expr& e) { return analyzer->Simplify(ir::Substitute(e, repl)); };
  for (const BufferRegion& r : block.reads)
    copy->reads.push_back({r.buffer, MapRegion(r.region, rewrite)});
  for (const BufferRegion& w : block.writes)
    copy->writes.push_back({w.buffer, MapRegion(w.region, rewrite)});
  const auto* store = As<ComputeNode>(block.body)->stmt.as<ir::BufferStoreNode>();
  std::vector<Expr> indices;
  for (const Expr& i : store->indices) indices.push_back(rewrite(i));
  copy->body =
      MakeCompute(ir::MakeBufferStore(store->buffer, rewrite(info.in_bound_value), indices));
  Stmt nest =
      MakeBlockRealize(std::move(bindings),
                       SimplifyConjunction(ir::Substitute(info.in_bound_predicate, repl), analyzer),
                       std::move(copy));
  for (const ForNode* loop : loops) {
    const Range& r = new_ranges.at(loop->loop_var.get());
    auto rebuilt = std::make_shared<ForNode>(*loop);
    rebuilt->min = r.min;
    rebuilt->extent = r.extent;
    rebuilt->body = nest;
    nest = rebuilt;
    if (loop == top) break;
  }
  return nest;
}

// The shared pointer holding `node` (found through its parent).
Stmt Holder(const ScheduleState& state, const StmtNode* node) {
  std::vector<const StmtNode*> path = state.PathTo(node);
  const StmtNode* parent = path[path.size() - 2];
  if (const auto* seq = As<SeqNode>(parent)) {
    for (const Stmt& s : seq->seq)
      if (s.get() == node) return s;
  }
  return BodyOf(parent);
}

// TVM's CheckCompleteBlock: the number of the first condition the block breaks, or 0.
int CompleteBlockViolation(const ScheduleState& state, const BlockRealizeNode* realize) {
  const BlockNode& block = *realize->block;
  for (const IterVar& iv : block.iter_vars)
    if (iv->iter_type != ir::IterVarType::DataPar) return 1;
  for (const BlockRealizeNode* other : state.ChildBlocks(state.ScopeOf(realize))) {
    if (other == realize) continue;
    for (const BufferRegion& w : other->block->writes) {
      for (const BufferRegion& mine : block.writes)
        if (w.buffer == mine.buffer) return 2;
    }
  }
  for (const BufferRegion& r : block.reads) {
    for (const BufferRegion& w : block.writes)
      if (r.buffer == w.buffer) return 3;
  }
  return 0;
}

}  // namespace decompose_padding_detail

Result<std::string> DecomposePadding(ScheduleState* state, const std::string& block_name,
                                     const Var& loop_var) {
  using namespace decompose_padding_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  if (!state->ScopeOf(realize)) {
    return ScheduleError("RootBlockError", "The primitive does not operate on the root block");
  }
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  if (int violated = CompleteBlockViolation(*state, realize)) {
    return ScheduleError("IncompleteBlockError", "The block " + block_name +
                                                     " is not a complete block - it violates "
                                                     "condition #" +
                                                     std::to_string(violated));
  }
  // The loops innermost first; the fill goes before `loop`, the in-bound block replaces
  // the highest loop at or below `loop` whose body is a single loop or block.
  std::vector<const ForNode*> loops = state->LoopsAbove(realize);
  std::reverse(loops.begin(), loops.end());
  const ForNode* const_pos = *live;
  const ForNode* in_bound_pos = nullptr;
  bool found_const = false, found_in_bound = false;
  std::map<const ir::ExprNode*, Range> dom;
  arith::Analyzer analyzer;
  for (const ForNode* loop : loops) {
    Range r(loop->min, loop->extent);
    dom[loop->loop_var.get()] = r;
    analyzer.Bind(loop->loop_var, r);
    if (loop == const_pos) {
      found_const = true;
      if (!found_in_bound) found_in_bound = true, in_bound_pos = loop;
    } else if (!found_in_bound) {
      if (loop->body->kind != StmtKind::For && loop->body->kind != StmtKind::BlockRealize) {
        found_in_bound = true;
      } else {
        in_bound_pos = loop;
      }
    }
  }
  if (!in_bound_pos) {
    return ScheduleError("InternalError",
                         "decompose_padding: the innermost loop of block " + block_name +
                             " holds other statements too (TVM stops on an internal check)");
  }
  if (!found_const) {
    return ScheduleError("LoopPositionError",
                         "The input loop " + loop_var.name() +
                             " of decompose_padding is required to be an ancestor of block " +
                             block_name);
  }
  // TVM rebuilds the loop with the in-bound copy alone, dropping whatever else it holds.
  if (in_bound_pos == const_pos && in_bound_pos->body->kind != StmtKind::For &&
      in_bound_pos->body->kind != StmtKind::BlockRealize) {
    std::string others;
    for (const BlockRealizeNode* b : state->ChildBlocks(in_bound_pos)) {
      if (b != realize) others += (others.empty() ? "" : ", ") + b->block->name;
    }
    return ScheduleError("NotImplementedError",
                         "decompose_padding at loop " + loop_var.name() +
                             ": the loop also holds block " + others +
                             ", which TVM 0.20 drops when it rebuilds the loop for the in-bound "
                             "copy; decompose at a loop below " +
                             loop_var.name());
  }
  auto info = MatchPadding(*realize, dom, &analyzer);
  if (!info.ok()) return info.error();
  const std::string fill_name = block_name + "_pad_const";
  if (!state->FindBlocks(fill_name).empty()) {
    return ScheduleError("ValueError", "A block named " + fill_name + " already exists");
  }
  Stmt fill = CreateConstBlock(*realize, *info, loops, const_pos, &analyzer);
  Stmt in_bound = CreateInBoundBlock(*realize, *info, loops, in_bound_pos, &analyzer);

  ScheduleState next = *state;
  next.Replace(in_bound_pos, in_bound);
  const ForNode* at = next.FindLoop(const_pos->loop_var);
  next.Replace(at, MakeSeq({fill, Holder(next, at)}));
  *state = std::move(next);
  return fill_name;
}

}  // namespace tessera::tir
