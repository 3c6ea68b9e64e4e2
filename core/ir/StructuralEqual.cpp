#include "ir/StructuralEqual.h"

#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tessera::ir {

namespace {

const VarNode* as_var(const Expr& e) { return e.as<VarNode>(); }

// ============================================================================
// Equality
// ============================================================================

}  // namespace

namespace detail {

// Compares two trees, keeping the correspondence of variables bound so far.
class EqualChecker {
 public:
  explicit EqualChecker(bool map_free_vars) : map_free_vars_(map_free_vars) {}

  // Left-deep chains of binary operations (`x + 1 + 2 + ...`, as parsers and the
  // simplifier build them) are walked down with a loop and their right operands compared
  // bottom-up afterwards — the order the recursion would take — so that expressions with
  // thousands of terms do not overflow the stack.
  bool Eq(const Expr& a, const Expr& b) {
    std::vector<std::pair<const BinaryNode*, const BinaryNode*>> spine;
    Expr x = a, y = b;
    bool ok = false;
    for (;;) {
      // A shared subtree equals itself while every active binding maps a variable to
      // itself (otherwise a shared `x` could refer to different binders on the two sides).
      // With map_free_vars the walk must still record the free variables it meets.
      if (x.same_as(y) && renamed_ == 0 && !map_free_vars_) {
        ok = true;
        break;
      }
      if (!x.defined() || !y.defined()) {
        ok = x.defined() == y.defined();
        break;
      }
      if (x.kind() != y.kind() || x.dtype() != y.dtype()) break;
      const auto* bx = x.as<BinaryNode>();
      if (!bx) {
        ok = EqNode(x, y);
        break;
      }
      const auto* by = y.as<BinaryNode>();
      spine.emplace_back(bx, by);
      x = bx->a;
      y = by->a;
    }
    for (auto it = spine.rbegin(); ok && it != spine.rend(); ++it)
      ok = Eq(it->first->b, it->second->b);
    return ok;
  }

  bool Eq(const Stmt& a, const Stmt& b) {
    if (a.same_as(b) && renamed_ == 0 && !map_free_vars_) return true;
    if (!a.defined() || !b.defined()) return a.defined() == b.defined();
    if (a.kind() != b.kind()) return false;
    return EqNode(a, b);
  }

  // Pairs two variables / buffers for the checker's life (binders outside the trees it
  // compares); false when either is already paired with another, or the dtypes differ.
  bool BindOuter(const Var& a, const Var& b) {
    const VarNode* va = as_var(a);
    const VarNode* vb = as_var(b);
    if (!va || !vb) return !va && !vb;
    if (auto it = forward_.find(va); it != forward_.end()) return it->second == vb;
    if (backward_.count(vb)) return false;
    Map(va, vb);
    if (va != vb) ++renamed_;
    return va->dtype == vb->dtype;
  }
  bool BindOuter(const Buffer& a, const Buffer& b) {
    if (!a || !b) return a == b;
    if (auto it = buffers_forward_.find(a.get()); it != buffers_forward_.end())
      return it->second == b.get();
    if (buffers_backward_.count(b.get())) return false;
    buffers_forward_[a.get()] = b.get();
    buffers_backward_[b.get()] = a.get();
    if (a != b) ++renamed_;
    return true;
  }

  // A buffer paired by BindOuter matches its pair only; any other matches itself.
  bool EqBuffer(const Buffer& a, const Buffer& b) {
    if (auto it = buffers_forward_.find(a.get()); it != buffers_forward_.end())
      return it->second == b.get();
    return a == b && !buffers_backward_.count(b.get());
  }

 private:
  // ------------------------------------------------------------ variables
  struct Saved {
    const VarNode* a;
    const VarNode* b;
    const VarNode* old_forward;
    const VarNode* old_backward;
  };

  bool EqVar(const VarNode* a, const VarNode* b) {
    if (auto it = forward_.find(a); it != forward_.end()) return it->second == b;
    if (backward_.count(b)) return false;  // b is bound (or already matched), a is not
    if (a == b) {
      if (map_free_vars_) Map(a, b);  // so that no other free var can claim it later
      return true;
    }
    if (!map_free_vars_ || a->dtype != b->dtype) return false;
    Map(a, b);
    ++renamed_;
    return true;
  }

  void Map(const VarNode* a, const VarNode* b) {
    forward_[a] = b;
    backward_[b] = a;
  }

  // Starts the scope of a binder pair; false when they cannot correspond. Binders
  // that are not variables (malformed input) are compared as expressions.
  bool Bind(const Expr& a, const Expr& b) {
    const VarNode* va = as_var(a);
    const VarNode* vb = as_var(b);
    if (!va || !vb) {
      bound_.push_back(Saved{nullptr, nullptr, nullptr, nullptr});
      return Eq(a, b);
    }
    bound_.push_back(Saved{va, vb, Lookup(forward_, va), Lookup(backward_, vb)});
    if (va != vb) ++renamed_;
    Map(va, vb);
    return va->dtype == vb->dtype;
  }

  // Ends the scopes of the last `count` binders.
  void Unbind(size_t count) {
    for (; count > 0; --count) {
      Saved s = bound_.back();
      bound_.pop_back();
      if (!s.a) continue;
      Restore(forward_, s.a, s.old_forward);
      Restore(backward_, s.b, s.old_backward);
      if (s.a != s.b) --renamed_;
    }
  }

  using VarMap = std::unordered_map<const VarNode*, const VarNode*>;
  static const VarNode* Lookup(const VarMap& m, const VarNode* v) {
    auto it = m.find(v);
    return it == m.end() ? nullptr : it->second;
  }
  static void Restore(VarMap& m, const VarNode* key, const VarNode* old) {
    if (old)
      m[key] = old;
    else
      m.erase(key);
  }

  // Binds a pair, compares `inside` within the binding, and ends the binding.
  bool EqBound(const Expr& va, const Expr& vb, const std::function<bool()>& inside) {
    bool ok = Bind(va, vb) && inside();
    Unbind(1);
    return ok;
  }

  // ------------------------------------------------------------ expressions
  bool EqArray(const std::vector<Expr>& a, const std::vector<Expr>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!Eq(a[i], b[i])) return false;
    return true;
  }

  bool EqRange(const Range& a, const Range& b) {
    return Eq(a.min, b.min) && Eq(a.extent, b.extent);
  }

  bool EqNode(const Expr& a, const Expr& b) {
    switch (a.kind()) {
      case ExprKind::IntImm:
        return a.as<IntImmNode>()->value == b.as<IntImmNode>()->value;
      case ExprKind::FloatImm:
        return std::bit_cast<uint64_t>(a.as<FloatImmNode>()->value) ==
               std::bit_cast<uint64_t>(b.as<FloatImmNode>()->value);
      case ExprKind::StringImm:
        return a.as<StringImmNode>()->value == b.as<StringImmNode>()->value;
      case ExprKind::Var:
        return EqVar(as_var(a), as_var(b));
      case ExprKind::Not:
        return Eq(a.as<NotNode>()->a, b.as<NotNode>()->a);
      case ExprKind::Select: {
        auto *x = a.as<SelectNode>(), *y = b.as<SelectNode>();
        return Eq(x->condition, y->condition) && Eq(x->true_value, y->true_value) &&
               Eq(x->false_value, y->false_value);
      }
      case ExprKind::Cast:
        return Eq(a.as<CastNode>()->value, b.as<CastNode>()->value);
      case ExprKind::Call: {
        auto *x = a.as<CallNode>(), *y = b.as<CallNode>();
        return x->op == y->op && x->call_kind == y->call_kind && EqArray(x->args, y->args);
      }
      case ExprKind::BufferLoad: {
        auto *x = a.as<BufferLoadNode>(), *y = b.as<BufferLoadNode>();
        return EqBuffer(x->buffer, y->buffer) && EqArray(x->indices, y->indices);
      }
      case ExprKind::ProducerLoad: {
        auto *x = a.as<ProducerLoadNode>(), *y = b.as<ProducerLoadNode>();
        return x->producer == y->producer && EqArray(x->indices, y->indices);
      }
      case ExprKind::Ramp: {
        auto *x = a.as<RampNode>(), *y = b.as<RampNode>();
        return x->lanes == y->lanes && Eq(x->base, y->base) && Eq(x->stride, y->stride);
      }
      case ExprKind::Broadcast: {
        auto *x = a.as<BroadcastNode>(), *y = b.as<BroadcastNode>();
        return x->lanes == y->lanes && Eq(x->value, y->value);
      }
      case ExprKind::Let: {
        auto *x = a.as<LetNode>(), *y = b.as<LetNode>();
        return Eq(x->value, y->value) &&
               EqBound(x->var, y->var, [&] { return Eq(x->body, y->body); });
      }
      case ExprKind::Reduce:
        return EqReduce(a.as<ReduceNode>(), b.as<ReduceNode>());
      default:
        break;
    }
    if (auto* x = a.as<BinaryNode>()) {
      auto* y = b.as<BinaryNode>();
      return Eq(x->a, y->a) && Eq(x->b, y->b);
    }
    return false;  // an unknown kind: never equal
  }

  bool EqReducer(const CommReducer& a, const CommReducer& b) {
    if (a == b) return true;  // its variables are all its own: identity is enough
    if (!a || !b) return false;
    if (a->name != b->name || a->lhs.size() != b->lhs.size() || a->rhs.size() != b->rhs.size())
      return false;
    if (!EqArray(a->identity, b->identity)) return false;
    size_t bound = 0;
    bool ok = true;
    for (size_t i = 0; ok && i < a->lhs.size(); ++i, ++bound) ok = Bind(a->lhs[i], b->lhs[i]);
    for (size_t i = 0; ok && i < a->rhs.size(); ++i, ++bound) ok = Bind(a->rhs[i], b->rhs[i]);
    ok = ok && EqArray(a->result, b->result);
    Unbind(bound);
    return ok;
  }

  bool EqReduce(const ReduceNode* a, const ReduceNode* b) {
    if (a->value_index != b->value_index || a->axis.size() != b->axis.size()) return false;
    if (!EqReducer(a->combiner, b->combiner)) return false;
    size_t bound = 0;
    bool ok = true;
    for (size_t i = 0; ok && i < a->axis.size(); ++i) {
      const IterVar& x = a->axis[i];
      const IterVar& y = b->axis[i];
      if (!x || !y) {
        ok = x == y;
        continue;
      }
      ok = x->iter_type == y->iter_type && EqRange(x->dom, y->dom);
      ++bound;
      ok = Bind(x->var, y->var) && ok;
    }
    ok = ok && EqArray(a->source, b->source) && Eq(a->condition, b->condition);
    Unbind(bound);
    return ok;
  }

  // ------------------------------------------------------------ statements
  bool EqNode(const Stmt& a, const Stmt& b) {
    switch (a.kind()) {
      case StmtKind::For:
        return EqFor(a.as<ForNode>(), b.as<ForNode>());
      case StmtKind::LetStmt: {
        auto *x = a.as<LetStmtNode>(), *y = b.as<LetStmtNode>();
        return Eq(x->value, y->value) &&
               EqBound(x->var, y->var, [&] { return Eq(x->body, y->body); });
      }
      case StmtKind::IfThenElse: {
        auto *x = a.as<IfThenElseNode>(), *y = b.as<IfThenElseNode>();
        return Eq(x->condition, y->condition) && Eq(x->then_case, y->then_case) &&
               Eq(x->else_case, y->else_case);
      }
      case StmtKind::BufferStore: {
        auto *x = a.as<BufferStoreNode>(), *y = b.as<BufferStoreNode>();
        return EqBuffer(x->buffer, y->buffer) && Eq(x->value, y->value) &&
               EqArray(x->indices, y->indices);
      }
      case StmtKind::ProducerStore: {
        auto *x = a.as<ProducerStoreNode>(), *y = b.as<ProducerStoreNode>();
        return x->producer == y->producer && Eq(x->value, y->value) &&
               EqArray(x->indices, y->indices);
      }
      case StmtKind::Allocate: {
        auto *x = a.as<AllocateNode>(), *y = b.as<AllocateNode>();
        return x->dtype == y->dtype && x->scope == y->scope && EqArray(x->extents, y->extents) &&
               Eq(x->condition, y->condition) &&
               EqBound(x->buffer_var, y->buffer_var, [&] { return Eq(x->body, y->body); });
      }
      case StmtKind::AttrStmt:
        return EqAttr(a.as<AttrStmtNode>(), b.as<AttrStmtNode>());
      case StmtKind::AssertStmt: {
        auto *x = a.as<AssertStmtNode>(), *y = b.as<AssertStmtNode>();
        return Eq(x->condition, y->condition) && Eq(x->message, y->message) && Eq(x->body, y->body);
      }
      case StmtKind::SeqStmt: {
        auto *x = a.as<SeqStmtNode>(), *y = b.as<SeqStmtNode>();
        if (x->seq.size() != y->seq.size()) return false;
        for (size_t i = 0; i < x->seq.size(); ++i)
          if (!Eq(x->seq[i], y->seq[i])) return false;
        return true;
      }
      case StmtKind::Evaluate:
        return Eq(a.as<EvaluateNode>()->value, b.as<EvaluateNode>()->value);
      case StmtKind::ProducerRealize: {
        auto *x = a.as<ProducerRealizeNode>(), *y = b.as<ProducerRealizeNode>();
        if (x->producer != y->producer || x->storage_scope != y->storage_scope ||
            x->bounds.size() != y->bounds.size())
          return false;
        for (size_t i = 0; i < x->bounds.size(); ++i)
          if (!EqRange(x->bounds[i], y->bounds[i])) return false;
        return Eq(x->condition, y->condition) && Eq(x->body, y->body);
      }
    }
    return false;
  }

  bool EqThreadBinding(const IterVar& a, const IterVar& b) {
    if (!a || !b) return a == b;
    return a->iter_type == b->iter_type && a->thread_tag == b->thread_tag;
  }

  bool EqFor(const ForNode* a, const ForNode* b) {
    if (a->for_kind != b->for_kind || !EqThreadBinding(a->thread_binding, b->thread_binding))
      return false;
    if (!Eq(a->min, b->min) || !Eq(a->extent, b->extent)) return false;
    if (a->annotations.size() != b->annotations.size()) return false;
    for (auto ia = a->annotations.begin(), ib = b->annotations.begin(); ia != a->annotations.end();
         ++ia, ++ib)
      if (ia->first != ib->first || !Eq(ia->second, ib->second)) return false;
    return EqBound(a->loop_var, b->loop_var, [&] { return Eq(a->body, b->body); });
  }

  bool EqAttr(const AttrStmtNode* a, const AttrStmtNode* b) {
    if (a->key != b->key || a->node.index() != b->node.index()) return false;
    if (!Eq(a->value, b->value)) return false;
    auto* ia = std::get_if<IterVar>(&a->node);
    auto* ib = std::get_if<IterVar>(&b->node);
    if (ia && *ia && *ib) {
      // The attr's IterVar (thread_extent, virtual_thread) defines its var for the body.
      const IterVar &x = *ia, &y = *ib;
      if (x->iter_type != y->iter_type || x->thread_tag != y->thread_tag ||
          !EqRange(x->dom, y->dom))
        return false;
      return EqBound(x->var, y->var, [&] { return Eq(a->body, b->body); });
    }
    return EqAttrTarget(a->node, b->node) && Eq(a->body, b->body);
  }

  bool EqAttrTarget(const AttrTarget& a, const AttrTarget& b) {
    if (auto* e = std::get_if<Expr>(&a)) return Eq(*e, std::get<Expr>(b));
    if (auto* iv = std::get_if<IterVar>(&a)) return *iv == std::get<IterVar>(b);
    if (auto* buf = std::get_if<Buffer>(&a)) return EqBuffer(*buf, std::get<Buffer>(b));
    if (auto* p = std::get_if<DataProducer>(&a)) return *p == std::get<DataProducer>(b);
    if (auto* s = std::get_if<std::string>(&a)) return *s == std::get<std::string>(b);
    return true;  // both empty
  }

  bool map_free_vars_;
  VarMap forward_, backward_;
  std::unordered_map<const BufferNode*, const BufferNode*> buffers_forward_, buffers_backward_;
  std::vector<Saved> bound_;
  int renamed_ = 0;  // active pairs mapping a variable or a buffer to a different one
};

}  // namespace detail

namespace {

using detail::EqualChecker;

// ============================================================================
// Hashing: the same walk, folding every compared field into one value. A bound
// variable hashes as the position of its binder, a free one as its identity (or,
// with map_free_vars, as the order of its first occurrence).
// ============================================================================

class Hasher {
 public:
  explicit Hasher(bool map_free_vars) : map_free_vars_(map_free_vars) {}

  size_t value() const { return seed_; }

  // Left-deep binary chains with a loop, in the recursion's order (see Eq).
  void Hash(const Expr& e) {
    std::vector<const BinaryNode*> spine;
    Expr cur = e;
    for (;;) {
      if (!cur.defined()) {
        Mix(0x5eedu);
        break;
      }
      Mix(static_cast<size_t>(cur.kind()) + 1);
      MixType(cur.dtype());
      const auto* bin = cur.as<BinaryNode>();
      if (!bin) {
        HashNode(cur);
        break;
      }
      spine.push_back(bin);
      cur = bin->a;
    }
    for (auto it = spine.rbegin(); it != spine.rend(); ++it) Hash((*it)->b);
  }

  void Hash(const Stmt& s) {
    if (!s.defined()) return Mix(0x5eedu);
    Mix(0x100 + static_cast<size_t>(s.kind()));
    HashNode(s);
  }

 private:
  void Mix(size_t v) { seed_ ^= v + 0x9e3779b97f4a7c15ull + (seed_ << 6) + (seed_ >> 2); }
  void Mix(const std::string& s) { Mix(std::hash<std::string>()(s)); }
  void Mix(const void* p) { Mix(std::hash<const void*>()(p)); }
  void MixType(DataType t) {
    Mix((static_cast<size_t>(t.code()) << 24) ^ (static_cast<size_t>(t.bits()) << 16) ^
        static_cast<size_t>(t.lanes()));
  }

  // A buffer by identity, or (mapping free variables) by what a pairing keeps: its
  // element type and rank, so that two functions with buffers of their own hash alike.
  void MixBuffer(const Buffer& b) {
    if (!map_free_vars_ || !b) return Mix(static_cast<const void*>(b.get()));
    MixType(b->dtype);
    Mix(b->shape.size());
  }

  // ------------------------------------------------------------ variables
  void HashVar(const VarNode* v) {
    if (auto it = bound_.find(v); it != bound_.end()) {
      Mix(size_t{0xb0});
      return Mix(it->second);
    }
    if (!map_free_vars_) return Mix(static_cast<const void*>(v));
    auto [it, inserted] = free_.emplace(v, free_.size());
    Mix(size_t{0xf0});
    Mix(it->second);
  }

  // Binds a variable to the next binder position; Unbind restores what it shadowed.
  void Bind(const Expr& var) {
    const VarNode* v = as_var(var);
    if (!v) {
      saved_.push_back({nullptr, false, 0});
      return Hash(var);
    }
    MixType(v->dtype);
    auto it = bound_.find(v);
    saved_.push_back({v, it != bound_.end(), it != bound_.end() ? it->second : 0});
    bound_[v] = next_binder_++;
  }
  void Unbind(size_t count) {
    for (; count > 0; --count) {
      Saved s = saved_.back();
      saved_.pop_back();
      if (!s.var) continue;
      if (s.had)
        bound_[s.var] = s.old;
      else
        bound_.erase(s.var);
    }
  }

  // ------------------------------------------------------------ expressions
  void HashArray(const std::vector<Expr>& a) {
    Mix(a.size());
    for (const Expr& e : a) Hash(e);
  }
  void HashRange(const Range& r) {
    Hash(r.min);
    Hash(r.extent);
  }

  void HashNode(const Expr& e) {
    switch (e.kind()) {
      case ExprKind::IntImm:
        return Mix(static_cast<size_t>(e.as<IntImmNode>()->value));
      case ExprKind::FloatImm:
        return Mix(std::bit_cast<uint64_t>(e.as<FloatImmNode>()->value));
      case ExprKind::StringImm:
        return Mix(e.as<StringImmNode>()->value);
      case ExprKind::Var:
        return HashVar(as_var(e));
      case ExprKind::Not:
        return Hash(e.as<NotNode>()->a);
      case ExprKind::Select: {
        auto* n = e.as<SelectNode>();
        Hash(n->condition);
        Hash(n->true_value);
        return Hash(n->false_value);
      }
      case ExprKind::Cast:
        return Hash(e.as<CastNode>()->value);
      case ExprKind::Call: {
        auto* n = e.as<CallNode>();
        Mix(n->op);
        Mix(static_cast<size_t>(n->call_kind));
        return HashArray(n->args);
      }
      case ExprKind::BufferLoad: {
        auto* n = e.as<BufferLoadNode>();
        MixBuffer(n->buffer);
        return HashArray(n->indices);
      }
      case ExprKind::ProducerLoad: {
        auto* n = e.as<ProducerLoadNode>();
        Mix(static_cast<const void*>(n->producer.get()));
        return HashArray(n->indices);
      }
      case ExprKind::Ramp: {
        auto* n = e.as<RampNode>();
        Mix(static_cast<size_t>(n->lanes));
        Hash(n->base);
        return Hash(n->stride);
      }
      case ExprKind::Broadcast: {
        auto* n = e.as<BroadcastNode>();
        Mix(static_cast<size_t>(n->lanes));
        return Hash(n->value);
      }
      case ExprKind::Let: {
        auto* n = e.as<LetNode>();
        Hash(n->value);
        Bind(n->var);
        Hash(n->body);
        return Unbind(1);
      }
      case ExprKind::Reduce:
        return HashReduce(e.as<ReduceNode>());
      default:
        break;
    }
    if (auto* n = e.as<BinaryNode>()) {
      Hash(n->a);
      Hash(n->b);
    }
  }

  void HashReducer(const CommReducer& r) {
    if (!r) return Mix(size_t{0});
    Mix(r->name);
    HashArray(r->identity);
    for (const Var& v : r->lhs) Bind(v);
    for (const Var& v : r->rhs) Bind(v);
    HashArray(r->result);
    Unbind(r->lhs.size() + r->rhs.size());
  }

  void HashReduce(const ReduceNode* n) {
    Mix(static_cast<size_t>(n->value_index));
    HashReducer(n->combiner);
    size_t bound = 0;
    for (const IterVar& iv : n->axis) {
      if (!iv) {
        Mix(size_t{0});
        continue;
      }
      Mix(static_cast<size_t>(iv->iter_type));
      HashRange(iv->dom);
      Bind(iv->var);
      ++bound;
    }
    HashArray(n->source);
    Hash(n->condition);
    Unbind(bound);
  }

  // ------------------------------------------------------------ statements
  void HashBound(const Expr& var, const Stmt& body) {
    Bind(var);
    Hash(body);
    Unbind(1);
  }

  void HashNode(const Stmt& s) {
    switch (s.kind()) {
      case StmtKind::For:
        return HashFor(s.as<ForNode>());
      case StmtKind::LetStmt: {
        auto* n = s.as<LetStmtNode>();
        Hash(n->value);
        return HashBound(n->var, n->body);
      }
      case StmtKind::IfThenElse: {
        auto* n = s.as<IfThenElseNode>();
        Hash(n->condition);
        Hash(n->then_case);
        return Hash(n->else_case);
      }
      case StmtKind::BufferStore: {
        auto* n = s.as<BufferStoreNode>();
        MixBuffer(n->buffer);
        Hash(n->value);
        return HashArray(n->indices);
      }
      case StmtKind::ProducerStore: {
        auto* n = s.as<ProducerStoreNode>();
        Mix(static_cast<const void*>(n->producer.get()));
        Hash(n->value);
        return HashArray(n->indices);
      }
      case StmtKind::Allocate: {
        auto* n = s.as<AllocateNode>();
        MixType(n->dtype);
        Mix(n->scope);
        HashArray(n->extents);
        Hash(n->condition);
        return HashBound(n->buffer_var, n->body);
      }
      case StmtKind::AttrStmt:
        return HashAttr(s.as<AttrStmtNode>());
      case StmtKind::AssertStmt: {
        auto* n = s.as<AssertStmtNode>();
        Hash(n->condition);
        Hash(n->message);
        return Hash(n->body);
      }
      case StmtKind::SeqStmt: {
        auto* n = s.as<SeqStmtNode>();
        Mix(n->seq.size());
        for (const Stmt& st : n->seq) Hash(st);
        return;
      }
      case StmtKind::Evaluate:
        return Hash(s.as<EvaluateNode>()->value);
      case StmtKind::ProducerRealize: {
        auto* n = s.as<ProducerRealizeNode>();
        Mix(static_cast<const void*>(n->producer.get()));
        Mix(n->storage_scope);
        Mix(n->bounds.size());
        for (const Range& r : n->bounds) HashRange(r);
        Hash(n->condition);
        return Hash(n->body);
      }
    }
  }

  void HashFor(const ForNode* n) {
    Mix(static_cast<size_t>(n->for_kind));
    if (n->thread_binding) {
      Mix(static_cast<size_t>(n->thread_binding->iter_type));
      Mix(n->thread_binding->thread_tag);
    }
    Hash(n->min);
    Hash(n->extent);
    for (const auto& [key, value] : n->annotations) {
      Mix(key);
      Hash(value);
    }
    HashBound(n->loop_var, n->body);
  }

  void HashAttr(const AttrStmtNode* n) {
    Mix(n->key);
    Mix(n->node.index());
    Hash(n->value);
    if (auto* iv = std::get_if<IterVar>(&n->node); iv && *iv) {
      const IterVar& x = *iv;
      Mix(static_cast<size_t>(x->iter_type));
      Mix(x->thread_tag);
      HashRange(x->dom);
      return HashBound(x->var, n->body);
    }
    if (auto* e = std::get_if<Expr>(&n->node))
      Hash(*e);
    else if (auto* b = std::get_if<Buffer>(&n->node))
      MixBuffer(*b);
    else if (auto* p = std::get_if<DataProducer>(&n->node))
      Mix(static_cast<const void*>(p->get()));
    else if (auto* str = std::get_if<std::string>(&n->node))
      Mix(*str);
    Hash(n->body);
  }

  struct Saved {
    const VarNode* var;
    bool had;
    size_t old;
  };

  bool map_free_vars_;
  size_t seed_ = 0;
  size_t next_binder_ = 0;
  std::unordered_map<const VarNode*, size_t> bound_;
  std::unordered_map<const VarNode*, size_t> free_;
  std::vector<Saved> saved_;
};

}  // namespace

bool StructuralEqual(const Expr& a, const Expr& b, bool map_free_vars) {
  return EqualChecker(map_free_vars).Eq(a, b);
}
bool StructuralEqual(const Stmt& a, const Stmt& b, bool map_free_vars) {
  return EqualChecker(map_free_vars).Eq(a, b);
}

StructuralMatcher::StructuralMatcher() : checker_(std::make_unique<EqualChecker>(false)) {}
StructuralMatcher::~StructuralMatcher() = default;
bool StructuralMatcher::Bind(const Var& a, const Var& b) { return checker_->BindOuter(a, b); }
bool StructuralMatcher::Bind(const Buffer& a, const Buffer& b) { return checker_->BindOuter(a, b); }
bool StructuralMatcher::Equal(const Expr& a, const Expr& b) { return checker_->Eq(a, b); }
bool StructuralMatcher::Equal(const Stmt& a, const Stmt& b) { return checker_->Eq(a, b); }
bool StructuralMatcher::Equal(const Buffer& a, const Buffer& b) { return checker_->EqBuffer(a, b); }

size_t StructuralHash(const Expr& e, bool map_free_vars) {
  Hasher h(map_free_vars);
  h.Hash(e);
  return h.value();
}
size_t StructuralHash(const Stmt& s, bool map_free_vars) {
  Hasher h(map_free_vars);
  h.Hash(s);
  return h.value();
}

}  // namespace tessera::ir
