#include "te/CommReducer.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::te {

namespace {

std::string What(const std::string& name) { return "comm_reducer '" + name + "'"; }

// A numeric constant converted to `t`; other expressions unchanged.
Expr ConvertConstant(const Expr& e, DataType t) {
  if (e.dtype() == t) return e;
  if (const int64_t* v = ir::as_const_int(e)) return ir::make_const(t, *v);
  if (auto* f = e.as<ir::FloatImmNode>()) return ir::make_const(t, f->value);
  return e;
}

// The identity is what the accumulator starts from, before any combination: it cannot
// read the reducer's own arguments. Other free variables (an axis of the enclosing
// compute, a shape variable) are allowed in both functions, as in TVM, where they are the
// compute's variables and every pass that renames those renames them in the reducer too.
Status CheckIdentityReadsNoArgument(const Expr& e, const std::vector<Var>& lhs,
                                    const std::vector<Var>& rhs, const std::string& what) {
  std::string stray;
  ir::PostOrderVisit(e, [&](const Expr& x) {
    auto* v = x.as<ir::VarNode>();
    if (!v || !stray.empty()) return;
    for (const std::vector<Var>* vars : {&lhs, &rhs})
      for (const Var& known : *vars)
        if (known.get() == v) stray = v->name;
  });
  if (!stray.empty())
    return Error(what + " reads '" + stray +
                 "', an argument of the combine function (the identity is the value the "
                 "accumulator starts from)");
  return Status::Ok();
}

}  // namespace

Result<ir::CommReducer> MakeCommReducer(std::string name, std::vector<Var> lhs,
                                        std::vector<Var> rhs, std::vector<Expr> result,
                                        std::vector<Expr> identity) {
  const std::string what = What(name);
  size_t n = lhs.size();
  if (n == 0) return Error(what + " has no value to reduce");
  if (rhs.size() != n) return Error(what + ": the two arguments have different sizes");
  if (result.size() != n)
    return Error(what + ": the combine function returns " + std::to_string(result.size()) +
                 " value" + (result.size() == 1 ? "" : "s") + " for " + std::to_string(n) +
                 " reduced value" + (n == 1 ? "" : "s"));
  if (identity.size() != n)
    return Error(what + ": the identity function returns " + std::to_string(identity.size()) +
                 " value" + (identity.size() == 1 ? "" : "s") + " for " + std::to_string(n) +
                 " reduced value" + (n == 1 ? "" : "s"));
  for (size_t i = 0; i < n; ++i) {
    DataType t = lhs[i].dtype();
    std::string value = n == 1 ? "" : " " + std::to_string(i);
    if (!result[i].defined() || !identity[i].defined())
      return Error(what + ": value" + value + " is undefined");
    if (result[i].dtype() != t)
      return Error(what + ": value" + value + " of the combine function is " +
                   result[i].dtype().str() + " but the reduced value is " + t.str());
    identity[i] = ConvertConstant(identity[i], t);
    if (identity[i].dtype() != t)
      return Error(what + ": identity" + value + " is " + identity[i].dtype().str() +
                   " but the reduced value is " + t.str());
    if (Status s = CheckIdentityReadsNoArgument(identity[i], lhs, rhs, what + ": the identity"); !s)
      return s.error();
  }
  auto r = std::make_shared<ir::CommReducerNode>();
  r->name = std::move(name);
  r->lhs = std::move(lhs);
  r->rhs = std::move(rhs);
  r->result = std::move(result);
  r->identity = std::move(identity);
  return ir::CommReducer(std::move(r));
}

Result<std::vector<Expr>> MakeReductions(const ir::CommReducer& reducer, std::vector<Expr> source,
                                         std::vector<IterVar> axes, Expr where) {
  const std::string what = What(reducer->name);
  size_t n = reducer->lhs.size();
  if (source.size() != n)
    return Error(what + " reduces " + std::to_string(n) + " value" + (n == 1 ? "" : "s") +
                 ", given " + std::to_string(source.size()));
  for (size_t i = 0; i < n; ++i) {
    if (!source[i].defined()) return Error(what + ": the reduced value is undefined");
    if (source[i].dtype() != reducer->lhs[i].dtype())
      return Error(what + ": reduced value " + std::to_string(i) + " is " +
                   source[i].dtype().str() + " but the reducer was made for " +
                   reducer->lhs[i].dtype().str());
  }
  if (axes.empty()) return Error(what + " needs at least one reduce axis");
  for (const IterVar& iv : axes)
    if (!iv || iv->iter_type != ir::IterVarType::CommReduce)
      return Error(what + ": axis '" + (iv ? iv->var.name() : std::string("?")) +
                   "' is not a reduce axis (create it with te.reduce_axis)");
  if (where.defined() && !where.dtype().is_bool())
    return Error(what + ": where= must be a boolean condition");
  if (!where.defined()) where = ir::make_bool(true);
  std::vector<Expr> out;
  for (size_t i = 0; i < n; ++i)
    out.push_back(ir::MakeReduce(reducer, source, axes, where, static_cast<int>(i)));
  return out;
}

std::vector<Expr> Combine(const ir::CommReducer& reducer, const std::vector<Expr>& a,
                          const std::vector<Expr>& b) {
  ir::VarMap vmap;
  for (size_t i = 0; i < reducer->lhs.size() && i < a.size() && i < b.size(); ++i) {
    vmap[reducer->lhs[i]] = a[i];
    vmap[reducer->rhs[i]] = b[i];
  }
  std::vector<Expr> out;
  for (const Expr& r : reducer->result) out.push_back(ir::Substitute(r, vmap));
  return out;
}

}  // namespace tessera::te
