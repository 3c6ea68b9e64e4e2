#include "analysis/Footprint.h"

#include <algorithm>

#include "ir/Functor.h"
#include "support/Json.h"

namespace tessera::analysis {

namespace {

// Lines of a row-major box: runs of contiguous elements (the innermost partial
// dimension and the full ones inside it), each costing the lines it spans from its
// first element; never more than the lines between the box's first and last element.
int64_t LineBytes(const std::vector<Interval>& box, const std::vector<int64_t>& shape,
                  int element_bytes, int64_t line) {
  size_t n = box.size();
  if (n == 0) return line;
  size_t d = n - 1;
  while (d > 0 && box[d].lo == 0 && box[d].size() == shape[d]) --d;
  std::vector<int64_t> stride(n, 1);
  for (size_t j = n - 1; j > 0; --j) stride[j - 1] = stride[j] * shape[j];
  int64_t run = box[d].size() * stride[d];
  int64_t runs = 1;
  for (size_t j = 0; j < d; ++j) runs *= box[j].size();
  int64_t first = 0, last = 0;
  for (size_t j = 0; j < n; ++j) {
    first += box[j].lo * stride[j];
    last += box[j].hi * stride[j];
  }
  auto lines_between = [&](int64_t a, int64_t b) {  // element offsets, inclusive
    return (b * element_bytes + element_bytes - 1) / line - (a * element_bytes) / line + 1;
  };
  int64_t per_run = lines_between(first, first + run - 1);
  return std::min(runs * per_run, lines_between(first, last)) * line;
}

// Collects the accesses of a statement into one box per buffer.
class AccessCollector {
 public:
  AccessCollector(const VarValues& fixed, const FootprintOptions& options)
      : env_(fixed), options_(options) {
    env_.shapes = &options.shape_values;
  }

  bool ok() const { return ok_; }

  void Walk(const ir::Stmt& s) {
    if (!ok_ || !s.defined()) return;
    switch (s.kind()) {
      case ir::StmtKind::For: {
        auto* f = s.as<ir::ForNode>();
        auto min = EvalInterval(f->min, env_);
        auto extent = EvalInterval(f->extent, env_);
        if (!min || !extent) {
          ok_ = false;
          return;
        }
        if (extent->hi <= 0) return;
        Bind(f->loop_var.get(), Interval{min->lo, min->hi + extent->hi - 1},
             [&] { Walk(f->body); });
        return;
      }
      case ir::StmtKind::LetStmt: {
        auto* l = s.as<ir::LetStmtNode>();
        Loads(l->value);
        if (auto v = EvalInterval(l->value, env_))
          Bind(l->var.get(), *v, [&] { Walk(l->body); });
        else
          Walk(l->body);
        return;
      }
      case ir::StmtKind::IfThenElse: {
        auto* i = s.as<ir::IfThenElseNode>();
        Loads(i->condition);
        Walk(i->then_case);
        Walk(i->else_case);
        return;
      }
      case ir::StmtKind::BufferStore: {
        auto* b = s.as<ir::BufferStoreNode>();
        Loads(b->value);
        for (const ir::Expr& i : b->indices) Loads(i);
        Access(b->buffer->name, b->buffer->shape, b->buffer->dtype, b->indices);
        return;
      }
      case ir::StmtKind::ProducerStore: {
        auto* p = s.as<ir::ProducerStoreNode>();
        Loads(p->value);
        for (const ir::Expr& i : p->indices) Loads(i);
        Access(p->producer->producer_name(), p->producer->producer_shape(),
               p->producer->producer_dtype(), p->indices);
        return;
      }
      case ir::StmtKind::Allocate:
        Walk(s.as<ir::AllocateNode>()->body);
        return;
      case ir::StmtKind::AttrStmt:
        Walk(s.as<ir::AttrStmtNode>()->body);
        return;
      case ir::StmtKind::AssertStmt:
        Walk(s.as<ir::AssertStmtNode>()->body);
        return;
      case ir::StmtKind::SeqStmt:
        for (const ir::Stmt& c : s.as<ir::SeqStmtNode>()->seq) Walk(c);
        return;
      case ir::StmtKind::Evaluate:
        Loads(s.as<ir::EvaluateNode>()->value);
        return;
      case ir::StmtKind::ProducerRealize:
        Walk(s.as<ir::ProducerRealizeNode>()->body);
        return;
    }
  }

  Footprint Result() const {
    Footprint out;
    for (const Box& b : boxes_) {
      BufferFootprint f;
      f.buffer = b.name;
      f.element_bytes = b.element_bytes;
      f.box = b.box;
      f.whole_dimension = b.whole;
      f.elements = 1;
      for (const Interval& i : b.box) f.elements *= i.size();
      f.bytes = f.elements * b.element_bytes;
      f.line_bytes = LineBytes(b.box, b.shape, b.element_bytes, options_.line_size);
      if (f.elements == 0) f.line_bytes = 0;
      out.buffers.push_back(std::move(f));
    }
    return out;
  }

 private:
  struct Box {
    std::string name;
    int element_bytes = 4;
    std::vector<int64_t> shape;
    std::vector<Interval> box;
    bool whole = false;
  };

  template <typename F>
  void Bind(const ir::ExprNode* var, Interval value, F&& body) {
    auto* key = static_cast<const ir::VarNode*>(var);
    auto old = env_.vars.find(key);
    std::optional<Interval> saved;
    if (old != env_.vars.end()) saved = old->second;
    env_.vars[key] = value;
    body();
    if (saved)
      env_.vars[key] = *saved;
    else
      env_.vars.erase(key);
  }

  void Loads(const ir::Expr& e) {
    if (!e.defined()) return;
    ir::PostOrderVisit(e, [&](const ir::Expr& x) {
      if (auto* p = x.as<ir::ProducerLoadNode>())
        Access(p->producer->producer_name(), p->producer->producer_shape(),
               p->producer->producer_dtype(), p->indices);
      else if (auto* b = x.as<ir::BufferLoadNode>())
        Access(b->buffer->name, b->buffer->shape, b->buffer->dtype, b->indices);
    });
  }

  void Access(const std::string& name, const std::vector<ir::Expr>& shape_exprs, ir::DataType dtype,
              const std::vector<ir::Expr>& indices) {
    if (!ok_) return;
    std::vector<int64_t> shape;
    for (const ir::Expr& s : shape_exprs) {
      auto v = EvalInterval(s, env_);
      if (!v) {
        ok_ = false;  // a shape variable without a value
        return;
      }
      shape.push_back(std::max<int64_t>(v->hi, 0));
    }
    if (indices.size() != shape.size()) {
      ok_ = false;
      return;
    }
    std::vector<Interval> box;
    bool whole = false;
    bool empty = false;
    for (size_t d = 0; d < shape.size(); ++d) {
      Interval full{0, shape[d] - 1};
      auto i = EvalInterval(indices[d], env_);
      if (!i) {
        whole = true;
        box.push_back(full);
        continue;
      }
      Interval clamped{std::max(i->lo, full.lo), std::min(i->hi, full.hi)};
      if (clamped.size() == 0) empty = true;
      box.push_back(clamped);
    }
    if (empty) return;  // entirely outside the buffer (a guarded tail)
    int element_bytes = dtype.bytes();
    for (Box& b : boxes_) {
      if (b.name != name) continue;
      for (size_t d = 0; d < box.size() && d < b.box.size(); ++d)
        b.box[d] = Interval{std::min(b.box[d].lo, box[d].lo), std::max(b.box[d].hi, box[d].hi)};
      b.whole |= whole;
      return;
    }
    boxes_.push_back(Box{name, element_bytes, shape, box, whole});
  }

  VarValues env_;
  const FootprintOptions& options_;
  std::vector<Box> boxes_;
  bool ok_ = true;
};

// Pre-order walk of the loops with the loops around each fixed at their first value.
class LoopLister {
 public:
  LoopLister(const CacheHierarchy& caches, const FootprintOptions& options)
      : caches_(caches), options_(options) {
    env_.shapes = &options_.shape_values;
  }

  void Walk(const ir::Stmt& s, double executions) {
    if (!s.defined()) return;
    switch (s.kind()) {
      case ir::StmtKind::For: {
        auto* f = s.as<ir::ForNode>();
        auto min = EvalInterval(f->min, env_);
        auto extent = EvalInterval(f->extent, env_);
        LoopFootprint l;
        l.loop = f;
        l.var = f->loop_var.name();
        l.stage = stage_;
        l.depth = depth_;
        l.extent = extent ? extent->hi : 0;
        l.executions = executions * static_cast<double>(std::max<int64_t>(l.extent, 0));
        if (min) {
          auto* key = static_cast<const ir::VarNode*>(f->loop_var.get());
          env_.vars[key] = Interval::Point(min->lo);
          l.per_iteration = FootprintOf(f->body, env_, options_);
          if (l.per_iteration) l.fits = caches_.FittingLevel(l.per_iteration->line_bytes());
          out.push_back(std::move(l));
          ++depth_;
          Walk(f->body, out.back().executions);
          --depth_;
          env_.vars.erase(key);
        } else {
          out.push_back(std::move(l));
          ++depth_;
          Walk(f->body, out.back().executions);
          --depth_;
        }
        return;
      }
      case ir::StmtKind::AttrStmt: {
        auto* a = s.as<ir::AttrStmtNode>();
        std::string saved = stage_;
        if (a->key == "produce")
          if (auto* p = std::get_if<ir::DataProducer>(&a->node); p && *p)
            stage_ = (*p)->producer_name();
        Walk(a->body, executions);
        stage_ = saved;
        return;
      }
      case ir::StmtKind::LetStmt: {
        auto* l = s.as<ir::LetStmtNode>();
        auto* key = static_cast<const ir::VarNode*>(l->var.get());
        if (auto v = EvalInterval(l->value, env_)) env_.vars[key] = Interval::Point(v->lo);
        Walk(l->body, executions);
        env_.vars.erase(key);
        return;
      }
      case ir::StmtKind::IfThenElse:
        Walk(s.as<ir::IfThenElseNode>()->then_case, executions);
        Walk(s.as<ir::IfThenElseNode>()->else_case, executions);
        return;
      case ir::StmtKind::Allocate:
        Walk(s.as<ir::AllocateNode>()->body, executions);
        return;
      case ir::StmtKind::AssertStmt:
        Walk(s.as<ir::AssertStmtNode>()->body, executions);
        return;
      case ir::StmtKind::SeqStmt:
        for (const ir::Stmt& c : s.as<ir::SeqStmtNode>()->seq) Walk(c, executions);
        return;
      case ir::StmtKind::ProducerRealize:
        Walk(s.as<ir::ProducerRealizeNode>()->body, executions);
        return;
      default:
        return;
    }
  }

  std::vector<LoopFootprint> out;

 private:
  const CacheHierarchy& caches_;
  const FootprintOptions& options_;
  VarValues env_;
  std::string stage_;
  int depth_ = 0;
};

}  // namespace

int64_t Footprint::bytes() const {
  int64_t n = 0;
  for (const BufferFootprint& b : buffers) n += b.bytes;
  return n;
}

int64_t Footprint::line_bytes() const {
  int64_t n = 0;
  for (const BufferFootprint& b : buffers) n += b.line_bytes;
  return n;
}

const BufferFootprint* Footprint::find(const std::string& buffer) const {
  for (const BufferFootprint& b : buffers)
    if (b.buffer == buffer) return &b;
  return nullptr;
}

std::optional<Footprint> FootprintOf(const ir::Stmt& stmt, const VarValues& fixed,
                                     const FootprintOptions& options) {
  AccessCollector c(fixed, options);
  c.Walk(stmt);
  if (!c.ok()) return std::nullopt;
  return c.Result();
}

std::vector<LoopFootprint> LoopFootprints(const ir::Stmt& program, const CacheHierarchy& caches,
                                          const FootprintOptions& options) {
  LoopLister lister(caches, options);
  lister.Walk(program, 1.0);
  return std::move(lister.out);
}

std::string LoopFootprintsJson(const std::vector<LoopFootprint>& loops,
                               const CacheHierarchy& caches, int indent) {
  JsonWriter w(indent);
  w.begin_object().key("caches").begin_object();
  for (const CacheLevel& l : caches.levels) w.key(l.name).value(l.size_bytes);
  w.key("line").value(caches.line_bytes).end_object();
  w.key("loops").begin_array();
  for (const LoopFootprint& l : loops) {
    w.begin_object()
        .key("stage")
        .value(l.stage)
        .key("loop")
        .value(l.var)
        .key("depth")
        .value(l.depth)
        .key("extent")
        .value(l.extent);
    if (!l.per_iteration) {
      w.key("bytes").null().key("line_bytes").null().key("fits").null().end_object();
      continue;
    }
    w.key("bytes")
        .value(l.per_iteration->bytes())
        .key("line_bytes")
        .value(l.per_iteration->line_bytes())
        .key("fits")
        .value(l.fits)
        .key("buffers")
        .begin_array();
    for (const BufferFootprint& b : l.per_iteration->buffers) {
      w.begin_object()
          .key("name")
          .value(b.buffer)
          .key("bytes")
          .value(b.bytes)
          .key("line_bytes")
          .value(b.line_bytes)
          .key("box")
          .begin_array();
      for (const Interval& i : b.box) w.begin_array().value(i.lo).value(i.hi).end_array();
      w.end_array().end_object();
    }
    w.end_array().end_object();
  }
  w.end_array().end_object();
  return w.str();
}

}  // namespace tessera::analysis
