// ReferenceStage: the oracle's evaluation of one ComputeOp (all of its outputs) from
// the arrays of the tensors it reads. Internal to Reference.cpp.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "reference/Reference.h"
#include "reference/ReferenceCompiler.h"
#include "te/Operation.h"

namespace tessera::reference {

// The tensors evaluated so far, by operation and output index.
class TensorTable {
 public:
  void Add(const te::Tensor& t, NDArray array);
  const ReadableTensor* Find(const te::Tensor& t) const;

 private:
  std::map<std::pair<const te::OperationNode*, int>, std::unique_ptr<ReadableTensor>> tensors_;
};

// A scalar expression over shape variables only (an extent, a shape).
Result<int64_t> EvalScalar(const ir::Expr& e, const ScalarArgs& constants,
                           const std::string& stage);

// Evaluates every output of `op`; one logical array per output.
Result<std::vector<NDArray>> EvaluateComputeStage(const te::ComputeOpNode& op,
                                                  const TensorTable& table,
                                                  const ScalarArgs& constants,
                                                  const ReferenceOptions& options);

}  // namespace tessera::reference
