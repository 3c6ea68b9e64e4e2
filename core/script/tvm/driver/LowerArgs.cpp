#include "script/tvm/driver/LowerArgs.h"

#include <unordered_set>

#include "ir/Functor.h"
#include "script/tvm/te/TeObjects.h"
#include "te/Operation.h"

namespace tessera::script {

Result<LowerArgList> ParseLowerArgs(const Args& args, const std::string& param) {
  LowerArgList out;
  const Value& list = args.get(param);
  if (list.is_none()) return out;
  const std::string expected = "a list of tensors and variables (te.var)";
  if (!list.is_sequence()) return args.TypeError(param, expected);
  for (size_t k = 0; k < list.items().size(); ++k) {
    const Value& item = list.items()[k];
    if (te::Tensor t = AsTensor(item); t.defined()) {
      out.tensors.push_back(t);
      continue;
    }
    const ir::VarNode* var = item.is_expr() ? item.as_expr().as<ir::VarNode>() : nullptr;
    if (!var)
      return args.ErrorAt(param, "argument '" + param + "' must be " + expected + "; item " +
                                     std::to_string(k) + " is " + item.type_name() +
                                     (item.is_expr() ? " (an expression, not a variable)" : ""));
    for (const transform::ListedScalar& s : out.scalars)
      if (s.var.get() == var)
        return args.ErrorAt(param,
                            "argument '" + param + "' lists the variable " + var->name + " twice");
    out.scalars.push_back({ir::Var::from(item.as_expr()), k});
  }
  return out;
}

std::vector<ir::Var> VarsTheComputationReads(const schedule::Schedule& sch) {
  std::vector<ir::Var> out;
  std::unordered_set<const ir::ExprNode*> skip;
  auto collect = [&](const ir::Expr& e) {
    if (!e.defined()) return;
    ir::PostOrderVisit(e, [&](const ir::Expr& x) {
      if (x.as<ir::VarNode>() && skip.insert(x.get()).second) out.push_back(ir::Var::from(x));
    });
  };
  for (const schedule::Stage& st : sch.stages) {
    const auto* c = dynamic_cast<const te::ComputeOpNode*>(st->op.get());
    if (!c) continue;
    for (const ir::IterVar& iv : c->axis) skip.insert(iv->var.get());
    for (const ir::IterVar& iv : c->reduce_axis) skip.insert(iv->var.get());
    for (const ir::IterVar& iv : c->reduce_axis) {
      collect(iv->dom.min);
      collect(iv->dom.extent);
    }
    for (const ir::Expr& body : c->body) collect(body);
  }
  return out;
}

}  // namespace tessera::script
