// The commands of tessera-cli on a TensorIR document: a script whose last schedule is a
// tir.Schedule / s_tir.Schedule (ScriptProgram::is_tensorir()). Each command checks its
// own options first, loads the script, and hands a TensorIR document to these:
//   lower    the scheduled function through transform::LowerTensorIR and the pipeline
//            (--target cuda: then the GPU passes, as for te documents)
//   bounds   per block, what one iteration of each enclosing loop reads and writes
//            (tir/RegionAnalysis.h), as text or --json
//   run      the kernel on random inputs (--target llvm, cuda, or cuda-emulator: the CUDA
//            kernels on the CPU emulation, reference/TirEmulatorCheck.h); --check
//            compares with the te oracle (a function from te.create_prim_func) or the
//            unscheduled function run by the interpreter
//   profile  the kernel timed (--target llvm or cuda)
//   export   tir (the trace replayed as a runnable TVM program) and tvmscript (the
//            scheduled module printed as TVM prints it), in the spelling of --tvm
#pragma once

#include <ostream>
#include <string>

#include "CliCommon.h"
#include "script/Evaluator.h"
#include "script/export/TirExport.h"

namespace tessera::cli {

int TensorIRLower(const script::ScriptProgram& program, const ParsedArgs& args, std::ostream& out,
                  std::ostream& err);
int TensorIRBounds(const script::ScriptProgram& program, const ParsedArgs& args, std::ostream& out,
                   std::ostream& err);
int TensorIRRun(const script::ScriptProgram& program, const ParsedArgs& args, std::ostream& out,
                std::ostream& err);
int TensorIRProfile(const script::ScriptProgram& program, const ParsedArgs& args, std::ostream& out,
                    std::ostream& err);
// `format`: tir, tvmscript, c, cuda, ptx, llvm or asm; the others are refused with a
// sentence.
// The text goes to `text` (the caller writes it where -o says).
int TensorIRExport(const script::ScriptProgram& program, const std::string& format,
                   script::TvmVersion version, std::string* text, std::ostream& err);
// What a command that has no TensorIR form says (layout, tune, measure): exit kUnavailable.
int TensorIRNotSupported(const std::string& command, const script::ScriptProgram& program,
                         const std::string& instead, std::ostream& err);

}  // namespace tessera::cli
