#include "layout/IndexMapInverse.h"

#include <algorithm>
#include <map>
#include <set>

#include "ir/ExprOp.h"

namespace tessera::layout {

using namespace ir;

namespace {

// sum(coef[v] * v) + offset over the map's initial variables.
struct Affine {
  std::map<const VarNode*, int64_t> coef;
  int64_t offset = 0;
  bool operator==(const Affine&) const = default;
};

std::optional<Affine> ToAffine(const Expr& e, const std::set<const VarNode*>& vars, int depth = 0) {
  if (depth > 64) return std::nullopt;
  if (auto* i = e.as<IntImmNode>()) return Affine{{}, i->value};
  if (auto* v = e.as<VarNode>()) {
    if (!vars.count(v)) return std::nullopt;
    return Affine{{{v, 1}}, 0};
  }
  auto* b = e.as<BinaryNode>();
  if (!b) return std::nullopt;
  if (b->kind == ExprKind::Add || b->kind == ExprKind::Sub) {
    auto x = ToAffine(b->a, vars, depth + 1), y = ToAffine(b->b, vars, depth + 1);
    if (!x || !y) return std::nullopt;
    int64_t sign = b->kind == ExprKind::Add ? 1 : -1;
    for (auto& [v, c] : y->coef) x->coef[v] += sign * c;
    x->offset += sign * y->offset;
    std::erase_if(x->coef, [](const auto& kv) { return kv.second == 0; });
    return x;
  }
  if (b->kind == ExprKind::Mul) {
    auto x = ToAffine(b->a, vars, depth + 1), y = ToAffine(b->b, vars, depth + 1);
    if (!x || !y) return std::nullopt;
    if (!x->coef.empty() && !y->coef.empty()) return std::nullopt;  // not linear
    if (x->coef.empty()) std::swap(x, y);
    int64_t k = y->offset;
    for (auto& [v, c] : x->coef) c *= k;
    x->offset *= k;
    std::erase_if(x->coef, [](const auto& kv) { return kv.second == 0; });
    return x;
  }
  return std::nullopt;
}

// Physical index `out` equals floordiv(floormod(e, M), D); M == 0 means unbounded.
struct Digit {
  size_t out = 0;
  Affine e;
  int64_t D = 1;
  int64_t M = 0;
};

std::optional<int64_t> PositiveConst(const Expr& e) {
  auto* v = as_const_int(e);
  if (!v || *v <= 0) return std::nullopt;
  return *v;
}

std::optional<Digit> ToDigit(size_t out, const Expr& f, const std::set<const VarNode*>& vars) {
  Digit d;
  d.out = out;
  Expr inner = f;
  if (f.kind() == ExprKind::FloorDiv) {
    auto* b = f.as<BinaryNode>();
    auto D = PositiveConst(b->b);
    if (!D) return std::nullopt;
    d.D = *D;
    inner = b->a;
    if (inner.kind() == ExprKind::FloorMod) {
      auto* m = inner.as<BinaryNode>();
      auto M = PositiveConst(m->b);
      if (!M) return std::nullopt;
      d.M = *M;
      inner = m->a;
    }
  } else if (f.kind() == ExprKind::FloorMod) {
    auto* b = f.as<BinaryNode>();
    auto R = PositiveConst(b->b);
    if (!R) return std::nullopt;
    inner = b->a;
    d.M = *R;
    if (inner.kind() == ExprKind::FloorDiv) {
      // floormod(floordiv(e, D), R) == floordiv(floormod(e, D*R), D)
      auto* q = inner.as<BinaryNode>();
      auto D = PositiveConst(q->b);
      if (!D) return std::nullopt;
      d.D = *D;
      d.M = *D * *R;
      inner = q->a;
    }
  }
  auto e = ToAffine(inner, vars);
  if (!e || e->coef.empty()) return std::nullopt;
  d.e = *e;
  return d;
}

std::set<const VarNode*> InitialVarSet(const IndexMap& map) {
  std::set<const VarNode*> vars;
  for (auto& v : map->initial_indices) vars.insert(static_cast<const VarNode*>(v.get()));
  return vars;
}

// Digits grouped by their affine expression, each group sorted by D (inner first).
std::optional<std::vector<std::vector<Digit>>> GroupDigits(const IndexMap& map) {
  auto vars = InitialVarSet(map);
  std::vector<std::vector<Digit>> groups;
  for (size_t k = 0; k < map->final_indices.size(); ++k) {
    auto d = ToDigit(k, map->final_indices[k], vars);
    if (!d) return std::nullopt;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const std::vector<Digit>& g) { return g.front().e == d->e; });
    if (it == groups.end())
      groups.push_back({*d});
    else
      it->push_back(*d);
  }
  for (auto& g : groups)
    std::sort(g.begin(), g.end(), [](const Digit& a, const Digit& b) { return a.D < b.D; });
  return groups;
}

std::string GroupBaseName(const std::vector<Digit>& g) {
  std::vector<std::pair<int64_t, std::string>> parts;  // by coefficient, outer first
  for (auto& [v, c] : g.front().e.coef) parts.emplace_back(-std::abs(c), v->name);
  std::sort(parts.begin(), parts.end());
  std::string name;
  for (auto& [c, n] : parts) name += (name.empty() ? "" : "_") + n;
  return name;
}

Expr AffineToExpr(const Affine& a, const std::map<const VarNode*, Var>& var_of) {
  Expr sum;
  for (auto& [v, c] : a.coef) {
    Expr term = mul(var_of.at(v), make_const(var_of.at(v).dtype(), c));
    sum = sum.defined() ? add(sum, term) : term;
  }
  return add(sum, make_const(sum.dtype(), a.offset));
}

}  // namespace

std::vector<std::string> PhysicalIndexNames(const IndexMap& map) {
  size_t n = map->final_indices.size();
  std::vector<std::string> names(n);
  auto groups = GroupDigits(map);
  if (groups) {
    for (auto& g : *groups) {
      std::string base = GroupBaseName(g);
      if (g.size() == 1) {
        names[g[0].out] = base;
      } else if (g.size() == 2) {
        names[g[1].out] = base + "o";  // larger D = outer digit
        names[g[0].out] = base + "i";
      } else {
        for (size_t k = 0; k < g.size(); ++k)
          names[g[g.size() - 1 - k].out] = base + std::to_string(k);
      }
    }
  }
  std::set<std::string> used;
  for (size_t k = 0; k < n; ++k) {
    if (names[k].empty()) names[k] = "ax" + std::to_string(k);
    std::string unique = names[k];
    for (int s = 1; used.count(unique); ++s) unique = names[k] + "_" + std::to_string(s);
    used.insert(unique);
    names[k] = unique;
  }
  return names;
}

std::optional<IndexMapInverse> InvertIndexMap(const IndexMap& map,
                                              const std::vector<Expr>& logical_shape,
                                              arith::Analyzer& analyzer) {
  if (map->initial_indices.size() != logical_shape.size()) return std::nullopt;
  auto groups = GroupDigits(map);
  if (!groups) return std::nullopt;

  IndexMapInverse inv;
  auto names = PhysicalIndexNames(map);
  for (size_t k = 0; k < names.size(); ++k)
    inv.physical_vars.emplace_back(names[k], map->final_indices[k].dtype());

  std::map<const VarNode*, size_t> position;  // initial var -> logical dimension
  for (size_t k = 0; k < map->initial_indices.size(); ++k)
    position[static_cast<const VarNode*>(map->initial_indices[k].get())] = k;
  for (size_t k = 0; k < logical_shape.size(); ++k)
    analyzer.Bind(map->initial_indices[k],
                  Range(make_zero(logical_shape[k].dtype()), logical_shape[k]), true);

  std::vector<Expr> solved(logical_shape.size());
  Expr exact = make_bool(true);
  std::map<const VarNode*, Var> initial_var;
  for (auto& v : map->initial_indices) initial_var[static_cast<const VarNode*>(v.get())] = v;

  for (auto& g : *groups) {
    // The digits must tile e's value range: D_1 = 1, M_k = D_{k+1}, last unbounded.
    if (g.front().D != 1) return std::nullopt;
    for (size_t k = 0; k + 1 < g.size(); ++k)
      if (g[k].M != g[k + 1].D) return std::nullopt;
    if (g.back().M != 0) {
      // A bounded top digit is fine only when e never reaches M (no wrap-around).
      Expr e = AffineToExpr(g.front().e, initial_var);
      if (!analyzer.CanProveLess(e, g.back().M) || !analyzer.CanProveGreaterEqual(e, 0))
        return std::nullopt;
    }
    Expr E;
    for (auto& d : g) {
      Expr term = mul(inv.physical_vars[d.out], make_const(inv.physical_vars[d.out].dtype(), d.D));
      E = E.defined() ? add(E, term) : term;
    }
    const Affine& a = g.front().e;
    Expr rest = sub(E, make_const(E.dtype(), a.offset));  // = sum(coef * v)

    if (a.coef.size() == 1) {
      auto [v, c] = *a.coef.begin();
      size_t pos = position.at(v);
      if (solved[pos].defined()) return std::nullopt;
      Expr r = c < 0 ? sub(make_zero(rest.dtype()), rest) : rest;
      int64_t m = std::abs(c);
      if (m == 1) {
        solved[pos] = r;
      } else {
        solved[pos] = floordiv(r, make_const(r.dtype(), m));
        exact = logical_and(exact, eq(floormod(r, make_const(r.dtype(), m)), make_zero(r.dtype())));
      }
      continue;
    }
    // Several variables: a mixed radix with positive coefficients c_1 < c_2 < ... where
    // c_{k+1} = c_k * extent_k.
    std::vector<std::pair<int64_t, const VarNode*>> terms;
    for (auto& [v, c] : a.coef) {
      if (c <= 0) return std::nullopt;
      terms.emplace_back(c, v);
    }
    std::sort(terms.begin(), terms.end());
    for (size_t k = 0; k + 1 < terms.size(); ++k) {
      Expr extent = logical_shape[position.at(terms[k].second)];
      Expr radix = mul(make_const(extent.dtype(), terms[k].first), extent);
      if (!analyzer.CanProveEqual(radix, make_const(extent.dtype(), terms[k + 1].first)))
        return std::nullopt;
    }
    if (terms.front().first > 1) {
      Expr c1 = make_const(rest.dtype(), terms.front().first);
      exact = logical_and(exact, eq(floormod(rest, c1), make_zero(rest.dtype())));
    }
    for (size_t k = 0; k < terms.size(); ++k) {
      size_t pos = position.at(terms[k].second);
      if (solved[pos].defined()) return std::nullopt;
      Expr q =
          terms[k].first == 1 ? rest : floordiv(rest, make_const(rest.dtype(), terms[k].first));
      solved[pos] = k + 1 < terms.size() ? floormod(q, logical_shape[pos]) : q;
    }
  }
  for (auto& s : solved)
    if (!s.defined()) return std::nullopt;  // a logical index the map drops: not injective
  inv.logical_of = std::move(solved);
  inv.exact_condition = exact;
  return inv;
}

}  // namespace tessera::layout
