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

Result<Value> MakeSet(const Interpreter& interp, const std::vector<Value>& items,
                      const SourceLoc& loc) {
  auto set = std::make_shared<SetObject>();
  for (const Value& item : items) {
    if (item.is_sequence() && item.kind() == Value::Kind::List)
      return Error("TypeError: unhashable type: 'list'", loc);
    if (!set->Find(interp, item)) set->entries->emplace_back(item, Value());
  }
  return Value::FromObject(set);
}

void RegisterSetBuiltin(Interpreter& interp) {
  interp.RegisterFunction("set", [](Interpreter& in, const CallArgs& a) -> Result<Value> {
    if (!a.keywords.empty() || a.positional.size() > 1)
      return Error("set() takes at most one positional argument", a.loc);
    if (a.positional.empty()) return MakeSet(in, {}, a.loc);
    std::vector<Value> items;
    Status st =
        in.ForEach(a.positional[0], a.positional_locs[0], [&](const Value& item) -> Result<bool> {
          items.push_back(item);
          return true;
        });
    if (!st) return st.error();
    return MakeSet(in, items, a.positional_locs[0]);
  });
}

}  // namespace tessera::script
