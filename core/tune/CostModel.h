// CostModel: a learned estimate of a candidate's speed, trained on the candidates
// measured so far — gradient-boosted trees from XGBoost's C API (as MetaSchedule's
// XGBModel), regression on the normalized throughput (GFLOP/s divided by the best seen,
// so 1.0 is the best; a failed candidate counts 0). The search ranks unmeasured
// candidates by its prediction and measures the most promising.
//
// Retrained from scratch on every Update (a tuning run measures hundreds of candidates,
// not millions: a few milliseconds). Deterministic for equal input (one thread, fixed seed).
#pragma once

#include <vector>

#include "support/Result.h"

namespace tessera::tune {

class CostModel {
 public:
  CostModel() = default;
  ~CostModel();
  CostModel(const CostModel&) = delete;
  CostModel& operator=(const CostModel&) = delete;

  // Trains on rows of `features` (equal lengths) with their measured GFLOP/s (0 = failed).
  // Fewer than kMinSamples rows leave the model untrained.
  Status Update(const std::vector<std::vector<float>>& features, const std::vector<double>& gflops);
  // Predicted normalized throughput per row (higher is better); all 0 while untrained.
  Result<std::vector<double>> Predict(const std::vector<std::vector<float>>& features) const;
  bool trained() const { return booster_ != nullptr; }

  static constexpr int kMinSamples = 8;
  static constexpr int kRounds = 40;

 private:
  void* booster_ = nullptr;  // BoosterHandle
  size_t columns_ = 0;
};

}  // namespace tessera::tune
