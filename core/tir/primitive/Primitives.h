// The TensorIR schedule primitives over a ScheduleState, one family per file as in TVM's
// src/tir/schedule/primitive/. Each checks TVM's conditions first and either applies
// completely or returns the error (see ScheduleError.h) with the state unchanged.
// Loops are named by their loop variable, blocks by their name.
#pragma once

#include <string>
#include <vector>

#include "support/Result.h"
#include "tir/IndexMap.h"
#include "tir/RandomEngine.h"
#include "tir/ScheduleState.h"
#include "tir/TensorIntrin.h"

namespace tessera::tir {

// ---- GetBlockLoop.cpp: queries ----
// The block named `name`; errors when there is none or more than one.
Result<const BlockRealizeNode*> GetBlock(const ScheduleState& state, const std::string& name);
// The loops above the block up to its enclosing block, outermost first.
std::vector<Var> GetLoops(const ScheduleState& state, const BlockRealizeNode* block);
// The blocks directly under a block or loop (not under a nested block), in order.
std::vector<std::string> GetChildBlocks(const ScheduleState& state, const StmtNode* parent);
// Blocks of the same scope that write what `block` reads or writes before it (TVM's RAW
// and WAW dependences), and those that read or write what it writes after it.
std::vector<std::string> GetProducers(const ScheduleState& state, const BlockRealizeNode* block);
std::vector<std::string> GetConsumers(const ScheduleState& state, const BlockRealizeNode* block);
// The blocks under `scope` (nested ones too, in pre order) that write a buffer their own
// scope block does not allocate (TVM's GetOutputBlocks).
std::vector<std::string> GetOutputBlocks(const ScheduleState& state, const BlockRealizeNode* scope);

// ---- LoopTransformation.cpp ----
// Splits `loop` into factors.size() nested loops named loop_0, loop_1, ...; one factor
// may be undefined (None) and is inferred as ceil(extent / product of the others). When
// the product exceeds the extent the child blocks get a `T.where` predicate (unless
// disable_predication). Returns the new loops, outermost first.
Result<std::vector<Var>> Split(ScheduleState* state, const Var& loop, std::vector<Expr> factors,
                               bool preserve_unit_iters, bool disable_predication);
// Fuses a chain of perfectly nested loops (outermost first) into one loop named
// i_j_fused.
Result<Var> Fuse(ScheduleState* state, const std::vector<Var>& loops, bool preserve_unit_iters);
// Puts the given loops, which lie on one chain, in the given order; the other loops of
// the chain keep their places.
Status Reorder(ScheduleState* state, const std::vector<Var>& loops);

// ---- LoopPartition.cpp ----
// Cuts `loop` (constant, starting at 0) into consecutive loops of the factors' lengths (one
// may be undefined, None: what the others leave; without one, a last loop runs to the
// extent), each in a block "<block>_<loop><n>_partition" under "<block>_<loop>_common".
// Returns the new loops, named loop0, loop1, ...
Result<std::vector<Var>> LoopPartition(ScheduleState* state, const Var& loop,
                                       std::vector<Expr> factors);

// ---- LoopMerge.cpp ----
// Merges loops of separate nests under one scope (each nest from the given loop up to the
// loops' lowest common ancestor, a chain of only children of equal extents, starting at
// 0) into one serial nest named i_m, ... whose body runs each given loop's body in turn,
// where the last nest stood. Returns the merged loop at the given loops' depth.
Result<Var> Merge(ScheduleState* state, const std::vector<Var>& loops);

// A serial loop "u" of extent 1 directly above a block realize or a loop.
Result<Var> AddUnitLoop(ScheduleState* state, const StmtNode* block_or_loop);

// ---- ForKind.cpp ----
Status Parallel(ScheduleState* state, const Var& loop);
Status Vectorize(ScheduleState* state, const Var& loop);
Status Unroll(ScheduleState* state, const Var& loop);
// thread_axis: blockIdx.x/y/z, threadIdx.x/y/z, vthread, vthread.x/y/z.
Status Bind(ScheduleState* state, const Var& loop, const std::string& thread_axis);

// ---- ComputeInline.cpp ----
// Inlines the block named `block` into the blocks of its scope that read its buffer.
Status ComputeInline(ScheduleState* state, const std::string& block);

// ---- ReverseComputeInline.cpp ----
// Inlines the consumer block named `block` into its single complete producer.
Status ReverseComputeInline(ScheduleState* state, const std::string& block);

// ---- ComputeAt.cpp ----
// Moves the block named `block` under `loop`, computing per iteration what the consumers
// below the loop read. It goes among the loop's children after the last holding one of
// its producers and up to the first holding a consumer: index -1 the last such place
// (before the first consumer), -2 the first, or a place in that range.
Status ComputeAt(ScheduleState* state, const std::string& block, const Var& loop,
                 bool preserve_unit_loops, int64_t index = -1);
// Moves the consumer block named `block` under `loop`, consuming per iteration what the
// producers below the loop write; placed by `index` as ComputeAt (-1: at the end when no
// consumer of it is under the loop).
Status ReverseComputeAt(ScheduleState* state, const std::string& block, const Var& loop,
                        bool preserve_unit_loops, int64_t index = -1);

// ---- DecomposeReduction.cpp ----
// Splits the reduction block named `block` into "<block>_init" (placed before `loop`) and
// "<block>_update"; returns the init block's name.
Result<std::string> DecomposeReduction(ScheduleState* state, const std::string& block,
                                       const Var& loop);

// ---- Annotate.cpp ----
// Sets annotation `key` of a loop or block to `value`; an undefined value removes it.
Status AnnotateLoop(ScheduleState* state, const Var& loop, const std::string& key,
                    const Expr& value);
Status AnnotateBlock(ScheduleState* state, const std::string& block, const std::string& key,
                     const Expr& value);

// ---- BlockAnnotate.cpp ----
// Moves the block's index-th written buffer (which the function must allocate) to
// `storage_scope`.
Status SetScope(ScheduleState* state, const std::string& block, size_t index,
                const std::string& storage_scope);
// The block's index-th written buffer (which the function must allocate) holds `dtype`
// ("float16", ...): the values stored into it are cast to it, the values loaded cast back.
Status UnsafeSetDType(ScheduleState* state, const std::string& block, size_t index,
                      const std::string& dtype);

// ---- HideBufferAccess.cpp ----
// The block's read ("read") or write ("write") regions at `indices` taken out of its
// signature, the body unchanged (TVM's unsafe_hide_buffer_access: the dependence analysis
// no longer sees them).
Status UnsafeHideBufferAccess(ScheduleState* state, const std::string& block,
                              const std::string& buf_type, const std::vector<int64_t>& indices);

// ---- ReorderBlockIterVar.cpp ----
// The block's iterators in the order `new_order` gives (a permutation of 0..n-1), each
// with its binding; InvalidReorderIndex otherwise.
Status ReorderBlockIterVar(ScheduleState* state, const std::string& block,
                           const std::vector<int64_t>& new_order);

// ---- LayoutTransformation.cpp ----
// The block's index-th read or written buffer; BufferIndexOutOfRangeError.
Result<Buffer> NthAccessBuffer(const BlockNode& block, size_t index, BufferIndexType type);
// The block's index-th read/written buffer takes the shape `index_map` gives it and
// every access of it is rewritten; `pad_value` (null: None) fills the padding the map
// introduces, a map of the transformed indices to one value.
// ---- RollingBuffer.cpp ----
// The block's index-th written buffer keeps one tile along the outermost axis whose tiles
// overlap between iterations of the loop where the block meets its consumers; accesses
// along that axis go modulo the tile and the block skips what the previous tile computed.
Status RollingBuffer(ScheduleState* state, const std::string& block, size_t write_buffer_index);

// ---- AnnotateBufferAccess.cpp ----
// The block's index-th read (or written) region replaced by `ranges`: a map from the
// block's iterators to (begin, end) pairs, one per dimension of the buffer; the block's
// explicit_read_region (explicit_write_region) annotation lists the index.
Status AnnotateBufferAccess(ScheduleState* state, const std::string& block, size_t index,
                            BufferIndexType type, const IndexMap& ranges);

Status TransformLayout(ScheduleState* state, const std::string& block, size_t index,
                       BufferIndexType type, const IndexMap& index_map, const IndexMap& pad_value,
                       bool assume_injective_transform);
// The block's iterators remapped by `index_map`, under new loops ax0, ax1, ...
Status TransformBlockLayout(ScheduleState* state, const std::string& block,
                            const IndexMap& index_map);

// The block's index-th read/written buffer flattens to one dimension per group of axes
// the separators delimit (TVM's set_axis_separator); BufferIsSubregionError for a
// match_buffer view.
Status SetAxisSeparator(ScheduleState* state, const std::string& block, size_t index,
                        BufferIndexType type, const std::vector<int64_t>& axis_separators);

// ---- StorageAlign.cpp ----
// Records that the stride of `axis` of the block's index-th written buffer (allocated
// by a block) is padded to offset modulo factor.
Status StorageAlign(ScheduleState* state, const std::string& block, size_t buffer_index,
                    int64_t axis, int64_t factor, int64_t offset);

// ---- ReIndex.cpp ----
// Stages the block's index-th read/written buffer through "<buffer>_reindex", indexed by
// the block iterators its (single) access uses; returns the copy block's name.
Result<std::string> ReIndex(ScheduleState* state, const std::string& block, size_t index,
                            BufferIndexType type);

// ---- CacheReadWrite.cpp ----
// A copy of the block's index-th read (write) buffer in `storage_scope`, placed and sized
// as TVM places it (in the innermost loop holding the writer and the related readers);
// cache_read: read by all the buffer's readers in the scope, or only by `consumers`
// (block names); cache_write: written by the block, read directly by `consumers`.
// Returns the copy block's name.
Result<std::string> CacheRead(ScheduleState* state, const std::string& block, size_t index,
                              const std::string& storage_scope,
                              const std::vector<std::string>& consumers = {});
Result<std::string> CacheWrite(ScheduleState* state, const std::string& block, size_t index,
                               const std::string& storage_scope,
                               const std::vector<std::string>& consumers = {});

// ---- ReindexCache.cpp ----
// cache_read / cache_write whose copy "<buffer>_<scope>" is indexed by `index_map` of the
// block's iterators (the block is its only reader / the buffer's writer); returns the
// copy block's name.
Result<std::string> ReindexCacheRead(ScheduleState* state, const std::string& block, size_t index,
                                     const std::string& storage_scope, const IndexMap& index_map);
Result<std::string> ReindexCacheWrite(ScheduleState* state, const std::string& block, size_t index,
                                      const std::string& storage_scope, const IndexMap& index_map);

// ---- CacheInplace.cpp ----
// The block's index-th read buffer, which it also writes, copied into `storage_scope`
// before it and back after it; returns the two copy blocks' names (the same name twice,
// as TVM names them).
Result<std::vector<std::string>> CacheInplace(ScheduleState* state, const std::string& block,
                                              size_t index, const std::string& storage_scope);

// ---- CacheIndex.cpp ----
// The index computations the block repeats (TVM's common subexpressions, seen at least
// cse_thresh times), each precomputed into "index_var_<i>" by a block "index_<i>" before
// the block's subtree in its scope; returns those blocks' names (none where the block
// computes no index).
Result<std::vector<std::string>> CacheIndex(ScheduleState* state, const std::string& block,
                                            const std::string& storage_scope, int64_t cse_thresh);

// ---- ReadWriteAt.cpp ----
// A copy "<buffer>_<scope>" of the block's index-th read buffer, made per iteration of
// `loop` over what the blocks under it read, before the first of its children that reads
// it; from there on they read the copy. Returns the copy block's name.
Result<std::string> ReadAt(ScheduleState* state, const Var& loop, const std::string& block,
                           size_t read_buffer_index, const std::string& storage_scope);
// The block's index-th written buffer written into a copy in `storage_scope` by the
// loop's children up to the last that writes it, and copied back after that child.
Result<std::string> WriteAt(ScheduleState* state, const Var& loop, const std::string& block,
                            size_t write_buffer_index, const std::string& storage_scope);

// ---- RFactor.cpp ----
// Factors the reduction over `loop` out of the single block below it into
// "<block>_rf" (writing "<buffer>.rf", the loop's dimension at factor_axis) and a
// write-back block that keeps the block's name; returns the rfactor block's name.
Result<std::string> RFactor(ScheduleState* state, const Var& loop, int factor_axis);

// ---- Blockize.cpp ----
// The subtree under `loop` (one block) as the body of a new block "<block>_o"
// whose iterators are the outer parts of the block's bindings; returns its name.
Result<std::string> Blockize(ScheduleState* state, const Var& loop, bool preserve_unit_iters);
// ---- BlockizeBlocks.cpp ----
// The blocks `names` (two or more, consecutive under their lowest common ancestor, in
// the order they run) with their loops below it as the body of a new block
// "outer_<B>_<C>_"; returns its name.
Result<std::string> BlockizeBlocks(ScheduleState* state, const std::vector<std::string>& names,
                                   bool preserve_unit_iters);

// ---- Tensorize.cpp ----
// The block named `block` matched against the intrinsic's description, its body then
// replaced by the implementation's with the implementation's buffers bound to the matched
// regions (T.match_buffer); TensorIntrinMismatchError says where the match failed.
// Returns the block's name.
Result<std::string> Tensorize(ScheduleState* state, const std::string& block,
                              const TensorIntrin& intrin);
// The subtree under `loop` blockized first (as Blockize), then tensorized; the new outer
// block's name.
Result<std::string> Tensorize(ScheduleState* state, const Var& loop, const TensorIntrin& intrin,
                              bool preserve_unit_iters);

// ---- DecomposePadding.cpp ----
// The padding block named `block` (A[...] = T.if_then_else(cond, B[...], constant)) split
// into "<block>_pad_const", filling the region with the constant under copies of the
// loops from `loop` down (placed before `loop`), and the block itself writing only where
// `cond` holds; returns the fill block's name.
Result<std::string> DecomposePadding(ScheduleState* state, const std::string& block,
                                     const Var& loop);

// ---- PadEinsum.cpp ----
// The Einsum-like block named `block` iterating each iterator's extent rounded up to a
// multiple of padding[i], through zero-padded copies "<buffer>_pad" of the buffers those
// iterators index (copied in before the block, outputs copied back after it).
Status PadEinsum(ScheduleState* state, const std::string& block,
                 const std::vector<int64_t>& padding);

// ---- Sampling.cpp: random decisions drawn from `state` (or the given decision) ----
// n tile sizes whose product is the loop's extent and whose tiles from partition_pos on
// multiply to a multiple of innerpart_factor (TVM's sample_partitioned_tile); [-1, 1, ...]
// for a symbolic extent or one innerpart_factor does not divide.
Result<std::vector<int64_t>> SamplePartitionedTile(RandState* state, const ScheduleState& sched,
                                                   const Var& loop, int n, int partition_pos,
                                                   int innerpart_factor,
                                                   const std::vector<int64_t>* decision);
// n tile sizes whose product is the loop's extent, the innermost at most
// max_innermost_factor (-1: no bound); [-1, 1, ...] for a symbolic extent.
Result<std::vector<int64_t>> SamplePerfectTile(RandState* state, const ScheduleState& sched,
                                               const Var& loop, int n, int max_innermost_factor,
                                               const std::vector<int64_t>* decision);
// The index of the candidate drawn with the given weights.
Result<int64_t> SampleCategorical(RandState* state, const std::vector<int64_t>& candidates,
                                  const std::vector<double>& probs, const int64_t* decision);
// Where the block may go: -2 inlined, -1 at the root, i under the i-th loop of its first
// consumer (TVM's CollectComputeLocation); `loops` is undefined for -2 and -1.
struct ComputeLocations {
  std::vector<int64_t> indices;
  std::vector<Var> loops;
};
ComputeLocations CollectComputeLocations(const ScheduleState& sched, const std::string& block);
// A location of CollectComputeLocations; returns its index and sets `loop` (undefined
// for the root or inline).
Result<int64_t> SampleComputeLocation(RandState* state, const ScheduleState& sched,
                                      const std::string& block, const int64_t* decision, Var* loop);

}  // namespace tessera::tir
