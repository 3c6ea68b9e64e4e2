// multi-level-tiling (MetaSchedule's schedule_rule/multi_level_tiling.cc, its CPU form): a
// block with spatial and reduction iterators over a plain loop nest gets the "SSRSRS"
// structure: every spatial loop split in four by sample_perfect_tile, every reduction
// loop in two, reordered S0 S1 R0 S2 R1 S3, so that the innermost spatial tiles are a
// register block reused across the inner reduction (TirRewriteReductionBlock.cpp later
// takes the init out of the reduction loops).
//
// An output written by the block opens three branches, as reuse_write="may" at levels 1
// and 2 does: no write cache, or a "global" cache_write whose copy block is computed at
// the end of spatial level 1 or 2 (reverse_compute_at), so each tile is written out while
// it is still in cache.
#include <array>

#include "tune/tir/TirScheduleRule.h"

namespace tessera::tune {

namespace {

constexpr int kSpatialLevels = 4, kReduceLevels = 2;
constexpr int kMaxInnermostFactor = 64;
// Where each level of "SSRSRS" takes its loops from: spatial level (0..3) or reduce (0..1).
struct Level {
  bool spatial;
  int index;
};
constexpr std::array<Level, 6> kStructure = {
    {{true, 0}, {true, 1}, {false, 0}, {true, 2}, {false, 1}, {true, 3}}};

class MultiLevelTiling : public TirScheduleRule {
 public:
  const char* name() const override { return "multi-level-tiling"; }

  std::vector<tir::Schedule> Apply(const tir::Schedule& sch,
                                   const std::string& block) const override {
    const tir::BlockRealizeNode* realize = FindTirBlock(sch, block);
    if (!realize || !Applies(*realize->block) || PlainLoopNest(sch, realize).empty()) return {sch};
    std::vector<int> write_levels = {0};
    if (realize->block->writes.size() == 1 && WritesParam(sch.func(), *realize->block))
      write_levels = {0, 1, 2};
    std::vector<tir::Schedule> out;
    for (int level : write_levels) {
      tir::Schedule tiled = sch;
      if (Tile(tiled, block, level).ok()) out.push_back(std::move(tiled));
    }
    if (out.empty()) return {sch};
    return out;
  }

 private:
  static bool Applies(const tir::BlockNode& block) {
    bool spatial = false, reduce = false;
    for (const tir::IterVar& iv : block.iter_vars) {
      if (iv->iter_type == ir::IterVarType::DataPar)
        spatial = true;
      else if (iv->iter_type == ir::IterVarType::CommReduce)
        reduce = true;
      else
        return false;
    }
    return spatial && reduce && block.init.defined();
  }

  // The "SSRSRS" tiling of `block` in `sch`; `write_level` 0: no write cache, else the
  // spatial level whose last loop the cache's copy block goes under.
  static Status Tile(tir::Schedule& sch, const std::string& block, int write_level) {
    auto b = sch.GetBlock(block, sch.func_name());
    if (!b.ok()) return b.error();
    tir::BlockRV copy;
    if (write_level > 0) {
      auto cached = sch.CacheWrite(*b, 0, "global");
      if (!cached.ok()) return cached.error();
      copy = *cached;
    }
    auto loops = sch.GetLoops(*b);
    if (!loops.ok()) return loops.error();
    // The iterators' kinds, read before the splits replace the block.
    std::vector<bool> spatial_iter;
    for (const tir::IterVar& iv : FindTirBlock(sch, block)->block->iter_vars)
      spatial_iter.push_back(iv->iter_type == ir::IterVarType::DataPar);
    std::array<std::vector<tir::LoopRV>, kSpatialLevels> spatial;
    std::array<std::vector<tir::LoopRV>, kReduceLevels> reduce;
    for (size_t k = 0; k < loops->size(); ++k) {
      bool is_spatial = spatial_iter[k];
      int n = is_spatial ? kSpatialLevels : kReduceLevels;
      auto factors = sch.SamplePerfectTile((*loops)[k], n, kMaxInnermostFactor);
      if (!factors.ok()) return factors.error();
      auto split = sch.Split((*loops)[k], *factors);
      if (!split.ok()) return split.error();
      for (int level = 0; level < n; ++level)
        (is_spatial ? spatial[level] : reduce[level]).push_back((*split)[level]);
    }
    std::vector<tir::LoopRV> order;
    for (const Level& level : kStructure) {
      const auto& loops_at = level.spatial ? spatial[level.index] : reduce[level.index];
      order.insert(order.end(), loops_at.begin(), loops_at.end());
    }
    if (Status st = sch.Reorder(order); !st.ok()) return st;
    if (write_level > 0) {
      Status st = sch.ReverseComputeAt(copy, spatial[write_level - 1].back(), true);
      if (!st.ok()) return st;
    }
    return Status::Ok();
  }
};

}  // namespace

const TirScheduleRule& TirMultiLevelTiling() {
  static const MultiLevelTiling rule;
  return rule;
}

}  // namespace tessera::tune
