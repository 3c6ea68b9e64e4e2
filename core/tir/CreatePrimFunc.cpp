#include "tir/CreatePrimFunc.h"

#include <algorithm>
#include <map>
#include <unordered_set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "te/Operation.h"
#include "tir/BlockAccessRegion.h"

namespace tessera::tir {

namespace create_prim_func_detail {

using TensorKey = std::pair<const te::OperationNode*, int>;
TensorKey KeyOf(const te::Tensor& t) { return {t->op.get(), t->value_index}; }

// Replaces te tensor reads (ProducerLoad) by reads of the tensors' buffers.
class ProducerToBuffer : public ir::IRMutator {
 public:
  explicit ProducerToBuffer(const std::map<TensorKey, Buffer>& buffers) : buffers_(buffers) {}
  bool failed = false;

 protected:
  Expr VisitProducerLoad(const ir::ProducerLoadNode* n, const Expr& e) override {
    Expr visited = ir::IRMutator::VisitProducerLoad(n, e);
    const auto* load = visited.as<ir::ProducerLoadNode>();
    te::Tensor t = te::Tensor::from(load->producer);
    auto it = t.defined() ? buffers_.find(KeyOf(t)) : buffers_.end();
    if (it == buffers_.end()) {
      failed = true;
      return visited;
    }
    return ir::MakeBufferLoad(it->second, load->indices);
  }

 private:
  const std::map<TensorKey, Buffer>& buffers_;
};

struct Context {
  std::vector<te::Tensor> args;
  std::map<TensorKey, Buffer> buffers;
  std::vector<Buffer> root_alloc;
  std::map<std::string, int> names;
  arith::Analyzer analyzer;

  bool IsArg(const te::Tensor& t) const {
    return std::any_of(args.begin(), args.end(), [&](const te::Tensor& a) { return a.same_as(t); });
  }
  // NameSupply::FreshName: the name itself the first time, then name_1, name_2, ...
  std::string FreshName(const std::string& base) {
    auto [it, fresh] = names.emplace(base, 0);
    if (fresh) return base;
    for (;;) {
      std::string candidate = base + "_" + std::to_string(++it->second);
      if (names.emplace(candidate, 0).second) return candidate;
    }
  }
  Buffer BufferOf(const te::Tensor& t) const {
    auto it = buffers.find(KeyOf(t));
    return it == buffers.end() ? nullptr : it->second;
  }
};

void PostDfs(const te::Operation& op, std::vector<te::Operation>* order,
             std::unordered_set<const te::OperationNode*>* visited) {
  if (!visited->insert(op.get()).second) return;
  for (const te::Tensor& t : op->InputTensors()) PostDfs(t->op, order, visited);
  order->push_back(op);
}

// TVM's rewrite simplifier states every comparison with < or <= (x >= 1 becomes 1 <= x);
// core/arith keeps >= and >, so the bodies are brought to TVM's spelling here.
class GreaterToLess : public ir::IRMutator {
 protected:
  Expr VisitGE(const ir::BinaryNode* n, const Expr& e) override {
    return ir::MakeBinary(ir::ExprKind::LE, VisitExpr(n->b), VisitExpr(n->a));
  }
  Expr VisitGT(const ir::BinaryNode* n, const Expr& e) override {
    return ir::MakeBinary(ir::ExprKind::LT, VisitExpr(n->b), VisitExpr(n->a));
  }
};

Expr SimplifyLikeTvm(arith::Analyzer* analyzer, const Expr& e) {
  return GreaterToLess().VisitExpr(analyzer->Simplify(e));
}

bool IsTrue(const Expr& e) { return !e.defined() || ir::is_one(e); }

Result<Stmt> ComputeToBlock(const te::ComputeOpNode& op, const te::Tensor& out, Context* ctx) {
  if (op.body.size() != 1) {
    return Error("create_prim_func: compute '" + op.name +
                 "' has several outputs; multi-value computes are not supported yet");
  }
  const auto* reduce = op.body[0].as<ir::ReduceNode>();
  if (reduce && !IsTrue(reduce->condition)) {
    return Error("create_prim_func: the reduction of '" + op.name +
                 "' has a where-condition; conditional reductions are not supported yet");
  }
  std::vector<IterVar> axes = op.axis;
  axes.insert(axes.end(), op.reduce_axis.begin(), op.reduce_axis.end());
  std::vector<std::pair<Var, Range>> loops;
  std::vector<IterVar> iters;
  std::vector<Expr> bindings, store_indices;
  ir::VarMap remap;
  for (const IterVar& axis : axes) {
    for (const IterVar& other : axes) {
      if (ir::UsesVar(axis->dom.min, other->var) || ir::UsesVar(axis->dom.extent, other->var)) {
        return Error("create_prim_func: the domain of axis '" + axis->var.name() + "' of '" +
                     op.name + "' depends on another axis; not supported yet");
      }
    }
    int bits = std::max(axis->dom.min.dtype().bits(), axis->dom.extent.dtype().bits());
    DataType index_type = DataType::Int(bits);
    Var loop_var(axis->var.name(), index_type);
    Var block_var("v_" + axis->var.name(), index_type);
    Range dom(ctx->analyzer.Simplify(axis->dom.min), ctx->analyzer.Simplify(axis->dom.extent));
    loops.emplace_back(loop_var, dom);
    iters.push_back(ir::MakeIterVar(dom, block_var, axis->iter_type));
    bindings.push_back(loop_var);
    if (axis->iter_type != ir::IterVarType::CommReduce) store_indices.push_back(block_var);
    remap[axis->var] = block_var;
  }
  if (iters.empty()) {
    // A scalar output still gets one block iterator, as TVM makes sure of.
    iters.push_back(ir::MakeIterVar(Range(0, 1), Var("vi"), ir::IterVarType::DataPar));
    bindings.push_back(Expr(0));
  }
  Buffer buffer = ir::MakeBuffer(out->name, out->dtype, out->shape);
  ctx->buffers[KeyOf(out)] = buffer;
  if (!ctx->IsArg(out)) ctx->root_alloc.push_back(buffer);

  ProducerToBuffer to_buffer(ctx->buffers);
  auto transform = [&](const Expr& e) { return ir::Substitute(to_buffer.VisitExpr(e), remap); };
  auto block = std::make_shared<BlockNode>();
  if (reduce) {
    Expr lhs = ir::MakeBufferLoad(buffer, store_indices);
    Expr rhs = SimplifyLikeTvm(&ctx->analyzer, transform(reduce->source[0]));
    ir::VarMap combine{{reduce->combiner->lhs[0], lhs}, {reduce->combiner->rhs[0], rhs}};
    Expr combined = ir::Substitute(reduce->combiner->result[0], combine);
    block->body = MakeCompute(ir::MakeBufferStore(buffer, transform(combined), store_indices));
    block->init =
        ir::MakeBufferStore(buffer, transform(reduce->combiner->identity[0]), store_indices);
    block->name = ctx->FreshName(op.name);
  } else {
    Expr value = SimplifyLikeTvm(&ctx->analyzer, transform(op.body[0]));
    block->body = MakeCompute(ir::MakeBufferStore(buffer, value, store_indices));
    block->name = ctx->FreshName(buffer->name);
  }
  if (to_buffer.failed) {
    return Error("create_prim_func: '" + op.name +
                 "' reads a tensor that is neither an argument nor computed by the program");
  }
  block->iter_vars = std::move(iters);
  std::vector<Buffer> known;
  for (const auto& [node, b] : ctx->buffers) known.push_back(b);
  AccessRegions regions = GetBlockAccessRegion(*block, known);
  block->reads = std::move(regions.reads);
  block->writes = std::move(regions.writes);
  Stmt body = MakeBlockRealize(std::move(bindings), ir::make_bool(true), std::move(block));
  for (size_t i = loops.size(); i > 0; --i) {
    const auto& [v, dom] = loops[i - 1];
    body = MakeFor(v, dom.min, dom.extent, ForKind::Serial, std::move(body));
  }
  return body;
}

}  // namespace create_prim_func_detail

Result<PrimFunc> CreatePrimFunc(const std::vector<te::Tensor>& args) {
  using namespace create_prim_func_detail;
  Context ctx;
  ctx.args = args;
  std::vector<te::Operation> order;
  std::unordered_set<const te::OperationNode*> visited;
  for (const te::Tensor& t : args) PostDfs(t->op, &order, &visited);

  std::vector<Stmt> root_stmts;
  for (const te::Operation& op : order) {
    te::Tensor out = te::output_of(op, 0);
    if (op->kind() == te::OpKind::Placeholder) {
      if (!ctx.IsArg(out)) {
        return Error("create_prim_func: placeholder '" + op->name +
                     "' is read but is not among the function's arguments");
      }
      if (!ctx.BufferOf(out)) {
        ctx.buffers[KeyOf(out)] = ir::MakeBuffer(out->name, out->dtype, out->shape);
      }
      continue;
    }
    if (op->kind() != te::OpKind::Compute) {
      return Error(std::string("create_prim_func: ") + te::op_kind_name(op->kind()) + " '" +
                   op->name + "' is not supported yet; only te.placeholder and te.compute are");
    }
    auto stmt = ComputeToBlock(static_cast<const te::ComputeOpNode&>(*op), out, &ctx);
    if (!stmt.ok()) return stmt.error();
    root_stmts.push_back(*stmt);
  }

  PrimFunc func;
  for (const te::Tensor& t : args) {
    Buffer b = ctx.BufferOf(t);
    if (!b) return Error("create_prim_func: argument '" + t->name + "' has no buffer");
    func.params.push_back(b);
  }
  auto root = std::make_shared<BlockNode>();
  root->name = "root";
  root->alloc_buffers = ctx.root_alloc;
  root->body = MakeSeq(std::move(root_stmts));
  func.body = MakeBlockRealize({}, ir::make_bool(true), std::move(root));
  return func;
}

}  // namespace tessera::tir
