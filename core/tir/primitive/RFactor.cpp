// rfactor (TVM's primitive/reduction.cc): a reduction over a loop becomes two blocks. The
// rfactor block "<block>_rf", under copies of all the block's loops, accumulates into a
// new buffer "<buffer>.rf" (printed <buffer>_rf) that has the loop's extent as an extra
// dimension at `factor_axis`, the loop now spatial ("v<loop>"); the write-back block keeps
// the block's name and reduces that dimension into the original buffer under the
// original loops, less the other reduction loops.
#include <algorithm>
#include <set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"
#include "tir/AffineBinding.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"
#include "tir/primitive/StagePipeline.h"

namespace tessera::tir {

namespace rfactor_detail {

const char* kReductionBlockDefinition =
    "Definition of a reduction block:\n"
    "1) The block has the `init` statement\n"
    "2) All the block bindings are quasi-affine expressions\n"
    "3) All block vars are either data parallel block vars or reduction block vars\n"
    "4) Dominant: the block is the only writer of its output, dominating the reader of its "
    "output buffers\n"
    "5) The reduction block vars are not used to index the output buffers";

// TVM's ForKind2String.
std::string KindName(ForKind k) {
  switch (k) {
    case ForKind::Serial:
      return "serial";
    case ForKind::Parallel:
      return "parallel";
    case ForKind::Vectorized:
      return "vectorized";
    case ForKind::Unrolled:
      return "unroll";
    case ForKind::ThreadBinding:
      return "thread_binding";
  }
  return "?";
}

// The variables of `e` in order of first use.
std::vector<Var> VarsOf(const Expr& e) {
  std::vector<Var> vars;
  ir::PostOrderVisit(e, [&](const Expr& x) {
    if (x.kind() != ir::ExprKind::Var) return;
    if (std::none_of(vars.begin(), vars.end(), [&](const Var& v) { return v.get() == x.get(); }))
      vars.push_back(Var::from(x));
  });
  return vars;
}

// A commutative reducer TVM's ReducerRegistry knows, for one buffer.
struct Reducer {
  ir::ExprKind op;  // Add, Mul, Min, Max
  Expr identity;
  Expr Combine(const Expr& lhs, const Expr& rhs) const { return ir::MakeBinary(op, lhs, rhs); }
};

// The registry's reducers in its order (sum, product, min, max) whose identity is `init`
// and whose combiner `lhs op rhs` has the stored buffer element as lhs; sets `rhs`.
bool MatchReducer(const Expr& init, const ir::BufferStoreNode& update, Reducer* out, Expr* rhs) {
  DataType t = init.dtype();
  const Reducer registry[] = {{ir::ExprKind::Add, ir::make_const(t, int64_t{0})},
                              {ir::ExprKind::Mul, ir::make_const(t, int64_t{1})},
                              {ir::ExprKind::Min, ir::max_value(t)},
                              {ir::ExprKind::Max, ir::min_value(t)}};
  Expr element = ir::MakeBufferLoad(update.buffer, update.indices);
  for (const Reducer& r : registry) {
    if (!ir::StructuralEqual(r.identity, init)) continue;
    const auto* bin = update.value.as<ir::BinaryNode>();
    if (!bin || update.value.kind() != r.op) continue;
    if (!ir::StructuralEqual(bin->a, element)) continue;
    *out = r;
    *rhs = bin->b;
    return true;
  }
  return false;
}

// 0 when the block is a reduction block of its scope, else the first condition of TVM's
// definition it breaks.
int ReductionBlockErrorCode(const ScheduleState& state, const BlockRealizeNode* realize) {
  const BlockNode& block = *realize->block;
  if (!block.init.defined()) return 1;
  if (!IsAffineBlockBinding(state, realize)) return 2;
  for (const IterVar& iv : block.iter_vars) {
    if (iv->iter_type != ir::IterVarType::DataPar && iv->iter_type != ir::IterVarType::CommReduce)
      return 3;
  }
  const BlockRealizeNode* scope = state.ScopeOf(realize);
  for (const BlockRealizeNode* other :
       scope ? state.ChildBlocks(scope) : std::vector<const BlockRealizeNode*>{}) {
    if (other == realize) continue;
    for (const BufferRegion& w : other->block->writes) {
      for (const BufferRegion& mine : block.writes) {
        if (w.buffer == mine.buffer) return 4;
      }
    }
  }
  std::vector<Var> reduce;
  for (const IterVar& iv : block.iter_vars) {
    if (iv->iter_type == ir::IterVarType::CommReduce) reduce.push_back(iv->var);
  }
  const auto* compute = As<ComputeNode>(block.body);
  if (const auto* store = compute ? compute->stmt.as<ir::BufferStoreNode>() : nullptr) {
    for (const Expr& index : store->indices) {
      for (const Var& r : reduce) {
        if (ir::UsesVar(index, r)) return 5;
      }
    }
  }
  return 0;
}

Error NonSingleChild(const std::string& loop) {
  return ScheduleError("NonSingleChildBlockError",
                       "The loop " + loop + " is required to have only one child block");
}

// The loop nest from `node` down with the old block replaced by the write-back block and
// the reduction loops other than the rfactor loop removed (TVM's BlockReplacer).
Stmt ReplaceNest(const Stmt& node, const std::set<const ForNode*>& path,
                 const std::set<const ForNode*>& dropped, const BlockRealizeNode* old_block,
                 const Stmt& write_back) {
  if (const auto* loop = As<ForNode>(node)) {
    if (!path.count(loop)) return node;
    Stmt body = ReplaceNest(loop->body, path, dropped, old_block, write_back);
    return dropped.count(loop) ? body : WithBody(*loop, body);
  }
  if (const auto* seq = As<SeqNode>(node)) {
    std::vector<Stmt> items;
    for (const Stmt& s : seq->seq)
      items.push_back(ReplaceNest(s, path, dropped, old_block, write_back));
    return MakeSeq(std::move(items));
  }
  if (node.get() == old_block) return write_back;
  return node;
}

BufferRegion PointRegion(const Buffer& buffer, const std::vector<Expr>& indices) {
  BufferRegion r{buffer, {}};
  for (const Expr& i : indices) r.region.emplace_back(i, ir::make_const(i.dtype(), int64_t{1}));
  return r;
}

}  // namespace rfactor_detail

Result<std::string> RFactor(ScheduleState* state, const Var& loop_var, int factor_axis) {
  using namespace rfactor_detail;
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  const ForNode* rf_loop = *live;
  std::vector<const BlockRealizeNode*> children = state->ChildBlocks(rf_loop);
  if (children.size() != 1) return NonSingleChild(loop_var.name());
  const BlockRealizeNode* realize = children[0];
  const BlockNode& block = *realize->block;
  if (Status st = CheckStagePipeline(*state, state->ScopeOf(realize)); !st.ok()) return st.error();
  if (int code = ReductionBlockErrorCode(*state, realize)) {
    return ScheduleError("NotReductionBlockError",
                         "The block " + block.name +
                             " is not a reduction block - it violates condition #" +
                             std::to_string(code) + ".\n" + kReductionBlockDefinition);
  }
  if (rf_loop->for_kind != ForKind::Serial) {
    return ScheduleError("NotSerialLoopKindError",
                         "The input loop " + loop_var.name() +
                             " of rfactor is required to be `Serial`. However, the kind of " +
                             loop_var.name() + " is `" + KindName(rf_loop->for_kind) + "`");
  }
  // The loop variables the spatial and the reduction block iterators use.
  std::set<const ir::ExprNode*> data_par_vars, reduce_vars;
  for (size_t i = 0; i < block.iter_vars.size(); ++i) {
    ir::IterVarType t = block.iter_vars[i]->iter_type;
    for (const Var& v : VarsOf(realize->iter_values[i]))
      (t == ir::IterVarType::DataPar ? data_par_vars : reduce_vars).insert(v.get());
  }
  std::vector<const ForNode*> loops = state->LoopsAbove(realize);
  // TVM's LoopPropertyError::CheckLoopProperty.
  std::vector<const BlockRealizeNode*> outer_children = state->ChildBlocks(loops[0]);
  if (outer_children.empty() || outer_children[0] != realize) {
    return ScheduleError("LoopPropertyError", "The first child block of the outermost loop " +
                                                  loops[0]->loop_var.name() +
                                                  " is not the reduction block.");
  }
  bool met_reduction = false;
  for (const ForNode* loop : loops) {
    const std::string name = loop->loop_var.name();
    bool data_par = data_par_vars.count(loop->loop_var.get());
    bool reduce = reduce_vars.count(loop->loop_var.get());
    if (data_par && reduce) {
      return ScheduleError("LoopPropertyError",
                           "It is not allowed that the loop " + name +
                               " is touched by both some data parallel block iters and some "
                               "reduction block iters");
    }
    if (data_par) {
      if (loop == rf_loop) {
        return ScheduleError("LoopPropertyError",
                             "The loop to be applied rfactor is " + name +
                                 ", which is required not to be touched by any data parallel "
                                 "block iter of the block below. However, some of the block's "
                                 "data parallel block iters touch this loop");
      }
    } else if (reduce) {
      if (!met_reduction && state->ChildBlocks(loop).size() != 1) return NonSingleChild(name);
      met_reduction = true;
    } else if (met_reduction && !ir::is_one(loop->extent)) {
      return ScheduleError("LoopPropertyError",
                           "The loop " + name +
                               " has extent greater than one, and is not bound to any block "
                               "iter. Therefore it shouldn't appear under a reduction loop");
    }
  }
  // The reducer: an init store and an update store of one buffer.
  const auto* compute = As<ComputeNode>(block.body);
  const auto* update = compute ? compute->stmt.as<ir::BufferStoreNode>() : nullptr;
  const auto* init = block.init.as<ir::BufferStoreNode>();
  // A body `v = C[i] + x; C[i] = v` (TVMScript's `v: T.float32 = ...`) is the update
  // C[i] = C[i] + x, as TVM's ExtractReductionUpdates reads one LetStmt per buffer.
  ir::Stmt let_update;
  int let_error = 0;
  if (const auto* let = compute ? compute->stmt.as<ir::LetStmtNode>() : nullptr) {
    const auto* store = let->body.as<ir::BufferStoreNode>();
    const auto* stored = store ? store->value.as<ir::VarNode>() : nullptr;
    if (let->body.as<ir::LetStmtNode>())
      let_error = 3;  // more lets than buffers
    else if (!store)
      let_error = 5;
    else if (stored != let->var.get())
      let_error = 7;
    else
      let_update = ir::MakeBufferStore(store->buffer, let->value, store->indices);
    update = let_update.as<ir::BufferStoreNode>();
  }
  auto not_applicable = [&](int cond) {
    return ScheduleError("RFactorNotApplicableError",
                         "RFactor cannot be applied to block " + block.name +
                             ", because the block violates condition #" + std::to_string(cond));
  };
  if (!init) return not_applicable(1);
  if (let_error) return not_applicable(let_error);
  if (!update) return not_applicable(3);
  if (init->buffer != update->buffer) return not_applicable(10);
  if (init->indices.size() != update->indices.size()) return not_applicable(12);
  for (size_t d = 0; d < init->indices.size(); ++d) {
    if (!ir::StructuralEqual(init->indices[d], update->indices[d])) return not_applicable(12);
  }
  Reducer reducer;
  Expr combiner_rhs;
  if (!MatchReducer(init->value, *update, &reducer, &combiner_rhs)) {
    return ScheduleError("NoMatchedReducerError",
                         "No matched reducer for the identity and the combiner of this reduction "
                         "block. So rfactor and cross-thread reduction cannot be applied.");
  }
  const Buffer& buffer = update->buffer;
  int ndim = static_cast<int>(buffer->shape.size());
  if (factor_axis < -(ndim + 1) || factor_axis > ndim) {
    return ScheduleError("FactorAxisOutOfRangeError",
                         "The write buffer " + buffer->name + " has " + std::to_string(ndim) +
                             " dimension(s), so `factor_axis` is required to be in [" +
                             std::to_string(-(ndim + 1)) + ", " + std::to_string(ndim) +
                             "] for rfactor. However, the input `factor_axis` is " +
                             std::to_string(factor_axis) + ", which is out of the expected range");
  }
  if (factor_axis < 0) factor_axis += ndim + 1;

  // The rfactor buffer.
  auto rf_node = std::make_shared<ir::BufferNode>(*buffer);
  rf_node->name = buffer->name + ".rf";
  rf_node->data = Var(buffer->data.name() + ".rf", buffer->data.dtype());
  rf_node->shape.insert(rf_node->shape.begin() + factor_axis, rf_loop->extent);
  rf_node->strides.clear();
  Buffer rf_buffer = rf_node;

  // The rfactor block: the loop's iterator (spatial) first, then the block's iterators,
  // a reduction iterator using the loop replaced by one iterator per loop it uses.
  auto rf = std::make_shared<BlockNode>();
  rf->name = block.name + "_rf";
  rf->annotations = block.annotations;
  std::vector<Expr> rf_values;
  Var rf_iter("v" + loop_var.name(), loop_var.dtype());
  rf->iter_vars.push_back(
      ir::MakeIterVar(Range(rf_loop->min, rf_loop->extent), rf_iter, ir::IterVarType::DataPar));
  rf_values.push_back(loop_var);
  ir::VarMap loop_to_iter{{loop_var, rf_iter}};
  ir::VarMap rf_map;  // old iterators -> their values in the rfactor block
  for (size_t i = 0; i < block.iter_vars.size(); ++i) {
    const IterVar& iv = block.iter_vars[i];
    const Expr& binding = realize->iter_values[i];
    if (iv->iter_type == ir::IterVarType::DataPar || !ir::UsesVar(binding, loop_var)) {
      rf->iter_vars.push_back(iv);
      rf_values.push_back(binding);
      continue;
    }
    for (const Var& v : VarsOf(binding)) {
      auto loop = std::find_if(loops.begin(), loops.end(),
                               [&](const ForNode* l) { return l->loop_var.get() == v.get(); });
      if (loop == loops.end() || loop_to_iter.count(v)) continue;
      Var nv("v" + v.name(), v.dtype());
      rf->iter_vars.push_back(
          ir::MakeIterVar(Range((*loop)->min, (*loop)->extent), nv, ir::IterVarType::CommReduce));
      rf_values.push_back(v);
      loop_to_iter[v] = nv;
    }
    rf_map[iv->var] = ir::Substitute(binding, loop_to_iter);
  }
  std::vector<Expr> rf_indices = update->indices;
  rf_indices.insert(rf_indices.begin() + factor_axis, rf_iter);
  Expr rf_element = ir::MakeBufferLoad(rf_buffer, rf_indices);
  bool rf_reduces = std::any_of(rf->iter_vars.begin(), rf->iter_vars.end(), [](const IterVar& iv) {
    return iv->iter_type == ir::IterVarType::CommReduce;
  });
  if (rf_reduces) {
    rf->body = MakeCompute(ir::Substitute(
        ir::MakeBufferStore(rf_buffer, reducer.Combine(rf_element, combiner_rhs), rf_indices),
        rf_map));
    rf->init = ir::Substitute(ir::MakeBufferStore(rf_buffer, reducer.identity, rf_indices), rf_map);
  } else {  // the loop was the whole reduction: the rfactor block only stores each term
    rf->body = MakeCompute(
        ir::Substitute(ir::MakeBufferStore(rf_buffer, combiner_rhs, rf_indices), rf_map));
  }
  rf->reads = SubstitutedRegions(block.reads, rf_map);
  for (const BufferRegion& w : block.writes) {
    BufferRegion r = w;
    if (w.buffer == buffer) {
      r.buffer = rf_buffer;
      r.region.insert(r.region.begin() + factor_axis,
                      Range(rf_iter, ir::make_const(rf_iter.dtype(), int64_t{1})));
    }
    rf->writes.push_back(SubstitutedRegions({r}, rf_map)[0]);
  }
  // Under copies of all the loops.
  ir::VarMap to_copies;
  for (const ForNode* l : loops)
    to_copies[l->loop_var] = Var(l->loop_var.name(), l->loop_var.dtype());
  for (Expr& v : rf_values) v = ir::Substitute(v, to_copies);
  Stmt rf_nest = MakeBlockRealize(std::move(rf_values),
                                  ir::Substitute(realize->predicate, to_copies), std::move(rf));
  for (size_t i = loops.size(); i-- > 0;) {
    auto copy = std::make_shared<ForNode>(*loops[i]);
    copy->loop_var = Var::from(to_copies.at(loops[i]->loop_var));
    copy->body = rf_nest;
    rf_nest = copy;
  }

  // The write-back block: the loop as a reduction iterator, then fresh copies of the
  // spatial iterators.
  auto wb = std::make_shared<BlockNode>();
  wb->name = block.name;
  wb->annotations = block.annotations;
  std::vector<Expr> wb_values;
  Var wb_iter("v" + loop_var.name(), loop_var.dtype());
  wb->iter_vars.push_back(
      ir::MakeIterVar(Range(rf_loop->min, rf_loop->extent), wb_iter, ir::IterVarType::CommReduce));
  wb_values.push_back(loop_var);
  ir::VarMap wb_map{{rf_iter, wb_iter}};
  for (size_t i = 0; i < block.iter_vars.size(); ++i) {
    const IterVar& iv = block.iter_vars[i];
    if (iv->iter_type != ir::IterVarType::DataPar) continue;
    Var nv(iv->var.name(), iv->var.dtype());
    wb->iter_vars.push_back(ir::MakeIterVar(iv->dom, nv, ir::IterVarType::DataPar));
    wb_values.push_back(realize->iter_values[i]);
    wb_map[iv->var] = nv;
  }
  Expr lhs = ir::Substitute(ir::MakeBufferLoad(buffer, update->indices), wb_map);
  Expr rhs = ir::Substitute(rf_element, wb_map);
  std::vector<Expr> wb_indices;
  for (const Expr& i : update->indices) wb_indices.push_back(ir::Substitute(i, wb_map));
  wb->body = MakeCompute(ir::MakeBufferStore(buffer, reducer.Combine(lhs, rhs), wb_indices));
  wb->init = ir::MakeBufferStore(buffer, reducer.identity, wb_indices);
  wb->reads = {PointRegion(rf_buffer, rhs.as<ir::BufferLoadNode>()->indices)};
  wb->writes = {PointRegion(buffer, wb_indices)};
  // The write-back runs over the spatial loops as they are: a predicate keeping them in
  // the block's domain (a split with a remainder) must hold there too.
  for (const ForNode* l : loops) {
    if (l != rf_loop && reduce_vars.count(l->loop_var.get()) &&
        ir::UsesVar(realize->predicate, l->loop_var)) {
      return ScheduleError("NotImplementedError", "rfactor: the predicate of block " + block.name +
                                                      " depends on reduction loop " +
                                                      l->loop_var.name() +
                                                      ", which the write-back block does not keep");
    }
  }
  Stmt write_back = MakeBlockRealize(std::move(wb_values), realize->predicate, std::move(wb));

  std::set<const ForNode*> path(loops.begin(), loops.end()), dropped;
  for (const ForNode* l : loops) {
    if (l != rf_loop && reduce_vars.count(l->loop_var.get())) dropped.insert(l);
  }
  Stmt nest = ReplaceNest(loops[0]->body, path, dropped, realize, write_back);
  if (!dropped.count(loops[0])) nest = WithBody(*loops[0], nest);
  ScheduleState next = *state;
  const BlockRealizeNode* scope = state->ScopeOf(realize);
  std::string scope_name = scope->block->name;
  next.Replace(loops[0], MakeSeq({rf_nest, nest}));
  const BlockRealizeNode* new_scope = next.FindBlocks(scope_name).at(0);
  auto scope_block = std::make_shared<BlockNode>(*new_scope->block);
  scope_block->alloc_buffers.push_back(rf_buffer);
  next.Replace(new_scope, MakeBlockRealize(new_scope->iter_values, new_scope->predicate,
                                           std::move(scope_block)));
  std::string rf_name = block.name + "_rf";
  *state = std::move(next);
  return rf_name;
}

}  // namespace tessera::tir
