#include "tir/StructuralEqual.h"

#include <algorithm>
#include <map>
#include <vector>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"

namespace tessera::tir {

namespace {

std::string Shown(const Expr& e) { return e.defined() ? ir::to_string(e) : "(none)"; }

// Walks two functions side by side, pairing their definitions as it meets them; the
// first mismatch is kept with the path that leads to it.
class FunctionMatcher {
 public:
  explicit FunctionMatcher(FunctionComparison how) : how_(how) {}

  std::optional<std::string> Compare(const PrimFunc& a, const PrimFunc& b) {
    if (how_.compare_names && a.name != b.name)
      Fail("the names differ: " + a.name + " vs " + b.name);
    else if (a.params.size() != b.params.size())
      Fail(std::to_string(a.params.size()) + " vs " + std::to_string(b.params.size()) +
           " parameters");
    else if (a.scalar_params.size() != b.scalar_params.size())
      Fail(std::to_string(a.scalar_params.size()) + " vs " +
           std::to_string(b.scalar_params.size()) + " scalar parameters");
    else if (a.noalias != b.noalias)
      Fail("tir.noalias differs");
    else if (!Annotations(a.attrs, b.attrs, "function attribute"))
      return difference_;
    else if (!SameAttrs(ParamAttrs(a), ParamAttrs(b)))
      Fail("the parameters' offset_factor / align differ");
    else if (Params(a, b))
      Node(a.body, b.body);
    return difference_;
  }

 private:
  // ------------------------------------------------------------ the path
  class Step {
   public:
    Step(FunctionMatcher* m, std::string step) : m_(m) { m_->path_.push_back(std::move(step)); }
    ~Step() { m_->path_.pop_back(); }
    Step(const Step&) = delete;
    Step& operator=(const Step&) = delete;

   private:
    FunctionMatcher* m_;
  };

  bool Fail(const std::string& what) {
    if (!difference_) {
      std::string where;
      for (const std::string& step : path_) where += step + " > ";
      difference_ = where + what;
    }
    return false;
  }

  bool Same(const Expr& a, const Expr& b, const std::string& what) {
    return m_.Equal(a, b) || Fail(what + " differs: " + Shown(a) + " vs " + Shown(b));
  }

  bool SameList(const std::vector<Expr>& a, const std::vector<Expr>& b, const std::string& what) {
    if (a.size() != b.size())
      return Fail(what + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()));
    for (size_t i = 0; i < a.size(); ++i)
      if (!Same(a[i], b[i], what + "[" + std::to_string(i) + "]")) return false;
    return true;
  }

  // ------------------------------------------------------------ definitions
  // A field that defines a variable where it is a plain variable on both sides (a shape
  // `n`, an elem_offset), and is compared as an expression otherwise.
  bool DefineOrSame(const Expr& a, const Expr& b, const std::string& what) {
    const auto* va = a.defined() ? a.as<ir::VarNode>() : nullptr;
    const auto* vb = b.defined() ? b.as<ir::VarNode>() : nullptr;
    if (va && vb) return m_.Bind(Var::from(a), Var::from(b)) || Fail(what + " differs");
    return Same(a, b, what);
  }

  bool DefineBuffer(const Buffer& a, const Buffer& b, const std::string& what) {
    Step step(this, what);
    if (a->dtype != b->dtype)
      return Fail("the dtype differs: " + a->dtype.str() + " vs " + b->dtype.str());
    if (a->shape.size() != b->shape.size())
      return Fail("the shape's rank differs: " + std::to_string(a->shape.size()) + " vs " +
                  std::to_string(b->shape.size()));
    for (size_t i = 0; i < a->shape.size(); ++i)
      if (!DefineOrSame(a->shape[i], b->shape[i], "shape[" + std::to_string(i) + "]")) return false;
    if (a->strides.size() != b->strides.size()) return Fail("the strides differ");
    for (size_t i = 0; i < a->strides.size(); ++i)
      if (!DefineOrSame(a->strides[i], b->strides[i], "strides[" + std::to_string(i) + "]"))
        return false;
    // No offset is offset 0, as TVM's buffers hold it.
    auto at_zero = [](const Buffer& x) {
      return !x->elem_offset.defined() || ir::is_zero(x->elem_offset);
    };
    if (!(at_zero(a) && at_zero(b)) && !DefineOrSame(a->elem_offset, b->elem_offset, "elem_offset"))
      return false;
    if (a->scope != b->scope) return Fail("the scope differs: " + a->scope + " vs " + b->scope);
    if (a->axis_separators != b->axis_separators) return Fail("the axis_separators differ");
    if (!Layout(a->layout, b->layout)) return false;
    if (!m_.Bind(a->data, b->data) || !m_.Bind(a, b))
      return Fail("the buffer is matched with another one already");
    return true;
  }

  bool Layout(const ir::IndexMap& a, const ir::IndexMap& b) {
    if (!a || !b) return (!a && !b) || Fail("one buffer has a layout, the other none");
    if (a->initial_indices.size() != b->initial_indices.size())
      return Fail("the layouts take different numbers of indices");
    for (size_t i = 0; i < a->initial_indices.size(); ++i)
      if (!m_.Bind(a->initial_indices[i], b->initial_indices[i]))
        return Fail("the layout's indices differ");
    return SameList(a->final_indices, b->final_indices, "the layout's index");
  }

  // Equal as TVM compares them: an offset_factor of 0 is TVM's 1.
  static bool SameAttrs(const std::vector<BufferDeclAttrs>& a,
                        const std::vector<BufferDeclAttrs>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i].align != b[i].align ||
          std::max<int64_t>(a[i].offset_factor, 1) != std::max<int64_t>(b[i].offset_factor, 1))
        return false;
    }
    return true;
  }

  static std::vector<BufferDeclAttrs> ParamAttrs(const PrimFunc& f) {
    return f.param_attrs.empty() ? std::vector<BufferDeclAttrs>(f.params.size()) : f.param_attrs;
  }

  bool Params(const PrimFunc& a, const PrimFunc& b) {
    // Scalars first, as TVM binds a function's params before its buffer_map: a shape
    // that uses one is then compared, not defined.
    for (size_t i = 0; i < a.scalar_params.size(); ++i) {
      const ScalarParam& pa = a.scalar_params[i];
      const ScalarParam& pb = b.scalar_params[i];
      Step step(this, "parameter " + pa.var.name());
      if (pa.position != pb.position) return Fail("the parameters' order differs");
      if (pa.var.dtype() != pb.var.dtype())
        return Fail("the dtype differs: " + pa.var.dtype().str() + " vs " + pb.var.dtype().str());
      if (!m_.Bind(pa.var, pb.var)) return Fail("the variable is matched with another one already");
    }
    for (size_t i = 0; i < a.params.size(); ++i)
      if (!DefineBuffer(a.params[i], b.params[i], "parameter " + a.params[i]->name)) return false;
    return true;
  }

  bool Region(const BufferRegion& a, const BufferRegion& b, const std::string& what) {
    Step step(this, what);
    if (!m_.Equal(a.buffer, b.buffer))
      return Fail("the buffers differ: " + a.buffer->name + " vs " + b.buffer->name);
    if (a.region.size() != b.region.size()) return Fail("the region's rank differs");
    for (size_t i = 0; i < a.region.size(); ++i) {
      const std::string axis = "[" + std::to_string(i) + "]";
      if (!Same(a.region[i].min, b.region[i].min, "the minimum" + axis) ||
          !Same(a.region[i].extent, b.region[i].extent, "the extent" + axis))
        return false;
    }
    return true;
  }

  bool Regions(const std::vector<BufferRegion>& a, const std::vector<BufferRegion>& b,
               const std::string& what) {
    if (a.size() != b.size())
      return Fail(what + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) +
                  " regions");
    for (size_t i = 0; i < a.size(); ++i)
      if (!Region(a[i], b[i], what + "[" + std::to_string(i) + "]")) return false;
    return true;
  }

  // Two maps of annotations (or, `what`, of function attributes), key by key.
  bool Annotations(const std::map<std::string, Expr>& a, const std::map<std::string, Expr>& b,
                   const std::string& what = "annotation") {
    for (const auto& [key, value] : a) {
      auto it = b.find(key);
      if (it == b.end()) return Fail("the " + what + " \"" + key + "\" is only on the left");
      if (!Same(value, it->second, "the " + what + " \"" + key + "\"")) return false;
    }
    for (const auto& [key, value] : b)
      if (!a.count(key)) return Fail("the " + what + " \"" + key + "\" is only on the right");
    return true;
  }

  // ------------------------------------------------------------ the tree
  bool Node(const Stmt& a, const Stmt& b) {
    if (!a || !b) return (!a && !b) || Fail("one side has no statement");
    if (a->kind != b->kind) return Fail("a " + KindName(*a) + " vs a " + KindName(*b));
    if (const auto* x = As<ComputeNode>(a))
      return m_.Equal(x->stmt, As<ComputeNode>(b)->stmt) ||
             Fail("the statements differ:\n" + ir::to_string(x->stmt) + "vs\n" +
                  ir::to_string(As<ComputeNode>(b)->stmt));
    if (const auto* x = As<SeqNode>(a)) {
      const auto* y = As<SeqNode>(b);
      if (x->seq.size() != y->seq.size())
        return Fail("sequences of " + std::to_string(x->seq.size()) + " vs " +
                    std::to_string(y->seq.size()) + " statements");
      for (size_t i = 0; i < x->seq.size(); ++i) {
        Step step(this, "statement " + std::to_string(i));
        if (!Node(x->seq[i], y->seq[i])) return false;
      }
      return true;
    }
    if (const auto* x = As<ForNode>(a)) return Loop(*x, *As<ForNode>(b));
    return Realize(*As<BlockRealizeNode>(a), *As<BlockRealizeNode>(b));
  }

  static std::string KindName(const StmtNode& s) {
    switch (s.kind) {
      case StmtKind::Compute:
        return "statement";
      case StmtKind::Seq:
        return "sequence";
      case StmtKind::For:
        return "loop";
      case StmtKind::BlockRealize:
        return "block";
    }
    return "node";
  }

  bool Loop(const ForNode& a, const ForNode& b) {
    Step step(this, "loop " + a.loop_var->name);
    if (!Same(a.min, b.min, "the minimum") || !Same(a.extent, b.extent, "the extent")) return false;
    if (a.for_kind != b.for_kind || a.thread_tag != b.thread_tag) {
      auto kind = [](const ForNode& l) {
        return std::string(ir::for_kind_name(l.for_kind)) +
               (l.thread_tag.empty() ? "" : " " + l.thread_tag);
      };
      return Fail("the loop kinds differ: " + kind(a) + " vs " + kind(b));
    }
    if (!Annotations(a.annotations, b.annotations)) return false;
    if (!m_.Bind(a.loop_var, b.loop_var)) return Fail("the loop variable is defined twice");
    return Node(a.body, b.body);
  }

  bool Realize(const BlockRealizeNode& a, const BlockRealizeNode& b) {
    Step step(this, "block \"" + a.block->name + "\"");
    const BlockNode& x = *a.block;
    const BlockNode& y = *b.block;
    if (!SameList(a.iter_values, b.iter_values, "the binding")) return false;
    if (!Same(a.predicate, b.predicate, "the predicate (T.where)")) return false;
    if (x.iter_vars.size() != y.iter_vars.size())
      return Fail(std::to_string(x.iter_vars.size()) + " vs " + std::to_string(y.iter_vars.size()) +
                  " block iterators");
    for (size_t i = 0; i < x.iter_vars.size(); ++i) {
      const IterVar &u = x.iter_vars[i], &v = y.iter_vars[i];
      Step iter(this, "iterator " + u->var->name);
      if (u->iter_type != v->iter_type)
        return Fail(std::string("the kinds differ: ") + IterKindChar(u->iter_type) + " vs " +
                    IterKindChar(v->iter_type));
      if (!Same(u->dom.min, v->dom.min, "the domain's minimum") ||
          !Same(u->dom.extent, v->dom.extent, "the domain's extent"))
        return false;
      if (!m_.Bind(u->var, v->var)) return Fail("the iterator is defined twice");
    }
    if (x.alloc_buffers.size() != y.alloc_buffers.size())
      return Fail(std::to_string(x.alloc_buffers.size()) + " vs " +
                  std::to_string(y.alloc_buffers.size()) + " allocated buffers");
    for (size_t i = 0; i < x.alloc_buffers.size(); ++i)
      if (!DefineBuffer(x.alloc_buffers[i], y.alloc_buffers[i],
                        "T.alloc_buffer " + x.alloc_buffers[i]->name))
        return false;
    if (x.match_buffers.size() != y.match_buffers.size())
      return Fail(std::to_string(x.match_buffers.size()) + " vs " +
                  std::to_string(y.match_buffers.size()) + " matched buffers");
    for (size_t i = 0; i < x.match_buffers.size(); ++i) {
      const MatchBufferRegion &u = x.match_buffers[i], &v = y.match_buffers[i];
      const std::string what = "T.match_buffer " + u.buffer->name;
      if (!SameAttrs({u.attrs}, {v.attrs})) return Fail(what + ": offset_factor / align differ");
      if (!Region(u.source, v.source, what + " source")) return false;
      if (!DefineBuffer(u.buffer, v.buffer, what)) return false;
    }
    if (!Regions(x.reads, y.reads, "T.reads") || !Regions(x.writes, y.writes, "T.writes"))
      return false;
    if (!Annotations(x.annotations, y.annotations)) return false;
    {
      Step init(this, "T.init()");
      if (x.init.defined() != y.init.defined() ||
          (x.init_nest == nullptr) != (y.init_nest == nullptr))
        return Fail("one block has an init, the other none");
      if (x.init.defined() && !m_.Equal(x.init, y.init))
        return Fail("the statements differ:\n" + ir::to_string(x.init) + "vs\n" +
                    ir::to_string(y.init));
      if (x.init_nest && !Node(x.init_nest, y.init_nest)) return false;
    }
    return Node(x.body, y.body);
  }

  FunctionComparison how_;
  ir::StructuralMatcher m_;
  std::vector<std::string> path_;
  std::optional<std::string> difference_;
};

}  // namespace

std::optional<std::string> FirstDifference(const PrimFunc& a, const PrimFunc& b,
                                           FunctionComparison how) {
  return FunctionMatcher(how).Compare(a, b);
}

}  // namespace tessera::tir
