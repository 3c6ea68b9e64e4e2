#include "transform/ThreadStorageScope.h"

#include <algorithm>
#include <unordered_map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/BoundExtent.h"
#include "transform/ThreadAxes.h"

namespace tessera::transform {

using namespace ir;

namespace {

class ScopeInference : public IRMutator {
 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    std::string tag = ThreadTagOf(n);
    if (tag.empty()) return IRMutator::VisitFor(n, s);
    int saved = rank_;
    rank_ = std::max(rank_, ThreadRank(tag));
    Stmt r = IRMutator::VisitFor(n, s);
    rank_ = saved;
    return r;
  }

  Stmt VisitAllocate(const AllocateNode* n, const Stmt& s) override {
    bool global = n->scope.empty() || n->scope == "global";
    if (!global || rank_ < 0) return IRMutator::VisitAllocate(n, s);
    std::string scope = rank_ == 0 ? "shared" : "local";
    scopes_[n->buffer_var.get()] = scope;
    Stmt body = VisitStmt(n->body);
    std::vector<Expr> extents;
    for (const Expr& e : n->extents) extents.push_back(schedule::AllocationExtent(e, scope));
    return MakeAllocate(n->buffer_var, n->dtype, extents, n->condition, body, scope);
  }

  Expr VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    Expr r = IRMutator::VisitBufferLoad(n, e);
    auto* load = r.as<BufferLoadNode>();
    Buffer b = Rescoped(load->buffer);
    return b == load->buffer ? r : MakeBufferLoad(b, load->indices);
  }

  Stmt VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitBufferStore(n, s);
    auto* store = r.as<BufferStoreNode>();
    Buffer b = Rescoped(store->buffer);
    return b == store->buffer ? r : MakeBufferStore(b, store->value, store->indices);
  }

 private:
  // The buffer with the scope of its allocation (one copy per buffer, shared by all
  // accesses).
  Buffer Rescoped(const Buffer& b) {
    auto scope = scopes_.find(b->data.get());
    if (scope == scopes_.end() || b->scope == scope->second) return b;
    auto done = rescoped_.find(b.get());
    if (done != rescoped_.end()) return done->second;
    auto copy = std::make_shared<BufferNode>(*b);
    copy->scope = scope->second;
    return rescoped_[b.get()] = copy;
  }

  int rank_ = -1;  // the highest thread rank of the enclosing bound loops
  std::unordered_map<const ExprNode*, std::string> scopes_;
  std::unordered_map<const BufferNode*, Buffer> rescoped_;
};

}  // namespace

Stmt ThreadStorageScope(Stmt s, const PassContext&) {
  if (!s.defined()) return s;
  return ScopeInference().VisitStmt(s);
}

}  // namespace tessera::transform
