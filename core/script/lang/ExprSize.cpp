#include "script/lang/ExprSize.h"

#include <unordered_map>
#include <vector>

namespace tessera::script {

namespace {

// The direct sub-expressions of a node.
std::vector<const ir::Expr*> Children(const ir::Expr& e) {
  std::vector<const ir::Expr*> out;
  if (auto* n = e.as<ir::BinaryNode>()) return {&n->a, &n->b};
  if (auto* n = e.as<ir::NotNode>()) return {&n->a};
  if (auto* n = e.as<ir::SelectNode>()) return {&n->condition, &n->true_value, &n->false_value};
  if (auto* n = e.as<ir::CastNode>()) return {&n->value};
  if (auto* n = e.as<ir::RampNode>()) return {&n->base, &n->stride};
  if (auto* n = e.as<ir::BroadcastNode>()) return {&n->value};
  if (auto* n = e.as<ir::LetNode>()) return {&n->value, &n->body};
  if (auto* n = e.as<ir::CallNode>())
    for (const ir::Expr& a : n->args) out.push_back(&a);
  if (auto* n = e.as<ir::ProducerLoadNode>())
    for (const ir::Expr& a : n->indices) out.push_back(&a);
  if (auto* n = e.as<ir::BufferLoadNode>())
    for (const ir::Expr& a : n->indices) out.push_back(&a);
  if (auto* n = e.as<ir::ReduceNode>()) {
    for (const ir::Expr& a : n->source) out.push_back(&a);
    out.push_back(&n->condition);
  }
  return out;
}

class TreeSize {
 public:
  explicit TreeSize(int64_t limit) : limit_(limit) {}

  // Iterative post-order over the DAG (no recursion: the DAG may be deep).
  int64_t Of(const ir::Expr& root) {
    std::vector<std::pair<const ir::Expr*, bool>> stack{{&root, false}};
    while (!stack.empty()) {
      auto [e, expanded] = stack.back();
      stack.pop_back();
      if (!e->defined() || size_.count(e->get())) continue;
      auto children = Children(*e);
      if (!expanded) {
        stack.push_back({e, true});
        for (const ir::Expr* c : children) stack.push_back({c, false});
        continue;
      }
      int64_t total = 1;
      for (const ir::Expr* c : children) {
        auto it = size_.find(c->get());
        total += it == size_.end() ? 0 : it->second;
        if (total > limit_) return total;
      }
      size_[e->get()] = total;
    }
    auto it = size_.find(root.get());
    return it == size_.end() ? 0 : it->second;
  }

 private:
  int64_t limit_;
  std::unordered_map<const void*, int64_t> size_;
};

}  // namespace

int64_t ExprTreeSize(const ir::Expr& e, int64_t limit) { return TreeSize(limit).Of(e); }

}  // namespace tessera::script
