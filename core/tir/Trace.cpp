#include "tir/Trace.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "ir/ExprOp.h"

namespace tessera::tir {

const char* inst_kind_name(InstKind kind) {
  switch (kind) {
    case InstKind::GetBlock:
      return "GetBlock";
    case InstKind::GetLoops:
      return "GetLoops";
    case InstKind::GetChildBlocks:
      return "GetChildBlocks";
    case InstKind::GetProducers:
      return "GetProducers";
    case InstKind::GetConsumers:
      return "GetConsumers";
    case InstKind::Split:
      return "Split";
    case InstKind::Fuse:
      return "Fuse";
    case InstKind::Reorder:
      return "Reorder";
    case InstKind::AddUnitLoop:
      return "AddUnitLoop";
    case InstKind::Parallel:
      return "Parallel";
    case InstKind::Vectorize:
      return "Vectorize";
    case InstKind::Unroll:
      return "Unroll";
    case InstKind::Bind:
      return "Bind";
    case InstKind::ComputeInline:
      return "ComputeInline";
    case InstKind::ReverseComputeInline:
      return "ReverseComputeInline";
    case InstKind::ComputeAt:
      return "ComputeAt";
    case InstKind::ReverseComputeAt:
      return "ReverseComputeAt";
    case InstKind::DecomposeReduction:
      return "DecomposeReduction";
    case InstKind::Annotate:
      return "Annotate";
    case InstKind::Unannotate:
      return "Unannotate";
    case InstKind::SetScope:
      return "SetScope";
    case InstKind::TransformLayout:
      return "TransformLayout";
    case InstKind::TransformBlockLayout:
      return "TransformBlockLayout";
    case InstKind::SetAxisSeparator:
      return "SetAxisSeparator";
    case InstKind::StorageAlign:
      return "StorageAlign";
    case InstKind::ReIndex:
      return "ReIndex";
    case InstKind::SamplePerfectTile:
      return "SamplePerfectTile";
    case InstKind::SampleCategorical:
      return "SampleCategorical";
    case InstKind::SampleComputeLocation:
      return "SampleComputeLocation";
    case InstKind::RFactor:
      return "RFactor";
    case InstKind::Blockize:
      return "Blockize";
    case InstKind::DecomposePadding:
      return "DecomposePadding";
    case InstKind::PadEinsum:
      return "PadEinsum";
    case InstKind::CacheRead:
      return "CacheRead";
    case InstKind::CacheWrite:
      return "CacheWrite";
    case InstKind::Tensorize:
      return "Tensorize";
    case InstKind::ReindexCacheRead:
      return "ReindexCacheRead";
    case InstKind::ReindexCacheWrite:
      return "ReindexCacheWrite";
    case InstKind::CacheInplace:
      return "CacheInplace";
    case InstKind::UnsafeSetDType:
      return "UnsafeSetDType";
    case InstKind::ReorderBlockIterVar:
      return "ReorderBlockIterVar";
    case InstKind::Merge:
      return "Merge";
    case InstKind::AnnotateBufferAccess:
      return "AnnotateBufferAccess";
    case InstKind::RollingBuffer:
      return "RollingBuffer";
    case InstKind::ReadAt:
      return "ReadAt";
    case InstKind::WriteAt:
      return "WriteAt";
    case InstKind::LoopPartition:
      return "LoopPartition";
    case InstKind::GetOutputBlocks:
      return "GetOutputBlocks";
    case InstKind::UnsafeHideBufferAccess:
      return "UnsafeHideBufferAccess";
    case InstKind::SamplePartitionedTile:
      return "SamplePartitionedTile";
    case InstKind::EnterPostproc:
      return "EnterPostproc";
    case InstKind::CacheIndex:
      return "CacheIndex";
  }
  return "?";
}

bool outputs_blocks(InstKind kind) {
  if (kind == InstKind::ReIndex || kind == InstKind::DecomposePadding ||
      kind == InstKind::ReindexCacheRead || kind == InstKind::ReindexCacheWrite ||
      kind == InstKind::CacheInplace || kind == InstKind::ReadAt || kind == InstKind::WriteAt ||
      kind == InstKind::CacheIndex)
    return true;
  return kind == InstKind::GetBlock || kind == InstKind::GetChildBlocks ||
         kind == InstKind::DecomposeReduction || kind == InstKind::CacheRead ||
         kind == InstKind::CacheWrite || kind == InstKind::GetProducers ||
         kind == InstKind::GetConsumers || kind == InstKind::RFactor ||
         kind == InstKind::Blockize || kind == InstKind::GetOutputBlocks;
}

bool is_sampling(InstKind kind) {
  return kind == InstKind::SamplePerfectTile || kind == InstKind::SamplePartitionedTile ||
         kind == InstKind::SampleCategorical || kind == InstKind::SampleComputeLocation;
}

bool decision_is_list(InstKind kind) {
  return kind == InstKind::SamplePerfectTile || kind == InstKind::SamplePartitionedTile;
}

bool is_pure(InstKind kind) {
  switch (kind) {
    case InstKind::GetBlock:
    case InstKind::GetLoops:
    case InstKind::GetChildBlocks:
    case InstKind::GetProducers:
    case InstKind::GetConsumers:
    case InstKind::GetOutputBlocks:
      return true;
    default:
      return is_sampling(kind);
  }
}

char output_prefix(InstKind kind) {
  if (kind == InstKind::SamplePerfectTile || kind == InstKind::SamplePartitionedTile ||
      kind == InstKind::SampleCategorical)
    return 'v';
  return outputs_blocks(kind) ? 'b' : 'l';
}

namespace trace_detail {

// annotate_buffer_access's gen_new_ranges as TVM prints it: a (begin, end) pair per
// dimension, one expression where both are the same.
std::string RangesAsPython(const IndexMap& map) {
  std::string s = "lambda ";
  for (size_t i = 0; i < map->initial_indices.size(); ++i)
    s += (i ? ", " : "") + map->initial_indices[i].name();
  s += ": [";
  for (size_t i = 0; i + 1 < map->final_indices.size(); i += 2) {
    const Expr& begin = map->final_indices[i];
    const Expr& end = map->final_indices[i + 1];
    s += i ? ", " : "";
    s += begin.same_as(end) ? ExprToTVMScript(begin)
                            : "(" + ExprToTVMScript(begin) + ", " + ExprToTVMScript(end) + ")";
  }
  return s + "]";
}

// PythonAPICall::OutputList: "a, b = ", "a, = " for one output, nothing for none.
std::string OutputList(const std::vector<std::string>& outs) {
  if (outs.empty()) return "";
  std::string s = outs[0];
  for (size_t i = 1; i < outs.size(); ++i) s += ", " + outs[i];
  return s + (outs.size() == 1 ? "," : "") + " = ";
}

std::string Factor(const Expr& e) {
  if (!e.defined()) return "None";
  if (const int64_t* c = ir::as_const_int(e)) return std::to_string(*c);
  return ExprToTVMScript(e);
}

// PythonAPICall's numbers and lists: integers as they are, doubles with 17 digits.
std::string Double(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

// An annotation value as TVM's trace prints it: a string in quotes as it is (unescaped),
// an int, a float with 17 digits, a list of those in brackets, a dict in braces. (TVM
// prints a dict through its repr, a string value in it without quotes, which does not
// replay; here it is quoted.)
std::string AnnotationValue(const Expr& e) {
  if (auto entries = AnnotationDictEntries(e)) {
    std::string dict;
    for (const auto& [key, value] : *entries)
      dict += (dict.empty() ? "{\"" : ", \"") + key + "\": " + AnnotationValue(value);
    return (dict.empty() ? "{" : dict) + "}";
  }
  if (const auto* str = e.as<ir::StringImmNode>()) return "\"" + str->value + "\"";
  if (const auto* f = e.as<ir::FloatImmNode>()) return Double(f->value);
  if (e.dtype().is_bool())
    if (const int64_t* c = ir::as_const_int(e)) return *c ? "True" : "False";
  if (const auto* call = e.as<ir::CallNode>(); call && call->op == kAnnotationList) {
    std::string items;
    for (size_t i = 0; i < call->args.size(); ++i)
      items += (i ? ", " : "") + AnnotationValue(call->args[i]);
    return "[" + items + "]";
  }
  return Factor(e);
}

template <typename T, typename F>
std::string List(const std::vector<T>& items, F f) {
  std::string s = "[";
  for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + f(items[i]);
  return s + "]";
}

std::string Int(int64_t v) { return std::to_string(v); }

// ", decision=..." when the instruction has one: a list for tiles, else a number.
std::string Decision(const Instruction& inst) {
  if (!inst.has_decision) return "";
  if (inst.kind == InstKind::SamplePerfectTile || inst.kind == InstKind::SamplePartitionedTile)
    return ", decision=" + List(inst.decision, Int);
  return ", decision=" + (inst.decision.empty() ? std::string("None") : Int(inst.decision[0]));
}

}  // namespace trace_detail

namespace {

std::vector<std::string> InstructionLines(const Trace& trace, TvmDialect dialect, bool anonymous) {
  using namespace trace_detail;
  std::map<int, std::string> names;
  std::vector<std::string> lines;
  auto rv = [&](int id) {
    if (anonymous && id >= 0) return std::string("_");
    auto it = names.find(id);
    return it == names.end() ? std::string("None") : it->second;
  };
  int count = 0;
  for (const Instruction& inst : trace.insts) {
    std::vector<std::string> outs;
    for (int id : inst.outputs) {
      // A None result (a symbolic loop's sampled outer tile) is `_` and takes a number.
      std::string name =
          id < 0 || anonymous ? "_" : output_prefix(inst.kind) + std::to_string(count);
      ++count;
      if (id >= 0) names[id] = name;
      outs.push_back(name);
    }
    std::string in0 = inst.inputs.empty() ? "None" : rv(inst.inputs[0]);
    std::string all_inputs;
    for (size_t i = 0; i < inst.inputs.size(); ++i)
      all_inputs += (i ? ", " : "") + rv(inst.inputs[i]);
    std::string line;
    switch (inst.kind) {
      case InstKind::GetBlock:
        line = outs.at(0) + " = sch." + (dialect == TvmDialect::STir ? "get_sblock" : "get_block") +
               "(name=\"" + inst.name + "\", func_name=\"" + inst.func_name + "\")";
        break;
      case InstKind::GetLoops:
        line = OutputList(outs) + "sch.get_loops(block=" + in0 + ")";
        break;
      case InstKind::GetChildBlocks:
        line = OutputList(outs) + "sch.get_child_blocks(" + in0 + ")";
        break;
      case InstKind::GetProducers:
        line = OutputList(outs) + "sch.get_producers(block=" + in0 + ")";
        break;
      case InstKind::GetConsumers:
        line = OutputList(outs) + "sch.get_consumers(block=" + in0 + ")";
        break;
      case InstKind::GetOutputBlocks:
        line = OutputList(outs) + "sch.get_output_blocks(block=" + in0 + ")";
        break;
      case InstKind::EnterPostproc:
        line = "sch.enter_postproc()";
        break;
      case InstKind::UnsafeHideBufferAccess: {
        std::string indices;
        for (size_t i = 0; i < inst.ints.size(); ++i)
          indices += (i ? ", " : "") + std::to_string(inst.ints[i]);
        line = "sch.unsafe_hide_buffer_access(block=" + in0 + ", buf_type=\"" + inst.name +
               "\", buf_index_array=[" + indices + "])";
        break;
      }
      case InstKind::Split: {
        std::string factors;
        for (size_t i = 0; i < inst.factors.size(); ++i)
          factors += (i ? ", " : "") + Factor(inst.factors[i]);
        for (size_t i = 1; i < inst.inputs.size(); ++i)  // sampled factors
          factors += (i > 1 ? ", " : "") + rv(inst.inputs[i]);
        line = OutputList(outs) + "sch.split(loop=" + in0 + ", factors=[" + factors +
               "], preserve_unit_iters=" + (inst.preserve_unit_iters ? "True" : "False") +
               ", disable_predication=" + (inst.disable_predication ? "True" : "False") + ")";
        break;
      }
      case InstKind::LoopPartition: {
        std::string factors;
        for (size_t i = 0; i < inst.factors.size(); ++i)
          factors += (i ? ", " : "") + Factor(inst.factors[i]);
        line = OutputList(outs) + "sch.loop_partition(loop=" + in0 + ", factors=[" + factors +
               "], preserve_unit_iters=" + (inst.preserve_unit_iters ? "True" : "False") + ")";
        break;
      }
      case InstKind::Fuse:
        line = outs.at(0) + " = sch.fuse(" + all_inputs +
               ", preserve_unit_iters=" + (inst.preserve_unit_iters ? "True" : "False") + ")";
        break;
      case InstKind::Merge:
        line = outs.at(0) + " = sch.merge(" + all_inputs + ")";
        break;
      case InstKind::Reorder:
        line = "sch.reorder(" + all_inputs + ")";
        break;
      case InstKind::AddUnitLoop:
        line = outs.at(0) + " = sch.add_unit_loop(block_or_loop=" + in0 + ")";
        break;
      case InstKind::Parallel:
        line = "sch.parallel(loop=" + in0 + ")";
        break;
      case InstKind::Vectorize:
        line = "sch.vectorize(loop=" + in0 + ")";
        break;
      case InstKind::Unroll:
        line = "sch.unroll(loop=" + in0 + ")";
        break;
      case InstKind::Bind:
        line = "sch.bind(loop=" + in0 + ", thread_axis=\"" + inst.name + "\")";
        break;
      case InstKind::ComputeInline:
        line = "sch.compute_inline(block=" + in0 + ")";
        break;
      case InstKind::Annotate:
        line = "sch.annotate(block_or_loop=" + in0 + ", ann_key=\"" + inst.name + "\", ann_val=" +
               (inst.inputs.size() > 1 ? rv(inst.inputs[1]) : AnnotationValue(inst.ann_val)) + ")";
        break;
      case InstKind::SamplePerfectTile:
        line = OutputList(outs) + "sch.sample_perfect_tile(loop=" + in0 +
               ", n=" + Int(inst.ints.at(0)) + ", max_innermost_factor=" + Int(inst.ints.at(1)) +
               Decision(inst) + ")";
        break;
      case InstKind::SamplePartitionedTile:
        line = OutputList(outs) + "sch.sample_partitioned_tile(loop=" + in0 +
               ", n=" + Int(inst.ints.at(0)) + ", partition_pos=" + Int(inst.ints.at(1)) +
               ", innerpart_factor=" + Int(inst.ints.at(2)) + Decision(inst) + ")";
        break;
      case InstKind::SampleCategorical:
        line = outs.at(0) + " = sch.sample_categorical(candidates=" + List(inst.ints, Int) +
               ", probs=" + List(inst.probs, Double) + Decision(inst) + ")";
        break;
      case InstKind::SampleComputeLocation:
        line = outs.at(0) + " = sch.sample_compute_location(block=" + in0 + Decision(inst) + ")";
        break;
      case InstKind::Blockize:
        // a list of blocks, or a loop
        line = outs.at(0) +
               " = sch.blockize(target=" + (in0.rfind('b', 0) == 0 ? "[" + all_inputs + "]" : in0) +
               ", preserve_unit_iters=" + (inst.preserve_unit_iters ? "True" : "False") + ")";
        break;
      case InstKind::Tensorize:
        line = "sch.tensorize(block_or_loop=" + in0 + ", tensor_intrin=\"" + inst.name +
               "\", preserve_unit_iters=" + (inst.preserve_unit_iters ? "True" : "False") + ")";
        break;
      case InstKind::DecomposePadding:
        line = outs.at(0) + " = sch.decompose_padding(block=" + in0 +
               ", loop=" + rv(inst.inputs.at(1)) + ")";
        break;
      case InstKind::PadEinsum:
        line = "sch.pad_einsum(block=" + in0 + ", padding=" + List(inst.ints, Int) + ")";
        break;
      case InstKind::ReorderBlockIterVar:
        line =
            "sch.reorder_block_iter_var(block=" + in0 + ", new_order=" + List(inst.ints, Int) + ")";
        break;
      case InstKind::RFactor:
        line = outs.at(0) + " = sch.rfactor(loop=" + in0 + ", factor_axis=" + Int(inst.ints.at(0)) +
               ")";
        break;
      case InstKind::TransformLayout:
        line =
            "sch.transform_layout(block=" + in0 + ", buffer=(\"" +
            (inst.buffer_is_write ? "write" : "read") + "\", " + std::to_string(inst.buffer_index) +
            "), index_map=" + IndexMapAsPython(inst.index_map) + ", pad_value=" +
            (inst.pad_value ? IndexMapAsPython(inst.pad_value) : std::string("None")) +
            ", assume_injective_transform=" + (inst.assume_injective_transform ? "True" : "False") +
            ")";
        break;
      case InstKind::AnnotateBufferAccess:
        line = "sch.annotate_buffer_access(block=" + in0 +
               ", buffer_index=" + std::to_string(inst.buffer_index) + ", buf_type=\"" +
               (inst.buffer_is_write ? "write" : "read") +
               "\", gen_new_ranges=" + RangesAsPython(inst.index_map) + ")";
        break;
      case InstKind::TransformBlockLayout:
        line = "sch.transform_block_layout(block=" + in0 +
               ", index_map=" + IndexMapAsPython(inst.index_map) + ")";
        break;
      case InstKind::SetAxisSeparator: {
        std::string seps;
        for (size_t i = 0; i < inst.ints.size(); ++i)
          seps += (i ? ", " : "") + std::to_string(inst.ints[i]);
        line = "sch.set_axis_separator(block=" + in0 + ", buffer=(\"" +
               (inst.buffer_is_write ? "write" : "read") + "\", " +
               std::to_string(inst.buffer_index) + "), axis_separators=[" + seps + "])";
        break;
      }
      case InstKind::ReIndex:
        line = outs.at(0) + " = sch.reindex(block=" + in0 + ", buffer=(\"" +
               (inst.buffer_is_write ? "write" : "read") + "\", " +
               std::to_string(inst.buffer_index) + "))";
        break;
      case InstKind::StorageAlign:
        line = "sch.storage_align(block=" + in0 +
               ", buffer_index=" + std::to_string(inst.buffer_index) +
               ", axis=" + std::to_string(inst.axis) + ", factor=" + std::to_string(inst.factor) +
               ", offset=" + std::to_string(inst.offset) + ")";
        break;
      case InstKind::SetScope:
        line = "sch.set_scope(block=" + in0 +
               ", buffer_index=" + std::to_string(inst.buffer_index) + ", storage_scope=\"" +
               inst.name + "\")";
        break;
      case InstKind::RollingBuffer:
        line = "sch.rolling_buffer(block=" + in0 +
               ", write_buffer_index=" + std::to_string(inst.buffer_index) + ")";
        break;
      case InstKind::UnsafeSetDType:
        line = "sch.unsafe_set_dtype(block=" + in0 +
               ", buffer_index=" + std::to_string(inst.buffer_index) + ", dtype=\"" + inst.name +
               "\")";
        break;
      case InstKind::Unannotate:
        line = "sch.unannotate(block_or_loop=" + in0 + ", ann_key=\"" + inst.name + "\")";
        break;
      case InstKind::DecomposeReduction:
        line = outs.at(0) + " = sch.decompose_reduction(block=" + in0 +
               ", loop=" + rv(inst.inputs.at(1)) + ")";
        break;
      case InstKind::ReverseComputeInline:
        line = "sch.reverse_compute_inline(block=" + in0 + ")";
        break;
      case InstKind::ComputeAt:
      case InstKind::ReverseComputeAt:
        line = std::string("sch.") +
               (inst.kind == InstKind::ComputeAt ? "compute_at" : "reverse_compute_at") +
               "(block=" + in0 + ", loop=" + rv(inst.inputs.at(1)) +
               ", preserve_unit_loops=" + (inst.preserve_unit_loops ? "True" : "False") +
               ", index=" + std::to_string(inst.index) + ")";
        break;
      case InstKind::CacheRead:
      case InstKind::CacheWrite: {
        bool read = inst.kind == InstKind::CacheRead;
        std::string consumers;
        for (size_t i = 1; i < inst.inputs.size(); ++i)
          consumers += (i > 1 ? ", " : "") + rv(inst.inputs[i]);
        line = outs.at(0) + " = sch." + (read ? "cache_read" : "cache_write") + "(block=" + in0 +
               ", " + (read ? "read" : "write") +
               "_buffer_index=" + std::to_string(inst.buffer_index) + ", storage_scope=\"" +
               inst.name + "\"" +
               (consumers.empty() ? "" : ", consumer_blocks=[" + consumers + "]") + ")";
        break;
      }
      case InstKind::ReindexCacheRead:
      case InstKind::ReindexCacheWrite: {
        bool read = inst.kind == InstKind::ReindexCacheRead;
        line = outs.at(0) + " = sch." + (read ? "reindex_cache_read" : "reindex_cache_write") +
               "(block=" + in0 + ", " + (read ? "read" : "write") +
               "_buffer_index=" + std::to_string(inst.buffer_index) + ", storage_scope=\"" +
               inst.name + "\", index_map=" + IndexMapAsPython(inst.index_map) + ")";
        break;
      }
      case InstKind::ReadAt:
      case InstKind::WriteAt: {
        const bool read = inst.kind == InstKind::ReadAt;
        line = outs.at(0) + " = sch." + (read ? "read_at" : "write_at") + "(loop=" + in0 +
               ", block=" + rv(inst.inputs.at(1)) + ", " + (read ? "read" : "write") +
               "_buffer_index=" + std::to_string(inst.buffer_index) + ", storage_scope=\"" +
               inst.name + "\")";
        break;
      }
      case InstKind::CacheIndex:
        line = OutputList(outs) + "sch.cache_index(block=" + in0 + ", storage_scope=\"" +
               inst.name + "\", cse_thresh=" + std::to_string(inst.ints.at(0)) + ")";
        break;
      case InstKind::CacheInplace:
        line = OutputList(outs) + "sch.cache_inplace(block=" + in0 +
               ", read_buffer_index=" + std::to_string(inst.buffer_index) + ", storage_scope=\"" +
               inst.name + "\")";
        break;
    }
    lines.push_back(line);
  }
  return lines;
}

}  // namespace

std::vector<std::string> TraceLines(const Trace& trace, TvmDialect dialect) {
  return InstructionLines(trace, dialect, false);
}

std::string InstructionAsPython(const Instruction& inst, TvmDialect dialect) {
  return InstructionLines(Trace{{inst}}, dialect, true).at(0);
}

Trace SimplifiedTrace(const Trace& trace, bool remove_postproc) {
  size_t n = trace.insts.size();
  if (remove_postproc)
    for (size_t i = 0; i < trace.insts.size(); ++i)
      if (trace.insts[i].kind == InstKind::EnterPostproc) {
        n = i;
        break;
      }
  std::set<int> used;
  std::vector<Instruction> kept;
  for (size_t i = n; i-- > 0;) {
    const Instruction& inst = trace.insts[i];
    bool dead = is_pure(inst.kind) && std::none_of(inst.outputs.begin(), inst.outputs.end(),
                                                   [&](int id) { return used.count(id) > 0; });
    if (dead) continue;
    kept.push_back(inst);
    used.insert(inst.inputs.begin(), inst.inputs.end());
  }
  return Trace{{kept.rbegin(), kept.rend()}};
}

std::string TraceAsPython(const Trace& trace, TvmDialect dialect) {
  bool stir = dialect == TvmDialect::STir;
  std::string text =
      stir ? "# from tvm import s_tir\ndef apply_trace(sch: s_tir.Schedule) -> None:\n"
           : "# from tvm import tir\ndef apply_trace(sch: tir.Schedule) -> None:\n";
  std::vector<std::string> lines = TraceLines(trace, dialect);
  if (lines.empty()) return text + "  pass";
  for (size_t i = 0; i < lines.size(); ++i) text += (i ? "\n  " : "  ") + lines[i];
  return text;
}

}  // namespace tessera::tir
