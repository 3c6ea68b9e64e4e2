// The Trace replayed as TensorIR schedule calls, one mapping per primitive family.
//
// A TE trace cannot be replayed in its own order: TensorIR regenerates a block's loops
// when compute_at moves it (so the block's splits must come after), refuses to split a
// loop that already carries an annotation or a thread binding, and requires every
// consumer of a block to be under the loop it is computed at (so inlining comes first).
// The writer therefore emits four phases: the data-flow primitives (caches, layouts,
// scopes) in trace order; the inlines; per stage, consumers before producers, its
// compute_at then its loop-structure primitives in trace order; and last every kind
// change and annotation in trace order.
//
// Loops are Python variables: a stage's root loops are taken from `sch.get_loops(block)`
// the first time one is needed (the last N loops: spatial axes then reduce axes, which
// is how te.create_prim_func nests them and how compute_at regenerates them with
// preserve_unit_loops=True), and every primitive's outputs get fresh names.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/Schedule.h"
#include "script/export/PythonExpr.h"
#include "script/export/PythonLiteral.h"
#include "script/export/ScriptPrinter.h"
#include "script/export/TirExportInternal.h"
#include "te/Operation.h"

namespace tessera::script::tir_export {

namespace {

using schedule::IterVarRef;
using schedule::Stage;
using schedule::TraceEntry;

bool IsDataFlow(const std::string& p) {
  return p == "cache_read" || p == "cache_write" || p == "transform_layout" || p == "set_scope";
}
bool IsStructure(const std::string& p) {
  return p == "split" || p == "fuse" || p == "reorder" || p == "tile" || p == "rfactor";
}
bool IsAnnotation(const std::string& p) {
  return p == "vectorize" || p == "unroll" || p == "parallel" || p == "bind" || p == "pragma" ||
         p == "prefetch" || p == "storage_align";
}

const te::ComputeOpNode* AsCompute(const Stage& st) {
  if (!st || !st->op || st->op->kind() != te::OpKind::Compute) return nullptr;
  return static_cast<const te::ComputeOpNode*>(st->op.get());
}

bool Inlined(const Stage& st) {
  return st && (st->attach_type == schedule::AttachType::Inline ||
                st->attach_type == schedule::AttachType::InlinedAlready);
}

// Whether the operation of `reader` reads an output of `producer`.
bool Reads(const Stage& reader, const Stage& producer) {
  if (!reader || !reader->op || !producer || !producer->op) return false;
  for (const te::Tensor& t : reader->op->InputTensors())
    if (t.op() == producer->op) return true;
  return false;
}

class TirScheduleWriter {
 public:
  TirScheduleWriter(const ScriptProgram& program, const std::string& source,
                    const TirSpelling& spelling)
      : program_(program), source_(source), sch_(*program.schedule), spelling_(spelling) {
    used_.insert(program.names.workload_names.begin(), program.names.workload_names.end());
    for (const char* name :
         {"tvm", "te", "tir", "s_tir", "np", "sch", "func", "T", "target", "dev", "rng", "host",
          "scheduled", "reference", "got", "want", "lowered", "ctypes", "missing"})
      used_.insert(name);
  }

  Result<TirSchedule> Write() {
    const auto& entries = sch_.trace.entries;
    for (const TraceEntry& e : entries)
      if (e.primitive == "rfactor") rfactor_pending_.insert(e.stage.name);
    for (size_t e = 0; e < entries.size() && ok(); ++e)
      if (IsDataFlow(entries[e].primitive)) DataFlow(e, entries[e]);
    for (size_t e = 0; e < entries.size() && ok(); ++e) {
      const TraceEntry& entry = entries[e];
      if (entry.primitive == "compute_inline" && Inlined(sch_.find(entry.stage.name)))
        Emit("sch.compute_inline(" + Block(entry.stage.name) + ")");
    }
    std::set<std::string> visited;
    for (auto it = sch_.stages.rbegin(); it != sch_.stages.rend() && ok(); ++it)
      VisitStage(*it, &visited);
    for (size_t e = 0; e < entries.size() && ok(); ++e)
      if (IsAnnotation(entries[e].primitive)) Annotation(e, entries[e]);
    for (size_t e = 0; e < entries.size() && ok(); ++e)
      if (entries[e].primitive == "tensorize") Tensorize(e, entries[e]);
    if (!ok()) return *error_;
    return result_;
  }

 private:
  const ScriptProgram& program_;
  const std::string& source_;
  const schedule::Schedule& sch_;
  const TirSpelling& spelling_;
  TirSchedule result_;
  std::optional<Error> error_;
  std::set<std::string> used_;
  std::map<std::string, std::string> block_var_;                // TE stage -> Python block variable
  std::map<std::string, std::string> buffer_of_;                // TE stage -> TIR buffer it writes
  std::map<std::string, std::vector<std::string>> root_loops_;  // stage -> root loop vars
  std::map<std::pair<int, int>, std::string> outputs_;          // {entry, k} -> loop var
  std::map<std::string, size_t> block_layout_entry_;  // stage -> transform_block_layout entry
  // Stages whose rfactor is still to be written: until then their loops are those of the
  // operation the stage was created for (rfactor replaces it by the write-back).
  std::set<std::string> rfactor_pending_;
  std::map<std::string, size_t> rf_factor_axis_;  // rfactor stage -> its factor_axis
  // Each stage's loops, outermost first, as its loop-structure primitives leave them.
  std::map<std::string, std::vector<std::string>> leaves_;
  std::set<std::string> reduction_loops_;           // loop vars over reduce iterators
  std::map<std::string, std::string> definitions_;  // registry name -> its definition
  // The registry name of each TE intrinsic the program defines (TE's default name,
  // "tensor_intrin", is shared by every unnamed one).
  std::map<const te::TensorIntrinNode*, std::string> intrin_names_;
  std::set<std::string> intrin_names_used_;

  bool ok() const { return !error_.has_value(); }
  void Emit(const std::string& line) { result_.lines.push_back(line); }
  void Fail(size_t entry, const std::string& message) {
    if (!error_) error_ = Error(message, LocateEntry(program_, source_, entry));
  }

  std::string Fresh(const std::string& base_name) {
    std::string base = PythonIdentifier(base_name), name = base;
    for (int n = 1; used_.count(name); ++n) name = base + "_" + std::to_string(n);
    used_.insert(name);
    return name;
  }

  // The buffer a stage writes: te.create_prim_func names it after the tensor; a cache
  // buffer is `<buffer>_<scope>` (what TensorIR's cache_read / cache_write name it).
  std::string Buffer(const std::string& stage) const {
    if (auto it = buffer_of_.find(stage); it != buffer_of_.end()) return it->second;
    Stage st = sch_.find(stage);
    if (st && st->op && st->op->num_outputs() > 1) return stage + "_v0";
    return stage;
  }

  // The block of `stage`, fetched by name on first use: te.create_prim_func names a
  // block after its operation, or, for a multi-output compute that is no reduction,
  // after each output tensor with `X.v0` made an identifier (`X_v0`).
  std::string Block(const std::string& stage) {
    if (auto it = block_var_.find(stage); it != block_var_.end()) return it->second;
    Stage st = sch_.find(stage);
    std::string name = stage;
    if (const auto* op = AsCompute(st); op && op->num_outputs() > 1 && !op->is_reduction())
      name += "_v0";
    std::string var = Fresh("b_" + stage);
    Emit(var + " = sch." + spelling_.get_block + "(\"" + name + "\")");
    block_var_[stage] = var;
    return var;
  }

  // The compute of `stage` as the schedule written so far sees it.
  const te::ComputeOpNode* OpOf(const std::string& stage) const {
    Stage st = sch_.find(stage);
    if (st && rfactor_pending_.count(stage)) {
      if (!st->origin_op || st->origin_op->kind() != te::OpKind::Compute) return nullptr;
      return static_cast<const te::ComputeOpNode*>(st->origin_op.get());
    }
    return AsCompute(st);
  }

  // Binds the root loops of `stage` (or the loops of its transformed block layout).
  bool BindRoot(const std::string& stage, size_t entry) {
    if (root_loops_.count(stage)) return true;
    std::vector<std::string> vars;
    std::vector<bool> reduce;
    if (auto layout = block_layout_entry_.find(stage); layout != block_layout_entry_.end()) {
      const TraceEntry& t = sch_.trace.entries[layout->second];
      for (size_t k = 0; k < t.outputs.size(); ++k) {
        vars.push_back(OutputVar(layout->second, k, false));
        reduce.push_back(false);
      }
      // The reduce iterators follow the transformed spatial ones (BlockLayoutMap).
      if (const auto* op = OpOf(stage))
        for (const ir::IterVar& iv : op->reduce_axis) {
          vars.push_back(Fresh(iv->var.name()));
          reduce.push_back(true);
        }
    } else {
      const auto* op = OpOf(stage);
      if (!op) {
        Fail(entry, "stage '" + stage + "' has no loops in TensorIR (it is not a compute)");
        return false;
      }
      for (const ir::IterVar& iv : op->axis) {
        vars.push_back(Fresh(iv->var.name()));
        reduce.push_back(false);
      }
      for (const ir::IterVar& iv : op->reduce_axis) {
        vars.push_back(Fresh(iv->var.name()));
        reduce.push_back(true);
      }
    }
    if (vars.empty()) {
      Fail(entry, "stage '" + stage + "' has no loops to schedule");
      return false;
    }
    // TensorIR's rfactor block iterates the factored loop first, then the spatial axes
    // (TE puts the factored axis at factor_axis): regenerated loops come in that order.
    std::vector<size_t> order;
    if (auto rf = rf_factor_axis_.find(stage);
        rf != rf_factor_axis_.end() && rf->second < vars.size())
      order.push_back(rf->second);
    for (size_t k = 0; k < vars.size(); ++k)
      if (order.empty() || k != order.front()) order.push_back(k);
    std::string list;
    std::vector<std::string> nest;
    for (size_t k : order) {
      list += (list.empty() ? "" : ", ") + vars[k];
      nest.push_back(vars[k]);
      if (reduce[k]) reduction_loops_.insert(vars[k]);
    }
    if (vars.size() == 1) list += ",";
    Emit(list + " = sch.get_loops(" + Block(stage) + ")[-" + std::to_string(vars.size()) + ":]");
    root_loops_[stage] = vars;
    leaves_[stage] = nest;
    return true;
  }

  // The loop variable of `ref`, as seen by trace entry `entry`.
  std::optional<std::string> Loop(const IterVarRef& ref, size_t entry) {
    if (ref.origin == IterVarRef::Origin::EntryOutput) {
      if (auto it = outputs_.find({ref.entry, ref.index}); it != outputs_.end()) return it->second;
      if (block_layout_entry_.count(ref.stage) && BindRoot(ref.stage, entry))
        if (auto it = outputs_.find({ref.entry, ref.index}); it != outputs_.end())
          return it->second;
      Fail(entry, "loop '" + ref.name + "' of stage '" + ref.stage + "' has no TensorIR loop");
      return std::nullopt;
    }
    if (!BindRoot(ref.stage, entry)) return std::nullopt;
    const auto* op = OpOf(ref.stage);
    size_t index = static_cast<size_t>(ref.index);
    if (ref.origin == IterVarRef::Origin::ReduceAxis && op) {
      auto layout = block_layout_entry_.find(ref.stage);
      index += layout != block_layout_entry_.end()
                   ? sch_.trace.entries[layout->second].outputs.size()
                   : op->axis.size();
    }
    const auto& loops = root_loops_[ref.stage];
    if (index >= loops.size()) {
      Fail(entry, "loop '" + ref.name + "' of stage '" + ref.stage + "' has no TensorIR loop");
      return std::nullopt;
    }
    return loops[index];
  }

  // A fresh variable for output `k` of entry `entry`: the script's own name for it when
  // it gave one, else one derived from the IterVar's name.
  std::string OutputVar(size_t entry, size_t k, bool reduce) {
    const TraceEntry& e = sch_.trace.entries[entry];
    std::pair<int, int> key{static_cast<int>(entry), static_cast<int>(k)};
    auto given = program_.names.entry_outputs.find(key);
    std::string var =
        Fresh(given != program_.names.entry_outputs.end() ? given->second : e.outputs[k]);
    outputs_[key] = var;
    if (reduce) reduction_loops_.insert(var);
    return var;
  }

  // Names the outputs of entry `entry`; `reduce`: they iterate over reduce iterators.
  std::string Outputs(size_t entry, const TraceEntry& e, bool reduce) {
    std::string out;
    for (size_t k = 0; k < e.outputs.size(); ++k)
      out += (k ? ", " : "") + OutputVar(entry, k, reduce);
    return out;
  }

  int64_t Int(const TraceEntry& e, const std::string& key, int64_t fallback = 0) const {
    auto it = e.ints.find(key);
    return it == e.ints.end() ? fallback : it->second;
  }
  std::string Str(const TraceEntry& e, const std::string& key) const {
    auto it = e.strings.find(key);
    return it == e.strings.end() ? "" : it->second;
  }

  // ---- data flow: cache_read, cache_write, transform_layout, set_scope -------------

  void DataFlow(size_t entry, const TraceEntry& e) {
    const std::string& p = e.primitive;
    if (p == "cache_read") return CacheRead(entry, e);
    if (p == "cache_write") return CacheWrite(entry, e);
    if (p == "transform_layout") return TransformLayout(entry, e);
    if (p == "set_scope")
      Emit("sch.set_scope(" + Block(e.stage.name) + ", 0, \"" + Str(e, "scope") + "\")");
  }

  // TE: s.cache_read(A, scope, [readers]). TIR: the cache block is made from one reader's
  // read of the buffer; consumer_blocks names every reader that is to read the cache.
  void CacheRead(size_t entry, const TraceEntry& e) {
    if (e.stages.empty() || e.outputs.empty()) return Fail(entry, "cache_read without readers");
    std::string readers;
    for (const schedule::StageRef& r : e.stages)
      readers += (readers.empty() ? "" : ", ") + Block(r.name);
    std::string buffer = Buffer(e.stage.name);
    std::string scope = Str(e, "scope");
    std::string var = Fresh("b_" + e.outputs[0]);
    std::string consumers = e.stages.size() > 1 ? ", consumer_blocks=[" + readers + "]" : "";
    Emit(var + " = sch.cache_read(" + Block(e.stages[0].name) + ", \"" + buffer + "\", \"" + scope +
         "\"" + consumers + ")");
    block_var_[e.outputs[0]] = var;
    buffer_of_[e.outputs[0]] = buffer + "_" + scope;
  }

  // The roles swap: in TE the new stage (C.local) computes and the old one (C) copies it
  // out; in TIR the original block keeps computing, now into C_local, and the block
  // cache_write returns is the copy. So the TE cache stage is the original block and the
  // TE stage C is the returned one.
  void CacheWrite(size_t entry, const TraceEntry& e) {
    if (e.outputs.empty()) return Fail(entry, "cache_write without a cache stage");
    const std::string& stage = e.stage.name;
    // TE re-lays the cache stage out over the loops split before cache_write (its axes
    // become those loops); TensorIR's cache block keeps the block's iterators, and
    // compute_at regenerates its loops, so there is no equivalent to write.
    for (size_t earlier = 0; earlier < entry; ++earlier)
      if (sch_.trace.entries[earlier].stage.name == stage &&
          IsStructure(sch_.trace.entries[earlier].primitive))
        return Fail(entry, "cache_write of '" + stage + "' after its loops were " +
                               sch_.trace.entries[earlier].primitive +
                               " (TE re-lays the cache out over those loops) has no TensorIR "
                               "equivalent: split the stage after cache_write instead");
    std::string computing = Block(stage);
    std::string scope = Str(e, "scope");
    std::string copy = Fresh("b_" + stage + "_" + scope + "_copy");
    Emit("# TE's " + e.outputs[0] + " computes and " + stage + " copies; in TensorIR the block \"" +
         stage + "\" keeps computing (into " + Buffer(stage) + "_" + scope + ") and " + copy +
         " is the copy");
    Emit(copy + " = sch.cache_write(" + computing + ", 0, \"" + scope + "\")");
    block_var_[e.outputs[0]] = computing;
    block_var_[stage] = copy;
    buffer_of_[e.outputs[0]] = Buffer(stage) + "_" + scope;
    if (auto bound = root_loops_.find(stage); bound != root_loops_.end()) {
      root_loops_[e.outputs[0]] = bound->second;
      root_loops_.erase(bound);
    }
  }

  // `lambda i, j: [...]` with the parameters renamed to identifiers (or the constant).
  std::optional<std::string> Lambda(const schedule::TraceLambda& l, bool as_list, size_t entry) {
    auto text = PrintTraceLambda(l, as_list);
    if (!text) {
      Fail(entry, "transform_layout: " + text.error().message);
      return std::nullopt;
    }
    return *text;
  }

  // transform_block_layout maps every block iterator: the reduce iterators of a
  // reduction are passed through after the buffer's index map.
  static schedule::TraceLambda BlockLayoutMap(schedule::TraceLambda map, const Stage& st) {
    if (const auto* op = AsCompute(st))
      for (const ir::IterVar& iv : op->reduce_axis) {
        ir::Var v(iv->var.name(), iv->var.dtype());
        map.params.push_back(v);
        map.body.push_back(v);
      }
    return map;
  }

  bool Padded(const Stage& st) const {
    if (!st || !st->layout) return false;
    const auto& count = st->layout->padded.padding_count;
    return !count || *count != 0;
  }

  bool OutputsUsedLater(size_t entry) const {
    const auto& entries = sch_.trace.entries;
    for (size_t e = entry + 1; e < entries.size(); ++e)
      for (const IterVarRef& ref : entries[e].iter_vars)
        if (ref.origin == IterVarRef::Origin::EntryOutput && ref.entry == static_cast<int>(entry))
          return true;
    return false;
  }

  // A stage that reads `stage` and keeps its block (the block a placeholder's layout is
  // changed through).
  Stage FirstReader(const std::string& stage) const {
    Stage producer = sch_.find(stage);
    for (const Stage& st : sch_.stages)
      if (!Inlined(st) && Reads(st, producer)) return st;
    return nullptr;
  }

  // Native in TensorIR, pad_value included. A compute stage whose new loops TE's trace
  // schedules gets them from transform_block_layout (a bijective map) or, for a padded
  // layout, from the loop nest TensorIR rewrites over the padded shape.
  void TransformLayout(size_t entry, const TraceEntry& e) {
    auto map = e.lambdas.find("index_map");
    if (map == e.lambdas.end()) return Fail(entry, "transform_layout without an index map");
    auto index_map = Lambda(map->second, true, entry);
    if (!index_map) return;
    std::string pad;
    std::string kind = Str(e, "pad_kind");
    if (kind == "undef") {
      pad = ", pad_value=0";
      Emit("# Tessera's pad_value=undef lets the padding hold anything; TensorIR wants a value: 0");
    } else if (auto value = e.lambdas.find("pad_value"); value != e.lambdas.end()) {
      auto text = Lambda(value->second, false, entry);
      if (!text) return;
      pad = ", pad_value=" + *text;
    }
    if (e.int_lists.count("axis_separators"))
      Emit(
          "# Tessera's axis_separators are not passed: TensorIR sets them with "
          "sch.set_axis_separator after the transform");
    Stage st = sch_.find(e.stage.name);
    bool padded = Padded(st);
    auto constant_pad = e.lambdas.find("pad_value");
    bool plain_pad =
        constant_pad != e.lambdas.end() && constant_pad->second.params.empty() && kind != "undef";
    result_.layouts[e.stage.name].push_back(
        {*index_map, plain_pad ? pad.substr(std::string(", pad_value=").size()) : "0"});
    if (st && st->is_placeholder()) {
      Stage reader = FirstReader(e.stage.name);
      if (!reader)
        return Fail(entry, "transform_layout of '" + e.stage.name + "': no block reads it");
      if (padded)
        Emit("# " + e.stage.name +
             " is an input: TVM cannot pad the caller's buffer, so it inserts an "
             "assumption (T.assume) that the padding of " +
             e.stage.name + " holds the pad value");
      Emit("sch.transform_layout(" + Block(reader->name()) + ", \"" + Buffer(e.stage.name) +
           "\", " + *index_map + pad + ")");
      return;
    }
    Emit("sch.transform_layout(" + Block(e.stage.name) + ", (\"write\", 0), " + *index_map + pad +
         ")");
    if (e.outputs.empty() || !OutputsUsedLater(entry)) return;
    if (padded) {
      // With a pad value TensorIR rewrites the loop nest of the block that writes the whole
      // buffer to iterate over the padded layout (writing the pad value where the logical
      // index is out of bounds): the loops TE's transform_layout returns.
      Emit("# TVM replaces " + e.stage.name +
           "'s loops by loops over the padded layout; they "
           "are the loops the TE transform_layout returned");
    } else {
      auto block_map = Lambda(BlockLayoutMap(map->second, st), true, entry);
      if (!block_map) return;
      Emit("sch.transform_block_layout(" + Block(e.stage.name) + ", " + *block_map + ")");
    }
    block_layout_entry_[e.stage.name] = entry;
    root_loops_.erase(e.stage.name);
  }

  // ---- attach and loop structure, per stage ------------------------------------------

  void VisitStage(const Stage& st, std::set<std::string>* visited) {
    if (!ok() || !st || st->is_group() || !visited->insert(st->name()).second) return;
    // compute_at's target loop must exist, with its final splits, before the block moves.
    if (st->attach_type == schedule::AttachType::Scope && st->attach_stage)
      VisitStage(st->attach_stage, visited);
    if (Inlined(st) || st->is_placeholder()) return;
    const auto& entries = sch_.trace.entries;
    if (st->attach_type == schedule::AttachType::Scope) {
      std::optional<size_t> last;
      for (size_t e = 0; e < entries.size(); ++e)
        if (entries[e].primitive == "compute_at" && entries[e].stage.name == st->name()) last = e;
      if (last) ComputeAt(*last, entries[*last], st);
    }
    for (size_t e = 0; e < entries.size() && ok(); ++e)
      if (entries[e].stage.name == st->name() && IsStructure(entries[e].primitive))
        Structure(e, entries[e]);
  }

  // The stages that read `st`, with an inlined reader replaced by its own readers.
  std::vector<Stage> Consumers(const Stage& st) const {
    std::vector<Stage> out;
    for (const Stage& reader : sch_.stages) {
      if (reader == st || !Reads(reader, st)) continue;
      if (!Inlined(reader)) {
        out.push_back(reader);
        continue;
      }
      for (const Stage& next : Consumers(reader)) out.push_back(next);
    }
    return out;
  }

  // Whether `st` is computed at `target` or at a stage computed (transitively) there.
  static bool UnderStage(Stage st, const Stage& target) {
    for (int depth = 0; st && depth < 64; ++depth) {
      if (st == target) return true;
      if (st->attach_type != schedule::AttachType::Scope) return false;
      st = st->attach_stage;
    }
    return false;
  }

  // A producer goes under its consumer's loop with compute_at; a stage that reads the
  // target (a consumer moved under its producer) with reverse_compute_at. Unit loops are
  // kept so that the moved block has one loop per iterator, as in TE.
  void ComputeAt(size_t entry, const TraceEntry& e, const Stage& st) {
    if (e.stages.empty() || e.iter_vars.empty()) return Fail(entry, "compute_at without a target");
    Stage target = sch_.find(e.stages[0].name);
    bool reverse = Reads(st, target);
    if (!reverse) {
      for (const Stage& consumer : Consumers(st)) {
        if (UnderStage(consumer, target)) continue;
        return Fail(entry, "compute_at of '" + st->name() + "' at '" + e.stages[0].name +
                               "': TensorIR requires every consumer under that loop, and '" +
                               consumer->name() + "' is not");
      }
    }
    auto loop = Loop(e.iter_vars[0], entry);
    if (!loop) return;
    Emit(std::string("sch.") + (reverse ? "reverse_compute_at(" : "compute_at(") +
         Block(st->name()) + ", " + *loop + ", preserve_unit_loops=True)");
    // The moved block's loops are new: named again when next needed.
    root_loops_.erase(st->name());
    leaves_.erase(st->name());
  }

  void Structure(size_t entry, const TraceEntry& e) {
    const std::string& p = e.primitive;
    if (p == "split") {
      auto parent = Loop(e.iter_vars.at(0), entry);
      if (!parent) return;
      std::string factors = e.ints.count("nparts")
                                ? "[" + std::to_string(Int(e, "nparts")) + ", None]"
                                : "[None, " + std::to_string(Int(e, "factor")) + "]";
      std::string extra = Int(e, "disable_predication") ? ", disable_predication=True" : "";
      bool reduce = reduction_loops_.count(*parent) != 0;
      Emit(Outputs(entry, e, reduce) + " = sch.split(" + *parent + ", factors=" + factors + extra +
           ")");
      Replace(e.stage.name, {*parent}, {Output(entry, 0), Output(entry, 1)});
      return;
    }
    if (p == "fuse") {
      std::string vars;
      std::vector<std::string> fused;
      bool reduce = false;
      for (const IterVarRef& ref : e.iter_vars) {
        auto loop = Loop(ref, entry);
        if (!loop) return;
        reduce |= reduction_loops_.count(*loop) != 0;
        vars += (vars.empty() ? "" : ", ") + *loop;
        fused.push_back(*loop);
      }
      Emit(Outputs(entry, e, reduce) + " = sch.fuse(" + vars + ")");
      Replace(e.stage.name, fused, {Output(entry, 0)});
      return;
    }
    if (p == "reorder") {
      std::string vars;
      std::vector<std::string> order;
      for (const IterVarRef& ref : e.iter_vars) {
        auto loop = Loop(ref, entry);
        if (!loop) return;
        vars += (vars.empty() ? "" : ", ") + *loop;
        order.push_back(*loop);
      }
      Emit("sch.reorder(" + vars + ")");
      Reorder(e.stage.name, order);
      return;
    }
    if (p == "tile") return Tile(entry, e);
    if (p == "rfactor") return RFactor(entry, e);
  }

  // tile = two splits and a reorder (what TE's tile is made of).
  void Tile(size_t entry, const TraceEntry& e) {
    if (e.iter_vars.size() != 2 || e.outputs.size() != 4)
      return Fail(entry, "tile needs two loops");
    auto x = Loop(e.iter_vars[0], entry);
    auto y = x ? Loop(e.iter_vars[1], entry) : std::nullopt;
    if (!y) return;
    bool xr = reduction_loops_.count(*x) != 0, yr = reduction_loops_.count(*y) != 0;
    auto name = [&](int k, bool reduce) {
      return OutputVar(entry, static_cast<size_t>(k), reduce);
    };
    std::string xo = name(0, xr), yo = name(1, yr), xi = name(2, xr), yi = name(3, yr);
    Emit(xo + ", " + xi + " = sch.split(" + *x + ", factors=[None, " +
         std::to_string(Int(e, "x_factor")) + "])");
    Emit(yo + ", " + yi + " = sch.split(" + *y + ", factors=[None, " +
         std::to_string(Int(e, "y_factor")) + "])");
    Emit("sch.reorder(" + xo + ", " + yo + ", " + xi + ", " + yi + ")");
    Replace(e.stage.name, {*x}, {xo, xi});
    Replace(e.stage.name, {*y}, {yo, yi});
    Reorder(e.stage.name, {xo, yo, xi, yi});
  }

  std::string Output(size_t entry, int k) const {
    auto it = outputs_.find({static_cast<int>(entry), k});
    return it == outputs_.end() ? "" : it->second;
  }

  // The leaves `from` (adjacent) of `stage` become `to`, at the place of the first.
  void Replace(const std::string& stage, const std::vector<std::string>& from,
               const std::vector<std::string>& to) {
    auto& leaves = leaves_[stage];
    auto at = std::find(leaves.begin(), leaves.end(), from.front());
    if (at == leaves.end()) return;
    size_t index = static_cast<size_t>(at - leaves.begin());
    for (const std::string& old : from) leaves.erase(std::find(leaves.begin(), leaves.end(), old));
    leaves.insert(leaves.begin() + static_cast<std::ptrdiff_t>(std::min(index, leaves.size())),
                  to.begin(), to.end());
  }

  // TE's reorder: the named leaves take the places they occupy, in the given order.
  void Reorder(const std::string& stage, const std::vector<std::string>& order) {
    auto& leaves = leaves_[stage];
    std::vector<size_t> places;
    for (size_t k = 0; k < leaves.size(); ++k)
      if (std::find(order.begin(), order.end(), leaves[k]) != order.end()) places.push_back(k);
    for (size_t k = 0; k < places.size() && k < order.size(); ++k) leaves[places[k]] = order[k];
  }

  // TE: B.rf computes partial sums with the factored loop as a data axis (at factor_axis)
  // and B reduces them over it. TensorIR gives the rfactor block a copy of B's loops and
  // keeps B (the write-back) under B's spatial loops and the factored loop. Both are
  // named again through get_loops; the TE axes of B.rf are found among B's leaves.
  void RFactor(size_t entry, const TraceEntry& e) {
    const std::string& stage = e.stage.name;
    auto loop = Loop(e.iter_vars.at(0), entry);
    if (!loop || e.outputs.empty()) return;
    const auto* op = OpOf(stage);
    const auto* rf_op = AsCompute(sch_.find(e.outputs[0]));
    if (!op || !rf_op) return Fail(entry, "rfactor of a stage that is not a reduction");
    std::vector<std::string> leaves = leaves_[stage];
    const std::vector<std::string>& roots = root_loops_[stage];
    size_t spatial = op->axis.size();
    // B's spatial loops must be its outer leaves, unsplit, for both blocks to be named.
    for (size_t k = 0; k < spatial; ++k)
      if (k >= leaves.size() || k >= roots.size() || leaves[k] != roots[k])
        return Fail(entry, "rfactor of '" + stage +
                               "' after its spatial loops were split or moved inward is not "
                               "exported (TensorIR's write-back block gets copies of them)");
    int64_t factor_axis = Int(e, "factor_axis");
    std::string var = Fresh("b_" + e.outputs[0]);
    Emit(var + " = sch.rfactor(" + *loop + ", factor_axis=" + std::to_string(factor_axis) + ")");
    block_var_[e.outputs[0]] = var;
    std::vector<std::string> copies;
    std::string list;
    for (const std::string& leaf : leaves) {
      copies.push_back(Fresh(leaf));
      if (reduction_loops_.count(leaf) && leaf != *loop) reduction_loops_.insert(copies.back());
      list += (list.empty() ? "" : ", ") + copies.back();
    }
    Emit(list + (copies.size() == 1 ? "," : "") + " = sch.get_loops(" + var + ")[-" +
         std::to_string(copies.size()) + ":]");
    std::vector<std::string> rf_roots;
    for (size_t p = 0; p <= spatial; ++p) {
      if (static_cast<int64_t>(p) == factor_axis) {
        size_t at =
            static_cast<size_t>(std::find(leaves.begin(), leaves.end(), *loop) - leaves.begin());
        rf_roots.push_back(copies.at(at));
      }
      if (p < spatial) rf_roots.push_back(copies[p]);
    }
    for (size_t k = spatial; k < leaves.size(); ++k)
      if (leaves[k] != *loop) rf_roots.push_back(copies[k]);
    if (rf_roots.size() != rf_op->axis.size() + rf_op->reduce_axis.size())
      return Fail(entry, "rfactor of '" + stage + "': its loops do not match the axes of '" +
                             e.outputs[0] + "'");
    root_loops_[e.outputs[0]] = rf_roots;
    rf_factor_axis_[e.outputs[0]] = static_cast<size_t>(factor_axis);
    leaves_[e.outputs[0]] = copies;
    // The write-back block's loops are taken when next needed.
    rfactor_pending_.erase(stage);
    root_loops_.erase(stage);
    leaves_.erase(stage);
  }

  // ---- kinds and annotations ----------------------------------------------------------

  // TensorIR lowers a buffer with aligned strides only when each stride is a multiple of
  // the next inner one (it sizes the allocation by their quotients); TE's StorageFlatten
  // had no such limit. The strides of the stage's buffer with all its storage_align
  // requests, checked on its constant shape; nullopt when they nest (or the shape is
  // symbolic).
  std::optional<std::string> UnnestedStrides(const Stage& st) const {
    const auto* op = AsCompute(st);
    if (!op) return std::nullopt;
    std::map<int, std::pair<int64_t, int64_t>> align;  // axis -> {factor, offset}
    for (const TraceEntry& t : sch_.trace.entries)
      if (t.primitive == "storage_align" && t.stage.name == st->name() && !t.iter_vars.empty())
        align[t.iter_vars[0].index] = {Int(t, "factor"), Int(t, "offset")};
    std::vector<int64_t> strides(op->axis.size());
    int64_t stride = 1;
    for (size_t i = op->axis.size(); i-- > 0;) {
      if (auto a = align.find(static_cast<int>(i)); a != align.end() && a->second.first > 0) {
        auto [factor, offset] = a->second;
        stride += ((factor + offset - stride % factor) % factor + factor) % factor;
      }
      strides[i] = stride;
      const int64_t* extent = ir::as_const_int(op->axis[i]->dom.extent);
      if (!extent) return std::nullopt;
      stride *= *extent;
    }
    for (size_t i = 1; i < strides.size(); ++i)
      if (strides[i - 1] % strides[i] != 0)
        return "storage_align of '" + st->name() + "' gives strides " +
               std::to_string(strides[i - 1]) + " and " + std::to_string(strides[i]) +
               " for axes " + std::to_string(i - 1) + " and " + std::to_string(i) +
               ": TensorIR lowers aligned buffers only when each stride is a multiple of the "
               "next inner one, so TVM >= 0.20 cannot build this schedule";
    return std::nullopt;
  }

  // TE runs the intrinsic's reduce_reset before the outermost reduction loop outside the
  // tensorized one (or the intrinsic's body when none is outside); TensorIR matches the
  // description against a block without init, so decompose_reduction puts the init there
  // first, and an opaque reset is tensorized on the init nest it makes (TensorizePlan).
  void Tensorize(size_t entry, const TraceEntry& e) {
    if (!e.intrin) return Fail(entry, "tensorize without its intrinsic object");
    auto loop = Loop(e.iter_vars.at(0), entry);
    if (!loop) return;
    const auto* op = OpOf(e.stage.name);
    std::string at = *loop;
    std::vector<std::string> init_loops;  // the loops decompose_reduction copies
    size_t init_at = 0;                   // the copy of the tensorized loop among them
    if (op && op->is_reduction()) {
      const auto& leaves = leaves_[e.stage.name];
      for (const std::string& leaf : leaves) {
        if (leaf == *loop) break;
        if (reduction_loops_.count(leaf)) {
          at = leaf;
          break;
        }
      }
      bool below = false, reached = false;
      for (const std::string& leaf : leaves) {
        below |= leaf == at;
        reached |= leaf == *loop;
        if (!below || reduction_loops_.count(leaf)) continue;
        if (!reached) ++init_at;
        init_loops.push_back(leaf);
      }
    }
    if (auto window = WindowRead(e.stage.name))
      return Fail(entry, "tensorize of '" + e.stage.name + "' with the intrinsic '" +
                             e.intrin->name + "' is not exported: " + *window);
    std::string name = IntrinName(*e.intrin);
    auto plan = PlanTensorize(*e.intrin, at != *loop, name, spelling_);
    if (!plan) return Fail(entry, plan.error().message);
    if (plan->tensor_cores) result_.tensor_cores = true;
    std::string init_block;
    if (op && op->is_reduction()) {
      if (!plan->init.empty()) init_block = Fresh("b_" + e.stage.name + "_init");
      Emit((init_block.empty() ? "" : init_block + " = ") + "sch.decompose_reduction(" +
           Block(e.stage.name) + ", " + at + ")");
    }
    Emit("sch.tensorize(" + *loop + ", " + plan->update + ")");
    if (!init_block.empty()) {
      if (init_at >= init_loops.size())
        return Fail(entry, "tensorize with the intrinsic '" + e.intrin->name +
                               "': its init nest has no loop to tensorize the reset at");
      std::string list;
      std::vector<std::string> copies;
      for (const std::string& l : init_loops) {
        copies.push_back(Fresh(l + "_init"));
        list += (list.empty() ? "" : ", ") + copies.back();
      }
      if (copies.size() == 1) list += ",";
      Emit(list + " = sch.get_loops(" + init_block + ")[-" + std::to_string(copies.size()) + ":]");
      Emit("sch.tensorize(" + copies[init_at] + ", " + plan->init + ")");
    }
    for (const auto& [key, definition] : plan->definitions) {
      auto [it, added] = definitions_.insert({key, definition});
      if (added)
        result_.intrinsics.push_back(definition);
      else if (it->second != definition)
        return Fail(entry, "tensorize with the intrinsic '" + e.intrin->name +
                               "' both with and without a reduction loop outside the "
                               "tensorized one needs two implementations (reduce_update and "
                               "body) under one name: tensorize it one way only");
    }
    for (const std::string& name_imported : plan->cuda_imports)
      if (std::find(result_.cuda_imports.begin(), result_.cuda_imports.end(), name_imported) ==
          result_.cuda_imports.end())
        result_.cuda_imports.push_back(name_imported);
    for (const std::string& f : plan->externs)
      if (std::find(result_.externs.begin(), result_.externs.end(), f) == result_.externs.end())
        result_.externs.push_back(f);
  }

  // Why TVM cannot tensorize `stage` where it is computed: a consumer reads it at an index
  // of two or more loop variables (a sliding window, h + kh), so the block compute_at
  // makes binds an iterator to their sum, TVM's tensorize cannot divide that binding into
  // outer and inner parts without a predicate, and no TensorIntrin matches a predicated
  // block. nullopt when every index is one variable or a constant.
  std::optional<std::string> WindowRead(const std::string& stage) const {
    Stage st = sch_.find(stage);
    if (!st || st->attach_type != schedule::AttachType::Scope) return std::nullopt;
    for (const Stage& consumer : Consumers(st)) {
      const auto* op = AsCompute(consumer);
      if (!op) continue;
      std::optional<std::string> found;
      for (const ir::Expr& body : op->body)
        ir::PostOrderVisit(body, [&](const ir::Expr& x) {
          const auto* load = x.as<ir::ProducerLoadNode>();
          te::Tensor read = load ? te::Tensor::from(load->producer) : te::Tensor();
          if (found || !read.defined() || read.op() != st->op) return;
          for (const ir::Expr& index : load->indices) {
            std::set<const ir::ExprNode*> vars;
            ir::PostOrderVisit(index, [&](const ir::Expr& v) {
              if (v.as<ir::VarNode>()) vars.insert(v.get());
            });
            if (vars.size() >= 2)
              found = "'" + consumer->name() + "' reads it at " + ir::to_string(index) +
                      ", a sum of loop variables, so TVM's tensorize cannot split the iterator "
                      "compute_at binds to it and refuses the predicated block";
          }
        });
      if (found) return found;
    }
    return std::nullopt;
  }

  // The TE intrinsic's name, with `_1`, `_2` for distinct intrinsics of the same name.
  std::string IntrinName(const te::TensorIntrinNode& intrin) {
    if (auto it = intrin_names_.find(&intrin); it != intrin_names_.end()) return it->second;
    std::string name = intrin.name;
    for (int n = 1; intrin_names_used_.count(name); ++n)
      name = intrin.name + "_" + std::to_string(n);
    intrin_names_used_.insert(name);
    return intrin_names_[&intrin] = name;
  }

  void Annotation(size_t entry, const TraceEntry& e) {
    Stage st = sch_.find(e.stage.name);
    if (Inlined(st)) return;  // its loops went into its consumers
    const std::string& p = e.primitive;
    if (p == "storage_align") {
      const IterVarRef& axis = e.iter_vars.at(0);
      if (axis.origin != IterVarRef::Origin::Axis)
        return Fail(entry,
                    "storage_align names a dimension of the buffer: an axis of the operation");
      if (auto problem = UnnestedStrides(st)) return Fail(entry, *problem);
      Emit("sch.storage_align(" + Block(e.stage.name) + ", 0, axis=" + std::to_string(axis.index) +
           ", factor=" + std::to_string(Int(e, "factor")) +
           ", offset=" + std::to_string(Int(e, "offset")) + ")");
      return;
    }
    auto loop = Loop(e.iter_vars.at(0), entry);
    if (!loop) return;
    if ((p == "vectorize" || p == "parallel") && reduction_loops_.count(*loop))
      return Fail(entry, p + " of '" + e.iter_vars[0].name +
                             "', a loop over a reduction: TensorIR " +
                             (p == "vectorize" ? "vectorizes" : "parallelizes") +
                             " only loops whose iterators are all spatial");
    if (p == "vectorize" || p == "unroll" || p == "parallel") {
      Emit("sch." + p + "(" + *loop + ")");
    } else if (p == "bind") {
      result_.gpu = true;
      Emit("sch.bind(" + *loop + ", \"" + Str(e, "thread") + "\")");
    } else if (p == "pragma") {
      // TE's pragma is the loop attribute `pragma_<key>`; TensorIR's lowering turns a loop
      // annotation of that name into the same attribute.
      std::string value = e.ints.count("value") ? std::to_string(Int(e, "value")) : "1";
      if (auto text = e.strings.find("value"); text != e.strings.end())
        value = PythonStringLiteral(text->second);
      Emit("sch.annotate(" + *loop + ", \"pragma_" + Str(e, "key") + "\", " + value + ")");
    } else if (p == "prefetch") {
      // A cache hint: leaving it out changes the speed, never the results.
      std::string tensor = e.stages.empty() ? "?" : e.stages[0].name;
      Emit("# prefetch of " + tensor + ", " + std::to_string(Int(e, "offset")) +
           " iterations ahead, in loop " + *loop +
           ": TensorIR has no prefetch primitive, so the schedule leaves this hint out");
    }
  }
};

}  // namespace

Result<TirSchedule> WriteTirSchedule(const ScriptProgram& program, const std::string& source,
                                     const TirSpelling& spelling) {
  if (!program.schedule) return TirSchedule{};
  return TirScheduleWriter(program, source, spelling).Write();
}

}  // namespace tessera::script::tir_export
