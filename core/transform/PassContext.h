// PassContext: the options every lowering pass may read (target, loop handling, how to
// make an analyzer), the argument buffers StorageFlatten binds tensors to, and the
// place where a pass reports an error (passes return a statement; the pipeline checks
// for reported errors after each pass and stops with the first one).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "arith/Analyzer.h"
#include "ir/Buffer.h"
#include "ir/Expr.h"
#include "support/Result.h"

namespace tessera::transform {

struct PassContext {
  // "llvm", "c" or "cuda".
  std::string target = "llvm";
  // Keep loops of extent 1 (otherwise their variable is replaced by the loop's min).
  bool debug_keep_trivial_loop = false;
  // Unrolled loops with a constant extent up to this are unrolled; longer ones stay
  // serial loops (so a mistaken unroll cannot blow up the program).
  int64_t max_unroll_extent = 256;
  // LoopPartition cuts loops and hoists tests for the terms of if_then_else guards (an
  // inlined padding stage's border test); false keeps those guards in the loops, as
  // TVM 0.19's lower does (likely() tails are split either way).
  bool partition_guards = true;
  // The fp32 lanes of the widest vector register of the CPU the LLVM target compiles
  // for: VectorizeLoops runs a vector of no power of two lanes wider than this as
  // power-of-two pieces. Callers compiling for this process's CPU take it from
  // codegen::LoweringContext; unset, it is the widest x86's (AVX-512).
  int64_t vector_lanes = 16;
  // Creates the analyzer a pass uses (tests may inject one with extra assumptions);
  // null means a default Analyzer.
  std::function<std::unique_ptr<arith::Analyzer>()> analyzer_factory;
  // Tensors that are function arguments (placeholders and outputs) and the buffers they
  // are stored in; every other tensor must be realized inside the statement.
  std::vector<std::pair<ir::DataProducer, ir::Buffer>> arg_buffers;
  // The pipeline prints the program after each pass into its timeline (PassRecord::ir);
  // false leaves those texts empty for callers that print the passes they show
  // themselves (the GUI prints only the pass in sight).
  bool record_texts = true;

  // (inline: only passes that use an analyzer pull it in)
  std::unique_ptr<arith::Analyzer> MakeAnalyzer() const {
    if (analyzer_factory) return analyzer_factory();
    return std::make_unique<arith::Analyzer>();
  }
  // The argument buffer of a tensor: matched by identity, else by name (te tensors may
  // be re-created for the same operation); null when it is not an argument.
  ir::Buffer FindArgBuffer(const ir::DataProducer& producer) const;

  // Errors reported by passes (shared by copies of the context).
  void ReportError(std::string message) const;
  const std::vector<Error>& errors() const { return *errors_; }
  void ClearErrors() const { errors_->clear(); }

 private:
  std::shared_ptr<std::vector<Error>> errors_ = std::make_shared<std::vector<Error>>();
};

}  // namespace tessera::transform
