// The trace of a TensorIR schedule: every primitive applied, with its inputs (random
// variables: blocks and loops, as ids), its attributes and its outputs, in order. It is
// printed as TVM prints `sch.trace`:
//   # from tvm import tir
//   def apply_trace(sch: tir.Schedule) -> None:
//     b0 = sch.get_block(name="C", func_name="main")
//     l1, l2, l3 = sch.get_loops(block=b0)
//     l4, l5 = sch.split(loop=l1, factors=[None, 32], preserve_unit_iters=True,
//     disable_predication=False)
// (TvmDialect::STir: `from tvm import s_tir`, `s_tir.Schedule`, `sch.get_sblock`), and
// ApplyTrace (Schedule.h) replays it on another schedule.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tir/IndexMap.h"
#include "tir/ScriptPrinter.h"
#include "tir/TensorIntrin.h"

namespace tessera::tir {

enum class InstKind {
  GetBlock,
  GetLoops,
  GetChildBlocks,
  GetProducers,
  GetConsumers,
  Split,
  Fuse,
  Reorder,
  AddUnitLoop,
  Parallel,
  Vectorize,
  Unroll,
  Bind,
  ComputeInline,
  ReverseComputeInline,
  ComputeAt,
  ReverseComputeAt,
  DecomposeReduction,
  Annotate,
  Unannotate,
  SetScope,
  TransformLayout,
  TransformBlockLayout,
  SetAxisSeparator,
  StorageAlign,
  ReIndex,
  SamplePerfectTile,
  SampleCategorical,
  SampleComputeLocation,
  RFactor,
  Blockize,
  DecomposePadding,
  PadEinsum,
  CacheRead,
  CacheWrite,
  Tensorize,
  ReindexCacheRead,
  ReindexCacheWrite,
  CacheInplace,
  UnsafeSetDType,
  ReorderBlockIterVar,
  Merge,
  AnnotateBufferAccess,
  RollingBuffer,
  ReadAt,
  WriteAt,
  LoopPartition,
  GetOutputBlocks,
  UnsafeHideBufferAccess,
  SamplePartitionedTile,
  EnterPostproc,
  CacheIndex,
};
inline constexpr int kNumInstKinds = static_cast<int>(InstKind::CacheIndex) + 1;
// TVM's instruction kind name: "GetBlock", "Split", ...
const char* inst_kind_name(InstKind kind);
// Whether the instruction's outputs are blocks (else loops).
bool outputs_blocks(InstKind kind);
// Whether the instruction samples a decision (sample_perfect_tile, sample_categorical,
// sample_compute_location): the instructions a search mutates and replays.
bool is_sampling(InstKind kind);
// Whether the instruction's decision is a list of factors (the tile samplers) rather than
// one integer.
bool decision_is_list(InstKind kind);
// Whether the instruction only reads the schedule (the getters and samplers, TVM's
// kIsPure): Simplified drops one whose outputs nothing uses.
bool is_pure(InstKind kind);
// The first letter of the names TVM gives the instruction's outputs: 'b' (blocks), 'l'
// (loops) or 'v' (sampled expressions).
char output_prefix(InstKind kind);

struct Instruction {
  InstKind kind = InstKind::GetBlock;
  std::vector<int> inputs;    // random variable ids
  std::vector<Expr> factors;  // Split, LoopPartition: the factors as given (undefined = None)
  // GetBlock: block name; Bind: thread axis; Cache*: scope; Annotate: key; Tensorize: the
  // intrinsic's name; UnsafeSetDType: the data type; UnsafeHideBufferAccess: "read" or
  // "write" (its indices in `ints`); CacheIndex: the scope (cse_thresh in `ints`)
  std::string name;
  std::string func_name;  // GetBlock
  // CacheRead / CacheWrite / ReindexCache* / CacheInplace / RollingBuffer / ReadAt / WriteAt
  int64_t buffer_index = 0;
  Expr ann_val;  // Annotate (its key is `name`)
  bool preserve_unit_iters = true;
  bool disable_predication = false;
  bool preserve_unit_loops = false;  // ComputeAt
  int64_t index = -1;  // ComputeAt / ReverseComputeAt: the place among the loop's children
  // SamplePerfectTile: {n, max_innermost_factor}; SamplePartitionedTile: {n,
  // partition_pos, innerpart_factor}; SampleCategorical: the candidates;
  // RFactor: {factor_axis}; PadEinsum: the padding; ReorderBlockIterVar: the new order;
  // SetAxisSeparator: the separators
  // (with buffer_index and buffer_is_write). Split by sampled factors has inputs
  // {loop, factor, ...} (-1 = None) and no `factors`.
  std::vector<int64_t> ints;
  std::vector<double> probs;  // SampleCategorical
  // Sample*: the decision made, printed as `decision=` and honoured by ApplyTrace.
  bool has_decision = false;
  std::vector<int64_t> decision;
  std::vector<int> outputs;  // random variable ids
  // TransformLayout: index_map, pad_value (null: None), buffer_index, whether the index
  // counts the writes, assume_injective_transform; TransformBlockLayout: index_map;
  // StorageAlign: buffer_index, axis, factor, offset; ReindexCacheRead/Write: index_map;
  // AnnotateBufferAccess: buffer_index, buffer_is_write, index_map (the (begin, end) pairs).
  IndexMap index_map, pad_value;
  bool buffer_is_write = false;
  bool assume_injective_transform = false;
  int64_t axis = 0, factor = 0, offset = 0;
  // Tensorize: the intrinsic applied (a replay uses it; a trace read from JSON has only
  // its name, looked up in the registry), preserve_unit_iters.
  TensorIntrin intrin;
  // Who the instruction is: shared by the copies of a trace (a copied schedule's), new
  // for each instruction made (a replay's). Scripts key a trace's decisions by it, as
  // TVM's Instruction objects are keys.
  std::shared_ptr<const int> identity = std::make_shared<const int>(0);
};

struct Trace {
  std::vector<Instruction> insts;
};

// The instruction lines (without the function header), random variables named b0, l1,
// ... in order of appearance as TVM names them.
std::vector<std::string> TraceLines(const Trace& trace, TvmDialect dialect = TvmDialect::Tir);
// One instruction as TVM prints an Instruction on its own: every random variable `_`
// ("_, _ = sch.get_loops(block=_)").
std::string InstructionAsPython(const Instruction& inst, TvmDialect dialect = TvmDialect::Tir);
// TVM's Trace.simplified: the trace up to its EnterPostproc (remove_postproc) or whole,
// without the pure instructions whose outputs no later instruction uses, walked from the
// end so that a getter feeding only dropped getters goes too.
Trace SimplifiedTrace(const Trace& trace, bool remove_postproc);
// The whole `def apply_trace(sch)` text (no trailing newline).
std::string TraceAsPython(const Trace& trace, TvmDialect dialect = TvmDialect::Tir);

}  // namespace tessera::tir
