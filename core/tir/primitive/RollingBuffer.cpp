// rolling_buffer (TVM's primitive/rolling_buffer.cc): a producer computed at a tile of its
// consumer whose tiles overlap (a 3-tap window advancing by 4 computes 6 rows per tile,
// 2 of them again) keeps only one tile of its buffer, indexed modulo the tile along the
// outermost axis that rolls, and skips the rows the previous tile already computed.
//
// TVM's rewrite is kept as it is, quirks included, so that the functions it prints match:
// every block of the scope gets its iterator at the rolling axis' position marked opaque
// (the rolling axis is a buffer axis, not an iterator), and the skip predicate reads the
// producer's binding at that same position.
#include <algorithm>
#include <cmath>
#include <optional>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/BlockAccessRegion.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace rolling_buffer_detail {

struct RollingInfo {
  Buffer old_buffer, new_buffer;
  size_t axis = 0;
  int64_t extent = 0;
  // Per buffer axis: the loop the tile's start follows (none where it does not roll) and
  // how many elements two neighbouring tiles share.
  std::vector<std::optional<Var>> iter_vars;
  std::vector<int64_t> overlaps;
};

bool SharesBuffer(const std::vector<BufferRegion>& a, const std::vector<BufferRegion>& b) {
  return std::any_of(a.begin(), a.end(),
                     [&](const BufferRegion& r) { return AccessesBuffer(b, r.buffer); });
}

// TVM's RollingBufferDependencyError unless every dependence of the block inside its scope
// is read-after-write (as TVM's BlockScope records them: WAW and WAR both ways count).
Status CheckOnlyRawDependencies(const ScheduleState& state, const BlockRealizeNode* realize) {
  const BlockRealizeNode* scope = state.ScopeOf(realize);
  const std::vector<const BlockRealizeNode*> blocks = state.ChildBlocks(scope);
  const BlockNode& self = *realize->block;
  bool before = true;
  for (const BlockRealizeNode* other : blocks) {
    if (other == realize) {
      before = false;
      continue;
    }
    const BlockNode& o = *other->block;
    const bool waw = SharesBuffer(o.writes, self.writes);
    const bool war =
        before ? SharesBuffer(o.reads, self.writes) : SharesBuffer(self.reads, o.writes);
    if (waw || war)
      return ScheduleError(
          "RollingBufferDependencyError",
          "The target block " + self.name + " is required to have only RAW dependencies (" +
              (waw ? "write after write" : "write after read") + " with block " + o.name + ")");
  }
  return Status::Ok();
}

// The lowest common ancestor of the nodes in the sref tree (a node is its own ancestor).
const StmtNode* LowestCommonAncestor(const ScheduleState& state,
                                     const std::vector<const StmtNode*>& nodes) {
  std::vector<const StmtNode*> common = SrefPath(state, nodes.front());
  for (const StmtNode* n : nodes) {
    std::vector<const StmtNode*> path = SrefPath(state, n);
    size_t k = 0;
    while (k < common.size() && k < path.size() && common[k] == path[k]) ++k;
    common.resize(k);
  }
  return common.empty() ? nullptr : common.back();
}

// The tile start of one axis: v, v * stride or floordiv(v * stride, divisor) (a fractional
// stride, rounded up), or a constant; nothing else rolls.
struct AxisStart {
  bool matched = false;
  std::optional<Var> var;
  int64_t stride = 0;
};
AxisStart MatchStart(const Expr& min) {
  AxisStart out;
  auto as_var = [](const Expr& e) -> std::optional<Var> {
    if (e.as<ir::VarNode>()) return Var::from(e);
    return std::nullopt;
  };
  auto as_mul = [&](const Expr& e, int64_t* stride) -> std::optional<Var> {
    const auto* mul = e.as<ir::BinaryNode>();
    if (!mul || mul->kind != ir::ExprKind::Mul) return std::nullopt;
    const auto* c = mul->b.as<ir::IntImmNode>();
    std::optional<Var> v = as_var(mul->a);
    if (!c || !v) return std::nullopt;
    *stride = c->value;
    return v;
  };
  if (const auto* div = min.as<ir::BinaryNode>(); div && div->kind == ir::ExprKind::FloorDiv) {
    int64_t stride = 0;
    const auto* divisor = div->b.as<ir::IntImmNode>();
    if (std::optional<Var> v = as_mul(div->a, &stride); v && divisor && divisor->value > 0) {
      out = {true, v, int64_t(std::ceil(float(stride) / float(divisor->value)))};
      return out;
    }
  }
  int64_t stride = 0;
  if (std::optional<Var> v = as_mul(min, &stride)) return {true, v, stride};
  if (std::optional<Var> v = as_var(min)) return {true, v, 1};
  if (min.as<ir::IntImmNode>()) return {true, std::nullopt, 0};
  return out;
}

// The rolling axis and the overlaps of the relaxed region the block writes per iteration
// of the loop the accesses share; TVM's RollingBufferMatchError where no axis rolls.
Result<RollingInfo> MatchRolling(const ScheduleState& state, const BlockRealizeNode* realize,
                                 const Buffer& buffer, const Region& region) {
  auto no_match = [&](const std::string& why) {
    return ScheduleError("RollingBufferMatchError",
                         "The target buffer " + buffer->name + " with region " +
                             RegionText(region) +
                             " should have at least one dimension range that matches a rolling "
                             "pattern such as hh.outer * stride + hh.inner" +
                             (why.empty() ? "" : " (" + why + ")"));
  };
  RollingInfo info;
  for (const Range& r : region) {
    AxisStart start = MatchStart(r.min);
    if (!start.matched) return no_match("the start " + ExprToTVMScript(r.min) + " of an axis");
    int64_t overlap = 0;
    if (start.var) {
      const int64_t* extent = ir::as_const_int(r.extent);
      if (!extent)
        return no_match("the extent " + ExprToTVMScript(r.extent) + " is not a constant");
      overlap = *extent - start.stride;
      // An axis whose tiles do not overlap is left to the buffer compaction, as in TVM.
      if (overlap <= 0) start.var.reset();
    }
    info.iter_vars.push_back(start.var);
    info.overlaps.push_back(overlap);
  }
  // The rolling axis: the one whose start follows the outermost loop of the block.
  bool found = false;
  for (const ForNode* loop : state.LoopsAbove(realize)) {
    for (size_t i = 0; i < info.iter_vars.size() && !found; ++i) {
      if (info.iter_vars[i] && info.iter_vars[i]->same_as(loop->loop_var)) {
        info.axis = i;
        found = true;
      }
    }
    if (found) break;
  }
  if (!found) return no_match("");
  info.extent = *ir::as_const_int(region[info.axis].extent);
  std::vector<Expr> shape = buffer->shape;
  shape[info.axis] = region[info.axis].extent;
  info.old_buffer = buffer;
  info.new_buffer = ir::WithShape(buffer, std::move(shape));
  return info;
}

// The scope rewritten to the rolling buffer: the allocation, every access (the rolling axis
// modulo the tile), the regions blocks declare of it, the opaque iterators and the predicate
// that skips what the previous tile computed.
class Rewriter : public ir::IRMutator {
 public:
  explicit Rewriter(const RollingInfo& info) : info_(info) {}

  Stmt Rewrite(const BlockRealizeNode& scope) {
    auto root = std::make_shared<BlockNode>(*scope.block);
    root->body = Visit(root->body);
    if (root->init.defined()) root->init = VisitStmt(root->init);
    root->init_nest = Visit(root->init_nest);
    for (Buffer& b : root->alloc_buffers)
      if (b == info_.old_buffer) b = info_.new_buffer;
    return MakeBlockRealize(scope.iter_values, scope.predicate, std::move(root));
  }

 protected:
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Expr visited = ir::IRMutator::VisitBufferLoad(n, e);
    const auto* load = visited.as<ir::BufferLoadNode>();
    if (load->buffer != info_.old_buffer) return visited;
    return ir::MakeBufferLoad(info_.new_buffer, Rolled(load->indices));
  }
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    ir::Stmt visited = ir::IRMutator::VisitBufferStore(n, s);
    const auto* store = visited.as<ir::BufferStoreNode>();
    if (store->buffer != info_.old_buffer) return visited;
    stored_ = true;
    return ir::MakeBufferStore(info_.new_buffer, store->value, Rolled(store->indices));
  }

 private:
  std::vector<Expr> Rolled(std::vector<Expr> indices) const {
    if (info_.axis < indices.size()) {
      Expr& i = indices[info_.axis];
      i = ir::MakeBinary(ir::ExprKind::FloorMod, i, ir::make_const(i.dtype(), info_.extent));
    }
    return indices;
  }

  Stmt Visit(const Stmt& s) {
    return MapComputes(
        s, [&](const ir::Stmt& st) { return VisitStmt(st); },
        [&](const BlockRealizeNode& r) { return VisitRealize(r); });
  }

  Stmt VisitRealize(const BlockRealizeNode& realize) {
    const BlockNode& old = *realize.block;
    auto block = std::make_shared<BlockNode>(old);
    block->body = Visit(old.body);
    if (old.init.defined()) block->init = VisitStmt(old.init);
    block->init_nest = Visit(old.init_nest);
    if (info_.axis < block->iter_vars.size()) {
      const IterVar& iv = block->iter_vars[info_.axis];
      block->iter_vars[info_.axis] = ir::MakeIterVar(iv->dom, iv->var, ir::IterVarType::Opaque);
    }
    AccessRegions inferred = GetBlockAccessRegion(*block, {info_.new_buffer});
    // The re-inferred region of the new buffer (a block that also allocates buffers of
    // its own infers several entries).
    auto replace = [&](std::vector<BufferRegion>* declared, const std::vector<BufferRegion>& now) {
      auto rolled = std::find_if(now.begin(), now.end(), [&](const BufferRegion& r) {
        return r.buffer == info_.new_buffer;
      });
      for (BufferRegion& r : *declared) {
        if (r.buffer != info_.old_buffer) continue;
        r = rolled != now.end() ? *rolled : BufferRegion{info_.new_buffer, r.region};
      }
    };
    replace(&block->reads, inferred.reads);
    replace(&block->writes, inferred.writes);

    Expr predicate = realize.predicate;
    if (stored_) {
      stored_ = false;
      for (size_t i = 0; i < info_.iter_vars.size(); ++i) {
        if (!info_.iter_vars[i] || info_.overlaps[i] <= 0 || i >= realize.iter_values.size())
          continue;
        if (Expr skip =
                SkipCondition(*info_.iter_vars[i], realize.iter_values[i], info_.overlaps[i]);
            skip.defined())
          predicate = ir::logical_and(predicate, skip);
      }
    }
    return MakeBlockRealize(realize.iter_values, predicate, std::move(block));
  }

  // Where a tile computes: the first tile (v < 1) or, after it, past the `overlap`
  // elements the previous tile computed (the binding's start with v = 0). Written as TVM's
  // simplifier leaves it (`i_0 < 1 or 2 <= ax0`); undefined where it always holds.
  static Expr SkipCondition(const Var& v, const Expr& binding, int64_t overlap) {
    arith::Analyzer analyzer;
    arith::IntSetMap first;
    first[v] = arith::IntSet::SinglePoint(ir::make_const(v.dtype(), int64_t{0}));
    Expr start = analyzer.Simplify(arith::EvalSet(binding, first, &analyzer).min());
    Expr first_tile = ir::lt(v, ir::make_const(v.dtype(), int64_t{1}));
    if (const int64_t* c = ir::as_const_int(start)) return *c >= overlap ? Expr() : first_tile;
    return ir::logical_or(first_tile, ir::le(ir::make_const(start.dtype(), overlap), start));
  }

  const RollingInfo& info_;
  bool stored_ = false;  // a store of the buffer since the last block realize was left
};

}  // namespace rolling_buffer_detail

Status RollingBuffer(ScheduleState* state, const std::string& block_name,
                     size_t write_buffer_index) {
  using namespace rolling_buffer_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  auto buffer = NthAccessBuffer(block, write_buffer_index, BufferIndexType::Write);
  if (!buffer.ok()) return buffer.error();
  const BufferRegion& written = block.writes[write_buffer_index];

  const BlockRealizeNode* scope = state->ScopeOf(realize);
  if (!scope)
    return ScheduleError("RootBlockError", "The primitive does not operate on the root block");
  const std::vector<Buffer>& allocated = scope->block->alloc_buffers;
  for (const BufferRegion& w : block.writes)
    if (std::find(allocated.begin(), allocated.end(), w.buffer) == allocated.end())
      return ScheduleError("OutputBlockError", "The block " + block.name + " is an output block");
  if (Status s = CheckOnlyRawDependencies(*state, realize); !s.ok()) return s;

  // Where the block and its consumers meet: the buffer lives for one iteration of it.
  std::vector<const StmtNode*> accesses{realize};
  for (const std::string& name : GetConsumers(*state, realize))
    accesses.push_back(state->FindBlocks(name).at(0));
  const StmtNode* lca = LowestCommonAncestor(*state, accesses);
  if (!lca || lca->kind != StmtKind::For)
    return ScheduleError("RollingBufferInsertionError",
                         "rolling_buffer injection is invalid. The block " + block.name +
                             " should be tiled so that the lca of the access location of the "
                             "target buffer " +
                             (*buffer)->name + " is a for loop");

  // The region written per iteration of that loop: the loops below it relaxed.
  arith::IntSetMap dom;
  std::vector<const ForNode*> loops = state->LoopsAbove(realize);
  for (auto it = loops.rbegin(); it != loops.rend() && *it != lca; ++it)
    dom[(*it)->loop_var] = arith::IntSet::FromMinExtent((*it)->min, (*it)->extent);
  ir::VarMap bindings;
  for (size_t i = 0; i < block.iter_vars.size(); ++i)
    bindings[block.iter_vars[i]->var] = realize->iter_values[i];
  arith::Analyzer analyzer;
  Region relaxed;
  for (size_t d = 0; d < written.region.size(); ++d) {
    const Range& r = written.region[d];
    Range bound(ir::Substitute(r.min, bindings), ir::Substitute(r.extent, bindings));
    arith::IntSet set = arith::EvalSet(bound, dom, &analyzer);
    const Expr& dim = (*buffer)->shape[d];
    relaxed.push_back(set.CoverRange(Range(ir::make_const(dim.dtype(), int64_t{0}), dim)));
  }
  auto info = MatchRolling(*state, realize, *buffer, relaxed);
  if (!info.ok()) return info.error();

  Rewriter rewriter(*info);
  state->Replace(scope, rewriter.Rewrite(*scope));
  return Status::Ok();
}

}  // namespace tessera::tir
