#include "tir/IndexMap.h"

#include <algorithm>
#include <map>
#include <optional>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "support/Json.h"
#include "support/JsonReader.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"

namespace tessera::tir {

using ir::DataType;
using ir::Expr;
using ir::Var;

namespace index_map_detail {

constexpr int64_t kUnbounded = -1;

// `((v + offset) // lower) % extent * scale` of initial index `var`; an unbounded extent
// is the outermost split. An offset (RFC 0077's `(i + 2) // 8`) places the index that far
// into the transformed buffer, the cells before it padding.
struct SplitTerm {
  size_t var = 0;
  int64_t lower = 1, extent = kUnbounded, scale = 1, offset = 0;
};

struct AffineIndex {
  std::vector<SplitTerm> terms;
  int64_t base = 0;
};

std::optional<int64_t> ConstOf(const Expr& e) {
  if (const int64_t* c = ir::as_const_int(e)) return *c;
  return std::nullopt;
}

// `v + c` (c > 0) about to be split: the split is of v shifted by c.
void Shift(AffineIndex* a) {
  if (a->terms.size() != 1 || a->base <= 0) return;
  SplitTerm& t = a->terms[0];
  if (t.scale != 1 || t.lower != 1 || t.extent != kUnbounded || t.offset != 0) return;
  t.offset = a->base;
  a->base = 0;
}

std::optional<AffineIndex> Parse(const Expr& e, const std::vector<Var>& vars) {
  using K = ir::ExprKind;
  if (auto c = ConstOf(e)) return AffineIndex{{}, *c};
  if (e.kind() == K::Var) {
    for (size_t k = 0; k < vars.size(); ++k) {
      if (vars[k].same_as(e)) return AffineIndex{{SplitTerm{k, 1, kUnbounded, 1}}, 0};
    }
    return std::nullopt;
  }
  const auto* bin = e.as<ir::BinaryNode>();
  if (!bin) return std::nullopt;
  auto a = Parse(bin->a, vars);
  if (!a) return std::nullopt;
  auto b = Parse(bin->b, vars);
  if (!b) return std::nullopt;
  auto constant = [](const AffineIndex& x) { return x.terms.empty(); };
  auto single = [](const AffineIndex& x) {
    return x.terms.size() == 1 && x.base == 0 && x.terms[0].scale == 1;
  };
  switch (e.kind()) {
    case K::Add:
      a->terms.insert(a->terms.end(), b->terms.begin(), b->terms.end());
      a->base += b->base;
      return a;
    case K::Sub:
      if (!constant(*b)) return std::nullopt;
      a->base -= b->base;
      return a;
    case K::Mul: {
      if (constant(*a)) std::swap(a, b);
      if (!constant(*b) || b->base <= 0) return std::nullopt;
      for (SplitTerm& t : a->terms) t.scale *= b->base;
      a->base *= b->base;
      return a;
    }
    case K::FloorDiv: {
      Shift(&*a);
      if (!single(*a) || !constant(*b) || b->base <= 0) return std::nullopt;
      SplitTerm& t = a->terms[0];
      if (t.extent != kUnbounded) {
        if (t.extent % b->base != 0) return std::nullopt;
        t.extent /= b->base;
      }
      t.lower *= b->base;
      return a;
    }
    case K::FloorMod: {
      Shift(&*a);
      if (!single(*a) || !constant(*b) || b->base <= 0) return std::nullopt;
      SplitTerm& t = a->terms[0];
      if (t.extent != kUnbounded && t.extent % b->base != 0) return std::nullopt;
      t.extent = b->base;
      return a;
    }
    default:
      return std::nullopt;
  }
}

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

Error CannotInvert(const IndexMap& map, const std::string& why) {
  return ScheduleError("TVMError", "Could not parse mapping " + IndexMapAsPython(map) +
                                       " as sum of iterators: " + why);
}

Expr I32(int64_t v) { return ir::make_const(DataType::Int(32), v); }

struct Analysis {
  std::vector<AffineIndex> indices;
  std::vector<int64_t> extents;  // of each final index
  std::vector<int64_t> offsets;  // of each initial index (0: none)
};

Result<std::vector<int64_t>> ConstShape(const IndexMap& map, const std::vector<Expr>& shape) {
  if (shape.size() != map->initial_indices.size()) {
    return ScheduleError("ValueError", "The index map " + IndexMapAsPython(map) + " takes " +
                                           std::to_string(map->initial_indices.size()) +
                                           " indices, but the buffer has " +
                                           std::to_string(shape.size()) + " dimensions");
  }
  std::vector<int64_t> out;
  for (const Expr& dim : shape) {
    auto c = ConstOf(dim);
    if (!c || *c <= 0) {
      return CannotInvert(map, "the buffer's shape is not constant (" + ExprToTVMScript(dim) + ")");
    }
    out.push_back(*c);
  }
  return out;
}

Result<Analysis> Analyze(const IndexMap& map, const std::vector<int64_t>& n) {
  Analysis a;
  a.offsets.assign(n.size(), -1);
  std::vector<std::vector<SplitTerm>> by_var(n.size());
  for (const Expr& e : map->final_indices) {
    auto parsed = Parse(e, map->initial_indices);
    if (!parsed) {
      return CannotInvert(map, ExprToTVMScript(e) + " is not a sum of splits of the indices");
    }
    for (SplitTerm& t : parsed->terms) {
      int64_t& offset = a.offsets[t.var];
      if (offset >= 0 && offset != t.offset) {
        return CannotInvert(map, "the splits of " + map->initial_indices[t.var].name() +
                                     " shift it by different offsets");
      }
      offset = t.offset;
      int64_t n_v = n[t.var] + t.offset;
      if (t.extent == kUnbounded || t.lower * t.extent >= n_v) t.extent = CeilDiv(n_v, t.lower);
      by_var[t.var].push_back(t);
    }
    std::vector<SplitTerm> sorted = parsed->terms;
    std::sort(sorted.begin(), sorted.end(),
              [](const SplitTerm& x, const SplitTerm& y) { return x.scale < y.scale; });
    int64_t expect = 1;
    for (const SplitTerm& t : sorted) {
      if (t.scale != expect) {
        return CannotInvert(map, ExprToTVMScript(e) + " is not a fusion of whole iterators");
      }
      expect = t.scale * t.extent;
    }
    if (parsed->base != 0) {
      return CannotInvert(map, ExprToTVMScript(e) + " has an offset");
    }
    a.extents.push_back(sorted.empty() ? 1 : expect);
    a.indices.push_back(std::move(*parsed));
  }
  for (int64_t& offset : a.offsets) offset = std::max<int64_t>(offset, 0);
  for (size_t v = 0; v < n.size(); ++v) {
    std::vector<SplitTerm>& splits = by_var[v];
    const std::string name = map->initial_indices[v].name();
    if (splits.empty()) {
      if (n[v] == 1) continue;
      return ScheduleError("TVMError", "The index map " + IndexMapAsPython(map) +
                                           " is not injective: it does not use " + name);
    }
    std::sort(splits.begin(), splits.end(),
              [](const SplitTerm& x, const SplitTerm& y) { return x.lower < y.lower; });
    int64_t expect = 1;
    for (const SplitTerm& t : splits) {
      if (t.lower != expect) {
        return ScheduleError("TVMError", "The index map " + IndexMapAsPython(map) +
                                             " is not injective: the splits of " + name +
                                             " overlap or leave a gap");
      }
      expect = t.lower * t.extent;
    }
  }
  return a;
}

}  // namespace index_map_detail

IndexMap MakeIndexMap(const std::vector<std::string>& names,
                      const std::function<std::vector<Expr>(const std::vector<Var>&)>& f) {
  auto node = std::make_shared<ir::IndexMapNode>();
  for (const std::string& n : names) node->initial_indices.emplace_back(n, DataType::Int(32));
  node->final_indices = f(node->initial_indices);
  return node;
}

IndexMap ConstantIndexMap(const Expr& value, size_t ndim) {
  std::vector<std::string> names;
  for (size_t i = 0; i < ndim; ++i) names.push_back("indices_" + std::to_string(i));
  return MakeIndexMap(names, [&](const std::vector<Var>&) { return std::vector<Expr>{value}; });
}

std::string IndexMapAsPython(const IndexMap& map) {
  std::string s = "lambda ";
  for (size_t i = 0; i < map->initial_indices.size(); ++i) {
    s += (i ? ", " : "") + map->initial_indices[i].name();
  }
  s += ": (";
  for (size_t i = 0; i < map->final_indices.size(); ++i) {
    s += (i ? " " : "") + ExprToTVMScript(map->final_indices[i]) + ",";
  }
  return s + ")";
}

namespace index_map_detail {

// Substitution that keeps the operands of each arithmetic node of one integer type, as
// TVM's SubstituteWithDataTypeLegalization does: an int32 index put for an int64 variable
// (T.index_map's default) is cast up, `T.Cast("int64", vi) * T.int64(4)`.
class LegalizingSubstitute : public ir::IRMutator {
 public:
  explicit LegalizingSubstitute(const ir::VarMap& vmap) : vmap_(vmap) {}

 protected:
  Expr VisitVar(const ir::VarNode*, const Expr& e) override {
    auto it = vmap_.find(Var::from(e));
    return it == vmap_.end() ? e : it->second;
  }
  Expr VisitBinary(const ir::BinaryNode* n, const Expr& e) override {
    Expr a = VisitExpr(n->a), b = VisitExpr(n->b);
    if (a.same_as(n->a) && b.same_as(n->b)) return e;
    DataType ta = a.dtype(), tb = b.dtype();
    if (ta.is_int() && tb.is_int() && ta.bits() != tb.bits()) {
      if (ta.bits() < tb.bits()) {
        a = ir::cast(tb, a);
      } else {
        b = ir::cast(ta, b);
      }
    }
    return ir::MakeBinary(n->kind, a, b);
  }

 private:
  const ir::VarMap& vmap_;
};

}  // namespace index_map_detail

std::vector<Expr> MapIndices(const IndexMap& map, const std::vector<Expr>& indices,
                             arith::Analyzer* analyzer) {
  ir::VarMap vmap;
  for (size_t i = 0; i < map->initial_indices.size() && i < indices.size(); ++i) {
    vmap[map->initial_indices[i]] = indices[i];
  }
  index_map_detail::LegalizingSubstitute substitute(vmap);
  std::vector<Expr> out;
  for (const Expr& e : map->final_indices)
    out.push_back(analyzer->Simplify(substitute.VisitExpr(e)));
  return out;
}

Result<IndexMapInverse> NonSurjectiveInverse(const IndexMap& map, const std::vector<Expr>& shape) {
  using namespace index_map_detail;
  auto n = ConstShape(map, shape);
  if (!n.ok()) return n.error();
  auto analysis = Analyze(map, *n);
  if (!analysis.ok()) return analysis.error();
  const Analysis& a = *analysis;

  auto inv = std::make_shared<ir::IndexMapNode>();
  IndexMapInverse result;
  for (size_t f = 0; f < a.indices.size(); ++f) {
    inv->initial_indices.emplace_back("axis" + std::to_string(f), DataType::Int(32));
    result.shape.push_back(I32(a.extents[f]));
  }
  // The value of each split of each initial index, in terms of the output variables.
  struct Component {
    int64_t lower;
    Expr value;
  };
  std::vector<std::vector<Component>> comps(n->size());
  std::vector<size_t> first_seen;  // initial indices in order of first appearance
  for (size_t f = 0; f < a.indices.size(); ++f) {
    const std::vector<SplitTerm>& terms = a.indices[f].terms;
    int64_t top = 0;
    for (const SplitTerm& t : terms) top = std::max(top, t.scale);
    for (const SplitTerm& t : terms) {
      Expr axis = inv->initial_indices[f];
      Expr value = axis;
      if (terms.size() > 1) {
        if (t.scale != 1) value = ir::floordiv(value, I32(t.scale));
        if (t.scale != top) value = ir::floormod(value, I32(t.extent));
      }
      comps[t.var].push_back({t.lower, value});
      if (std::find(first_seen.begin(), first_seen.end(), t.var) == first_seen.end()) {
        first_seen.push_back(t.var);
      }
    }
  }
  Expr padding = ir::make_bool(false);
  bool any_padding = false;
  for (size_t v = 0; v < n->size(); ++v) {
    std::vector<Component>& c = comps[v];
    std::sort(c.begin(), c.end(),
              [](const Component& x, const Component& y) { return x.lower > y.lower; });
    Expr value;
    for (const Component& part : c) {
      Expr term = part.lower == 1 ? part.value : ir::mul(part.value, I32(part.lower));
      value = value.defined() ? ir::add(value, term) : term;
    }
    if (a.offsets[v] > 0) value = ir::sub(value, I32(a.offsets[v]));
    inv->final_indices.push_back(value.defined() ? value : I32(0));
  }
  auto add_padding = [&](const Expr& pred) {
    padding = any_padding ? ir::logical_or(padding, pred) : pred;
    any_padding = true;
  };
  for (size_t v : first_seen) {
    const std::vector<Component>& c = comps[v];
    int64_t offset = a.offsets[v];
    int64_t n_v = (*n)[v] + offset;  // the cells the splits of v span
    int64_t factor = c.front().lower;
    if (c.size() < 2 || (n_v % factor == 0 && offset == 0)) continue;
    if (offset >= factor) {
      return CannotInvert(map, "the offset " + std::to_string(offset) + " of " +
                                   map->initial_indices[v].name() +
                                   " skips a whole row of the transformed buffer");
    }
    Expr inner;
    for (size_t k = 1; k < c.size(); ++k) {
      Expr term = c[k].lower == 1 ? c[k].value : ir::mul(c[k].value, I32(c[k].lower));
      inner = inner.defined() ? ir::add(inner, term) : term;
    }
    // The cells before the offset, in the first row; then those past the end, in the last.
    if (offset > 0) {
      add_padding(ir::logical_and(ir::eq(c.front().value, I32(0)), ir::lt(inner, I32(offset))));
    }
    if (n_v % factor == 0) continue;
    Expr in_tail = ir::le(I32(n_v % factor), inner);
    add_padding(CeilDiv(n_v, factor) == 1
                    ? in_tail
                    : ir::logical_and(ir::eq(c.front().value, I32(n_v / factor)), in_tail));
  }
  result.inverse = inv;
  result.padding_predicate = padding;
  return result;
}

Result<std::vector<Expr>> MapShape(const IndexMap& map, const std::vector<Expr>& shape) {
  auto inverse = NonSurjectiveInverse(map, shape);
  if (inverse.ok()) return inverse->shape;
  if (shape.size() != map->initial_indices.size()) return inverse.error();
  // Not an iterator map: the bounds of each final index over the buffer.
  arith::Analyzer analyzer;
  for (size_t i = 0; i < shape.size(); ++i) {
    analyzer.Bind(map->initial_indices[i], ir::Range(index_map_detail::I32(0), shape[i]));
  }
  std::vector<Expr> out;
  for (const Expr& e : map->final_indices) {
    arith::ConstIntBound b = analyzer.const_int_bound(e);
    if (b.min_value != 0 || b.max_value == arith::ConstIntBound::kPosInf) {
      return ScheduleError("TVMError", "The final index " + ExprToTVMScript(e) + " of " +
                                           IndexMapAsPython(map) +
                                           " does not range over [0, n) on the buffer");
    }
    out.push_back(index_map_detail::I32(b.max_value + 1));
  }
  return out;
}

namespace index_map_detail {

struct OpName {
  ir::ExprKind kind;
  const char* name;
};
constexpr OpName kOps[] = {
    {ir::ExprKind::Add, "add"},
    {ir::ExprKind::Sub, "sub"},
    {ir::ExprKind::Mul, "mul"},
    {ir::ExprKind::FloorDiv, "floordiv"},
    {ir::ExprKind::FloorMod, "floormod"},
    {ir::ExprKind::Div, "div"},
    {ir::ExprKind::Mod, "mod"},
    {ir::ExprKind::Min, "min"},
    {ir::ExprKind::Max, "max"},
    {ir::ExprKind::EQ, "eq"},
    {ir::ExprKind::NE, "ne"},
    {ir::ExprKind::LT, "lt"},
    {ir::ExprKind::LE, "le"},
    {ir::ExprKind::GT, "gt"},
    {ir::ExprKind::GE, "ge"},
    {ir::ExprKind::And, "and"},
    {ir::ExprKind::Or, "or"},
};

void WriteExpr(JsonWriter& w, const Expr& e) {
  if (e.kind() == ir::ExprKind::IntImm) {
    int64_t v = e.as<ir::IntImmNode>()->value;
    if (e.dtype() == DataType::Int(32)) {
      w.value(v);
    } else {
      w.begin_array().value("int").value(e.dtype().str()).value(v).end_array();
    }
    return;
  }
  if (e.kind() == ir::ExprKind::FloatImm) {
    w.begin_array().value("float").value(e.dtype().str()).value(e.as<ir::FloatImmNode>()->value);
    w.end_array();
    return;
  }
  if (e.kind() == ir::ExprKind::Var) {
    w.value(Var::from(e).name());
    return;
  }
  if (const auto* n = e.as<ir::NotNode>()) {
    w.begin_array().value("not");
    WriteExpr(w, n->a);
    w.end_array();
    return;
  }
  for (const OpName& op : kOps) {
    if (op.kind == e.kind()) {
      w.begin_array().value(op.name);
      WriteExpr(w, e.as<ir::BinaryNode>()->a);
      WriteExpr(w, e.as<ir::BinaryNode>()->b);
      w.end_array();
      return;
    }
  }
  w.null();  // loads and calls have no JSON form here
}

Result<Expr> ReadExpr(const JsonValue& j, const std::map<std::string, Var>& vars) {
  if (j.is_number() && j.is_integer) return I32(j.integer);
  if (j.is_string()) {
    auto it = vars.find(j.string);
    if (it == vars.end()) return Error("index map JSON: unknown variable \"" + j.string + "\"");
    return Expr(it->second);
  }
  if (!j.is_array() || j.items.empty() || !j.items[0].is_string()) {
    return Error("index map JSON: expected a number, a name or [op, ...]");
  }
  const std::string& op = j.items[0].string;
  if ((op == "int" || op == "float") && j.items.size() == 3 && j.items[1].is_string() &&
      j.items[2].is_number()) {
    auto t = DataType::parse(j.items[1].string);
    if (!t) return Error("index map JSON: unknown type " + j.items[1].string);
    return op == "int" ? ir::make_const(*t, j.items[2].integer)
                       : ir::make_const(*t, j.items[2].number);
  }
  if (op == "not" && j.items.size() == 2) {
    auto a = ReadExpr(j.items[1], vars);
    if (!a.ok()) return a.error();
    return ir::MakeNot(*a);
  }
  for (const OpName& o : kOps) {
    if (op == o.name && j.items.size() == 3) {
      auto a = ReadExpr(j.items[1], vars);
      if (!a.ok()) return a.error();
      auto b = ReadExpr(j.items[2], vars);
      if (!b.ok()) return b.error();
      return ir::MakeBinary(o.kind, *a, *b);
    }
  }
  return Error("index map JSON: unknown operation \"" + op + "\"");
}

}  // namespace index_map_detail

std::string IndexMapToJson(const IndexMap& map) {
  JsonWriter w;
  w.begin_object().key("initial_indices").begin_array();
  for (const Var& v : map->initial_indices) w.value(v.name());
  w.end_array().key("final_indices").begin_array();
  for (const Expr& e : map->final_indices) index_map_detail::WriteExpr(w, e);
  w.end_array().end_object();
  return w.str();
}

Result<IndexMap> IndexMapFromJson(const std::string& text) {
  auto parsed = ParseJson(text);
  if (!parsed.ok()) return parsed.error();
  const JsonValue* initial = parsed->find("initial_indices");
  const JsonValue* final_indices = parsed->find("final_indices");
  if (!initial || !final_indices || !initial->is_array() || !final_indices->is_array()) {
    return Error("index map JSON: expected {\"initial_indices\": [...], \"final_indices\": [...]}");
  }
  auto node = std::make_shared<ir::IndexMapNode>();
  std::map<std::string, Var> vars;
  for (const JsonValue& name : initial->items) {
    if (!name.is_string()) return Error("index map JSON: initial indices must be names");
    node->initial_indices.emplace_back(name.string, DataType::Int(32));
    vars[name.string] = node->initial_indices.back();
  }
  for (const JsonValue& e : final_indices->items) {
    auto expr = index_map_detail::ReadExpr(e, vars);
    if (!expr.ok()) return expr.error();
    node->final_indices.push_back(*expr);
  }
  return IndexMap(node);
}

}  // namespace tessera::tir
