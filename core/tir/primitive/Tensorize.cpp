// tensorize (TVM's primitive/blockize_tensorize.cc): a block, or the block blockize
// makes of the subtree under a loop, is matched against a tensor intrinsic's
// description (TensorizeComparator.h); its body is then replaced by the
// implementation's, whose parameter buffers become T.match_buffer views of the regions
// the match found. The implementation is copied with fresh variables and buffers, so two
// blocks tensorized with one intrinsic share nothing.
#include <algorithm>

#include "ir/ExprOp.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"
#include "tir/primitive/TensorizeComparator.h"

namespace tessera::tir {

namespace tensorize_detail {

// A copy of a subtree with every variable it defines (loop variables, block iterators,
// lets) and every buffer it names in `buffers` replaced by a fresh one.
class FreshCopy : public ir::IRMutator {
 public:
  std::map<const ir::BufferNode*, Buffer> buffers;
  // The block tensorized indexes with int64 where the intrinsic indexes with int32: the
  // copy's loop and block iterators, buffer shapes, strides and offsets, indices and the
  // constants combined with them become int64 (TVM's IndexDataTypeNormalizer).
  bool index64 = false;

  Var Fresh(const Var& v) {
    Var copy(v.name(), v.dtype());
    vars_[v] = copy;
    return copy;
  }
  // A variable that indexes: widened to int64 in an int64 copy.
  Var FreshIndex(const Var& v) {
    if (!index64 || v.dtype() != DataType::Int(32)) return Fresh(v);
    Var copy(v.name(), DataType::Int(64));
    vars_[v] = copy;
    return copy;
  }
  Expr Index(const Expr& e) { return Widen(Map(e)); }
  // A copy of `b` with its own data handle, standing for `b` from now on.
  Buffer FreshBuffer(const Buffer& b) {
    auto copy = std::make_shared<ir::BufferNode>(*b);
    if (b->data.defined()) copy->data = Fresh(b->data);
    if (index64) {
      auto index_part = [&](const Expr& e) -> Expr {
        if (!e.defined()) return e;
        if (const auto* v = e.as<ir::VarNode>(); v && !vars_.count(Var::from(e)))
          return FreshIndex(Var::from(e));
        return Index(e);
      };
      for (Expr& e : copy->shape) e = index_part(e);
      for (Expr& e : copy->strides) e = index_part(e);
      copy->elem_offset = index_part(copy->elem_offset);
    }
    buffers[b.get()] = copy;
    return copy;
  }
  Buffer Map(const Buffer& b) const {
    auto it = buffers.find(b.get());
    return it == buffers.end() ? b : it->second;
  }
  Expr Map(const Expr& e) { return e.defined() ? VisitExpr(e) : e; }
  ir::Stmt Map(const ir::Stmt& s) { return s.defined() ? VisitStmt(s) : s; }
  BufferRegion Map(const BufferRegion& r) {
    BufferRegion out{Map(r.buffer), {}};
    for (const Range& range : r.region)
      out.region.emplace_back(Index(range.min), Index(range.extent));
    return out;
  }

  Stmt Tir(const Stmt& s) {
    if (!s) return s;
    if (const auto* c = As<ComputeNode>(s)) return MakeCompute(Map(c->stmt));
    if (const auto* seq = As<SeqNode>(s)) {
      std::vector<Stmt> out;
      for (const Stmt& e : seq->seq) out.push_back(Tir(e));
      return MakeSeq(std::move(out));
    }
    if (const auto* loop = As<ForNode>(s)) {
      Expr min = Index(loop->min), extent = Index(loop->extent);
      auto n = std::make_shared<ForNode>(*loop);
      n->loop_var = FreshIndex(loop->loop_var);
      n->min = min;
      n->extent = extent;
      for (auto& [key, value] : n->annotations) value = Map(value);
      n->body = Tir(loop->body);
      return n;
    }
    const auto* realize = As<BlockRealizeNode>(s);
    std::vector<Expr> values;
    for (const Expr& v : realize->iter_values) values.push_back(Index(v));
    Expr predicate = Map(realize->predicate);
    return MakeBlockRealize(std::move(values), predicate, Block(*realize->block));
  }

  tir::Block Block(const BlockNode& block) {
    auto n = std::make_shared<BlockNode>(block);
    n->iter_vars.clear();
    for (const IterVar& iv : block.iter_vars) {
      Range dom(Index(iv->dom.min), Index(iv->dom.extent));
      n->iter_vars.push_back(
          ir::MakeIterVar(dom, FreshIndex(iv->var), iv->iter_type, iv->thread_tag));
    }
    for (Buffer& b : n->alloc_buffers) b = FreshBuffer(b);
    for (MatchBufferRegion& m : n->match_buffers) {
      m.source = Map(m.source);
      m.buffer = FreshBuffer(m.buffer);
    }
    for (BufferRegion& r : n->reads) r = Map(r);
    for (BufferRegion& r : n->writes) r = Map(r);
    for (auto& [key, value] : n->annotations) value = Map(value);
    n->init = Map(block.init);
    if (block.init_nest) n->init_nest = Tir(block.init_nest);
    n->body = Tir(block.body);
    return n;
  }

 protected:
  Expr VisitVar(const ir::VarNode*, const Expr& e) override {
    auto it = vars_.find(Var::from(e));
    return it == vars_.end() ? e : it->second;
  }
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    std::vector<Expr> indices;
    for (const Expr& i : n->indices) indices.push_back(Widen(VisitExpr(i)));
    return ir::MakeBufferLoad(Map(n->buffer), std::move(indices));
  }
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt&) override {
    std::vector<Expr> indices;
    for (const Expr& i : n->indices) indices.push_back(Widen(VisitExpr(i)));
    return ir::MakeBufferStore(Map(n->buffer), VisitExpr(n->value), std::move(indices));
  }
  // An int32 operand meeting a widened one is widened too (`C.elem_offset // 256`).
  Expr VisitBinary(const ir::BinaryNode* n, const Expr& e) override {
    Expr a = VisitExpr(n->a), b = VisitExpr(n->b);
    if (a.same_as(n->a) && b.same_as(n->b)) return e;
    if (a.dtype() == DataType::Int(64)) b = Widen(b);
    if (b.dtype() == DataType::Int(64)) a = Widen(a);
    return ir::MakeBinary(n->kind, a, b);
  }
  ir::Stmt VisitFor(const ir::ForNode* n, const ir::Stmt&) override {
    Expr min = Widen(VisitExpr(n->min)), extent = Widen(VisitExpr(n->extent));
    Var v = FreshIndex(n->loop_var);
    return std::make_shared<const ir::ForNode>(v, min, extent, n->for_kind, VisitStmt(n->body),
                                               n->thread_binding, n->annotations);
  }
  ir::Stmt VisitLetStmt(const ir::LetStmtNode* n, const ir::Stmt&) override {
    Expr value = VisitExpr(n->value);
    Var v = Fresh(n->var);
    return std::make_shared<const ir::LetStmtNode>(v, value, VisitStmt(n->body));
  }

 private:
  // An int32 index as int64 in an int64 copy (a constant stays a constant).
  Expr Widen(const Expr& e) const {
    if (!index64 || !e.defined() || e.dtype() != DataType::Int(32)) return e;
    if (const int64_t* c = ir::as_const_int(e)) return ir::make_const(DataType::Int(64), *c);
    return ir::cast(DataType::Int(64), e);
  }

  ir::VarMap vars_;
};

Error Mismatch(const TensorIntrin& intrin, const TensorizeComparator& cmp,
               const std::string& target) {
  std::string detail = "The stmt " + (cmp.mismatch.empty() ? target : cmp.mismatch) +
                       " doesn't match the tensor intrin " + intrin->name;
  for (const std::string& e : cmp.errors) detail += "\n" + e;
  return ScheduleError("TensorIntrinMismatchError", detail);
}

// The block realize to tensorize in `state`: the block named `block`, or the outer block
// blockize makes under `loop`.
Result<const BlockRealizeNode*> Target(ScheduleState* state, const std::string& block,
                                       const Var& loop, bool preserve_unit_iters) {
  std::string name = block;
  if (loop.defined()) {
    auto outer = Blockize(state, loop, preserve_unit_iters);
    if (!outer.ok()) return outer.error();
    name = *outer;
  }
  std::vector<const BlockRealizeNode*> found = state->FindBlocks(name);
  if (found.size() != 1) {
    return ScheduleError("ValueError",
                         "the block " + name + " is not a single block of the function");
  }
  return found[0];
}

Result<std::string> Apply(ScheduleState* state, const std::string& block, const Var& loop,
                          const TensorIntrin& intrin, bool preserve_unit_iters) {
  if (!intrin) return ScheduleError("ValueError", "tensorize needs a tensor intrinsic");
  ScheduleState trial = *state;  // blockize and the match apply together or not at all
  auto target = Target(&trial, block, loop, preserve_unit_iters);
  if (!target.ok()) return target.error();
  const BlockRealizeNode* realize = *target;
  const BlockRealizeNode* desc_root = RootRealize(intrin->desc);
  const BlockRealizeNode* impl_root = RootRealize(intrin->impl);
  if (!desc_root || !impl_root) {
    return ScheduleError("ValueError", "the tensor intrinsic " + intrin->name +
                                           " has a function without a root block");
  }
  std::string what = "block \"" + realize->block->name + "\"";
  TensorizeComparator cmp;
  if (!cmp.Match(*realize, *desc_root)) return Mismatch(intrin, cmp, what);

  // The implementation's parameters, copied, bound to the matched regions.
  FreshCopy copy;
  for (const Expr& v : realize->iter_values) copy.index64 |= v.dtype() == DataType::Int(64);
  for (const auto& [buffer, indices] : cmp.buffer_indices)
    for (const Expr& i : indices) copy.index64 |= i.dtype() == DataType::Int(64);
  const std::vector<Buffer>& desc_params = intrin->desc.params;
  const std::vector<Buffer>& impl_params = intrin->impl.params;
  for (const Buffer& b : impl_params) copy.FreshBuffer(b);
  auto impl_region = [&](const Buffer& b) -> const BufferRegion* {
    for (const auto* regions : {&impl_root->block->reads, &impl_root->block->writes}) {
      for (const BufferRegion& r : *regions)
        if (r.buffer == b) return &r;
    }
    return nullptr;
  };
  std::vector<MatchBufferRegion> matches;
  for (size_t i = 0; i < impl_params.size(); ++i) {
    auto cur = cmp.rhs_buffer_map.find(desc_params[i].get());
    if (cur == cmp.rhs_buffer_map.end()) {
      return ScheduleError("ValueError", "parameter " + desc_params[i]->name +
                                             " of the description of " + intrin->name +
                                             " is not among its root block's regions");
    }
    const BufferRegion* old_region = impl_region(impl_params[i]);
    if (!old_region) {
      return ScheduleError("ValueError", "parameter " + impl_params[i]->name +
                                             " of the implementation of " + intrin->name +
                                             " is not among its root block's regions");
    }
    const std::vector<Expr>& base = cmp.buffer_indices.at(cur->second.get());
    if (base.size() < old_region->region.size()) {
      return ScheduleError("ValueError", "parameter " + impl_params[i]->name + " of " +
                                             intrin->name + " has more dimensions than " +
                                             cur->second->name);
    }
    size_t offset = base.size() - old_region->region.size();
    BufferRegion source{cur->second, {}};
    for (size_t d = 0; d < base.size(); ++d) {
      Expr extent = d < offset ? ir::make_const(base[d].dtype(), int64_t{1})
                               : old_region->region[d - offset].extent;
      if (extent.dtype() != base[d].dtype()) extent = ir::cast(base[d].dtype(), extent);
      source.region.emplace_back(base[d], extent);
    }
    BufferDeclAttrs attrs =
        i < intrin->impl.param_attrs.size() ? intrin->impl.param_attrs[i] : BufferDeclAttrs{};
    matches.push_back({copy.buffers.at(impl_params[i].get()), std::move(source), attrs});
  }

  auto tensorized = std::make_shared<BlockNode>(*realize->block);
  tensorized->body = copy.Tir(impl_root->block->body);
  tensorized->match_buffers = std::move(matches);
  // The implementation's annotations join the block's; the block keeps its own value of
  // a key both have (TVM warns and skips the intrinsic's).
  for (const auto& [key, value] : impl_root->block->annotations)
    tensorized->annotations.emplace(key, copy.Map(value));
  std::string name = tensorized->name;
  trial.Replace(realize,
                MakeBlockRealize(realize->iter_values, realize->predicate, std::move(tensorized)));
  *state = std::move(trial);
  return name;
}

}  // namespace tensorize_detail

Result<std::string> Tensorize(ScheduleState* state, const std::string& block,
                              const TensorIntrin& intrin) {
  auto found = GetBlock(*state, block);
  if (!found.ok()) return found.error();
  return tensorize_detail::Apply(state, block, Var(), intrin, true);
}

Result<std::string> Tensorize(ScheduleState* state, const Var& loop, const TensorIntrin& intrin,
                              bool preserve_unit_iters) {
  auto live = LiveLoop(*state, loop);
  if (!live.ok()) return live.error();
  return tensorize_detail::Apply(state, "", loop, intrin, preserve_unit_iters);
}

}  // namespace tessera::tir
