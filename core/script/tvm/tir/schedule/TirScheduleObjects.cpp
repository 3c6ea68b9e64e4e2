// The tir.Schedule script object, its random variables, trace and get() views, and the
// constructors (TirScheduleValue.h); the primitives are TirScheduleMethods.cpp's table.
#include <functional>
#include <map>

#include "ir/ExprOp.h"
#include "script/lang/Exceptions.h"
#include "script/tvm/te/BoundObjects.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "script/tvm/tir/TirTensorIntrinObjects.h"
#include "script/tvm/tir/schedule/TirInstructionObjects.h"
#include "script/tvm/tir/schedule/TirScheduleMethods.h"
#include "script/tvm/tir/schedule/TirScheduleTesting.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "script/tvm/tir/schedule/TirTraceObjects.h"
#include "tir/Trace.h"

namespace tessera::script {

Value TirSchedConstantMethod(const std::string& name, Value v) {
  return MakeFunction(name, [v](Interpreter&, const CallArgs&) -> Result<Value> { return v; });
}

namespace {

using tir::BlockRV;
using tir::LoopRV;

const char* TirSchedKindName(TirRandomVariable::Kind k) {
  switch (k) {
    case TirRandomVariable::Kind::Block:
      return "BlockRV";
    case TirRandomVariable::Kind::Loop:
      return "LoopRV";
    case TirRandomVariable::Kind::Expr:
      return "ExprRV";
  }
  return "RV";
}

Value TirSchedMakeRV(const std::shared_ptr<TirScheduleHandle>& owner, TirRandomVariable::Kind kind,
                     int id) {
  auto rv = std::make_shared<TirRandomVariable>();
  rv->owner = owner;
  rv->kind = kind;
  rv->id = id;
  return Value::FromObject(rv);
}

bool TirSchedRVOfKind(const Value& v, TirRandomVariable::Kind kind) {
  auto* rv = v.as<TirRandomVariable>();
  return rv && rv->kind == kind;
}

// A block's read or write region: its buffer (a Buffer value, which transform_layout and
// reindex accept) and the ranges.
struct TirSchedBufferRegionView : Object {
  tir::BufferRegion region;
  std::string type_name() const override { return "BufferRegion"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "buffer") return Value::FromObject(std::make_shared<BufferObject>(region.buffer));
    if (name == "region") {
      std::vector<Value> ranges;
      for (const tir::Range& r : region.region)
        ranges.push_back(MakeRangeValue(r));  // a Range: .min, .extent
      return Value::List(std::move(ranges));
    }
    return Object::GetAttr(interp, name, loc);
  }
};

// An annotation's value as TVM's Python sees it: a list value (tir::kAnnotationList) is
// an Array of its items, a dict value (tir::kAnnotationDict) a Map, a string a str,
// anything else the expression.
Value AnnotationValue(const tir::Expr& value) {
  if (const auto* str = value.as<ir::StringImmNode>()) return Value::String(str->value);
  if (auto entries = tir::AnnotationDictEntries(value)) {
    auto dict = std::make_shared<DictObject>();
    for (const auto& [key, item] : *entries)
      dict->entries->emplace_back(Value::String(key), AnnotationValue(item));
    return Value::FromObject(dict);
  }
  if (const auto* call = value.as<ir::CallNode>(); call && call->op == tir::kAnnotationList) {
    std::vector<Value> items;
    for (const tir::Expr& item : call->args) {
      // An item prints as TVM's Array prints it ([0, 1]).
      const int64_t* c = ir::as_const_int(item);
      items.push_back(c ? Value::Int(*c) : AnnotationValue(item));
    }
    return Value::List(std::move(items));
  }
  return Value::FromExpr(value);
}

// sch.get(block_rv): the block as it is now (name_hint, annotations).
struct TirSchedBlockView : Object {
  tir::Block block;
  std::string type_name() const override { return "Block"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "name_hint") return Value::String(block->name);
    if (name == "annotations") {
      auto d = std::make_shared<DictObject>();
      for (const auto& [key, value] : block->annotations)
        d->entries->emplace_back(Value::String(key), AnnotationValue(value));
      return Value::FromObject(d);
    }
    if (name == "iter_vars") {
      std::vector<Value> vars;
      for (const tir::IterVar& iv : block->iter_vars) vars.push_back(Value::FromExpr(iv->var));
      return Value::List(std::move(vars));
    }
    if (name == "reads" || name == "writes") {
      std::vector<Value> regions;
      for (const tir::BufferRegion& r : name == "reads" ? block->reads : block->writes) {
        auto region = std::make_shared<TirSchedBufferRegionView>();
        region->region = r;
        regions.push_back(Value::FromObject(region));
      }
      return Value::List(std::move(regions));
    }
    if (name == "same_as") {  // the same block node: unchanged since it was got
      tir::Block self = block;
      return MakeFunction("same_as", [self](Interpreter&, const CallArgs& a) -> Result<Value> {
        if (a.positional.size() != 1 || !a.keywords.empty())
          return Error("same_as() takes one argument", a.loc);
        auto* other = a.positional[0].as<TirSchedBlockView>();
        return Value::Bool(other && other->block == self);
      });
    }
    return Object::GetAttr(interp, name, loc);
  }
};

// sch.get(loop_rv): the loop as it is now (loop_var, min, extent, kind, annotations).
struct TirSchedLoopView : Object {
  tir::Var loop_var;
  tir::Expr min, extent;
  tir::ForKind kind = tir::ForKind::Serial;
  std::string thread_tag;
  std::map<std::string, tir::Expr> annotations;
  std::string type_name() const override { return "For"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "loop_var") return Value::FromExpr(loop_var);
    if (name == "min") return Value::FromExpr(min);
    if (name == "extent") return Value::FromExpr(extent);
    if (name == "kind") return Value::Int(static_cast<int64_t>(kind));  // tvm.tir.ForKind.*
    if (name == "thread_binding") return thread_tag.empty() ? Value() : Value::String(thread_tag);
    if (name == "annotations") {
      auto d = std::make_shared<DictObject>();
      for (const auto& [key, value] : annotations)
        d->entries->emplace_back(Value::String(key), AnnotationValue(value));
      return Value::FromObject(d);
    }
    return Object::GetAttr(interp, name, loc);
  }
};

// The random variable passed as `param`, when it is one of this schedule's.
Result<const TirRandomVariable*> OwnedRandomVariable(const TirScheduleHandle& h, const Args& args,
                                                     const std::string& param) {
  const auto* rv = args.get(param).as<TirRandomVariable>();
  if (!rv) return args.TypeError(param, "a BlockRV, LoopRV or ExprRV");
  if (!rv->owner)
    return args.ErrorAt(param, "ValueError: the " + rv->type_name() +
                                   " was made on its own (a trace's variable) and belongs to no "
                                   "schedule");
  if (!TirScheduleOwns(h, rv->owner, rv->id))
    return args.ErrorAt(param, "ValueError: the random variable belongs to another schedule");
  return rv;
}

Result<Value> TirSchedGetView(const std::shared_ptr<TirScheduleHandle>& handle, const CallArgs& c) {
  Args args(c, "get", {"rand_var_or_sref"}, 1);
  if (!args.status()) return args.status().error();
  auto owned = OwnedRandomVariable(*handle, args, "rand_var_or_sref");
  if (!owned) return owned.error();
  const TirRandomVariable* rv = *owned;
  switch (rv->kind) {
    case TirRandomVariable::Kind::Block: {
      auto realize = handle->sch->Get(BlockRV{rv->id});
      if (!realize) return Error(realize.error().message, c.loc);
      auto view = std::make_shared<TirSchedBlockView>();
      view->block = (*realize)->block;
      return Value::FromObject(view);
    }
    case TirRandomVariable::Kind::Loop: {
      auto loop = handle->sch->Get(LoopRV{rv->id});
      if (!loop) return Error(loop.error().message, c.loc);
      auto view = std::make_shared<TirSchedLoopView>();
      view->loop_var = (*loop)->loop_var;
      view->min = (*loop)->min;
      view->extent = (*loop)->extent;
      view->kind = (*loop)->for_kind;
      view->thread_tag = (*loop)->thread_tag;
      view->annotations = (*loop)->annotations;
      return Value::FromObject(view);
    }
    case TirRandomVariable::Kind::Expr: {
      auto value = handle->sch->Get(tir::ExprRV{rv->id});
      if (!value) return Error(value.error().message, c.loc);
      return Value::FromExpr(ir::make_const(ir::DataType::Int(32), *value));
    }
  }
  return Value();
}

Value TirSchedModuleOf(const TirScheduleHandle& h) {
  auto value = MakeTensorIRModuleValue(h.sch->module(), h.dialect);
  if (auto* m = const_cast<TensorIRModule*>(AsTensorIRModule(value))) m->te_args = h.te_args;
  return value;
}

using TirSchedScheduleAttr =
    std::function<Result<Value>(const std::shared_ptr<TirScheduleHandle>&)>;

// The attributes of a schedule besides its primitives.
const std::map<std::string, TirSchedScheduleAttr>& TirSchedScheduleAttributes() {
  using H = std::shared_ptr<TirScheduleHandle>;
  static const std::map<std::string, TirSchedScheduleAttr> attrs = {
      {"mod", [](const H& h) -> Result<Value> { return TirSchedModuleOf(*h); }},
      {"trace",
       [](const H& h) -> Result<Value> { return MakeTraceValue(h->sch->trace(), h->dialect, h); }},
      {"func_working_on",
       [](const H& h) -> Result<Value> {
         return h->func_chosen ? Value::String(h->func_name) : Value();
       }},
      {"show", [](const H&) -> Result<Value> { return TirSchedConstantMethod("show", Value()); }},
      {"get",
       [](const H& h) -> Result<Value> {
         return MakeFunction(
             "get", [h](Interpreter&, const CallArgs& c) { return TirSchedGetView(h, c); });
       }},
      {"work_on",
       [](const H& h) -> Result<Value> {
         return MakeFunction("work_on", [h](Interpreter&, const CallArgs& c) -> Result<Value> {
           Args args(c, "work_on", {"func_name"}, 1);
           if (!args.status()) return args.status().error();
           auto name = args.String("func_name");
           if (!name) return name.error();
           if (Status s = TirSelectFunction(h.get(), *name); !s.ok())
             return args.ErrorAt("func_name", s.error().message);
           return Value();
         });
       }},
      {"remove_rv",
       [](const H& h) -> Result<Value> {
         return MakeFunction("remove_rv", [h](Interpreter&, const CallArgs& c) -> Result<Value> {
           Args args(c, "remove_rv", {"rand_var"}, 1);
           if (!args.status()) return args.status().error();
           auto rv = OwnedRandomVariable(*h, args, "rand_var");
           if (!rv) return rv.error();
           if (Status s = h->sch->RemoveRV((*rv)->id); !s.ok())
             return args.ErrorAt("rand_var", s.error().message);
           return Value();
         });
       }},
      // seed / fork_seed: the random state, as TVM's (neither is traced).
      {"seed",
       [](const H& h) -> Result<Value> {
         return MakeFunction("seed", [h](Interpreter&, const CallArgs& c) -> Result<Value> {
           Args args(c, "seed", {"seed"}, 1);
           if (!args.status()) return args.status().error();
           auto seed = args.Int("seed");
           if (!seed) return seed.error();
           h->sch->Seed(*seed);
           return Value();
         });
       }},
      {"fork_seed",
       [](const H& h) -> Result<Value> {
         return MakeFunction("fork_seed", [h](Interpreter&, const CallArgs& c) -> Result<Value> {
           Args args(c, "fork_seed", {}, 0);
           if (!args.status()) return args.status().error();
           return Value::Int(h->sch->ForkSeed());
         });
       }},
      {"copy",
       [](const H& h) -> Result<Value> {
         return MakeFunction("copy", [h](Interpreter&, const CallArgs&) -> Result<Value> {
           auto copy = std::make_shared<TirScheduleHandle>(*h);
           copy->sch = std::make_shared<tir::Schedule>(*h->sch);
           copy->copied_from.emplace_back(h, h->sch->random_variable_count());
           auto obj = std::make_shared<TirScheduleObject>();
           obj->handle = copy;
           return Value::FromObject(obj);
         });
       }},
  };
  return attrs;
}

// error_render_level: "detail" (the default), "fast" or "none", as TVM's
// _parse_error_render_level reads it.
Result<TirScheduleHandle::RenderLevel> TirSchedRenderLevel(const Args& args) {
  using Level = TirScheduleHandle::RenderLevel;
  const Value& v = args.get("error_render_level");
  if (v.is_none()) return Level::Detail;
  if (v.is_string()) {
    if (v.as_string() == "detail") return Level::Detail;
    if (v.as_string() == "fast") return Level::Fast;
    if (v.as_string() == "none") return Level::None;
  }
  return args.ErrorAt("error_render_level",
                      "ValueError: error_render_level can be \"detail\", \"fast\", or "
                      "\"none\", but got: " +
                          repr(v));
}

BuiltinFn TirSchedScheduleConstructor(tir::TvmDialect dialect, TirRecordOf record_of) {
  return [dialect, record_of](Interpreter& in, const CallArgs& c) -> Result<Value> {
    Args args(c, "Schedule", {"mod", "seed", "debug_mask", "error_render_level", "enable_check"},
              1);
    if (!args.status()) return args.status().error();
    if (args.has("seed") && !args.get("seed").is_none() && !args.get("seed").is_integer())
      return args.TypeError("seed", "an int or None");
    const Value& mask = args.get("debug_mask");
    if (!mask.is_none() && !mask.is_string() && !mask.is_integer())
      return args.TypeError("debug_mask", "a str or an int");
    auto level = TirSchedRenderLevel(args);
    if (!level) return level.error();
    auto input = TirSchedInputOf(args);
    if (!input) return input.error();
    TirScriptRecord* record = &record_of(in);
    auto handle = std::make_shared<TirScheduleHandle>();
    handle->render_level = *level;
    handle->seed = args.get("seed").is_integer() ? args.get("seed").as_int() : -1;
    handle->dialect = dialect;
    handle->te_args = input->te_args;
    handle->func_chosen = input->chosen;
    handle->func_name = input->work_on;
    handle->record = record;
    handle->sch = std::make_shared<tir::Schedule>(input->module, input->work_on, handle->seed);
    handle->sch->UseTensorIntrins(record->intrins);
    record->schedule = handle->sch;
    record->func_name = input->chosen ? input->work_on : "";
    record->module_te_args = input->te_args;
    record->dialect = dialect;
    record->line = c.loc.line;
    ++record->created;
    record->te_schedules_before = record->te_schedules_created ? *record->te_schedules_created : 0;
    auto obj = std::make_shared<TirScheduleObject>();
    obj->handle = handle;
    return Value::FromObject(obj);
  };
}

// A class name usable with isinstance and `except` (its calls are refused).
struct TirSchedClassName : BuiltinFunction {
  explicit TirSchedClassName(const std::string& name)
      : BuiltinFunction(name, [name](Interpreter&, const CallArgs& c) -> Result<Value> {
          return Error(name + " cannot be created by a script", c.loc);
        }) {}
};

}  // namespace

Status TirCheckFunction(const TirScheduleHandle& h, const std::string& name) {
  std::string names;
  for (const auto& [f, func] : h.sch->module()) {
    if (f == name) return Status::Ok();
    names += (names.empty() ? "\"" : ", \"") + f + "\"";
  }
  return Error("ValueError: the module has no function '" + name + "'; candidates are: [" + names +
               "]");
}

Status TirSelectFunction(TirScheduleHandle* h, const std::string& name) {
  if (Status s = TirCheckFunction(*h, name); !s.ok()) return s;
  if (Status s = h->sch->WorkOn(name); !s.ok()) return s;
  h->func_name = name;
  h->func_chosen = true;
  if (h->record && h->record->schedule == h->sch) h->record->func_name = name;
  return Status::Ok();
}

Status TirRequireFunction(const TirScheduleHandle& h) {
  if (h.func_chosen) return Status::Ok();
  return Error(
      "ValueError: `get_block` does not know which function to be working on. Please specify "
      "the function name explicitly, or call `work_on` to specify the function before using "
      "`get_block`.");
}

Result<TirSchedScheduleInput> TirSchedInputOf(const Args& args) {
  const Value& mod = args.get("mod");
  if (auto* f = AsTensorIRFunc(mod))
    return TirSchedScheduleInput{{{"main", f->func}}, {{"main", f->te_args}}, "main", true};
  if (auto* m = AsTensorIRModule(mod)) {
    if (m->functions.empty()) return args.ErrorAt("mod", "ValueError: the module has no function");
    TirSchedScheduleInput input{m->functions, m->te_args, m->functions[0].first,
                                m->functions.size() == 1};
    for (const auto& [name, func] : m->functions)
      if (name == "main") input = {m->functions, m->te_args, "main", true};
    return input;
  }
  return args.TypeError("mod", "a TensorIR PrimFunc or IRModule");
}

bool TirScheduleOwns(const TirScheduleHandle& h, const std::shared_ptr<TirScheduleHandle>& owner,
                     int rv_id) {
  if (!owner) return false;  // a free variable (BlockRV()): nobody's
  if (owner.get() == &h) return true;
  for (const auto& [ancestor, count] : h.copied_from)
    if (ancestor.lock() == owner) return rv_id < count;
  return false;
}

// ---- TirMethodCall's helpers ----

Result<const TirRandomVariable*> TirMethodCall::RandomVariable(const Value& v, const SourceLoc& loc,
                                                               const std::string& expected) const {
  auto* rv = v.as<TirRandomVariable>();
  if (!rv)
    return Error(args_.function() + "(): expected " + expected + ", not " + v.type_name(), loc);
  if (!TirScheduleOwns(*handle_, rv->owner, rv->id))
    return Error("ValueError: " + args_.function() + "(): the " + rv->type_name() +
                     (rv->owner ? " belongs to another schedule"
                                : " was made on its own (a trace's variable) and belongs to no "
                                  "schedule"),
                 loc);
  return rv;
}

Result<BlockRV> TirMethodCall::Block(const std::string& param) const {
  const Value& v = args_.get(param);
  if (v.is_string()) {
    if (Status s = TirRequireFunction(*handle_); !s.ok())
      return Error(s.error().message, args_.loc(param));
    auto rv = sch().GetBlock(v.as_string(), func_name());
    if (!rv) return Error(rv.error().message, args_.loc(param));
    return *rv;
  }
  auto rv = RandomVariable(v, args_.loc(param), "a BlockRV or a block name for '" + param + "'");
  if (!rv) return rv.error();
  if ((*rv)->kind != TirRandomVariable::Kind::Block)
    return args_.TypeError(param, "a BlockRV or a block name");
  return BlockRV{(*rv)->id};
}

Result<std::vector<BlockRV>> TirMethodCall::Blocks(const std::string& param) const {
  std::vector<BlockRV> blocks;
  if (!Given(param)) return blocks;
  const Value& list = args_.get(param);
  if (!list.is_sequence()) return args_.TypeError(param, "a list of BlockRVs");
  for (const Value& v : list.items()) {
    if (v.is_string()) {
      if (Status s = TirRequireFunction(*handle_); !s.ok())
        return Error(s.error().message, args_.loc(param));
      auto rv = sch().GetBlock(v.as_string(), func_name());
      if (!rv) return Error(rv.error().message, args_.loc(param));
      blocks.push_back(*rv);
      continue;
    }
    auto rv = RandomVariable(v, args_.loc(param), "a BlockRV in '" + param + "'");
    if (!rv) return rv.error();
    if ((*rv)->kind != TirRandomVariable::Kind::Block)
      return args_.TypeError(param, "a list of BlockRVs");
    blocks.push_back(BlockRV{(*rv)->id});
  }
  return blocks;
}

Result<LoopRV> TirMethodCall::Loop(const std::string& param) const {
  const Value& v = args_.get(param);
  auto rv = RandomVariable(v, args_.loc(param), "a LoopRV for '" + param + "'");
  if (!rv) return rv.error();
  if ((*rv)->kind != TirRandomVariable::Kind::Loop) return args_.TypeError(param, "a LoopRV");
  return LoopRV{(*rv)->id};
}

Result<std::variant<BlockRV, LoopRV>> TirMethodCall::BlockOrLoop(const std::string& param) const {
  const Value& v = args_.get(param);
  if (auto* rv = v.as<TirRandomVariable>(); rv && rv->kind == TirRandomVariable::Kind::Loop) {
    auto loop = Loop(param);
    if (!loop) return loop.error();
    return std::variant<BlockRV, LoopRV>(*loop);
  }
  if (!v.is_string() && !v.as<TirRandomVariable>())
    return args_.TypeError(param, "a BlockRV or a LoopRV");
  auto block = Block(param);
  if (!block) return block.error();
  return std::variant<BlockRV, LoopRV>(*block);
}

Result<std::vector<LoopRV>> TirMethodCall::VariadicLoops() const {
  std::vector<Value> items = variadic_;
  std::vector<SourceLoc> locs = variadic_locs_;
  if (items.size() == 1 && items[0].is_sequence()) {  // sch.fuse([i, j]) as TVM accepts
    SourceLoc at = locs[0];
    items = items[0].items();
    locs.assign(items.size(), at);
  }
  if (items.empty())
    return Error(args_.function() + "() needs at least one loop", args_.call().loc);
  std::vector<LoopRV> loops;
  for (size_t i = 0; i < items.size(); ++i) {
    auto rv = RandomVariable(items[i], locs[i], "a LoopRV");
    if (!rv) return rv.error();
    if ((*rv)->kind != TirRandomVariable::Kind::Loop)
      return Error(args_.function() + "(): expected a LoopRV, not " + (*rv)->type_name(), locs[i]);
    loops.push_back(LoopRV{(*rv)->id});
  }
  return loops;
}

Result<int64_t> TirMethodCall::BufferIndex(const std::string& param, const BlockRV& block,
                                           bool of_reads) const {
  const Value& v = args_.get(param);
  if (v.is_integer()) return v.as_int();
  if (!v.is_string()) return args_.TypeError(param, "an int or a buffer name");
  auto realize = sch().Get(block);
  if (!realize) return Error(realize.error().message, args_.loc(param));
  const auto& regions = of_reads ? (*realize)->block->reads : (*realize)->block->writes;
  for (size_t i = 0; i < regions.size(); ++i)
    if (regions[i].buffer->name == v.as_string()) return static_cast<int64_t>(i);
  return args_.ErrorAt(param, "ValueError: the block " + (*realize)->block->name + " " +
                                  (of_reads ? "reads" : "writes") + " no buffer named '" +
                                  v.as_string() + "'");
}

bool TirMethodCall::Given(const std::string& param) const {
  return args_.has(param) && !args_.get(param).is_none();
}

Result<bool> TirMethodCall::Flag(const std::string& param, bool fallback) const {
  if (!args_.has(param)) return fallback;
  return args_.Bool(param);
}

Value TirMethodCall::BlockValue(const BlockRV& rv) const {
  return TirSchedMakeRV(handle_, TirRandomVariable::Kind::Block, rv.id);
}
Value TirMethodCall::LoopValue(const LoopRV& rv) const {
  return TirSchedMakeRV(handle_, TirRandomVariable::Kind::Loop, rv.id);
}
Value TirMethodCall::ExprValue(int id) const {
  if (id < 0) return Value();  // None: a symbolic loop's sampled outer tile
  return TirSchedMakeRV(handle_, TirRandomVariable::Kind::Expr, id);
}

// ---- the objects ----

std::string TirRandomVariable::type_name() const { return TirSchedKindName(kind); }

std::optional<ir::Expr> TirRandomVariable::to_expr() const {
  if (kind != Kind::Expr || !owner) return std::nullopt;
  auto value = owner->sch->Get(tir::ExprRV{id});
  if (!value) return std::nullopt;
  return ir::make_const(ir::DataType::Int(32), *value);
}

Result<Value> TirRandomVariable::GetAttr(Interpreter& interp, const std::string& name,
                                         const SourceLoc& loc) const {
  if (name == "same_as") {
    // A schedule's variable is its schedule and id however often it is handed out; a
    // free one (BlockRV()) is its object.
    const void* self = this;  // compared, never followed
    auto self_owner = owner;
    int self_id = id;
    Kind self_kind = kind;
    return MakeFunction("same_as", [=](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (a.positional.size() != 1 || !a.keywords.empty())
        return Error("same_as() takes one argument", a.loc);
      const auto* other = a.positional[0].as<TirRandomVariable>();
      if (!other) return Value::Bool(false);
      if (!self_owner) return Value::Bool(other == self);
      return Value::Bool(other->owner == self_owner && other->id == self_id &&
                         other->kind == self_kind);
    });
  }
  return Object::GetAttr(interp, name, loc);
}

std::string TirRandomVariable::TraceName() const {
  if (!owner) return TirSchedKindName(kind);
  size_t count = 0;
  for (const tir::Instruction& inst : owner->sch->trace().insts)
    for (int out : inst.outputs) {
      if (out == id) {
        char prefix = kind == Kind::Block ? 'b' : kind == Kind::Loop ? 'l' : 'v';
        return std::string(1, prefix) + std::to_string(count);
      }
      ++count;
    }
  return TirSchedKindName(kind);
}

Result<Value> TirScheduleObject::GetAttr(Interpreter& interp, const std::string& name,
                                         const SourceLoc& loc) const {
  if (const TirScheduleMethod* m = FindTirScheduleMethod(name)) {
    auto h = handle;
    return MakeFunction(name, [m, h](Interpreter& interp, const CallArgs& c) {
      return CallTirScheduleMethod(*m, h, interp, c);
    });
  }
  auto it = TirSchedScheduleAttributes().find(name);
  if (it != TirSchedScheduleAttributes().end()) return it->second(handle);
  return Object::GetAttr(interp, name, loc);
}

void RegisterTirScheduleBuiltins(Interpreter& interp, TirRecordOf record_of) {
  BuiltinFn tir_schedule = TirSchedScheduleConstructor(tir::TvmDialect::Tir, record_of);
  BuiltinFn s_tir_schedule = TirSchedScheduleConstructor(tir::TvmDialect::STir, record_of);
  for (const char* path : {"tvm.tir.Schedule", "tvm.tir.schedule.Schedule"})
    interp.Register(
        path, Value::FromObject(std::make_shared<BuiltinFunction>("tir.Schedule", tir_schedule)));
  for (const char* path : {"tvm.s_tir.Schedule", "tvm.s_tir.schedule.Schedule"})
    interp.Register(
        path, Value::FromObject(std::make_shared<BuiltinFunction>("tir.Schedule", s_tir_schedule)));
  RegisterTirIndexMapBuiltins(interp);
  RegisterTirScheduleTesting(interp);
  RegisterTirTensorIntrinBuiltins(interp,
                                  [record_of](Interpreter& in) -> tir::TensorIntrinRegistry& {
                                    return *record_of(in).intrins;
                                  });
  for (const char* module : {"tvm.tir", "tvm.tir.schedule", "tvm.s_tir", "tvm.s_tir.schedule"})
    interp.Register(std::string(module) + ".ExprRV",
                    Value::FromObject(std::make_shared<TirSchedClassName>("ExprRV")));
  RegisterTirInstructionBuiltins(interp);  // BlockRV(), LoopRV(), Instruction, ...
  RegisterTirTraceBuiltins(interp);
  for (const char* module : {"tvm.tir", "tvm.tir.schedule", "tvm.tir.schedule.schedule",
                             "tvm.s_tir", "tvm.s_tir.schedule", "tvm.s_tir.schedule.schedule"})
    interp.Register(std::string(module) + ".ScheduleError", ExceptionClassValue("ScheduleError"));
}

std::optional<bool> TensorIRInstanceOf(const Value& v, const std::string& type) {
  static const std::map<std::string, std::function<bool(const Value&)>> classes = {
      {"tir.Schedule", [](const Value& x) { return x.as<TirScheduleObject>() != nullptr; }},
      {"BlockRV",
       [](const Value& x) { return TirSchedRVOfKind(x, TirRandomVariable::Kind::Block); }},
      {"SBlockRV",
       [](const Value& x) { return TirSchedRVOfKind(x, TirRandomVariable::Kind::Block); }},
      {"LoopRV", [](const Value& x) { return TirSchedRVOfKind(x, TirRandomVariable::Kind::Loop); }},
      {"ExprRV", [](const Value& x) { return TirSchedRVOfKind(x, TirRandomVariable::Kind::Expr); }},
  };
  auto it = classes.find(type);
  if (it == classes.end()) return std::nullopt;
  return it->second(v);
}

std::optional<std::string> TirIndexMapObject::Str() const { return tir::IndexMapAsPython(map); }

}  // namespace tessera::script
