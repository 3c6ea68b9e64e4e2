// TirIntentToScript: a view's TensorIR intent as the schedule-script line that applies
// it, appended to a TensorIR document's script:
//   sch.split(sch.get_loops(sch.get_block("C"))[0], factors=[None, 32])
// (tile, which TVM spells as two splits and a reorder, gives those three lines.)
// Blocks are named by get_block (get_sblock in TVM 0.24+'s spelling) and loops by their
// position among get_loops of their block in the current schedule, so the line needs
// no variable of the script and reads the same in TVM. In a module of several functions
// get_block names the schedule's function (func_name=), the one the document shows.
// Only the shape of the arguments is checked here; legality is the schedule's
// (views::TirIntentProblem).
#pragma once

#include <QString>

#include "support/Result.h"
#include "tir/Schedule.h"
#include "views/Intent.h"

namespace tessera::gui {

struct TirScriptSpelling {
  QString schedule_var = "sch";
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  bool has_schedule = false;  // the script makes its schedule (`sch = tir.Schedule(...)`)
};

// The schedule variable (`sch = tir.Schedule(...)`) and the TVM spelling a script uses.
TirScriptSpelling TirSpellingOf(const QString& script);

// For a script that binds a TensorIR function or module but makes no schedule of it (a
// TVMScript file as written): the lines that make one over the last top-level
// `@T.prim_func def f`, `@I.ir_module class M` or `f = te.create_prim_func(...)`, e.g.
// "import tvm\nsch = tvm.tir.Schedule(f)\n" (tvm.s_tir in TVM 0.24+'s spelling); an
// error when the script binds none.
Result<QString> TirScheduleCreation(const QString& script, const TirScriptSpelling& spelling);

Result<QString> TirScriptLine(const tir::Schedule& sch, const views::Intent& intent,
                              const TirScriptSpelling& spelling = {});

}  // namespace tessera::gui
