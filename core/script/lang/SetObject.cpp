#include "script/lang/SetObject.h"

#include <memory>

namespace tessera::script {

Result<Value> SetObject::GetAttr(Interpreter& interp, const std::string& name,
                                 const SourceLoc& loc) const {
  return Object::GetAttr(interp, name, loc);
}

Result<Value> SetObject::Subscript(Interpreter&, const std::vector<Value>&,
                                   const std::vector<SourceLoc>&, const SourceLoc& loc) const {
  return Error("TypeError: 'set' object is not subscriptable", loc);
}

bool SetObject::Equal(const Interpreter& interp, const SetObject& a, const SetObject& b) {
  if (a.entries->size() != b.entries->size()) return false;
  for (const auto& [item, unused] : *a.entries)
    if (!b.Find(interp, item)) return false;
  return true;
}

void RegisterSetBuiltin(Interpreter& interp) {
  interp.RegisterFunction("set", [](Interpreter& in, const CallArgs& a) -> Result<Value> {
    if (!a.keywords.empty() || a.positional.size() > 1)
      return Error("set() takes at most one positional argument", a.loc);
    auto set = std::make_shared<SetObject>();
    if (a.positional.empty()) return Value::FromObject(set);
    Status st =
        in.ForEach(a.positional[0], a.positional_locs[0], [&](const Value& item) -> Result<bool> {
          if (item.is_sequence() && item.kind() == Value::Kind::List)
            return Error("TypeError: unhashable type: 'list'", a.positional_locs[0]);
          if (!set->Find(in, item)) set->entries->emplace_back(item, Value());
          return true;
        });
    if (!st) return st.error();
    return Value::FromObject(set);
  });
}

}  // namespace tessera::script
