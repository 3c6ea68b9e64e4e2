#include "schedule/Graph.h"

#include <algorithm>
#include <unordered_set>

namespace tessera::schedule {

ReadGraph CreateReadGraph(const std::vector<te::Operation>& roots) {
  ReadGraph g;
  std::vector<te::Operation> stack(roots.begin(), roots.end());
  while (!stack.empty()) {
    te::Operation op = stack.back();
    stack.pop_back();
    if (g.count(op)) continue;
    std::vector<te::Tensor> inputs = op->InputTensors();
    for (const te::Tensor& t : inputs) stack.push_back(t.op());
    g[op] = std::move(inputs);
  }
  return g;
}

namespace {

void PostDFSVisit(const te::Operation& op, const ReadGraph& g,
                  std::unordered_set<const te::OperationNode*>* visited,
                  std::vector<te::Operation>* order) {
  if (!visited->insert(op.get()).second) return;
  auto it = g.find(op);
  if (it != g.end())
    for (const te::Tensor& t : it->second) PostDFSVisit(t.op(), g, visited, order);
  order->push_back(op);
}

}  // namespace

std::vector<te::Operation> PostDFSOrder(const std::vector<te::Operation>& roots,
                                        const ReadGraph& g) {
  std::unordered_set<const te::OperationNode*> visited;
  std::vector<te::Operation> order;
  for (const te::Operation& op : roots) PostDFSVisit(op, g, &visited, &order);
  return order;
}

FeedGraph CreateFeedGraph(const ReadGraph& g) {
  FeedGraph feed;
  for (const auto& [op, inputs] : g)
    for (const te::Tensor& t : inputs) feed[t].push_back(op);
  return feed;
}

std::vector<te::Operation> OutputOps(const Schedule& sch) {
  std::vector<te::Operation> ops;
  for (const Stage& s : sch.stages)
    if (s->is_output) ops.push_back(s->op);
  return ops;
}

AttachPath CreateAttachPath(const Schedule& sch) {
  AttachPath paths;
  for (const Stage& stage : sch.stages) {
    std::vector<IterVar> path;
    std::unordered_set<const StageNode*> seen;
    for (Stage s = stage;
         (s->attach_type == AttachType::Scope || s->attach_type == AttachType::ScanUpdate) &&
         s->attach_stage;
         s = s->attach_stage) {
      if (!seen.insert(s.get()).second) break;  // a cycle; primitives prevent it
      const std::vector<IterVar>& leaves = s->attach_stage->leaf_iter_vars;
      // A scan's update runs inside all of the scan's loops (its time loop innermost).
      auto it = s->attach_type == AttachType::ScanUpdate
                    ? (leaves.empty() ? leaves.end() : leaves.end() - 1)
                    : std::find(leaves.begin(), leaves.end(), s->attach_ivar);
      if (it == leaves.end()) break;
      // The attach loop and every loop outside it, innermost first.
      for (auto r = std::make_reverse_iterator(it + 1); r != leaves.rend(); ++r) path.push_back(*r);
    }
    paths[stage->op.get()] = std::move(path);
  }
  return paths;
}

namespace {

bool ReadsOp(const Stage& reader, const te::OperationNode* producer) {
  for (const te::Tensor& t : reader->op->InputTensors())
    if (t.op().get() == producer) return true;
  return false;
}

}  // namespace

std::vector<Stage> ConsumerStages(const Schedule& sch, const Stage& s) {
  std::vector<Stage> result;
  for (const Stage& other : sch.stages)
    if (other != s && ReadsOp(other, s->op.get())) result.push_back(other);
  return result;
}

std::vector<Stage> ProducerStages(const Schedule& sch, const Stage& s) {
  std::vector<Stage> result;
  for (const Stage& other : sch.stages)
    if (other != s && ReadsOp(s, other->op.get())) result.push_back(other);
  return result;
}

bool ReadsThroughInlined(const Schedule& sch, const Stage& reader, const Stage& producer) {
  for (const Stage& p : ProducerStages(sch, reader)) {
    if (p == producer) return true;
    if (p->attach_type == AttachType::Inline && ReadsThroughInlined(sch, p, producer)) return true;
  }
  return false;
}

}  // namespace tessera::schedule
