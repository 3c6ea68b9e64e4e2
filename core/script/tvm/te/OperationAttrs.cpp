#include "script/tvm/te/OperationAttrs.h"

#include <map>
#include <memory>

#include "script/lang/InterpreterState.h"

namespace tessera::script {

namespace {

constexpr const char* kOperationAttrsKey = "<operation attrs>";

// op -> (the op, kept alive so its address is not reused; its attrs dict)
using OperationAttrTable = std::map<const void*, std::pair<te::Operation, Value>>;

Status CheckAttrValue(const Value& v, const SourceLoc& loc) {
  if (v.is_sequence()) {
    for (const Value& item : v.items())
      if (Status st = CheckAttrValue(item, loc); !st) return st;
    return Status::Ok();
  }
  if (v.is_none() || v.is_number() || v.is_string() || v.is_expr() || v.is_object())
    return Status::Ok();
  return Error("attrs: unsupported value of type " + v.type_name(), loc);
}

}  // namespace

Status SetOperationAttrs(Interpreter& interp, const te::Operation& op, const Value& attrs,
                         const SourceLoc& param_loc) {
  if (attrs.is_none()) return Status::Ok();
  auto* dict = attrs.as<DictObject>();
  if (!dict)
    return Error("attrs must be a dict with string keys, not " + attrs.type_name(), param_loc);
  auto copy = std::make_shared<DictObject>();
  for (const auto& [key, value] : *dict->entries) {
    if (!key.is_string())
      return Error("attrs: keys must be strings, not " + key.type_name(), param_loc);
    if (Status st = CheckAttrValue(value, param_loc); !st) return st;
    copy->entries->emplace_back(key, value);
  }
  InterpreterState<OperationAttrTable>(interp, kOperationAttrsKey)[op.get()] = {
      op, Value::FromObject(copy)};
  return Status::Ok();
}

Value OperationAttrs(const Interpreter& interp, const te::Operation& op) {
  if (auto* table = FindInterpreterState<OperationAttrTable>(interp, kOperationAttrsKey))
    if (auto it = table->find(op.get()); it != table->end()) {
      // A copy: TVM's attrs map is immutable, so `op.attrs[k] = v` changes no operation.
      auto copy = std::make_shared<DictObject>();
      *copy->entries = *it->second.second.as<DictObject>()->entries;
      return Value::FromObject(copy);
    }
  return Value::FromObject(std::make_shared<DictObject>());
}

}  // namespace tessera::script
