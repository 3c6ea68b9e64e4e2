// cache_index (TVM's primitive/cache_index.cc): the index computations a block repeats,
// each precomputed once into a buffer `index_var_<i>` by a block `index_<i>` placed before
// the block's subtree in its scope; the block then reads the buffer instead. Which
// computations: TVM's common-subexpression rules (transforms/common_subexpr_elim_tools):
// the largest pure computations of the block's stores, merged where they simplify to the
// same expression, kept where seen at least cse_thresh times (a rarer one gives way to its
// direct subexpressions), ordered by size. The block's read regions stay as they were, as
// in TVM.
#include <algorithm>
#include <unordered_map>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "arith/MapChildren.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/primitive/CacheStage.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {
namespace {

using Counted = std::vector<std::pair<Expr, size_t>>;
using ir::ExprKind;

size_t Complexity(const Expr& e) {
  size_t n = 0;
  ir::PostOrderVisit(e, [&](const Expr&) { ++n; });
  return n;
}

bool IsAtom(const Expr& e) {
  return e.kind() == ExprKind::IntImm || e.kind() == ExprKind::FloatImm ||
         e.kind() == ExprKind::StringImm || e.kind() == ExprKind::Var;
}

// TVM's IsEligibleComputation: no side effect beyond pure (no load, no impure call), more
// than one node, not a vector ramp or broadcast.
bool IsEligible(const Expr& e) {
  if (e.kind() == ExprKind::Ramp || e.kind() == ExprKind::Broadcast) return false;
  bool pure = true;
  ir::PostOrderVisit(e, [&](const Expr& x) {
    if (x.kind() == ExprKind::BufferLoad || x.kind() == ExprKind::ProducerLoad) pure = false;
    if (const auto* c = x.as<ir::CallNode>(); c && c->call_kind != ir::CallKind::PureIntrinsic)
      pure = false;
  });
  return pure && Complexity(e) > 1;
}

// TVM's legacy repr (AsLegacyRepr), by which equivalent computations pick their
// representative: the first in this text's order.
std::string LegacyRepr(const Expr& e) {
  if (const int64_t* v = ir::as_const_int(e))
    return e.dtype() == DataType::Int(32) ? std::to_string(*v)
                                          : "(" + e.dtype().str() + ")" + std::to_string(*v);
  if (const auto* var = e.as<ir::VarNode>()) return var->name;
  if (const auto* b = e.as<ir::BinaryNode>()) {
    const std::string a = LegacyRepr(b->a), c = LegacyRepr(b->b);
    switch (b->kind) {
      case ExprKind::Add:
        return "(" + a + " + " + c + ")";
      case ExprKind::Sub:
        return "(" + a + " - " + c + ")";
      case ExprKind::Mul:
        return "(" + a + "*" + c + ")";
      case ExprKind::Div:
        return "(" + a + "/" + c + ")";
      case ExprKind::Mod:
        return "(" + a + " % " + c + ")";
      case ExprKind::FloorDiv:
        return "floordiv(" + a + ", " + c + ")";
      case ExprKind::FloorMod:
        return "floormod(" + a + ", " + c + ")";
      case ExprKind::Min:
        return "min(" + a + ", " + c + ")";
      case ExprKind::Max:
        return "max(" + a + ", " + c + ")";
      default:
        break;
    }
  }
  if (const auto* c = e.as<ir::CastNode>())
    return c->dtype.str() + "(" + LegacyRepr(c->value) + ")";
  return ExprToTVMScript(e);
}

class CandidateFinder {
 public:
  explicit CandidateFinder(int64_t cse_thresh) : thresh_(static_cast<size_t>(cse_thresh)) {}

  // TVM's IndexInfoCollector on one store of the block: its candidates join `found_`,
  // which stays ordered by decreasing size.
  void AddStore(const ir::BufferStoreNode& store) {
    Counted table;
    Count(store.value, &table);
    for (const Expr& index : store.indices) Count(index, &table);
    Counted semantic = Semantic(table);
    for (size_t i = 0; i < semantic.size(); ++i) {
      if (semantic[i].second >= thresh_) continue;
      std::vector<Expr> direct;
      DirectSubexprs(semantic[i].first, /*entered=*/false, &direct);
      InsertSorted(&semantic, direct, semantic[i].second);
    }
    ir::PostOrderVisit(store.value, [&](const Expr& node) {
      const Expr norm = Norm(node);
      for (const auto& [computation, count] : semantic) {
        if (count < thresh_ || !ir::StructuralEqual(norm, Norm(computation))) continue;
        bool known = std::any_of(found_.begin(), found_.end(), [&](const Expr& f) {
          return ir::StructuralEqual(f, computation);
        });
        if (!known) found_.push_back(computation);
      }
    });
    std::stable_sort(found_.begin(), found_.end(),
                     [this](const Expr& a, const Expr& b) { return Size(a) > Size(b); });
  }

  const std::vector<Expr>& found() const { return found_; }
  bool Equivalent(const Expr& a, const Expr& b) { return ir::StructuralEqual(Norm(a), Norm(b)); }

 private:
  // A computation's simplified form and size, worked out once per node (the entry holds
  // the node, so its address is not reused while the finder lives).
  struct Memo {
    Expr node, norm;
    size_t size = 0;
  };
  const Memo& Of(const Expr& e) {
    auto [it, fresh] = memo_.try_emplace(e.get());
    if (fresh) it->second = {e, analyzer_.Simplify(e), Complexity(e)};
    return it->second;
  }
  const Expr& Norm(const Expr& e) { return Of(e).norm; }
  size_t Size(const Expr& e) { return Of(e).size; }

  static void Add(Counted* table, const Expr& e, size_t n) {
    for (auto& entry : *table)
      if (ir::StructuralEqual(entry.first, e)) {
        entry.second += n;
        return;
      }
    table->push_back({e, n});
  }

  // TVM's ComputationsDoneBy: the largest eligible computations, counted per occurrence.
  static void Count(const Expr& e, Counted* table) {
    if (IsAtom(e)) return;
    if (IsEligible(e)) return Add(table, e, 1);
    arith::MapChildren(e, [&](const Expr& child) {
      Count(child, table);
      return child;
    });
  }

  // TVM's SyntacticToSemanticComputations: computations equal after simplification are
  // one, represented by the first in legacy-repr order, their counts added.
  Counted Semantic(Counted table) {
    std::stable_sort(table.begin(), table.end(), [](const auto& a, const auto& b) {
      return LegacyRepr(a.first) < LegacyRepr(b.first);
    });
    Counted out;
    std::vector<Expr> norms;
    for (const auto& [e, n] : table) {
      const Expr norm = Norm(e);
      auto it = std::find_if(norms.begin(), norms.end(),
                             [&](const Expr& x) { return ir::StructuralEqual(x, norm); });
      if (it == norms.end()) {
        norms.push_back(norm);
        out.push_back({e, n});
      } else {
        out[static_cast<size_t>(it - norms.begin())].second += n;
      }
    }
    return out;
  }

  // TVM's DirectSubexpr: the largest eligible computations strictly inside `e`.
  static void DirectSubexprs(const Expr& e, bool entered, std::vector<Expr>* out) {
    if (entered && IsEligible(e)) {
      out->push_back(e);
      return;
    }
    arith::MapChildren(e, [&](const Expr& child) {
      DirectSubexprs(child, true, out);
      return child;
    });
  }

  // TVM's InsertVectorToSortedSemanticComputations: a known one counts `n` more, a new
  // one goes after those at least as large.
  void InsertSorted(Counted* sorted, const std::vector<Expr>& exprs, size_t n) {
    for (const Expr& e : exprs) {
      auto it = std::find_if(sorted->begin(), sorted->end(),
                             [&](const auto& entry) { return Equivalent(entry.first, e); });
      if (it != sorted->end()) {
        it->second += n;
        continue;
      }
      const size_t size = Size(e);
      auto at = std::find_if(sorted->begin(), sorted->end(),
                             [&](const auto& entry) { return Size(entry.first) < size; });
      sorted->insert(at, {e, n});
    }
  }

  size_t thresh_;
  std::vector<Expr> found_;
  arith::Analyzer analyzer_;
  std::unordered_map<const ir::ExprNode*, Memo> memo_;
};

// The stores of the block itself (its init first, as TVM visits them), not of blocks
// nested in it.
void CollectStores(const ir::Stmt& s, std::vector<const ir::BufferStoreNode*>* out) {
  if (!s.defined()) return;
  if (const auto* store = s.as<ir::BufferStoreNode>()) return out->push_back(store);
  struct Visitor : ir::IRVisitor {
    std::vector<const ir::BufferStoreNode*>* out;
    void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
      out->push_back(n);
      ir::IRVisitor::VisitBufferStore(n, s);
    }
  } visitor;
  visitor.out = out;
  visitor.VisitStmt(s);
}

void CollectStores(const Stmt& s, std::vector<const ir::BufferStoreNode*>* out) {
  PreOrderVisit(s, [&](const StmtNode* n) {
    if (const auto* c = As<ComputeNode>(n)) CollectStores(c->stmt, out);
    return As<BlockRealizeNode>(n) == nullptr;
  });
}

// Appends the variables of `e` that are keys of `of`, each once, in order of appearance.
template <typename Map>
void AppendVarsInOrder(const Expr& e, const Map& of, std::vector<Var>* out) {
  ir::PostOrderVisit(e, [&](const Expr& x) {
    if (!x.as<ir::VarNode>() || !of.count(x.get())) return;
    if (std::none_of(out->begin(), out->end(), [&](const Var& v) { return v.get() == x.get(); }))
      out->push_back(Var::from(x));
  });
}

// One precomputed index: its buffer, the block iterators it is indexed by, its stage.
struct IndexStage {
  Buffer buffer;
  std::vector<Var> block_vars;
  Stmt stage;
};

DataType LoopDataType(const Range& r) {
  arith::Analyzer analyzer;
  Expr last = r.min + r.extent - 1;
  bool fits = analyzer.CanProve(ir::ge(r.min, ir::make_const(r.min.dtype(), int64_t{INT32_MIN}))) &&
              analyzer.CanProve(ir::le(last, ir::make_const(last.dtype(), int64_t{INT32_MAX})));
  return fits ? DataType::Int(32) : DataType::Int(64);
}

bool NameTaken(const ScheduleState& state, const std::string& block, const std::string& buffer) {
  if (!state.FindBlocks(block).empty()) return true;
  for (const Buffer& b : state.AllBuffers())
    if (b->name == buffer) return true;
  return false;
}

}  // namespace

Result<std::vector<std::string>> CacheIndex(ScheduleState* state, const std::string& block_name,
                                            const std::string& storage_scope, int64_t cse_thresh) {
  if (cse_thresh < 0)
    return ScheduleError("ValueError", "cache_index: cse_thresh should not be negative, got " +
                                           std::to_string(cse_thresh));
  if (Status s = cache_stage::CheckStorageScope(storage_scope); !s.ok()) return s.error();
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* target = *found;
  const BlockRealizeNode* scope = state->ScopeOf(target);
  if (!scope) return ScheduleError("ValueError", "cache_index: the root block has no scope");
  const BlockNode& block = *target->block;

  std::vector<const ir::BufferStoreNode*> stores;
  CollectStores(block.init, &stores);
  CollectStores(block.body, &stores);
  CandidateFinder finder(cse_thresh);
  for (const ir::BufferStoreNode* store : stores) finder.AddStore(*store);
  const std::vector<Expr>& exprs = finder.found();
  // Nothing to precompute: unchanged, as TVM's documentation says (its implementation
  // fails on an empty sequence of stages).
  if (exprs.empty()) return std::vector<std::string>{};

  // The loops above the block in its scope, and its iterators' bindings.
  arith::IntSetMap loop_sets;
  std::map<const ir::ExprNode*, Range> loop_ranges;
  for (const ForNode* loop : state->LoopsAbove(target)) {
    loop_ranges[loop->loop_var.get()] = Range(loop->min, loop->extent);
    loop_sets[loop->loop_var] = arith::IntSet::FromRange(Range(loop->min, loop->extent));
  }
  std::map<const ir::ExprNode*, Expr> binding;
  for (size_t i = 0; i < block.iter_vars.size() && i < target->iter_values.size(); ++i)
    binding[block.iter_vars[i]->var.get()] = target->iter_values[i];

  arith::Analyzer analyzer;
  std::vector<IndexStage> stages;
  std::vector<std::string> names;
  int number = 0;
  for (const Expr& e : exprs) {
    IndexStage st;
    // The block iterators the computation uses (a variable that is no iterator, a
    // symbolic shape, stays as it is), then the loops their bindings use.
    AppendVarsInOrder(e, binding, &st.block_vars);
    std::vector<Var> loops;
    for (const Var& v : st.block_vars) AppendVarsInOrder(binding[v.get()], loop_ranges, &loops);
    while (
        NameTaken(*state, "index_" + std::to_string(number), "index_var_" + std::to_string(number)))
      ++number;
    const std::string suffix = std::to_string(number++);
    // One element per value of the iterators: their bindings' largest value plus one
    // (TVM's shape; its block iterators take the extent of the loop at the same place,
    // which differs where a binding uses two loops: here each takes its own shape).
    std::vector<Expr> shape;
    for (const Var& v : st.block_vars) {
      arith::IntSet set = arith::EvalSet(binding[v.get()], loop_sets, &analyzer);
      if (!set.has_upper_bound())
        return ScheduleError("ValueError", "cache_index: the binding " +
                                               ExprToTVMScript(binding[v.get()]) + " of " +
                                               v.name() + " in block " + block.name +
                                               " has no upper bound to size the index buffer");
      shape.push_back(analyzer.Simplify(set.max() + 1));
    }
    st.buffer = ir::MakeBuffer("index_var_" + suffix, e.dtype(), shape, storage_scope);
    {
      auto n = std::make_shared<ir::BufferNode>(*st.buffer);
      n->strides = {ir::make_const(DataType::Int(32), int64_t{1})};  // as TVM declares it
      st.buffer = n;
    }
    ir::VarMap loop_map, iter_map;
    std::vector<Var> new_loops;
    for (size_t j = 0; j < loops.size(); ++j) {
      Var ax("ax" + std::to_string(j), LoopDataType(loop_ranges[loops[j].get()]));
      loop_map[loops[j]] = ax;
      new_loops.push_back(ax);
    }
    std::vector<IterVar> iters;
    std::vector<Expr> values, indices;
    for (size_t k = 0; k < st.block_vars.size(); ++k) {
      Var v("v" + std::to_string(k), st.block_vars[k].dtype());
      iters.push_back(
          ir::MakeIterVar(Range(ir::make_zero(v.dtype()), shape[k]), v, ir::IterVarType::DataPar));
      values.push_back(ir::Substitute(binding[st.block_vars[k].get()], loop_map));
      indices.push_back(v);
      iter_map[st.block_vars[k]] = v;
    }
    auto b = std::make_shared<BlockNode>();
    b->name = "index_" + suffix;
    b->iter_vars = iters;
    Region written;
    for (const Expr& i : indices) written.emplace_back(i, ir::make_const(i.dtype(), int64_t{1}));
    b->writes = {{st.buffer, written}};
    b->body = MakeCompute(ir::MakeBufferStore(st.buffer, ir::Substitute(e, iter_map), indices));
    Stmt stage = MakeBlockRealize(values, ir::make_bool(true), std::move(b));
    for (size_t j = loops.size(); j > 0; --j) {
      const Range& r = loop_ranges[loops[j - 1].get()];
      stage = MakeFor(new_loops[j - 1], r.min, r.extent, ForKind::Serial, stage);
    }
    st.stage = stage;
    names.push_back("index_" + suffix);
    stages.push_back(std::move(st));
  }

  // The block's stores read the buffers: the largest computations replaced first.
  std::function<Expr(const Expr&, size_t)> replace = [&](const Expr& x, size_t i) -> Expr {
    if (finder.Equivalent(x, exprs[i])) {
      std::vector<Expr> at(stages[i].block_vars.begin(), stages[i].block_vars.end());
      return ir::MakeBufferLoad(stages[i].buffer, at);
    }
    return arith::MapChildren(x, [&](const Expr& c) { return replace(c, i); });
  };
  struct StoreRewriter : ir::IRMutator {
    std::function<Expr(const Expr&)> f;
    ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt&) override {
      std::vector<Expr> indices;
      for (const Expr& i : n->indices) indices.push_back(f(i));
      return ir::MakeBufferStore(n->buffer, f(n->value), indices);
    }
  } rewriter;
  rewriter.f = [&](const Expr& x) {
    Expr out = x;
    for (size_t i = 0; i < exprs.size(); ++i) out = replace(out, i);
    return out;
  };
  auto rewritten = std::make_shared<BlockNode>(block);
  if (block.init.defined()) rewritten->init = rewriter.VisitStmt(block.init);
  rewritten->body =
      MapComputes(block.body, [&](const ir::Stmt& st) { return rewriter.VisitStmt(st); });

  // The stages go before the scope's child that holds the block; the scope allocates.
  const BlockNode& scope_block = *scope->block;
  Stmt body = MapRealizes(scope_block.body, [&](const BlockRealizeNode& r) -> Stmt {
    if (&r != target) return MakeBlockRealize(r.iter_values, r.predicate, r.block);
    return MakeBlockRealize(r.iter_values, r.predicate, rewritten);
  });
  std::vector<Stmt> stage_stmts;
  for (const IndexStage& st : stages) stage_stmts.push_back(st.stage);
  const std::vector<const StmtNode*> path = state->PathTo(target);
  if (const auto* seq = As<SeqNode>(body)) {
    const auto* old_seq = As<SeqNode>(scope_block.body);
    size_t pos = 0;
    for (size_t i = 0; old_seq && i < old_seq->seq.size(); ++i)
      if (std::find(path.begin(), path.end(), old_seq->seq[i].get()) != path.end()) pos = i;
    std::vector<Stmt> v = seq->seq;
    v.insert(v.begin() + static_cast<long>(pos), stage_stmts.begin(), stage_stmts.end());
    body = MakeSeq(std::move(v));
  } else {
    std::vector<Stmt> v = stage_stmts;
    v.push_back(body);
    body = MakeSeq(std::move(v));
  }
  auto new_scope = std::make_shared<BlockNode>(scope_block);
  new_scope->body = body;
  for (const IndexStage& st : stages) new_scope->alloc_buffers.push_back(st.buffer);
  state->Replace(scope, MakeBlockRealize(scope->iter_values, scope->predicate, new_scope));
  return names;
}

}  // namespace tessera::tir
