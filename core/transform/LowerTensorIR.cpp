#include "transform/LowerTensorIR.h"

#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "layout/StorageAlign.h"
#include "te/Compute.h"
#include "transform/StorageFlatten.h"
#include "transform/TirAllocationPlan.h"

namespace tessera::transform {

namespace lower_tensor_ir_detail {

using ir::Expr;
using ir::Var;

constexpr const char* kAutoUnrollMaxStep = "pragma_auto_unroll_max_step";

bool IsPragmaKey(const std::string& key) { return key.rfind("pragma_", 0) == 0; }

// The tags whose loops run as virtual threads: TVM's LowerOpaqueBlock gives "vthread" and
// "vthread.x/y/z" the virtual_thread attribute (the TE lowering's "vthread", "cthread").
bool IsVirtualThreadTag(const std::string& tag) {
  return te::is_virtual_thread_tag(tag) || tag == "vthread.x" || tag == "vthread.y" ||
         tag == "vthread.z";
}

// How many leaf statements one run of `s` executes; saturates at `cap + 1` (a loop with
// a symbolic extent counts as more than any cap).
int64_t StepCount(const ir::Stmt& s, int64_t cap) {
  if (!s.defined()) return 0;
  auto clamp = [cap](int64_t v) { return std::min(v, cap + 1); };
  if (auto* f = s.as<ir::ForNode>()) {
    const int64_t* extent = ir::as_const_int(f->extent);
    if (!extent) return cap + 1;
    int64_t body = StepCount(f->body, cap);
    if (*extent <= 0 || body == 0) return 0;
    return body > (cap + 1) / *extent ? cap + 1 : clamp(*extent * body);
  }
  if (auto* seq = s.as<ir::SeqStmtNode>()) {
    int64_t total = 0;
    for (const ir::Stmt& e : seq->seq) total = clamp(total + StepCount(e, cap));
    return total;
  }
  if (auto* i = s.as<ir::IfThenElseNode>())
    return clamp(StepCount(i->then_case, cap) + StepCount(i->else_case, cap));
  if (auto* a = s.as<ir::AttrStmtNode>()) return StepCount(a->body, cap);
  if (auto* a = s.as<ir::AllocateNode>()) return StepCount(a->body, cap);
  if (auto* l = s.as<ir::LetStmtNode>()) return StepCount(l->body, cap);
  return 1;
}

// pragma_auto_unroll_max_step = N: serial loops with a constant extent whose nest runs
// at most N leaf statements become unrolled loops (TVM's UnrollLoop with auto_max_step).
class AutoUnroll : public ir::IRMutator {
 public:
  explicit AutoUnroll(int64_t max_step) : max_step_(max_step) {}

 protected:
  ir::Stmt VisitFor(const ir::ForNode* n, const ir::Stmt& s) override {
    ir::Stmt visited = ir::IRMutator::VisitFor(n, s);
    auto* f = visited.as<ir::ForNode>();
    if (f->for_kind != ir::ForKind::Serial || !ir::as_const_int(f->extent)) return visited;
    if (StepCount(visited, max_step_) > max_step_) return visited;
    return std::make_shared<const ir::ForNode>(
        f->loop_var, f->min, f->extent, ir::ForKind::Unrolled, f->body, nullptr, f->annotations);
  }

 private:
  int64_t max_step_;
};

// The T.launch_thread scopes of lowered TIR among a block's statements (an AttrStmt
// thread_extent or virtual_thread of a thread IterVar) as the loops the rest of the
// pipeline splits kernels at: a thread-bound loop from 0, or a serial loop for a virtual
// thread, as LowerFor makes them of thread-bound TensorIR loops.
class LaunchedThreadsAsLoops : public ir::IRMutator {
 protected:
  ir::Stmt VisitAttrStmt(const ir::AttrStmtNode* n, const ir::Stmt& s) override {
    const ir::IterVar* iv = ir::LaunchedThread(*n);
    if (!iv) return ir::IRMutator::VisitAttrStmt(n, s);
    ir::Stmt body = VisitStmt(n->body);
    Expr zero = ir::make_zero(n->value.dtype());
    const Var& var = (*iv)->var;
    if (n->key == "virtual_thread" || IsVirtualThreadTag((*iv)->thread_tag))
      return ir::MakeFor(var, zero, n->value, ir::ForKind::Serial, body);
    ir::IterVar thread = ir::MakeIterVar(ir::Range(zero, n->value), var,
                                         ir::IterVarType::ThreadIndex, (*iv)->thread_tag);
    return ir::MakeFor(var, zero, n->value, ir::ForKind::ThreadBinding, body, thread);
  }
};

// LowerMatchBuffer: the accesses of a block's T.match_buffer views become accesses of the
// buffers they view, `view[i, j]` -> `source[min0, min1 + i, min2 + j]` (the leading
// dimensions of the region are single elements, as tensorize makes them). A view whose
// data pointer the body uses (an external call's argument) is refused: Tessera cannot
// run such calls.
class MatchBufferLowerer : public ir::IRMutator {
 public:
  struct View {
    ir::Buffer source;
    std::vector<Expr> mins;
  };
  std::unordered_map<const ir::BufferNode*, View> views;
  std::unordered_map<const ir::ExprNode*, std::string> view_data;  // data handle -> view
  std::string error;

 protected:
  Expr VisitVar(const ir::VarNode*, const Expr& e) override {
    auto it = view_data.find(e.get());
    if (it != view_data.end() && error.empty()) error = "uses the data pointer of " + it->second;
    return e;
  }
  Expr VisitCall(const ir::CallNode* n, const Expr& e) override {
    if (ir::IsExternCall(*n) && error.empty())
      error = "calls the external function \"" + n->op + "\"";
    return ir::IRMutator::VisitCall(n, e);
  }
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    auto it = views.find(n->buffer.get());
    if (it == views.end()) return ir::MakeBufferLoad(n->buffer, std::move(indices));
    return ir::MakeBufferLoad(it->second.source, Indices(it->second, indices));
  }
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt&) override {
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    Expr value = VisitExpr(n->value);
    auto it = views.find(n->buffer.get());
    if (it == views.end()) return ir::MakeBufferStore(n->buffer, value, std::move(indices));
    return ir::MakeBufferStore(it->second.source, value, Indices(it->second, indices));
  }

 private:
  static std::vector<Expr> Indices(const View& view, const std::vector<Expr>& indices) {
    std::vector<Expr> out = view.mins;
    size_t offset = out.size() - indices.size();
    for (size_t i = 0; i < indices.size(); ++i)
      out[offset + i] = ir::add(out[offset + i], indices[i]);
    return out;
  }
};

// The block-lowering step: LowerInitBlock + ConvertBlocksToOpaque + LowerOpaqueBlock.
class BlockLowerer {
 public:
  // Buffers allocated by blocks, by data handle.
  std::unordered_map<const ir::ExprNode*, ir::Buffer> allocated;
  // storage_align's per-dimension alignments ("buffer_dim_align"), by data handle.
  std::unordered_map<const ir::ExprNode*, std::vector<layout::DimAlign>> aligns;
  // A program with thread-bound loops: block buffers are not allocated where the block
  // is but listed here (outermost first) for TirAllocationPlan.
  bool defer_allocations = false;
  std::vector<ir::Buffer> deferred;

  Result<ir::Stmt> Lower(const tir::Stmt& s) {
    if (!s) return Error("LowerTensorIR: the program has an empty statement");
    if (auto* c = tir::As<tir::ComputeNode>(s))
      return Sub(LaunchedThreadsAsLoops().VisitStmt(c->stmt));
    if (auto* seq = tir::As<tir::SeqNode>(s)) {
      std::vector<ir::Stmt> out;
      for (const tir::Stmt& e : seq->seq) {
        auto lowered = Lower(e);
        if (!lowered.ok()) return lowered.error();
        out.push_back(*lowered);
      }
      ir::Stmt joined = ir::MakeSeq(std::move(out));
      return joined.defined() ? joined : ir::MakeEvaluate(0);
    }
    if (auto* f = tir::As<tir::ForNode>(s)) return LowerFor(*f);
    if (auto* r = tir::As<tir::BlockRealizeNode>(s)) return LowerRealize(*r);
    return Error("LowerTensorIR: unknown TensorIR statement kind");
  }

 private:
  Expr Sub(const Expr& e) const { return vmap_.empty() ? e : ir::Substitute(e, vmap_); }
  ir::Stmt Sub(const ir::Stmt& s) const { return vmap_.empty() ? s : ir::Substitute(s, vmap_); }

  Result<ir::Stmt> LowerFor(const tir::ForNode& f) {
    Expr min = Sub(f.min), extent = Sub(f.extent);
    Result<ir::Stmt> body = ir::Stmt();
    if (f.for_kind != ir::ForKind::ThreadBinding) body = Lower(f.body);
    if (!body.ok()) return body.error();
    ir::Stmt loop;
    if (f.for_kind == ir::ForKind::ThreadBinding) {
      if (Status st = CheckThreadLoop(f, min, extent); !st.ok()) return st.error();
      ++thread_depth_;
      body = Lower(f.body);
      --thread_depth_;
      if (!body.ok()) return body.error();
      // The TE lowering's form: a loop from 0 over the bound index.
      const ir::Stmt& inner = *body;
      Expr zero = ir::make_zero(extent.dtype());
      if (IsVirtualThreadTag(f.thread_tag)) {
        loop = ir::MakeFor(f.loop_var, zero, extent, ir::ForKind::Serial, inner);
      } else {
        ir::IterVar thread = ir::MakeIterVar(ir::Range(zero, extent), f.loop_var,
                                             ir::IterVarType::ThreadIndex, f.thread_tag);
        loop = ir::MakeFor(f.loop_var, zero, extent, ir::ForKind::ThreadBinding, inner, thread);
      }
    } else {
      std::map<std::string, Expr> kept;
      for (const auto& [key, value] : f.annotations)
        if (!IsPragmaKey(key)) kept[key] = value;
      loop = std::make_shared<const ir::ForNode>(f.loop_var, min, extent, f.for_kind, *body,
                                                 nullptr, std::move(kept));
    }
    if (auto it = f.annotations.find(kAutoUnrollMaxStep); it != f.annotations.end()) {
      const int64_t* steps = ir::as_const_int(it->second);
      if (!steps) {
        return Error("LowerTensorIR: loop " + f.loop_var.name() + " has " + kAutoUnrollMaxStep +
                     " = " + ir::to_string(it->second) + ", which is not an integer constant");
      }
      if (*steps > 0) loop = AutoUnroll(*steps).VisitStmt(loop);
    }
    // std::map: the pragmas nest in key order, as TVM sorts them. Their node is the
    // loop's IterVar, as ScheduleOps makes a TE pragma's.
    ir::IterVar node =
        ir::MakeIterVar(ir::Range(min, extent), f.loop_var, ir::IterVarType::DataPar);
    for (auto it = f.annotations.rbegin(); it != f.annotations.rend(); ++it)
      if (IsPragmaKey(it->first)) loop = ir::MakeAttr(node, it->first, it->second, loop);
    return loop;
  }

  // What TVM requires of a thread-bound loop: a thread tag, the minimum 0 (its launch
  // attribute has only an extent) and, within one kernel (the code under an outermost
  // thread-bound loop), the same extent as every other loop bound to the same tag
  // (UnifyThreadBinding's check).
  Status CheckThreadLoop(const tir::ForNode& f, const Expr& min, const Expr& extent) {
    std::string where = "LowerTensorIR: loop " + f.loop_var.name();
    if (f.thread_tag.empty()) return Error(where + " is thread-bound but has no thread tag");
    if (!ir::is_zero(min)) {
      return Error(where + " is bound to " + f.thread_tag + " but starts at " + ir::to_string(min) +
                   "; a thread-bound loop must start at 0 (the launch gives a thread index "
                   "an extent only)");
    }
    if (thread_depth_ == 0) kernel_tags_.clear();
    auto [it, fresh] = kernel_tags_.try_emplace(f.thread_tag, extent, f.loop_var.name());
    if (fresh) return Status::Ok();
    arith::Analyzer analyzer;
    if (analyzer.CanProveEqual(it->second.first, extent)) return Status::Ok();
    return Error("LowerTensorIR: all loops bound to " + f.thread_tag +
                 " in one kernel must have the same extent, but loop " + it->second.second +
                 " has extent " + ir::to_string(it->second.first) + " and loop " +
                 f.loop_var.name() + " has extent " + ir::to_string(extent));
  }

  Result<ir::Stmt> LowerRealize(const tir::BlockRealizeNode& r) {
    const tir::BlockNode* block = r.block.get();
    if (!block) return Error("LowerTensorIR: a block realize has no block");
    std::string where = "LowerTensorIR: block '" + block->name + "'";
    if (r.iter_values.size() != block->iter_vars.size()) {
      return Error(where + " has " + std::to_string(block->iter_vars.size()) +
                   " iterators but its realize binds " + std::to_string(r.iter_values.size()));
    }
    if (!block->body) return Error(where + " has no body");
    Expr predicate = r.predicate.defined() ? Sub(r.predicate) : ir::make_bool(true);

    // ConvertBlocksToOpaque: the iterators become their bindings (in terms of the loops).
    ir::VarMap saved = vmap_;
    std::vector<Expr> values;
    for (size_t i = 0; i < block->iter_vars.size(); ++i) {
      const ir::IterVar& iv = block->iter_vars[i];
      if (!iv || !r.iter_values[i].defined())
        return Error(where + " has an undefined iterator or binding");
      Expr value = Sub(r.iter_values[i]);
      if (value.dtype() != iv->var.dtype()) value = ir::cast(iv->var.dtype(), value);
      values.push_back(value);
    }
    for (size_t i = 0; i < values.size(); ++i) vmap_[block->iter_vars[i]->var] = values[i];
    BindMatchedVariables(*block);
    auto body = Lower(block->body);
    if (body.ok() && !block->match_buffers.empty()) body = LowerMatchBuffers(*block, *body, where);
    ir::Stmt init;
    Expr init_cond;
    if (tir::HasInit(*block)) {
      // LowerInitBlock: the first step of every reduction iterator runs the init.
      if (block->init.defined()) {
        init = Sub(block->init);
      } else {
        auto nest = Lower(block->init_nest);
        if (!nest.ok()) {
          vmap_ = std::move(saved);
          return nest.error();
        }
        init = *nest;
      }
      for (size_t i = 0; i < values.size(); ++i) {
        const ir::IterVar& iv = block->iter_vars[i];
        if (iv->iter_type != ir::IterVarType::CommReduce) continue;
        Expr first = ir::eq(values[i], Sub(iv->dom.min));
        init_cond = init_cond.defined() ? ir::logical_and(init_cond, first) : first;
      }
    }
    vmap_ = std::move(saved);
    if (!body.ok()) return body.error();

    ir::Stmt out = *body;
    if (init.defined())
      out = ir::MakeSeq({init_cond.defined() ? ir::MakeIf(init_cond, init) : init, out});
    if (!ir::is_one(predicate)) out = ir::MakeIf(predicate, out);
    if (defer_allocations) {
      for (const ir::Buffer& b : block->alloc_buffers)
        if (b) deferred.push_back(b);
    }
    for (size_t i = block->alloc_buffers.size(); i > 0; --i) {
      const ir::Buffer& b = block->alloc_buffers[i - 1];
      if (!b) return Error(where + " allocates an undefined buffer");
      if (b->layout) {
        return Error(where + " allocates buffer " + b->name +
                     " with a layout transform, which LowerTensorIR does not flatten yet");
      }
      if (b->elem_offset.defined() && !ir::is_zero(b->elem_offset)) {
        return Error(where + " allocates buffer " + b->name +
                     " with an offset; only buffers starting at 0 are allocated");
      }
      // An aligned buffer gets the padded strides; its accesses are flattened with them.
      // Declared strides are dropped, as TVM's CompactBufferAllocation recomputes every
      // allocated buffer's (cache_index declares strides=(1,) for any rank).
      auto align = aligns.find(b->data.get());
      if (align != aligns.end() || !b->strides.empty()) {
        auto laid_out = std::make_shared<ir::BufferNode>(*b);
        laid_out->strides = align != aligns.end() ? layout::AlignedStrides(b->shape, align->second)
                                                  : std::vector<ir::Expr>{};
        allocated[b->data.get()] = laid_out;
      } else {
        allocated[b->data.get()] = b;
      }
      if (!defer_allocations)
        out = ir::MakeAllocate(b->data, b->dtype, b->shape, ir::make_bool(true), out, b->scope);
    }
    for (auto it = block->annotations.rbegin(); it != block->annotations.rend(); ++it)
      if (IsPragmaKey(it->first)) out = ir::MakeAttr(Expr(0), it->first, it->second, out);
    return out;
  }

  // The strides of `b` as it is laid out: its allocation's (storage_align pads them), its
  // own, or row-major.
  std::vector<Expr> LaidOutStrides(const ir::Buffer& b) const {
    auto it = allocated.find(b->data.get());
    const ir::Buffer& laid_out = it == allocated.end() ? b : it->second;
    if (laid_out->strides.size() == laid_out->shape.size()) return laid_out->strides;
    std::vector<Expr> strides(laid_out->shape.size());
    Expr stride = Expr(1);
    for (size_t d = strides.size(); d > 0; --d) {
      strides[d - 1] = stride;
      stride = ir::mul(stride, laid_out->shape[d - 1]);
    }
    return strides;
  }

  // The variables a block's T.match_buffer views leave to the match (`A_1.elem_offset`,
  // `A_1.strides[0]`) bound to what they are in the buffer viewed, as TVM's
  // LowerMatchBuffer binds them.
  void BindMatchedVariables(const tir::BlockNode& block) {
    for (const tir::MatchBufferRegion& m : block.match_buffers) {
      const ir::Buffer& view = m.buffer;
      const tir::BufferRegion& source = m.source;
      if (!view || !source.buffer || source.region.size() < view->shape.size()) continue;
      std::vector<Expr> strides = LaidOutStrides(source.buffer);
      if (strides.size() != source.region.size()) continue;
      if (view->elem_offset.defined() && view->elem_offset.kind() == ir::ExprKind::Var) {
        const ir::Expr& base = source.buffer->elem_offset;
        Expr offset = base.defined() ? Sub(base) : Expr(0);
        for (size_t d = 0; d < strides.size(); ++d)
          offset = ir::add(offset, ir::mul(Sub(source.region[d].min), strides[d]));
        vmap_[ir::Var::from(view->elem_offset)] = ir::cast(view->elem_offset.dtype(), offset);
      }
      const size_t leading = source.region.size() - view->shape.size();
      for (size_t i = 0; i < view->strides.size(); ++i) {
        if (view->strides[i].kind() != ir::ExprKind::Var || leading + i >= strides.size()) continue;
        vmap_[ir::Var::from(view->strides[i])] =
            ir::cast(view->strides[i].dtype(), strides[leading + i]);
      }
    }
  }

  Result<ir::Stmt> LowerMatchBuffers(const tir::BlockNode& block, const ir::Stmt& body,
                                     const std::string& where) {
    MatchBufferLowerer lowerer;
    for (const tir::MatchBufferRegion& m : block.match_buffers) {
      const ir::Buffer& view = m.buffer;
      const tir::BufferRegion& source = m.source;
      size_t rank = view->shape.size();
      if (!source.buffer || source.region.size() < rank)
        return Error(where + " matches buffer " + view->name + " to a region of lower rank");
      MatchBufferLowerer::View v{source.buffer, {}};
      for (size_t d = 0; d < source.region.size(); ++d) {
        bool leading = d < source.region.size() - rank;
        if (leading && !ir::is_one(source.region[d].extent))
          return Error(where + " matches buffer " + view->name + " to a region of " +
                       source.buffer->name +
                       " whose leading dimensions are not single elements, which LowerTensorIR "
                       "does not lower");
        v.mins.push_back(Sub(source.region[d].min));
      }
      lowerer.views[view.get()] = std::move(v);
      if (view->data.defined()) lowerer.view_data[view->data.get()] = view->name;
    }
    ir::Stmt lowered = lowerer.VisitStmt(body);
    if (!lowerer.error.empty())
      return Error(where + " (tensorized) " + lowerer.error +
                   ": the tensor intrinsic's implementation is code Tessera cannot run; "
                   "tensorize with an intrinsic whose implementation is a computation");
    return lowered;
  }

  ir::VarMap vmap_;
  int thread_depth_ = 0;
  // The tags bound in the current kernel: extent and the first loop bound to it.
  std::map<std::string, std::pair<Expr, std::string>> kernel_tags_;
};

// The "StorageFlatten" step of a TensorIR program: accesses of N-D buffers become
// accesses of their flat buffers (StorageFlatten.h's FlattenedBuffer / FlattenIndices,
// the same as argument buffers get), block allocations flat allocations.
class BufferFlattener : public ir::IRMutator {
 public:
  // `at_zero`: the parameters declared with an offset variable, by data handle, as the
  // function takes them (the offset 0).
  BufferFlattener(const std::vector<ir::Buffer>& params,
                  const std::unordered_map<const ir::ExprNode*, ir::Buffer>& allocated,
                  std::unordered_map<const ir::ExprNode*, ir::Buffer> at_zero = {})
      : allocated_(allocated), at_zero_(std::move(at_zero)) {
    for (const ir::Buffer& b : params) known_.insert(b->data.get());
    for (const auto& [data, b] : allocated) known_.insert(data);
  }
  std::string error;

 protected:
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    if (!Check(n->buffer, indices.size())) return e;
    const ir::Buffer& b = Layout(n->buffer);
    return ir::MakeBufferLoad(Flat(b), FlattenIndices(b, indices));
  }

  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    if (!Check(n->buffer, indices.size())) return s;
    const ir::Buffer& b = Layout(n->buffer);
    return ir::MakeBufferStore(Flat(b), VisitExpr(n->value), FlattenIndices(b, indices));
  }

  ir::Stmt VisitAllocate(const ir::AllocateNode* n, const ir::Stmt& s) override {
    auto it = allocated_.find(n->buffer_var.get());
    if (it == allocated_.end()) return ir::IRMutator::VisitAllocate(n, s);
    ir::Buffer flat = Flat(it->second);
    return ir::MakeAllocate(n->buffer_var, n->dtype, flat->shape, n->condition, VisitStmt(n->body),
                            flat->scope);
  }

 private:
  bool Check(const ir::Buffer& b, size_t rank) {
    if (!error.empty()) return false;
    if (!known_.count(b->data.get())) {
      error = "buffer " + b->name + " is accessed but is neither a parameter nor allocated";
    } else if (b->layout) {
      error = "buffer " + b->name + " has a layout transform, which is not flattened yet";
    } else if (rank != b->shape.size()) {
      error = "buffer " + b->name + " has " + std::to_string(b->shape.size()) +
              " dimensions but is accessed with " + std::to_string(rank) + " indices";
    }
    return error.empty();
  }

  // The allocation an access goes to: strided when storage_align padded it, compact
  // where the declaration had strides.
  // A parameter as the function takes it (its offset variable bound to 0).
  const ir::Buffer& Layout(const ir::Buffer& b) const {
    auto param = at_zero_.find(b->data.get());
    if (param != at_zero_.end() && b->elem_offset.defined() &&
        b->elem_offset.kind() == ir::ExprKind::Var)
      return param->second;
    auto it = allocated_.find(b->data.get());
    bool relaid = it != allocated_.end() && (!it->second->strides.empty() || !b->strides.empty());
    return relaid ? it->second : b;
  }

  ir::Buffer Flat(const ir::Buffer& b) {
    auto it = flat_.find(b.get());
    if (it != flat_.end()) return it->second;
    ir::Buffer flat = FlattenedBuffer(b);
    // A strided (aligned) buffer spans its outermost stride times its outermost extent.
    if (!b->strides.empty() && !b->shape.empty() && b->axis_separators.empty())
      flat = ir::WithShape(flat, {ir::mul(b->strides[0], b->shape[0])});
    return flat_[b.get()] = flat;
  }

  const std::unordered_map<const ir::ExprNode*, ir::Buffer>& allocated_;
  std::unordered_set<const ir::ExprNode*> known_;
  std::unordered_map<const ir::ExprNode*, ir::Buffer> at_zero_;
  std::unordered_map<const ir::BufferNode*, ir::Buffer> flat_;
};

// Whether the buffer can start at element 0 (no offset, or an offset variable the
// argument binds) and is laid out row-major: no strides, or constant ones equal to the
// row-major strides (`strides=(16, 1)` of a 16 x 16 buffer).
bool IsCompact(const ir::BufferNode& b) {
  if (b.elem_offset.defined() && !ir::is_zero(b.elem_offset) &&
      b.elem_offset.kind() != ir::ExprKind::Var)
    return false;
  if (b.strides.empty()) return true;
  if (b.strides.size() != b.shape.size()) return false;
  int64_t expected = 1;
  for (size_t d = b.shape.size(); d > 0; --d) {
    const int64_t* stride = ir::as_const_int(b.strides[d - 1]);
    if (!stride || *stride != expected) return false;
    const int64_t* extent = ir::as_const_int(b.shape[d - 1]);
    if (d > 1 && !extent) return false;
    expected *= d > 1 ? *extent : 1;
  }
  return true;
}

Result<ir::Stmt> LowerBlocksWith(const tir::PrimFunc& f, BlockLowerer* lowerer) {
  if (!f.body) return Error("LowerTensorIR: the function has no body");
  for (const ir::Buffer& b : f.params) {
    if (!b) return Error("LowerTensorIR: a parameter buffer is undefined");
    if (!IsCompact(*b)) {
      return Error("LowerTensorIR: parameter " + b->name +
                   " has strides or an offset; parameters must be compact buffers (offset 0, "
                   "row-major strides), the arrays Tessera passes");
    }
  }
  // storage_align's annotations: [[buffer_index, axis, factor, offset], ...] of the
  // buffers a block writes.
  std::string bad_align;
  tir::PreOrderVisit(f.body, [&](const tir::StmtNode* n) {
    const auto* r = tir::As<tir::BlockRealizeNode>(n);
    if (!r) return true;
    auto it = r->block->annotations.find(tir::kBufferDimAlign);
    if (it == r->block->annotations.end()) return true;
    for (const Expr& tuple : tir::AnnotationListItems(it->second)) {
      std::vector<Expr> t = tir::AnnotationListItems(tuple);
      const int64_t* v[4] = {};
      for (size_t i = 0; i < 4 && i < t.size(); ++i) v[i] = ir::as_const_int(t[i]);
      if (t.size() != 4 || !v[0] || !v[1] || !v[2] || !v[3] || *v[0] < 0 ||
          static_cast<size_t>(*v[0]) >= r->block->writes.size() || *v[2] <= 0 || *v[1] < 0 ||
          static_cast<size_t>(*v[1]) >=
              r->block->writes[static_cast<size_t>(*v[0])].buffer->shape.size()) {
        bad_align = "LowerTensorIR: block " + r->block->name +
                    " has a buffer_dim_align entry that is not [buffer_index, axis, factor, "
                    "offset] of a buffer it writes";
        return false;
      }
      const ir::Buffer& b = r->block->writes[static_cast<size_t>(*v[0])].buffer;
      std::vector<layout::DimAlign>& aligns = lowerer->aligns[b->data.get()];
      aligns.resize(b->shape.size());
      aligns[static_cast<size_t>(*v[1])] = {*v[2], *v[3]};
    }
    return true;
  });
  if (!bad_align.empty()) return Error(bad_align);
  lowerer->defer_allocations = false;
  tir::PreOrderVisit(f.body, [&](const tir::StmtNode* n) {
    const auto* loop = tir::As<tir::ForNode>(n);
    if (loop && loop->for_kind == ir::ForKind::ThreadBinding) lowerer->defer_allocations = true;
    return !lowerer->defer_allocations;
  });
  auto body = lowerer->Lower(f.body);
  if (!body.ok() || !lowerer->defer_allocations) return body;
  auto plan = PlanTirAllocations(*body, lowerer->deferred);
  if (!plan.ok()) return plan.error();
  for (const auto& [data, compact] : plan->allocated) {
    auto align = lowerer->aligns.find(data);
    if (align == lowerer->aligns.end()) {
      lowerer->allocated[data] = compact;
      continue;
    }
    auto strided = std::make_shared<ir::BufferNode>(*compact);
    strided->strides = layout::AlignedStrides(compact->shape, align->second);
    lowerer->allocated[data] = strided;
  }
  return plan->body;
}

}  // namespace lower_tensor_ir_detail

using namespace lower_tensor_ir_detail;

Result<ir::Stmt> LowerBlocks(const tir::PrimFunc& f) {
  BlockLowerer lowerer;
  return LowerBlocksWith(f, &lowerer);
}

Result<LoweredProgram> LowerTensorIR(const tir::PrimFunc& f, PassContext ctx,
                                     const std::string& name) {
  BlockLowerer lowerer;
  auto body = LowerBlocksWith(f, &lowerer);
  if (!body.ok()) return body.error();
  std::vector<PassRecord> timeline{{"Input", PassText(*body, ctx), *body}};

  // The passes before and at StorageFlatten work on the N-D program.
  ir::Stmt stmt = *body;
  for (const std::string& pass : PipelinePassNames()) {
    if (pass == "StorageFlatten") break;
    auto out = RunPipelinePass(pass, stmt, ctx);
    if (!out.ok()) return out.error();
    stmt = *out;
    timeline.push_back({pass, PassText(stmt, ctx), stmt});
  }
  // A parameter's offset variable (T.match_buffer(a, ..., offset_factor=1)) is 0: Tessera
  // passes whole arrays, and TVM binds it from the argument, which starts there.
  std::vector<ir::Buffer> params = f.params;
  ir::VarMap offsets;
  std::unordered_map<const ir::ExprNode*, ir::Buffer> at_zero;
  for (ir::Buffer& b : params) {
    if (!b->elem_offset.defined() || b->elem_offset.kind() != ir::ExprKind::Var) continue;
    offsets[ir::Var::from(b->elem_offset)] = ir::make_zero(b->elem_offset.dtype());
    auto copy = std::make_shared<ir::BufferNode>(*b);
    copy->elem_offset = Expr();
    b = at_zero[b->data.get()] = copy;
  }
  if (!offsets.empty()) stmt = ir::Substitute(stmt, offsets);
  BufferFlattener flattener(params, lowerer.allocated, std::move(at_zero));
  stmt = flattener.VisitStmt(stmt);
  if (!flattener.error.empty()) return Error("StorageFlatten: " + flattener.error);
  timeline.push_back({"StorageFlatten", PassText(stmt, ctx), stmt});

  std::vector<ListedScalar> scalars;
  for (const tir::ScalarParam& p : f.scalar_params) scalars.push_back({p.var, p.position});
  auto optimized = Optimize(MakePrimFunc(name, params, scalars, stmt), ctx);
  if (!optimized.ok()) return optimized.error();
  LoweredProgram out = std::move(*optimized);
  // Optimize's own "Input" is the flattened program already recorded.
  for (size_t i = 1; i < out.timeline.size(); ++i) timeline.push_back(out.timeline[i]);
  out.timeline = std::move(timeline);
  return out;
}

}  // namespace tessera::transform
