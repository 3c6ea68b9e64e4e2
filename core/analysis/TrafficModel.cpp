#include "analysis/TrafficModel.h"

#include "ir/Functor.h"

namespace tessera::analysis {

namespace {

// Walks the statement tree with the variables of the loops around the current
// statement fixed at their first iteration (and let-bound variables at their value).
class Walker {
 public:
  explicit Walker(const FootprintOptions& options) : options_(options) {
    env_.shapes = &options_.shape_values;
  }

 protected:
  // Calls `visit(child, multiplier)` for the children of a non-leaf statement, binding
  // the variables it introduces; false for a leaf (store, evaluate).
  template <typename F>
  bool Children(const ir::Stmt& s, double executions, F&& visit) {
    switch (s.kind()) {
      case ir::StmtKind::For: {
        auto* f = s.as<ir::ForNode>();
        auto min = EvalInterval(f->min, env_);
        auto extent = EvalInterval(f->extent, env_);
        if (!min || !extent) {
          failed_ = true;
          return true;
        }
        if (extent->hi <= 0) return true;
        auto* key = static_cast<const ir::VarNode*>(f->loop_var.get());
        env_.vars[key] = Interval::Point(min->lo);
        visit(f->body, executions * static_cast<double>(extent->hi));
        env_.vars.erase(key);
        return true;
      }
      case ir::StmtKind::LetStmt: {
        auto* l = s.as<ir::LetStmtNode>();
        auto* key = static_cast<const ir::VarNode*>(l->var.get());
        auto v = EvalInterval(l->value, env_);
        if (v) env_.vars[key] = *v;
        visit(l->body, executions);
        env_.vars.erase(key);
        return true;
      }
      case ir::StmtKind::IfThenElse:
        visit(s.as<ir::IfThenElseNode>()->then_case, executions);
        visit(s.as<ir::IfThenElseNode>()->else_case, executions);
        return true;
      case ir::StmtKind::Allocate:
        visit(s.as<ir::AllocateNode>()->body, executions);
        return true;
      case ir::StmtKind::AttrStmt:
        visit(s.as<ir::AttrStmtNode>()->body, executions);
        return true;
      case ir::StmtKind::AssertStmt:
        visit(s.as<ir::AssertStmtNode>()->body, executions);
        return true;
      case ir::StmtKind::ProducerRealize:
        visit(s.as<ir::ProducerRealizeNode>()->body, executions);
        return true;
      case ir::StmtKind::SeqStmt:
        for (const ir::Stmt& c : s.as<ir::SeqStmtNode>()->seq) visit(c, executions);
        return true;
      default:
        return false;
    }
  }

  const FootprintOptions& options_;
  VarValues env_;
  bool failed_ = false;
};

class CacheTraffic : public Walker {
 public:
  CacheTraffic(int64_t capacity, const FootprintOptions& options)
      : Walker(options), capacity_(capacity) {}

  std::optional<double> Run(const ir::Stmt& program) {
    double bytes = Traffic(program, 1.0);
    if (failed_) return std::nullopt;
    return bytes;
  }

 private:
  double Traffic(const ir::Stmt& s, double executions) {
    if (failed_ || !s.defined()) return 0;
    auto fp = FootprintOf(s, env_, options_);
    if (!fp) {
      failed_ = true;
      return 0;
    }
    double lines = static_cast<double>(fp->line_bytes());
    if (fp->line_bytes() <= capacity_) return lines * executions;
    // A loop whose single iteration fits reuses what consecutive iterations share (an
    // invariant operand, a sliding window, the rest of a line): each distinct line of
    // the whole loop comes in once.
    if (auto one = OneIteration(s); one && *one <= capacity_) return lines * executions;
    double sum = 0;
    bool inner =
        Children(s, executions, [&](const ir::Stmt& c, double n) { sum += Traffic(c, n); });
    return inner ? sum : lines * executions;
  }

  // Line bytes of one iteration of a loop `s` (the loops around it fixed as they are).
  std::optional<int64_t> OneIteration(const ir::Stmt& s) {
    auto* f = s.as<ir::ForNode>();
    if (!f) return std::nullopt;
    auto min = EvalInterval(f->min, env_);
    if (!min) return std::nullopt;
    auto* key = static_cast<const ir::VarNode*>(f->loop_var.get());
    env_.vars[key] = Interval::Point(min->lo);
    auto fp = FootprintOf(f->body, env_, options_);
    env_.vars.erase(key);
    if (!fp) return std::nullopt;
    return fp->line_bytes();
  }

  int64_t capacity_;
};

class AccessCounter : public Walker {
 public:
  using Walker::Walker;

  std::optional<double> Run(const ir::Stmt& program) {
    double bytes = Count(program, 1.0);
    if (failed_) return std::nullopt;
    return bytes;
  }

 private:
  static double LoadBytes(const ir::Expr& e) {
    double bytes = 0;
    if (!e.defined()) return 0;
    ir::PostOrderVisit(e, [&](const ir::Expr& x) {
      if (x.as<ir::ProducerLoadNode>() || x.as<ir::BufferLoadNode>())
        bytes += static_cast<double>(x.dtype().bytes()) * x.dtype().lanes();
    });
    return bytes;
  }

  double Count(const ir::Stmt& s, double executions) {
    if (failed_ || !s.defined()) return 0;
    double sum = 0;
    auto visit = [&](const ir::Stmt& c, double n) { sum += Count(c, n); };
    if (auto* i = s.as<ir::IfThenElseNode>()) sum += LoadBytes(i->condition) * executions;
    if (auto* l = s.as<ir::LetStmtNode>()) sum += LoadBytes(l->value) * executions;
    if (Children(s, executions, visit)) return sum;
    double bytes = 0;
    if (auto* b = s.as<ir::BufferStoreNode>()) {
      bytes = LoadBytes(b->value) + b->value.dtype().bytes() * b->value.dtype().lanes();
    } else if (auto* p = s.as<ir::ProducerStoreNode>()) {
      bytes = LoadBytes(p->value) + p->value.dtype().bytes() * p->value.dtype().lanes();
    } else if (auto* e = s.as<ir::EvaluateNode>()) {
      bytes = LoadBytes(e->value);
    }
    return bytes * executions;
  }
};

}  // namespace

std::optional<double> TrafficEstimate::bytes(const std::string& level) const {
  for (const LevelTraffic& l : levels)
    if (l.level == level) return l.bytes;
  return std::nullopt;
}

std::optional<double> TrafficIntoCache(const ir::Stmt& program, int64_t capacity,
                                       const FootprintOptions& options) {
  return CacheTraffic(capacity, options).Run(program);
}

std::optional<double> AccessedBytes(const ir::Stmt& program, const FootprintOptions& options) {
  return AccessCounter(options).Run(program);
}

std::optional<TrafficEstimate> EstimateTraffic(const ir::Stmt& program,
                                               const CacheHierarchy& caches,
                                               const FootprintOptions& options) {
  TrafficEstimate out;
  auto core = AccessedBytes(program, options);
  if (!core) return std::nullopt;
  out.levels.push_back({"L1", *core});
  // Level k+1 delivers what a cache of level k's size misses.
  for (size_t k = 0; k < caches.levels.size(); ++k) {
    auto bytes = TrafficIntoCache(program, caches.levels[k].size_bytes, options);
    if (!bytes) return std::nullopt;
    std::string next = k + 1 < caches.levels.size() ? caches.levels[k + 1].name : "DRAM";
    out.levels.push_back({next, *bytes});
  }
  return out;
}

}  // namespace tessera::analysis
