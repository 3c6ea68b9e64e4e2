#include "tune/Features.h"

#include <algorithm>
#include <cmath>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Stmt.h"

namespace tessera::tune {

namespace {

struct LoopInfo {
  const ir::VarNode* var = nullptr;
  double extent = 1;
  ir::ForKind kind = ir::ForKind::Serial;
};

struct StoreFeatures {
  double iterations = 1;  // product of enclosing loop extents
  double depth = 0;
  double innermost_extent = 1;
  double lanes = 1;
  double parallel_extent = 1;
  double unrolled_extent = 1;
  double loads = 0;
  double vector_loads = 0;
  double invariant_loads = 0;  // do not use the innermost loop variable: reused across it
  double arith_ops = 0;
};

class StoreWalker {
 public:
  std::vector<StoreFeatures> stores;
  double allocated_bytes = 0;

  void Walk(const ir::Stmt& s) {
    if (!s.defined()) return;
    if (auto* f = s.as<ir::ForNode>()) {
      const int64_t* e = ir::as_const_int(f->extent);
      loops_.push_back(
          {f->loop_var.as<ir::VarNode>(), e ? static_cast<double>(*e) : 16.0, f->for_kind});
      Walk(f->body);
      loops_.pop_back();
    } else if (auto* let = s.as<ir::LetStmtNode>()) {
      Walk(let->body);
    } else if (auto* branch = s.as<ir::IfThenElseNode>()) {
      Walk(branch->then_case);
      Walk(branch->else_case);
    } else if (auto* store = s.as<ir::BufferStoreNode>()) {
      Store(*store);
    } else if (auto* alloc = s.as<ir::AllocateNode>()) {
      double elements = 1;
      for (const ir::Expr& e : alloc->extents) {
        const int64_t* c = ir::as_const_int(e);
        elements *= c ? static_cast<double>(*c) : 1.0;
      }
      allocated_bytes += elements * alloc->dtype.bits() / 8.0;
      Walk(alloc->body);
    } else if (auto* attr = s.as<ir::AttrStmtNode>()) {
      Walk(attr->body);
    } else if (auto* assertion = s.as<ir::AssertStmtNode>()) {
      Walk(assertion->body);
    } else if (auto* seq = s.as<ir::SeqStmtNode>()) {
      for (const ir::Stmt& c : seq->seq) Walk(c);
    } else if (auto* realize = s.as<ir::ProducerRealizeNode>()) {
      Walk(realize->body);
    }
  }

 private:
  std::vector<LoopInfo> loops_;

  void Store(const ir::BufferStoreNode& store) {
    StoreFeatures f;
    f.depth = static_cast<double>(loops_.size());
    for (const LoopInfo& l : loops_) {
      f.iterations *= l.extent;
      if (l.kind == ir::ForKind::Parallel) f.parallel_extent *= l.extent;
      if (l.kind == ir::ForKind::Unrolled) f.unrolled_extent *= l.extent;
    }
    const ir::VarNode* innermost = loops_.empty() ? nullptr : loops_.back().var;
    if (!loops_.empty()) f.innermost_extent = loops_.back().extent;
    f.lanes = store.value.dtype().lanes();
    ir::PostOrderVisit(store.value, [&](const ir::Expr& e) {
      if (auto* load = e.as<ir::BufferLoadNode>()) {
        f.loads += 1;
        if (e.dtype().lanes() > 1) f.vector_loads += 1;
        bool moves = false;
        for (const ir::Expr& index : load->indices)
          if (innermost && ir::UsesVar(index, [&](const ir::VarNode* v) { return v == innermost; }))
            moves = true;
        if (!moves) f.invariant_loads += 1;
      } else if (ir::is_binary(e.kind()) && e.dtype().is_float()) {
        f.arith_ops += e.dtype().lanes();
      }
    });
    stores.push_back(f);
  }
};

float Log2p(double v) { return static_cast<float>(std::log2(1.0 + std::max(v, 0.0))); }

}  // namespace

std::vector<float> ProgramFeatures(const transform::PrimFunc& func) {
  StoreWalker walker;
  walker.Walk(func.body);
  StoreFeatures main;
  double total_iterations = 0;
  for (const StoreFeatures& s : walker.stores) {
    total_iterations += s.iterations;
    if (s.iterations * s.arith_ops >= main.iterations * main.arith_ops) main = s;
  }
  double intensity = main.arith_ops / std::max(1.0, main.loads - main.invariant_loads);
  std::vector<float> out = {Log2p(main.iterations),
                            Log2p(main.depth),
                            Log2p(main.innermost_extent),
                            Log2p(main.lanes),
                            Log2p(main.parallel_extent),
                            Log2p(main.unrolled_extent),
                            Log2p(main.loads),
                            Log2p(main.vector_loads),
                            Log2p(main.invariant_loads),
                            Log2p(main.arith_ops),
                            Log2p(intensity),
                            Log2p(static_cast<double>(walker.stores.size())),
                            Log2p(total_iterations),
                            Log2p(walker.allocated_bytes)};
  return out;
}

std::vector<float> CandidateFeatures(const transform::PrimFunc& func, const DesignSpace& space,
                                     const Decisions& d) {
  std::vector<float> out = ProgramFeatures(func);
  for (const Knob& k : space.knobs()) {
    auto it = d.values.find(k.name);
    const int n = k.kind == Knob::Kind::Split ? k.parts : 1;
    for (int i = 0; i < n; ++i) {
      double v =
          it != d.values.end() && i < static_cast<int>(it->second.size()) ? it->second[i] : 0;
      out.push_back(k.kind == Knob::Kind::Split ? Log2p(v) : static_cast<float>(v));
    }
  }
  return out;
}

}  // namespace tessera::tune
