// transform_layout (RFC 0077, shared/seeds/rfc0077-digest.md §1.1-1.3): a stage's
// output is stored in a new physical layout given by an index map. Unlike TVM's TE,
// the map may introduce padding; the physical shape is the smallest holding every
// element (layout::AnalyzePaddedLayout) and pad_value says what the padding holds. As in
// TVM, a compute stage's loops then follow the new layout: its axes (untouched leaves,
// in order) are replaced by one loop var per physical dimension, related to them by a
// TransformRelation; InferBound and MakeBoundCheck guard the padding cells.
#include <algorithm>
#include <set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"

namespace tessera::schedule {

namespace {

const char* kWhat = "transform_layout";

Error Fail(const std::string& message) { return Error(std::string(kWhat) + ": " + message); }

Status CheckStage(const Schedule& sch, const Stage& stage) {
  if (!stage) return Fail("no such stage");
  if (detail::StageIndex(sch, stage) < 0)
    return Fail("stage " + stage->name() + " is not part of this schedule");
  if (stage->layout) return Fail(stage->name() + " already has a layout transform");
  if (stage->attach_type == AttachType::Inline || stage->attach_type == AttachType::InlinedAlready)
    return Fail(stage->name() + " is inlined, so it is never stored; compute_root it first");
  return Status::Ok();
}

// The map may mention only its parameters and shape variables.
Status CheckMapVariables(const ir::IndexMap& map) {
  std::set<const ir::VarNode*> params;
  for (const ir::Var& v : map->initial_indices)
    params.insert(static_cast<const ir::VarNode*>(v.get()));
  for (const Expr& f : map->final_indices) {
    if (!f.defined() || !f.dtype().is_integer() || !f.dtype().is_scalar())
      return Fail("the index map must return integer indices");
    std::string bad;
    ir::PostOrderVisit(f, [&](const Expr& e) {
      if (auto* v = e.as<ir::VarNode>(); v && !v->is_size_var && !params.count(v)) bad = v->name;
    });
    if (!bad.empty())
      return Fail("the index map uses '" + bad +
                  "', which is neither one of its indices nor a shape variable");
  }
  return Status::Ok();
}

Status CheckAxisSeparators(const std::vector<int>& seps, size_t physical_rank) {
  int previous = 0;
  for (int s : seps) {
    if (s <= previous || s >= static_cast<int>(physical_rank))
      return Fail("axis_separators must increase strictly within 1.." +
                  std::to_string(physical_rank - 1) + " (the physical buffer has " +
                  std::to_string(physical_rank) + " dimensions)");
    previous = s;
  }
  return Status::Ok();
}

// A pad value that reads the buffer itself must read cells that hold data (RFC 0077:
// "wraps to the beginning of the array"); reading padding would depend on write order.
Status CheckSelfReads(const layout::PadValue& pad, const layout::PaddedLayout& padded,
                      const std::string& name) {
  std::vector<Expr> loads = layout::SelfLoads(pad, name);
  if (loads.empty()) return Status::Ok();
  arith::Analyzer a;
  ir::VarMap to_physical;
  for (size_t k = 0; k < pad.params.size(); ++k) {
    a.Bind(pad.params[k],
           ir::Range(ir::make_zero(padded.physical_shape[k].dtype()), padded.physical_shape[k]));
    to_physical[padded.physical_vars[k]] = pad.params[k];
  }
  auto padding_here = a.EnterConstraint(ir::Substitute(padded.padding_predicate, to_physical));
  for (const Expr& e : loads) {
    auto* l = e.as<ir::ProducerLoadNode>();
    ir::VarMap at;
    Expr in_bounds = ir::make_bool(true);
    for (size_t k = 0; k < l->indices.size(); ++k) {
      at[padded.physical_vars[k]] = l->indices[k];
      in_bounds = ir::logical_and(in_bounds,
                                  ir::logical_and(ir::ge(l->indices[k], 0),
                                                  ir::lt(l->indices[k], padded.physical_shape[k])));
    }
    Expr data_cell = ir::logical_not(ir::Substitute(padded.padding_predicate, at));
    if (!a.CanProve(in_bounds) || !a.CanProve(data_cell))
      return Fail("pad_value reads " + ir::to_string(e) +
                  ", which Tessera cannot prove is a data cell of " + name +
                  " inside the buffer (a pad value may read only data, not padding)");
  }
  return Status::Ok();
}

Status CheckPad(const layout::PadValue& pad, const layout::PaddedLayout& padded,
                const Stage& stage) {
  ir::DataType dtype = stage->op->output_dtype(0);
  if (Status s = layout::CheckPadValue(pad, dtype, padded.physical_shape.size(), stage->name()); !s)
    return Fail(s.error().message);
  if (pad.has_value() && !padded.padding_predicate.defined())
    return Fail(
        "pad_value needs to know where the padding is, but Tessera cannot invert this index map; "
        "use a map made of splits, fuses and offsets");
  return CheckSelfReads(pad, padded, stage->name());
}

// The compute's axes must be untouched, unannotated leaves, adjacent and in order (TVM:
// "Cannot transform indices if they have already been reordered").
Result<size_t> AxesPosition(const Schedule& sch, const Stage& stage,
                            const std::vector<IterVar>& axes) {
  const auto& leaves = stage->leaf_iter_vars;
  if (axes.empty()) return Fail(stage->name() + " has no axes");
  for (const IterVar& iv : axes) {
    if (Status s = detail::CheckLeaf(sch, stage, iv, kWhat); !s) return s.error();
    if (Status s = detail::CheckUnannotated(stage, iv, kWhat); !s) return s.error();
  }
  // The axes stop being loops: a stage computed at one of them would lose its place.
  for (const Stage& other : sch.stages)
    if (other->attach_type == AttachType::Scope && other->attach_stage == stage &&
        std::find(axes.begin(), axes.end(), other->attach_ivar) != axes.end())
      return Fail(other->name() + " is computed at " + stage->name() + "'s loop " +
                  other->attach_ivar->var.name() +
                  ", which the new layout replaces; transform the layout first");
  size_t first =
      static_cast<size_t>(std::find(leaves.begin(), leaves.end(), axes[0]) - leaves.begin());
  for (size_t k = 0; k < axes.size(); ++k) {
    if (first + k >= leaves.size() || leaves[first + k] != axes[k])
      return Fail("the axes of " + stage->name() +
                  " have been reordered; transform its layout before reordering its loops");
  }
  return first;
}

std::string UniqueVarName(const Stage& stage, const std::string& base) {
  auto used = [&](const std::string& n) {
    return std::any_of(stage->all_iter_vars.begin(), stage->all_iter_vars.end(),
                       [&](const IterVar& iv) { return iv->var.name() == n; });
  };
  std::string name = base;
  for (int k = 1; used(name); ++k) name = base + "_" + std::to_string(k);
  return name;
}

// The new loop vars (TVM names them axis0, axis1, ...) and the relation to the axes.
std::vector<IterVar> TransformLoops(const Stage& stage, const std::vector<IterVar>& axes,
                                    size_t first, const StageLayout& layout) {
  const layout::PaddedLayout& padded = layout.padded;
  std::vector<IterVar> vars;
  ir::VarMap to_loop;
  for (size_t k = 0; k < padded.physical_shape.size(); ++k) {
    ir::Var v(UniqueVarName(stage, "axis" + std::to_string(k)),
              layout.index_map->final_indices[k].dtype());
    vars.push_back(ir::MakeIterVar(ir::Range(), v, ir::IterVarType::DataPar));
    to_loop[padded.physical_vars[k]] = v;
  }
  std::vector<Expr> logical;
  for (const Expr& e : padded.inverse->logical_of) logical.push_back(ir::Substitute(e, to_loop));
  std::vector<ir::Var> params;
  for (const IterVar& iv : vars) params.push_back(iv->var);
  auto inverse = std::make_shared<const ir::IndexMapNode>(ir::IndexMapNode{params, logical});
  stage->relations.push_back(
      TransformRelation{axes, vars, layout.index_map, inverse,
                        ir::Substitute(padded.inverse->exact_condition, to_loop)});
  stage->all_iter_vars.insert(stage->all_iter_vars.end(), vars.begin(), vars.end());
  auto& leaves = stage->leaf_iter_vars;
  auto pos = leaves.erase(leaves.begin() + static_cast<long>(first),
                          leaves.begin() + static_cast<long>(first + axes.size()));
  leaves.insert(pos, vars.begin(), vars.end());
  return vars;
}

void RecordEntry(Schedule& sch, const Stage& stage, const StageLayout& layout,
                 const std::vector<IterVar>& vars) {
  TraceEntry& e = detail::Record(sch, kWhat, stage);
  e.lambdas["index_map"] =
      TraceLambda{layout.index_map->initial_indices, layout.index_map->final_indices};
  const layout::PadValue& pad = layout.pad_value;
  using Kind = layout::PadValue::Kind;
  if (pad.kind == Kind::Undef) e.strings["pad_kind"] = "undef";
  if (pad.kind == Kind::Constant) e.strings["pad_kind"] = "constant";
  if (pad.kind == Kind::Function) e.strings["pad_kind"] = "function";
  if (pad.has_value()) e.lambdas["pad_value"] = TraceLambda{pad.params, {pad.value}};
  if (!layout.axis_separators.empty())
    e.int_lists["axis_separators"] =
        std::vector<int64_t>(layout.axis_separators.begin(), layout.axis_separators.end());
  for (const IterVar& iv : vars) e.outputs.push_back(iv->var.name());
}

}  // namespace

Result<std::vector<IterVar>> TransformLayout(Schedule& sch, Stage stage, ir::IndexMap index_map,
                                             layout::PadValue pad_value,
                                             std::vector<int> axis_separators) {
  if (Status s = CheckStage(sch, stage); !s) return s.error();
  if (!index_map) return Fail("needs an index map");
  for (const auto& [iv, attr] : stage->iter_var_attrs)
    if (attr.align_factor != 0)
      return Fail(stage->name() + " has a storage_align on " + iv->var.name() +
                  "; a layout transform and an aligned dimension cannot both set its strides");
  if (Status s = CheckMapVariables(index_map); !s) return s.error();
  auto padded = layout::AnalyzePaddedLayout(index_map, stage->op->output_shape(0));
  if (!padded) return Fail(padded.error().message);
  if (Status s = CheckAxisSeparators(axis_separators, padded->physical_shape.size()); !s)
    return s.error();
  if (Status s = CheckPad(pad_value, *padded, stage); !s) return s.error();

  auto layout =
      std::make_shared<StageLayout>(StageLayout{index_map, pad_value, axis_separators, *padded});
  std::vector<IterVar> vars;
  if (auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get())) {
    Result<size_t> first = AxesPosition(sch, stage, c->axis);
    if (!first) return first.error();
    if (!padded->inverse)
      return Fail("the loops of " + stage->name() +
                  " cannot follow this index map: Tessera cannot invert it "
                  "(use a map made of splits, fuses and offsets)");
    vars = TransformLoops(stage, c->axis, *first, *layout);
  }
  stage->layout = layout;
  RecordEntry(sch, stage, *layout, vars);
  return vars;
}

}  // namespace tessera::schedule
