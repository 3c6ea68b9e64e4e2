// A test-only evaluator of ScheduleOps' output (before storage flattening): runs the
// loop program over maps of tensor elements, failing on a store outside the realized
// region or a load of an element that was never computed, and a naive evaluator of the
// tensor expressions to compare with. Placeholders hold a fixed function of their index.
#pragma once

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "te/Operation.h"

namespace tessera::testing {

using ir::Expr;
using Index = std::vector<int64_t>;

inline double PlaceholderValue(const std::string& name, const Index& idx) {
  int64_t h = static_cast<int64_t>(name.size()) * 31;
  for (int64_t v : idx) h = h * 7 + v;
  return static_cast<double>(((h % 23) + 23) % 23) / 4.0;
}

class LoopProgramEval {
 public:
  std::map<const ir::VarNode*, double> env;
  std::string error;   // first failure
  int64_t stores = 0;  // ProducerStores executed
  std::map<std::string, std::map<Index, double>> data;

  void Run(const ir::Stmt& s) {
    if (!error.empty() || !s.defined()) return;
    if (auto* f = s.as<ir::ForNode>()) {
      int64_t lo = Int(f->min), ext = Int(f->extent);
      for (int64_t v = lo; v < lo + ext && error.empty(); ++v) {
        env[static_cast<const ir::VarNode*>(f->loop_var.get())] = static_cast<double>(v);
        Run(f->body);
      }
    } else if (auto* l = s.as<ir::LetStmtNode>()) {
      env[static_cast<const ir::VarNode*>(l->var.get())] = Eval(l->value);
      Run(l->body);
    } else if (auto* i = s.as<ir::IfThenElseNode>()) {
      if (Eval(i->condition) != 0)
        Run(i->then_case);
      else
        Run(i->else_case);
    } else if (auto* a = s.as<ir::AttrStmtNode>()) {
      Run(a->body);
    } else if (auto* q = s.as<ir::SeqStmtNode>()) {
      for (const ir::Stmt& x : q->seq) Run(x);
    } else if (auto* r = s.as<ir::ProducerRealizeNode>()) {
      std::string name = r->producer->producer_name();
      std::vector<std::pair<int64_t, int64_t>> region;
      for (const ir::Range& d : r->bounds) region.push_back({Int(d.min), Int(d.extent)});
      auto saved = regions_[name];
      regions_[name] = region;
      data[name].clear();  // a fresh buffer: stale values must not be read
      Run(r->body);
      if (!saved.empty()) regions_[name] = saved;
    } else if (auto* p = s.as<ir::ProducerStoreNode>()) {
      Store(p);
    } else if (s.as<ir::EvaluateNode>()) {
    } else {
      Fail(std::string("unexpected statement ") + ir::kind_name(s.kind()));
    }
  }

  double Eval(const Expr& e) {
    if (!error.empty()) return 0;
    if (auto* i = e.as<ir::IntImmNode>()) return static_cast<double>(i->value);
    if (auto* f = e.as<ir::FloatImmNode>()) return f->value;
    if (auto* v = e.as<ir::VarNode>()) {
      auto it = env.find(v);
      if (it == env.end()) return Fail("unbound variable " + v->name);
      return it->second;
    }
    if (auto* b = e.as<ir::BinaryNode>()) return Binary(e.kind(), b, e.dtype());
    if (auto* n = e.as<ir::NotNode>()) return Eval(n->a) == 0;
    if (auto* s = e.as<ir::SelectNode>())
      return Eval(s->condition) != 0 ? Eval(s->true_value) : Eval(s->false_value);
    if (auto* c = e.as<ir::CastNode>()) return Eval(c->value);
    if (auto* c = e.as<ir::CallNode>()) return Call(c);
    if (auto* l = e.as<ir::ProducerLoadNode>()) return Load(l);
    return Fail(std::string("unexpected expression ") + ir::kind_name(e.kind()));
  }

 private:
  std::map<std::string, std::vector<std::pair<int64_t, int64_t>>> regions_;

  double Fail(const std::string& why) {
    if (error.empty()) error = why;
    return 0;
  }
  int64_t Int(const Expr& e) { return static_cast<int64_t>(std::llround(Eval(e))); }
  Index Indices(const std::vector<Expr>& idx) {
    Index out;
    for (const Expr& e : idx) out.push_back(Int(e));
    return out;
  }
  static int64_t FloorDiv(int64_t a, int64_t b) {
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
  }

  double Binary(ir::ExprKind k, const ir::BinaryNode* b, ir::DataType t) {
    double x = Eval(b->a), y = Eval(b->b);
    bool integer = b->a.dtype().is_int() || b->a.dtype().is_uint();
    auto ix = static_cast<int64_t>(std::llround(x)), iy = static_cast<int64_t>(std::llround(y));
    switch (k) {
      case ir::ExprKind::Add:
        return x + y;
      case ir::ExprKind::Sub:
        return x - y;
      case ir::ExprKind::Mul:
        return x * y;
      case ir::ExprKind::Div:
        return integer ? static_cast<double>(ix / iy) : x / y;
      case ir::ExprKind::Mod:
        return static_cast<double>(ix % iy);
      case ir::ExprKind::FloorDiv:
        return integer ? static_cast<double>(FloorDiv(ix, iy)) : std::floor(x / y);
      case ir::ExprKind::FloorMod:
        return static_cast<double>(ix - FloorDiv(ix, iy) * iy);
      case ir::ExprKind::Min:
        return std::min(x, y);
      case ir::ExprKind::Max:
        return std::max(x, y);
      case ir::ExprKind::EQ:
        return x == y;
      case ir::ExprKind::NE:
        return x != y;
      case ir::ExprKind::LT:
        return x < y;
      case ir::ExprKind::LE:
        return x <= y;
      case ir::ExprKind::GT:
        return x > y;
      case ir::ExprKind::GE:
        return x >= y;
      case ir::ExprKind::And:
        return x != 0 && y != 0;
      case ir::ExprKind::Or:
        return x != 0 || y != 0;
      default:
        (void)t;
        return Fail("unexpected binary");
    }
  }

  double Call(const ir::CallNode* c) {
    if (c->op == "likely") return Eval(c->args[0]);
    if (c->op == "if_then_else") return Eval(c->args[0]) != 0 ? Eval(c->args[1]) : Eval(c->args[2]);
    if (c->op == "exp") return std::exp(Eval(c->args[0]));
    return Fail("unexpected call " + c->op);
  }

  bool InRegion(const std::string& name, const Index& idx) {
    auto it = regions_.find(name);
    if (it == regions_.end() || it->second.size() != idx.size()) return false;
    for (size_t d = 0; d < idx.size(); ++d) {
      auto [lo, ext] = it->second[d];
      if (idx[d] < lo || idx[d] >= lo + ext) return false;
    }
    return true;
  }

  void Store(const ir::ProducerStoreNode* p) {
    std::string name = p->producer->producer_name();
    Index idx = Indices(p->indices);
    if (!InRegion(name, idx)) {
      Fail("store to " + name + " outside its realize region");
      return;
    }
    data[name][idx] = Eval(p->value);
    ++stores;
  }

  double Load(const ir::ProducerLoadNode* l) {
    te::Tensor t = te::Tensor::from(l->producer);
    Index idx = Indices(l->indices);
    if (t.defined() && t.op()->kind() == te::OpKind::Placeholder)
      return PlaceholderValue(t.name(), idx);
    std::string name = l->producer->producer_name();
    auto it = data[name].find(idx);
    if (it == data[name].end()) return Fail("load of an uncomputed element of " + name);
    return it->second;
  }
};

// The value of tensor `t` at `idx`, straight from its definition.
inline double Reference(const te::Tensor& t, const Index& idx,
                        std::map<const ir::VarNode*, double> env = {}) {
  if (t.op()->kind() == te::OpKind::Placeholder) return PlaceholderValue(t.name(), idx);
  auto* c = dynamic_cast<const te::ComputeOpNode*>(t.op().get());
  LoopProgramEval ev;
  ev.env = env;
  for (size_t d = 0; d < c->axis.size(); ++d)
    ev.env[static_cast<const ir::VarNode*>(c->axis[d]->var.get())] = static_cast<double>(idx[d]);
  // Loads of computed tensors are answered recursively (through a substitution).
  struct Resolve : ir::IRMutator {
    std::map<const ir::VarNode*, double>* env;
    LoopProgramEval* ev;
    Expr VisitProducerLoad(const ir::ProducerLoadNode* n, const Expr& e) override {
      Expr v = IRMutator::VisitProducerLoad(n, e);
      auto* l = v.as<ir::ProducerLoadNode>();
      te::Tensor src = te::Tensor::from(l->producer);
      if (!src.defined() || src.op()->kind() == te::OpKind::Placeholder) return v;
      Index inner;
      for (const Expr& i : l->indices)
        inner.push_back(static_cast<int64_t>(std::llround(ev->Eval(i))));
      return ir::make_const(ir::DataType::Float(64), Reference(src, inner, *env));
    }
  };
  const Expr& body = c->body[static_cast<size_t>(t->value_index)];
  auto* reduce = body.as<ir::ReduceNode>();
  if (!reduce) {
    Resolve r;
    r.env = &ev.env;
    r.ev = &ev;
    return ev.Eval(r.VisitExpr(body));
  }
  // Reductions: iterate the reduce domain (sum / max / min by combiner name).
  double acc = reduce->combiner->name == "sum"   ? 0.0
               : reduce->combiner->name == "max" ? -1e300
                                                 : 1e300;
  std::vector<int64_t> at(reduce->axis.size(), 0);
  while (true) {
    for (size_t d = 0; d < reduce->axis.size(); ++d)
      ev.env[static_cast<const ir::VarNode*>(reduce->axis[d]->var.get())] =
          ev.Eval(reduce->axis[d]->dom.min) + static_cast<double>(at[d]);
    Resolve r;
    r.env = &ev.env;
    r.ev = &ev;
    if (ev.Eval(r.VisitExpr(reduce->condition)) != 0) {
      double x = ev.Eval(r.VisitExpr(reduce->source[0]));
      acc = reduce->combiner->name == "sum"   ? acc + x
            : reduce->combiner->name == "max" ? std::max(acc, x)
                                              : std::min(acc, x);
    }
    size_t d = reduce->axis.size();
    while (d > 0) {
      --d;
      if (++at[d] < static_cast<int64_t>(ev.Eval(reduce->axis[d]->dom.extent))) break;
      at[d] = 0;
      if (d == 0) return acc;
    }
    if (reduce->axis.empty()) return acc;
  }
}

}  // namespace tessera::testing
