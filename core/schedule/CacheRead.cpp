// cache_read: a stage "A.shared" copies A into a storage scope; the chosen readers read
// the copy. Its axes are named ax0, ax1, ... as TVM's C++ compute names them.
#include <algorithm>
#include <set>

#include "schedule/Graph.h"
#include "schedule/Group.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"
#include "te/Compute.h"
#include "te/Extern.h"

namespace tessera::schedule {

// The wmma.* scopes are TVM's tensor-core fragments: on the CPU they are ordinary local
// buffers; CUDA stores them as nvcuda::wmma fragments only through tensorize.
bool is_storage_scope(const std::string& scope) {
  static const std::set<std::string> kScopes = {
      "global", "shared",        "shared.dyn",    "local",
      "warp",   "wmma.matrix_a", "wmma.matrix_b", "wmma.accumulator"};
  return kScopes.count(scope) != 0;
}

namespace {

Status CheckCacheRead(const Schedule& sch, const Stage& producer, const std::string& scope,
                      const std::vector<Stage>& readers) {
  if (!producer || detail::StageIndex(sch, producer) < 0) return Error("cache_read: no such stage");
  if (producer->op->num_outputs() != 1)
    return Error("cache_read: " + producer->name() + " has several outputs");
  if (!is_storage_scope(scope))
    return Error("cache_read: unknown storage scope '" + scope +
                 "' (use global, shared, shared.dyn, local, warp, wmma.matrix_a, wmma.matrix_b or "
                 "wmma.accumulator)");
  if (readers.empty()) return Error("cache_read: needs at least one reader");
  std::set<const StageNode*> seen;
  std::vector<Stage> consumers = ConsumerStages(sch, producer);
  for (const Stage& r : readers) {
    if (!r || detail::StageIndex(sch, r) < 0) return Error("cache_read: no such reader stage");
    if (!seen.insert(r.get()).second)
      return Error("cache_read: reader " + r->name() + " is listed twice");
    if (std::find(consumers.begin(), consumers.end(), r) == consumers.end())
      return Error("cache_read: " + r->name() + " does not read " + producer->name());
    if (r->op->kind() != te::OpKind::Compute && r->op->kind() != te::OpKind::Extern)
      return Error("cache_read: reader " + r->name() + " is a " + te::op_kind_name(r->op->kind()) +
                   "; only computes and externs can read a cache_read copy");
  }
  return Status::Ok();
}

}  // namespace

Result<Stage> CacheRead(Schedule& sch, Stage producer, const std::string& scope,
                        std::vector<Stage> readers) {
  if (Status s = CheckCacheRead(sch, producer, scope, readers); !s) return s.error();
  te::Tensor source = te::output_of(producer->op, 0);
  std::string name = detail::UniqueStageName(sch, producer->name() + "." + scope);
  auto copy = [&](const std::vector<ir::Var>& i) {
    return source(std::vector<Expr>(i.begin(), i.end()));
  };
  std::vector<std::string> axis_names;
  for (size_t i = 0; i < source.ndim(); ++i) axis_names.push_back("ax" + std::to_string(i));
  Result<te::Tensor> cache = te::compute(source->shape, copy, name, "", axis_names);
  if (!cache) return cache.error();

  TraceEntry entry;
  for (const Stage& r : readers) entry.stages.push_back(detail::MakeStageRef(sch, r));

  auto stage = std::make_shared<StageNode>();
  stage->op = stage->origin_op = cache->op();
  stage->all_iter_vars = stage->leaf_iter_vars = cache->op()->root_iter_vars();
  stage->scope = scope;
  sch.stages.insert(sch.stages.begin() + detail::StageIndex(sch, producer) + 1, stage);
  // TVM: the copy joins the producer's group and is computed where the group is (a
  // scan's update keeps its own handling of copies).
  bool in_scan = false;
  for (Stage g = producer->group; g; g = g->group)
    in_scan |= g->attach_type == AttachType::ScanUpdate;
  if (producer->group && !in_scan) {
    stage->group = producer->group;
    ++stage->group->num_child_stages;
    detail::PropagateGroupAttach(sch);
  }

  // Only the chosen readers switch to the copy; their own readers follow.
  detail::TensorMap vmap{{source, *cache}};
  detail::TensorMap downstream;
  for (const Stage& r : readers) {
    te::Operation old_op = r->op;
    if (auto* ext = dynamic_cast<const te::ExternOpNode*>(old_op.get())) {
      std::vector<te::Tensor> inputs =
          ext->inputs;  // the extern reads the copy through the same buffer
      for (te::Tensor& t : inputs)
        if (t.same_as(source)) t = *cache;
      r->op = te::ExternWithInputs(*ext, std::move(inputs));
    } else {
      auto* c = dynamic_cast<const te::ComputeOpNode*>(old_op.get());
      r->op = te::WithBody(old_op, detail::ReplaceLoads(c->body, vmap));
    }
    for (int i = 0; i < old_op->num_outputs(); ++i)
      downstream[te::output_of(old_op, i)] = te::output_of(r->op, i);
  }
  detail::ReplaceDataFlow(sch, downstream);

  TraceEntry& recorded = detail::Record(sch, "cache_read", producer);
  recorded.strings["scope"] = scope;
  recorded.stages = std::move(entry.stages);
  recorded.outputs = {name};
  return stage;
}

}  // namespace tessera::schedule
