#include "script/tvm/tir/TirAnnotationValue.h"

#include <map>
#include <string>
#include <vector>

#include "ir/ExprOp.h"
#include "script/lang/Interpreter.h"
#include "tir/Stmt.h"

namespace tessera::script {

std::optional<ir::Expr> TirAnnotationValue(const Value& v) {
  if (v.is_string()) return ir::StringImm(v.as_string());
  if (const auto* dict = v.as<DictObject>()) {
    std::map<std::string, ir::Expr> entries;
    for (const auto& [key, value] : *dict->entries) {
      std::optional<ir::Expr> x = key.is_string() ? TirAnnotationValue(value) : std::nullopt;
      if (!x) return std::nullopt;
      entries[key.as_string()] = *x;
    }
    return tir::MakeAnnotationDict(entries);
  }
  if (!v.is_sequence()) return ToExpr(v);
  std::vector<ir::Expr> items;
  for (const Value& item : v.items()) {
    std::optional<ir::Expr> x = TirAnnotationValue(item);
    if (!x) return std::nullopt;
    items.push_back(*x);
  }
  return tir::MakeAnnotationList(std::move(items));
}

}  // namespace tessera::script
