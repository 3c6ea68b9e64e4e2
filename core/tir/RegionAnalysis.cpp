#include "tir/RegionAnalysis.h"

#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ThreadScope.h"

namespace tessera::tir {

namespace region_analysis_detail {

ConsumerRegion Relax(const ScheduleState& state, const ForNode* loop,
                     const BlockRealizeNode* consumer, const Buffer& buffer, bool reads,
                     const std::string& relax_scope, arith::Analyzer* analyzer) {
  ConsumerRegion out{consumer->block->name, {}, {}};
  ir::VarMap bindings;
  for (size_t i = 0; i < consumer->block->iter_vars.size(); ++i) {
    bindings[consumer->block->iter_vars[i]->var] = consumer->iter_values[i];
  }
  arith::IntSetMap dom;
  std::vector<const StmtNode*> path = state.PathTo(consumer);
  auto it = std::find(path.begin(), path.end(), loop);
  const auto target = it;
  for (++it; it != path.end(); ++it) {
    if (const auto* inner = As<ForNode>(*it)) {
      dom[inner->loop_var] = arith::IntSet::FromMinExtent(inner->min, inner->extent);
      out.relaxed_loops.push_back(inner->loop_var);
    }
  }
  // The thread loops from the root down to `loop` whose threads share the storage.
  if (!relax_scope.empty() && StorageRank(relax_scope) != 0) {
    for (auto outer = path.begin(); outer != path.end() && outer <= target; ++outer) {
      const auto* f = As<ForNode>(*outer);
      if (!f || f->for_kind != ForKind::ThreadBinding ||
          !CanRelaxStorageUnderThread(relax_scope, f->thread_tag))
        continue;
      dom[f->loop_var] = arith::IntSet::FromMinExtent(f->min, f->extent);
      out.relaxed_loops.push_back(f->loop_var);
    }
  }
  for (const BufferRegion& r : reads ? consumer->block->reads : consumer->block->writes) {
    if (r.buffer != buffer) continue;
    for (size_t d = 0; d < r.region.size(); ++d) {
      Range sub(ir::Substitute(r.region[d].min, bindings),
                ir::Substitute(r.region[d].extent, bindings));
      arith::IntSet set = arith::EvalSet(sub, dom, analyzer);
      if (out.region.size() <= d) {
        out.region.push_back(set);
      } else {
        out.region[d] = arith::Union({out.region[d], set}, analyzer);
      }
    }
  }
  return out;
}

RequiredRegion Analyze(const ScheduleState& state, const ForNode* loop, const Buffer& buffer,
                       bool reads, const std::string& relax_scope) {
  RequiredRegion result{buffer, {}, {}};
  arith::Analyzer analyzer;
  PreOrderVisit(loop->body, [&](const StmtNode* n) {
    const auto* r = As<BlockRealizeNode>(n);
    if (!r) return true;
    const std::vector<BufferRegion>& regions = reads ? r->block->reads : r->block->writes;
    bool accesses = std::any_of(regions.begin(), regions.end(),
                                [&](const BufferRegion& br) { return br.buffer == buffer; });
    if (accesses) {
      result.consumers.push_back(Relax(state, loop, r, buffer, reads, relax_scope, &analyzer));
      const std::vector<arith::IntSet>& region = result.consumers.back().region;
      for (size_t d = 0; d < region.size(); ++d) {
        if (result.required.size() <= d) {
          result.required.push_back(region[d]);
        } else {
          result.required[d] = arith::Union({result.required[d], region[d]}, &analyzer);
        }
      }
    }
    return false;  // blocks nested in another one access through its signature
  });
  return result;
}

}  // namespace region_analysis_detail

Region RequiredRegion::AsRegion() const {
  Region region;
  for (size_t d = 0; d < required.size(); ++d) {
    Expr dim = d < buffer->shape.size() ? buffer->shape[d] : Expr(1);
    region.push_back(required[d].CoverRange(Range(ir::make_zero(dim.dtype()), dim)));
  }
  return region;
}

RequiredRegion AnalyzeRequiredRegion(const ScheduleState& state, const ForNode* loop,
                                     const Buffer& buffer, bool relax_storage_scope) {
  return region_analysis_detail::Analyze(state, loop, buffer, /*reads=*/true,
                                         relax_storage_scope ? buffer->scope : std::string());
}

RequiredRegion AnalyzeProvidedRegion(const ScheduleState& state, const ForNode* loop,
                                     const Buffer& buffer) {
  return region_analysis_detail::Analyze(state, loop, buffer, /*reads=*/false, std::string());
}

RequiredRegion AnalyzeAccessedRegion(const ScheduleState& state, const ForNode* loop,
                                     const Buffer& buffer, bool reads,
                                     const std::string& relax_scope) {
  return region_analysis_detail::Analyze(state, loop, buffer, reads, relax_scope);
}

}  // namespace tessera::tir
