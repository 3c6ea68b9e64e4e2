#include "views/ReferenceName.h"

#include <QCoreApplication>

#include "script/Evaluator.h"

namespace tessera::views {
namespace {

struct ReferenceNameText {
  Q_DECLARE_TR_FUNCTIONS(ReferenceName)
};

bool ByInterpreter(const DocumentState& state) {
  const script::ScriptProgram* p = state.program.get();
  return p && p->is_tensorir() && p->tir_te_args.empty();
}

}  // namespace

QString ReferenceName(const DocumentState& state) {
  return ByInterpreter(state) ? ReferenceNameText::tr("the unscheduled function (IR interpreter)")
                              : ReferenceNameText::tr("the te oracle");
}

QString AgreesWithReference(const DocumentState& state) {
  return ByInterpreter(state)
             ? ReferenceNameText::tr("agrees with the unscheduled function (IR interpreter)")
             : ReferenceNameText::tr("agrees with the te oracle");
}

}  // namespace tessera::views
