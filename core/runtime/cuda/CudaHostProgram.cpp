#include "runtime/cuda/CudaHostProgram.h"

#include <algorithm>
#include <cstring>

#include "codegen/cuda/LaunchChecks.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "runtime/NDArray.h"

namespace tessera::runtime {

using namespace ir;

namespace {

class HostExecutor {
 public:
  explicit HostExecutor(HostRun* run) : run_(*run) {}

  Status Run(const Stmt& s) {
    if (!s.defined()) return Status::Ok();
    if (auto* q = s.as<SeqStmtNode>()) {
      for (const Stmt& c : q->seq)
        if (Status st = Run(c); !st) return st;
      return Status::Ok();
    }
    if (auto* f = s.as<ForNode>()) return RunFor(f);
    if (auto* l = s.as<LetStmtNode>()) return RunLet(l);
    if (auto* i = s.as<IfThenElseNode>()) {
      Result<int64_t> c = Eval(i->condition);
      if (!c) return c.error();
      return Run(*c ? i->then_case : i->else_case);
    }
    if (auto* a = s.as<AllocateNode>()) return RunAllocate(a);
    if (auto* a = s.as<AttrStmtNode>()) return Run(a->body);
    if (auto* a = s.as<AssertStmtNode>()) return RunAssert(a);
    if (auto index = codegen::IsKernelLaunch(s)) return Launch(*index);
    if (auto* e = s.as<EvaluateNode>(); e && is_const(e->value)) return Status::Ok();
    return Error("the host program cannot run " + std::string(kind_name(s.kind())) + ": " +
                 to_string(s));
  }

 private:
  Result<int64_t> Eval(const Expr& e) {
    Result<int64_t> v = arith::EvaluateConstant(e, run_.values);
    if (!v) return Error("cannot evaluate " + to_string(e) + " on the host: " + v.error().message);
    return v;
  }

  Status RunFor(const ForNode* f) {
    Result<int64_t> min = Eval(f->min), extent = Eval(f->extent);
    if (!min) return min.error();
    if (!extent) return extent.error();
    for (int64_t i = *min; i < *min + *extent; ++i) {
      run_.values[f->loop_var] = i;
      if (Status s = Run(f->body); !s) return s;
    }
    run_.values.erase(f->loop_var);
    return Status::Ok();
  }

  Status RunLet(const LetStmtNode* l) {
    Result<int64_t> v = Eval(l->value);
    if (!v) return v.error();
    run_.values[l->var] = *v;
    Status s = Run(l->body);
    run_.values.erase(l->var);
    return s;
  }

  Status RunAssert(const AssertStmtNode* a) {
    Result<int64_t> c = Eval(a->condition);
    if (!c) return c.error();
    if (!*c) {
      auto* m = a->message.as<StringImmNode>();
      return Error(m ? m->value : "assertion failed: " + to_string(a->condition));
    }
    return Run(a->body);
  }

  Status RunAllocate(const AllocateNode* a) {
    int64_t elements = a->dtype.lanes();
    for (const Expr& e : a->extents) {
      Result<int64_t> v = Eval(e);
      if (!v) return v.error();
      elements *= std::max<int64_t>(*v, 0);
    }
    size_t bytes = static_cast<size_t>(elements * StorageBytes(a->dtype.element_of()));
    Result<uint64_t> address = run_.launcher->Temporary(a->buffer_var, bytes);
    if (!address)
      return Error("temporary " + a->buffer_var.name() + ": " + address.error().message);
    run_.buffers[a->buffer_var.get()] = *address;
    return Run(a->body);
  }

  Result<std::array<int64_t, 3>> Dims(const std::array<Expr, 3>& dims) {
    std::array<int64_t, 3> out{};
    for (int d = 0; d < 3; ++d) {
      Result<int64_t> v = Eval(dims[d]);
      if (!v) return v.error();
      out[d] = *v;
    }
    return out;
  }

  // One 8-byte slot per parameter; the launch gets a pointer to each.
  Status PackArgument(const transform::PrimFuncParam& p, std::vector<uint64_t>* words) {
    if (p.is_buffer()) {
      auto it = run_.buffers.find(p.var.get());
      if (it == run_.buffers.end()) return Error("no GPU memory for buffer " + p.var.name());
      words->push_back(it->second);
      return Status::Ok();
    }
    if (p.var.dtype().is_float()) return PackFloat(p.var, words);
    if (!p.var.dtype().is_integer() && !p.var.dtype().is_bool())
      return Error("the scalar parameter " + p.var.name() + " of type " + p.var.dtype().str() +
                   " is not supported by the CUDA runtime");
    Result<int64_t> v = Eval(p.var);
    if (!v) return v.error();
    words->push_back(
        static_cast<uint64_t>(*v));  // little endian: narrower types read the low bytes
    return Status::Ok();
  }

  // A float parameter's bits in the low bytes of its slot (little endian, as integers).
  Status PackFloat(const Var& v, std::vector<uint64_t>* words) {
    auto it = run_.float_values.find(v.get());
    if (it == run_.float_values.end())
      return Error("no value for the scalar parameter " + v.name());
    uint64_t word = 0;
    if (v.dtype().bits() == 64) {
      std::memcpy(&word, &it->second, sizeof(double));
    } else if (v.dtype().bits() == 32) {
      float f = static_cast<float>(it->second);
      std::memcpy(&word, &f, sizeof f);
    } else {
      return Error("the scalar parameter " + v.name() + " of type " + v.dtype().str() +
                   " is not supported by the CUDA runtime");
    }
    words->push_back(word);
    return Status::Ok();
  }

  Status Launch(int index) {
    const auto& kernels = run_.program->kernels;
    if (index < 0 || index >= static_cast<int>(kernels.size()))
      return Error("no kernel number " + std::to_string(index));
    const codegen::CudaKernel& k = kernels[static_cast<size_t>(index)];
    auto grid = Dims(k.grid);
    if (!grid) return grid.error();
    auto block = Dims(k.block);
    if (!block) return block.error();
    if (Status s = codegen::CheckLaunch(k, *grid, *block, *run_.options); !s) return s;
    if ((*grid)[0] == 0 || (*grid)[1] == 0 || (*grid)[2] == 0) return Status::Ok();
    std::vector<uint64_t> words;
    for (const auto& p : k.params)
      if (Status s = PackArgument(p, &words); !s) return s;
    ++run_.launches;
    return run_.launcher->Launch(index, *grid, *block, words);
  }

  HostRun& run_;
};

}  // namespace

Status RunHostProgram(HostRun* run) {
  if (!run || !run->program || !run->options || !run->launcher)
    return Error("RunHostProgram: incomplete run");
  return HostExecutor(run).Run(run->program->host.body);
}

}  // namespace tessera::runtime
