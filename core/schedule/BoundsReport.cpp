#include "schedule/BoundsReport.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>

#include "arith/Analyzer.h"
#include "arith/Evaluate.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/AffineIndex.h"
#include "schedule/BoundExtent.h"
#include "schedule/Graph.h"
#include "schedule/Normalize.h"
#include "support/Json.h"

namespace tessera::schedule {

namespace {

// Enumerations stop (and the count becomes unknown) beyond this many steps.
constexpr int64_t kMaxSteps = int64_t{1} << 22;

struct ReportContext {
  const Schedule& sch;  // normalized
  const RangeMap& rmap;
  AttachPath paths;
  BindMap bind_map;
};

std::optional<int64_t> Eval(const Expr& e, const arith::VarValueMap& env) {
  Result<int64_t> v = arith::EvaluateConstant(e, env);
  return v ? std::optional<int64_t>(*v) : std::nullopt;
}

ir::Var LoopVar(const ReportContext& ctx, const IterVar& iv) {
  auto it = ctx.bind_map.find(iv);
  return it != ctx.bind_map.end() ? it->second->var : iv->var;
}

// Loops over threads sharing the stage's storage are relaxed by InferBound: the region
// does not depend on them and the stage is computed once for all of them.
bool SharedAcross(const ReportContext& ctx, const IterVar& iv, const std::string& scope) {
  auto it = ctx.bind_map.find(iv);
  return it != ctx.bind_map.end() && RelaxedForThread(scope, it->second->thread_tag);
}

struct ComputedCount {
  std::optional<int64_t> total;
  std::vector<std::optional<int64_t>> max_extent;
};

// For each loop of `path` (outermost first): whether anything evaluated inside it — the
// ranges of the loops below it, the region's extents — reads its variable. A loop nobody
// reads contributes the same region on every iteration: it is counted by multiplying, not
// by iterating, which keeps the report instant for cache stages deep in tiled loop nests.
std::vector<bool> LoopsReadBelow(const ReportContext& ctx, const std::vector<IterVar>& path,
                                 const std::vector<IterVar>& axes) {
  std::vector<bool> read(path.size(), false);
  for (size_t k = 0; k < path.size(); ++k) {
    const ir::Var var = LoopVar(ctx, path[k]);
    auto uses = [&](const Expr& e) { return e.defined() && ir::UsesVar(e, var); };
    for (size_t j = k + 1; j < path.size() && !read[k]; ++j) {
      const ir::Range& r = ctx.rmap.at(path[j]);
      read[k] = uses(r.min) || uses(r.extent);
    }
    for (size_t d = 0; d < axes.size() && !read[k]; ++d)
      read[k] = uses(ctx.rmap.at(axes[d]).extent);
  }
  return read;
}

// Sums the realize region of `stage` over every iteration of its attach path.
ComputedCount CountComputed(const ReportContext& ctx, const Stage& stage,
                            const std::vector<IterVar>& axes) {
  std::vector<IterVar> path = ctx.paths.at(stage->op.get());
  const std::string scope = InferStorageScope(stage, ctx.paths, ctx.bind_map);
  std::reverse(path.begin(), path.end());  // outermost first
  const std::vector<bool> read_below = LoopsReadBelow(ctx, path, axes);
  ComputedCount out;
  std::vector<int64_t> max_ext(axes.size(), 0);
  int64_t total = 0, steps = 0;
  bool ok = true;
  arith::VarValueMap env;
  // `times`: how often this point of the iteration space recurs (loops skipped above).
  std::function<void(size_t, int64_t)> visit = [&](size_t k, int64_t times) {
    if (!ok) return;
    if (++steps > kMaxSteps) {
      ok = false;
      return;
    }
    if (k == path.size()) {
      int64_t region = 1;
      for (size_t d = 0; d < axes.size(); ++d) {
        std::optional<int64_t> e = Eval(ctx.rmap.at(axes[d]).extent, env);
        if (!e) {
          ok = false;
          return;
        }
        int64_t ext = std::max<int64_t>(*e, 0);
        max_ext[d] = std::max(max_ext[d], ext);
        region *= ext;
      }
      if (region > 0 && times > (int64_t{1} << 62) / region) {
        ok = false;
        return;
      }
      total += region * times;
      return;
    }
    const ir::Range& r = ctx.rmap.at(path[k]);
    std::optional<int64_t> lo = Eval(r.min, env), ext = Eval(r.extent, env);
    if (!lo || !ext) {
      ok = false;
      return;
    }
    ir::Var var = LoopVar(ctx, path[k]);
    int64_t count = SharedAcross(ctx, path[k], scope) ? std::min<int64_t>(*ext, 1) : *ext;
    if (count <= 0) return;
    if (!read_below[k]) {
      if (times > (int64_t{1} << 62) / count) {
        ok = false;
        return;
      }
      env[var] = *lo;  // any value: nothing below reads it
      visit(k + 1, times * count);
    } else {
      for (int64_t v = *lo; v < *lo + count && ok; ++v) {
        env[var] = v;
        visit(k + 1, times);
      }
    }
    env.erase(var);
  };
  visit(0, 1);
  if (ok) out.total = total;
  for (size_t d = 0; d < axes.size(); ++d)
    out.max_extent.push_back(ok ? std::optional<int64_t>(max_ext[d]) : std::nullopt);
  return out;
}

// The constant upper bound of each realize extent, when enumeration could not say.
std::optional<int64_t> BoundOf(const ReportContext& ctx, const Expr& extent) {
  arith::Analyzer a;
  for (const auto& [iv, r] : ctx.rmap) a.Bind(LoopVar(ctx, iv), r, true);
  return ConstUpperBound(extent, &a);
}

std::optional<std::vector<int64_t>> ConstShape(const std::vector<Expr>& shape) {
  std::vector<int64_t> dims;
  for (const Expr& e : shape) {
    const int64_t* v = ir::as_const_int(e);
    if (!v) return std::nullopt;
    dims.push_back(*v);
  }
  return dims;
}

std::optional<int64_t> Product(const std::vector<int64_t>& dims) {
  int64_t p = 1;
  for (int64_t d : dims) {
    if (d < 0 || (d > 0 && p > kMaxSteps * 16 / d)) return std::nullopt;
    p *= d;
  }
  return p;
}

// The elements of a buffer that some consumer reads: a bit each, set one at a time or a
// run at a time, and counted a 64-bit word at a time (std::count over a vector<bool> walks
// it bit by bit, which is most of a GEMM's report).
class ElementMask {
 public:
  explicit ElementMask(size_t size) : size_(size), words_((size + 63) / 64, 0) {}
  void set(size_t i) { words_[i / 64] |= uint64_t{1} << (i % 64); }
  // Sets the elements [begin, end).
  void setRun(size_t begin, size_t end) {
    while (begin < end && begin % 64 != 0) set(begin++);
    for (; begin + 64 <= end; begin += 64) words_[begin / 64] = ~uint64_t{0};
    while (begin < end) set(begin++);
  }
  void setAll() { setRun(0, size_); }
  int64_t count() const {
    int64_t n = 0;
    for (uint64_t w : words_) n += std::popcount(w);
    return n;
  }

 private:
  size_t size_;
  std::vector<uint64_t> words_;
};

// Marks the element that `forms` index at `values`, when it is inside `shape`.
void MarkPoint(const std::vector<AffineIndex>& forms, const std::vector<int64_t>& values,
               const std::vector<int64_t>& shape, ElementMask* seen) {
  int64_t flat = 0;
  for (size_t d = 0; d < forms.size(); ++d) {
    int64_t v = forms[d].At(values);
    if (v < 0 || v >= shape[d]) return;
    flat = flat * shape[d] + v;
  }
  seen->set(static_cast<size_t>(flat));
}

// When the innermost loop moves only the last index, by 1, it reads a contiguous run of
// one row: marked as one run. False when it does not.
bool MarkContiguousRun(const std::vector<int64_t>& value, const std::vector<int64_t>& step,
                       int64_t count, const std::vector<int64_t>& shape, ElementMask* seen) {
  const size_t last = shape.size() - 1;
  if (shape.empty() || step[last] != 1) return false;
  int64_t row = 0;
  for (size_t d = 0; d < last; ++d) {
    if (step[d] != 0) return false;
    if (value[d] < 0 || value[d] >= shape[d]) return true;  // the whole run is outside
    row = row * shape[d] + value[d];
  }
  const int64_t begin = std::max<int64_t>(value[last], 0);
  const int64_t end = std::min<int64_t>(value[last] + count, shape[last]);
  if (begin < end)
    seen->setRun(static_cast<size_t>(row * shape[last] + begin),
                 static_cast<size_t>(row * shape[last] + end));
  return true;
}

// MarkReads' fast path: when every index is affine in the consumer's loop variables
// (the common case: A[i, k], pad[y + ry, x + rx]), the indices are evaluated with
// integer multiply-adds. False when some index is not affine (nothing is marked then).
bool MarkAffineReads(std::vector<IterVar> roots, std::vector<int64_t> lo, std::vector<int64_t> ext,
                     int64_t points, const std::vector<std::vector<Expr>>& accesses,
                     const std::vector<int64_t>& shape, ElementMask* seen) {
  // Enumerate innermost the loop that only the last index of the first access reads
  // (B[k, j]: j), so that its runs are contiguous (MarkContiguousRun).
  if (!accesses.empty() && !accesses[0].empty()) {
    const std::vector<Expr>& first = accesses[0];
    for (size_t v = 0; v < roots.size(); ++v) {
      bool only_last = ir::UsesVar(first.back(), roots[v]->var);
      for (size_t d = 0; d + 1 < first.size() && only_last; ++d)
        only_last = !ir::UsesVar(first[d], roots[v]->var);
      if (!only_last) continue;
      std::swap(roots[v], roots.back());
      std::swap(lo[v], lo.back());
      std::swap(ext[v], ext.back());
      break;
    }
  }
  std::vector<ir::Var> vars;
  for (const IterVar& iv : roots) vars.push_back(iv->var);
  std::vector<std::vector<AffineIndex>> affine;
  for (const auto& idx : accesses) {
    if (idx.size() != shape.size()) return false;
    std::vector<AffineIndex> forms;
    for (const Expr& e : idx) {
      std::optional<AffineIndex> f = MakeAffineIndex(e, vars);
      if (!f) return false;
      forms.push_back(*f);
    }
    affine.push_back(std::move(forms));
  }
  if (points <= 0) return true;
  if (roots.empty()) {  // every index constant
    for (const auto& forms : affine) MarkPoint(forms, {}, shape, seen);
    return true;
  }
  // The innermost loop runs in a tight loop: each index moves by a fixed step.
  const size_t inner = roots.size() - 1;
  std::vector<int64_t> at(lo);
  std::vector<int64_t> value(shape.size()), step(shape.size());
  for (int64_t p = 0; p < points; p += ext[inner]) {
    for (const auto& forms : affine) {
      for (size_t d = 0; d < forms.size(); ++d) {
        value[d] = forms[d].At(at);
        step[d] = forms[d].coeffs[inner];
      }
      if (MarkContiguousRun(value, step, ext[inner], shape, seen)) continue;
      for (int64_t t = 0; t < ext[inner]; ++t) {
        int64_t flat = 0;
        bool inside = true;
        for (size_t d = 0; d < value.size(); ++d) {
          inside = inside && value[d] >= 0 && value[d] < shape[d];
          flat = flat * shape[d] + value[d];
          value[d] += step[d];
        }
        if (inside) seen->set(static_cast<size_t>(flat));
      }
    }
    for (size_t d = inner; d-- > 0;) {  // odometer over the outer loops
      if (++at[d] < lo[d] + ext[d]) break;
      at[d] = lo[d];
    }
  }
  return true;
}

// Marks the elements of `producer` (output 0) that `consumer` reads over its domain.
bool MarkReads(const Stage& consumer, const te::Operation& producer,
               const std::vector<int64_t>& shape, ElementMask* seen) {
  // A scan stores all of its init / update; an extern reads its inputs whole.
  if (consumer->op->kind() == te::OpKind::Scan || consumer->op->kind() == te::OpKind::Extern) {
    seen->setAll();
    return true;
  }
  auto* c = dynamic_cast<const te::ComputeOpNode*>(consumer->op.get());
  if (!c) return true;
  std::vector<std::vector<Expr>> accesses;
  for (const Expr& b : c->body)
    ir::PostOrderVisit(b, [&](const Expr& e) {
      auto* load = e.as<ir::ProducerLoadNode>();
      if (!load) return;
      te::Tensor t = te::Tensor::from(load->producer);
      if (t.defined() && t.op() == producer && t->value_index == 0)
        accesses.push_back(load->indices);
    });
  if (accesses.empty()) return true;
  // Only the loops the indices read matter: C(i, j) += A(i, k) * B(k, j) reads A over
  // (i, k), whatever j is, so j is not enumerated (conditions around a read are not
  // looked at here either: a guarded read counts as a read).
  std::vector<IterVar> roots;
  for (const IterVar& iv : c->root_iter_vars()) {
    if (const int64_t* e = ir::as_const_int(iv->dom.extent); e && *e <= 0) return true;  // no reads
    bool read = false;
    for (const auto& idx : accesses)
      for (const Expr& e : idx) read = read || ir::UsesVar(e, iv->var);
    if (read) roots.push_back(iv);
  }
  std::vector<int64_t> lo, ext;
  for (const IterVar& iv : roots) {
    std::optional<int64_t> m = Eval(iv->dom.min, {}), e = Eval(iv->dom.extent, {});
    if (!m || !e) return false;
    lo.push_back(*m);
    ext.push_back(*e);
  }
  std::optional<int64_t> points = Product(ext);
  if (!points || *points * static_cast<int64_t>(accesses.size()) > kMaxSteps) return false;
  if (MarkAffineReads(roots, lo, ext, *points, accesses, shape, seen)) return true;
  arith::VarValueMap env;
  std::vector<int64_t> at(roots.size(), 0);
  for (int64_t p = 0; p < *points; ++p) {
    for (size_t d = 0; d < roots.size(); ++d) env[roots[d]->var] = lo[d] + at[d];
    for (const auto& idx : accesses) {
      int64_t flat = 0;
      bool inside = idx.size() == shape.size();
      for (size_t d = 0; d < idx.size() && inside; ++d) {
        std::optional<int64_t> v = Eval(idx[d], env);
        if (!v) return false;
        inside = *v >= 0 && *v < shape[d];
        flat = flat * shape[d] + *v;
      }
      if (inside) seen->set(static_cast<size_t>(flat));
    }
    for (size_t d = roots.size(); d-- > 0;) {  // odometer
      if (++at[d] < ext[d]) break;
      at[d] = 0;
    }
  }
  return true;
}

std::optional<int64_t> CountRequired(const ReportContext& ctx, const Stage& stage) {
  if (stage->attach_type == AttachType::InlinedAlready) return std::nullopt;
  std::optional<std::vector<int64_t>> shape = ConstShape(stage->op->output_shape(0));
  if (!shape) return std::nullopt;
  std::optional<int64_t> size = Product(*shape);
  if (!size) return std::nullopt;
  if (stage->is_output) return *size;
  ElementMask seen(static_cast<size_t>(*size));
  for (const Stage& consumer : ConsumerStages(ctx.sch, stage)) {
    if (consumer->attach_type == AttachType::InlinedAlready) continue;
    if (!MarkReads(consumer, stage->op, *shape, &seen)) return std::nullopt;
  }
  return seen.count();
}

std::string KindOf(const Stage& stage, const IterVar& iv) {
  IterVarAttr a = stage->attr(iv);
  if (a.annotation != ir::IterVarType::DataPar) return ir::iter_var_type_name(a.annotation);
  return ir::iter_var_type_name(iv->iter_type);
}

StageBounds Describe(const ReportContext& ctx, const Stage& stage) {
  StageBounds sb;
  sb.name = stage->name();
  sb.op = te::op_kind_name(stage->op->kind());
  sb.attach_type = attach_type_name(stage->attach_type);
  if (stage->attach_type == AttachType::InlinedAlready) sb.attach_type = "inline";
  if (stage->attach_type == AttachType::Scope) {
    sb.attach_stage = stage->attach_stage->name();
    sb.attach_iter_var = stage->attach_ivar->var.name();
  }
  sb.scope = stage->scope;
  sb.is_output = stage->is_output;
  for (const IterVar& iv : stage->all_iter_vars) {
    auto it = ctx.rmap.find(iv);
    IterVarBound b{iv->var.name(), "", "", KindOf(stage, iv), "", stage->is_leaf(iv)};
    if (it != ctx.rmap.end()) {
      b.min = ir::to_string(it->second.min);
      b.extent = ir::to_string(it->second.extent);
      b.max = ir::to_string(RangeLast(it->second));
    }
    if (IterVar t = stage->attr(iv).bind_thread) b.thread = t->thread_tag;
    sb.iter_vars.push_back(b);
  }
  sb.required_elements = CountRequired(ctx, stage);
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c || stage->attach_type == AttachType::InlinedAlready) return sb;
  ComputedCount counted = CountComputed(ctx, stage, c->axis);
  sb.computed_elements = counted.total;
  for (size_t d = 0; d < c->axis.size(); ++d) {
    const ir::Range& r = ctx.rmap.at(c->axis[d]);
    std::optional<int64_t> max_ext = counted.max_extent[d];
    if (!max_ext) max_ext = BoundOf(ctx, r.extent);
    sb.realize.push_back(RealizeDim{ir::to_string(r.min), ir::to_string(r.extent), max_ext});
  }
  return sb;
}

}  // namespace

std::optional<double> StageBounds::overcompute() const {
  if (!computed_elements || !required_elements || *required_elements == 0) return std::nullopt;
  return static_cast<double>(*computed_elements) / static_cast<double>(*required_elements);
}

const StageBounds* BoundsReport::find(const std::string& name) const {
  for (const StageBounds& s : stages)
    if (s.name == name) return &s;
  return nullptr;
}

Result<BoundsReport> MakeBoundsReport(const Schedule& sch, const InferBoundOptions& options) {
  Schedule normalized = Normalize(sch);
  Result<RangeMap> rmap = InferBound(normalized, options);
  if (!rmap) return rmap.error();
  ReportContext ctx{normalized, *rmap, CreateAttachPath(normalized), {}};
  for (const Stage& s : normalized.stages)
    for (const auto& [iv, attr] : s->iter_var_attrs)
      if (attr.bind_thread) ctx.bind_map[iv] = attr.bind_thread;
  BoundsReport report;
  for (const Stage& s : normalized.stages) report.stages.push_back(Describe(ctx, s));
  return report;
}

namespace {

void WriteStage(JsonWriter& w, const StageBounds& s) {
  w.begin_object().key("name").value(s.name).key("op").value(s.op);
  w.key("attach");
  if (s.attach_type == "scope")
    w.begin_object()
        .key("stage")
        .value(s.attach_stage)
        .key("iter_var")
        .value(s.attach_iter_var)
        .end_object();
  else
    w.null();
  w.key("attach_type")
      .value(s.attach_type)
      .key("scope")
      .value(s.scope)
      .key("output")
      .value(s.is_output);
  w.key("realize").begin_array();
  for (const RealizeDim& d : s.realize)
    w.begin_object()
        .key("min")
        .value(d.min)
        .key("extent")
        .value(d.extent)
        .key("max_extent")
        .value(d.max_extent)
        .end_object();
  w.end_array();
  w.key("iter_vars").begin_array();
  for (const IterVarBound& iv : s.iter_vars) {
    w.begin_object()
        .key("name")
        .value(iv.name)
        .key("min")
        .value(iv.min)
        .key("extent")
        .value(iv.extent)
        .key("kind")
        .value(iv.kind)
        .key("leaf")
        .value(iv.leaf);
    if (!iv.thread.empty()) w.key("thread").value(iv.thread);
    w.end_object();
  }
  w.end_array();
  w.key("computed_elements").value(s.computed_elements);
  w.key("required_elements").value(s.required_elements);
  w.key("overcompute");
  if (std::optional<double> r = s.overcompute())
    w.value(*r);
  else
    w.null();
  w.end_object();
}

}  // namespace

std::string ToJson(const BoundsReport& report, int indent) {
  JsonWriter w(indent);
  w.begin_object().key("stages").begin_array();
  for (const StageBounds& s : report.stages) WriteStage(w, s);
  w.end_array().end_object();
  return w.str();
}

}  // namespace tessera::schedule
