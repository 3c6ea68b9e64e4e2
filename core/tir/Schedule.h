// tir.Schedule (s_tir.Schedule since TVM 0.24): the PrimFunc being scheduled, the random
// variables that name its blocks and loops, and the trace of every primitive applied.
//
//   auto func = *CreatePrimFunc({A, B, C});
//   Schedule sch(func);
//   BlockRV c = *sch.GetBlock("C");
//   std::vector<LoopRV> loops = *sch.GetLoops(c);
//   std::vector<LoopRV> io = *sch.Split(loops[0], {Expr(), Expr(32)});  // factors=[None, 32]
//   AsTVMScript(sch.func());  TraceAsPython(sch.trace());
//
// Each primitive validates, then applies completely or returns the error and leaves the
// function and the trace as they were. A random variable whose loop or block an earlier
// primitive replaced (a split loop) no longer resolves.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/Result.h"
#include "tir/RandomEngine.h"
#include "tir/ScheduleState.h"
#include "tir/TensorIntrin.h"
#include "tir/Trace.h"

namespace tessera::tir {

struct BlockRV {
  int id = -1;
};
struct LoopRV {
  int id = -1;
};
// An integer a sampling instruction drew (TVM's ExprRV); id -1 stands for None.
struct ExprRV {
  int id = -1;
};

class Schedule {
 public:
  // seed: the random engine's seed, as TVM's `tir.Schedule(func, seed=)`; -1 draws one.
  // func_name: the function's name in the module scheduled (get_block's func_name); TVM
  // wraps a bare PrimFunc as IRModule({"main": func}) whatever the function is called.
  explicit Schedule(PrimFunc func, int64_t seed = -1, std::string func_name = "main");
  // One schedule over every function of a module (TVM's ScheduleState of an IRModule),
  // working on `work_on`, one of them. A primitive applies to the function its random
  // variables belong to, whichever function the schedule works on.
  using Module = std::vector<std::pair<std::string, PrimFunc>>;
  Schedule(const Module& module, const std::string& work_on, int64_t seed = -1);

  // The function the schedule works on (WorkOn): what func(), func_name(), state() and
  // original_func() show and where GetBlock without a function name looks.
  const PrimFunc& func() const { return funcs_[working_].state.func(); }
  const std::string& func_name() const { return funcs_[working_].name; }
  const ScheduleState& state() const { return funcs_[working_].state; }
  const Trace& trace() const { return trace_; }
  // The function before the first primitive: what the trace replays on (ApplyTrace).
  const PrimFunc& original_func() const { return funcs_[working_].original; }
  // TVM's work_on: a ValueError naming the module's functions when it has no `name`.
  Status WorkOn(const std::string& name);
  // Every function as scheduled (as given, for original_module), in the module's order.
  Module module() const;
  Module original_module() const;
  // The module before any primitive, working on the same function: what the trace
  // replays on to rebuild this schedule.
  Schedule Unscheduled(int64_t seed) const;

  // ---- queries (recorded in the trace, as TVM records them) ----
  // func_name: the module's function to look in; empty: the one the schedule works on.
  Result<BlockRV> GetBlock(const std::string& name, const std::string& func_name = "");
  Result<std::vector<LoopRV>> GetLoops(const BlockRV& block);
  Result<std::vector<BlockRV>> GetChildBlocks(const BlockRV& block);
  Result<std::vector<BlockRV>> GetChildBlocks(const LoopRV& loop);
  Result<std::vector<BlockRV>> GetProducers(const BlockRV& block);
  Result<std::vector<BlockRV>> GetConsumers(const BlockRV& block);
  // The blocks under the scope block (nested ones too) that write a buffer their own scope
  // does not allocate.
  Result<std::vector<BlockRV>> GetOutputBlocks(const BlockRV& scope_block);
  // Marks where MetaSchedule's postprocessors start in the trace (changes nothing).
  void EnterPostproc();

  // ---- sampling (TVM's sample_*): a decision given is used instead of drawing one ----
  void Seed(int64_t seed) { rand_state_ = LinearCongruentialEngine::NormalizeSeed(seed); }
  int64_t ForkSeed() { return LinearCongruentialEngine(&rand_state_).ForkSeed(); }
  // n tiles of the loop whose tiles from partition_pos on multiply to a multiple of
  // innerpart_factor (TVM's sample_partitioned_tile).
  Result<std::vector<ExprRV>> SamplePartitionedTile(
      const LoopRV& loop, int n, int partition_pos, int innerpart_factor,
      const std::optional<std::vector<int64_t>>& decision = std::nullopt);
  Result<std::vector<ExprRV>> SamplePerfectTile(
      const LoopRV& loop, int n, int max_innermost_factor = 16,
      const std::optional<std::vector<int64_t>>& decision = std::nullopt);
  Result<ExprRV> SampleCategorical(const std::vector<int64_t>& candidates,
                                   const std::vector<double>& probs,
                                   std::optional<int64_t> decision = std::nullopt);
  // A loop of the block's consumers, or the root (-1) or inline (-2) mark, which
  // compute_at then takes as "leave it" or "inline it", as in TVM.
  Result<LoopRV> SampleComputeLocation(const BlockRV& block,
                                       std::optional<int64_t> decision = std::nullopt);

  // ---- loop transformations ----
  // factors: an undefined Expr is None (inferred).
  Result<std::vector<LoopRV>> Split(const LoopRV& loop, const std::vector<Expr>& factors,
                                    bool preserve_unit_iters = true,
                                    bool disable_predication = false);
  // Split by sampled factors (an ExprRV with id -1 is None).
  // The loop cut into consecutive loops of the factors' lengths (one may be None), each in
  // its own partition block; TVM's loop_partition (preserve_unit_iters is recorded only,
  // as TVM ignores it).
  Result<std::vector<LoopRV>> LoopPartition(const LoopRV& loop, const std::vector<Expr>& factors,
                                            bool preserve_unit_iters = true);
  Result<std::vector<LoopRV>> Split(const LoopRV& loop, const std::vector<ExprRV>& factors,
                                    bool preserve_unit_iters = true,
                                    bool disable_predication = false);
  Result<LoopRV> Fuse(const std::vector<LoopRV>& loops, bool preserve_unit_iters = true);
  Status Reorder(const std::vector<LoopRV>& loops);
  // The loops' nests (under one scope, of equal extents) merged into one; the merged loop
  // at their depth.
  Result<LoopRV> Merge(const std::vector<LoopRV>& loops);
  Result<LoopRV> AddUnitLoop(const BlockRV& block);
  Result<LoopRV> AddUnitLoop(const LoopRV& loop);

  // ---- loop kinds ----
  Status Parallel(const LoopRV& loop);
  Status Vectorize(const LoopRV& loop);
  Status Unroll(const LoopRV& loop);
  Status Bind(const LoopRV& loop, const std::string& thread_axis);

  // ---- block transformations ----
  Status ComputeInline(const BlockRV& block);
  Status ReverseComputeInline(const BlockRV& block);
  // `index`: where among the loop's children the block goes (Primitives.h).
  Status ComputeAt(const BlockRV& block, const LoopRV& loop, bool preserve_unit_loops = false,
                   int64_t index = -1);
  Status ReverseComputeAt(const BlockRV& block, const LoopRV& loop,
                          bool preserve_unit_loops = false, int64_t index = -1);
  // The new outer block "<block>_o" around the subtree under `loop`.
  Result<BlockRV> Blockize(const LoopRV& loop, bool preserve_unit_iters = true);
  // The new block "outer_<B>_<C>_" around consecutive blocks (TVM's blockize of a list).
  Result<BlockRV> Blockize(const std::vector<BlockRV>& blocks, bool preserve_unit_iters = true);
  // The block (or the block blockize makes under the loop) matched against the tensor
  // intrinsic's description and given its implementation's body (TVM's tensorize). By
  // name, the intrinsic is looked up in the schedule's registry (the global one unless
  // UseTensorIntrins gave another).
  Status Tensorize(const BlockRV& block, const TensorIntrin& intrin,
                   bool preserve_unit_iters = true);
  Status Tensorize(const LoopRV& loop, const TensorIntrin& intrin, bool preserve_unit_iters = true);
  Status Tensorize(const BlockRV& block, const std::string& intrin,
                   bool preserve_unit_iters = true);
  Status Tensorize(const LoopRV& loop, const std::string& intrin, bool preserve_unit_iters = true);
  // The registry Tensorize and ApplyTrace look intrinsics up in by name.
  void UseTensorIntrins(std::shared_ptr<const TensorIntrinRegistry> registry) {
    intrins_ = std::move(registry);
  }
  const TensorIntrinRegistry& tensor_intrins() const { return *intrins_; }
  // How many random variables (blocks, loops, sampled values) the schedule has made; a
  // copy keeps them under the same ids.
  int random_variable_count() const { return static_cast<int>(rvs_.size()); }
  // TVM's remove_rv: the random variable (block, loop or sampled value) leaves the symbol
  // table; using or removing it again is an IndexError. Not traced, as in TVM.
  Status RemoveRV(int rv_id);
  // The rfactor block "<block>_rf"; `block` then names the write-back block, as in TVM.
  Result<BlockRV> RFactor(const LoopRV& loop, int factor_axis);
  // The fill block "<block>_pad_const" of the padding block, placed before `loop`; `block`
  // then names the in-bound copy, as in TVM.
  Result<BlockRV> DecomposePadding(const BlockRV& block, const LoopRV& loop);
  // The block's iteration space padded to multiples of `padding` (one per iterator).
  Status PadEinsum(const BlockRV& block, const std::vector<int64_t>& padding);
  // The init block; `block` then names the update block ("<name>_update"), as in TVM.
  Result<BlockRV> DecomposeReduction(const BlockRV& block, const LoopRV& loop);
  // The copy block of the block's index-th read (write) buffer in `storage_scope`;
  // consumer_blocks: the readers switched to the copy (cache_read: none given means every
  // reader; cache_write: the readers that read the copy instead of the written buffer).
  Result<BlockRV> CacheRead(const BlockRV& block, int64_t read_buffer_index,
                            const std::string& storage_scope,
                            const std::vector<BlockRV>& consumer_blocks = {});
  Result<BlockRV> CacheWrite(const BlockRV& block, int64_t write_buffer_index,
                             const std::string& storage_scope,
                             const std::vector<BlockRV>& consumer_blocks = {});
  Status SetScope(const BlockRV& block, int64_t buffer_index, const std::string& storage_scope);
  // The block's index-th written buffer holds `dtype`, its stores and loads cast.
  Status UnsafeSetDType(const BlockRV& block, int64_t buffer_index, const std::string& dtype);
  // The block's write_buffer_index-th written buffer keeps one tile along the outermost
  // axis whose tiles overlap, indexed modulo the tile; what the previous tile computed is
  // skipped (the block must be computed at a loop of its consumers).
  Status RollingBuffer(const BlockRV& block, int64_t write_buffer_index);
  // The block's "read" or "write" regions at `indices` taken out of its signature (TVM's
  // unsafe_hide_buffer_access).
  Status UnsafeHideBufferAccess(const BlockRV& block, const std::string& buf_type,
                                const std::vector<int64_t>& indices);
  // The copy block "<buffer>_<scope>" of the block's index-th read (written) buffer, made
  // per iteration of `loop` (TVM's read_at / write_at; the copy is marked auto_copy).
  // TVM's cache_index: the block's repeated index computations precomputed into buffers
  // by new blocks before it; returns them (empty where there is nothing to precompute).
  Result<std::vector<BlockRV>> CacheIndex(const BlockRV& block, const std::string& storage_scope,
                                          int64_t cse_thresh = 0);
  Result<BlockRV> ReadAt(const LoopRV& loop, const BlockRV& block, int64_t read_buffer_index,
                         const std::string& storage_scope);
  Result<BlockRV> WriteAt(const LoopRV& loop, const BlockRV& block, int64_t write_buffer_index,
                          const std::string& storage_scope);
  // The block's iterators permuted: new_order[i] is the old position of the i-th.
  Status ReorderBlockIterVar(const BlockRV& block, const std::vector<int64_t>& new_order);
  // cache_read / cache_write through a copy indexed by `index_map` of the block's
  // iterators (the block must access the buffer at one point; the scope must be a stage
  // pipeline).
  Result<BlockRV> ReindexCacheRead(const BlockRV& block, int64_t read_buffer_index,
                                   const std::string& storage_scope, const IndexMap& index_map);
  Result<BlockRV> ReindexCacheWrite(const BlockRV& block, int64_t write_buffer_index,
                                    const std::string& storage_scope, const IndexMap& index_map);
  // The copy in and the copy out of a buffer the block reads and writes in place. TVM
  // names both "<buffer>_<scope>", so neither random variable resolves by name afterwards.
  Result<std::vector<BlockRV>> CacheInplace(const BlockRV& block, int64_t read_buffer_index,
                                            const std::string& storage_scope);

  // ---- layout ----
  // The buffer (the block's index-th read or written one) in the layout `index_map`
  // gives; pad_value (null: None) fills the padding, e.g. ConstantIndexMap(0.0f, ndim).
  // The region the block declares of its buffer_index-th read (written) buffer, from
  // `ranges`: the block's iterators to a (begin, end) pair per dimension.
  Status AnnotateBufferAccess(const BlockRV& block, int64_t buffer_index, BufferIndexType type,
                              const IndexMap& ranges);
  Status TransformLayout(const BlockRV& block, int64_t buffer_index, BufferIndexType type,
                         const IndexMap& index_map, const IndexMap& pad_value = nullptr,
                         bool assume_injective_transform = false);
  Status TransformBlockLayout(const BlockRV& block, const IndexMap& index_map);
  // The buffer flattens to one dimension per group of axes between separators.
  Status SetAxisSeparator(const BlockRV& block, int64_t buffer_index, BufferIndexType type,
                          const std::vector<int64_t>& axis_separators);
  Status StorageAlign(const BlockRV& block, int64_t buffer_index, int64_t axis, int64_t factor,
                      int64_t offset);
  // The copy block "<written buffer>_reindex" staging the block's buffer through
  // "<buffer>_reindex", indexed by the block's iterators.
  Result<BlockRV> ReIndex(const BlockRV& block, int64_t buffer_index, BufferIndexType type);

  // ---- annotations (value: an IntImm, FloatImm or StringImm) ----
  Status Annotate(const LoopRV& loop, const std::string& key, const Expr& value);
  Status Annotate(const BlockRV& block, const std::string& key, const Expr& value);
  // ann_val a sampled value (sample_categorical's output): the annotation holds its value
  // and the trace names the variable, so a replay with another decision follows it.
  Status Annotate(const LoopRV& loop, const std::string& key, const ExprRV& value);
  Status Annotate(const BlockRV& block, const std::string& key, const ExprRV& value);
  Status Unannotate(const LoopRV& loop, const std::string& key);
  Status Unannotate(const BlockRV& block, const std::string& key);

  // ---- what a random variable stands for now (the pointers stay valid until the next
  // primitive changes the function) ----
  Result<const BlockRealizeNode*> Get(const BlockRV& block) const;
  Result<const ForNode*> Get(const LoopRV& loop) const;
  Result<int64_t> Get(const ExprRV& expr) const;

 private:
  struct RVEntry {
    bool is_block = false;
    int func = 0;       // the index in funcs_ of the function a block or loop belongs to
    std::string block;  // a block's name
    Var loop;           // a loop's variable
    bool is_expr = false;
    int64_t value = 0;     // an ExprRV's value
    int64_t mark = 0;      // a sampled location without a loop: -1 root, -2 inline
    bool removed = false;  // by remove_rv
  };
  Status CheckNotRemoved(int rv_id, const char* kind) const;
  int NewExprRV(int64_t value);
  int NewBlockRV(const std::string& name);
  int NewLoopRV(const Var& v);
  Result<Var> LoopVar(const LoopRV& loop) const;
  Result<std::vector<Var>> LoopVars(const std::vector<LoopRV>& loops) const;
  Status MoveUnderLoop(InstKind kind, const BlockRV& block, const LoopRV& loop,
                       bool preserve_unit_loops, int64_t index);
  Result<LoopRV> RecordUnitLoop(int input, const StmtNode* target);
  Status RecordAnnotation(int rv, const std::string& key, const Expr& value);
  Status SetLoopKind(InstKind kind, const LoopRV& loop, const std::string& thread_axis);
  // Records `inst` with a new loop RV per variable as its outputs; returns the RVs.
  std::vector<LoopRV> RecordLoops(Instruction inst, const std::vector<Var>& vars);
  // A sample_*_tile instruction with its attributes and the tiles drawn (its decision),
  // one ExprRV per tile.
  std::vector<ExprRV> RecordTiles(InstKind kind, const LoopRV& loop, std::vector<int64_t> attrs,
                                  const std::vector<int64_t>& tiles);
  Result<BlockRV> CopyAtLoop(InstKind kind, const LoopRV& loop, const BlockRV& block, int64_t index,
                             const std::string& storage_scope);
  Result<BlockRV> CacheStage(InstKind kind, const BlockRV& block, int64_t index,
                             const std::string& storage_scope,
                             const std::vector<BlockRV>& consumer_blocks = {});
  Result<BlockRV> ReindexCacheStage(InstKind kind, const BlockRV& block, int64_t index,
                                    const std::string& storage_scope, const IndexMap& index_map);
  Status RecordTensorize(int target, const TensorIntrin& intrin, bool preserve_unit_iters);
  Result<std::vector<BlockRV>> RecordBlocks(InstKind kind, int input,
                                            const std::vector<std::string>& names);

  // One function of the module: its name, its state and what it was given as.
  struct FuncEntry {
    std::string name;
    ScheduleState state;
    PrimFunc original;
  };
  // The function of the random variables `ids` (block and loop ones; others are skipped)
  // becomes the one the next primitive applies to; a ValueError when they belong to
  // different functions.
  Status Enter(const std::vector<int>& ids);
  ScheduleState& Active() { return funcs_[active_].state; }
  const ScheduleState& StateOf(int rv_id) const { return funcs_[rvs_[rv_id].func].state; }
  Result<int> FindFunction(const std::string& name) const;

  std::vector<FuncEntry> funcs_;
  size_t working_ = 0;  // work_on's function
  int active_ = 0;      // the function of the primitive being applied
  Trace trace_;
  std::vector<RVEntry> rvs_;
  RandState rand_state_;
  std::shared_ptr<const TensorIntrinRegistry> intrins_ = GlobalTensorIntrinsShared();
};

// Replays `trace` (recorded on a schedule of the same function or module) on `sch`; the
// first instruction that fails stops the replay, and its error names the instruction.
Status ApplyTrace(const Trace& trace, Schedule* sch);

}  // namespace tessera::tir
