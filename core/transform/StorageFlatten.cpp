#include "transform/StorageFlatten.h"

#include <unordered_map>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "layout/StorageAlign.h"
#include "schedule/BoundExtent.h"

namespace tessera::transform {

using namespace ir;

namespace {

// Index arithmetic in the wider of the two integer types (a shape may be int64 while
// loop variables are int32); constants fold.
DataType wider(const Expr& a, const Expr& b) {
  DataType ta = a.dtype(), tb = b.dtype();
  return ta.bits() >= tb.bits() ? ta.element_of() : tb.element_of();
}
Expr promote(const Expr& e, DataType t) {
  return e.dtype().element_of() == t ? e : cast(t.with_lanes(e.dtype().lanes()), e);
}
Expr index_add(const Expr& a, const Expr& b) {
  DataType t = wider(a, b);
  return add(promote(a, t), promote(b, t));
}
Expr index_sub(const Expr& a, const Expr& b) {
  DataType t = wider(a, b);
  return sub(promote(a, t), promote(b, t));
}
Expr index_mul(const Expr& a, const Expr& b) {
  DataType t = wider(a, b);
  return mul(promote(a, t), promote(b, t));
}

// Groups of axes [begin, end) that flatten together (all axes when no separators).
std::vector<std::pair<size_t, size_t>> axis_groups(const Buffer& b) {
  std::vector<std::pair<size_t, size_t>> groups;
  size_t begin = 0;
  for (int sep : b->axis_separators) {
    size_t s = static_cast<size_t>(std::max(sep, 0));
    if (s <= begin || s >= b->shape.size()) continue;
    groups.emplace_back(begin, s);
    begin = s;
  }
  groups.emplace_back(begin, b->shape.size());
  return groups;
}

// sum(index_d * stride_d) over [begin, end) with row-major strides from `extents`.
Expr row_major(const std::vector<Expr>& indices, const std::vector<Expr>& extents, size_t begin,
               size_t end) {
  Expr flat;
  for (size_t d = begin; d < end; ++d)
    flat = flat.defined() ? index_add(index_mul(flat, extents[d]), indices[d]) : indices[d];
  return flat.defined() ? flat : Expr(0);
}

Expr product(const std::vector<Expr>& extents, size_t begin, size_t end) {
  Expr p = 1;
  for (size_t d = begin; d < end; ++d) p = index_mul(p, extents[d]);
  return p;
}

Buffer flat_buffer(const std::string& name, const Var& data, DataType dtype,
                   std::vector<Expr> shape, const std::string& scope) {
  auto b = std::make_shared<BufferNode>();
  b->name = name;
  b->data = data;
  b->dtype = dtype;
  b->shape = std::move(shape);
  b->scope = scope.empty() ? "global" : scope;
  return b;
}

// A realized tensor: its flat buffer and the region it covers; `strides` per dimension
// when storage_align padded one (empty: row-major over `extents`).
struct Realized {
  Buffer flat;
  std::vector<Expr> mins, extents, strides;
};

class StorageFlattener : public IRMutator {
 public:
  explicit StorageFlattener(const PassContext& ctx) : ctx_(ctx) {}

 protected:
  Stmt VisitProducerRealize(const ProducerRealizeNode* n, const Stmt& s) override {
    if (ctx_.FindArgBuffer(n->producer)) return VisitStmt(n->body);  // an argument: no allocation
    std::string name = n->producer->producer_name();
    Realized r;
    for (auto& range : n->bounds) {
      r.mins.push_back(range.min);
      r.extents.push_back(schedule::AllocationExtent(range.extent, n->storage_scope, &ranges_));
    }
    Expr size = product(r.extents, 0, r.extents.size());
    if (auto align = dim_align_.find(n->producer.get());
        align != dim_align_.end() && !r.extents.empty()) {
      // The allocation spans the first dimension at its (padded) stride, as TVM's
      // flattened buffer: strides[0] * extents[0].
      r.strides = layout::AlignedStrides(r.extents, align->second);
      size = arith::Analyzer().Simplify(index_mul(r.strides[0], r.extents[0]));
    }
    Var data(name, DataType::Handle());
    r.flat = flat_buffer(name, data, n->producer->producer_dtype(), {size}, n->storage_scope);
    const DataProducerNode* key = n->producer.get();
    auto saved =
        realized_.find(key) != realized_.end() ? std::optional(realized_[key]) : std::nullopt;
    realized_[key] = r;
    Stmt body = VisitStmt(n->body);
    if (saved)
      realized_[key] = *saved;
    else
      realized_.erase(key);
    return MakeAllocate(data, r.flat->dtype, {size}, VisitExpr(n->condition), body, r.flat->scope);
  }

  Expr VisitProducerLoad(const ProducerLoadNode* n, const Expr& e) override {
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    Buffer buffer;
    std::vector<Expr> physical;
    if (!Resolve(n->producer, indices, &buffer, &physical)) return e;
    return MakeBufferLoad(buffer, physical);
  }

  Stmt VisitProducerStore(const ProducerStoreNode* n, const Stmt& s) override {
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    Buffer buffer;
    std::vector<Expr> physical;
    if (!Resolve(n->producer, indices, &buffer, &physical)) return s;
    return MakeBufferStore(buffer, VisitExpr(n->value), physical);
  }

  // tensorize (schedule/Tensorize.h): an intrinsic's buffer bound to a tensor's region.
  Stmt VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) override {
    if (n->key == "buffer_bind_scope") return BindBufferScope(n);
    if (n->key == "buffer_dim_align") return AlignDimension(n);
    if (n->key == "thread_extent")
      if (auto* iv = std::get_if<IterVar>(&n->node); iv && *iv && n->value.defined())
        ranges_.Bind((*iv)->var, Range(make_zero(n->value.dtype()), n->value), true);
    return IRMutator::VisitAttrStmt(n, s);
  }

  // The ranges of the loops around a realize bound its clipped extents (a wmma fragment
  // realized per warp at extent max(2 - threadIdx.y*2, 0) is allocated 2, a constant).
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (n->min.dtype().is_scalar() && n->extent.dtype().is_scalar())
      ranges_.Bind(n->loop_var, Range(n->min, n->extent), true);
    return IRMutator::VisitFor(n, s);
  }

  Expr VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    auto it = bound_.find(n->buffer.get());
    if (it == bound_.end()) return IRMutator::VisitBufferLoad(n, e);
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    return MakeBufferLoad(it->second.target, {it->second.Index(indices)});
  }

  Stmt VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    auto it = bound_.find(n->buffer.get());
    if (it == bound_.end()) return IRMutator::VisitBufferStore(n, s);
    std::vector<Expr> indices;
    MutateArray(n->indices, &indices);
    return MakeBufferStore(it->second.target, VisitExpr(n->value), {it->second.Index(indices)});
  }

 private:
  const Realized* FindRealized(const DataProducer& p) const {
    if (auto it = realized_.find(p.get()); it != realized_.end()) return &it->second;
    const Realized* by_name = nullptr;
    for (auto& [key, r] : realized_) {
      if (r.flat->name != p->producer_name()) continue;
      if (by_name) return nullptr;  // ambiguous
      by_name = &r;
    }
    return by_name;
  }

  // The buffer and physical indices of an access to `p`; false (error reported) when the
  // tensor is unknown or the access has the wrong number of indices.
  bool Resolve(const DataProducer& p, const std::vector<Expr>& indices, Buffer* buffer,
               std::vector<Expr>* physical) {
    std::string name = p->producer_name();
    if (const Realized* r = FindRealized(p)) {
      if (!CheckRank(name, r->extents.size(), indices.size())) return false;
      std::vector<Expr> rel;
      for (size_t d = 0; d < indices.size(); ++d) rel.push_back(index_sub(indices[d], r->mins[d]));
      *buffer = r->flat;
      if (r->strides.empty()) {
        *physical = {row_major(rel, r->extents, 0, rel.size())};
      } else {
        Expr flat = 0;
        for (size_t d = 0; d < rel.size(); ++d)
          flat = index_add(flat, index_mul(rel[d], r->strides[d]));
        *physical = {flat};
      }
      return true;
    }
    Buffer arg = ctx_.FindArgBuffer(p);
    if (!arg) {
      ctx_.ReportError("tensor " + name +
                       " is accessed but neither realized nor a function argument");
      return false;
    }
    if (!CheckRank(name, arg->shape.size(), indices.size())) return false;
    if (arg->layout) {
      // TODO(RFC 0077): apply the buffer's index map here (physical indices from
      // layout->final_indices, physical shape from layout::AnalyzePaddedLayout) once the
      // schedule records transform_layout on argument buffers.
      ctx_.ReportError("buffer " + arg->name +
                       " has a layout transform, which is not flattened yet");
      return false;
    }
    *buffer = Flattened(arg);
    *physical = FlattenIndices(arg, indices);
    return true;
  }

  bool CheckRank(const std::string& name, size_t rank, size_t given) {
    if (rank == given) return true;
    ctx_.ReportError("tensor " + name + " has " + std::to_string(rank) +
                     " dimensions but is accessed with " + std::to_string(given) + " indices");
    return false;
  }

  // One flattened buffer per argument buffer, so that all accesses share it.
  Buffer Flattened(const Buffer& arg) {
    auto it = flattened_.find(arg.get());
    if (it != flattened_.end()) return it->second;
    return flattened_[arg.get()] = FlattenedBuffer(arg);
  }

  // An intrinsic buffer bound to a region: accesses go to `target` at offset + index .
  // strides (the strides of the region's tensor in the dimensions the buffer covers).
  struct Bound {
    Buffer target;
    Expr offset;
    std::vector<Expr> strides;
    Expr Index(const std::vector<Expr>& indices) const {
      Expr flat = offset;
      for (size_t d = 0; d < indices.size() && d < strides.size(); ++d)
        flat = index_add(flat, index_mul(indices[d], strides[d]));
      return flat;
    }
  };

  // Row-major strides of a realized tensor / an argument buffer, per dimension.
  std::vector<Expr> TensorStrides(const DataProducer& p) const {
    std::vector<Expr> extents;
    if (const Realized* r = FindRealized(p)) {
      if (!r->strides.empty()) return r->strides;
      extents = r->extents;
    } else if (Buffer arg = ctx_.FindArgBuffer(p)) {
      if (arg->strides.size() == arg->shape.size()) return arg->strides;
      extents = arg->shape;
    }
    std::vector<Expr> strides(extents.size());
    Expr stride = 1;
    for (size_t d = extents.size(); d-- > 0;) {
      strides[d] = stride;
      stride = index_mul(stride, extents[d]);
    }
    return strides;
  }

  // Whether `given` (a buffer's declared offset or stride) is a free variable to bind
  // to `actual`, or else provably equal to it; `what` names it for the error.
  bool BindField(const Expr& given, const Expr& actual, VarMap* vars, const std::string& what,
                 const std::string& hint) {
    if (given.as<VarNode>()) {
      (*vars)[Var::from(given)] = actual;
      return true;
    }
    Expr declared = given.defined() ? given : Expr(0);
    arith::Analyzer a;
    DataType t = DataType::Int(64);
    if (a.CanProve(eq(cast(t, declared), cast(t, actual)))) return true;
    ctx_.ReportError(what + " is " + to_string(declared) + " in the intrinsic's declaration but " +
                     to_string(a.Simplify(actual)) + " where it is bound (" + hint + ")");
    return false;
  }

  Stmt BindBufferScope(const AttrStmtNode* n) {
    const Buffer* b = std::get_if<Buffer>(&n->node);
    auto* load = n->value.as<ProducerLoadNode>();
    if (!b || !*b || !load) {
      ctx_.ReportError("buffer_bind_scope needs an intrinsic buffer and a tensor region");
      return VisitStmt(n->body);
    }
    const BufferNode& buf = **b;
    std::string name = load->producer->producer_name();
    std::vector<Expr> mins;
    MutateArray(load->indices, &mins);
    Bound bound;
    std::vector<Expr> physical;
    if (!Resolve(load->producer, mins, &bound.target, &physical)) return VisitStmt(n->body);
    std::vector<Expr> strides = TensorStrides(load->producer);
    if (physical.size() != 1 || strides.size() < buf.shape.size()) {
      ctx_.ReportError("intrinsic buffer " + buf.name + " cannot be bound to tensor " + name +
                       " (it has axis separators or fewer dimensions)");
      return VisitStmt(n->body);
    }
    bound.offset = physical[0];
    size_t start = strides.size() - buf.shape.size();
    bound.strides.assign(strides.begin() + static_cast<long>(start), strides.end());
    VarMap vars;
    vars[buf.data] = bound.target->data;
    std::string at = "buffer " + buf.name + " bound to " + name;
    bool ok = BindField(buf.elem_offset, bound.offset, &vars, "the element offset of " + at,
                        "declare the buffer with offset_factor=1 to let it move");
    for (size_t d = 0; ok && d < buf.shape.size(); ++d) {
      Expr compact = 1;
      for (size_t k = d + 1; k < buf.shape.size(); ++k) compact = index_mul(compact, buf.shape[k]);
      Expr declared = buf.strides.size() == buf.shape.size() ? buf.strides[d] : compact;
      ok = BindField(declared, bound.strides[d], &vars,
                     "the stride of dimension " + std::to_string(d) + " of " + at,
                     buf.strides.empty()
                         ? "a compact buffer; declare strides=[te.var(...), 1] to bind a "
                           "strided region"
                         : "declare a te.var stride to bind any stride");
    }
    if (!ok) return VisitStmt(n->body);
    bound_[&buf] = bound;
    Stmt body = VisitStmt(n->body);
    bound_.erase(&buf);
    return Substitute(body, vars);
  }

  // attr [tensor] buffer_dim_align = tvm_tuple(dim, factor, offset) around a realize
  // (ScheduleOps, from storage_align): remembered for that realize, then dropped.
  Stmt AlignDimension(const AttrStmtNode* n) {
    const DataProducer* p = std::get_if<DataProducer>(&n->node);
    auto* tuple = n->value.as<CallNode>();
    const int64_t* dim = tuple && tuple->args.size() == 3 ? as_const_int(tuple->args[0]) : nullptr;
    const int64_t* factor = dim ? as_const_int(tuple->args[1]) : nullptr;
    const int64_t* offset = dim ? as_const_int(tuple->args[2]) : nullptr;
    if (!p || !*p || !dim || !factor || !offset || *dim < 0 || *factor <= 0) {
      ctx_.ReportError(
          "buffer_dim_align needs a tensor and tvm_tuple(dim, factor, offset) with constants");
      return VisitStmt(n->body);
    }
    const DataProducerNode* key = p->get();
    std::vector<layout::DimAlign> saved = dim_align_[key];
    std::vector<layout::DimAlign>& aligns = dim_align_[key];
    if (aligns.size() <= static_cast<size_t>(*dim)) aligns.resize(static_cast<size_t>(*dim) + 1);
    aligns[static_cast<size_t>(*dim)] = layout::DimAlign{*factor, *offset};
    Stmt body = VisitStmt(n->body);
    if (saved.empty())
      dim_align_.erase(key);
    else
      dim_align_[key] = saved;
    return body;
  }

  const PassContext& ctx_;
  arith::Analyzer ranges_;  // loop and thread ranges seen on the way down
  std::unordered_map<const DataProducerNode*, std::vector<layout::DimAlign>> dim_align_;
  std::unordered_map<const BufferNode*, Bound> bound_;
  std::unordered_map<const DataProducerNode*, Realized> realized_;
  std::unordered_map<const BufferNode*, Buffer> flattened_;
};

}  // namespace

Buffer FlattenedBuffer(const Buffer& b) {
  std::vector<Expr> shape;
  for (auto [begin, end] : axis_groups(b)) shape.push_back(product(b->shape, begin, end));
  return flat_buffer(b->name, b->data, b->dtype, std::move(shape), b->scope);
}

std::vector<Expr> FlattenIndices(const Buffer& b, const std::vector<Expr>& indices) {
  std::vector<Expr> physical;
  for (auto [begin, end] : axis_groups(b)) {
    if (b->strides.size() == b->shape.size()) {
      Expr flat = 0;
      for (size_t d = begin; d < end; ++d)
        flat = index_add(flat, index_mul(indices[d], b->strides[d]));
      physical.push_back(flat);
    } else {
      physical.push_back(row_major(indices, b->shape, begin, end));
    }
  }
  if (b->elem_offset.defined() && !is_zero(b->elem_offset))
    physical.back() = index_add(physical.back(), b->elem_offset);
  return physical;
}

Stmt StorageFlatten(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  return StorageFlattener(ctx).VisitStmt(s);
}

}  // namespace tessera::transform
