#include "tir/primitive/PrimitiveUtil.h"

#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/AffineBinding.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"

namespace tessera::tir {

namespace primitive_util_detail {

// With `cast`, a load of the new buffer is cast back to the old element type and a value
// stored into it to the new one (TVM's unsafe_set_dtype).
class BufferReplacer : public ir::IRMutator {
 public:
  BufferReplacer(Buffer from, Buffer to, bool cast)
      : from_(std::move(from)), to_(std::move(to)), cast_(cast) {}

 protected:
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Expr visited = ir::IRMutator::VisitBufferLoad(n, e);
    const auto* load = visited.as<ir::BufferLoadNode>();
    if (load->buffer != from_) return visited;
    Expr replaced = ir::MakeBufferLoad(to_, load->indices);
    return cast_ ? ir::MakeCast(from_->dtype, replaced) : replaced;
  }
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    ir::Stmt visited = ir::IRMutator::VisitBufferStore(n, s);
    const auto* store = visited.as<ir::BufferStoreNode>();
    if (store->buffer != from_) return visited;
    return ir::MakeBufferStore(to_, cast_ ? ir::MakeCast(to_->dtype, store->value) : store->value,
                               store->indices);
  }

 private:
  Buffer from_, to_;
  bool cast_;
};

}  // namespace primitive_util_detail

Block ReplaceBuffer(const BlockNode& block, const Buffer& from, const Buffer& to, bool nested,
                    bool cast) {
  using primitive_util_detail::BufferReplacer;
  auto out = std::make_shared<BlockNode>(block);
  BufferReplacer replacer(from, to, cast);
  auto visit = [&](const Stmt& s, bool into_blocks) {
    std::function<Stmt(const BlockRealizeNode&)> on_realize;
    if (into_blocks) {
      on_realize = [&](const BlockRealizeNode& r) -> Stmt {
        return MakeBlockRealize(r.iter_values, r.predicate,
                                ReplaceBuffer(*r.block, from, to, true, cast));
      };
    }
    return MapComputes(
        s, [&](const ir::Stmt& st) { return replacer.VisitStmt(st); }, on_realize);
  };
  out->body = visit(block.body, nested);
  if (block.init.defined()) out->init = replacer.VisitStmt(block.init);
  // The blocks of an init nest belong to the block's init, so they are always rewritten.
  if (block.init_nest) out->init_nest = visit(block.init_nest, true);
  for (BufferRegion& r : out->reads) r.buffer = r.buffer == from ? to : r.buffer;
  for (BufferRegion& r : out->writes) r.buffer = r.buffer == from ? to : r.buffer;
  for (Buffer& b : out->alloc_buffers) b = b == from ? to : b;
  for (MatchBufferRegion& m : out->match_buffers)
    m.source.buffer = m.source.buffer == from ? to : m.source.buffer;
  return out;
}

Stmt MapComputes(const Stmt& s, const std::function<ir::Stmt(const ir::Stmt&)>& f,
                 const std::function<Stmt(const BlockRealizeNode&)>& on_realize) {
  if (!s) return s;
  if (const auto* c = As<ComputeNode>(s)) return f ? MakeCompute(f(c->stmt)) : s;
  if (const auto* seq = As<SeqNode>(s)) {
    std::vector<Stmt> out;
    for (const Stmt& child : seq->seq) out.push_back(MapComputes(child, f, on_realize));
    return MakeSeq(std::move(out));
  }
  if (const auto* loop = As<ForNode>(s)) {
    return WithBody(*loop, MapComputes(loop->body, f, on_realize));
  }
  if (const auto* realize = As<BlockRealizeNode>(s); realize && on_realize) {
    return on_realize(*realize);
  }
  return s;
}

Stmt MapRealizes(const Stmt& s, const std::function<Stmt(const BlockRealizeNode&)>& f) {
  return MapComputes(s, nullptr, f);
}

namespace {

// ir::Substitute on each expression a statement holds, the whole expression simplified
// when the substitution changed it (the statements' structure is kept).
class SimplifyingSubstituter : public ir::IRMutator {
 public:
  SimplifyingSubstituter(const ir::VarMap& vmap, arith::Analyzer* analyzer)
      : vmap_(vmap), analyzer_(analyzer) {}
  Expr Whole(const Expr& e) {
    Expr r = ir::Substitute(e, vmap_);
    return r.same_as(e) || !analyzer_ ? r : analyzer_->Simplify(r);
  }

 protected:
  // Every expression kind is handled whole: the mutator never descends into one.
  Expr VisitExprDefault(const Expr& e) override { return Whole(e); }
  Expr VisitBinary(const ir::BinaryNode*, const Expr& e) override { return Whole(e); }
  Expr VisitVar(const ir::VarNode*, const Expr& e) override { return Whole(e); }
  Expr VisitNot(const ir::NotNode*, const Expr& e) override { return Whole(e); }
  Expr VisitSelect(const ir::SelectNode*, const Expr& e) override { return Whole(e); }
  Expr VisitCast(const ir::CastNode*, const Expr& e) override { return Whole(e); }
  Expr VisitCall(const ir::CallNode*, const Expr& e) override { return Whole(e); }
  Expr VisitBufferLoad(const ir::BufferLoadNode*, const Expr& e) override { return Whole(e); }
  Expr VisitProducerLoad(const ir::ProducerLoadNode*, const Expr& e) override { return Whole(e); }
  Expr VisitRamp(const ir::RampNode*, const Expr& e) override { return Whole(e); }
  Expr VisitBroadcast(const ir::BroadcastNode*, const Expr& e) override { return Whole(e); }
  Expr VisitLet(const ir::LetNode*, const Expr& e) override { return Whole(e); }
  Expr VisitReduce(const ir::ReduceNode*, const Expr& e) override { return Whole(e); }

 private:
  const ir::VarMap& vmap_;
  arith::Analyzer* analyzer_;
};

}  // namespace

Stmt SubstituteTir(const Stmt& s, const ir::VarMap& vmap, arith::Analyzer* simplify) {
  if (!s) return s;
  SimplifyingSubstituter sub(vmap, simplify);
  auto expr = [&](const Expr& e) { return e.defined() ? sub.Whole(e) : e; };
  if (const auto* c = As<ComputeNode>(s)) return MakeCompute(sub.VisitStmt(c->stmt));
  if (const auto* seq = As<SeqNode>(s)) {
    std::vector<Stmt> out;
    for (const Stmt& e : seq->seq) out.push_back(SubstituteTir(e, vmap, simplify));
    return MakeSeq(std::move(out));
  }
  if (const auto* loop = As<ForNode>(s)) {
    auto n = std::make_shared<ForNode>(*loop);
    n->min = expr(loop->min);
    n->extent = expr(loop->extent);
    n->body = SubstituteTir(loop->body, vmap, simplify);
    return n;
  }
  const auto* realize = As<BlockRealizeNode>(s);
  std::vector<Expr> values;
  for (const Expr& v : realize->iter_values) values.push_back(expr(v));
  auto block = std::make_shared<BlockNode>(*realize->block);
  block->reads = SubstitutedRegions(block->reads, vmap, simplify);
  block->writes = SubstitutedRegions(block->writes, vmap, simplify);
  for (MatchBufferRegion& m : block->match_buffers) {
    for (Range& range : m.source.region) range = Range(expr(range.min), expr(range.extent));
  }
  block->body = SubstituteTir(block->body, vmap, simplify);
  if (block->init.defined()) block->init = sub.VisitStmt(block->init);
  block->init_nest = SubstituteTir(block->init_nest, vmap, simplify);
  return MakeBlockRealize(std::move(values), expr(realize->predicate), std::move(block));
}

std::vector<BufferRegion> SubstitutedRegions(const std::vector<BufferRegion>& regions,
                                             const ir::VarMap& vmap, arith::Analyzer* simplify) {
  SimplifyingSubstituter sub(vmap, simplify);
  std::vector<BufferRegion> out;
  for (const BufferRegion& r : regions) {
    BufferRegion n{r.buffer, {}};
    for (const Range& range : r.region)
      n.region.emplace_back(sub.Whole(range.min), sub.Whole(range.extent));
    out.push_back(std::move(n));
  }
  return out;
}

Stmt AppendPredicate(const Stmt& s, const Expr& predicate) {
  return MapRealizes(s, [&](const BlockRealizeNode& r) {
    Expr pred = ir::is_one(r.predicate) ? predicate : ir::logical_and(r.predicate, predicate);
    return MakeBlockRealize(r.iter_values, pred, r.block);
  });
}

Stmt NormalizeBindings(const Stmt& s, const std::vector<Var>& vars) {
  auto uses = [&](const Expr& e) {
    return std::any_of(vars.begin(), vars.end(), [&](const Var& v) { return ir::UsesVar(e, v); });
  };
  return MapRealizes(s, [&](const BlockRealizeNode& r) {
    std::vector<Expr> values;
    for (const Expr& v : r.iter_values) values.push_back(uses(v) ? NormalizeAffineBinding(v) : v);
    return MakeBlockRealize(std::move(values), r.predicate, r.block);
  });
}

bool AccessesBuffer(const std::vector<BufferRegion>& regions, const Buffer& buffer) {
  return std::any_of(regions.begin(), regions.end(),
                     [&](const BufferRegion& r) { return r.buffer == buffer; });
}

std::string RegionText(const Region& region, bool points_bare) {
  std::string s = "[";
  for (size_t i = 0; i < region.size(); ++i) {
    const Range& d = region[i];
    s += i ? ", " : "";
    s += points_bare && ir::is_one(d.extent)
             ? ExprToTVMScript(d.min)
             : ExprToTVMScript(d.min) + ":" + ExprToTVMScript(ir::add(d.min, d.extent));
  }
  return s + "]";
}

Result<const ForNode*> LiveLoop(const ScheduleState& state, const Var& v) {
  if (const ForNode* loop = state.FindLoop(v)) return loop;
  return ScheduleError("ValueError", "The loop " + v.name() +
                                         " is no longer in the function (an earlier primitive "
                                         "replaced it)");
}

bool IsCompleteOrReductionBlock(const BlockNode& b) {
  auto writes = [&](const Buffer& buffer) {
    return std::any_of(b.writes.begin(), b.writes.end(),
                       [&](const BufferRegion& r) { return r.buffer == buffer; });
  };
  bool all_spatial = true, spatial_or_reduce = true;
  for (const IterVar& iv : b.iter_vars) {
    all_spatial = all_spatial && iv->iter_type == ir::IterVarType::DataPar;
    spatial_or_reduce = spatial_or_reduce && (iv->iter_type == ir::IterVarType::DataPar ||
                                              iv->iter_type == ir::IterVarType::CommReduce);
  }
  bool reads_own_output = std::any_of(b.reads.begin(), b.reads.end(),
                                      [&](const BufferRegion& r) { return writes(r.buffer); });
  if (all_spatial && !reads_own_output) return true;
  // A reduction block writes each output element from its data-parallel iterators only
  // (TVM's "the reduction block vars are used to index the output buffer"): an output
  // indexed by a reduction iterator is written by different iterations of it.
  auto is_reduce = [&](const ir::VarNode* v) {
    return std::any_of(b.iter_vars.begin(), b.iter_vars.end(), [&](const IterVar& iv) {
      return iv->iter_type == ir::IterVarType::CommReduce && iv->var.get() == v;
    });
  };
  bool output_by_reduce = std::any_of(b.writes.begin(), b.writes.end(), [&](const BufferRegion& w) {
    return std::any_of(w.region.begin(), w.region.end(), [&](const ir::Range& r) {
      return ir::UsesVar(r.min, is_reduce) || ir::UsesVar(r.extent, is_reduce);
    });
  });
  return HasInit(b) && spatial_or_reduce && !output_by_reduce;
}

Status RemoveLeafBlock(ScheduleState* state, const BlockRealizeNode* block) {
  std::vector<const StmtNode*> path = state->PathTo(block);
  const StmtNode* node = block;
  for (size_t i = path.size() - 1; i-- > 0;) {
    if (const auto* loop = As<ForNode>(path[i]); loop && loop->body.get() == node) {
      node = loop;
      continue;
    }
    if (const auto* seq = As<SeqNode>(path[i])) {
      std::vector<Stmt> kept;
      for (const Stmt& c : seq->seq) {
        if (c.get() != node) kept.push_back(c);
      }
      state->Replace(seq, MakeSeq(std::move(kept)));
      return Status::Ok();
    }
    break;
  }
  return ScheduleError("OnlyLeafError", "Cannot remove the block " + block->block->name +
                                            " because it is the only leaf in its scope");
}

Status CheckNoAnnotation(const ForNode* loop) {
  if (loop->annotations.empty() && loop->for_kind != ForKind::ThreadBinding) return Status::Ok();
  return ScheduleError("HasAnnotationOrThreadBindingError",
                       "The primitive can't be applied because the loop " + loop->loop_var.name() +
                           " has annotation or thread binding");
}

Status CheckStartsWithZero(const ForNode* loop) {
  arith::Analyzer analyzer;
  if (analyzer.CanProveEqual(loop->min, ir::make_zero(loop->min.dtype()))) return Status::Ok();
  return ScheduleError("LoopNotStartWithZeroError",
                       "The primitive only supports loops starting with 0, but loop " +
                           loop->loop_var.name() + " starts at " + ExprToTVMScript(loop->min));
}

std::vector<const StmtNode*> SrefPath(const ScheduleState& state, const StmtNode* node) {
  std::vector<const StmtNode*> path;
  for (const StmtNode* n : state.PathTo(node))
    if (n->kind == StmtKind::For || n->kind == StmtKind::BlockRealize) path.push_back(n);
  return path;
}

const StmtNode* SrefParent(const ScheduleState& state, const StmtNode* node) {
  std::vector<const StmtNode*> path = state.PathTo(node);
  for (size_t i = path.size(); i-- > 1;) {
    const StmtNode* p = path[i - 1];
    if (p->kind == StmtKind::For || p->kind == StmtKind::BlockRealize) return p;
  }
  return nullptr;
}

}  // namespace tessera::tir
