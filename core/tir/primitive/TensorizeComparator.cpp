#include "tir/primitive/TensorizeComparator.h"

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "tir/ScriptPrinter.h"

namespace tessera::tir {

namespace tensorize_comparator_detail {

std::string Str(const Expr& e) { return e.defined() ? ExprToTVMScript(e) : "None"; }

std::string Str(const BufferRegion& r) {
  std::string s = r.buffer->name + "[";
  for (size_t i = 0; i < r.region.size(); ++i) {
    s += (i ? ", " : "") + Str(r.region[i].min);
    if (!ir::is_one(r.region[i].extent))
      s += ":" + Str(ir::add(r.region[i].min, r.region[i].extent));
  }
  return s + "]";
}

std::string Str(const std::vector<BufferRegion>& regions) {
  std::string s = "[";
  for (size_t i = 0; i < regions.size(); ++i) s += (i ? ", " : "") + Str(regions[i]);
  return s + "]";
}

}  // namespace tensorize_comparator_detail

using tensorize_comparator_detail::Str;

bool TensorizeComparator::Fail(const std::string& message) {
  errors.push_back(message);
  return false;
}

bool TensorizeComparator::FailAt(const std::string& what) {
  if (mismatch.empty()) mismatch = what;
  return false;
}

bool TensorizeComparator::Match(const BlockRealizeNode& lhs, const BlockRealizeNode& rhs) {
  is_scope_block_ = true;
  return Realize(lhs, rhs);
}

bool TensorizeComparator::Stmt(const tir::Stmt& lhs, const tir::Stmt& rhs) {
  if (lhs == rhs) return true;
  if (!lhs || !rhs || lhs->kind != rhs->kind) {
    Fail("Statement kinds do not match");
    return false;
  }
  if (const auto* c = As<ComputeNode>(lhs)) return IrStmt(c->stmt, As<ComputeNode>(rhs)->stmt);
  if (const auto* seq = As<SeqNode>(lhs)) {
    const auto* r = As<SeqNode>(rhs);
    if (seq->seq.size() != r->seq.size()) return Fail("SeqStmt sizes do not match");
    for (size_t i = 0; i < seq->seq.size(); ++i)
      if (!Stmt(seq->seq[i], r->seq[i])) return false;
    return true;
  }
  if (const auto* loop = As<ForNode>(lhs)) {
    if (Loop(*loop, *As<ForNode>(rhs))) return true;
    return FailAt("loop " + loop->loop_var.name());
  }
  const auto* realize = As<BlockRealizeNode>(lhs);
  if (Realize(*realize, *As<BlockRealizeNode>(rhs))) return true;
  return FailAt("block \"" + realize->block->name + "\"");
}

bool TensorizeComparator::Realize(const BlockRealizeNode& lhs, const BlockRealizeNode& rhs) {
  if (!is_scope_block_ && !Exprs(lhs.iter_values, rhs.iter_values)) {
    std::string l, r;
    for (const Expr& e : lhs.iter_values) l += (l.empty() ? "" : ", ") + Str(e);
    for (const Expr& e : rhs.iter_values) r += (r.empty() ? "" : ", ") + Str(e);
    return Fail("BlockRealizeNode iter_values do not match: op->iter_values=[" + l +
                "] vs rhs->iter_values=[" + r + "]");
  }
  Expr lp = lhs.predicate.defined() ? lhs.predicate : ir::make_bool(true);
  Expr rp = rhs.predicate.defined() ? rhs.predicate : ir::make_bool(true);
  if (!ExprEq(lp, rp)) return false;
  bool scope = is_scope_block_;
  if (Block(*lhs.block, *rhs.block)) return true;
  // The scope block's mismatch is reported for the block itself.
  if (scope) FailAt("block \"" + lhs.block->name + "\"");
  return false;
}

bool TensorizeComparator::Block(const BlockNode& lhs, const BlockNode& rhs) {
  for (const IterVar& iv : lhs.iter_vars) lhs_analyzer_.Bind(iv->var, iv->dom, true);
  if (!is_scope_block_) {
    bool iters = lhs.iter_vars.size() == rhs.iter_vars.size();
    for (size_t i = 0; iters && i < lhs.iter_vars.size(); ++i) {
      const IterVar& l = lhs.iter_vars[i];
      const IterVar& r = rhs.iter_vars[i];
      iters = DefEqual(l->var, r->var) && ExprEq(l->dom.min, r->dom.min) &&
              ExprEq(l->dom.extent, r->dom.extent) && l->iter_type == r->iter_type;
    }
    if (!iters) {
      std::string l, r;
      for (const IterVar& iv : lhs.iter_vars)
        l += (l.empty() ? "" : ", ") + std::string(1, IterKindChar(iv->iter_type)) + " " +
             iv->var.name() + " in [" + Str(iv->dom.min) + ", " + Str(iv->dom.extent) + ")";
      for (const IterVar& iv : rhs.iter_vars)
        r += (r.empty() ? "" : ", ") + std::string(1, IterKindChar(iv->iter_type)) + " " +
             iv->var.name() + " in [" + Str(iv->dom.min) + ", " + Str(iv->dom.extent) + ")";
      return Fail("BlockNode iter_vars do not match: op->iter_vars=[" + l +
                  "] vs rhs->iter_vars=[" + r + "]");
    }
    bool allocs = lhs.alloc_buffers.size() == rhs.alloc_buffers.size();
    for (size_t i = 0; allocs && i < lhs.alloc_buffers.size(); ++i)
      allocs = CompareBuffer(lhs.alloc_buffers[i], rhs.alloc_buffers[i]);
    if (!allocs) return Fail("BlockNode alloc_buffers do not match");
  }
  if (!Regions(lhs.writes, rhs.writes, "write buffers")) return false;
  if (!Regions(lhs.reads, rhs.reads, "read buffers regions")) return false;
  is_scope_block_ = false;
  return Stmt(lhs.body, rhs.body);
}

bool TensorizeComparator::Regions(const std::vector<BufferRegion>& lhs,
                                  const std::vector<BufferRegion>& rhs, const char* what) {
  bool equal = lhs.size() == rhs.size();
  for (size_t i = 0; equal && i < lhs.size(); ++i) equal = CompareBufferRegion(lhs[i], rhs[i]);
  if (equal) return true;
  return Fail(std::string("BlockNode ") + what + " do not match: op->" +
              (what[0] == 'w' ? "writes=" : "reads=") + Str(lhs) + " vs rhs->" +
              (what[0] == 'w' ? "writes=" : "reads=") + Str(rhs));
}

bool TensorizeComparator::Loop(const ForNode& lhs, const ForNode& rhs) {
  if (!DefEqual(lhs.loop_var, rhs.loop_var)) {
    return Fail("ForNode loop vars do not match: op->loop_var=" + lhs.loop_var.name() +
                " vs rhs->loop_var=" + rhs.loop_var.name());
  }
  if (!ExprEq(lhs.min, rhs.min)) {
    return Fail("ForNode min values do not match: op->min=" + Str(lhs.min) +
                " vs rhs->min=" + Str(rhs.min));
  }
  if (!ExprEq(lhs.extent, rhs.extent)) {
    return Fail("ForNode extent values do not match: op->extent=" + Str(lhs.extent) +
                " vs rhs->extent=" + Str(rhs.extent));
  }
  if (lhs.thread_tag != rhs.thread_tag) {
    return Fail("ForNode thread_bindings do not match: op->thread_binding=" + lhs.thread_tag +
                " vs rhs->thread_binding=" + rhs.thread_tag);
  }
  if (lhs.for_kind != rhs.for_kind) {
    return Fail(std::string("ForNode kinds do not match: op->kind=") +
                ir::for_kind_name(lhs.for_kind) +
                " vs rhs->kind=" + ir::for_kind_name(rhs.for_kind));
  }
  bool annotations = lhs.annotations.size() == rhs.annotations.size();
  for (auto l = lhs.annotations.begin(), r = rhs.annotations.begin();
       annotations && l != lhs.annotations.end(); ++l, ++r)
    annotations = l->first == r->first && ExprEq(l->second, r->second);
  if (!annotations) return Fail("ForNode annotation maps do not match");
  return Stmt(lhs.body, rhs.body);
}

bool TensorizeComparator::IrStmt(const ir::Stmt& lhs, const ir::Stmt& rhs) {
  if (lhs.same_as(rhs)) return true;
  if (!lhs.defined() || !rhs.defined() || lhs.kind() != rhs.kind())
    return Fail("Statement kinds do not match");
  if (const auto* store = lhs.as<ir::BufferStoreNode>()) {
    const auto* r = rhs.as<ir::BufferStoreNode>();
    return CompareBufferAccess(store->buffer, store->indices, r->buffer, r->indices) &&
           ExprEq(store->value, r->value);
  }
  if (const auto* seq = lhs.as<ir::SeqStmtNode>()) {
    const auto* r = rhs.as<ir::SeqStmtNode>();
    if (seq->seq.size() != r->seq.size()) return Fail("SeqStmt sizes do not match");
    for (size_t i = 0; i < seq->seq.size(); ++i)
      if (!IrStmt(seq->seq[i], r->seq[i])) return false;
    return true;
  }
  if (const auto* ev = lhs.as<ir::EvaluateNode>())
    return ExprEq(ev->value, rhs.as<ir::EvaluateNode>()->value);
  if (const auto* ite = lhs.as<ir::IfThenElseNode>()) {
    const auto* r = rhs.as<ir::IfThenElseNode>();
    if (ite->else_case.defined() != r->else_case.defined())
      return Fail("IfThenElse else branches do not match");
    return ExprEq(ite->condition, r->condition) && IrStmt(ite->then_case, r->then_case) &&
           (!ite->else_case.defined() || IrStmt(ite->else_case, r->else_case));
  }
  if (const auto* let = lhs.as<ir::LetStmtNode>()) {
    const auto* r = rhs.as<ir::LetStmtNode>();
    return ExprEq(let->value, r->value) && DefEqual(let->var, r->var) && IrStmt(let->body, r->body);
  }
  if (const auto* loop = lhs.as<ir::ForNode>()) {
    const auto* r = rhs.as<ir::ForNode>();
    return DefEqual(loop->loop_var, r->loop_var) && ExprEq(loop->min, r->min) &&
           ExprEq(loop->extent, r->extent) && loop->for_kind == r->for_kind &&
           IrStmt(loop->body, r->body);
  }
  return Fail(std::string("a ") + ir::kind_name(lhs.kind()) +
              " statement cannot be compared with a tensor intrinsic");
}

bool TensorizeComparator::ExprEq(const Expr& lhs, const Expr& rhs) {
  if (lhs.same_as(rhs)) return true;
  bool equal = lhs.defined() && rhs.defined() && lhs.kind() == rhs.kind() &&
               lhs.dtype().code() == rhs.dtype().code() && ExprNodeEq(lhs, rhs);
  if (!equal) Fail("Expression mismatch: " + Str(lhs) + " vs " + Str(rhs));
  return equal;
}

bool TensorizeComparator::Exprs(const std::vector<Expr>& lhs, const std::vector<Expr>& rhs) {
  if (lhs.size() != rhs.size()) return false;
  for (size_t i = 0; i < lhs.size(); ++i)
    if (!ExprEq(lhs[i], rhs[i])) return false;
  return true;
}

bool TensorizeComparator::ExprNodeEq(const Expr& lhs, const Expr& rhs) {
  using K = ir::ExprKind;
  if (const auto* b = lhs.as<ir::BinaryNode>()) {
    const auto* r = rhs.as<ir::BinaryNode>();
    return ExprEq(b->a, r->a) && ExprEq(b->b, r->b);
  }
  switch (lhs.kind()) {
    case K::IntImm:
      if (lhs.as<ir::IntImmNode>()->value == rhs.as<ir::IntImmNode>()->value) return true;
      return Fail("IntImmNode values do not match: op->value=" + Str(lhs) +
                  " vs rhs->value=" + Str(rhs));
    case K::FloatImm:
      if (lhs.as<ir::FloatImmNode>()->value == rhs.as<ir::FloatImmNode>()->value) return true;
      return Fail("FloatImmNode values do not match: op->value=" + Str(lhs) +
                  " vs rhs->value=" + Str(rhs));
    case K::StringImm:
      return lhs.as<ir::StringImmNode>()->value == rhs.as<ir::StringImmNode>()->value;
    case K::Var: {
      auto it = equal_map_.find(Var::from(lhs));
      return it != equal_map_.end() && it->second.same_as(rhs);
    }
    case K::Not:
      return ExprEq(lhs.as<ir::NotNode>()->a, rhs.as<ir::NotNode>()->a);
    case K::Select: {
      const auto* l = lhs.as<ir::SelectNode>();
      const auto* r = rhs.as<ir::SelectNode>();
      return ExprEq(l->condition, r->condition) && ExprEq(l->true_value, r->true_value) &&
             ExprEq(l->false_value, r->false_value);
    }
    case K::Cast:  // as TVM: the value, not the type it is cast to
      return ExprEq(lhs.as<ir::CastNode>()->value, rhs.as<ir::CastNode>()->value);
    case K::Call: {
      const auto* l = lhs.as<ir::CallNode>();
      const auto* r = rhs.as<ir::CallNode>();
      if (l->op != r->op) return false;
      if (Exprs(l->args, r->args)) return true;
      return Fail("CallNode iter_values do not match: op " + l->op);
    }
    case K::BufferLoad: {
      const auto* l = lhs.as<ir::BufferLoadNode>();
      const auto* r = rhs.as<ir::BufferLoadNode>();
      return CompareBufferAccess(l->buffer, l->indices, r->buffer, r->indices);
    }
    case K::Ramp: {
      const auto* l = lhs.as<ir::RampNode>();
      const auto* r = rhs.as<ir::RampNode>();
      return l->lanes == r->lanes && ExprEq(l->base, r->base) && ExprEq(l->stride, r->stride);
    }
    case K::Broadcast: {
      const auto* l = lhs.as<ir::BroadcastNode>();
      const auto* r = rhs.as<ir::BroadcastNode>();
      return l->lanes == r->lanes && ExprEq(l->value, r->value);
    }
    default:
      return false;
  }
}

bool TensorizeComparator::DefEqual(const Var& lhs, const Var& rhs) {
  if (lhs.same_as(rhs)) return true;
  auto it = equal_map_.find(lhs);
  if (it != equal_map_.end()) return it->second.same_as(rhs);
  equal_map_[lhs] = rhs;
  return true;
}

bool TensorizeComparator::ProveEqual(const Expr& lhs, const Expr& rhs) {
  Expr mapped = ir::Substitute(lhs, equal_map_);
  if (mapped.dtype() != rhs.dtype()) mapped = ir::cast(rhs.dtype(), mapped);
  return analyzer_.CanProveEqual(mapped, rhs);
}

bool TensorizeComparator::CompareBuffer(const Buffer& lhs, const Buffer& rhs) {
  if (lhs == rhs) return true;
  auto it = rhs_buffer_map.find(rhs.get());
  if (it != rhs_buffer_map.end()) {
    if (it->second == lhs) return true;
    return Fail("CompareBuffer buffer mismatch: " + rhs->name + " of the description is " +
                it->second->name + " already, not " + lhs->name);
  }
  if (lhs->dtype != rhs->dtype || lhs->scope != rhs->scope) {
    return Fail("CompareBuffer buffer mismatch. data: " + lhs->name + " vs " + rhs->name +
                ", dtypes: " + lhs->dtype.str() + " vs " + rhs->dtype.str() +
                ", scope(): " + lhs->scope + " vs " + rhs->scope);
  }
  rhs_buffer_map[rhs.get()] = lhs;
  return true;
}

bool TensorizeComparator::CompareBufferRegion(const BufferRegion& lhs, const BufferRegion& rhs) {
  if (!CompareBuffer(lhs.buffer, rhs.buffer)) return false;
  if (lhs.region.size() < rhs.region.size()) {
    return Fail(
        "CompareBufferRegion returning false because buffer region sizes do not match: "
        "lhs->region.size()=" +
        std::to_string(lhs.region.size()) +
        " vs rhs->region.size()=" + std::to_string(rhs.region.size()));
  }
  size_t offset = lhs.region.size() - rhs.region.size();
  for (size_t i = 0; i < offset; ++i) {
    if (!ir::is_one(lhs.region[i].extent)) {
      return Fail(
          "CompareBufferRegion returning false because buffer extent high-dim region must be "
          "element-wise. lhs->region[i]->extent=" +
          Str(lhs.region[i].extent));
    }
  }
  auto it = buffer_indices.find(lhs.buffer.get());
  if (it == buffer_indices.end()) {
    if (!is_scope_block_) {
      return Fail("buffer " + lhs.buffer->name +
                  " is accessed by an inner block but not by the matched block's regions");
    }
    std::vector<Expr> base;
    for (size_t i = 0; i < lhs.region.size(); ++i) base.push_back(lhs.region[i].min);
    for (size_t i = 0; i < rhs.region.size(); ++i) {
      if (!ProveEqual(lhs.region[i + offset].extent, rhs.region[i].extent)) {
        return Fail("CompareBufferRegion buffer extent mismatch: lhs->region[i + offset]=" +
                    Str(lhs) + " vs rhs->region[i]=" + Str(rhs));
      }
    }
    buffer_indices.emplace(lhs.buffer.get(), std::move(base));
    return true;
  }
  const std::vector<Expr>& base = it->second;
  for (size_t i = 0; i < offset; ++i) {
    if (!lhs_analyzer_.CanProveEqual(base[i], lhs.region[i].min)) {
      return Fail(
          "Buffer base index consistency check failed due to unequal index base: "
          "indices_base[i]=" +
          Str(base[i]) + " vs lhs->region[i]->min=" + Str(lhs.region[i].min));
    }
  }
  for (size_t i = 0; i < rhs.region.size(); ++i) {
    if (!ProveEqual(lhs.region[i + offset].extent, rhs.region[i].extent)) {
      return Fail("CompareBufferRegion buffer region extent mismatch. lhs->region[i + offset]=" +
                  Str(lhs) + " vs rhs->region[i]=" + Str(rhs));
    }
    Expr normalized = lhs_analyzer_.Simplify(ir::sub(lhs.region[i + offset].min, base[i + offset]));
    if (!ProveEqual(normalized, rhs.region[i].min)) {
      return Fail("CompareBufferRegion buffer region min mismatch. lhs->region[i + offset]=" +
                  Str(lhs) + " vs rhs->region[i]=" + Str(rhs));
    }
  }
  return true;
}

bool TensorizeComparator::CompareBufferAccess(const Buffer& lb, const std::vector<Expr>& li,
                                              const Buffer& rb, const std::vector<Expr>& ri) {
  if (!CompareBuffer(lb, rb)) return false;
  if (li.size() < ri.size()) {
    return Fail(
        "CompareBufferAccess returning false because buffer indices sizes do not match: "
        "lhs->indices.size()=" +
        std::to_string(li.size()) + " vs rhs->indices.size()=" + std::to_string(ri.size()));
  }
  auto it = buffer_indices.find(lb.get());
  if (it == buffer_indices.end() || it->second.size() != li.size()) {
    return Fail("buffer " + lb->name + " is accessed but is not in the matched block's regions");
  }
  size_t offset = li.size() - ri.size();
  for (size_t i = 0; i < ri.size(); ++i) {
    Expr normalized = ir::sub(li[i + offset], it->second[i + offset]);
    if (!ProveEqual(normalized, ri[i])) {
      return Fail("CompareBufferAccess buffer indices mismatch. lhs->indices[i + offset]=" +
                  Str(li[i + offset]) + " vs rhs->indices[i]=" + Str(ri[i]));
    }
  }
  return true;
}

}  // namespace tessera::tir
