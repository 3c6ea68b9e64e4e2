#include "transform/ThreadSync.h"

#include <unordered_set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"
#include "transform/ThreadAxes.h"

namespace tessera::transform {

using namespace ir;

namespace {

constexpr const char* kSyncOp = "tvm_storage_sync";

bool IsShared(const Buffer& b) { return b->scope.rfind("shared", 0) == 0; }

struct Access {
  const ExprNode* buffer;  // the data handle
  bool write;
  std::vector<Expr> indices;
  bool private_to_thread;  // only this thread touches the element (see ThreadSync.h)
};
using AccessList = std::vector<Access>;

// What a statement does to shared memory, seen from the statements around it.
struct Summary {
  bool synced = false;  // a barrier runs on every path through it
  AccessList head;      // accesses before its first barrier (all of them when !synced)
  AccessList tail;      // accesses after its last barrier (all of them when !synced)
};

void Append(AccessList* to, const AccessList& from) {
  to->insert(to->end(), from.begin(), from.end());
}

Summary Unsynced(const AccessList& all) { return Summary{false, all, all}; }

bool SameElement(const Access& a, const Access& b) {
  if (!a.private_to_thread || !b.private_to_thread || a.indices.size() != b.indices.size())
    return false;
  for (size_t i = 0; i < a.indices.size(); ++i)
    if (!StructuralEqual(a.indices[i], b.indices[i])) return false;
  return true;
}

// Whether an access of `later` may read what another thread wrote in `earlier`, or
// write what another thread read there (two writes are not ordered, as in TVM).
bool Conflict(const AccessList& earlier, const AccessList& later) {
  for (const Access& a : earlier)
    for (const Access& b : later)
      if (a.buffer == b.buffer && a.write != b.write && !SameElement(a, b)) return true;
  return false;
}

// The barriers of one kernel body.
class KernelSync {
 public:
  KernelSync(const PassContext& ctx, std::vector<Var> thread_vars)
      : ctx_(ctx), thread_vars_(std::move(thread_vars)) {}

  Stmt Visit(const Stmt& s, Summary* out) {
    *out = Summary{};
    if (!s.defined()) return s;
    if (IsStorageSync(s)) {
      out->synced = true;
      return s;
    }
    if (auto* q = s.as<SeqStmtNode>()) return VisitSeq(q->seq, out);
    if (auto* f = s.as<ForNode>()) return VisitFor(f, out);
    if (auto* i = s.as<IfThenElseNode>()) return VisitIf(i, s, out);
    if (auto* st = s.as<BufferStoreNode>()) {
      AccessList all = Reads(st->value);
      for (const Expr& i : st->indices) Append(&all, Reads(i));
      if (IsShared(st->buffer)) all.push_back(MakeAccess(st->buffer, true, st->indices));
      *out = Unsynced(all);
      return s;
    }
    if (auto* e = s.as<EvaluateNode>()) {
      *out = Unsynced(Reads(e->value));
      return s;
    }
    if (auto* l = s.as<LetStmtNode>()) {
      local_.insert(l->var.get());
      Stmt body = Visit(l->body, out);
      AccessList head = Reads(l->value);
      Append(&head, out->head);
      out->head = head;
      if (!out->synced) out->tail = out->head;
      return MakeLetStmt(l->var, l->value, body);
    }
    if (auto* a = s.as<AttrStmtNode>())
      return MakeAttr(a->node, a->key, a->value, Visit(a->body, out));
    if (auto* a = s.as<AllocateNode>()) {
      if (a->scope.rfind("shared", 0) == 0) shared_handles_.insert(a->buffer_var.get());
      return MakeAllocate(a->buffer_var, a->dtype, a->extents, a->condition, Visit(a->body, out),
                          a->scope);
    }
    if (auto* a = s.as<AssertStmtNode>())
      return std::make_shared<const AssertStmtNode>(a->condition, a->message, Visit(a->body, out));
    return s;
  }

 private:
  Stmt VisitSeq(const std::vector<Stmt>& children, Summary* out) {
    std::vector<Stmt> result;
    AccessList pending;  // since the last barrier
    for (const Stmt& c : children) {
      Summary cs;
      Stmt c2 = Visit(c, &cs);
      if (!single_thread_ && Conflict(pending, cs.head)) {
        result.push_back(MakeStorageSync());
        ++inserted_;
        out->synced = true;
        pending.clear();
      }
      if (!out->synced) Append(&out->head, cs.head);
      if (cs.synced) {
        out->synced = true;
        pending = cs.tail;
      } else {
        Append(&pending, cs.head);
      }
      result.push_back(c2);
    }
    out->tail = pending;
    return MakeSeq(result);
  }

  Stmt VisitFor(const ForNode* f, Summary* out) {
    local_.insert(f->loop_var.get());
    Summary body;
    Stmt b = Visit(f->body, &body);
    *out = body;
    // Iteration k's end against iteration k+1's start.
    if (!single_thread_ && Conflict(body.tail, body.head)) {
      b = MakeSeq({MakeStorageSync(), b});
      ++inserted_;
      *out = Summary{true, {}, body.tail};
    }
    return std::make_shared<const ForNode>(f->loop_var, f->min, f->extent, f->for_kind, b,
                                           f->thread_binding, f->annotations);
  }

  Stmt VisitIf(const IfThenElseNode* n, const Stmt& s, Summary* out) {
    Summary t, e;
    int barriers_before = inserted_;
    AccessList cond = Reads(n->condition);
    Stmt then_case, else_case;
    if (Divergent(n->condition)) {
      PinnedScope pinned(this, n->condition);
      then_case = Visit(n->then_case, &t);
      else_case = Visit(n->else_case, &e);
      if (t.synced || e.synced || inserted_ != barriers_before) {
        ctx_.ReportError(
            "a barrier (__syncthreads) is needed inside a condition on the thread "
            "index; not every thread would reach it (bind the loops inside to "
            "threads instead of guarding them)");
        *out = Unsynced(cond);
        return s;
      }
      AccessList all = cond;
      Append(&all, t.head);
      Append(&all, e.head);
      for (Access& a : all) a.private_to_thread = false;  // some threads skip them
      *out = Unsynced(all);
      return s;
    }
    then_case = Visit(n->then_case, &t);
    else_case = Visit(n->else_case, &e);
    if (t.synced && e.synced) {
      out->synced = true;
      out->head = cond;
      Append(&out->head, t.head);
      Append(&out->head, e.head);
      out->tail = t.tail;
      Append(&out->tail, e.tail);
    } else {
      AccessList all = cond;
      for (const Summary* b : {&t, &e}) {
        Append(&all, b->head);
        if (b->synced) Append(&all, b->tail);
      }
      *out = Unsynced(all);
    }
    return MakeIf(n->condition, then_case, else_case);
  }

  // Inside `if (threadIdx_x == 0 ...)` the pinned indices no longer tell threads apart;
  // when none is left, one thread runs the region and needs no barrier at all.
  class PinnedScope {
   public:
    PinnedScope(KernelSync* k, const Expr& cond)
        : k_(k), saved_vars_(k->thread_vars_), saved_single_(k->single_thread_) {
      std::vector<Var> active;
      for (const Var& v : k->thread_vars_)
        if (!Pins(cond, v)) active.push_back(v);
      k->thread_vars_ = active;
      if (active.empty()) k->single_thread_ = true;
    }
    ~PinnedScope() {
      k_->thread_vars_ = saved_vars_;
      k_->single_thread_ = saved_single_;
    }

   private:
    static bool Pins(const Expr& cond, const Var& v) {
      auto* b = cond.as<BinaryNode>();
      if (!b) return false;
      if (b->kind == ExprKind::And) return Pins(b->a, v) || Pins(b->b, v);
      return b->kind == ExprKind::EQ && b->a.same_as(v) && is_const(b->b);
    }
    KernelSync* k_;
    std::vector<Var> saved_vars_;
    bool saved_single_;
  };

  bool Divergent(const Expr& cond) const {
    return UsesVar(cond, [&](const VarNode* v) {
      if (local_.count(v)) return true;
      for (const Var& t : thread_vars_)
        if (t.get() == v) return true;
      return false;
    });
  }

  Access MakeAccess(const Buffer& b, bool write, const std::vector<Expr>& indices) const {
    bool uses_local = false;
    std::unordered_set<const ExprNode*> used;
    for (const Expr& i : indices)
      PostOrderVisit(i, [&](const Expr& e) {
        if (auto* v = e.as<VarNode>()) {
          used.insert(v);
          if (local_.count(v)) uses_local = true;
        }
      });
    bool per_thread = !uses_local;
    for (const Var& t : thread_vars_) per_thread = per_thread && used.count(t.get());
    return Access{b->data.get(), write, indices, per_thread};
  }

  AccessList Reads(const Expr& e) const {
    AccessList reads;
    if (!e.defined()) return reads;
    PostOrderVisit(e, [&](const Expr& x) {
      if (auto* load = x.as<BufferLoadNode>(); load && IsShared(load->buffer))
        reads.push_back(MakeAccess(load->buffer, false, load->indices));
      // A tensorize intrinsic's access_ptr to shared memory (wmma load/store): the whole
      // buffer, read (mask bit 1) and/or written (bit 2), by the warp together.
      auto* call = x.as<CallNode>();
      if (call && call->op == "tvm_access_ptr" && call->args.size() == 5 &&
          shared_handles_.count(call->args[1].get())) {
        const int64_t* mask = as_const_int(call->args[4]);
        int64_t m = mask ? *mask : 3;
        if (m & 1) reads.push_back(Access{call->args[1].get(), false, {}, false});
        if (m & 2) reads.push_back(Access{call->args[1].get(), true, {}, false});
      }
    });
    return reads;
  }

  const PassContext& ctx_;
  std::vector<Var> thread_vars_;                        // threadIdx launch vars with extent > 1
  std::unordered_set<const ExprNode*> local_;           // loop and let variables inside the kernel
  std::unordered_set<const ExprNode*> shared_handles_;  // shared allocations seen so far
  int inserted_ = 0;                                    // barriers inserted so far
  bool single_thread_ = false;                          // inside a region only one thread runs
};

// Finds kernels (chains of launch loops) and synchronises their bodies.
class SyncKernelFinder : public IRMutator {
 public:
  explicit SyncKernelFinder(const PassContext& ctx) : ctx_(ctx) {}

 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (ThreadTagOf(n).empty()) return IRMutator::VisitFor(n, s);
    std::vector<const ForNode*> chain;
    std::vector<Var> thread_vars;
    Stmt body = s;
    while (auto* f = body.as<ForNode>()) {
      std::string tag = ThreadTagOf(f);
      if (tag.empty()) break;
      chain.push_back(f);
      if (IsThreadTag(tag) && !is_one(f->extent)) thread_vars.push_back(f->loop_var);
      body = f->body;
    }
    Summary summary;
    body = KernelSync(ctx_, thread_vars).Visit(body, &summary);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const ForNode* f = *it;
      body = std::make_shared<const ForNode>(f->loop_var, f->min, f->extent, f->for_kind, body,
                                             f->thread_binding, f->annotations);
    }
    return body;
  }

 private:
  const PassContext& ctx_;
};

}  // namespace

Stmt MakeStorageSync() {
  return MakeEvaluate(
      MakeCall(DataType::Int(32), kSyncOp, {StringImm("shared")}, CallKind::Intrinsic));
}

bool IsStorageSync(const Stmt& s) {
  auto* e = s.as<EvaluateNode>();
  auto* call = e ? e->value.as<CallNode>() : nullptr;
  return call && call->op == kSyncOp;
}

Stmt ThreadSync(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  return SyncKernelFinder(ctx).VisitStmt(s);
}

}  // namespace tessera::transform
