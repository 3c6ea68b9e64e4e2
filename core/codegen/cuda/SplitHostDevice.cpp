#include "codegen/cuda/SplitHostDevice.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "transform/ThreadAxes.h"

namespace tessera::codegen {

using namespace ir;

namespace {

// The buffers a kernel accesses (by data handle, first access wins) and those it writes.
struct BufferUse {
  std::unordered_map<const ExprNode*, Buffer> by_handle;
  std::unordered_set<const ExprNode*> written;
  std::unordered_set<const ExprNode*> pointers;  // reached through tvm_access_ptr only
};

BufferUse CollectBuffers(const Stmt& s) {
  struct Collector : IRVisitor {
    BufferUse use;
    void VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
      use.by_handle.emplace(n->buffer->data.get(), n->buffer);
      IRVisitor::VisitBufferLoad(n, e);
    }
    void VisitBufferStore(const BufferStoreNode* n, const Stmt& st) override {
      use.by_handle.emplace(n->buffer->data.get(), n->buffer);
      use.written.insert(n->buffer->data.get());
      IRVisitor::VisitBufferStore(n, st);
    }
    // A tensorize intrinsic's buffer.access_ptr (wmma load/store): an access through a
    // pointer; access mask bit 2 writes.
    void VisitCall(const CallNode* n, const Expr& e) override {
      Var data = n->op == "tvm_access_ptr" && n->args.size() == 5 ? Var::from(n->args[1]) : Var();
      if (data.defined()) {
        use.pointers.insert(data.get());
        const int64_t* mask = as_const_int(n->args[4]);
        if (!mask || (*mask & 2)) use.written.insert(data.get());
      }
      IRVisitor::VisitCall(n, e);
    }
  } c;
  c.VisitStmt(s);
  return c.use;
}

// Shared allocations (constant size) and the sizes of local ones.
Status CollectAllocations(const Stmt& body, CudaKernel* k) {
  std::optional<Error> error;
  struct Collector : IRVisitor {
    CudaKernel* k;
    std::optional<Error>* error;
    void VisitAllocate(const AllocateNode* n, const Stmt& s) override {
      int64_t elements = 1;
      bool constant = true;
      for (const Expr& e : n->extents) {
        const int64_t* c = as_const_int(e);
        constant = constant && c;
        if (c) elements *= *c;
      }
      std::string size;
      for (const Expr& e : n->extents) size += (size.empty() ? "" : " * ") + to_string(e);
      if (n->scope == "global" || n->scope.empty()) {
        if (!*error)
          *error = Error("the global allocation " + n->buffer_var.name() + " is inside kernel " +
                         k->name + "; device code cannot allocate global memory");
      } else if (!constant) {
        if (!*error)
          *error =
              Error("the " + n->scope + " allocation " + n->buffer_var.name() + " in kernel " +
                    k->name + " has the symbolic size " + size +
                    "; shared and local arrays need constant sizes (split by constant factors)");
      } else if (n->scope.rfind("shared", 0) == 0) {
        k->shared.push_back(SharedAllocation{n->buffer_var.name(), n->dtype, elements});
      }
      IRVisitor::VisitAllocate(n, s);
    }
  } c;
  c.k = k;
  c.error = &error;
  c.VisitStmt(body);
  if (error) return *error;
  return Status::Ok();
}

// Shared and local arrays whose size depends on the block or thread (a tile clipped at
// the edge of its tensor: min(...) in the realized region) get their largest size over
// every block, thread and loop iteration, as a constant: each block then uses a prefix.
class BoundAllocationSizes : public IRMutator {
 public:
  explicit BoundAllocationSizes(const CudaKernel& k) {
    for (const auto& [tag, var] : k.index_vars) {
      int dim = transform::ThreadDim(tag);
      const Expr& extent = (transform::IsBlockTag(tag) ? k.grid : k.block)[dim];
      if (!as_const_int(extent)) continue;
      analyzer_.Bind(var, Range(make_zero(var.dtype()), extent));
      bound_.insert(var.get());
    }
  }

 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (as_const_int(n->min) && as_const_int(n->extent)) {
      analyzer_.Bind(n->loop_var, Range(n->min, n->extent), true);
      bound_.insert(n->loop_var.get());
    }
    return IRMutator::VisitFor(n, s);
  }
  Stmt VisitAllocate(const AllocateNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitAllocate(n, s);
    bool constant = true;
    for (const Expr& e : n->extents) constant = constant && as_const_int(e);
    if (constant || n->scope == "global" || n->scope.empty()) return r;
    Expr size = make_const(DataType::Int(64), int64_t{1});
    for (const Expr& e : n->extents) size = mul(size, cast(DataType::Int(64), e));
    // A size that depends on a shape variable has no useful bound: the error stays.
    if (UsesVar(size,
                [&](const VarNode* v) { return !bound_.count(static_cast<const ExprNode*>(v)); }))
      return r;
    arith::ConstIntBound bound = analyzer_.const_int_bound(size);
    if (bound.max_value == arith::ConstIntBound::kPosInf || bound.max_value < 1) return r;
    auto* a = r.as<AllocateNode>();
    return MakeAllocate(a->buffer_var, a->dtype, {make_const(DataType::Int(32), bound.max_value)},
                        a->condition, a->body, a->scope);
  }

 private:
  arith::Analyzer analyzer_;
  std::unordered_set<const ExprNode*> bound_;  // indices and loop variables with known ranges
};

// Position of a variable among the host function's parameters (npos when not one).
size_t ParamIndex(const transform::PrimFunc& f, const Var& v) {
  for (size_t i = 0; i < f.params.size(); ++i)
    if (f.params[i].var.same_as(v)) return i;
  return std::string::npos;
}

// Buffers in the host function's parameter order, then temporaries, then scalars.
Status SetParams(const transform::PrimFunc& f, const Stmt& root, CudaKernel* k) {
  BufferUse use = CollectBuffers(root);
  std::vector<Var> handles, scalars;
  for (const Var& v : transform::UndefinedVars(root))
    (v.dtype().is_handle() ? handles : scalars).push_back(v);
  std::stable_sort(handles.begin(), handles.end(),
                   [&](const Var& a, const Var& b) { return ParamIndex(f, a) < ParamIndex(f, b); });
  for (const Var& h : handles) {
    auto it = use.by_handle.find(h.get());
    size_t param = ParamIndex(f, h);
    if (it == use.by_handle.end() && use.pointers.count(h.get()) && param != std::string::npos &&
        f.params[param].buffer)
      it = use.by_handle.emplace(h.get(), f.params[param].buffer).first;
    if (it == use.by_handle.end())
      return Error("kernel " + k->name + " uses the buffer handle " + h.name() +
                   " without accessing it");
    k->params.push_back(transform::PrimFuncParam{h, it->second});
    k->read_only.push_back(!use.written.count(h.get()));
  }
  for (const Var& v : scalars) {
    k->params.push_back(transform::PrimFuncParam{v, nullptr});
    k->read_only.push_back(true);
  }
  return Status::Ok();
}

Result<CudaKernel> ExtractKernel(const transform::PrimFunc& f, const Stmt& root, int index) {
  CudaKernel k;
  k.name = f.name + "_kernel" + std::to_string(index);
  for (int d = 0; d < 3; ++d) k.grid[d] = k.block[d] = make_const(DataType::Int(32), int64_t{1});
  Stmt body = root;
  while (auto* loop = body.as<ForNode>()) {
    std::string tag = transform::ThreadTagOf(loop);
    if (tag.empty()) break;
    int dim = transform::ThreadDim(tag);
    if (dim < 0 || !is_zero(loop->min) || k.index_vars.count(tag))
      return Error("kernel " + k.name + " is not in launch form at the loop over " +
                   loop->loop_var.name() + " (run transform::ThreadLaunch first)");
    (transform::IsBlockTag(tag) ? k.grid : k.block)[dim] = loop->extent;
    k.index_vars[tag] = loop->loop_var;
    body = loop->body;
  }
  if (transform::HasThreadLoop(body))
    return Error("kernel " + k.name +
                 " has a thread-bound loop inside its body (run "
                 "transform::ThreadLaunch first)");
  k.body = body = BoundAllocationSizes(k).VisitStmt(body);
  if (Status s = SetParams(f, root, &k); !s) return s.error();
  if (Status s = CollectAllocations(body, &k); !s) return s.error();
  return k;
}

// Replaces kernels with launches and rejects device work left on the host.
class Splitter : public IRMutator {
 public:
  explicit Splitter(const transform::PrimFunc& f) : f_(f) {}
  std::vector<CudaKernel> kernels;
  std::optional<Error> error;

 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (transform::ThreadTagOf(n).empty()) return IRMutator::VisitFor(n, s);
    Result<CudaKernel> k = ExtractKernel(f_, s, static_cast<int>(kernels.size()));
    if (!k) return Fail(k.error(), s);
    kernels.push_back(std::move(k.value()));
    return MakeKernelLaunch(static_cast<int>(kernels.size()) - 1);
  }
  Stmt VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    return Fail(Error("the store to " + n->buffer->name +
                      " is outside every loop bound to a GPU index; on the CUDA target each "
                      "stage must run in a kernel (bind its outer loops to blockIdx/threadIdx)"),
                s);
  }
  Expr VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    if (!error)
      error = Error("the host code reads " + n->buffer->name +
                    ", which lives in GPU memory; only kernels may read buffers");
    return e;
  }
  Stmt VisitAllocate(const AllocateNode* n, const Stmt& s) override {
    if (n->scope != "global" && !n->scope.empty())
      return Fail(Error("the " + n->scope + " allocation " + n->buffer_var.name() +
                        " is outside every kernel; " + n->scope +
                        " memory exists only inside a kernel (compute the stage inside the "
                        "loops bound to blockIdx/threadIdx)"),
                  s);
    return IRMutator::VisitAllocate(n, s);
  }

 private:
  Stmt Fail(Error e, const Stmt& s) {
    if (!error) error = std::move(e);
    return s;
  }
  const transform::PrimFunc& f_;
};

}  // namespace

Result<CudaProgram> SplitHostDevice(const transform::PrimFunc& f) {
  if (!f.body.defined()) return Error("SplitHostDevice: the function has no body");
  if (!transform::HasThreadLoop(f.body))
    return Error(
        "the program has no loop bound to a GPU index, so there is no kernel to run; "
        "bind the outer loops of each stage with s[X].bind(axis, "
        "te.thread_axis(\"blockIdx.x\")) and te.thread_axis(\"threadIdx.x\")");
  Splitter splitter(f);
  Stmt host = splitter.VisitStmt(f.body);
  if (splitter.error) return *splitter.error;
  CudaProgram program;
  program.host = f;
  program.host.body = host;
  program.kernels = std::move(splitter.kernels);
  return program;
}

}  // namespace tessera::codegen
