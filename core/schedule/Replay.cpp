#include "schedule/Replay.h"

#include <functional>
#include <map>

#include "ir/Functor.h"
#include "schedule/Group.h"
#include "schedule/Primitives.h"
#include "schedule/Tensorize.h"
#include "te/Compute.h"

namespace tessera::schedule {

namespace {

// The resolved arguments of one entry.
struct Args {
  Stage stage;
  std::vector<Stage> stages;
  std::vector<IterVar> vars;
};

Result<int64_t> Int(const TraceEntry& e, const std::string& key) {
  auto it = e.ints.find(key);
  if (it == e.ints.end()) return Error(e.primitive + ": missing argument '" + key + "'");
  return it->second;
}

Result<std::string> Str(const TraceEntry& e, const std::string& key) {
  auto it = e.strings.find(key);
  if (it == e.strings.end()) return Error(e.primitive + ": missing argument '" + key + "'");
  return it->second;
}

Result<Args> Resolve(const Schedule& sch, const TraceEntry& e) {
  Args args;
  // A group (create_group) is named by the entry that created it.
  if (e.stage.entry >= 0 && e.stage.entry < static_cast<int>(sch.trace.entries.size()) &&
      sch.trace.entries[e.stage.entry].primitive == "create_group") {
    args.stage = FindGroup(sch, e.stage.entry);
    if (!args.stage)
      return Error(e.primitive + ": no group was created by trace entry " +
                   std::to_string(e.stage.entry));
  } else {
    Result<Stage> stage = sch.lookup(e.stage.name);
    if (!stage) return Error(e.primitive + ": " + stage.error().message);
    args.stage = *stage;
  }
  for (const StageRef& ref : e.stages) {
    Result<Stage> s = sch.lookup(ref.name);
    if (!s) return Error(e.primitive + ": " + s.error().message);
    args.stages.push_back(*s);
  }
  for (const IterVarRef& ref : e.iter_vars) {
    // An iter var belongs to the stage it names (compute_at: the target stage).
    Result<Stage> owner = sch.lookup(ref.stage.empty() ? e.stage.name : ref.stage);
    if (!owner) return Error(e.primitive + ": " + owner.error().message);
    Result<IterVar> iv = (*owner)->find_iter_var(ref.name);
    if (!iv) return Error(e.primitive + ": " + iv.error().message);
    args.vars.push_back(*iv);
  }
  return args;
}

Status Expect(const TraceEntry& e, const Args& a, size_t vars, size_t stages) {
  if (a.vars.size() != vars)
    return Error(e.primitive + ": expects " + std::to_string(vars) + " iter var argument(s), got " +
                 std::to_string(a.vars.size()));
  if (a.stages.size() != stages)
    return Error(e.primitive + ": expects " + std::to_string(stages) + " stage argument(s), got " +
                 std::to_string(a.stages.size()));
  return Status::Ok();
}

template <typename T>
Status Drop(Result<T> r) {
  if (!r) return r.error();
  return Status::Ok();
}

using Applier = std::function<Status(Schedule&, const TraceEntry&, const Args&)>;

Status ApplySplit(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 1, 0); !s) return s;
  bool by_factor = e.ints.count("factor") != 0;
  Result<int64_t> amount = Int(e, by_factor ? "factor" : "nparts");
  if (!amount) return Error("split: needs factor or nparts");
  bool no_predicate = e.ints.count("disable_predication") && e.ints.at("disable_predication") != 0;
  return by_factor ? Drop(Split(sch, a.stage, a.vars[0], *amount, no_predicate))
                   : Drop(SplitByNParts(sch, a.stage, a.vars[0], *amount, no_predicate));
}

Status ApplyTile(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 2, 0); !s) return s;
  Result<int64_t> xf = Int(e, "x_factor"), yf = Int(e, "y_factor");
  if (!xf) return xf.error();
  if (!yf) return yf.error();
  return Drop(Tile(sch, a.stage, a.vars[0], a.vars[1], *xf, *yf));
}

Status ApplyAnnotation(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 1, 0); !s) return s;
  if (e.primitive == "vectorize") return Vectorize(sch, a.stage, a.vars[0]);
  if (e.primitive == "unroll") return Unroll(sch, a.stage, a.vars[0]);
  return Parallel(sch, a.stage, a.vars[0]);
}

Status ApplyBind(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 1, 0); !s) return s;
  Result<std::string> tag = Str(e, "thread");
  if (!tag) return tag.error();
  if (!te::is_thread_tag(*tag)) return Error("bind: '" + *tag + "' is not a thread axis tag");
  // A virtual thread is found by its name (a stage may bind several).
  auto name = e.strings.find("name");
  if (te::is_virtual_thread_tag(*tag) && name != e.strings.end())
    return Bind(sch, a.stage, a.vars[0], sch.thread_axis(*tag + ":" + name->second));
  return Bind(sch, a.stage, a.vars[0], sch.thread_axis(*tag));
}

Status ApplyPragma(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 1, 0); !s) return s;
  Result<std::string> key = Str(e, "key");
  if (!key) return key.error();
  if (auto text = e.strings.find("value"); text != e.strings.end())
    return PragmaText(sch, a.stage, a.vars[0], *key, text->second);
  std::optional<int64_t> value;
  if (auto it = e.ints.find("value"); it != e.ints.end()) value = it->second;
  return Pragma(sch, a.stage, a.vars[0], *key, value);
}

Status ApplyPrefetch(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 1, 1); !s) return s;
  Result<int64_t> offset = Int(e, "offset");
  if (!offset) return offset.error();
  int64_t value_index = 0;
  if (auto it = e.ints.find("value_index"); it != e.ints.end()) value_index = it->second;
  const te::Operation& op = a.stages[0]->op;
  if (value_index < 0 || value_index >= op->num_outputs())
    return Error("prefetch: " + a.stages[0]->name() + " has no output " +
                 std::to_string(value_index));
  return Prefetch(sch, a.stage, a.vars[0], te::output_of(op, static_cast<int>(value_index)),
                  *offset);
}

Status ApplyStorageAlign(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 1, 0); !s) return s;
  Result<int64_t> factor = Int(e, "factor"), offset = Int(e, "offset");
  if (!factor) return factor.error();
  if (!offset) return offset.error();
  return StorageAlign(sch, a.stage, a.vars[0], *factor, *offset);
}

Status ApplySetScope(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 0, 0); !s) return s;
  Result<std::string> scope = Str(e, "scope");
  if (!scope) return scope.error();
  return SetScope(sch, a.stage, *scope);
}

// The predicate's parameters are the entry's iter vars, then the threads it names.
Status ApplySetStorePredicate(Schedule& sch, const TraceEntry& e, const Args& a) {
  auto l = e.lambdas.find("predicate");
  if (l == e.lambdas.end() || l->second.body.size() != 1)
    return Error("set_store_predicate: missing argument 'predicate'");
  std::vector<std::string> threads;
  if (auto it = e.strings.find("threads"); it != e.strings.end()) {
    size_t begin = 0;
    while (begin <= it->second.size()) {
      size_t end = it->second.find(',', begin);
      if (end == std::string::npos) end = it->second.size();
      threads.push_back(it->second.substr(begin, end - begin));
      begin = end + 1;
    }
  }
  const std::vector<ir::Var>& params = l->second.params;
  if (params.size() != a.vars.size() + threads.size())
    return Error("set_store_predicate: the predicate has " + std::to_string(params.size()) +
                 " parameters for " + std::to_string(a.vars.size() + threads.size()) + " names");
  ir::VarMap vmap;
  for (size_t i = 0; i < params.size(); ++i)
    vmap[params[i]] = i < a.vars.size()
                          ? Expr(a.vars[i]->var)
                          : Expr(ir::Var(threads[i - a.vars.size()], params[i].dtype()));
  return SetStorePredicate(sch, a.stage, ir::Substitute(l->second.body[0], vmap));
}

Status ApplyCacheRead(Schedule& sch, const TraceEntry& e, const Args& a) {
  Result<std::string> scope = Str(e, "scope");
  if (!scope) return scope.error();
  return Drop(CacheRead(sch, a.stage, *scope, a.stages));
}

Status ApplyCacheWrite(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 0, 0); !s) return s;
  Result<std::string> scope = Str(e, "scope");
  if (!scope) return scope.error();
  return Drop(CacheWrite(sch, a.stage, *scope));
}

Status ApplyRFactor(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 1, 0); !s) return s;
  int64_t factor_axis = 0;
  if (auto it = e.ints.find("factor_axis"); it != e.ints.end()) factor_axis = it->second;
  return Drop(RFactor(sch, a.stage, a.vars[0], static_cast<int>(factor_axis)));
}

// stage = the first output; stages = the other outputs, then the inputs.
Status ApplyCreateGroup(Schedule& sch, const TraceEntry& e, const Args& a) {
  Result<int64_t> num_outputs = Int(e, "num_outputs"), include = Int(e, "include_inputs");
  if (!num_outputs) return num_outputs.error();
  if (!include) return include.error();
  if (*num_outputs < 1 || *num_outputs > static_cast<int64_t>(a.stages.size()) + 1)
    return Error("create_group: num_outputs does not match the stage arguments");
  std::vector<Stage> outputs{a.stage};
  outputs.insert(outputs.end(), a.stages.begin(), a.stages.begin() + (*num_outputs - 1));
  std::vector<Stage> inputs(a.stages.begin() + (*num_outputs - 1), a.stages.end());
  return Drop(CreateGroup(sch, outputs, inputs, *include != 0));
}

Result<layout::PadValue> PadValueOf(const TraceEntry& e) {
  auto kind = e.strings.find("pad_kind");
  if (kind == e.strings.end()) return layout::PadValue();
  if (kind->second == "undef") return layout::PadValue::Undef();
  auto fn = e.lambdas.find("pad_value");
  if (fn == e.lambdas.end() || fn->second.body.size() != 1)
    return Error("transform_layout: pad_kind '" + kind->second + "' needs a pad_value");
  if (kind->second == "constant") return layout::PadValue::Constant(fn->second.body[0]);
  if (kind->second == "function")
    return layout::PadValue::Function(fn->second.params, fn->second.body[0]);
  return Error("transform_layout: unknown pad_kind '" + kind->second + "'");
}

Status ApplyTransformLayout(Schedule& sch, const TraceEntry& e, const Args& a) {
  if (Status s = Expect(e, a, 0, 0); !s) return s;
  auto map = e.lambdas.find("index_map");
  if (map == e.lambdas.end()) return Error("transform_layout: missing argument 'index_map'");
  Result<layout::PadValue> pad = PadValueOf(e);
  if (!pad) return pad.error();
  std::vector<int> separators;
  if (auto it = e.int_lists.find("axis_separators"); it != e.int_lists.end())
    for (int64_t v : it->second) separators.push_back(static_cast<int>(v));
  auto index_map = std::make_shared<const ir::IndexMapNode>(
      ir::IndexMapNode{map->second.params, map->second.body});
  return Drop(TransformLayout(sch, a.stage, index_map, *pad, separators));
}

const std::map<std::string, Applier>& Appliers() {
  static const std::map<std::string, Applier> kAppliers = {
      {"split", ApplySplit},
      {"fuse", [](Schedule& sch, const TraceEntry&,
                  const Args& a) { return Drop(Fuse(sch, a.stage, a.vars)); }},
      {"reorder", [](Schedule& sch, const TraceEntry&,
                     const Args& a) { return Reorder(sch, a.stage, a.vars); }},
      {"tile", ApplyTile},
      {"compute_at",
       [](Schedule& sch, const TraceEntry& e, const Args& a) {
         if (Status s = Expect(e, a, 1, 1); !s) return s;
         return ComputeAt(sch, a.stage, a.stages[0], a.vars[0]);
       }},
      {"compute_inline",
       [](Schedule& sch, const TraceEntry&, const Args& a) { return ComputeInline(sch, a.stage); }},
      {"compute_root",
       [](Schedule& sch, const TraceEntry&, const Args& a) { return ComputeRoot(sch, a.stage); }},
      {"cache_read", ApplyCacheRead},
      {"create_group", ApplyCreateGroup},
      {"cache_write", ApplyCacheWrite},
      {"vectorize", ApplyAnnotation},
      {"unroll", ApplyAnnotation},
      {"parallel", ApplyAnnotation},
      {"bind", ApplyBind},
      {"pragma", ApplyPragma},
      {"prefetch", ApplyPrefetch},
      {"storage_align", ApplyStorageAlign},
      {"set_scope", ApplySetScope},
      {"set_store_predicate", ApplySetStorePredicate},
      {"rfactor", ApplyRFactor},
      {"transform_layout", ApplyTransformLayout},
      {"tensorize",
       [](Schedule& sch, const TraceEntry& e, const Args& a) {
         if (Status s = Expect(e, a, 1, 0); !s) return s;
         if (Status s = Tensorize(sch, a.stage, a.vars[0], e.intrin); !s) return s;
         if (auto var = e.strings.find("intrin_var"); var != e.strings.end())
           sch.trace.entries.back().strings["intrin_var"] = var->second;
         return Status::Ok();
       }},
  };
  return kAppliers;
}

}  // namespace

Status ApplyPrimitive(Schedule& sch, const TraceEntry& entry) {
  auto it = Appliers().find(entry.primitive);
  if (it == Appliers().end()) return Error("unknown schedule primitive '" + entry.primitive + "'");
  Result<Args> args = Resolve(sch, entry);
  if (!args) return args.error();
  return it->second(sch, entry, *args);
}

Result<Schedule> Replay(const Trace& trace, const std::vector<te::Operation>& outputs) {
  Result<Schedule> sch = create_schedule(outputs);
  if (!sch) return sch.error();
  for (size_t i = 0; i < trace.entries.size(); ++i) {
    if (Status s = ApplyPrimitive(*sch, trace.entries[i]); !s)
      return Error("trace entry " + std::to_string(i) + " (" + to_string(trace.entries[i]) +
                   "): " + s.error().message);
  }
  return sch;
}

Result<Schedule> Replay(const Trace& trace, const std::vector<te::Tensor>& outputs) {
  std::vector<te::Operation> ops;
  for (const te::Tensor& t : outputs) {
    if (!t.defined()) return Error("Replay got an undefined tensor");
    ops.push_back(t.op());
  }
  return Replay(trace, ops);
}

}  // namespace tessera::schedule
