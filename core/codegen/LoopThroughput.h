// LoopThroughput: a static throughput estimate for each innermost loop. LLVM's
// machine-code analyzer (libLLVMMCA, the model behind llvm-mca) runs a loop's machine
// instructions, iterated back to back, on the scheduling model of a CPU (the host's by
// default: sys::getHostCPUName) and says how many cycles one iteration takes and what
// bounds it: the busiest execution unit (port pressure), the dispatch width, or the
// dependencies between instructions (latency).
//
// The loops are the innermost loops of the machine code — the assembly's loop comments
// mark them — so one iteration is one iteration of the machine loop: when LLVM has
// unrolled or vectorised a Tessera loop, it covers several of the loop's iterations.
// Each machine loop is given to the Tessera loop most of its instructions come from
// (the loop debug locations of LoopLines.h); of several machine loops of one Tessera
// loop (a vector body and its remainder) the largest is kept.
#pragma once

#include <string>
#include <vector>

#include "codegen/LLVMBackend.h"
#include "codegen/LoopLines.h"
#include "support/Result.h"

namespace tessera::codegen {

struct ThroughputEstimate {
  double cycles_per_iteration = 0;
  int instructions = 0;          // per iteration
  int uops = 0;                  // micro-ops per iteration
  std::string bottleneck;        // "resource Zn3FP0", "dispatch width", "dependencies (latency)"
  std::string busiest_resource;  // the execution unit with the most cycles per iteration
  double busiest_cycles = 0;     // its cycles per iteration
  double dispatch_cycles = 0;    // uops / dispatch width
  std::string cpu;               // the scheduling model used
  // One line: "4.00 cycles/iteration, bound by resource Zn3FP0 (8 instructions, znver3)".
  std::string Describe() const;
};

// The estimate for `assembly` (instructions in the host's assembler syntax, one loop
// body) iterated `iterations` times. Errors: LLVM missing, an unknown CPU, a CPU without
// a scheduling model, assembly that does not parse (message with the line).
Result<ThroughputEstimate> EstimateThroughput(const std::string& assembly,
                                              const std::string& cpu = "", int iterations = 200);

struct LoopThroughput {
  int loop = 0;       // LoopLines id
  std::string stage;  // of the Tessera loop
  std::string var;
  ThroughputEstimate estimate;
};

// The innermost machine loops of `assembly` (verbose, with loop locations: EmitAssembly
// with `lines`) and their estimates, by Tessera loop in id order. Loops MCA cannot model
// are left out.
std::vector<LoopThroughput> EstimateLoopThroughput(const std::string& assembly,
                                                   const LoopLines& lines,
                                                   const std::string& cpu = "");

// EmitAssembly + the above for f on the host (or options.cpu).
Result<std::vector<LoopThroughput>> EstimateLoopThroughput(const transform::PrimFunc& f,
                                                           const LLVMOptions& options = {});

}  // namespace tessera::codegen
