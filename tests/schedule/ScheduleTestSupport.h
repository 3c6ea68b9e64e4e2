// Workloads of the InferBound document and helpers shared by the schedule tests.
#pragma once

#include <QString>
#include <QStringList>
#include <string>

#include "ir/ExprOp.h"
#include "schedule/Primitives.h"
#include "schedule/Schedule.h"
#include "te/Compute.h"

namespace tessera::testing {

using namespace tessera::schedule;
using ir::DataType;
using ir::Range;
using ir::Var;
using te::Tensor;

inline Tensor Compute(std::vector<Expr> shape, const te::ComputeFunction& f,
                      const std::string& name, std::vector<std::string> axes) {
  return *te::compute(std::move(shape), f, name, "", std::move(axes));
}

// C = const 5 (5, 16); D = C * 2 — Ex. 1, 2, 3, 5.
struct CD {
  Tensor C = Compute({5, 16}, [](auto&) { return te::const_(int64_t{5}); }, "C", {"i", "j"});
  Tensor D = Compute({5, 16}, [&](auto& v) { return C(v[0], v[1]) * 2; }, "D", {"i", "j"});
  Schedule sch = std::move(create_schedule({D}).value());
  Stage c() const { return sch.find("C"); }
  Stage d() const { return sch.find("D"); }
  IterVar d_axis(size_t k) const { return d()->op->root_iter_vars()[k]; }
};

// The attach-path example: C -> D -> E, each (5, 16).
struct CDE {
  Tensor C = Compute({5, 16}, [](auto&) { return te::const_(int64_t{5}); }, "C", {"ci", "cj"});
  Tensor D = Compute({5, 16}, [&](auto& v) { return C(v[0], v[1]) * 2; }, "D", {"di", "dj"});
  Tensor E = Compute({5, 16}, [&](auto& v) { return D(v[0], v[1]) * 4; }, "E", {"ei", "ej"});
  Schedule sch = std::move(create_schedule({E}).value());
  Stage s(const char* name) const { return sch.find(name); }
  IterVar axis(const char* stage, size_t k) const { return s(stage)->op->root_iter_vars()[k]; }
};

// GEMM C[i, j] = sum_k A[i, k] * B[k, j].
struct Gemm {
  Tensor A, B, C;
  IterVar k;
  Schedule sch;
  explicit Gemm(Expr n = 64, Expr m = 64, Expr l = 64) {
    A = *te::placeholder({n, l}, DataType::Float(32), "A");
    B = *te::placeholder({l, m}, DataType::Float(32), "B");
    k = te::reduce_axis(Range(0, l), "k");
    C = Compute({n, m}, [&](auto& v) { return te::sum(A(v[0], k->var) * B(k->var, v[1]), {k}); },
                "C", {"i", "j"});
    sch = std::move(create_schedule({C}).value());
  }
  Stage c() const { return sch.find("C"); }
};

inline QString Q(const std::string& s) { return QString::fromStdString(s); }

inline QStringList Names(const std::vector<IterVar>& vars) {
  QStringList names;
  for (const IterVar& iv : vars) names << Q(iv->var.name());
  return names;
}

// Everything a primitive may change, as text: compared before and after a failed call.
inline QString Snapshot(const Schedule& sch) {
  QString out;
  for (const Stage& s : sch.stages) {
    out += Q(s->name()) + " [" + Q(attach_type_name(s->attach_type));
    if (s->attach_stage)
      out += " " + Q(s->attach_stage->name()) + "." + Q(s->attach_ivar->var.name());
    out += "] leaves=" + Names(s->leaf_iter_vars).join(",") +
           " all=" + Names(s->all_iter_vars).join(",") +
           " relations=" + QString::number(s->relations.size()) +
           " attrs=" + QString::number(s->iter_var_attrs.size()) + " scope=" + Q(s->scope) + "\n";
  }
  for (const TraceEntry& e : sch.trace.entries) out += Q(to_string(e)) + "\n";
  return out;
}

}  // namespace tessera::testing

namespace tessera::testing {

// Ex. 6: B = A + 2, C = B * 3 over (4, 4); C's axes fused, split by `factor`, B computed
// at the outer loop.
struct Ex6 {
  Tensor A = *te::placeholder({4, 4}, DataType::Float(32), "A");
  Tensor B = Compute({4, 4}, [&](auto& v) { return A(v[0], v[1]) + 2.0; }, "B", {"bi", "bj"});
  Tensor C = Compute({4, 4}, [&](auto& v) { return B(v[0], v[1]) * 3.0; }, "C", {"ci", "cj"});
  Schedule sch = std::move(create_schedule({C}).value());
  IterVar outer, inner;
  explicit Ex6(int64_t factor) {
    Stage c = sch.find("C");
    IterVar fused = *Fuse(sch, c, {c->leaf_iter_vars[0], c->leaf_iter_vars[1]});
    auto parts = *Split(sch, c, fused, factor);
    outer = parts.first;
    inner = parts.second;
    (void)ComputeAt(sch, sch.find("B"), c, outer);
  }
};

}  // namespace tessera::testing
