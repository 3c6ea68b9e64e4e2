#include "codegen/cuda/LowerThreadAllreduce.h"

#include <map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/CrossThreadReduction.h"
#include "transform/ThreadAxes.h"
#include "transform/ThreadSync.h"

namespace tessera::codegen {

using namespace ir;

namespace {

constexpr int64_t kWarp = 32;
constexpr uint32_t kFullMask = 0xffffffffu;

struct LaunchAxis {
  Var var;
  int64_t extent = 1;
};

Expr I32(int64_t v) { return make_const(DataType::Int(32), v); }
Expr U32(uint32_t v) { return make_const(DataType::UInt(32), static_cast<int64_t>(v)); }

bool IsPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

// What one all-reduce needs to know about its block.
struct Block {
  Expr tid;           // linear thread index in the block
  int64_t threads;    // threads per block
  int64_t group = 1;  // R: threads reduced together (threadIdx.x)
};

class Lowering {
 public:
  Lowering(const Block& b, DataType t, const std::string& op, Expr identity)
      : b_(b), t_(t), op_(op), identity_(std::move(identity)) {}

  // The statements computing the reduction of `value` into buffer[indices].
  Stmt Lower(const Expr& value, const Buffer& out, const std::vector<Expr>& indices) {
    Buffer v = MakeBuffer("red_v", t_, {I32(1)}, "local");
    std::vector<Stmt> body = {Set(v, value)};
    Expr lane = truncmod(b_.tid, I32(kWarp)), warp = truncdiv(b_.tid, I32(kWarp));
    Expr result;
    if (b_.group % kWarp == 0) {
      WarpReduce(&body, v, U32(kFullMask), kWarp, kWarp);
      int64_t warps = b_.group / kWarp;  // per group
      if (warps == 1) {
        result = Shuffle(U32(kFullMask), Get(v), 0, kWarp);
      } else {
        Buffer partial = MakeBuffer("red_buf", t_, {I32(b_.threads / kWarp)}, "shared");
        std::vector<Stmt> across;
        across.push_back(MakeIf(eq(lane, I32(0)), MakeBufferStore(partial, Get(v), {warp})));
        across.push_back(transform::MakeStorageSync());
        Expr mine = add(mul(truncdiv(warp, I32(warps)), I32(warps)), lane);
        across.push_back(
            Set(v, MakeCall(t_, "if_then_else",
                            {lt(lane, I32(warps)), MakeBufferLoad(partial, {mine}), identity_})));
        int64_t width = 1;
        while (width < warps) width *= 2;
        WarpReduce(&across, v, U32(kFullMask), width, kWarp);
        across.push_back(MakeBufferStore(out, Shuffle(U32(kFullMask), Get(v), 0, kWarp), indices));
        across.push_back(transform::MakeStorageSync());  // the array is reused next time
        body.push_back(MakeAllocate(partial->data, t_, {I32(b_.threads / kWarp)}, make_bool(true),
                                    MakeSeq(across), "shared"));
        return MakeAllocate(v->data, t_, {I32(1)}, make_bool(true), MakeSeq(body), "local");
      }
    } else {
      Expr mask = Mask(warp);
      WarpReduce(&body, v, mask, b_.group, b_.group);
      result = Shuffle(mask, Get(v), 0, b_.group);
    }
    body.push_back(MakeBufferStore(out, result, indices));
    return MakeAllocate(v->data, t_, {I32(1)}, make_bool(true), MakeSeq(body), "local");
  }

 private:
  // The lanes of `warp` that exist: all 32 unless the block ends inside it.
  Expr Mask(const Expr& warp) const {
    int64_t rest = b_.threads % kWarp;
    if (rest == 0) return U32(kFullMask);
    uint32_t partial = (1u << rest) - 1u;
    return MakeSelect(eq(warp, I32(b_.threads / kWarp)), U32(partial), U32(kFullMask));
  }
  // v = combine(v, shfl_down(v, offset)) for offsets span/2 ... 1 within `width` lanes.
  void WarpReduce(std::vector<Stmt>* out, const Buffer& v, const Expr& mask, int64_t span,
                  int64_t width) const {
    for (int64_t offset = span / 2; offset >= 1; offset /= 2) {
      Expr other = MakeCall(t_, "__shfl_down_sync", {mask, Get(v), I32(offset), I32(width)},
                            CallKind::Extern);
      out->push_back(Set(v, Combine(Get(v), other)));
    }
  }
  Expr Shuffle(const Expr& mask, const Expr& value, int64_t lane, int64_t width) const {
    return MakeCall(t_, "__shfl_sync", {mask, value, I32(lane), I32(width)}, CallKind::Extern);
  }
  Expr Combine(const Expr& a, const Expr& b) const {
    if (op_ == "max") return MakeBinary(ExprKind::Max, a, b);
    if (op_ == "min") return MakeBinary(ExprKind::Min, a, b);
    return MakeBinary(ExprKind::Add, a, b);
  }
  static Expr Get(const Buffer& v) { return MakeBufferLoad(v, {I32(0)}); }
  static Stmt Set(const Buffer& v, Expr value) {
    return MakeBufferStore(v, std::move(value), {I32(0)});
  }

  Block b_;
  DataType t_;
  std::string op_;
  Expr identity_;
};

class AllreduceFinder : public IRMutator {
 public:
  explicit AllreduceFinder(const transform::PassContext& ctx) : ctx_(ctx) {}

 protected:
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    std::string tag = transform::ThreadTagOf(n);
    if (tag.empty()) return IRMutator::VisitFor(n, s);
    const int64_t* extent = as_const_int(n->extent);
    axes_[tag] = LaunchAxis{n->loop_var, extent ? *extent : -1};
    Stmt r = IRMutator::VisitFor(n, s);
    axes_.erase(tag);
    return r;
  }
  Stmt VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    bool divergent = UsesThreadIndex(n->condition);
    divergent_ += divergent;
    Stmt r = IRMutator::VisitIfThenElse(n, s);
    divergent_ -= divergent;
    return r;
  }
  Stmt VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    auto* call = n->value.as<CallNode>();
    if (!call || call->op != schedule::kThreadAllreduce) return IRMutator::VisitBufferStore(n, s);
    Result<Stmt> lowered = Lower(call, n);
    if (!lowered) {
      ctx_.ReportError(lowered.error().message);
      return s;
    }
    return *lowered;
  }

 private:
  bool UsesThreadIndex(const Expr& e) const {
    return UsesVar(e, [&](const VarNode* v) {
      for (const auto& [tag, axis] : axes_)
        if (transform::IsThreadTag(tag) && axis.var.get() == v) return true;
      return false;
    });
  }

  Result<Stmt> Lower(const CallNode* call, const BufferStoreNode* store) {
    auto* op = call->args.size() == 5 ? call->args[0].as<StringImmNode>() : nullptr;
    auto* tag = op ? call->args[3].as<StringImmNode>() : nullptr;
    if (!tag) return Error("malformed " + std::string(schedule::kThreadAllreduce) + " call");
    std::string what = "the cross-thread reduction into " + store->buffer->name;
    const int64_t* group = as_const_int(call->args[4]);
    if (!group)
      return Error(what + " runs over " + to_string(call->args[4]) +
                   " threads; it needs a constant number (split the reduction by a constant "
                   "factor and bind the inner part to threadIdx.x)");
    DataType t = call->dtype;
    if (t.lanes() != 1 || t.is_bool() || (t.bits() != 32 && t.bits() != 64))
      return Error(what + " reduces " + t.str() +
                   " values; warp shuffles need 32- or 64-bit numbers");
    if (divergent_)
      return Error(what +
                   " is inside a condition on the thread index, so not every thread "
                   "of the block would reach its shuffles and barriers (its threadIdx.x loop must "
                   "span the block's threadIdx.x extent, and no loop around it may be narrower)");
    Block b;
    b.group = *group;
    b.threads = 1;
    Expr stride = I32(1);
    b.tid = I32(0);
    for (const char* dim : {"threadIdx.x", "threadIdx.y", "threadIdx.z"}) {
      auto it = axes_.find(dim);
      if (it == axes_.end()) continue;
      if (it->second.extent < 1)
        return Error(what + " needs a constant number of threads per block (" + dim + " is not)");
      b.tid = add(b.tid, mul(it->second.var, stride));
      stride = I32(b.threads *= it->second.extent);
    }
    auto x = axes_.find("threadIdx.x");
    if (x == axes_.end() || x->second.extent != *group)
      return Error(what + " runs over " + std::to_string(*group) +
                   " threads of threadIdx.x, but the kernel launches " +
                   (x == axes_.end() ? std::string("none") : std::to_string(x->second.extent)) +
                   " (bind loops of the same extent to threadIdx.x in this kernel)");
    if (*group % kWarp != 0 && !IsPowerOfTwo(*group))
      return Error(what + " runs over " + std::to_string(*group) +
                   " threads; use a power of two or a multiple of 32");
    std::string name = static_cast<const StringImmNode*>(op)->value;
    return Lowering(b, t, name, call->args[2]).Lower(call->args[1], store->buffer, store->indices);
  }

  const transform::PassContext& ctx_;
  std::map<std::string, LaunchAxis> axes_;
  int divergent_ = 0;
};

}  // namespace

Stmt LowerThreadAllreduce(Stmt s, const transform::PassContext& ctx) {
  if (!s.defined()) return s;
  return AllreduceFinder(ctx).VisitStmt(s);
}

}  // namespace tessera::codegen
