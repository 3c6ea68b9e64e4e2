#include "reference/ReferenceStage.h"

#include <algorithm>
#include <functional>
#include <mutex>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "runtime/ThreadPool.h"

namespace tessera::reference {

using namespace runtime;

using ir::DataType;

void TensorTable::Add(const te::Tensor& t, NDArray array) {
  auto r = std::make_unique<ReadableTensor>();
  r->name = t.name();
  r->strides.assign(array.shape().size(), 1);
  for (int d = static_cast<int>(array.shape().size()) - 2; d >= 0; --d)
    r->strides[d] = r->strides[d + 1] * array.shape()[d + 1];
  r->array = std::move(array);
  tensors_[{t->op.get(), t->value_index}] = std::move(r);
}

const ReadableTensor* TensorTable::Find(const te::Tensor& t) const {
  auto it = tensors_.find({t->op.get(), t->value_index});
  return it == tensors_.end() ? nullptr : it->second.get();
}

Result<int64_t> EvalScalar(const ir::Expr& e, const ScalarArgs& constants,
                           const std::string& stage) {
  CompileScope scope;
  scope.stage = stage;
  scope.constants = constants;
  LaneCompiler compiler(std::move(scope));
  auto node = compiler.Compile(e);
  if (!node) return node.error();
  Frame fr = compiler.MakeFrame();
  Lanes v = EvalLanes(**node, fr, 1, nullptr);
  if (!fr.error.empty()) return Error(fr.error);
  return (*node)->type().is_float() ? static_cast<int64_t>(v.f[0]) : v.i[0];
}

namespace {

// What the compiler produced for one stage.
struct StageProgram {
  std::unique_ptr<LaneCompiler> compiler;
  std::vector<LaneNodePtr> bodies;  // element-wise stages
  // Reductions: per reduce axis its domain; the reducer's sources, condition, combine
  // results (lhs/rhs bound) and identities.
  std::vector<LaneNodePtr> red_min, red_extent;
  std::vector<int> red_slot;
  std::vector<LaneNodePtr> sources, combine, identity;
  std::vector<int> lhs_bound, rhs_bound;
  LaneNodePtr condition;
  std::vector<int> value_index;  // per output: which reducer value it stores
  std::string fast_reducer;      // "sum" / "max" / "min" for one float value, else ""
};

bool IsVarNode(const ir::Expr& e, const ir::Var& v) { return e.get() == v.get(); }

// The reducer is plain `lhs op rhs` on one float value: combine without the tree.
std::string FastReducer(const ir::CommReducerNode& r) {
  if (r.result.size() != 1 || !r.result[0].dtype().is_float()) return "";
  const auto* b = r.result[0].as<ir::BinaryNode>();
  if (!b || !IsVarNode(b->a, r.lhs[0]) || !IsVarNode(b->b, r.rhs[0])) return "";
  switch (b->kind) {
    case ir::ExprKind::Add:
      return "sum";
    case ir::ExprKind::Max:
      return "max";
    case ir::ExprKind::Min:
      return "min";
    default:
      return "";
  }
}

// Registers every tensor the expressions read with the compile scope.
Status RegisterReads(const std::vector<ir::Expr>& exprs, const TensorTable& table,
                     CompileScope* scope) {
  for (const te::Tensor& t : te::TensorsReadBy(exprs)) {
    const ReadableTensor* r = table.Find(t);
    if (!r) return Error("stage " + scope->stage + " reads '" + t.name() + "', which has no value");
    scope->tensors[t.get()] = r;
  }
  // Loads through another handle of the same output (a different TensorNode).
  for (const ir::Expr& e : exprs)
    ir::PostOrderVisit(e, [&](const ir::Expr& x) {
      const auto* load = x.as<ir::ProducerLoadNode>();
      if (!load || scope->tensors.count(load->producer.get())) return;
      te::Tensor t = te::Tensor::from(load->producer);
      if (!t.defined()) return;
      if (const ReadableTensor* r = table.Find(t)) scope->tensors[load->producer.get()] = r;
    });
  return Status::Ok();
}

Result<LaneNodePtr> CompileIn(LaneCompiler& c, const ir::Expr& e) { return c.Compile(e); }

Status CompileReduction(const te::ComputeOpNode& op, StageProgram* p) {
  LaneCompiler& c = *p->compiler;
  const auto* first = op.body[0].as<ir::ReduceNode>();
  for (const ir::Expr& b : op.body) {
    const auto* r = b.as<ir::ReduceNode>();
    if (!r) return Error("stage " + op.name + ": a body mixes reductions and element-wise values");
    p->value_index.push_back(r->value_index);
  }
  for (const ir::IterVar& iv : first->axis) {
    auto mn = CompileIn(c, iv->dom.min);
    if (!mn) return mn.error();
    auto ex = CompileIn(c, iv->dom.extent);
    if (!ex) return ex.error();
    p->red_min.push_back(std::move(*mn));
    p->red_extent.push_back(std::move(*ex));
  }
  for (const ir::Expr& s : first->source) {
    auto n = CompileIn(c, s);
    if (!n) return n.error();
    p->sources.push_back(std::move(*n));
  }
  if (first->condition.defined() && !ir::is_one(first->condition)) {
    auto n = CompileIn(c, first->condition);
    if (!n) return n.error();
    p->condition = std::move(*n);
  }
  const ir::CommReducerNode& red = *first->combiner;
  if (red.lhs.size() != first->source.size() || red.result.size() != red.lhs.size() ||
      red.identity.size() != red.lhs.size())
    return Error("stage " + op.name + ": the reducer '" + red.name +
                 "' does not match its sources");
  for (size_t v = 0; v < red.lhs.size(); ++v) {
    p->lhs_bound.push_back(c.Bind(red.lhs[v], false));
    p->rhs_bound.push_back(c.Bind(red.rhs[v], false));
  }
  for (size_t v = 0; v < red.lhs.size(); ++v) {
    auto n = CompileIn(c, red.result[v]);
    if (!n) return n.error();
    p->combine.push_back(std::move(*n));
    auto id = CompileIn(c, red.identity[v]);
    if (!id) return id.error();
    p->identity.push_back(std::move(*id));
  }
  for (int vi : p->value_index)
    if (vi < 0 || vi >= static_cast<int>(red.lhs.size()))
      return Error("stage " + op.name + ": a reduction output has no reducer value");
  p->fast_reducer = FastReducer(red);
  return Status::Ok();
}

// The per-thread accumulators of a reduction chunk.
struct Accumulators {
  std::vector<std::vector<double>> f;
  std::vector<std::vector<int64_t>> i;
  std::vector<std::vector<double>> next_f;  // combine results before the masked copy
  std::vector<std::vector<int64_t>> next_i;
  std::vector<uint8_t> mask;
  explicit Accumulators(size_t values)
      : f(values, std::vector<double>(kChunk)),
        i(values, std::vector<int64_t>(kChunk)),
        next_f(values, std::vector<double>(kChunk)),
        next_i(values, std::vector<int64_t>(kChunk)),
        mask(kChunk) {}
  Lanes lanes(size_t v) const { return Lanes{f[v].data(), i[v].data(), false}; }
};

template <int Bits>
double RoundBits(double v) {
  if constexpr (Bits == 32)
    return static_cast<float>(v);
  else
    return v;
}

// acc = acc (op) x on active lanes, float32/float64 accumulation in the output type (as
// a TVM kernel accumulates: a float32 sum is a float32 sum, so Compare's tolerance for
// float32 stays meaningful).
template <int Bits>
void CombineFast(const std::string& op, double* acc, const Lanes& x, int n, const uint8_t* mask) {
  auto each = [&](auto f) {
    if (x.scalar) {
      for (int l = 0; l < n; ++l)
        if (!mask || mask[l]) acc[l] = f(acc[l], x.f[0]);
    } else if (!mask) {
      for (int l = 0; l < n; ++l) acc[l] = f(acc[l], x.f[l]);
    } else {
      for (int l = 0; l < n; ++l)
        if (mask[l]) acc[l] = f(acc[l], x.f[l]);
    }
  };
  if (op == "sum")
    each([](double a, double v) { return RoundBits<Bits>(a + v); });
  else if (op == "max")
    each([](double a, double v) { return a < v ? v : a; });
  else
    each([](double a, double v) { return v < a ? v : a; });
}

// One chunk of a reduction: identity, every reduce point, store.
class ReductionRunner {
 public:
  ReductionRunner(const StageProgram& p, Frame& fr, int n)
      : p_(p), fr_(fr), n_(n), acc_(p.combine.size()) {}

  Lanes Run(size_t output) { return acc_.lanes(p_.value_index[output]); }

  void Reduce() {
    // Per lane: the identity may read the compute's axes (a Select on one, as TVM's
    // test_loop_dep_reduce_cache_write).
    for (size_t v = 0; v < p_.identity.size(); ++v) {
      Lanes id = EvalLanes(*p_.identity[v], fr_, n_, nullptr);
      for (int l = 0; l < n_; ++l) {
        int k = id.scalar ? 0 : l;
        acc_.f[v][l] = id.f ? id.f[k] : 0.0;
        acc_.i[v][l] = id.i ? id.i[k] : 0;
      }
    }
    Level(0);
  }

 private:
  void Level(size_t level) {
    if (level == p_.red_min.size()) {
      Point();
      return;
    }
    Lanes mn = EvalLanes(*p_.red_min[level], fr_, 1, nullptr);
    Lanes ex = EvalLanes(*p_.red_extent[level], fr_, 1, nullptr);
    int64_t begin = mn.i[0], end = mn.i[0] + ex.i[0];
    int slot = p_.red_slot[level];
    for (int64_t k = begin; k < end && fr_.error.empty(); ++k) {
      fr_.slots[slot] = k;
      Level(level + 1);
    }
  }

  void Point() {
    const uint8_t* mask = nullptr;
    if (p_.condition) {
      Lanes c = EvalLanes(*p_.condition, fr_, n_, nullptr);
      if (c.scalar) {
        if (!c.i[0]) return;
      } else {
        bool any = false;
        for (int l = 0; l < n_; ++l) any |= (acc_.mask[l] = c.i[l] != 0) != 0;
        if (!any) return;
        mask = acc_.mask.data();
      }
    }
    if (!p_.fast_reducer.empty()) {
      Lanes x = EvalLanes(*p_.sources[0], fr_, n_, mask);
      if (p_.sources[0]->type().bits() == 32)
        CombineFast<32>(p_.fast_reducer, acc_.f[0].data(), x, n_, mask);
      else if (p_.sources[0]->type().bits() == 64)
        CombineFast<64>(p_.fast_reducer, acc_.f[0].data(), x, n_, mask);
      else
        GenericCombine(mask);
      return;
    }
    GenericCombine(mask);
  }

  // Binds lhs (the accumulators) and rhs (the sources), evaluates every combine result
  // and then copies them into the accumulators (multi-value reducers read the old ones).
  void GenericCombine(const uint8_t* mask) {
    size_t values = p_.combine.size();
    for (size_t v = 0; v < values; ++v) {
      fr_.bound[p_.lhs_bound[v]] = acc_.lanes(v);
      fr_.bound[p_.rhs_bound[v]] = EvalLanes(*p_.sources[v], fr_, n_, mask);
    }
    for (size_t v = 0; v < values; ++v) {
      Lanes r = EvalLanes(*p_.combine[v], fr_, n_, mask);
      bool is_float = p_.combine[v]->type().is_float();
      for (int l = 0; l < n_; ++l) {
        int k = r.scalar ? 0 : l;
        if (is_float)
          acc_.next_f[v][l] = r.f[k];
        else
          acc_.next_i[v][l] = r.i[k];
      }
    }
    for (size_t v = 0; v < values; ++v)
      for (int l = 0; l < n_; ++l) {
        if (mask && !mask[l]) continue;
        acc_.f[v][l] = acc_.next_f[v][l];
        acc_.i[v][l] = acc_.next_i[v][l];
      }
  }

  const StageProgram& p_;
  Frame& fr_;
  int n_;
  Accumulators acc_;
};

// Runs body(begin, end) over [0, n) on the pool the options ask for.
std::string RunParallel(int64_t n, const ReferenceOptions& options,
                        const std::function<std::string(int64_t, int64_t)>& body) {
  std::mutex mutex;
  std::string first_error;
  auto chunk = [&](int64_t begin, int64_t end) -> int {
    std::string e = body(begin, end);
    if (e.empty()) return 0;
    std::lock_guard<std::mutex> lock(mutex);
    if (first_error.empty()) first_error = e;
    return 1;
  };
  if (options.num_threads == 1 || n <= 1) {
    chunk(0, n);
  } else if (options.num_threads <= 0) {
    ThreadPool::Global().ParallelFor(n, chunk);
  } else {
    ThreadPool pool(options.num_threads);
    pool.ParallelFor(n, chunk);
  }
  return first_error;
}

}  // namespace

Result<std::vector<NDArray>> EvaluateComputeStage(const te::ComputeOpNode& op,
                                                  const TensorTable& table,
                                                  const ScalarArgs& constants,
                                                  const ReferenceOptions& options) {
  if (op.body.empty()) return Error("stage " + op.name + " has no body");
  size_t rank = op.axis.size();
  std::vector<int64_t> shape, axis_min;
  for (const ir::IterVar& iv : op.axis) {
    auto mn = EvalScalar(iv->dom.min, constants, op.name);
    if (!mn) return mn.error();
    auto ex = EvalScalar(iv->dom.extent, constants, op.name);
    if (!ex) return ex.error();
    if (*ex < 0) return Error("stage " + op.name + " has a negative extent " + std::to_string(*ex));
    axis_min.push_back(*mn);
    shape.push_back(*ex);
  }
  std::vector<NDArray> outputs;
  for (int v = 0; v < op.num_outputs(); ++v) {
    auto a = NDArray::Empty(shape, op.output_dtype(v));
    if (!a) return Error("stage " + op.name + ": " + a.error().message);
    outputs.push_back(*a);
  }
  int64_t numel = 1;
  for (int64_t e : shape) numel *= e;
  if (numel == 0) return outputs;

  // The batch axis is the innermost one, unless a reduce domain depends on it (then
  // every element is its own chunk).
  bool by_element = rank == 0;
  if (rank > 0 && op.is_reduction())
    for (const ir::IterVar& r : op.reduce_axis)
      by_element |= ir::UsesVar(r->dom.min, op.axis.back()->var) ||
                    ir::UsesVar(r->dom.extent, op.axis.back()->var);

  CompileScope scope;
  scope.stage = op.name;
  scope.constants = constants;
  size_t slot_axes = by_element ? rank : rank - 1;
  for (size_t d = 0; d < slot_axes; ++d)
    scope.slots[static_cast<const ir::VarNode*>(op.axis[d]->var.get())] = static_cast<int>(d);
  if (!by_element) scope.batch_var = static_cast<const ir::VarNode*>(op.axis.back()->var.get());
  StageProgram p;
  for (const ir::IterVar& r : op.reduce_axis) {
    int slot = static_cast<int>(scope.slots.size());
    scope.slots[static_cast<const ir::VarNode*>(r->var.get())] = slot;
  }
  if (Status st = RegisterReads(op.body, table, &scope); !st) return st.error();
  p.compiler = std::make_unique<LaneCompiler>(std::move(scope));
  if (op.is_reduction()) {
    const auto* first = op.body[0].as<ir::ReduceNode>();
    if (!first)
      return Error("stage " + op.name + ": a reduction stage whose body is not a reduction");
    for (const ir::IterVar& r : first->axis) {
      auto it = p.compiler->scope().slots.find(static_cast<const ir::VarNode*>(r->var.get()));
      if (it == p.compiler->scope().slots.end())
        return Error("stage " + op.name + ": reduce axis '" + r->var.name() +
                     "' is not the stage's");
      p.red_slot.push_back(it->second);
    }
    if (Status st = CompileReduction(op, &p); !st) return st.error();
  } else {
    for (const ir::Expr& b : op.body) {
      auto n = p.compiler->Compile(b);
      if (!n) return n.error();
      p.bodies.push_back(std::move(*n));
    }
  }

  int64_t inner = by_element ? 1 : shape.back();
  int64_t rows = numel / inner;
  int64_t chunks = (inner + kChunk - 1) / kChunk;
  auto body = [&](int64_t begin, int64_t end) -> std::string {
    Frame fr = p.compiler->MakeFrame();
    for (int64_t item = begin; item < end && fr.error.empty(); ++item) {
      int64_t row = item / chunks, base = (item % chunks) * kChunk;
      int n = static_cast<int>(std::min<int64_t>(kChunk, inner - base));
      int64_t r = row;
      for (size_t d = slot_axes; d-- > 0;) {
        fr.slots[d] = axis_min[d] + r % shape[d];
        r /= shape[d];
      }
      if (!by_element) fr.batch_base = axis_min.back() + base;
      int64_t start = row * inner + base;
      if (op.is_reduction()) {
        ReductionRunner runner(p, fr, n);
        runner.Reduce();
        for (size_t v = 0; v < outputs.size(); ++v)
          StoreLanes(outputs[v], start, 1, n, runner.Run(v));
      } else {
        for (size_t v = 0; v < outputs.size(); ++v)
          StoreLanes(outputs[v], start, 1, n, EvalLanes(*p.bodies[v], fr, n, nullptr));
      }
    }
    return fr.error;
  };
  std::string error = RunParallel(rows * chunks, options, body);
  if (!error.empty()) return Error(error);
  return outputs;
}

}  // namespace tessera::reference
