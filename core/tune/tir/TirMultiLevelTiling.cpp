// multi-level-tiling (MetaSchedule's schedule_rule/multi_level_tiling.cc, its CPU form): a
// block with spatial and reduction iterators gets the "SSRSRS" structure: every spatial
// loop split in four by sample_perfect_tile, every reduction loop in two, reordered S0 S1
// R0 S2 R1 S3, so that the innermost spatial tiles are a register block reused across the
// inner reduction (TirRewriteReductionBlock.cpp later takes the init out of the reduction
// loops).
//
// The loops tiled are the block's plain loops (TirScheduleRule.h's PlainLoops): on a
// document the user already scheduled, the loops the user split, fused, parallelized or
// shared with another block stay as the user made them, and the plain ones are tiled
// around them (reordered among the places they hold). MetaSchedule tunes a scheduled
// function from the state it is given too, but tiles a block only while every loop is
// still plain (IsTrivialBinding); here a block keeps the search where a spatial and a
// reduction loop are still plain, since interleaving those is what the structure is for.
//
// An output written by the block opens three branches, as reuse_write="may" at levels 1
// and 2 does: no write cache, or a "global" cache_write whose copy block is computed at
// the end of spatial level 1 or 2 (reverse_compute_at), so each tile is written out while
// it is still in cache.
#include <algorithm>
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
    if (!realize || !Applies(*realize->block)) return {sch};
    const std::vector<PlainLoop> plain = PlainLoops(sch, realize);
    const auto has = [&](bool spatial) {
      return std::any_of(plain.begin(), plain.end(),
                         [spatial](const PlainLoop& l) { return l.spatial == spatial; });
    };
    if (!has(true) || !has(false)) return {sch};
    std::vector<int> write_levels = {0};
    if (realize->block->writes.size() == 1 && WritesParam(sch.func(), *realize->block))
      write_levels = {0, 1, 2};
    std::vector<tir::Schedule> out;
    for (int level : write_levels) {
      tir::Schedule tiled = sch;
      if (Tile(tiled, block, plain, level).ok()) out.push_back(std::move(tiled));
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
    return spatial && reduce && tir::HasInit(block);
  }

  // The "SSRSRS" tiling of `plain` (the block's plain loops) in `sch`; `write_level` 0: no
  // write cache, else the spatial level whose last loop the cache's copy block goes under.
  static Status Tile(tir::Schedule& sch, const std::string& block,
                     const std::vector<PlainLoop>& plain, int write_level) {
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
    std::array<std::vector<tir::LoopRV>, kSpatialLevels> spatial;
    std::array<std::vector<tir::LoopRV>, kReduceLevels> reduce;
    for (const PlainLoop& loop : plain) {
      if (loop.position >= loops->size()) return Error("multi-level-tiling: the loops moved");
      const int n = loop.spatial ? kSpatialLevels : kReduceLevels;
      auto factors = sch.SamplePerfectTile((*loops)[loop.position], n, kMaxInnermostFactor);
      if (!factors.ok()) return factors.error();
      auto split = sch.Split((*loops)[loop.position], *factors);
      if (!split.ok()) return split.error();
      for (int level = 0; level < n; ++level)
        (loop.spatial ? spatial[level] : reduce[level]).push_back((*split)[level]);
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
