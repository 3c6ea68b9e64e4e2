#include "schedule/ScanFixPoint.h"

#include <map>
#include <set>
#include <tuple>

#include "ir/Functor.h"
#include "te/Operation.h"

namespace tessera::schedule {

namespace {

// One dimension of one output of an operation.
struct DimKey {
  const te::OperationNode* op = nullptr;
  int value_index = 0;
  size_t dim = 0;
  DimKey(const te::Tensor& t, size_t d) : op(t->op.get()), value_index(t->value_index), dim(d) {}
  bool operator<(const DimKey& o) const {
    return std::tie(op, value_index, dim) < std::tie(o.op, o.value_index, o.dim);
  }
  bool operator==(const DimKey& o) const {
    return op == o.op && value_index == o.value_index && dim == o.dim;
  }
};

using AxisId = const ir::IterVarNode*;

// Which spatial axis each output dimension of the body reads "exactly" (index k of the
// output read at index k of the state that axis belongs to, through plain axis
// variables only), and the axes for which two different ones meet or an index is not a
// plain variable (`failed`). Producers first: `body` is in post-DFS order.
struct ExactReach {
  std::map<DimKey, AxisId> reach;
  std::set<AxisId> failed;

  void Merge(const DimKey& dst, const DimKey& src) {
    auto s = reach.find(src);
    if (s == reach.end()) return;
    auto [d, inserted] = reach.emplace(dst, s->second);
    if (!inserted && d->second != s->second) {
      failed.insert(d->second);
      failed.insert(s->second);
    }
  }

  void Propagate(const te::Operation& op) {
    if (auto* scan = dynamic_cast<const te::ScanOpNode*>(op.get())) {
      for (size_t i = 0; i < scan->update.size(); ++i)
        for (size_t k = 1; k < scan->update[i].ndim(); ++k)
          Merge(DimKey(te::output_of(op, static_cast<int>(i)), k), DimKey(scan->update[i], k));
      return;
    }
    auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!compute) return;
    te::ForEachTensorLoad(
        compute->body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
          for (size_t i = 0; i < indices.size(); ++i) {
            const DimKey src(t, i);
            const auto* var = indices[i].as<ir::VarNode>();
            size_t axis = compute->axis.size();
            for (size_t a = 0; var && a < compute->axis.size(); ++a)
              if (compute->axis[a]->var.get() == var) axis = a;
            if (axis < compute->axis.size()) {
              for (int j = 0; j < op->num_outputs(); ++j)
                Merge(DimKey(te::output_of(op, j), axis), src);
            } else if (auto it = reach.find(src); it != reach.end()) {
              failed.insert(it->second);  // read at an index other than an axis: not exact
            }
          }
        });
  }
};

// For each output dimension of the body's operations, the dimensions of the body's
// tensors it reads through (any index using that axis's variable).
std::map<DimKey, std::vector<DimKey>> ReachGraph(const std::vector<te::Operation>& body) {
  std::set<const te::OperationNode*> in_body;
  for (const te::Operation& op : body) in_body.insert(op.get());
  std::map<DimKey, std::vector<DimKey>> graph;
  for (const te::Operation& op : body) {
    if (auto* scan = dynamic_cast<const te::ScanOpNode*>(op.get())) {
      for (size_t i = 0; i < scan->update.size(); ++i)
        for (size_t k = 1; k < scan->update[i].ndim(); ++k) {
          auto& edges = graph[DimKey(te::output_of(op, static_cast<int>(i)), k)];
          edges.push_back(DimKey(scan->update[i], k));
          edges.push_back(DimKey(scan->init[i], k));
        }
      continue;
    }
    auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!compute) continue;
    const te::Tensor out = te::output_of(op, 0);
    for (size_t a = 0; a < compute->axis.size(); ++a) graph[DimKey(out, a)];
    te::ForEachTensorLoad(compute->body,
                          [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
                            if (!in_body.count(t->op.get())) return;
                            for (size_t i = 0; i < indices.size(); ++i)
                              for (size_t a = 0; a < compute->axis.size(); ++a)
                                if (ir::UsesVar(indices[i], [&](const ir::VarNode* v) {
                                      return v == compute->axis[a]->var.get();
                                    }))
                                  graph[DimKey(out, a)].push_back(DimKey(t, i));
                          });
  }
  return graph;
}

}  // namespace

std::vector<std::pair<ir::IterVar, bool>> ScanFixPointAnalysis(const te::ScanOpNode& scan) {
  const std::vector<te::Operation> body = te::ScanUpdateGroup(scan);
  ExactReach exact;
  size_t sp = 0;
  for (size_t i = 0; i < scan.update.size(); ++i)
    for (size_t k = 1; k < scan.update[i].ndim(); ++k, ++sp)
      exact.reach.emplace(DimKey(scan.state_placeholder[i], k), scan.spatial_axis[sp].get());
  for (const te::Operation& op : body) exact.Propagate(op);

  std::set<DimKey> state_dims;
  for (const te::Tensor& s : scan.state_placeholder)
    for (size_t k = 0; k < s.ndim(); ++k) state_dims.insert(DimKey(s, k));
  std::map<DimKey, std::vector<DimKey>> graph;
  std::vector<std::pair<ir::IterVar, bool>> result;
  sp = 0;
  for (size_t i = 0; i < scan.update.size(); ++i)
    for (size_t k = 1; k < scan.update[i].ndim(); ++k, ++sp) {
      const ir::IterVar axis = scan.spatial_axis[sp];
      const DimKey key(scan.update[i], k), target(scan.state_placeholder[i], k);
      auto it = exact.reach.find(key);
      if (exact.failed.count(axis.get()) || it == exact.reach.end() || it->second != axis.get()) {
        result.emplace_back(axis, false);
        continue;
      }
      // Exact along one path; no other path may carry the dimension to another state
      // dimension (a depth-first walk of everything the update's dimension reads).
      if (graph.empty()) graph = ReachGraph(body);
      std::set<DimKey> seen{key};
      std::vector<DimKey> stack{key};
      bool other_state = false;
      while (!stack.empty() && !other_state) {
        const DimKey d = stack.back();
        stack.pop_back();
        if (!(d == target) && state_dims.count(d)) {
          other_state = true;
          break;
        }
        auto edges = graph.find(d);
        if (edges == graph.end()) continue;  // a tensor outside the body (an input)
        for (const DimKey& next : edges->second)
          if (seen.insert(next).second) stack.push_back(next);
      }
      result.emplace_back(axis, !other_state);
    }
  return result;
}

}  // namespace tessera::schedule
