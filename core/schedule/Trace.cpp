#include "schedule/Trace.h"

#include "ir/Functor.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"

namespace tessera::schedule {

bool TraceLambda::operator==(const TraceLambda& other) const {
  if (params.size() != other.params.size() || body.size() != other.body.size()) return false;
  ir::VarMap rename;
  for (size_t k = 0; k < params.size(); ++k) rename[other.params[k]] = params[k];
  // Tensors a lambda reads (a pad value reading its own buffer) are named, like
  // everything else in a trace: two evaluations of a script create different tensor
  // objects, so loads also match by their printed form.
  for (size_t k = 0; k < body.size(); ++k) {
    ir::Expr theirs = ir::Substitute(other.body[k], rename);
    if (!ir::StructuralEqual(body[k], theirs) && ir::to_string(body[k]) != ir::to_string(theirs))
      return false;
  }
  return true;
}

namespace {

std::string LambdaText(const TraceLambda& l) {
  std::string s;
  if (!l.params.empty()) {
    s = "lambda";
    for (size_t k = 0; k < l.params.size(); ++k) s += (k ? ", " : " ") + l.params[k].name();
    s += ": ";
  }
  if (l.body.size() == 1 && l.params.empty()) return s + ir::to_string(l.body[0]);
  std::string items;
  for (size_t k = 0; k < l.body.size(); ++k) items += (k ? ", " : "") + ir::to_string(l.body[k]);
  return s + (l.body.size() == 1 ? items : "[" + items + "]");
}

}  // namespace

std::string to_string(const TraceEntry& entry) {
  std::string s = entry.primitive + "(" + entry.stage.name;
  for (const StageRef& st : entry.stages) s += ", " + st.name;
  for (const IterVarRef& iv : entry.iter_vars) s += ", " + iv.name;
  for (const auto& [key, value] : entry.ints) s += ", " + key + "=" + std::to_string(value);
  for (const auto& [key, value] : entry.strings) s += ", " + key + "=\"" + value + "\"";
  for (const auto& [key, value] : entry.lambdas) s += ", " + key + "=" + LambdaText(value);
  for (const auto& [key, values] : entry.int_lists) {
    s += ", " + key + "=[";
    for (size_t k = 0; k < values.size(); ++k) s += (k ? ", " : "") + std::to_string(values[k]);
    s += "]";
  }
  s += ")";
  if (!entry.outputs.empty()) {
    s += " ->";
    for (size_t i = 0; i < entry.outputs.size(); ++i) s += (i ? ", " : " ") + entry.outputs[i];
  }
  return s;
}

}  // namespace tessera::schedule
