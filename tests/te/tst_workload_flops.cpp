// te::CountWorkloadFlops: the useful floating-point work of a te definition (profile's
// GFLOP/s), independent of any schedule: a multiply-add reduction is 2 flops per step
// and output element, element-wise operations count once per element, index
// arithmetic counts nothing.
#include <QtTest>

#include "ir/ExprOp.h"
#include "te/Compute.h"
#include "te/Intrinsics.h"
#include "te/WorkloadFlops.h"

namespace tst_workload_flops {

using namespace tessera;
using ir::DataType;
using ir::Expr;
using Axes = std::vector<ir::Var>;

namespace {

te::Tensor Gemm(Expr m, Expr n, Expr k, te::Tensor* a = nullptr, te::Tensor* b = nullptr) {
  auto A = *te::placeholder({m, k}, DataType::Float(32), "A");
  auto B = *te::placeholder({k, n}, DataType::Float(32), "B");
  ir::IterVar r = te::reduce_axis(ir::Range(0, k), "k");
  if (a) *a = A;
  if (b) *b = B;
  return *te::compute(
      {m, n},
      [&](const Axes& i) { return te::sum(ir::mul(A(i[0], r->var), B(r->var, i[1])), {r}); }, "C");
}

}  // namespace

class TestWorkloadFlops : public QObject {
  Q_OBJECT
 private slots:
  void gemmIsTwoFlopsPerMultiplyAdd() {
    QCOMPARE(te::CountWorkloadFlops({Gemm(1024, 1024, 1024)}, {}), 2.0 * 1024 * 1024 * 1024);
    QCOMPARE(te::CountWorkloadFlops({Gemm(96, 80, 100)}, {}), 2.0 * 96 * 80 * 100);
  }

  void symbolicShapesTakeTheirValuesFromVars() {
    ir::Var n = te::size_var("n");
    te::Tensor C = Gemm(n, n, ir::mul(n, 2));
    QCOMPARE(te::CountWorkloadFlops({C}, {{"n", 10}}), 2.0 * 10 * 10 * 20);
    QCOMPARE(te::CountWorkloadFlops({C}, {}), 0.0);  // n unknown: nothing can be counted
  }

  // Softmax: max (1 per step), exp-sum (sub, exp, add per step), normalize (sub, exp, div).
  void softmaxCountsEveryStage() {
    auto A = *te::placeholder({8, 16}, DataType::Float(32), "A");
    ir::IterVar k = te::reduce_axis(ir::Range(0, 16), "k");
    auto M = *te::compute(
        {8}, [&](const Axes& i) { return te::max(A(i[0], k->var), {k}); }, "M");
    ir::IterVar k2 = te::reduce_axis(ir::Range(0, 16), "k2");
    auto S = *te::compute(
        {8},
        [&](const Axes& i) { return te::sum(te::exp(ir::sub(A(i[0], k2->var), M(i[0]))), {k2}); },
        "S");
    auto B = *te::compute(
        {8, 16},
        [&](const Axes& i) {
          return ir::MakeBinary(ir::ExprKind::Div, te::exp(ir::sub(A(i[0], i[1]), M(i[0]))),
                                S(i[0]));
        },
        "B");
    QCOMPARE(te::CountWorkloadFlops({B}, {}), 8.0 * 16 * (1 + 3 + 3));
  }

  // Index arithmetic, casts and integer stages count nothing; a select counts its
  // larger branch.
  void integerWorkAndGuardsCountNothing() {
    auto A = *te::placeholder({10}, DataType::Int(32), "A");
    auto I = *te::compute(
        {10}, [&](const Axes& i) { return ir::add(A(ir::floormod(ir::add(i[0], 3), 10)), 1); },
        "I");
    QCOMPARE(te::CountWorkloadFlops({I}, {}), 0.0);
    auto F = *te::placeholder({10}, DataType::Float(32), "F");
    auto G = *te::compute(
        {12},
        [&](const Axes& i) {
          Expr inside = ir::logical_and(ir::ge(i[0], 1), ir::lt(i[0], 11));
          return te::if_then_else(inside, ir::mul(ir::add(F(ir::sub(i[0], 1)), 1.0), 2.0),
                                  ir::make_const(DataType::Float(32), 0.0));
        },
        "G");
    QCOMPARE(te::CountWorkloadFlops({G}, {}), 12.0 * 2);
  }

  void bytesAreTheArgumentSizes() {
    te::Tensor A, B;
    te::Tensor C = Gemm(4, 5, 6, &A, &B);
    QCOMPARE(te::CountWorkloadBytes({A, B, C}, {}), 4.0 * (4 * 6 + 6 * 5 + 4 * 5));
  }
};

}  // namespace tst_workload_flops

QTEST_APPLESS_MAIN(tst_workload_flops::TestWorkloadFlops)
#include "tst_workload_flops.moc"
