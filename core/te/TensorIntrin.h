// TensorIntrin (TVM's te.decl_tensor_intrin): a small computation `op` (a ComputeOp over
// placeholders) declared equal to a hand-written statement, its body, which reads the
// op's inputs and writes its outputs through `buffers` (one per input, then one per
// output). s[C].tensorize(axis, intrin) replaces the loop nest of C from `axis` inward by
// that body when the nest computes what `op` computes (schedule/Tensorize.h).
// A reduction may also give reduce_init (the outputs set to the identity) and
// reduce_update (accumulate into the outputs), so that a nest whose outer reduction
// loops stay outside the intrinsic can run it once per outer reduction step.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/Stmt.h"
#include "support/Result.h"
#include "te/Operation.h"

namespace tessera::te {

struct TensorIntrinNode {
  std::string name;
  Operation op;                     // a ComputeOp
  std::vector<Tensor> inputs;       // op's inputs (placeholders), in InputTensors order
  std::vector<ir::Buffer> buffers;  // one per input, then one per output of op
  ir::Stmt body;                    // the whole computation (may be undefined for reductions)
  ir::Stmt reduce_init;             // optional: outputs = identity
  ir::Stmt reduce_update;           // optional: outputs += this part's contribution
};
using TensorIntrin = std::shared_ptr<const TensorIntrinNode>;

// Checks and builds an intrinsic as TVM's decl_tensor_intrin does: `op` is a ComputeOp
// whose inputs are placeholders; one buffer per input and output with the tensor's
// dtype and rank (and its extents where both are constants); a body, or for a reduction
// at least a body or an update. Errors name the intrinsic and the tensor at fault.
Result<TensorIntrin> MakeTensorIntrin(std::string name, const Operation& op,
                                      std::vector<ir::Buffer> buffers, ir::Stmt body,
                                      ir::Stmt reduce_init = {}, ir::Stmt reduce_update = {});

// The buffer TVM's decl_buffer makes by default for `t` in an intrinsic: compact, named
// after the tensor, with a symbolic element offset when offset_factor is not 0.
ir::Buffer DefaultIntrinBuffer(const Tensor& t, int64_t offset_factor = 0);

// The extern functions `s` calls (CallKind::Extern), in order of first appearance.
std::vector<std::string> ExternCallsIn(const ir::Stmt& s);

}  // namespace tessera::te
