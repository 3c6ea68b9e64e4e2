#include "views/Intent.h"

namespace tessera::views {

QString Intent::describe() const {
  QStringList args;
  if (!stage.isEmpty()) args << stage;
  args << iterVars;
  for (auto it = params.cbegin(); it != params.cend(); ++it)
    args << it.key() + "=" + it.value().toString();
  return primitive + "(" + args.join(", ") + ")";
}

}  // namespace tessera::views
