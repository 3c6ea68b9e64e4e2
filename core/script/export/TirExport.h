// TirExport: a Tessera tensor-expression schedule written as a TensorIR schedule program
// for TVM >= 0.20, which has no te.create_schedule. The program is the te definition,
// `te.create_prim_func` over the arguments in order, the Trace replayed as `tir.Schedule` /
// `s_tir.Schedule` calls, a build, a run on random data and a comparison with the unscheduled
// prim_func, so a TVM user can run it as it is. A schedule TensorIR cannot express (te.scan, extern
// ops, set_store_predicate, create_group, ...) is an error located in the script.
#pragma once

#include <string>
#include <string_view>

#include "script/Evaluator.h"
#include "support/Result.h"

namespace tessera::script {

// The TVM release a program is written for: 0.20 .. 0.26 (the spellings changed at 0.21,
// 0.22 and 0.24; TirExportProgram.cpp lists them).
struct TvmVersion {
  int minor = 26;
};

// "0.20" .. "0.26" (also "0.20.0", "v0.26"); an error naming the accepted range otherwise.
Result<TvmVersion> ParseTvmVersion(const std::string& text);

// The whole TensorIR program of `program` for `version`; an error located at the
// construct that has no TensorIR equivalent. `source`: the script's text, which locates
// it (ScriptProgram keeps the text of structured scripts only). A TensorIR document's
// program is ExportTensorIRDocument's (TirDocumentExport.h).
Result<std::string> ExportTirProgram(const ScriptProgram& program, TvmVersion version = {},
                                     std::string_view source = {});

// `program` as a TensorIR document to go on scheduling (the application's File ▸ Open as
// TensorIR): the te definition, te.create_prim_func over its arguments and its schedule
// replayed as TensorIR primitives, without ExportTirProgram's build, run and check; the
// same refusals.
Result<std::string> TensorIRDocumentText(const ScriptProgram& program, TvmVersion version = {},
                                         std::string_view source = {});

}  // namespace tessera::script
