#include "tune/ReadableSchedule.h"

#include <optional>
#include <set>
#include <vector>

#include "ir/ExprOp.h"
#include "schedule/Replay.h"
#include "script/export/ScriptPrinter.h"

namespace tessera::tune {

namespace {

using schedule::Schedule;
using schedule::TraceEntry;

using LoopKey = std::pair<std::string, std::string>;  // stage, loop name in the given schedule

// A loop of the given schedule as the rebuilt schedule has it.
struct Loop {
  bool dropped = false;  // of extent 1 and gone
  std::string name;      // its name in the rebuilt schedule (not dropped)
  std::optional<int64_t> extent;
  // Dropped: the loop that must be kept for this one to exist (none: this one's split).
  std::optional<LoopKey> made_from;
};

// Primitives whose loop arguments must exist as loops (a loop of extent 1 included).
const std::set<std::string> kNeedsTheLoop = {
    "compute_at",    "pragma",    "prefetch", "bind",
    "storage_align", "tensorize", "rfactor",  "set_store_predicate"};
// Primitives that make stages (their axes are paired with the given schedule's).
const std::set<std::string> kMakesStages = {"cache_read", "cache_write", "rfactor"};

std::optional<int64_t> CeilDiv(std::optional<int64_t> a, int64_t b) {
  if (!a || b <= 0) return std::nullopt;
  return (*a + b - 1) / b;
}

// One rebuild of `given` keeping the splits of the loops in `kept`. A loop of extent 1 that
// turns out to be needed (a compute_at target, say) stops it with `wanted` set: the caller
// keeps that loop and rebuilds again.
class Rebuild {
 public:
  Rebuild(const Schedule& given, const std::set<LoopKey>& kept) : given_(given), kept_(kept) {}

  Status Run() {
    auto fresh = schedule::create_schedule(given_.outputs);
    if (!fresh) return fresh.error();
    out_ = std::move(fresh.value());
    for (const TraceEntry& e : given_.trace.entries) {
      Status st = Entry(e);
      if (!st || wanted_) return st;
    }
    return Status::Ok();
  }

  const std::optional<LoopKey>& wanted() const { return wanted_; }
  Schedule& result() { return out_; }

 private:
  const Schedule& given_;
  const std::set<LoopKey>& kept_;
  Schedule out_;
  std::map<LoopKey, Loop> loops_;
  std::optional<LoopKey> wanted_;

  std::optional<int64_t> StaticExtent(const std::string& stage, const std::string& name) const {
    schedule::Stage s = given_.find(stage);
    if (!s) return std::nullopt;
    auto iv = s->find_iter_var(name);
    if (!iv || !(*iv)->dom.extent.defined()) return std::nullopt;
    const int64_t* c = ir::as_const_int((*iv)->dom.extent);
    if (!c) return std::nullopt;
    return *c;
  }

  bool IsReduction(const std::string& stage, const std::string& name) const {
    schedule::Stage s = given_.find(stage);
    auto iv = s ? s->find_iter_var(name) : Result<ir::IterVar>(Error("no stage"));
    return iv && (*iv)->iter_type == ir::IterVarType::CommReduce;
  }

  bool IsAttachedRootAxis(const std::string& stage, const std::string& name) const {
    schedule::Stage s = given_.find(stage);
    if (!s || !s->op || s->attach_type != schedule::AttachType::Scope) return false;
    for (const ir::IterVar& iv : s->op->root_iter_vars())
      if (iv->var.name() == name) return true;
    return false;
  }

  // Whether a stage is computed at `stage`'s loop `name` of the given schedule.
  bool AttachedAt(const std::string& stage, const std::string& name) const {
    for (const TraceEntry& e : given_.trace.entries)
      if (e.primitive == "compute_at" && e.iter_vars.size() == 1 && e.iter_vars[0].name == name &&
          StageOf(e, e.iter_vars[0]) == stage)
        return true;
    return false;
  }

  // A loop the rebuild has not touched is there under its own name.
  Loop Find(const std::string& stage, const std::string& name) const {
    auto it = loops_.find({stage, name});
    if (it != loops_.end()) return it->second;
    return Loop{false, name, StaticExtent(stage, name), std::nullopt};
  }

  void Want(LoopKey key) {
    for (int depth = 0; depth < 64; ++depth) {
      auto it = loops_.find(key);
      if (it == loops_.end() || !it->second.made_from) break;
      key = *it->second.made_from;
    }
    wanted_ = key;
  }

  Status Emit(const TraceEntry& e) { return schedule::ApplyPrimitive(out_, e); }

  const std::string& StageOf(const TraceEntry& e, const schedule::IterVarRef& ref) const {
    return ref.stage.empty() ? e.stage.name : ref.stage;
  }

  Status Entry(const TraceEntry& e) {
    const std::string& p = e.primitive;
    if (p == "split") return Split(e);
    if (p == "fuse") return Fuse(e);
    if (p == "reorder") return Reorder(e);
    if (p == "tile") return Tile(e);
    if (p == "vectorize" || p == "unroll" || p == "parallel") return Annotate(e);
    if (p == "create_group")
      return Error("create_group names stages by trace position: the trace is kept as it is");
    TraceEntry renamed = e;
    for (size_t i = 0; i < e.iter_vars.size(); ++i) {
      const std::string& stage = StageOf(e, e.iter_vars[i]);
      Loop loop = Find(stage, e.iter_vars[i].name);
      if (loop.dropped) {
        if (!kNeedsTheLoop.count(p)) return Error(p + " of a loop of extent 1 is not rewritten");
        Want({stage, e.iter_vars[i].name});
        return Status::Ok();
      }
      renamed.iter_vars[i].name = loop.name;
    }
    if (Status st = Emit(renamed); !st) return st;
    if (kMakesStages.count(p)) return PairAxes(e);
    if (!e.outputs.empty() && out_.trace.entries.back().outputs != e.outputs)
      return Error(p + " made other loops in the rebuilt schedule");
    return Status::Ok();
  }

  // A stage made by cache_read / cache_write / rfactor, and the stage it came from, have
  // axes named after the loops they were made from: the given schedule's names are paired
  // by position with the rebuilt ones.
  Status PairAxes(const TraceEntry& e) {
    const TraceEntry& made = out_.trace.entries.back();
    if (made.outputs != e.outputs) return Error(e.primitive + " made another stage");
    std::vector<std::string> stages = e.outputs;
    stages.push_back(e.stage.name);
    for (const std::string& name : stages) {
      schedule::Stage before = given_.find(name), after = out_.find(name);
      if (!before || !after || !before->op || !after->op) continue;
      std::vector<ir::IterVar> a = before->op->root_iter_vars();
      std::vector<ir::IterVar> b = after->op->root_iter_vars();
      if (a.size() != b.size())
        return Error(e.primitive + " made a stage with other axes from the loops left");
      for (size_t i = 0; i < a.size(); ++i)
        loops_[{name, a[i]->var.name()}] =
            Loop{false, b[i]->var.name(), StaticExtent(name, a[i]->var.name()), std::nullopt};
    }
    return Status::Ok();
  }

  Status Split(const TraceEntry& e) {
    if (e.iter_vars.size() != 1 || e.outputs.size() != 2) return Error("split: malformed entry");
    const std::string& stage = e.stage.name;
    const LoopKey parent_key{stage, e.iter_vars[0].name};
    const LoopKey outer_key{stage, e.outputs[0]}, inner_key{stage, e.outputs[1]};
    const Loop parent = Find(stage, e.iter_vars[0].name);
    const bool by_factor = e.ints.count("factor") != 0;
    auto amount_it = e.ints.find(by_factor ? "factor" : "nparts");
    if (amount_it == e.ints.end()) return Error("split: needs factor or nparts");
    const int64_t amount = amount_it->second;
    const std::optional<int64_t> whole = parent.extent;
    std::optional<int64_t> outer_extent = by_factor ? CeilDiv(whole, amount) : amount;
    std::optional<int64_t> inner_extent = by_factor ? amount : CeilDiv(whole, amount);
    // The inner part is one iteration and the outer one is the whole loop (or the other
    // way round): the split adds a loop of extent 1 and nothing else.
    const bool inner_unit = by_factor ? amount == 1 : (whole && amount == *whole);
    const bool outer_unit = by_factor ? (whole && amount == *whole) : amount == 1;
    if (parent.dropped) {
      if (!(inner_unit && outer_unit)) {
        Want(parent_key);
        return Status::Ok();
      }
      loops_[outer_key] = Loop{true, "", 1, parent_key};
      loops_[inner_key] = Loop{true, "", 1, parent_key};
      return Status::Ok();
    }
    // Kept as they are: the splits of a reduction (where its first loop stands decides
    // where the accumulator is initialised, a loop of extent 1 included), and those of an
    // axis of a stage computed at another's loop (split, its loop starts at 0; unsplit,
    // at the bound's minimum).
    const bool droppable =
        !IsReduction(stage, e.iter_vars[0].name) && !IsAttachedRootAxis(stage, e.iter_vars[0].name);
    if (droppable && inner_unit && !kept_.count(inner_key)) {
      loops_[inner_key] = Loop{true, "", 1, std::nullopt};
      loops_[outer_key] = Loop{false, parent.name, whole, std::nullopt};
      return Status::Ok();
    }
    if (droppable && outer_unit && !kept_.count(outer_key)) {
      loops_[outer_key] = Loop{true, "", 1, std::nullopt};
      loops_[inner_key] = Loop{false, parent.name, whole, std::nullopt};
      return Status::Ok();
    }
    TraceEntry renamed = e;
    renamed.iter_vars[0].name = parent.name;
    if (Status st = Emit(renamed); !st) return st;
    const std::vector<std::string>& made = out_.trace.entries.back().outputs;
    if (made.size() != 2) return Error("split: the rebuilt split made no two loops");
    loops_[outer_key] = Loop{false, made[0], outer_extent, std::nullopt};
    loops_[inner_key] = Loop{false, made[1], inner_extent, std::nullopt};
    return Status::Ok();
  }

  // tile = split x, split y, reorder(xo, yo, xi, yi): as that, when a part is dropped.
  Status Tile(const TraceEntry& e) {
    if (e.iter_vars.size() != 2 || e.outputs.size() != 4) return Error("tile: malformed entry");
    auto xf = e.ints.find("x_factor"), yf = e.ints.find("y_factor");
    if (xf == e.ints.end() || yf == e.ints.end()) return Error("tile: needs both factors");
    auto step = [&e](const std::string& primitive) {
      TraceEntry s;
      s.primitive = primitive;
      s.stage = e.stage;
      return s;
    };
    TraceEntry sx = step("split"), sy = step("split"), order = step("reorder");
    sx.iter_vars = {e.iter_vars[0]};
    sx.ints = {{"factor", xf->second}};
    sx.outputs = {e.outputs[0], e.outputs[2]};
    sy.iter_vars = {e.iter_vars[1]};
    sy.ints = {{"factor", yf->second}};
    sy.outputs = {e.outputs[1], e.outputs[3]};
    for (const std::string& name : e.outputs)
      order.iter_vars.push_back(schedule::IterVarRef{name, e.stage.name});
    for (const TraceEntry* step : {&sx, &sy, &order}) {
      Status st = step == &order ? Reorder(*step) : Split(*step);
      if (!st || wanted_) return st;
    }
    return Status::Ok();
  }

  Status Fuse(const TraceEntry& e) {
    if (e.outputs.size() != 1 || e.iter_vars.empty()) return Error("fuse: malformed entry");
    const std::string& stage = e.stage.name;
    std::vector<Loop> parts;
    std::optional<int64_t> extent = 1;
    for (const schedule::IterVarRef& ref : e.iter_vars) {
      Loop loop = Find(stage, ref.name);
      if (extent && loop.extent)
        *extent *= *loop.extent;
      else
        extent.reset();
      if (!loop.dropped) parts.push_back(loop);
    }
    // Loops of extent 1 at either end stay loops of their own, outside or inside the fused
    // one. Not where a stage is computed at the fused loop and one loop would be left: its
    // bounds are inferred through the fuse (a ragged split's last tile clipped), through a
    // plain loop differently (the loop partitioned), so the fuse stays as it is.
    auto unit = [](const Loop& l) { return l.extent && *l.extent == 1; };
    std::vector<Loop> trimmed = parts;
    while (trimmed.size() > 1 && unit(trimmed.front())) trimmed.erase(trimmed.begin());
    while (trimmed.size() > 1 && unit(trimmed.back())) trimmed.pop_back();
    if (trimmed.size() > 1 || !AttachedAt(stage, e.outputs[0])) parts = std::move(trimmed);
    const LoopKey fused_key{stage, e.outputs[0]};
    if (parts.empty()) {
      loops_[fused_key] = Loop{true, "", 1, LoopKey{stage, e.iter_vars[0].name}};
      return Status::Ok();
    }
    if (parts.size() == 1) {
      loops_[fused_key] = Loop{false, parts[0].name, extent, std::nullopt};
      return Status::Ok();
    }
    TraceEntry renamed;
    renamed.primitive = "fuse";
    renamed.stage = e.stage;
    for (const Loop& l : parts) renamed.iter_vars.push_back(schedule::IterVarRef{l.name, stage});
    if (Status st = Emit(renamed); !st) return st;
    loops_[fused_key] = Loop{false, out_.trace.entries.back().outputs.at(0), extent, std::nullopt};
    return Status::Ok();
  }

  Status Reorder(const TraceEntry& e) {
    TraceEntry renamed;
    renamed.primitive = "reorder";
    renamed.stage = e.stage;
    for (const schedule::IterVarRef& ref : e.iter_vars) {
      Loop loop = Find(e.stage.name, ref.name);
      if (!loop.dropped) renamed.iter_vars.push_back(schedule::IterVarRef{loop.name, ref.stage});
    }
    if (renamed.iter_vars.size() < 2) return Status::Ok();
    return Emit(renamed);
  }

  // Vectorizing, unrolling or running in parallel a loop of extent 1 changes nothing.
  Status Annotate(const TraceEntry& e) {
    if (e.iter_vars.size() != 1) return Error(e.primitive + ": malformed entry");
    Loop loop = Find(e.stage.name, e.iter_vars[0].name);
    if (loop.dropped) return Status::Ok();
    TraceEntry renamed = e;
    renamed.iter_vars[0].name = loop.name;
    return Emit(renamed);
  }
};

}  // namespace

Result<Schedule> DropUnitLoops(const Schedule& sch) {
  std::set<LoopKey> kept;
  // Each round keeps one more loop that turned out to be needed; a trace has few.
  for (size_t round = 0; round <= sch.trace.entries.size() * 4 + 4; ++round) {
    Rebuild rebuild(sch, kept);
    if (Status st = rebuild.Run(); !st) return st.error();
    if (!rebuild.wanted()) return std::move(rebuild.result());
    if (!kept.insert(*rebuild.wanted()).second)
      return Error("the loop " + rebuild.wanted()->second + " of " + rebuild.wanted()->first +
                   " is needed but cannot be kept");
  }
  return Error("keeping the needed loops of extent 1 did not converge");
}

std::map<std::pair<int, int>, std::string> ShortLoopNames(const Schedule& sch) {
  using Key = std::pair<std::string, std::string>;  // stage, loop name
  using Output = std::pair<int, int>;               // entry, output index
  struct Node {
    std::optional<Key> outer, inner;  // set when the loop is split
    Output made_by{-1, -1};
  };
  std::map<Key, Node> tree;
  const std::vector<TraceEntry>& entries = sch.trace.entries;
  auto split = [&](const std::string& stage, const std::string& parent, const std::string& outer,
                   const std::string& inner, int entry, int outer_index, int inner_index) {
    tree[{stage, parent}].outer = Key{stage, outer};
    tree[{stage, parent}].inner = Key{stage, inner};
    tree[{stage, outer}].made_by = {entry, outer_index};
    tree[{stage, inner}].made_by = {entry, inner_index};
  };
  for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
    const TraceEntry& e = entries[static_cast<size_t>(i)];
    if (e.primitive == "split" && e.iter_vars.size() == 1 && e.outputs.size() == 2)
      split(e.stage.name, e.iter_vars[0].name, e.outputs[0], e.outputs[1], i, 0, 1);
    if (e.primitive == "tile" && e.iter_vars.size() == 2 && e.outputs.size() == 4) {
      split(e.stage.name, e.iter_vars[0].name, e.outputs[0], e.outputs[2], i, 0, 2);
      split(e.stage.name, e.iter_vars[1].name, e.outputs[1], e.outputs[3], i, 1, 3);
    }
  }
  // The leaves of each split tree, outermost first, numbered from its root.
  std::map<Key, std::pair<Key, int>> level;  // leaf -> (root, number)
  for (const auto& [key, node] : tree) {
    if (!node.outer || node.made_by.first >= 0) continue;  // not a root
    int next = 0;
    std::vector<Key> stack{key};
    while (!stack.empty()) {
      Key k = stack.back();
      stack.pop_back();
      const Node& n = tree[k];
      if (n.outer) {
        stack.push_back(*n.inner);
        stack.push_back(*n.outer);
      } else {
        level[k] = {key, next++};
      }
    }
  }
  std::map<std::pair<int, int>, std::string> names;
  std::map<Key, std::string> given;  // loops named so far
  auto name_of = [&](const Key& k) {
    auto it = given.find(k);
    return it != given.end() ? it->second : script::PythonIdentifier(k.second);
  };
  for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
    const TraceEntry& e = entries[static_cast<size_t>(i)];
    for (int k = 0; k < static_cast<int>(e.outputs.size()); ++k) {
      const Key key{e.stage.name, e.outputs[static_cast<size_t>(k)]};
      auto leaf = level.find(key);
      if (leaf != level.end() && tree[key].made_by == Output{i, k}) {
        given[key] = name_of(leaf->second.first) + "_" + std::to_string(leaf->second.second);
        names[{i, k}] = given[key];
      }
    }
    if (e.primitive == "fuse" && e.outputs.size() == 1) {
      std::string joined;
      for (const schedule::IterVarRef& ref : e.iter_vars)
        joined += name_of({e.stage.name, ref.name}) + "_";
      given[{e.stage.name, e.outputs[0]}] = joined + "fused";
      names[{i, 0}] = joined + "fused";
    }
  }
  return names;
}

}  // namespace tessera::tune
