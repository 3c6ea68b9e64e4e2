// loop_partition (TVM 0.20's LoopPartition in primitive/loop_transformation.cc): a loop cut
// into consecutive loops, each in a block "<block>_<loop><n>_partition" without iterators,
// all under "<block>_<loop>_common", where <block> is the first block under the loop. The
// factors are the lengths of the partitions; one may be None (what the others leave) and,
// without one, a last partition runs to the extent.
//
// TVM's rewrite is kept as it is, so that printed functions match: every block under a
// partition gets the partition's loop name as a suffix; a block whose iterator is bound to
// the loop itself gets the partition's range as that iterator's domain and, for each buffer
// it accesses with plain iterators, its regions become those iterators' domains. Two cases
// where TVM's result computes something else are refused instead: the reduction loop of a
// block with an init (each partition would initialize again) and a loop that does not start
// at 0 (TVM cuts it at the factors' sums as if it did).
#include <map>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace loop_partition_detail {

// TVM's BufferIndicesMapExtractor: per buffer name, the names of the first access' indices
// when they are all plain variables.
class BufferIndexNames : public ir::IRVisitor {
 public:
  std::map<std::string, std::vector<std::string>> names;

  void Collect(const Stmt& s) {
    PreOrderVisit(s, [&](const StmtNode* n) {
      if (const auto* c = As<ComputeNode>(n)) VisitStmt(c->stmt);
      if (const auto* r = As<BlockRealizeNode>(n); r && r->block->init.defined())
        VisitStmt(r->block->init);
      return true;
    });
  }

 protected:
  void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    Record(n->buffer->name, n->indices);
    ir::IRVisitor::VisitBufferStore(n, s);
  }
  void VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Record(n->buffer->name, n->indices);
    ir::IRVisitor::VisitBufferLoad(n, e);
  }

 private:
  void Record(const std::string& buffer, const std::vector<Expr>& indices) {
    std::vector<std::string> out;
    for (const Expr& i : indices) {
      const auto* v = i.as<ir::VarNode>();
      if (!v) return;
      out.push_back(Var::from(i).name());
    }
    names.emplace(buffer, std::move(out));
  }
};

// TVM's BlockMutator: the body of one partition, its loop variable `var` running over
// [min, end).
class PartitionRewriter {
 public:
  PartitionRewriter(Var var, Expr min, Expr end)
      : var_(std::move(var)), min_(std::move(min)), end_(std::move(end)) {}

  Stmt Visit(const Stmt& s) {
    if (!s) return s;
    if (As<ComputeNode>(s)) return s;
    if (const auto* seq = As<SeqNode>(s)) {
      std::vector<Stmt> out;
      for (const Stmt& e : seq->seq) out.push_back(Visit(e));
      return MakeSeq(std::move(out));
    }
    if (const auto* loop = As<ForNode>(s)) {
      // A fresh variable for each loop below, so that the partitions' loops are distinct.
      Var fresh(loop->loop_var.name(), loop->loop_var.dtype());
      auto n = std::make_shared<ForNode>(*loop);
      n->loop_var = fresh;
      n->body = SubstituteTir(Visit(loop->body), {{loop->loop_var, fresh}});
      return n;
    }
    const auto* realize = As<BlockRealizeNode>(s);
    for (size_t i = 0; i < realize->iter_values.size(); ++i) {
      if (const auto* v = realize->iter_values[i].as<ir::VarNode>(); v && v == var_.get()) {
        index_ = static_cast<int>(i);
        break;
      }
    }
    return VisitBlock(*realize);
  }

 private:
  Stmt VisitBlock(const BlockRealizeNode& realize) {
    auto block = std::make_shared<BlockNode>(*realize.block);
    block->body = Visit(block->body);
    block->init_nest = Visit(block->init_nest);
    block->name += "_" + var_.name();
    if (block->iter_vars.empty() || index_ < 0)
      return MakeBlockRealize(realize.iter_values, realize.predicate, std::move(block));
    const Var bound = block->iter_vars[size_t(index_)]->var;
    index_ = -1;
    ir::VarMap fresh;
    std::map<std::string, Range> domains;
    for (IterVar& iv : block->iter_vars) {
      Var v(iv->var.name(), iv->var.dtype());
      Range dom = iv->dom;
      if (iv->var.same_as(bound)) {
        Expr lo = ir::cast(v.dtype(), min_), hi = ir::cast(v.dtype(), end_);
        dom = Range(lo, arith::Analyzer().Simplify(ir::sub(hi, lo)));
      }
      fresh[iv->var] = v;
      domains[v.name()] = dom;
      iv = ir::MakeIterVar(dom, v, iv->iter_type);
    }
    BufferIndexNames indices;
    indices.Collect(block->body);
    for (auto* regions : {&block->reads, &block->writes}) {
      for (BufferRegion& r : *regions) {
        auto it = indices.names.find(r.buffer->name);
        if (it == indices.names.end()) continue;
        Region region;
        for (const std::string& name : it->second) {
          auto dom = domains.find(name);
          if (dom == domains.end()) break;
          region.push_back(dom->second);
        }
        if (region.size() == it->second.size()) r.region = std::move(region);
      }
    }
    return SubstituteTir(MakeBlockRealize(realize.iter_values, realize.predicate, std::move(block)),
                         fresh);
  }

  Var var_;
  Expr min_, end_;
  int index_ = -1;  // the position of the iterator bound to var_ in the realize visited last
};

// The first block under the loop (TVM follows the loops down to it).
const BlockNode* FirstBlock(const Stmt& body) {
  const BlockNode* found = nullptr;
  PreOrderVisit(body, [&](const StmtNode* n) {
    if (found) return false;
    if (const auto* r = As<BlockRealizeNode>(n)) found = r->block.get();
    return !found;
  });
  return found;
}

// Each partition would run the init of a block whose reduction iterator the loop binds.
Status CheckNoInitUnderReduction(const ForNode* loop) {
  Status out = Status::Ok();
  PreOrderVisit(loop->body, [&](const StmtNode* n) {
    const auto* r = As<BlockRealizeNode>(n);
    if (!r || !out.ok()) return out.ok();
    const BlockNode& b = *r->block;
    for (size_t i = 0; i < b.iter_vars.size() && i < r->iter_values.size(); ++i) {
      if (b.iter_vars[i]->iter_type != ir::IterVarType::CommReduce || !HasInit(b) ||
          !ir::UsesVar(r->iter_values[i], loop->loop_var))
        continue;
      out = ScheduleError("LoopPartitionInitError",
                          "loop_partition of " + loop->loop_var.name() + ": the block " + b.name +
                              " has an init (T.init) and its reduction iterator " +
                              b.iter_vars[i]->var.name() +
                              " is bound to the loop; each partition would initialize " + b.name +
                              " again and lose what the partitions before it summed (TVM does so). "
                              "Decompose the reduction first (decompose_reduction)");
      return false;
    }
    return true;
  });
  return out;
}

}  // namespace loop_partition_detail

Result<std::vector<Var>> LoopPartition(ScheduleState* state, const Var& loop_var,
                                       std::vector<Expr> factors) {
  using namespace loop_partition_detail;
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  const ForNode* loop = *live;
  const std::string name = loop_var.name();
  const int64_t* extent = ir::as_const_int(loop->extent);
  if (!ir::as_const_int(loop->min) || !extent)
    return ScheduleError("SymbolicShapeError",
                         "The min and extent values of the loop are required to be known at "
                         "compile time. However, dynamic shape has been detected (loop " +
                             name + " of extent " + ExprToTVMScript(loop->extent) + ")");
  if (factors.empty())
    return ScheduleError("ValueError", "loop_partition needs at least one factor");
  // Factor inference and checks (TVM's ConcreteScheduleNode::LoopPartition).
  int infer_index = -1;
  int64_t total = 0;
  for (size_t i = 0; i < factors.size(); ++i) {
    if (!factors[i].defined()) {
      if (infer_index != -1)
        return ScheduleError("NotSingleInferFactorError",
                             "Only one factor can be specified as -1 or none");
      infer_index = static_cast<int>(i);
      continue;
    }
    const int64_t* c = ir::as_const_int(factors[i]);
    if (!c)
      return ScheduleError("ValueError", "loop_partition: the factor at position " +
                                             std::to_string(i) + " (" +
                                             ExprToTVMScript(factors[i]) + ") is not a constant");
    if (*c <= 0)
      return ScheduleError("NonPositiveFactorError",
                           "All the constant factors are required to be positive. However, the "
                           "factor at position " +
                               std::to_string(i) + " is " + std::to_string(*c));
    total += *c;
  }
  if (total >= *extent)
    return ScheduleError("WrongFactorError",
                         "The sum of factors is larger than or equal to the extent of loop " +
                             name + " (sum " + std::to_string(total) + ", extent " +
                             std::to_string(*extent) + ")");
  if (Status s = CheckNoAnnotation(loop); !s.ok()) return s.error();
  if (Status s = CheckStartsWithZero(loop); !s.ok()) return s.error();
  if (Status s = CheckNoInitUnderReduction(loop); !s.ok()) return s.error();

  // The partitions' ends: the factors' running sums, the extent last.
  std::vector<int64_t> ends;
  int64_t end = 0;
  for (const Expr& f : factors) {
    end += f.defined() ? *ir::as_const_int(f) : *extent - total;
    ends.push_back(end);
  }
  if (infer_index == -1) ends.push_back(*extent);

  const BlockNode* first = FirstBlock(loop->body);
  const std::string prefix = (first ? first->name : std::string("loop")) + "_" + name;
  const DataType dtype = loop_var.dtype();
  std::vector<Var> vars;
  std::vector<Stmt> partitions;
  int64_t min = 0;
  for (size_t i = 0; i < ends.size(); ++i) {
    Var v(name + std::to_string(i), dtype);
    Expr lo = ir::make_const(dtype, min), hi = ir::make_const(dtype, ends[i]);
    Stmt body = SubstituteTir(loop->body, {{loop_var, v}});
    body = PartitionRewriter(v, lo, hi).Visit(body);
    Stmt part = MakeFor(v, lo, ir::make_const(dtype, ends[i] - min), ForKind::Serial, body);
    auto block = std::make_shared<BlockNode>();
    block->name = prefix + std::to_string(i) + "_partition";
    block->body = std::move(part);
    partitions.push_back(MakeBlockRealize({}, ir::make_bool(true), std::move(block)));
    vars.push_back(v);
    min = ends[i];
  }
  auto common = std::make_shared<BlockNode>();
  common->name = prefix + "_common";
  common->body = MakeSeq(std::move(partitions));
  state->Replace(loop, MakeBlockRealize({}, ir::make_bool(true), std::move(common)));
  return vars;
}

}  // namespace tessera::tir
