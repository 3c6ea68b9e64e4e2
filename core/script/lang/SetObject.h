// Python's set, as TVM's tests use it (`set(s.groups) == set([g1, g2])`): built by
// set(iterable), a display `{a, b}` or a comprehension `{k for k, *_ in xs}`, with len,
// `in`, iteration and truth through its dict base (a set is the keys of a dict), and ==
// as set equality.
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

struct SetObject : DictObject {
  std::string type_name() const override { return "set"; }
  // Only Object's attributes: a set has no keys() / values() / get().
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
  // Python's a == b for two sets: the same elements.
  static bool Equal(const Interpreter& interp, const SetObject& a, const SetObject& b);
};

// The set of `items` (duplicates once); a list item is unhashable, an error at `loc`.
Result<Value> MakeSet(const Interpreter& interp, const std::vector<Value>& items,
                      const SourceLoc& loc);

// Registers the set() built-in.
void RegisterSetBuiltin(Interpreter& interp);

}  // namespace tessera::script
