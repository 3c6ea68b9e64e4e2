// transform_layout (TVM's primitive/layout_transformation.cc, RFC 0077): a buffer takes
// the shape an index map gives it and every access of it in its scope is rewritten
// through the map. Where the map pads the buffer (14 -> 4 x 4 under i -> [i // 4, i % 4])
// a pad_value says what the padding holds, and TVM's plans, in its order, decide how:
//  - an input nobody in the scope writes gets the assumption block
//    "buffer_<name>_assumptions" (`T.assume(not pad or A[...] == pad_value)`) first;
//  - a writer whose loops traverse the buffer row-major and that stores nothing else
//    is rewritten to traverse the padded shape, storing
//    `T.if_then_else(pad, pad_value, value)` (overcompute);
//  - otherwise the block "buffer_<name>_padding" fills the padding after the last writer.
// The loops and iterators the rewrite makes are named as TVM names them: axis0, axis1,
// ... and v_axis0, v_axis1, ...
#include <algorithm>
#include <optional>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"
#include "tir/BlockAccessRegion.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace layout_transformation_detail {

// Replaces variables and, through `on_store`, stores of one buffer in core/ir statements.
class RemapMutator : public ir::IRMutator {
 public:
  const ir::VarMap* remap = nullptr;
  std::function<std::optional<ir::Stmt>(const ir::BufferStoreNode*)> on_store;
  std::function<Expr(const ir::BufferLoadNode*, const Expr&)> on_load;

 protected:
  Expr VisitVar(const ir::VarNode*, const Expr& e) override {
    if (!remap) return e;
    auto it = remap->find(Var::from(e));
    return it == remap->end() ? e : it->second;
  }
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Expr visited = ir::IRMutator::VisitBufferLoad(n, e);
    return on_load ? on_load(visited.as<ir::BufferLoadNode>(), visited) : visited;
  }
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    if (on_store) {
      if (std::optional<ir::Stmt> r = on_store(n)) {
        return ir::IRMutator::VisitBufferStore(r->as<ir::BufferStoreNode>(), *r);
      }
    }
    return ir::IRMutator::VisitBufferStore(n, s);
  }
};

// A TensorIR rewrite: ir leaves, block inits and regions through `m`; `on_realize` and
// `on_block` adjust a realize / block after its children were rewritten.
struct TirRewriter {
  RemapMutator* m = nullptr;
  std::function<void(const ForNode*)> on_loop;
  std::function<void(const BlockNode&)> on_enter_block;
  std::function<void(const BlockRealizeNode& old, std::vector<Expr>* values, BlockNode* block)>
      on_block;
  std::function<std::optional<Stmt>(const StmtNode*)> replace;  // before rewriting a node
  std::function<Stmt(const StmtNode*, Stmt)> after;             // after rewriting a node

  Expr E(const Expr& e) { return e.defined() ? m->VisitExpr(e) : e; }

  Stmt Visit(const Stmt& s) {
    if (replace) {
      if (std::optional<Stmt> r = replace(s.get()))
        return after ? after(s.get(), Visit(*r)) : Visit(*r);
    }
    Stmt out = VisitNode(s);
    return after ? after(s.get(), out) : out;
  }

  Stmt VisitNode(const Stmt& s) {
    if (const auto* c = As<ComputeNode>(s)) return MakeCompute(m->VisitStmt(c->stmt));
    if (const auto* seq = As<SeqNode>(s)) {
      std::vector<Stmt> out;
      for (const Stmt& e : seq->seq) out.push_back(Visit(e));
      return MakeSeq(std::move(out));
    }
    if (const auto* loop = As<ForNode>(s)) {
      if (on_loop) on_loop(loop);
      auto n = std::make_shared<ForNode>(*loop);
      n->min = E(loop->min);
      n->extent = E(loop->extent);
      n->body = Visit(loop->body);
      return n;
    }
    const auto* realize = As<BlockRealizeNode>(s);
    if (on_enter_block) on_enter_block(*realize->block);
    std::vector<Expr> values;
    for (const Expr& v : realize->iter_values) values.push_back(E(v));
    auto block = std::make_shared<BlockNode>(*realize->block);
    for (IterVar& iv : block->iter_vars) {
      if (iv->dom.min.defined()) {
        iv = ir::MakeIterVar(Range(E(iv->dom.min), E(iv->dom.extent)), iv->var, iv->iter_type,
                             iv->thread_tag);
      }
    }
    for (auto* regions : {&block->reads, &block->writes}) {
      for (BufferRegion& r : *regions) {
        for (Range& range : r.region) range = Range(E(range.min), E(range.extent));
      }
    }
    if (block->init.defined()) block->init = m->VisitStmt(block->init);
    if (block->init_nest) block->init_nest = Visit(block->init_nest);
    block->body = Visit(block->body);
    if (on_block) on_block(*realize, &values, block.get());
    return MakeBlockRealize(std::move(values), E(realize->predicate), std::move(block));
  }
};

std::vector<const ir::ExprNode*> VarsOf(const Expr& e) {
  std::vector<const ir::ExprNode*> vars;
  struct Collector : ir::IRVisitor {
    std::vector<const ir::ExprNode*>* out;
    void VisitVar(const ir::VarNode* n, const Expr&) override { out->push_back(n); }
  } c;
  c.out = &vars;
  c.VisitExpr(e);
  return vars;
}

struct WriteInfo {
  const ir::BufferStoreNode* store = nullptr;
  const BlockRealizeNode* realize = nullptr;  // innermost, if any
  std::vector<const ForNode*> loopnest;       // the loops the indices depend on
  bool row_major = false;
};

// TVM's TransformLayoutPlanner: every store of `buffer` in the scope, with the loops its
// indices depend on.
class Planner {
 public:
  explicit Planner(Buffer buffer) : buffer_(std::move(buffer)) {}
  std::vector<WriteInfo> writes;

  void Visit(const Stmt& s) {
    if (const auto* c = As<ComputeNode>(s)) {
      VisitIr(c->stmt);
    } else if (const auto* seq = As<SeqNode>(s)) {
      for (const Stmt& e : seq->seq) Visit(e);
    } else if (const auto* loop = As<ForNode>(s)) {
      size_t depth = active_.size();
      depth_[loop->loop_var.get()] = {depth, depth};
      active_.push_back(loop);
      Visit(loop->body);
      active_.pop_back();
      depth_.erase(loop->loop_var.get());
    } else if (const auto* r = As<BlockRealizeNode>(s)) {
      std::vector<const ir::ExprNode*> bound;
      for (size_t i = 0; i < r->iter_values.size(); ++i) {
        if (auto range = DependencyRange(r->iter_values[i])) {
          const Var& v = r->block->iter_vars[i]->var;
          depth_[v.get()] = *range;
          bindings_[v] = ir::Substitute(r->iter_values[i], bindings_);
          bound.push_back(v.get());
        }
      }
      const BlockRealizeNode* saved = innermost_;
      innermost_ = r;
      if (r->block->init.defined()) VisitIr(r->block->init);
      if (r->block->init_nest) Visit(r->block->init_nest);
      Visit(r->block->body);
      innermost_ = saved;
      for (const ir::ExprNode* v : bound) depth_.erase(v);
    }
  }

 private:
  std::optional<std::pair<size_t, size_t>> DependencyRange(const Expr& e) const {
    std::optional<std::pair<size_t, size_t>> out;
    for (const ir::ExprNode* v : VarsOf(e)) {
      auto it = depth_.find(v);
      if (it == depth_.end()) continue;
      out = out ? std::make_pair(std::min(out->first, it->second.first),
                                 std::max(out->second, it->second.second))
                : it->second;
    }
    return out;
  }

  void VisitIr(const ir::Stmt& s) {
    struct StoreFinder : ir::IRVisitor {
      Planner* self;
      void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
        if (n->buffer == self->buffer_) {
          self->Record(n);
        } else {
          ir::IRVisitor::VisitBufferStore(n, s);
        }
      }
    } finder;
    finder.self = this;
    finder.VisitStmt(s);
  }

  void Record(const ir::BufferStoreNode* store) {
    std::optional<std::pair<size_t, size_t>> range;
    for (const Expr& index : store->indices) {
      if (auto r = DependencyRange(index)) {
        range = range ? std::make_pair(std::min(range->first, r->first),
                                       std::max(range->second, r->second))
                      : *r;
      }
    }
    WriteInfo info;
    info.store = store;
    info.realize = innermost_;
    if (range)
      info.loopnest.assign(active_.begin() + range->first, active_.begin() + range->second + 1);
    info.row_major = !info.loopnest.empty() && info.loopnest.size() == buffer_->shape.size() &&
                     info.loopnest.size() == store->indices.size();
    for (size_t i = 0; info.row_major && i < info.loopnest.size(); ++i) {
      const ForNode* loop = info.loopnest[i];
      Expr index = ir::Substitute(store->indices[i], bindings_);
      info.row_major = index.same_as(loop->loop_var) && ir::is_zero(loop->min) &&
                       ir::StructuralEqual(loop->extent, buffer_->shape[i]) &&
                       loop->for_kind == ForKind::Serial;
    }
    writes.push_back(info);
  }

  Buffer buffer_;
  std::vector<const ForNode*> active_;
  std::unordered_map<const ir::ExprNode*, std::pair<size_t, size_t>> depth_;
  ir::VarMap bindings_;
  const BlockRealizeNode* innermost_ = nullptr;
};

struct Padding {
  IndexMap inverse;
  Expr predicate;  // over inverse->initial_indices
  IndexMap pad_value;
};

Expr PadValueAt(const IndexMap& pad_value, const std::vector<Expr>& indices,
                arith::Analyzer* analyzer) {
  return MapIndices(pad_value, indices, analyzer)[0];
}

Expr IfThenElse(const Expr& cond, const Expr& t, const Expr& f) {
  return ir::MakeCall(f.dtype(), "if_then_else", {cond, t, f});
}

// for axis0, axis1, ...: the loops over the transformed shape around `body`.
Stmt WrapAxisLoops(const Padding& p, const Buffer& new_buffer, Stmt body) {
  const auto& axes = p.inverse->initial_indices;
  for (size_t i = axes.size(); i-- > 0;) {
    body = MakeFor(axes[i], ir::make_zero(axes[i].dtype()), new_buffer->shape[i], ForKind::Serial,
                   std::move(body));
  }
  return body;
}

// The block iterators v_axis0, ... over the transformed shape, bound to the axis loops.
struct AxisBlockVars {
  std::vector<IterVar> iter_vars;
  std::vector<Expr> values, indices;
  ir::VarMap axis_to_v;
};

AxisBlockVars MakeAxisBlockVars(const Padding& p, const Buffer& new_buffer) {
  AxisBlockVars out;
  const auto& axes = p.inverse->initial_indices;
  for (size_t i = 0; i < axes.size(); ++i) {
    Var v("v_" + axes[i].name(), axes[i].dtype());
    out.iter_vars.push_back(ir::MakeIterVar(Range(ir::make_zero(v.dtype()), new_buffer->shape[i]),
                                            v, ir::IterVarType::DataPar));
    out.values.push_back(axes[i]);
    out.indices.push_back(v);
    out.axis_to_v[axes[i]] = v;
  }
  return out;
}

Region PointRegion(const std::vector<Expr>& indices) {
  Region r;
  for (const Expr& e : indices) r.emplace_back(e, ir::make_const(e.dtype(), int64_t{1}));
  return r;
}

// ProloguePlan: what the caller promises about an input's padding.
Stmt AssumptionBlock(const Padding& p, const Buffer& new_buffer, arith::Analyzer* analyzer) {
  AxisBlockVars vars = MakeAxisBlockVars(p, new_buffer);
  Expr pred = ir::Substitute(p.predicate, vars.axis_to_v);
  Expr holds = ir::MakeBinary(ir::ExprKind::EQ, ir::MakeBufferLoad(new_buffer, vars.indices),
                              PadValueAt(p.pad_value, vars.indices, analyzer));
  Expr fact = ir::MakeBinary(ir::ExprKind::Or, ir::MakeNot(pred), holds);
  auto block = std::make_shared<BlockNode>();
  block->name = "buffer_" + new_buffer->name + "_assumptions";
  block->iter_vars = vars.iter_vars;
  block->reads = {{new_buffer, PointRegion(vars.indices)}};
  block->body = MakeCompute(ir::MakeEvaluate(ir::MakeCall(DataType::Bool(), "assume", {fact})));
  return WrapAxisLoops(p, new_buffer, MakeBlockRealize(vars.values, ir::make_bool(true), block));
}

// EpiloguePlan: a block storing the pad value where the predicate holds.
Stmt PaddingBlock(const Padding& p, const Buffer& new_buffer, arith::Analyzer* analyzer) {
  AxisBlockVars vars = MakeAxisBlockVars(p, new_buffer);
  auto block = std::make_shared<BlockNode>();
  block->name = "buffer_" + new_buffer->name + "_padding";
  block->iter_vars = vars.iter_vars;
  block->writes = {{new_buffer, PointRegion(vars.indices)}};
  block->body = MakeCompute(ir::MakeBufferStore(
      new_buffer, PadValueAt(p.pad_value, vars.indices, analyzer), vars.indices));
  return WrapAxisLoops(p, new_buffer, MakeBlockRealize(vars.values, p.predicate, block));
}

// ReplacementPlan for one writer (TVM's BufferStoreReplacer): its loops over the buffer
// become loops over the transformed shape and its stores `T.if_then_else` stores.
// nullopt when the loops store anything else.
std::optional<Stmt> OvercomputeLoops(const WriteInfo& info, const Padding& p,
                                     const Buffer& new_buffer, arith::Analyzer* analyzer) {
  const auto& axes = p.inverse->initial_indices;
  ir::VarMap remap;
  for (size_t i = 0; i < info.loopnest.size(); ++i) {
    remap[info.loopnest[i]->loop_var] = p.inverse->final_indices[i];
  }
  std::vector<Expr> new_indices(axes.begin(), axes.end());
  Expr predicate = p.predicate;
  std::vector<IterVar> new_iter_vars;
  std::vector<Expr> new_iter_values;
  bool block_update = false;
  // When the store's indices are the block's spatial iterators in order, the block gets
  // iterators over the transformed shape instead (TVM's DefineBlockUpdates).
  if (info.realize && !info.store->indices.empty()) {
    const BlockNode& block = *info.realize->block;
    const std::vector<Expr>& idx = info.store->indices;
    size_t n = block.iter_vars.size(), m = idx.size();
    if (n >= m) {
      size_t start = 0;
      while (start < n - m && !idx[0].same_as(block.iter_vars[start]->var)) ++start;
      bool match = true;
      for (size_t i = 0; i < m; ++i) {
        match = match && idx[i].same_as(block.iter_vars[start + i]->var) &&
                block.iter_vars[start + i]->iter_type == ir::IterVarType::DataPar;
      }
      if (match) {
        block_update = true;
        AxisBlockVars vars = MakeAxisBlockVars(p, new_buffer);
        new_indices = vars.indices;
        for (size_t i = 0; i < start; ++i) {
          new_iter_vars.push_back(block.iter_vars[i]);
          new_iter_values.push_back(info.realize->iter_values[i]);
        }
        new_iter_vars.insert(new_iter_vars.end(), vars.iter_vars.begin(), vars.iter_vars.end());
        new_iter_values.insert(new_iter_values.end(), vars.values.begin(), vars.values.end());
        for (size_t i = start + m; i < n; ++i) {
          new_iter_vars.push_back(block.iter_vars[i]);
          new_iter_values.push_back(info.realize->iter_values[i]);
        }
        for (size_t i = 0; i < m; ++i) {
          remap[Var::from(idx[i])] = ir::Substitute(p.inverse->final_indices[i], vars.axis_to_v);
        }
        predicate = ir::Substitute(predicate, vars.axis_to_v);
      }
    }
  }
  Expr pad_at = PadValueAt(p.pad_value, new_indices, analyzer);
  bool all_replaced = true;
  RemapMutator m;
  m.remap = &remap;
  m.on_store = [&](const ir::BufferStoreNode* n) -> std::optional<ir::Stmt> {
    bool same = n->buffer == info.store->buffer && n->indices.size() == info.store->indices.size();
    for (size_t i = 0; same && i < n->indices.size(); ++i) {
      same = ir::StructuralEqual(n->indices[i], info.store->indices[i]);
    }
    if (!same) {
      all_replaced = false;
      return std::nullopt;
    }
    return ir::MakeBufferStore(new_buffer, IfThenElse(predicate, pad_at, n->value), new_indices);
  };
  TirRewriter rw;
  rw.m = &m;
  rw.on_block = [&](const BlockRealizeNode& old, std::vector<Expr>* values, BlockNode* block) {
    if (&old == info.realize && block_update) {
      block->iter_vars = new_iter_vars;
      *values = new_iter_values;
    }
  };
  Stmt body = rw.Visit(info.loopnest.back()->body);
  if (!all_replaced) return std::nullopt;
  return WrapAxisLoops(p, new_buffer, std::move(body));
}

Error IndexOutOfRange(size_t index, size_t n) {
  return ScheduleError("BufferIndexOutOfRangeError",
                       "The input `buffer_index` is out of range. It is required to be in range "
                       "[0, " +
                           std::to_string(n) + ") but got " + std::to_string(index) + ".");
}

Status CheckPadValue(const Buffer& buffer, const IndexMap& pad_value, size_t ndim) {
  if (pad_value->final_indices.size() != 1) {
    return ScheduleError("TransformationPaddingIndexMapError",
                         "The IndexMap specifying pad_value has " +
                             std::to_string(pad_value->final_indices.size()) +
                             " outputs, should only have one output");
  }
  if (pad_value->initial_indices.size() != ndim) {
    return ScheduleError("ValueError", "The pad_value " + IndexMapAsPython(pad_value) + " takes " +
                                           std::to_string(pad_value->initial_indices.size()) +
                                           " indices, but the transformed buffer has " +
                                           std::to_string(ndim) + " dimensions");
  }
  DataType t = pad_value->final_indices[0].dtype();
  if (t != buffer->dtype) {
    return ScheduleError("TransformationPaddingTypeError",
                         "Type mismatch " + buffer->dtype.str() + " vs " + t.str());
  }
  std::string other;
  struct LoadFinder : ir::IRVisitor {
    Buffer buffer;
    std::string* other;
    void VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
      if (n->buffer != buffer && other->empty()) *other = n->buffer->name;
      ir::IRVisitor::VisitBufferLoad(n, e);
    }
  } finder;
  finder.buffer = buffer;
  finder.other = &other;
  finder.VisitExpr(pad_value->final_indices[0]);
  if (!other.empty()) {
    return ScheduleError("TransformationPaddingExpressionError",
                         "Pad value may not contain load from " + other);
  }
  return Status::Ok();
}

}  // namespace layout_transformation_detail

Result<Buffer> NthAccessBuffer(const BlockNode& block, size_t index, BufferIndexType type) {
  const std::vector<BufferRegion>& regions =
      type == BufferIndexType::Read ? block.reads : block.writes;
  if (index >= regions.size()) {
    return layout_transformation_detail::IndexOutOfRange(index, regions.size());
  }
  return regions[index].buffer;
}

Status TransformLayout(ScheduleState* state, const std::string& block_name, size_t index,
                       BufferIndexType type, const IndexMap& index_map, const IndexMap& pad_value,
                       bool assume_injective_transform) {
  using namespace layout_transformation_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  auto old_buffer = NthAccessBuffer(*(*found)->block, index, type);
  if (!old_buffer.ok()) return old_buffer.error();
  const Buffer buffer = *old_buffer;
  if (index_map->initial_indices.size() != buffer->shape.size()) {
    return ScheduleError("ValueError", "The index map " + IndexMapAsPython(index_map) + " takes " +
                                           std::to_string(index_map->initial_indices.size()) +
                                           " indices, but the buffer " + buffer->name + " has " +
                                           std::to_string(buffer->shape.size()) + " dimensions");
  }
  if (pad_value) {
    Status s = CheckPadValue(buffer, pad_value, index_map->final_indices.size());
    if (!s.ok()) return s;
  }
  // The scope: the block allocating the buffer, else (a parameter) the block's scope.
  const BlockRealizeNode* scope = nullptr;
  PreOrderVisit(state->func().body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      const auto& allocs = r->block->alloc_buffers;
      if (std::find(allocs.begin(), allocs.end(), buffer) != allocs.end()) scope = r;
    }
    return scope == nullptr;
  });
  bool is_param = std::find(state->func().params.begin(), state->func().params.end(), buffer) !=
                  state->func().params.end();
  if (!scope) scope = state->ScopeOf(*found);
  if (!scope) scope = *found;

  Padding padding;
  padding.predicate = ir::make_bool(false);
  padding.pad_value = pad_value;
  std::vector<Expr> new_shape;
  if (!assume_injective_transform) {
    auto inverse = NonSurjectiveInverse(index_map, buffer->shape);
    if (!inverse.ok()) return inverse.error();
    padding.inverse = inverse->inverse;
    padding.predicate = inverse->padding_predicate;
    new_shape = inverse->shape;
  } else {
    auto shape = MapShape(index_map, buffer->shape);
    if (!shape.ok()) return shape.error();
    new_shape = *shape;
  }
  bool has_padding = !ir::is_zero(padding.predicate);
  if (has_padding && !pad_value) {
    std::string shape_text;
    for (size_t i = 0; i < new_shape.size(); ++i) {
      shape_text += (i ? ", " : "") + ExprToTVMScript(new_shape[i]);
    }
    return ScheduleError("TransformationIntroducesPaddingError",
                         "Transformation would introduce padding at " +
                             ExprToTVMScript(padding.predicate) + ". The transformation " +
                             IndexMapAsPython(index_map) + " applied on buffer " + buffer->name +
                             " would result in shape [" + shape_text + "]");
  }
  Buffer new_buffer = WithShape(buffer, new_shape);

  arith::Analyzer analyzer;
  // Plan the padding (TVM's TransformLayoutPlanner).
  std::optional<Stmt> prologue;
  std::map<const StmtNode*, Stmt> replacements;
  const StmtNode* insert_after = nullptr;
  Stmt epilogue;
  if (has_padding) {
    Planner planner(buffer);
    planner.Visit(scope->block->body);
    if (planner.writes.empty()) {
      prologue = AssumptionBlock(padding, new_buffer, &analyzer);
    } else {
      for (const WriteInfo& info : planner.writes) {
        if (!info.row_major) continue;
        if (auto loops = OvercomputeLoops(info, padding, new_buffer, &analyzer)) {
          replacements[info.loopnest.front()] = *loops;
        }
      }
      if (replacements.empty()) {
        const WriteInfo& last = planner.writes.back();
        insert_after = last.loopnest.empty() ? static_cast<const StmtNode*>(last.realize)
                                             : last.loopnest.front();
        epilogue = PaddingBlock(padding, new_buffer, &analyzer);
      }
    }
  }

  // Rewrite every access (TVM's TransformLayoutRewriter).
  auto rewrite_indices = [&](const std::vector<Expr>& indices) {
    return MapIndices(index_map, indices, &analyzer);
  };
  RemapMutator m;
  m.on_load = [&](const ir::BufferLoadNode* n, const Expr& e) -> Expr {
    return n->buffer == buffer ? ir::MakeBufferLoad(new_buffer, rewrite_indices(n->indices)) : e;
  };
  m.on_store = [&](const ir::BufferStoreNode* n) -> std::optional<ir::Stmt> {
    if (n->buffer != buffer) return std::nullopt;
    return ir::MakeBufferStore(new_buffer, n->value, rewrite_indices(n->indices));
  };
  TirRewriter rw;
  rw.m = &m;
  rw.on_loop = [&](const ForNode* loop) {
    analyzer.Bind(loop->loop_var, Range(loop->min, loop->extent), /*allow_override=*/true);
  };
  rw.on_enter_block = [&](const BlockNode& block) {
    for (const IterVar& iv : block.iter_vars) {
      if (iv->dom.min.defined()) analyzer.Bind(iv->var, iv->dom, /*allow_override=*/true);
    }
  };
  rw.replace = [&](const StmtNode* n) -> std::optional<Stmt> {
    auto it = replacements.find(n);
    if (it == replacements.end()) return std::nullopt;
    return it->second;
  };
  rw.after = [&](const StmtNode* n, Stmt out) -> Stmt {
    return n == insert_after ? MakeSeq({std::move(out), epilogue}) : out;
  };
  rw.on_block = [&](const BlockRealizeNode&, std::vector<Expr>*, BlockNode* block) {
    bool touches = false;
    for (auto* regions : {&block->reads, &block->writes}) {
      for (const BufferRegion& r : *regions) touches = touches || r.buffer == buffer;
    }
    if (touches) {
      AccessRegions inferred = GetBlockAccessRegion(*block, {new_buffer});
      auto fix = [&](std::vector<BufferRegion>* regions, const std::vector<BufferRegion>& from) {
        for (BufferRegion& r : *regions) {
          if (r.buffer != buffer) continue;
          r.buffer = new_buffer;
          r.region.clear();
          for (const BufferRegion& f : from) {
            if (f.buffer == new_buffer) r.region = f.region;
          }
          if (r.region.empty()) {
            for (const Expr& dim : new_shape)
              r.region.emplace_back(ir::make_zero(dim.dtype()), dim);
          }
        }
      };
      fix(&block->reads, inferred.reads);
      fix(&block->writes, inferred.writes);
    }
    for (Buffer& b : block->alloc_buffers) b = b == buffer ? new_buffer : b;
  };
  // The scope block itself: its body, and its allocation.
  Stmt new_scope = rw.Visit(MakeBlockRealize(scope->iter_values, scope->predicate, scope->block));
  if (prologue) {
    const auto* r = As<BlockRealizeNode>(new_scope);
    auto block = std::make_shared<BlockNode>(*r->block);
    block->body = MakeSeq({*prologue, block->body});
    new_scope = MakeBlockRealize(r->iter_values, r->predicate, std::move(block));
  }
  state->Replace(scope, new_scope);
  if (is_param) state->ReplaceParam(buffer, new_buffer, index_map, pad_value);
  return Status::Ok();
}

Status TransformBlockLayout(ScheduleState* state, const std::string& block_name,
                            const IndexMap& index_map) {
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  std::vector<const ForNode*> loops = state->LoopsAbove(realize);
  for (const ForNode* loop : loops) {
    if (!ir::is_zero(loop->min)) {
      return ScheduleError(
          "LoopNotStartWithZeroError",
          "The loop " + loop->loop_var.name() + " does not start with 0, which is not supported");
    }
  }
  if (!loops.empty() && state->ChildBlocks(loops.front()).size() != 1) {
    return ScheduleError("NonSingleChildBlockError", "The loop " + loops.front()->loop_var.name() +
                                                         " is required to have only one child "
                                                         "block");
  }
  bool trivial = loops.size() == realize->iter_values.size();
  for (size_t i = 0; trivial && i < loops.size(); ++i) {
    trivial = realize->iter_values[i].same_as(loops[i]->loop_var);
  }
  if (!trivial) {
    return ScheduleError("NotTrivialBindingError", "The binding values of the block " + block.name +
                                                       " are not variables of outer loops.");
  }
  if (index_map->initial_indices.size() != block.iter_vars.size()) {
    return ScheduleError("IndexMapNotApplicableToBlockIterError",
                         "The index map " + IndexMapAsPython(index_map) +
                             " can't be applied to block iters of " + block.name +
                             " because the number of parameters mismatch. Expected: " +
                             std::to_string(index_map->initial_indices.size()) +
                             ", actual: " + std::to_string(block.iter_vars.size()));
  }
  std::vector<Expr> block_vars, extents;
  std::unordered_map<const ir::ExprNode*, ir::IterVarType> iter_type;
  arith::Analyzer analyzer;
  for (const IterVar& iv : block.iter_vars) {
    if (!iv->dom.min.defined() || !ir::is_zero(iv->dom.min)) {
      return ScheduleError("ValueError", "The iterator " + iv->var.name() + " of block " +
                                             block.name + " does not start at 0");
    }
    block_vars.push_back(iv->var);
    extents.push_back(iv->dom.extent);
    iter_type[iv->var.get()] = iv->iter_type;
  }
  auto inverse = NonSurjectiveInverse(index_map, extents);
  if (!inverse.ok() || !ir::is_zero(inverse->padding_predicate)) {
    return ScheduleError(
        "NotBijectiveAffineIndexMapError",
        "The index map " + IndexMapAsPython(index_map) + " is not bijective affine.");
  }
  std::vector<Expr> transformed = MapIndices(index_map, block_vars, &analyzer);
  // The new iterators v0, v1, ...: spatial or reduction as the iterators they use.
  std::vector<IterVar> new_iters;
  std::vector<Expr> new_vars;
  for (size_t i = 0; i < transformed.size(); ++i) {
    Var v("v" + std::to_string(i), transformed[i].dtype());
    ir::IterVarType type = ir::IterVarType::DataPar;
    if (!ir::is_one(inverse->shape[i])) {
      std::optional<ir::IterVarType> seen;
      bool mixed = false;
      for (const ir::ExprNode* var : layout_transformation_detail::VarsOf(transformed[i])) {
        auto it = iter_type.find(var);
        if (it == iter_type.end()) continue;
        mixed = mixed || (seen && *seen != it->second);
        seen = it->second;
      }
      if (mixed || !seen) {
        return ScheduleError("OpaqueNewIterTypeError",
                             "Cannot detect the block iter type for new iter value " +
                                 ExprToTVMScript(transformed[i]) + " in " + block.name +
                                 " because it contains more than one type of original iter "
                                 "vars.");
      }
      type = *seen;
    }
    new_iters.push_back(
        ir::MakeIterVar(Range(ir::make_zero(v.dtype()), inverse->shape[i]), v, type));
    new_vars.push_back(v);
  }
  // The body in the new iterators: the old ones through the inverse map.
  std::vector<Expr> old_of_new = MapIndices(inverse->inverse, new_vars, &analyzer);
  ir::VarMap subst;
  for (size_t i = 0; i < block_vars.size(); ++i) subst[Var::from(block_vars[i])] = old_of_new[i];
  auto new_block = std::make_shared<BlockNode>(block);
  new_block->iter_vars = new_iters;
  new_block->body = SubstituteTir(block.body, subst);
  if (block.init.defined()) new_block->init = ir::Substitute(block.init, subst);
  new_block->init_nest = SubstituteTir(block.init_nest, subst);
  for (auto* regions : {&new_block->reads, &new_block->writes}) {
    for (BufferRegion& r : *regions) {
      for (Range& range : r.region) {
        range = Range(analyzer.Simplify(ir::Substitute(range.min, subst)),
                      analyzer.Simplify(ir::Substitute(range.extent, subst)));
      }
    }
  }
  std::vector<Var> loop_vars;
  for (size_t i = 0; i < new_iters.size(); ++i) {
    loop_vars.emplace_back("ax" + std::to_string(i), new_iters[i]->var.dtype());
  }
  Stmt body = MakeBlockRealize(std::vector<Expr>(loop_vars.begin(), loop_vars.end()),
                               realize->predicate, std::move(new_block));
  for (size_t i = loop_vars.size(); i-- > 0;) {
    body = MakeFor(loop_vars[i], ir::make_zero(loop_vars[i].dtype()), inverse->shape[i],
                   ForKind::Serial, std::move(body));
  }
  state->Replace(loops.empty() ? static_cast<const StmtNode*>(realize) : loops.front(),
                 std::move(body));
  return Status::Ok();
}

}  // namespace tessera::tir

namespace tessera::tir {

namespace layout_transformation_detail {

// A view (T.match_buffer) of `source`, with the source's new axis separators as TVM's
// set_axis_separator gives them: the same when the ranks agree, else as many zeros.
Buffer ViewWithSeparators(const Buffer& view, const Buffer& source) {
  std::vector<int> separators = source->axis_separators;
  if (view->shape.size() != source->shape.size())
    std::fill(separators.begin(), separators.end(), 0);
  if (separators == view->axis_separators) return view;
  auto n = std::make_shared<ir::BufferNode>(*view);
  n->axis_separators = std::move(separators);
  return Buffer(n);
}

// `s` with buffer `from` replaced by `to` in every block (bodies, inits, signatures,
// allocations and the sources of match_buffer views), and every view of it (and of those
// views) given `to`'s axis separators.
Stmt WithBufferEverywhere(const Stmt& s, const Buffer& from, const Buffer& to) {
  return MapRealizes(s, [&](const BlockRealizeNode& r) -> Stmt {
    auto n = std::make_shared<BlockNode>(*ReplaceBuffer(*r.block, from, to, /*nested=*/false));
    n->body = WithBufferEverywhere(n->body, from, to);
    for (MatchBufferRegion& m : n->match_buffers) {
      if (m.source.buffer == from) m.source.buffer = to;
    }
    for (size_t i = 0; i < n->match_buffers.size(); ++i) {
      const Buffer old_view = n->match_buffers[i].buffer;
      if (n->match_buffers[i].source.buffer != to) continue;
      const Buffer view = ViewWithSeparators(old_view, to);
      if (view == old_view) continue;
      n = std::make_shared<BlockNode>(*ReplaceBuffer(*n, old_view, view, /*nested=*/false));
      n->body = WithBufferEverywhere(n->body, old_view, view);
      n->match_buffers[i].buffer = view;
    }
    return MakeBlockRealize(r.iter_values, r.predicate, std::move(n));
  });
}

}  // namespace layout_transformation_detail

Status SetAxisSeparator(ScheduleState* state, const std::string& block_name, size_t index,
                        BufferIndexType type, const std::vector<int64_t>& axis_separators) {
  using namespace layout_transformation_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  auto old_buffer = NthAccessBuffer(*(*found)->block, index, type);
  if (!old_buffer.ok()) return old_buffer.error();
  const Buffer buffer = *old_buffer;
  bool view = false;
  PreOrderVisit(state->func().body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      for (const MatchBufferRegion& m : r->block->match_buffers) view = view || m.buffer == buffer;
    }
    return true;
  });
  if (view) {
    return ScheduleError("BufferIsSubregionError",
                         "The input buffer " + buffer->name +
                             " is defined in `match_buffer` of a block, it is expected to be a "
                             "function parameter or allocated by a block");
  }
  // Flattening groups the axes between separators, as TVM's Buffer checks them: in
  // 0..ndim and not decreasing (an empty group is an output axis of extent 1).
  const int64_t ndim = static_cast<int64_t>(buffer->shape.size());
  int64_t previous = 0;
  for (int64_t sep : axis_separators) {
    if (sep < previous || sep > ndim) {
      return ScheduleError("ValueError", "axis_separators of " + buffer->name +
                                             " must not decrease and lie within 0.." +
                                             std::to_string(ndim) + ", but got " +
                                             std::to_string(sep));
    }
    previous = sep;
  }
  auto n = std::make_shared<ir::BufferNode>(*buffer);
  n->axis_separators.assign(axis_separators.begin(), axis_separators.end());
  Buffer new_buffer = n;
  const BlockRealizeNode* root = RootRealize(state->func());
  Stmt new_root = WithBufferEverywhere(state->func().body, buffer, new_buffer);
  state->Replace(root, new_root);
  state->ReplaceParam(buffer, new_buffer);
  return Status::Ok();
}

}  // namespace tessera::tir
