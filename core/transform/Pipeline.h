// Pipeline: lowers the loop program of a schedule (ScheduleOps' output, with
// ProducerRealize / ProducerStore / ProducerLoad) into a PrimFunc that the backends
// compile, running the passes in the order listed in Pipeline.cpp and recording the
// program text after each one (the GUI's pass timeline, `tessera-cli lower --after`).
#pragma once

#include <string>
#include <vector>

#include "ir/Expr.h"
#include "ir/Stmt.h"
#include "support/Result.h"
#include "transform/PassContext.h"
#include "transform/PrimFunc.h"

namespace tessera::transform {

// The program after one pass.
struct PassRecord {
  std::string pass;  // "Input" for the program as given, then the pass names
  std::string ir;    // ir::to_string of the body after the pass ("" if !record_texts)
  ir::Stmt body{};   // the body itself (null where the record does not keep it)
};

struct LoweredProgram {
  PrimFunc func;
  std::vector<PassRecord> timeline;
  // The text after `pass` ("Input" or a pass name); nullptr when there is no such entry.
  const PassRecord* After(const std::string& pass) const;
};

// A timeline's text of `body`: ir::to_string, or "" where `ctx` records no texts.
std::string PassText(const ir::Stmt& body, const PassContext& ctx);

// The pass names in pipeline order (what `lower --after` accepts, after "Input").
const std::vector<std::string>& PipelinePassNames();

// Lowers `stmt` into a function named `name` whose buffer parameters are `args` (the
// placeholder and output tensors, in order); argument buffers are compact row-major
// buffers with the tensors' shapes unless ctx.arg_buffers already gives one. Scalar
// parameters are `scalars.listed` (at their positions among the tensors), then the
// shape variables of those buffers, then those of `scalars.unlisted` the body reads. Errors: a pass
// reported a problem (message names the pass), or the result uses a variable that is not a
// parameter (an unlisted scalar).
Result<LoweredProgram> LowerToPrimFunc(const ir::Stmt& stmt,
                                       const std::vector<ir::DataProducer>& args,
                                       const std::string& name, PassContext ctx = {},
                                       const ScalarParams& scalars = {});

// Runs the single pipeline pass named `pass` on `body` (a script's
// tvm.tir.transform.Simplify()(mod)). Errors: no pass has that name (the message lists
// them), or the pass reported a problem.
Result<ir::Stmt> RunPipelinePass(const std::string& pass, const ir::Stmt& body,
                                 const PassContext& ctx = {});

// Runs the passes after StorageFlatten on an already flattened function (hand-written
// kernels, tests).
Result<LoweredProgram> Optimize(PrimFunc func, const PassContext& ctx = {});

}  // namespace tessera::transform
