#include "script/tvm/tir/schedule/TirScheduleMethods.h"

#include <algorithm>
#include <limits>

#include "ir/ExprOp.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/tir/ScalableVectors.h"
#include "tir/ScheduleError.h"

namespace tessera::script {

namespace {

using tir::BlockRV;
using tir::LoopRV;

Value TirMethodNone() { return Value(); }

Result<Value> TirMethodFromStatus(const Status& st) {
  if (!st) return st.error();
  return TirMethodNone();
}

// ---- the rows' functions, in the order of TVM's schedule.py ----

Result<Value> TirMethodGetBlock(const TirMethodCall& c) {
  auto name = c.args().String("name");
  if (!name) return name.error();
  // func_name picks the function for this lookup only, as in TVM (work_on picks the
  // default).
  std::string func = c.func_name();
  if (c.Given("func_name")) {
    auto given = c.args().String("func_name");
    if (!given) return given.error();
    if (Status s = TirCheckFunction(c.handle(), *given); !s.ok())
      return c.args().ErrorAt("func_name", s.error().message);
    func = *given;
  } else if (Status s = TirRequireFunction(c.handle()); !s.ok()) {
    return Error(s.error().message, c.args().call().loc);
  }
  auto rv = c.sch().GetBlock(*name, func);
  if (!rv) return rv.error();
  return c.BlockValue(*rv);
}

Result<Value> TirMethodGetLoops(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto loops = c.sch().GetLoops(*block);
  if (!loops) return loops.error();
  return c.ListOf(*loops);
}

Result<Value> TirMethodGetChildBlocks(const TirMethodCall& c) {
  auto target = c.BlockOrLoop("block_or_loop");
  if (!target) return target.error();
  auto blocks = std::visit([&c](const auto& rv) { return c.sch().GetChildBlocks(rv); }, *target);
  if (!blocks) return blocks.error();
  return c.ListOf(*blocks);
}

Result<Value> TirMethodGetProducers(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto blocks = c.sch().GetProducers(*block);
  if (!blocks) return blocks.error();
  return c.ListOf(*blocks);
}

Result<Value> TirMethodGetConsumers(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto blocks = c.sch().GetConsumers(*block);
  if (!blocks) return blocks.error();
  return c.ListOf(*blocks);
}

Result<Value> TirMethodEnterPostproc(const TirMethodCall& c) {
  c.sch().EnterPostproc();
  return Value();
}

Result<Value> TirMethodGetOutputBlocks(const TirMethodCall& c) {
  auto block = c.Block("scope_block");
  if (!block) return block.error();
  auto blocks = c.sch().GetOutputBlocks(*block);
  if (!blocks) return blocks.error();
  return c.ListOf(*blocks);
}

Result<Value> TirMethodSplit(const TirMethodCall& c) {
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  const Value& factors = c.args().get("factors");
  if (!factors.is_sequence()) return c.args().TypeError("factors", "a list of int or None");
  // Sampled factors (ExprRVs, or None) are recorded as the random variables they are.
  std::vector<tir::ExprRV> sampled;
  for (const Value& f : factors.items()) {
    const auto* rv = f.as<TirRandomVariable>();
    if (f.is_none() || (rv && rv->kind == TirRandomVariable::Kind::Expr))
      sampled.push_back({f.is_none() ? -1 : rv->id});
  }
  bool by_rvs = sampled.size() == factors.items().size() &&
                std::any_of(sampled.begin(), sampled.end(), [](auto& v) { return v.id >= 0; });
  std::vector<tir::Expr> exprs;
  for (const Value& f : factors.items()) {
    if (f.is_none()) {
      exprs.push_back(tir::Expr());
      continue;
    }
    auto e = ToExpr(f);
    if (!e || f.is_string() || f.is_float())
      return c.args().ErrorAt("factors",
                              "a factor must be an int, a PrimExpr or None, not " + f.type_name());
    if (ReadsVscale(*e)) return ScalableAmountError("split(): a factor", c.args().loc("factors"));
    exprs.push_back(*e);
  }
  auto preserve = c.Flag("preserve_unit_iters", true);
  if (!preserve) return preserve.error();
  auto disable = c.Flag("disable_predication", false);
  if (!disable) return disable.error();
  auto loops = by_rvs ? c.sch().Split(*loop, sampled, *preserve, *disable)
                      : c.sch().Split(*loop, exprs, *preserve, *disable);
  if (!loops) return loops.error();
  return c.ListOf(*loops);
}

// loop_partition(loop, factors, preserve_unit_iters): constant factors or None.
Result<Value> TirMethodLoopPartition(const TirMethodCall& c) {
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  const Value& factors = c.args().get("factors");
  if (!factors.is_sequence()) return c.args().TypeError("factors", "a list of int or None");
  std::vector<tir::Expr> exprs;
  for (const Value& f : factors.items()) {
    if (f.is_none()) {
      exprs.push_back(tir::Expr());
      continue;
    }
    std::optional<ir::Expr> e;
    if (!f.as<TirRandomVariable>() && !f.is_string() && !f.is_float()) e = ToExpr(f);
    if (!e)
      return c.args().ErrorAt(
          "factors", "a factor must be an int, an integer constant or None, not " + f.type_name());
    exprs.push_back(*e);
  }
  auto preserve = c.Flag("preserve_unit_iters", true);
  if (!preserve) return preserve.error();
  auto loops = c.sch().LoopPartition(*loop, exprs, *preserve);
  if (!loops) return loops.error();
  return c.ListOf(*loops);
}

Result<Value> TirMethodMerge(const TirMethodCall& c) {
  auto loops = c.VariadicLoops();
  if (!loops) return loops.error();
  auto merged = c.sch().Merge(*loops);
  if (!merged) return merged.error();
  return c.LoopValue(*merged);
}

Result<Value> TirMethodFuse(const TirMethodCall& c) {
  auto loops = c.VariadicLoops();
  if (!loops) return loops.error();
  auto preserve = c.Flag("preserve_unit_iters", true);
  if (!preserve) return preserve.error();
  auto fused = c.sch().Fuse(*loops, *preserve);
  if (!fused) return fused.error();
  return c.LoopValue(*fused);
}

Result<Value> TirMethodReorder(const TirMethodCall& c) {
  auto loops = c.VariadicLoops();
  if (!loops) return loops.error();
  return TirMethodFromStatus(c.sch().Reorder(*loops));
}

Result<Value> TirMethodAddUnitLoop(const TirMethodCall& c) {
  auto target = c.BlockOrLoop("block_or_loop");
  if (!target) return target.error();
  auto loop = std::visit([&c](const auto& rv) { return c.sch().AddUnitLoop(rv); }, *target);
  if (!loop) return loop.error();
  return c.LoopValue(*loop);
}

template <Status (tir::Schedule::*kMethod)(const LoopRV&)>
Result<Value> TirMethodLoopKind(const TirMethodCall& c) {
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  return TirMethodFromStatus((c.sch().*kMethod)(*loop));
}

Result<Value> TirMethodBind(const TirMethodCall& c) {
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  auto axis = c.args().String("thread_axis");
  if (!axis) return axis.error();
  return TirMethodFromStatus(c.sch().Bind(*loop, *axis));
}

template <bool kRead>
Result<Value> TirMethodCacheStage(const TirMethodCall& c) {
  // TVM's wrapper looks the consumers' names up before the block's (the trace's order).
  auto consumers = c.Blocks("consumer_blocks");
  if (!consumers) return consumers.error();
  auto block = c.Block("block");
  if (!block) return block.error();
  const std::string index_param = kRead ? "read_buffer_index" : "write_buffer_index";
  auto index = c.BufferIndex(index_param, *block, kRead);
  if (!index) return index.error();
  auto scope = c.args().String("storage_scope");
  if (!scope) return scope.error();
  auto stage = kRead ? c.sch().CacheRead(*block, *index, *scope, *consumers)
                     : c.sch().CacheWrite(*block, *index, *scope, *consumers);
  if (!stage) return stage.error();
  return c.BlockValue(*stage);
}

template <bool kReverse>
Result<Value> TirMethodComputeAt(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  auto preserve = c.Flag("preserve_unit_loops", false);
  if (!preserve) return preserve.error();
  int64_t index = -1;
  if (c.Given("index")) {
    auto given = c.args().Int("index");
    if (!given) return given.error();
    index = *given;
  }
  return TirMethodFromStatus(kReverse ? c.sch().ReverseComputeAt(*block, *loop, *preserve, index)
                                      : c.sch().ComputeAt(*block, *loop, *preserve, index));
}

template <Status (tir::Schedule::*kMethod)(const BlockRV&)>
Result<Value> TirMethodBlockOnly(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  return TirMethodFromStatus((c.sch().*kMethod)(*block));
}

Result<Value> TirMethodDecomposeReduction(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  auto init = c.sch().DecomposeReduction(*block, *loop);
  if (!init) return init.error();
  return c.BlockValue(*init);
}

Result<Value> TirMethodDecomposePadding(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  auto fill = c.sch().DecomposePadding(*block, *loop);
  if (!fill) return fill.error();
  return c.BlockValue(*fill);
}

// TVM's CanDecomposePadding: whether decompose_padding applies, tried on a copy of the
// schedule (a query: nothing changes, nothing is traced).
Result<Value> TirMethodCanDecomposePadding(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  tir::Schedule trial = c.sch();
  return Value::Bool(trial.DecomposePadding(*block, *loop).ok());
}

Result<Value> TirMethodSetScope(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto index = c.BufferIndex("buffer_index", *block, false);
  if (!index) return index.error();
  auto scope = c.args().String("storage_scope");
  if (!scope) return scope.error();
  return TirMethodFromStatus(c.sch().SetScope(*block, *index, *scope));
}

// ann_val as TVM's annotate converts it: a str; a bool as the int32 it is, an int (int64
// past int32) and a float (float32) at the top; a list of those, whose ints are int32
// and whose bools stay bools (TVM's CheckAndGetAnnotationValue).
Result<tir::Expr> TirMethodAnnotationItem(const TirMethodCall& c, const Value& v, bool top) {
  if (v.is_string()) return ir::StringImm(v.as_string());
  if (v.is_bool())
    return top ? ir::IntImm(ir::DataType::Int(32), v.as_bool()) : ir::make_bool(v.as_bool());
  if (v.is_int() && !top) {
    if (v.as_int() < std::numeric_limits<int32_t>::min() ||
        v.as_int() > std::numeric_limits<int32_t>::max())
      return c.args().ErrorAt("ann_val", "ValueError: Literal value " + std::to_string(v.as_int()) +
                                             " exceeds maximum of int32");
    return ir::IntImm(ir::DataType::Int(32), v.as_int());
  }
  if (v.is_number()) return *ToExpr(v);
  if (v.is_expr() &&
      (v.as_expr().kind() == ir::ExprKind::IntImm || v.as_expr().kind() == ir::ExprKind::FloatImm))
    return v.as_expr();
  if (v.kind() == Value::Kind::List) {
    if (v.items().empty())
      return c.args().ErrorAt("ann_val", "TypeError: Cannot take a Union of no types.");
    std::vector<tir::Expr> items;
    for (const Value& item : v.items()) {
      if (item.is_sequence())
        return c.args().TypeError("ann_val", "a list of str, int and float (not of lists)");
      auto e = TirMethodAnnotationItem(c, item, false);
      if (!e) return e.error();
      items.push_back(*e);
    }
    return tir::MakeAnnotationList(std::move(items));
  }
  // A dict: string keys, its values converted as a list's items (TVM's Map case).
  if (const auto* dict = v.as<DictObject>()) {
    std::map<std::string, tir::Expr> entries;
    for (const auto& [key, item] : *dict->entries) {
      if (!key.is_string())
        return c.args().ErrorAt("ann_val",
                                "TypeError: annotation dict key expect to be String or StringImm");
      auto e = TirMethodAnnotationItem(c, item, false);
      if (!e) return e.error();
      entries[key.as_string()] = *e;
    }
    return tir::MakeAnnotationDict(entries);
  }
  return c.args().TypeError("ann_val", "an int, float, bool, str, or a list or dict of them");
}

Result<tir::Expr> TirMethodAnnotationValue(const TirMethodCall& c) {
  return TirMethodAnnotationItem(c, c.args().get("ann_val"), true);
}

Result<Value> TirMethodAnnotate(const TirMethodCall& c) {
  auto target = c.BlockOrLoop("block_or_loop");
  if (!target) return target.error();
  auto key = c.args().String("ann_key");
  if (!key) return key.error();
  // A sampled value (sample_categorical's ExprRV) stays a variable in the trace.
  const auto* sampled = c.args().get("ann_val").as<TirRandomVariable>();
  if (sampled && sampled->kind == TirRandomVariable::Kind::Expr &&
      TirScheduleOwns(c.handle(), sampled->owner, sampled->id)) {
    tir::ExprRV rv{sampled->id};
    return TirMethodFromStatus(
        std::visit([&](const auto& t) { return c.sch().Annotate(t, *key, rv); }, *target));
  }
  auto value = TirMethodAnnotationValue(c);
  if (!value) return value.error();
  return TirMethodFromStatus(
      std::visit([&](const auto& rv) { return c.sch().Annotate(rv, *key, *value); }, *target));
}

Result<Value> TirMethodUnannotate(const TirMethodCall& c) {
  auto target = c.BlockOrLoop("block_or_loop");
  if (!target) return target.error();
  auto key = c.args().String("ann_key");
  if (!key) return key.error();
  return TirMethodFromStatus(
      std::visit([&](const auto& rv) { return c.sch().Unannotate(rv, *key); }, *target));
}

// The buffer a Buffer value stands for (sch.get(block).reads[i].buffer).
std::optional<tir::Buffer> TirMethodBufferObject(const Value& v) {
  if (auto* b = v.as<BufferObject>()) return b->buffer;
  return std::nullopt;
}

// The buffer argument of reindex and transform_layout, as TVM's _normalize_buffer_arg
// reads it: ("read", i) or ("write", i); a buffer name, which must name one buffer of the
// block (one both read and written counts as written); or a Buffer object.
Result<std::pair<tir::BufferIndexType, int64_t>> TirMethodBufferArg(const TirMethodCall& c,
                                                                    const BlockRV& block) {
  const Value& v = c.args().get("buffer");
  auto realize = c.sch().Get(block);
  if (!realize) return Error(realize.error().message, c.args().loc("buffer"));
  const tir::BlockNode& b = *(*realize)->block;
  using Found = std::pair<tir::BufferIndexType, int64_t>;
  if (v.is_sequence() && v.items().size() == 2 && v.items()[0].is_string() &&
      v.items()[1].is_integer()) {
    const std::string& kind = v.items()[0].as_string();
    if (kind != "read" && kind != "write")
      return c.args().ErrorAt("buffer",
                              "AssertionError: Invalid buffer_index_type.  Expected 'read' or "
                              "'write', but received " +
                                  kind);
    bool read = kind == "read";
    int64_t index = v.items()[1].as_int();
    size_t n = read ? b.reads.size() : b.writes.size();
    if (index < 0 || index >= static_cast<int64_t>(n))
      return c.args().ErrorAt(
          "buffer", "AssertionError: Invalid buffer_index " + std::to_string(index) + ".  Block " +
                        b.name + " has only " + std::to_string(n) + " " + kind + " buffers.");
    return Found(read ? tir::BufferIndexType::Read : tir::BufferIndexType::Write, index);
  }
  std::optional<tir::Buffer> object = TirMethodBufferObject(v);
  if (!v.is_string() && !object)
    return c.args().TypeError("buffer",
                              "a (\"read\"|\"write\", int) tuple, a buffer name or a Buffer");
  // Candidates in TVM's order, reads first; a later entry of the same buffer replaces an
  // earlier one, as TVM's dict of possible buffers does.
  std::vector<std::pair<tir::Buffer, Found>> found;
  auto consider = [&](const std::vector<tir::BufferRegion>& regions, tir::BufferIndexType type) {
    for (size_t i = 0; i < regions.size(); ++i) {
      const tir::Buffer& buf = regions[i].buffer;
      if (object ? buf != *object : buf->name != v.as_string()) continue;
      Found at(type, static_cast<int64_t>(i));
      auto same = std::find_if(found.begin(), found.end(), [&](auto& f) { return f.first == buf; });
      if (same != found.end())
        same->second = at;
      else
        found.emplace_back(buf, at);
    }
  };
  consider(b.reads, tir::BufferIndexType::Read);
  consider(b.writes, tir::BufferIndexType::Write);
  std::string name = object ? (*object)->name : v.as_string();
  if (found.empty())
    return c.args().ErrorAt(
        "buffer", "AssertionError: Could not find buffer '" + name + "' in block '" + b.name + "'");
  if (found.size() > 1)
    return c.args().ErrorAt("buffer", "AssertionError: Multiple buffers named '" + name +
                                          "' in block '" + b.name + "'");
  return found[0].second;
}

Result<Value> TirMethodReIndex(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto buffer = TirMethodBufferArg(c, *block);
  if (!buffer) return buffer.error();
  auto stage = c.sch().ReIndex(*block, buffer->second, buffer->first);
  if (!stage) return stage.error();
  return c.BlockValue(*stage);
}

// The index type TVM gives a lambda's variables for `block`: its first iterator's, else
// its first region's, else int64 (TVM's _get_block_default_dtype).
Result<ir::DataType> TirMethodBlockIndexType(const TirMethodCall& c, const BlockRV& block) {
  auto realize = c.sch().Get(block);
  if (!realize) return realize.error();
  const tir::BlockNode& b = *(*realize)->block;
  if (!b.iter_vars.empty()) return b.iter_vars[0]->var.dtype();
  for (const auto* regions : {&b.reads, &b.writes})
    for (const tir::BufferRegion& r : *regions)
      if (!r.region.empty()) return r.region[0].min.dtype();
  return ir::DataType::Int(64);
}

bool TirMethodIsFunction(const Value& v) { return v.as<LambdaObject>() || v.as<FunctionObject>(); }

// pad_value: None, an IndexMap, a function of the transformed indices, or a constant
// (a Python int or float takes the buffer's type when it is of that kind, as in TVM).
Result<tir::IndexMap> TirMethodPadValue(const TirMethodCall& c, const tir::Buffer& buffer,
                                        size_t ndim, ir::DataType index_type) {
  const Value& v = c.args().get("pad_value");
  if (v.is_none()) return tir::IndexMap();
  if (v.as<TirIndexMapObject>() || TirMethodIsFunction(v))
    return TirIndexMapOf(c.interp(), v, ndim, index_type, c.args().loc("pad_value"),
                         "transform_layout(): pad_value");
  ir::DataType t = buffer->dtype;
  std::optional<tir::Expr> value;
  if (v.is_integer() && !v.is_bool() && t.is_integer())
    value = ir::IntImm(t, v.as_int());
  else if (v.is_float() && t.is_float())
    value = ir::FloatImm(t, v.as_float());
  else if (!v.is_string())
    value = ToExpr(v);
  if (!value)
    return c.args().TypeError("pad_value",
                              "None, an int, a float, a PrimExpr, an IndexMap or a function");
  return tir::ConstantIndexMap(*value, ndim);
}

Result<Value> TirMethodTransformLayout(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto buffer = TirMethodBufferArg(c, *block);
  if (!buffer) return buffer.error();
  auto realize = c.sch().Get(*block);
  if (!realize) return Error(realize.error().message, c.args().loc("block"));
  const tir::BlockNode& b = *(*realize)->block;
  const tir::Buffer target = (buffer->first == tir::BufferIndexType::Read ? b.reads : b.writes)
                                 .at(static_cast<size_t>(buffer->second))
                                 .buffer;
  auto index_type = TirMethodBlockIndexType(c, *block);
  if (!index_type) return Error(index_type.error().message, c.args().loc("block"));
  // A function's IndexMap.AXIS_SEPARATOR entries become a set_axis_separator after the
  // transform, as TVM's Python wrapper does.
  std::vector<int64_t> separators;
  auto map = TirIndexMapOf(c.interp(), c.args().get("index_map"), target->shape.size(), *index_type,
                           c.args().loc("index_map"), "transform_layout(): index_map", &separators);
  if (!map) return map.error();
  auto pad = TirMethodPadValue(c, target, (*map)->final_indices.size(), *index_type);
  if (!pad) return pad.error();
  auto injective = c.Flag("assume_injective_transform", false);
  if (!injective) return injective.error();
  Status s = c.sch().TransformLayout(*block, buffer->second, buffer->first, *map, *pad, *injective);
  if (s.ok() && !separators.empty())
    s = c.sch().SetAxisSeparator(*block, buffer->second, buffer->first, separators);
  return TirMethodFromStatus(s);
}

// annotate_buffer_access: gen_new_ranges called with the block's iterators, each item of
// its result a (begin, end) pair or one index (begin, begin + 1), as TVM's wrapper reads it.
Result<Value> TirMethodAnnotateBufferAccess(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto type = c.args().String("buf_type");
  if (!type) return type.error();
  if (*type != "read" && *type != "write")
    return c.args().ErrorAt(
        "buf_type", "ValueError: Invalid buf_type: " + *type + ". Expected 'read' or 'write'.");
  auto index = c.BufferIndex("buffer_index", *block, *type == "read");
  if (!index) return index.error();
  auto realize = c.sch().Get(*block);
  if (!realize) return Error(realize.error().message, c.args().loc("block"));
  const SourceLoc loc = c.args().loc("gen_new_ranges");
  auto map = std::make_shared<ir::IndexMapNode>();
  CallArgs call;
  call.loc = loc;
  for (const ir::IterVar& iv : (*realize)->block->iter_vars) {
    map->initial_indices.push_back(iv->var);
    call.positional.push_back(Value::FromExpr(iv->var));
    call.positional_locs.push_back(loc);
  }
  auto spec = c.interp().CallValue(c.args().get("gen_new_ranges"), call);
  if (!spec) return spec.error();
  if (!spec->is_sequence())
    return c.args().TypeError("gen_new_ranges", "a function returning a list of ranges");
  if (spec->items().size() != map->initial_indices.size())
    return Error("ValueError: Number of iter_vars (" + std::to_string(map->initial_indices.size()) +
                     ") must match number of new_ranges_spec (" +
                     std::to_string(spec->items().size()) + ")",
                 loc);
  for (const Value& item : spec->items()) {
    if (item.is_sequence() && !item.is_string()) {
      if (item.items().size() != 2)
        return Error("ValueError: Tuple must have exactly 2 elements to represent (begin, end).",
                     loc);
      for (const Value& bound : item.items()) {
        std::optional<ir::Expr> e = bound.is_string() ? std::nullopt : ToExpr(bound);
        if (!e) return Error("TypeError: a range's bound must be a PrimExpr", loc);
        map->final_indices.push_back(*e);
      }
    } else if (item.is_expr()) {
      map->final_indices.push_back(item.as_expr());
      map->final_indices.push_back(
          ir::add(item.as_expr(), ir::make_const(item.as_expr().dtype(), int64_t{1})));
    } else {
      return Error("TypeError: Expected PrimExpr or tuple of PrimExpr, got " + item.type_name(),
                   loc);
    }
  }
  return TirMethodFromStatus(c.sch().AnnotateBufferAccess(
      *block, *index, *type == "read" ? tir::BufferIndexType::Read : tir::BufferIndexType::Write,
      ir::IndexMap(map)));
}

Result<Value> TirMethodSetAxisSeparator(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto buffer = TirMethodBufferArg(c, *block);
  if (!buffer) return buffer.error();
  std::vector<int64_t> separators;
  const Value& v = c.args().get("axis_separators");
  if (!v.is_none()) {
    if (!v.is_sequence()) return c.args().TypeError("axis_separators", "a list of ints or None");
    for (const Value& item : v.items()) {
      if (!item.is_integer() || item.is_bool())
        return c.args().TypeError("axis_separators", "a list of ints or None");
      separators.push_back(item.as_int());
    }
  }
  return TirMethodFromStatus(
      c.sch().SetAxisSeparator(*block, buffer->second, buffer->first, separators));
}

Result<Value> TirMethodTransformBlockLayout(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto index_type = TirMethodBlockIndexType(c, *block);
  if (!index_type) return Error(index_type.error().message, c.args().loc("block"));
  auto map = TirIndexMapOf(c.interp(), c.args().get("index_map"), std::nullopt, *index_type,
                           c.args().loc("index_map"), "transform_block_layout(): index_map");
  if (!map) return map.error();
  return TirMethodFromStatus(c.sch().TransformBlockLayout(*block, *map));
}

// reindex_cache_read / reindex_cache_write: a function becomes an IndexMap over the
// block's iterators (TVM's IndexMap.from_func with the block's index type).
template <bool kRead>
Result<Value> TirMethodReindexCacheStage(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  const std::string index_param = kRead ? "read_buffer_index" : "write_buffer_index";
  auto index = c.args().Int(index_param);
  if (!index) return index.error();
  auto scope = c.args().String("storage_scope");
  if (!scope) return scope.error();
  auto index_type = TirMethodBlockIndexType(c, *block);
  if (!index_type) return Error(index_type.error().message, c.args().loc("block"));
  const char* what = kRead ? "reindex_cache_read(): index_map" : "reindex_cache_write(): index_map";
  auto map = TirIndexMapOf(c.interp(), c.args().get("index_map"), std::nullopt, *index_type,
                           c.args().loc("index_map"), what);
  if (!map) return map.error();
  auto stage = kRead ? c.sch().ReindexCacheRead(*block, *index, *scope, *map)
                     : c.sch().ReindexCacheWrite(*block, *index, *scope, *map);
  if (!stage) return stage.error();
  return c.BlockValue(*stage);
}

Result<Value> TirMethodCacheInplace(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto index = c.BufferIndex("read_buffer_index", *block, true);
  if (!index) return index.error();
  auto scope = c.args().String("storage_scope");
  if (!scope) return scope.error();
  auto stages = c.sch().CacheInplace(*block, *index, *scope);
  if (!stages) return stages.error();
  return c.ListOf(*stages);
}

Result<Value> TirMethodCacheIndex(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto scope = c.args().String("storage_scope");
  if (!scope) return scope.error();
  int64_t cse_thresh = 0;
  if (c.Given("cse_thresh")) {
    auto given = c.args().Int("cse_thresh");
    if (!given) return given.error();
    cse_thresh = *given;
  }
  auto stages = c.sch().CacheIndex(*block, *scope, cse_thresh);
  if (!stages) return stages.error();
  return c.ListOf(*stages);
}

Result<Value> TirMethodStorageAlign(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto index = c.BufferIndex("buffer_index", *block, false);
  if (!index) return index.error();
  auto axis = c.args().Int("axis");
  if (!axis) return axis.error();
  auto factor = c.args().Int("factor");
  if (!factor) return factor.error();
  auto offset = c.args().Int("offset");
  if (!offset) return offset.error();
  return TirMethodFromStatus(c.sch().StorageAlign(*block, *index, *axis, *factor, *offset));
}

Result<Value> TirMethodRFactor(const TirMethodCall& c) {
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  auto axis = c.args().Int("factor_axis");
  if (!axis) return axis.error();
  auto rf = c.sch().RFactor(*loop, static_cast<int>(*axis));
  if (!rf) return rf.error();
  return c.BlockValue(*rf);
}

// blockize(target, preserve_unit_iters): a loop, or a list of blocks.
Result<Value> TirMethodBlockize(const TirMethodCall& c) {
  auto preserve = c.Flag("preserve_unit_iters", true);
  if (!preserve) return preserve.error();
  if (c.args().get("target").is_sequence()) {
    auto blocks = c.Blocks("target");
    if (!blocks) return blocks.error();
    auto outer = c.sch().Blockize(*blocks, *preserve);
    if (!outer) return outer.error();
    return c.BlockValue(*outer);
  }
  auto loop = c.Loop("target");
  if (!loop) return loop.error();
  auto outer = c.sch().Blockize(*loop, *preserve);
  if (!outer) return outer.error();
  return c.BlockValue(*outer);
}

// tensorize(block_or_loop, tensor_intrin, preserve_unit_iters): the intrinsic by the
// name tir.TensorIntrin.register gave it.
Result<Value> TirMethodTensorize(const TirMethodCall& c) {
  auto target = c.BlockOrLoop("block_or_loop");
  if (!target) return target.error();
  const Value& intrin = c.args().get("tensor_intrin");
  if (!intrin.is_string())
    return c.args().TypeError("tensor_intrin", "the name of a registered TensorIntrin (a str)");
  auto preserve = c.Flag("preserve_unit_iters", true);
  if (!preserve) return preserve.error();
  Status s = std::visit(
      [&](const auto& rv) { return c.sch().Tensorize(rv, intrin.as_string(), *preserve); },
      *target);
  if (!s.ok()) return s.error();
  return Value();
}

// An int list argument (candidates, a decision of tiles).
Result<std::vector<int64_t>> TirMethodInts(const TirMethodCall& c, const std::string& param) {
  const Value& v = c.args().get(param);
  if (!v.is_sequence()) return c.args().TypeError(param, "a list of int");
  std::vector<int64_t> out;
  for (const Value& x : v.items()) {
    if (!x.is_integer()) return c.args().TypeError(param, "a list of int");
    out.push_back(x.as_int());
  }
  return out;
}

Result<Value> TirMethodSamplePartitionedTile(const TirMethodCall& c) {
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  auto n = c.args().Int("n");
  if (!n) return n.error();
  int64_t pos = 0, factor = 1;
  if (c.Given("partition_pos")) {
    auto p = c.args().Int("partition_pos");
    if (!p) return p.error();
    pos = *p;
  }
  if (c.Given("innerpart_factor")) {
    auto f = c.args().Int("innerpart_factor");
    if (!f) return f.error();
    factor = *f;
  }
  std::optional<std::vector<int64_t>> decision;
  if (c.Given("decision")) {
    auto d = TirMethodInts(c, "decision");
    if (!d) return d.error();
    decision = *d;
  }
  auto tiles = c.sch().SamplePartitionedTile(*loop, static_cast<int>(*n), static_cast<int>(pos),
                                             static_cast<int>(factor), decision);
  if (!tiles) return tiles.error();
  std::vector<Value> items;
  for (const tir::ExprRV& rv : *tiles) items.push_back(c.ExprValue(rv.id));
  return Value::List(std::move(items));
}

Result<Value> TirMethodSamplePerfectTile(const TirMethodCall& c) {
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  auto n = c.args().Int("n");
  if (!n) return n.error();
  int64_t max_innermost = 16;
  if (c.Given("max_innermost_factor")) {
    auto m = c.args().Int("max_innermost_factor");
    if (!m) return m.error();
    max_innermost = *m;
  }
  std::optional<std::vector<int64_t>> decision;
  if (c.Given("decision")) {
    auto d = TirMethodInts(c, "decision");
    if (!d) return d.error();
    decision = *d;
  }
  auto tiles = c.sch().SamplePerfectTile(*loop, static_cast<int>(*n),
                                         static_cast<int>(max_innermost), decision);
  if (!tiles) return tiles.error();
  std::vector<Value> items;
  for (const tir::ExprRV& rv : *tiles) items.push_back(c.ExprValue(rv.id));
  return Value::List(std::move(items));
}

Result<Value> TirMethodSampleCategorical(const TirMethodCall& c) {
  auto candidates = TirMethodInts(c, "candidates");
  if (!candidates) return candidates.error();
  const Value& p = c.args().get("probs");
  if (!p.is_sequence()) return c.args().TypeError("probs", "a list of float");
  std::vector<double> probs;
  for (const Value& x : p.items()) {
    if (!x.is_float() && !x.is_integer()) return c.args().TypeError("probs", "a list of float");
    probs.push_back(x.as_float());
  }
  std::optional<int64_t> decision;
  if (c.Given("decision")) {
    auto d = c.args().Int("decision");
    if (!d) return d.error();
    decision = *d;
  }
  auto rv = c.sch().SampleCategorical(*candidates, probs, decision);
  if (!rv) return rv.error();
  return c.ExprValue(rv->id);
}

Result<Value> TirMethodSampleComputeLocation(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  std::optional<int64_t> decision;
  if (c.Given("decision")) {
    auto d = c.args().Int("decision");
    if (!d) return d.error();
    decision = *d;
  }
  auto loop = c.sch().SampleComputeLocation(*block, decision);
  if (!loop) return loop.error();
  return c.LoopValue(*loop);
}

Result<Value> TirMethodUnsafeSetDType(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto index = c.BufferIndex("buffer_index", *block, false);
  if (!index) return index.error();
  auto dtype = c.args().String("dtype");
  if (!dtype) return dtype.error();
  return TirMethodFromStatus(c.sch().UnsafeSetDType(*block, *index, *dtype));
}

Result<Value> TirMethodRollingBuffer(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  // An int only: TVM 0.20 takes no buffer or buffer name here.
  auto index = c.args().Int("write_buffer_index");
  if (!index) return index.error();
  return TirMethodFromStatus(c.sch().RollingBuffer(*block, *index));
}

Result<Value> TirMethodUnsafeHideBufferAccess(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto type = c.args().String("buf_type");
  if (!type) return type.error();
  auto indices = TirMethodInts(c, "buf_index_array");
  if (!indices) return indices.error();
  return TirMethodFromStatus(c.sch().UnsafeHideBufferAccess(*block, *type, *indices));
}

// read_at / write_at: an int index only, as TVM's (its FFI takes no buffer or name).
template <bool kRead>
Result<Value> TirMethodCopyAtLoop(const TirMethodCall& c) {
  auto loop = c.Loop("loop");
  if (!loop) return loop.error();
  auto block = c.Block("block");
  if (!block) return block.error();
  auto index = c.args().Int(kRead ? "read_buffer_index" : "write_buffer_index");
  if (!index) return index.error();
  auto scope = c.args().String("storage_scope");
  if (!scope) return scope.error();
  auto copy = kRead ? c.sch().ReadAt(*loop, *block, *index, *scope)
                    : c.sch().WriteAt(*loop, *block, *index, *scope);
  if (!copy) return copy.error();
  return c.BlockValue(*copy);
}

Result<Value> TirMethodReorderBlockIterVar(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto order = TirMethodInts(c, "new_order");
  if (!order) return order.error();
  return TirMethodFromStatus(c.sch().ReorderBlockIterVar(*block, *order));
}

Result<Value> TirMethodPadEinsum(const TirMethodCall& c) {
  auto block = c.Block("block");
  if (!block) return block.error();
  auto padding = TirMethodInts(c, "padding");
  if (!padding) return padding.error();
  return TirMethodFromStatus(c.sch().PadEinsum(*block, *padding));
}

// clang-format off
const std::vector<TirScheduleMethod>& TirMethodMethods() {
  static const std::vector<TirScheduleMethod> rows = {
    // name                     params                                          required variadic
    {"get_block",              {"name", "func_name"},                                1, false, TirMethodGetBlock},
    {"get_sblock",             {"name", "func_name"},                                1, false, TirMethodGetBlock},
    {"get_loops",              {"block"},                                            1, false, TirMethodGetLoops},
    {"get_child_blocks",       {"block_or_loop"},                                    1, false, TirMethodGetChildBlocks},
    {"get_child_sblocks",      {"block_or_loop"},                                    1, false, TirMethodGetChildBlocks},
    {"get_producers",          {"block"},                                            1, false, TirMethodGetProducers},
    {"get_consumers",          {"block"},                                            1, false, TirMethodGetConsumers},
    {"get_output_blocks",      {"scope_block"},                                      1, false, TirMethodGetOutputBlocks},
    {"enter_postproc",         {},                                                   0, false, TirMethodEnterPostproc},
    {"unsafe_hide_buffer_access", {"block", "buf_type", "buf_index_array"},          3, false, TirMethodUnsafeHideBufferAccess},
    {"fuse",                   {"preserve_unit_iters"},                              0, true,  TirMethodFuse},
    {"merge",                  {},                                                   0, true,  TirMethodMerge},
    {"split",                  {"loop", "factors", "preserve_unit_iters",
                                "disable_predication"},                              2, false, TirMethodSplit},
    {"loop_partition",         {"loop", "factors", "preserve_unit_iters"},           2, false, TirMethodLoopPartition},
    {"reorder",                {},                                                   0, true,  TirMethodReorder},
    {"add_unit_loop",          {"block_or_loop"},                                    1, false, TirMethodAddUnitLoop},
    {"parallel",               {"loop"},                                             1, false, TirMethodLoopKind<&tir::Schedule::Parallel>},
    {"vectorize",              {"loop"},                                             1, false, TirMethodLoopKind<&tir::Schedule::Vectorize>},
    {"bind",                   {"loop", "thread_axis"},                              2, false, TirMethodBind},
    {"unroll",                 {"loop"},                                             1, false, TirMethodLoopKind<&tir::Schedule::Unroll>},
    {"cache_read",             {"block", "read_buffer_index", "storage_scope",
                                "consumer_blocks"},                                  3, false, TirMethodCacheStage<true>},
    {"cache_write",            {"block", "write_buffer_index", "storage_scope",
                                "consumer_blocks"},                                  3, false, TirMethodCacheStage<false>},
    {"reindex_cache_read",     {"block", "read_buffer_index", "storage_scope",
                                "index_map"},                                        4, false, TirMethodReindexCacheStage<true>},
    {"reindex_cache_write",    {"block", "write_buffer_index", "storage_scope",
                                "index_map"},                                        4, false, TirMethodReindexCacheStage<false>},
    {"cache_index",            {"block", "storage_scope", "cse_thresh"},             2, false, TirMethodCacheIndex},
    {"cache_inplace",          {"block", "read_buffer_index", "storage_scope"},      3, false, TirMethodCacheInplace},
    {"compute_at",             {"block", "loop", "preserve_unit_loops", "index"},    2, false, TirMethodComputeAt<false>},
    {"reverse_compute_at",     {"block", "loop", "preserve_unit_loops", "index"},    2, false, TirMethodComputeAt<true>},
    {"compute_inline",         {"block"},                                            1, false, TirMethodBlockOnly<&tir::Schedule::ComputeInline>},
    {"reverse_compute_inline", {"block"},                                            1, false, TirMethodBlockOnly<&tir::Schedule::ReverseComputeInline>},
    {"decompose_reduction",    {"block", "loop"},                                    2, false, TirMethodDecomposeReduction},
    {"rfactor",                {"loop", "factor_axis"},                              2, false, TirMethodRFactor},
    {"blockize",               {"target", "preserve_unit_iters"},                    1, false, TirMethodBlockize},
    {"tensorize",              {"block_or_loop", "tensor_intrin", "preserve_unit_iters"}, 2, false, TirMethodTensorize},
    {"sample_perfect_tile",    {"loop", "n", "max_innermost_factor", "decision"},    2, false, TirMethodSamplePerfectTile},
    {"sample_partitioned_tile", {"loop", "n", "partition_pos", "innerpart_factor",
                                 "decision"},                                        2, false, TirMethodSamplePartitionedTile},
    {"sample_categorical",     {"candidates", "probs", "decision"},                  2, false, TirMethodSampleCategorical},
    {"sample_compute_location", {"block", "decision"},                               1, false, TirMethodSampleComputeLocation},
    {"set_scope",              {"block", "buffer_index", "storage_scope"},           3, false, TirMethodSetScope},
    {"unsafe_set_dtype",       {"block", "buffer_index", "dtype"},                   3, false, TirMethodUnsafeSetDType},
    {"reorder_block_iter_var", {"block", "new_order"},                               2, false, TirMethodReorderBlockIterVar},
    {"rolling_buffer",         {"block", "write_buffer_index"},                      2, false, TirMethodRollingBuffer},
    {"read_at",                {"loop", "block", "read_buffer_index", "storage_scope"}, 4, false, TirMethodCopyAtLoop<true>},
    {"write_at",               {"loop", "block", "write_buffer_index", "storage_scope"}, 4, false, TirMethodCopyAtLoop<false>},
    {"decompose_padding",      {"block", "loop"},                                    2, false, TirMethodDecomposePadding},
    {"can_decompose_padding",  {"block", "loop"},                                    2, false, TirMethodCanDecomposePadding},
    {"pad_einsum",             {"block", "padding"},                                 2, false, TirMethodPadEinsum},
    {"storage_align",          {"block", "buffer_index", "axis", "factor", "offset"}, 5, false, TirMethodStorageAlign},
    {"reindex",                {"block", "buffer"},                                  2, false, TirMethodReIndex},
    {"transform_layout",       {"block", "buffer", "index_map", "pad_value",
                                "assume_injective_transform"},                       3, false, TirMethodTransformLayout},
    {"transform_block_layout", {"block", "index_map"},                               2, false, TirMethodTransformBlockLayout},
    {"set_axis_separator",     {"block", "buffer", "axis_separators"},               3, false, TirMethodSetAxisSeparator},
    {"annotate",               {"block_or_loop", "ann_key", "ann_val"},              3, false, TirMethodAnnotate},
    {"unannotate",             {"block_or_loop", "ann_key"},                         2, false, TirMethodUnannotate},
    {"annotate_buffer_access", {"block", "buffer_index", "buf_type", "gen_new_ranges"}, 4, false, TirMethodAnnotateBufferAccess},
  };
  return rows;
}
// clang-format on

}  // namespace

const TirScheduleMethod* FindTirScheduleMethod(const std::string& name) {
  for (const TirScheduleMethod& m : TirMethodMethods())
    if (name == m.name) return &m;
  return nullptr;
}

Result<Value> CallTirScheduleMethod(const TirScheduleMethod& method,
                                    const std::shared_ptr<TirScheduleHandle>& handle,
                                    Interpreter& interp, const CallArgs& call) {
  CallArgs bound = call;
  std::vector<Value> variadic;
  std::vector<SourceLoc> variadic_locs;
  if (method.variadic) {
    variadic = std::move(bound.positional);
    variadic_locs = std::move(bound.positional_locs);
    bound.positional.clear();
    bound.positional_locs.clear();
  }
  Args args(bound, method.name, method.params, method.required);
  if (!args.status()) return args.status().error();
  TirMethodCall c(handle, interp, args, std::move(variadic), std::move(variadic_locs));
  auto result = method.apply(c);
  if (result) return result;
  Error e = result.error();
  if (e.loc.line > 0) return e;  // an argument's error, already located
  std::string kind = tir::ErrorKind(e);
  if (kind == "ValueError" || kind == "TypeError" || kind == "IndexError")
    return Error(e.message, call.loc);
  if (handle->render_level == TirScheduleHandle::RenderLevel::Fast)
    return Error(tir::FastErrorString(e), call.loc);
  if (handle->render_level == TirScheduleHandle::RenderLevel::None)
    return Error("ScheduleError: (not rendered)", call.loc);
  return Error("ScheduleError: An error occurred in the schedule primitive '" +
                   std::string(method.name) + "': " + e.message,
               call.loc);
}

}  // namespace tessera::script
