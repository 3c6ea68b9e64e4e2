#include "transform/TirAllocationPlan.h"

#include <algorithm>
#include <unordered_set>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ThreadScope.h"
#include "transform/ThreadAxes.h"

namespace tessera::transform {

namespace tir_allocation_plan_detail {

using ir::Expr;
using LoopPath = std::vector<const ir::ForNode*>;

struct Access {
  LoopPath path;  // the loops around it, outermost first
  std::vector<Expr> indices;
};

// Every access of the planned buffers with the loops around it, and the blockIdx loops.
class AccessCollector : public ir::IRVisitor {
 public:
  explicit AccessCollector(const std::unordered_set<const ir::ExprNode*>& planned)
      : planned_(planned) {}
  std::unordered_map<const ir::ExprNode*, std::vector<Access>> accesses;
  std::vector<LoopPath> block_loops;  // the path to each blockIdx loop, the loop included

 protected:
  void VisitFor(const ir::ForNode* n, const ir::Stmt& s) override {
    path_.push_back(n);
    if (IsBlockTag(ThreadTagOf(n))) block_loops.push_back(path_);
    ir::IRVisitor::VisitFor(n, s);
    path_.pop_back();
  }
  void VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Note(n->buffer, n->indices);
    ir::IRVisitor::VisitBufferLoad(n, e);
  }
  void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    Note(n->buffer, n->indices);
    ir::IRVisitor::VisitBufferStore(n, s);
  }

 private:
  void Note(const ir::Buffer& b, const std::vector<Expr>& indices) {
    if (planned_.count(b->data.get())) accesses[b->data.get()].push_back({path_, indices});
  }
  const std::unordered_set<const ir::ExprNode*>& planned_;
  LoopPath path_;
};

size_t CommonPrefix(const LoopPath& a, size_t a_len, const LoopPath& b) {
  size_t n = 0;
  while (n < a_len && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

struct Placement {
  const ir::ForNode* loop = nullptr;  // null: the function body
  ir::Buffer compact;
  std::vector<Expr> mins;
};

// The accesses moved to the compact buffers and the allocations put in place.
class AllocationRewriter : public ir::IRMutator {
 public:
  std::unordered_map<const ir::ExprNode*, Placement> placements;
  std::vector<const ir::ExprNode*> order;  // allocation order

  ir::Stmt Wrap(ir::Stmt body, const ir::ForNode* loop) const {
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const Placement& p = placements.at(*it);
      if (p.loop != loop) continue;
      body = ir::MakeAllocate(p.compact->data, p.compact->dtype, p.compact->shape,
                              ir::make_bool(true), body, p.compact->scope);
    }
    return body;
  }

 protected:
  ir::Stmt VisitFor(const ir::ForNode* n, const ir::Stmt& s) override {
    ir::Stmt visited = ir::IRMutator::VisitFor(n, s);
    auto* f = visited.as<ir::ForNode>();
    ir::Stmt body = Wrap(f->body, n);
    if (body.same_as(f->body)) return visited;
    return std::make_shared<const ir::ForNode>(f->loop_var, f->min, f->extent, f->for_kind, body,
                                               f->thread_binding, f->annotations);
  }
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    auto it = placements.find(n->buffer->data.get());
    if (it == placements.end()) return ir::MakeBufferLoad(n->buffer, std::move(indices));
    return ir::MakeBufferLoad(it->second.compact, Shift(it->second, indices));
  }
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt&) override {
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    Expr value = VisitExpr(n->value);
    auto it = placements.find(n->buffer->data.get());
    if (it == placements.end()) return ir::MakeBufferStore(n->buffer, value, std::move(indices));
    return ir::MakeBufferStore(it->second.compact, value, Shift(it->second, indices));
  }

 private:
  static std::vector<Expr> Shift(const Placement& p, std::vector<Expr> indices) {
    for (size_t d = 0; d < indices.size() && d < p.mins.size(); ++d)
      if (!ir::is_zero(p.mins[d])) indices[d] = ir::sub(indices[d], p.mins[d]);
    return indices;
  }
};

// The region of `b` its accesses touch per iteration of the loop at depth `depth`.
void Compact(const ir::Buffer& b, const std::vector<Access>& accesses, size_t depth,
             Placement* out) {
  arith::Analyzer analyzer;
  const LoopPath& outer = accesses.front().path;
  for (size_t i = 0; i < depth; ++i)
    analyzer.Bind(outer[i]->loop_var, ir::Range(outer[i]->min, outer[i]->extent));
  std::vector<arith::IntSet> region;
  for (const Access& a : accesses) {
    arith::IntSetMap dom;
    for (size_t i = 0; i < a.path.size(); ++i) {
      const ir::ForNode* f = a.path[i];
      if (i >= depth || tir::CanRelaxStorageUnderThread(b->scope, ThreadTagOf(f)))
        dom[f->loop_var] = arith::IntSet::FromMinExtent(f->min, f->extent);
    }
    for (size_t d = 0; d < a.indices.size() && d < b->shape.size(); ++d) {
      arith::IntSet set = arith::EvalSet(a.indices[d], dom, &analyzer);
      if (region.size() <= d)
        region.push_back(set);
      else
        region[d] = arith::Union({region[d], set}, &analyzer);
    }
  }
  std::vector<Expr> shape;
  for (size_t d = 0; d < b->shape.size(); ++d) {
    Expr dim = b->shape[d];
    Expr zero = ir::make_zero(dim.dtype());
    ir::Range whole(zero, dim);
    ir::Range r = d < region.size() ? region[d].CoverRange(whole) : whole;
    Expr extent = analyzer.Simplify(r.extent);
    const int64_t* e = ir::as_const_int(extent);
    const int64_t* full = ir::as_const_int(dim);
    if (e && *e > 0 && (!full || *e < *full)) {
      shape.push_back(extent);
      out->mins.push_back(analyzer.Simplify(r.min));
    } else {
      shape.push_back(dim);
      out->mins.push_back(zero);
    }
  }
  out->compact = ir::WithShape(b, std::move(shape));
}

}  // namespace tir_allocation_plan_detail

namespace plan = tir_allocation_plan_detail;

Result<TirAllocationPlan> PlanTirAllocations(const ir::Stmt& body,
                                             const std::vector<ir::Buffer>& buffers) {
  std::unordered_set<const ir::ExprNode*> planned;
  for (const ir::Buffer& b : buffers) planned.insert(b->data.get());
  plan::AccessCollector collector(planned);
  collector.VisitStmt(body);
  plan::AllocationRewriter rewriter;
  TirAllocationPlan plan;
  for (const ir::Buffer& b : buffers) {
    const ir::ExprNode* data = b->data.get();
    if (rewriter.placements.count(data)) continue;
    plan::Placement p;
    auto it = collector.accesses.find(data);
    if (it == collector.accesses.end()) {
      p.compact = b;  // never used: allocated whole at function level
    } else {
      const std::vector<plan::Access>& accesses = it->second;
      const plan::LoopPath& first = accesses.front().path;
      size_t depth = first.size();
      for (const plan::Access& a : accesses) depth = plan::CommonPrefix(first, depth, a.path);
      const int rank = tir::StorageRank(b->scope);
      if (rank == 0)
        for (const plan::LoopPath& block_loop : collector.block_loops)
          depth = plan::CommonPrefix(first, depth, block_loop);
      bool in_kernel = std::any_of(first.begin(), first.begin() + static_cast<long>(depth),
                                   [](const ir::ForNode* f) { return !ThreadTagOf(f).empty(); });
      if (rank != 0 && !in_kernel) {
        return Error("LowerTensorIR: buffer " + b->name + " in scope \"" + b->scope +
                     "\" is used outside every thread-bound loop (no loop bound to a GPU "
                     "index encloses all its uses), so it would be allocated outside the "
                     "kernel; compute its block at a loop inside the kernel (compute_at under "
                     "the blockIdx loops)");
      }
      p.loop = depth > 0 ? first[depth - 1] : nullptr;
      plan::Compact(b, accesses, depth, &p);
    }
    plan.allocated[data] = p.compact;
    rewriter.placements[data] = std::move(p);
    rewriter.order.push_back(data);
  }
  plan.body = rewriter.Wrap(rewriter.VisitStmt(body), nullptr);
  return plan;
}

}  // namespace tessera::transform
