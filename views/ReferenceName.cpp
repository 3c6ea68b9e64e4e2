#include "views/ReferenceName.h"

#include <QCoreApplication>

#include "script/Evaluator.h"

namespace tessera::views {
namespace {

QString Tr(const char* text) { return QCoreApplication::translate("ReferenceName", text); }

bool ByInterpreter(const DocumentState& state) {
  const script::ScriptProgram* p = state.program.get();
  return p && p->is_tensorir() && p->tir_te_args.empty();
}

}  // namespace

QString ReferenceName(const DocumentState& state) {
  return ByInterpreter(state) ? Tr("the unscheduled function (IR interpreter)")
                              : Tr("the te oracle");
}

QString AgreesWithReference(const DocumentState& state) {
  return ByInterpreter(state) ? Tr("agrees with the unscheduled function (IR interpreter)")
                              : Tr("agrees with the te oracle");
}

}  // namespace tessera::views
