// The tensor-expression layer: placeholders, computes (any rank, reductions, symbolic
// shapes), input tensors, intrinsics, and the errors bad definitions produce.
#include <QtTest>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "te/Compute.h"
#include "te/Intrinsics.h"

namespace tst_te {

using namespace tessera;
using namespace tessera::te;
using ir::DataType;

namespace {
QString Str(const Expr& e) { return QString::fromStdString(ir::to_string(e)); }
}  // namespace

class TestTe : public QObject {
  Q_OBJECT

 private slots:
  void placeholderHasNameShapeAndType() {
    Var n = size_var("n");
    Tensor A = *placeholder({n, 64}, DataType::Float(16), "A");
    QCOMPARE(QString::fromStdString(A.name()), QString("A"));
    QCOMPARE(A->producer_name(), std::string("A"));
    QCOMPARE(A.ndim(), size_t(2));
    QVERIFY(A->shape[0].same_as(n));
    QVERIFY(A->dtype == DataType::Float(16));
    QCOMPARE(A.op()->kind(), OpKind::Placeholder);
    QVERIFY(A.op()->InputTensors().empty());
    QVERIFY(n->is_size_var);
  }

  void placeholderRejectsNegativeShape() {
    Result<Tensor> A = placeholder({4, -2}, DataType::Float(32), "A");
    QVERIFY(!A.ok());
    QVERIFY(A.error().message.find("negative") != std::string::npos);
  }

  void computeNamesAxesAfterArguments() {
    Tensor A = *placeholder({4, 8}, DataType::Float(32), "A");
    Tensor B = *compute({4, 8}, [&](const std::vector<Var>& i) { return A(i[0], i[1]) + 1.0; }, "B",
                        "", {"bi", "bj"});
    auto* op = dynamic_cast<const ComputeOpNode*>(B.op().get());
    QVERIFY(op);
    QCOMPARE(QString::fromStdString(op->axis[0]->var.name()), QString("bi"));
    QCOMPARE(QString::fromStdString(op->axis[1]->var.name()), QString("bj"));
    QCOMPARE(Str(op->body[0]), QString("(A(bi, bj) + 1f)"));
    QVERIFY(op->reduce_axis.empty());
    QCOMPARE(op->InputTensors().size(), size_t(1));
    QVERIFY(op->InputTensors()[0].same_as(A));
  }

  void computeDefaultAxisNames() {
    Tensor C = *compute(
        {2, 3, 4, 5, 6}, [](const std::vector<Var>& i) { return Expr(i[4]); }, "C");
    auto* op = dynamic_cast<const ComputeOpNode*>(C.op().get());
    QStringList names;
    for (const IterVar& iv : op->axis) names << QString::fromStdString(iv->var.name());
    QCOMPARE(names, QStringList({"i", "j", "k", "l", "ax4"}));
    QCOMPARE(Str(C->shape[4]), QString("6"));
  }

  void reductionBecomesReduceAxis() {
    Var n = size_var("n");
    Tensor A = *placeholder({n, 64}, DataType::Float(32), "A");
    IterVar k = reduce_axis(Range(0, 64), "k");
    Tensor B = *compute({n}, [&](const std::vector<Var>& i) { return sum(A(i[0], k->var), {k}); },
                        "B", "", {"i"});
    auto* op = dynamic_cast<const ComputeOpNode*>(B.op().get());
    QCOMPARE(op->reduce_axis.size(), size_t(1));
    QVERIFY(op->reduce_axis[0] == k);
    QCOMPARE(op->root_iter_vars().size(), size_t(2));
    QCOMPARE(Str(op->body[0]), QString("reduce(sum, A(i, k), axis=[k])"));
  }

  void nestedReductionIsAnError() {
    Tensor A = *placeholder({8}, DataType::Float(32), "A");
    IterVar k = reduce_axis(Range(0, 8), "k");
    Result<Tensor> B = compute(
        {1}, [&](const std::vector<Var>&) { return sum(A(k->var), {k}) * 2.0; }, "B");
    QVERIFY(!B.ok());
    QVERIFY(B.error().message.find("whole body") != std::string::npos);
  }

  void axisNameCountMustMatchRank() {
    Result<Tensor> B =
        compute({4, 4}, [](const std::vector<Var>& i) { return Expr(i[0]); }, "B", "", {"x"});
    QVERIFY(!B.ok());
  }

  void maxAndMinReductions() {
    Tensor A = *placeholder({8}, DataType::Float(32), "A");
    IterVar k = reduce_axis(Range(0, 8), "k");
    Expr m = te::max(A(k->var), {k});
    QCOMPARE(Str(m), QString("reduce(max, A(k), axis=[k])"));
    Expr w = te::min(A(k->var), {k}, ir::lt(k->var, 4));
    QCOMPARE(Str(w), QString("reduce(min, A(k), axis=[k], where=(k < 4))"));
  }

  void intrinsicsAreCalls() {
    Tensor A = *placeholder({8}, DataType::Float(32), "A");
    Var i("i");
    QCOMPARE(Str(te::exp(A(i))), QString("exp(A(i))"));
    QCOMPARE(Str(te::sigmoid(A(i))), QString("sigmoid(A(i))"));
    QCOMPARE(Str(te::pow(A(i), 2.0)), QString("pow(A(i), 2f)"));
    QVERIFY(te::exp(A(i)).dtype() == DataType::Float(32));
    QVERIFY(call_intrinsic("tanh", {A(i)}).defined());
    QVERIFY(!call_intrinsic("tanh", {}).defined());
    QVERIFY(!call_intrinsic("no_such_fn", {A(i)}).defined());
    QCOMPARE(Str(if_then_else(ir::lt(i, 4), A(i), 0.0)),
             QString("if_then_else((i < 4), A(i), 0f)"));
  }

  void threadAxisHasTag() {
    IterVar tx = thread_axis("threadIdx.x");
    QCOMPARE(QString::fromStdString(tx->thread_tag), QString("threadIdx.x"));
    QCOMPARE(tx->iter_type, ir::IterVarType::ThreadIndex);
    QVERIFY(is_thread_tag("blockIdx.y"));
    QVERIFY(!is_thread_tag("threadIdx.w"));
  }

  void inputTensorsAreDeduplicated() {
    Tensor A = *placeholder({8}, DataType::Float(32), "A");
    Tensor B = *placeholder({8}, DataType::Float(32), "B");
    Tensor C = *compute(
        {8}, [&](const std::vector<Var>& i) { return A(i[0]) * B(i[0]) + A(i[0]); }, "C");
    std::vector<Tensor> in = C.op()->InputTensors();
    QCOMPARE(in.size(), size_t(2));
    QVERIFY(in[0].same_as(A));
    QVERIFY(in[1].same_as(B));
  }
};

}  // namespace tst_te

QTEST_APPLESS_MAIN(tst_te::TestTe)
#include "tst_te.moc"
