#include "transform/ThreadLaunch.h"

#include <map>
#include <optional>
#include <set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"
#include "ir/WmmaBuiltins.h"
#include "transform/ThreadAxes.h"

namespace tessera::transform {

using namespace ir;

namespace {

// Launch order, outermost first.
const std::vector<std::string>& LaunchOrder() {
  static const std::vector<std::string> order = {"blockIdx.z",  "blockIdx.y",  "blockIdx.x",
                                                 "threadIdx.z", "threadIdx.y", "threadIdx.x"};
  return order;
}

struct LaunchAxis {
  Expr extent;
  Var var;
  IterVar iter_var;
};
using LaunchAxes = std::map<std::string, LaunchAxis>;

bool ProvablyEqual(const Expr& a, const Expr& b) {
  if (StructuralEqual(a, b)) return true;
  arith::Analyzer analyzer;
  return analyzer.CanProveEqual(a, b);
}

// ---- launch extents ----

// Every loop bound to a GPU index in the kernel, by tag.
std::map<std::string, std::vector<const ForNode*>> CollectThreadLoops(const Stmt& kernel) {
  std::map<std::string, std::vector<const ForNode*>> loops;
  struct Collector : IRVisitor {
    std::map<std::string, std::vector<const ForNode*>>* out;
    void VisitFor(const ForNode* n, const Stmt& s) override {
      std::string tag = ThreadTagOf(n);
      if (!tag.empty()) (*out)[tag].push_back(n);
      IRVisitor::VisitFor(n, s);
    }
  } c;
  c.out = &loops;
  c.VisitStmt(kernel);
  return loops;
}

// The launch extent of one index: the largest of its loops' extents (constants), or
// their common extent.
Result<Expr> LaunchExtent(const std::string& tag, const std::vector<const ForNode*>& loops) {
  Expr best = loops.front()->extent;
  bool all_const = true;
  for (const ForNode* f : loops) all_const = all_const && as_const_int(f->extent);
  for (const ForNode* f : loops) {
    if (all_const) {
      if (*as_const_int(f->extent) > *as_const_int(best)) best = f->extent;
      continue;
    }
    if (!ProvablyEqual(f->extent, best))
      return Error("the loops bound to " + tag + " have extents " + to_string(best) + " and " +
                   to_string(f->extent) +
                   "; a launch needs one extent per index (bind loops of equal or constant "
                   "extents)");
  }
  return best;
}

Result<LaunchAxes> MakeLaunchAxes(const Stmt& kernel) {
  LaunchAxes axes;
  for (const auto& [tag, loops] : CollectThreadLoops(kernel)) {
    if (!IsBlockTag(tag) && !IsThreadTag(tag))
      return Error(tag +
                   " is not supported by the CUDA backend (bind blockIdx.x/y/z and "
                   "threadIdx.x/y/z only)");
    Result<Expr> extent = LaunchExtent(tag, loops);
    if (!extent) return extent.error();
    Var v(LaunchVarName(tag), DataType::Int(32));
    Expr ext = extent->dtype() == v.dtype() ? *extent : cast(v.dtype(), *extent);
    axes[tag] = LaunchAxis{ext, v, MakeIterVar(Range(0, ext), v, IterVarType::ThreadIndex, tag)};
  }
  return axes;
}

// ---- bindings nested in bindings of the same index ----

class NestingCheck : public IRVisitor {
 public:
  std::optional<Error> error;

 protected:
  void VisitFor(const ForNode* n, const Stmt& s) override {
    std::string tag = ThreadTagOf(n);
    if (tag.empty() || error) return IRVisitor::VisitFor(n, s);
    auto outer = path_.find(tag);
    if (outer != path_.end()) Check(tag, outer->second, n, s);
    const ForNode* saved = outer != path_.end() ? outer->second : nullptr;
    path_[tag] = n;
    IRVisitor::VisitFor(n, s);
    if (saved)
      path_[tag] = saved;
    else
      path_.erase(tag);
  }

 private:
  void Check(const std::string& tag, const ForNode* outer, const ForNode* inner, const Stmt& s) {
    std::string where = tag + " is bound twice on one path: the loop over " +
                        inner->loop_var.name() + " (extent " + to_string(inner->extent) +
                        ") is inside the loop over " + outer->loop_var.name() + " (extent " +
                        to_string(outer->extent) + ")";
    if (IsBlockTag(tag)) {
      error = Error(where +
                    "; a block index can be bound once per path (blocks cannot share "
                    "work)");
      return;
    }
    arith::Analyzer analyzer;
    if (!analyzer.CanProve(le(inner->extent, outer->extent))) {
      error = Error(where + "; the inner binding may not be wider than the enclosing one");
      return;
    }
    if (!inner->loop_var.same_as(outer->loop_var) &&
        UsesVar(s, [&](const VarNode* v) { return v == outer->loop_var.get(); }))
      error =
          Error(where + "; the inner computation uses the outer index " + outer->loop_var.name() +
                ", which the launch cannot tell apart from the "
                "inner one (compute the inner stage in shared memory or bind another index)");
  }

  std::map<std::string, const ForNode*> path_;
};

// ---- leader guards ----

struct EffectScan {
  bool non_local = false;  // stores to shared/global memory, calls with effects
  bool local = false;      // stores to thread-local memory
};

EffectScan ScanEffects(const Stmt& s) {
  struct Scanner : IRVisitor {
    EffectScan scan;
    void VisitBufferStore(const BufferStoreNode* n, const Stmt& st) override {
      (n->buffer->scope == "local" ? scan.local : scan.non_local) = true;
      IRVisitor::VisitBufferStore(n, st);
    }
    void VisitEvaluate(const EvaluateNode* n, const Stmt& st) override {
      // A tensor-core builtin is warp-collective: every lane must run it (never guarded).
      auto* call = n->value.as<CallNode>();
      if (call && ir::IsWmmaBuiltin(call->op))
        scan.local = true;
      else if (!is_const(n->value))
        scan.non_local = true;
      IRVisitor::VisitEvaluate(n, st);
    }
  } scanner;
  scanner.VisitStmt(s);
  return scanner.scan;
}

bool HasLoopBoundTo(const Stmt& s, const std::set<std::string>& tags) {
  struct Finder : IRVisitor {
    const std::set<std::string>* tags;
    bool found = false;
    void VisitFor(const ForNode* n, const Stmt& st) override {
      if (tags->count(ThreadTagOf(n))) found = true;
      if (!found) IRVisitor::VisitFor(n, st);
    }
  } f;
  f.tags = &tags;
  f.VisitStmt(s);
  return f.found;
}

// Guards side effects on shared/global memory that no loop bound to a tag of `missing`
// encloses with `tag_var == 0` for each such tag.
class LeaderGuard {
 public:
  explicit LeaderGuard(const LaunchAxes& axes) : axes_(axes) {}

  Stmt Guard(const Stmt& s, const std::set<std::string>& missing) {
    if (missing.empty() || !s.defined()) return s;
    if (!HasLoopBoundTo(s, missing)) {
      EffectScan effects = ScanEffects(s);
      if (!effects.non_local) return s;
      if (!effects.local) return MakeIf(Condition(missing), s);
    }
    return Descend(s, missing);
  }

 private:
  Stmt Descend(const Stmt& s, const std::set<std::string>& missing) {
    if (auto* f = s.as<ForNode>()) {
      std::set<std::string> inner = missing;
      inner.erase(ThreadTagOf(f));
      return std::make_shared<const ForNode>(f->loop_var, f->min, f->extent, f->for_kind,
                                             Guard(f->body, inner), f->thread_binding,
                                             f->annotations);
    }
    if (auto* q = s.as<SeqStmtNode>()) return GuardSeq(q->seq, missing);
    if (auto* i = s.as<IfThenElseNode>())
      return MakeIf(i->condition, Guard(i->then_case, missing), Guard(i->else_case, missing));
    if (auto* l = s.as<LetStmtNode>())
      return MakeLetStmt(l->var, l->value, Guard(l->body, missing));
    if (auto* a = s.as<AttrStmtNode>())
      return MakeAttr(a->node, a->key, a->value, Guard(a->body, missing));
    if (auto* a = s.as<AllocateNode>())
      return MakeAllocate(a->buffer_var, a->dtype, a->extents, a->condition,
                          Guard(a->body, missing), a->scope);
    if (auto* a = s.as<AssertStmtNode>())
      return std::make_shared<const AssertStmtNode>(a->condition, a->message,
                                                    Guard(a->body, missing));
    return ScanEffects(s).non_local ? MakeIf(Condition(missing), s) : s;
  }

  // Consecutive statements that run on the leader thread only share one guard.
  Stmt GuardSeq(const std::vector<Stmt>& children, const std::set<std::string>& missing) {
    std::vector<Stmt> seq, run;
    auto flush = [&] {
      if (!run.empty()) seq.push_back(MakeIf(Condition(missing), MakeSeq(run)));
      run.clear();
    };
    for (const Stmt& c : children) {
      EffectScan effects = ScanEffects(c);
      if (!HasLoopBoundTo(c, missing) && !effects.local && (effects.non_local || !run.empty())) {
        run.push_back(c);
        continue;
      }
      flush();
      seq.push_back(Guard(c, missing));
    }
    flush();
    return MakeSeq(seq);
  }

  Expr Condition(const std::set<std::string>& missing) const {
    Expr cond;
    for (const std::string& tag : LaunchOrder()) {
      if (!missing.count(tag)) continue;
      Expr c = eq(axes_.at(tag).var, make_zero(DataType::Int(32)));
      cond = cond.defined() ? logical_and(cond, c) : c;
    }
    return cond;
  }

  const LaunchAxes& axes_;
};

// threadIdx tags launched with more than one thread.
std::set<std::string> MultiThreadTags(const LaunchAxes& axes) {
  std::set<std::string> tags;
  for (const auto& [tag, axis] : axes)
    if (IsThreadTag(tag) && !is_one(axis.extent)) tags.insert(tag);
  return tags;
}

// ---- bound loops -> guards over the launch variables ----

class LoopsToGuards : public IRMutator {
 public:
  explicit LoopsToGuards(const LaunchAxes& axes) : axes_(axes) {}

 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    std::string tag = ThreadTagOf(n);
    Stmt r = IRMutator::VisitFor(n, s);  // inner bindings first (they may reuse the var)
    if (tag.empty()) return r;
    auto* f = r.as<ForNode>();
    const LaunchAxis& axis = axes_.at(tag);
    Expr index = axis.var.dtype() == f->loop_var.dtype() ? Expr(axis.var)
                                                         : cast(f->loop_var.dtype(), axis.var);
    Expr value = is_zero(f->min) ? index : add(index, f->min);
    Stmt body = Substitute(f->body, VarMap{{f->loop_var, value}});
    if (ProvablyEqual(f->extent, axis.extent)) return body;
    return MakeIf(lt(index, f->extent), body);
  }

 private:
  const LaunchAxes& axes_;
};

Stmt WrapLaunchLoops(const LaunchAxes& axes, Stmt body) {
  const auto& order = LaunchOrder();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    auto a = axes.find(*it);
    if (a == axes.end()) continue;
    body = MakeFor(a->second.var, make_zero(DataType::Int(32)), a->second.extent,
                   ForKind::ThreadBinding, body, a->second.iter_var);
  }
  return body;
}

Result<Stmt> LowerKernel(const Stmt& kernel) {
  Result<LaunchAxes> axes = MakeLaunchAxes(kernel);
  if (!axes) return axes.error();
  NestingCheck nesting;
  nesting.VisitStmt(kernel);
  if (nesting.error) return *nesting.error;
  Stmt led = LeaderGuard(*axes).Guard(kernel, MultiThreadTags(*axes));
  Stmt body = LoopsToGuards(*axes).VisitStmt(led);
  // A bound variable used outside its loop (a region computed per thread at block
  // level) is the thread index there too: every thread runs the code around the loop.
  VarMap outside;
  for (const auto& [tag, loops] : CollectThreadLoops(kernel))
    for (const ForNode* f : loops) outside[f->loop_var] = axes->at(tag).var;
  return WrapLaunchLoops(*axes, Substitute(body, outside));
}

// Finds the kernels: the outermost thread-bound loops.
class KernelFinder : public IRMutator {
 public:
  explicit KernelFinder(const PassContext& ctx) : ctx_(ctx) {}

 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (ThreadTagOf(n).empty()) return IRMutator::VisitFor(n, s);
    Result<Stmt> lowered = LowerKernel(s);
    if (!lowered) {
      ctx_.ReportError(lowered.error().message);
      return s;
    }
    return *lowered;
  }

 private:
  const PassContext& ctx_;
};

}  // namespace

Stmt ThreadLaunch(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  return KernelFinder(ctx).VisitStmt(s);
}

}  // namespace tessera::transform
